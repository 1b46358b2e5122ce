"""Moves as slash commands, with autocomplete built from the player's legal actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..errors import UserError
from ..i18n import t
from ..images import hand_file
from ..naming import label
from ..service import Table

if TYPE_CHECKING:
    from ..app import NightfallBot


class Play(commands.Cog):
    def __init__(self, bot: NightfallBot) -> None:
        self.bot = bot

    async def _table(self, interaction: discord.Interaction[Any]) -> Table:
        in_guild = interaction.guild_id is not None and interaction.channel is not None
        channel_id = interaction.channel.id if in_guild and interaction.channel else None
        table: Table = await self.bot.service.table_for_user(interaction.user.id, channel_id)
        return table

    async def _move(self, interaction: discord.Interaction[Any], verbs: tuple[str, ...], value: str | None) -> None:
        table = await self._table(interaction)
        text = (value or verbs[0]).strip()
        if text.split(" ", 1)[0] not in verbs:
            raise UserError("err.unknown_move")
        await self.bot.handle_move(interaction, table.id, None, text, "command")

    async def _complete(
        self, interaction: discord.Interaction[Any], current: str, verbs: tuple[str, ...]
    ) -> list[app_commands.Choice[str]]:
        try:
            table = await self._table(interaction)
        except UserError:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.game is None or table.game.is_over():
            return []
        game, names = table.game, table.names
        want = current.casefold().strip()
        out = []
        for action in game.legal_actions(seat.seat):
            if action.verb not in verbs:
                continue
            text = label(game.describe(action), names)
            if want and want not in text.casefold() and want not in str(action):
                continue
            out.append(app_commands.Choice(name=text[:100], value=str(action)))
        return out[:25]

    # ---------------------------------------------------------------------------------- draft
    @app_commands.command(name="draft", description="Pick a draft card")
    @app_commands.describe(card="The card to pick")
    async def draft(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._move(interaction, ("draft",), card)

    @draft.autocomplete("card")
    async def _draft_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("draft",))

    # ---------------------------------------------------------------------------------- combat
    @app_commands.command(name="attack", description="Send one of your minions to attack an opponent")
    @app_commands.describe(move="Which minion attacks whom")
    async def attack(self, interaction: discord.Interaction[Any], move: str) -> None:
        await self._move(interaction, ("attack",), move)

    @attack.autocomplete("move")
    async def _attack_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("attack",))

    @app_commands.command(name="block", description="Block an attacker with one of your minions")
    @app_commands.describe(move="Which of your minions blocks which attacker")
    async def block(self, interaction: discord.Interaction[Any], move: str) -> None:
        await self._move(interaction, ("block",), move)

    @block.autocomplete("move")
    async def _block_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("block",))

    # ---------------------------------------------------------------------------------- chain
    @app_commands.command(name="chain", description="Start the chain, or link a card onto it")
    @app_commands.describe(card="A card from your hand")
    async def chain(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._move(interaction, ("chain",), card)

    @chain.autocomplete("card")
    async def _chain_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("chain",))

    @app_commands.command(name="pass", description="Add no (more) cards to the chain")
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await self._move(interaction, ("pass",), None)

    @app_commands.command(name="target", description="Answer a pending choice: a target, an order, a card")
    @app_commands.describe(choice="Your choice")
    async def target(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._move(interaction, ("target", "order", "choose"), choice)

    @target.autocomplete("choice")
    async def _target_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("target", "order", "choose"))

    # ---------------------------------------------------------------------------------- claim, cleanup
    @app_commands.command(name="claim", description="Claim the top card of an archive")
    @app_commands.describe(archive="An archive you can afford")
    async def claim(self, interaction: discord.Interaction[Any], archive: str) -> None:
        await self._move(interaction, ("claim",), archive)

    @claim.autocomplete("archive")
    async def _claim_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("claim",))

    @app_commands.command(name="discard", description="Discard a card from your hand for 1 influence")
    @app_commands.describe(card="A card from your hand")
    async def discard(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._move(interaction, ("discard",), card)

    @discard.autocomplete("card")
    async def _discard_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("discard",))

    @app_commands.command(name="done", description="End your blocks, or end your claim phase")
    async def done(self, interaction: discord.Interaction[Any]) -> None:
        await self._move(interaction, ("done",), None)

    @app_commands.command(name="wound", description="Use or skip the wound effect in your cleanup")
    @app_commands.choices(
        choice=[app_commands.Choice(name="use", value="use"), app_commands.Choice(name="skip", value="skip")]
    )
    async def wound(self, interaction: discord.Interaction[Any], choice: str) -> None:
        await self._move(interaction, ("wound",), f"wound {choice}")

    # ---------------------------------------------------------------------------------- hand
    @app_commands.command(name="hand", description="See your hand (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        table = await self._table(interaction)
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.game is None:
            raise UserError("err.not_player" if table.game else "err.not_lobby")
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = table.game.private_view(seat.seat)
        names = ", ".join(c["name"] for c in view["hand"]) or t("hand.empty")
        text = f"{t('hand.title', channel=table.row.channel_name, count=len(view['hand']))}\n{names}"
        await interaction.followup.send(text, file=await hand_file(table, seat.seat), ephemeral=True)
