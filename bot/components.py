"""Buttons and select menus that carry a move; they work across restarts.

A custom id holds the game, the version at which the player's decision began, and
the move's canonical text: ``nf:12:340:block c81 c17``. Being ``DynamicItem``s, they
are dispatched by pattern, so a button sent last week still works after a restart;
the service refuses it politely if that decision has moved on.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, cast

import discord

MOVE = r"(?P<action>[a-z]+(?: [A-Za-z0-9_.\-]+)*)"
BUTTON_ID = re.compile(rf"nf:(?P<game>\d+):(?P<since>\d+):{MOVE}")
SELECT_ID = re.compile(r"nfs:(?P<game>\d+):(?P<since>\d+):(?P<part>\d+)")
MAX_BUTTONS = 20
MAX_OPTIONS = 25

#: set by the bot at start-up: (interaction, game id, since, move text, via) -> None
MoveHandler = Callable[[discord.Interaction[Any], int, int, str, str], Awaitable[None]]
_handler: list[MoveHandler] = []


def set_move_handler(handler: MoveHandler) -> None:
    _handler[:] = [handler]


async def _dispatch(interaction: discord.Interaction[Any], game: int, since: int, text: str, via: str) -> None:
    await _handler[0](interaction, game, since, text, via)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(self, game: int, since: int, action: str, label: str = "", passive: bool = False) -> None:
        style = discord.ButtonStyle.secondary if passive else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=(label or action)[:80], style=style, custom_id=f"nf:{game}:{since}:{action}")
        )
        self.game, self.since, self.action = game, since, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["since"]), match["action"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _dispatch(interaction, self.game, self.since, self.action, "button")


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(
        self,
        game: int,
        since: int,
        part: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"nfs:{game}:{since}:{part}",
            placeholder=placeholder,
            min_values=1,
            max_values=1,
            options=list(options) or [discord.SelectOption(label="…", value="pass")],
        )
        super().__init__(select)
        self.game, self.since = game, since

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["since"]), int(match["part"]), getattr(item, "options", ()))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values") or []
        if values:
            await _dispatch(interaction, self.game, self.since, str(values[0]), "select")


def move_view(
    game: int, since: int, moves: Sequence[tuple[str, str, bool]], placeholder: str
) -> discord.ui.View:
    """Buttons for a handful of moves, select menus (25 a menu, 5 menus at most) for more.

    ``moves`` are (move text, label, whether it is the passive answer); passive ones are grey
    buttons, kept out of the menus."""
    view = discord.ui.View(timeout=None)
    if len(moves) <= MAX_BUTTONS:
        for text, lab, quiet in moves:
            view.add_item(MoveButton(game, since, text, lab, passive=quiet))
        return view
    passive = [(t, lab) for t, lab, quiet in moves if quiet]
    active = [(t, lab) for t, lab, quiet in moves if not quiet]
    chunks = [active[i : i + MAX_OPTIONS] for i in range(0, len(active), MAX_OPTIONS)][: 5 - (1 if passive else 0)]
    for part, chunk in enumerate(chunks):
        options = [discord.SelectOption(label=lab[:100], value=text) for text, lab in chunk]
        view.add_item(
            MoveSelect(
                game,
                since,
                part,
                options,
                placeholder=f"{placeholder} ({part + 1})" if len(chunks) > 1 else placeholder,
            )
        )
    for text, lab in passive:
        view.add_item(MoveButton(game, since, text, lab, passive=True))
    return view
