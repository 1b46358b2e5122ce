"""The Undo button of a DM prompt: shown after a person's move while that move can still be taken back.

Like the move buttons it holds no logic and works across restarts: its custom id holds the game and the version
the move made (``nfu:12:341``); a press goes to the handler the bot sets (``set_undo_handler``), which takes the
move back only if the game is still at that version, else says privately why not.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

UNDO_ID = re.compile(r"nfu:(?P<game>\d+):(?P<version>\d+)")

#: (interaction, game id, version) -> None
UndoHandler = Callable[[discord.Interaction[Any], int, int], Awaitable[None]]
_handler: list[UndoHandler] = []


def set_undo_handler(handler: UndoHandler) -> None:
    """Set by the bot at start-up: where a press goes (``bot.discord_io.inputs.Moves.undo_pressed``)."""
    _handler[:] = [handler]


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNDO_ID):
    def __init__(self, game: int, version: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or "Undo")[:80],
            emoji="↩️",
            style=discord.ButtonStyle.secondary,
            custom_id=f"nfu:{game}:{version}",
        )
        super().__init__(button)
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler[0](interaction, self.game, self.version)


def with_undo(view: discord.ui.View | None, game: int, version: int, label: str) -> discord.ui.View:
    """``view`` (a prompt's buttons, or none) with the Undo button added where there is room (a prompt that fills
    every row gets none: the move can still be taken back with ``/game undo``)."""
    view = view or discord.ui.View(timeout=None)
    with contextlib.suppress(ValueError):
        view.add_item(UndoButton(game, version, label))
    return view
