"""``/game``: open a lobby, join, leave, add AI seats, start, status, log, abandon."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.ai import LEVELS

from ..errors import UserError
from ..i18n import t
from ..notifier import DM_CLOSED, status_line
from ..service import VARIANTS

if TYPE_CHECKING:
    from ..app import NightfallBot

LOG_LINES = 25


def _name(user: discord.abc.User) -> str:
    return user.display_name[:40]


class Lobby(commands.GroupCog, group_name="game", group_description="Play Nightfall in this channel"):
    def __init__(self, bot: NightfallBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self) -> Any:
        return self.bot.service

    @app_commands.command(name="new", description="Open a Nightfall lobby in this channel or thread")
    @app_commands.describe(variant="How the archives are drafted", secret_archives="Keep private archives hidden")
    @app_commands.choices(variant=[app_commands.Choice(name=v, value=v) for v in VARIANTS])
    @app_commands.guild_only()
    async def new(
        self, interaction: discord.Interaction[Any], variant: str = "standard", secret_archives: bool = False
    ) -> None:
        channel = interaction.channel
        assert channel is not None
        table = await self.service.new_lobby(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            channel_name=getattr(channel, "name", "") or "",
            host_id=interaction.user.id,
            host_name=_name(interaction.user),
            variant=variant,
            secret_archives=secret_archives,
        )
        await interaction.response.send_message(
            t(
                "lobby.opened",
                host=_name(interaction.user),
                variant=variant,
                secret=t("lobby.secret") if secret_archives else "",
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._welcome(interaction, table.row.channel_name)

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.service.join(interaction.channel.id, interaction.user.id, _name(interaction.user))
        await interaction.response.send_message(
            t("lobby.joined", name=_name(interaction.user), count=len(table.seats)),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._welcome(interaction, table.row.channel_name)

    async def _welcome(self, interaction: discord.Interaction[Any], channel_name: str) -> None:
        """DM the new player; if their DMs are closed, say so right away, privately."""
        try:
            await interaction.user.send(t("dm.welcome", channel=channel_name))
        except discord.Forbidden as e:
            if e.code != DM_CLOSED:
                raise
            await interaction.followup.send(t("join.dm_closed"), ephemeral=True)
            return
        await interaction.followup.send(t("join.dm_ok"), ephemeral=True)

    @app_commands.command(name="leave", description="Give up your seat in this channel's lobby")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table, name = await self.service.leave(interaction.channel.id, interaction.user.id)
        key = "lobby.host_left" if interaction.user.id == table.row.host_id else "lobby.left"
        await interaction.response.send_message(
            t(key, name=name, count=len(table.seats)), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="add-bot", description="Add an AI player to this channel's lobby (host only)")
    @app_commands.describe(level="How well it plays: easy, normal (the default) or hard (thinks about a second a move)")
    @app_commands.choices(level=[app_commands.Choice(name=level, value=level) for level in LEVELS])
    @app_commands.guild_only()
    async def add_bot(self, interaction: discord.Interaction[Any], level: str = "normal") -> None:
        assert interaction.channel is not None
        table, name = await self.service.add_ai(interaction.channel.id, interaction.user.id, level)
        await interaction.response.send_message(t("lobby.bot_added", name=name, count=len(table.seats)))

    @app_commands.command(name="start", description="Start the game (host only, 2–5 seats)")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        # start() refuses (privately) before the channel is told anything. The game's first log
        # line, posted to the channel by the delivery, says who plays ("lobby.started"): this
        # reply only says who started it, so the channel reads that line once
        await self.service.start(interaction.channel.id, interaction.user.id)
        await interaction.response.send_message(
            t("lobby.starting", host=_name(interaction.user)), allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="status", description="Who must act in this channel's game")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.service.last_table_in(interaction.channel.id)
        seats = ", ".join(s.display_name for s in table.seats)
        if table.game is None:
            text = f"{t('lobby.seats', players=seats)}"
        else:
            pub = table.game.public_view()
            phase = status_line(table)
            stack = pub["wound_stack"]
            text = f"{phase}\n{table.waiting_text()}\n{t('lobby.seats', players=seats)}\n" + t(
                "status.wounds_left", left=stack["face_up"], start=stack["face_up_start"]
            )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="log", description="The recent turn log of this channel's game")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.service.last_table_in(interaction.channel.id)
        lines = await self.bot.store.log_tail(table.id, LOG_LINES)
        text = "\n".join(lines) if lines else t("log.none")
        await interaction.response.send_message(text[-1900:], ephemeral=True)

    @app_commands.command(name="abandon", description="End this channel's game (host or Manage Server)")
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        perms = interaction.permissions
        await self.service.abandon(
            interaction.channel.id, interaction.user.id, is_admin=bool(perms and perms.manage_guild)
        )
        await interaction.response.send_message(
            t("lobby.abandoned", name=_name(interaction.user)), allowed_mentions=discord.AllowedMentions.none()
        )


__all__ = ["Lobby", "UserError"]
