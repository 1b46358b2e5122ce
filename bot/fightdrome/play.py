"""Fightdrome's moves as slash commands: ``/open``, ``/answer``, ``/rest``, ``/stun`` (a stunned player's face-down
discard) and ``/fighter`` (the Grand Tournament's next Sleeve), each listing only the caller's legal moves.

A card may be typed as autocomplete gives it, by its code (``K30``, ``pb80``) or by its name in any of the
three languages ("kick 30", "Kopnięcie 30", "удар ногой 30"): the host's ``typed_move`` reads it through the
face's ``move_names``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.move import GAME_HELP, MoveCommands
from bot.host import Host


class FightdromeMoves(commands.Cog, MoveCommands):
    """Fightdrome's moves, each with autocomplete from the player's legal moves."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _complete_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.complete_game(interaction, current)

    @app_commands.command(name="open", description="Open an exchange with an attack from your hand")
    @app_commands.describe(card="An attack from your hand", game=GAME_HELP)
    async def open_(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("open",), card, game)

    @open_.autocomplete("card")
    async def _open_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("open",))

    @app_commands.command(name="answer", description="Answer the top card of the fight line")
    @app_commands.describe(card="A card from your hand that may be played on it", game=GAME_HELP)
    async def answer(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("answer",), card, game)

    @answer.autocomplete("card")
    async def _answer_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("answer",))

    @app_commands.command(
        name="rest", description="Rest instead of opening: draw a card (after your opponent was stunned)"
    )
    @app_commands.describe(game=GAME_HELP)
    async def rest(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await self.make_move(interaction, ("rest",), None, game)

    @app_commands.command(name="stun", description="Stunned: choose the card you discard face down")
    @app_commands.describe(card="A card from your hand", game=GAME_HELP)
    async def stun(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("stun-discard",), card, game)

    @stun.autocomplete("card")
    async def _stun_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("stun-discard",))

    @app_commands.command(name="fighter", description="Grand Tournament: pick your next fighter")
    @app_commands.describe(sleeve="One of your Sleeves still to fight", game=GAME_HELP)
    async def fighter(self, interaction: discord.Interaction[Any], sleeve: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("sleeve",), sleeve, game)

    @fighter.autocomplete("sleeve")
    async def _fighter_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("sleeve",))

    for _command in (open_, answer, rest, stun, fighter):
        _command.autocomplete("game")(_complete_game)
    del _command
