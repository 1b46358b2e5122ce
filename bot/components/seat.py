"""The button on the channel's notice of a missed deadline: any player of the game hands the silent seat to the AI.

Like the move and lobby buttons it holds no logic: a press goes to the handler the lobby's cog sets
(``set_hand_over_handler``), which checks against the stored game that the presser plays in it, that the seat
is still a person's and that its person has not played since the deadline they missed.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

HAND_OVER_ID = re.compile(r"ho:(?P<game>\d+):(?P<seat>[A-Za-z0-9_-]{1,20})")

#: (interaction, game id, seat) -> None
HandOverHandler = Callable[[discord.Interaction[Any], int, str], Awaitable[None]]
_handler: list[HandOverHandler] = []


def set_hand_over_handler(handler: HandOverHandler) -> None:
    """Set by the lobby's cog when it is loaded: where a press goes."""
    _handler[:] = [handler]


class HandOverButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HAND_OVER_ID):
    def __init__(self, game: int, seat: str, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or "AI")[:80], emoji="🤖", style=discord.ButtonStyle.secondary, custom_id=f"ho:{game}:{seat}"
        )
        super().__init__(button)
        self.game, self.seat = game, seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandOverButton:
        return cls(int(match["game"]), match["seat"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler[0](interaction, self.game, self.seat)


def hand_over_view(game: int, seat: str, label: str) -> discord.ui.View:
    """The notice's one button, in the game's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandOverButton(game, seat, label))
    return view


# ---------------------------------------------------------------------- taking one's seat back
BACK_ID = re.compile(r"back:(?P<game>\d+)")

#: (interaction, game id) -> None
BackHandler = Callable[[discord.Interaction[Any], int], Awaitable[None]]
_back_handler: list[BackHandler] = []


def set_back_handler(handler: BackHandler) -> None:
    """Set by the lobby's cog when it is loaded: where a press of **Take my seat back** goes."""
    _back_handler[:] = [handler]


class BackButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BACK_ID):
    """The button on the DM that tells a person the AI took their seat: the same as ``/game return`` for that
    game, decoded from its custom id after a restart."""

    def __init__(self, game: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or "Back")[:80], emoji="👋", style=discord.ButtonStyle.primary, custom_id=f"back:{game}"
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _back_handler[0](interaction, self.game)


def back_view(game: int, label: str) -> discord.ui.View:
    """The takeover DM's one button, in the person's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(BackButton(game, label))
    return view


# ---------------------------------------------------------------------- the daily digest's buttons
BRING_ID = re.compile(r"bring:(?P<game>\d+)")

#: (interaction, game id) -> None
BringHandler = Callable[[discord.Interaction[Any], int], Awaitable[None]]
_bring_handler: list[BringHandler] = []


def set_bring_handler(handler: BringHandler) -> None:
    """Set by the app at start-up: where a press of a digest line's button goes."""
    _bring_handler[:] = [handler]


class BringButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BRING_ID):
    """A button of the daily digest DM: brings that game's prompt to the DM, decoded from its custom id after a
    restart. Its label is the line's number."""

    def __init__(self, game: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or "?")[:80], style=discord.ButtonStyle.primary, custom_id=f"bring:{game}"
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BringButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bring_handler[0](interaction, self.game)
