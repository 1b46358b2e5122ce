"""Nightfall's moves as slash commands (``/draft``, ``/attack``…), with autocomplete built from the player's
legal actions, and ``/hand``."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.move import GAME_HELP, MoveCommands
from bot.host import Host


class Play(commands.Cog, MoveCommands):
    """Nightfall's moves as slash commands, each with autocomplete from the player's legal moves."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _complete_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.complete_game(interaction, current)

    # ---------------------------------------------------------------------------------- draft
    @app_commands.command(name="draft", description="Pick a draft card")
    @app_commands.describe(card="The card to pick", game=GAME_HELP)
    async def draft(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("draft",), card, game)

    @draft.autocomplete("card")
    async def _draft_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("draft",))

    # ---------------------------------------------------------------------------------- combat
    @app_commands.command(name="attack", description="Send one of your minions to attack an opponent")
    @app_commands.describe(move="Which minion attacks whom", game=GAME_HELP)
    async def attack(self, interaction: discord.Interaction[Any], move: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("attack",), move, game)

    @attack.autocomplete("move")
    async def _attack_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("attack",))

    @app_commands.command(name="block", description="Block an attacker with one of your minions")
    @app_commands.describe(move="Which of your minions blocks which attacker", game=GAME_HELP)
    async def block(self, interaction: discord.Interaction[Any], move: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("block",), move, game)

    @block.autocomplete("move")
    async def _block_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("block",))

    # ---------------------------------------------------------------------------------- chain
    @app_commands.command(name="chain", description="Start the chain, or link a card onto it")
    @app_commands.describe(card="A card from your hand", game=GAME_HELP)
    async def chain(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("chain",), card, game)

    @chain.autocomplete("card")
    async def _chain_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("chain",))

    @app_commands.command(name="pass", description="Add no (more) cards to the chain")
    @app_commands.describe(game=GAME_HELP)
    async def pass_(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await self.make_move(interaction, ("pass",), None, game)

    @app_commands.command(name="target", description="Answer a pending choice: a target, an order, a card")
    @app_commands.describe(choice="Your choice", game=GAME_HELP)
    async def target(self, interaction: discord.Interaction[Any], choice: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("target", "order", "choose"), choice, game)

    @target.autocomplete("choice")
    async def _target_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("target", "order", "choose"))

    # ---------------------------------------------------------------------------------- claim, cleanup
    @app_commands.command(name="claim", description="Claim the top card of an archive")
    @app_commands.describe(archive="An archive you can afford", game=GAME_HELP)
    async def claim(self, interaction: discord.Interaction[Any], archive: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("claim",), archive, game)

    @claim.autocomplete("archive")
    async def _claim_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("claim",))

    @app_commands.command(name="discard", description="Discard a card from your hand for 1 influence")
    @app_commands.describe(card="A card from your hand", game=GAME_HELP)
    async def discard(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("discard",), card, game)

    @discard.autocomplete("card")
    async def _discard_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current, ("discard",))

    @app_commands.command(name="done", description="End your blocks, or end your claim phase")
    @app_commands.describe(game=GAME_HELP)
    async def done(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await self.make_move(interaction, ("done",), None, game)

    @app_commands.command(name="wound", description="Use or skip the wound effect in your cleanup")
    @app_commands.describe(
        choice="use: discard every wound in your hand and draw 2 cards for each; skip: keep them", game=GAME_HELP
    )
    @app_commands.choices(
        choice=[app_commands.Choice(name="use", value="use"), app_commands.Choice(name="skip", value="skip")]
    )
    async def wound(self, interaction: discord.Interaction[Any], choice: str, game: str | None = None) -> None:
        await self.make_move(interaction, ("wound",), f"wound {choice}", game)

    for _command in (draft, attack, block, chain, pass_, target, claim, discard, done, wound):
        _command.autocomplete("game")(_complete_game)
    del _command
