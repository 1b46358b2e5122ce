"""``/tutorial``: learn a game by playing a short guided game against an easy AI player, in one's DMs.

Anywhere (a server channel or the bot's DMs); the answer is private. Each prompt of the tutorial says what
its decision asks, what each choice does and what the normal AI would do (``bot.discord_io.notifier``); the table and
what happened come to the same DM. ``/tutorial`` again starts over.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_io.notifier import DM_CLOSED
from bot.discord_io.replies import defer, send
from bot.errors import UserError
from bot.games import FACES, game_name
from bot.host import Host
from bot.words.i18n import t

GAME_CHOICES = [app_commands.Choice(name=face.rules.name, value=key) for key, face in FACES.items()]


class Tutorial(commands.Cog):
    """``/tutorial [game]``."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="tutorial", description="Learn a game: a short guided game against the AI, in your DMs")
    @app_commands.describe(game="The game to learn (the first one if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    async def tutorial(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        key = game or next(iter(FACES))
        if key not in FACES:
            raise UserError("err.unknown_game_kind", game=key[:40])
        lang = await self.bot.lang(interaction)
        await defer(interaction)
        name = (getattr(interaction.user, "display_name", None) or interaction.user.name)[:40]
        try:
            dm = await interaction.user.create_dm()
            goal = FACES[key].goal(lang)  # how the game is won and what a turn is: a newcomer's first words
            welcome = t("tutorial.welcome", lang, game=game_name(key))
            await dm.send(f"{welcome}\n\n{goal}" if goal else welcome)
        except discord.Forbidden as e:
            if e.code != DM_CLOSED:
                raise
            raise UserError("err.tutorial_dm_closed") from None
        await self.bot.service.tutorial.start_tutorial(
            interaction.user.id, name, dm.id, key, lang
        )  # wakes the deliveries
        await send(interaction, t("tutorial.started", lang, game=game_name(key)), ephemeral=True)
