"""What the slash-command cogs need from the bot, as a protocol, so they never import the application.

``bot.app.NightfallBot`` is the one implementation; a cog is handed it at ``setup_hook``.
"""

from __future__ import annotations

from typing import Any, Protocol

import discord

from bot.replay.answers import Replays
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store


class Host(Protocol):
    """The running bot as its cogs see it: the store, the one game service, and two shared steps."""

    store: Store
    service: GameService
    settings: Settings
    replays: Replays

    def get_guild(self, guild_id: int, /) -> discord.Guild | None: ...

    async def lang(self, interaction: discord.Interaction[Any]) -> str:
        """The language of private texts for the person behind ``interaction``."""
        ...

    async def handle_move(
        self, interaction: discord.Interaction[Any], game_id: int, since: int | None, text: str, via: str
    ) -> None:
        """Act for the person behind ``interaction``, answer them, then update Discord."""
        ...

    async def handle_undo(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """Take back the last move of the person behind ``interaction``, answer them, then update Discord."""
        ...
