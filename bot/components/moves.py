"""Buttons and select menus that carry a move; they work across restarts.

A custom id holds the game, the version at which the player's decision began, and
the move's canonical text: ``nf:12:340:block c81 c17``. Being ``DynamicItem``s, they
are dispatched by pattern, so a button sent last week still works after a restart;
the service refuses it politely if that decision has moved on.

One menu makes several moves of one verb at once (discards for influence, say:
``nf:12:340:discard*``, a multi-select whose values are the ``discard`` moves). Each
chosen move still goes through the one move path, ``GameService.play.act``, in order.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple, cast

import discord

from bot.table import verb_of
from bot.words.i18n import shorten
from bot.words.labels import BUTTON_LABEL, OPTION_LABEL, distinct_labels

log = logging.getLogger(__name__)

MOVE = r"(?P<action>[a-z][a-z-]*(?: [A-Za-z0-9_.\-]+)*)"
BUTTON_ID = re.compile(rf"nf:(?P<game>\d+):(?P<since>\d+):{MOVE}")
SELECT_ID = re.compile(r"nfs:(?P<game>\d+):(?P<since>\d+):(?P<part>\d+)")
#: the "*" keeps it from ever reading as a button's move (``BUTTON_ID`` allows no "*")
BATCH_ID = re.compile(r"nf:(?P<game>\d+):(?P<since>\d+):(?P<verb>[a-z]+)\*")
MAX_BUTTONS = 20
MAX_OPTIONS = 25
MAX_ROWS = 5
ROW_WIDTH = 5


class Move(NamedTuple):
    """One move a prompt offers: its canonical text, its label, whether it is the passive answer,
    and whether it is one of several that a multi-select makes in one go (moves of one verb, which a game
    lets a player make several of in a row)."""

    text: str
    label: str
    passive: bool = False
    batch: bool = False


#: (interaction, game id, since, move text, via) -> None: one move
MoveHandler = Callable[[discord.Interaction[Any], int, int, str, str], Awaitable[None]]
#: (interaction, game id, since, move texts, their labels) -> None: several moves from one menu
MovesHandler = Callable[[discord.Interaction[Any], int, int, Sequence[str], dict[str, str]], Awaitable[None]]
_handlers: dict[str, Any] = {}


def set_move_handlers(one: MoveHandler, many: MovesHandler) -> None:
    """Set by the bot at start-up: where a pressed button or a chosen menu entry goes (``bot.discord_io.inputs``).
    Components hold no game logic and never reach back into the bot: they only hand the move over."""
    _handlers["one"], _handlers["many"] = one, many


async def _dispatch(interaction: discord.Interaction[Any], game: int, since: int, text: str, via: str) -> None:
    await _handlers["one"](interaction, game, since, text, via)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(self, game: int, since: int, action: str, label: str = "", passive: bool = False) -> None:
        style = discord.ButtonStyle.secondary if passive else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=shorten(label or action, 80), style=style, custom_id=f"nf:{game}:{since}:{action}")
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


class BatchSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=BATCH_ID):
    """Any number of moves of one verb in one go (discard cards for +1 influence each, say): one menu
    instead of a button a move. The verb is in the custom id, so only its moves are made."""

    def __init__(
        self,
        game: int,
        since: int,
        verb: str,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        options = list(options)[:MAX_OPTIONS] or [discord.SelectOption(label="…", value="pass")]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"nf:{game}:{since}:{verb}*",
            placeholder=placeholder,
            min_values=1,
            max_values=len(options),
            options=options,
        )
        super().__init__(select)
        self.game, self.since, self.verb = game, since, verb
        self.labels = {o.value: o.label for o in options}

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BatchSelect:
        options, placeholder = getattr(item, "options", ()), getattr(item, "placeholder", None)
        return cls(int(match["game"]), int(match["since"]), match["verb"], options, placeholder)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        texts = [str(v) for v in data.get("values") or [] if str(v).startswith(f"{self.verb} ")]
        if texts:
            await _handlers["many"](interaction, self.game, self.since, texts, self.labels)


def move_view(
    game: int, since: int, moves: Sequence[Move | tuple[str, str, bool]], placeholder: str, batch_placeholder: str = ""
) -> discord.ui.View:
    """Buttons for a handful of moves, select menus (25 a menu, 5 menus at most) for more.

    ``moves`` are ``Move``s (or (move text, label, passive) tuples); passive ones are grey
    buttons, kept out of the menus; ``batch`` ones (of one verb) share one multi-select (``BatchSelect``),
    placed after the other moves' buttons."""
    view = discord.ui.View(timeout=None)
    given = [Move(*m) for m in moves]
    labels = [m.label or m.text for m in given]
    # no two labels read the same once cut to Discord's limits: a button's (passive answers) and a menu option's
    narrow = [m._replace(label=lab) for m, lab in zip(given, distinct_labels(labels, BUTTON_LABEL), strict=True)]
    wide = [m._replace(label=lab) for m, lab in zip(given, distinct_labels(labels, OPTION_LABEL), strict=True)]
    verb = next((verb_of(m.text) for m in given if m.batch), "")
    buttons = sum(not (m.batch and verb_of(m.text) == verb) for m in given) <= MAX_BUTTONS
    every = narrow if buttons else wide
    button_label = {m.text: m.label for m in narrow}
    grouped = [m for m in every if m.batch and verb_of(m.text) == verb]  # one menu: the moves of one verb
    batch = grouped[:MAX_OPTIONS]
    single = [m for m in every if m not in grouped]
    if len(single) <= MAX_BUTTONS:
        for m in single:
            if not m.passive:
                view.add_item(MoveButton(game, since, m.text, m.label))
        if batch:
            view.add_item(BatchSelect(game, since, verb, _options(batch), batch_placeholder or None))
        for m in single:
            if m.passive:
                view.add_item(MoveButton(game, since, m.text, m.label, passive=True))
        return view
    passive = [(m.text, button_label[m.text]) for m in single if m.passive]
    active = [(m.text, m.label) for m in single if not m.passive]
    rows = MAX_ROWS - (1 if batch else 0) - -(-len(passive) // ROW_WIDTH)
    chunks = [active[i : i + MAX_OPTIONS] for i in range(0, len(active), MAX_OPTIONS)][:rows]
    for part, chunk in enumerate(chunks):
        options = [discord.SelectOption(label=shorten(lab, 100), value=text) for text, lab in chunk]
        view.add_item(
            MoveSelect(
                game,
                since,
                part,
                options,
                placeholder=f"{placeholder} ({part + 1})" if len(chunks) > 1 else placeholder,
            )
        )
    if batch:
        view.add_item(BatchSelect(game, since, verb, _options(batch), batch_placeholder or None))
    for text, lab in passive:
        view.add_item(MoveButton(game, since, text, lab, passive=True))
    return view


def _options(moves: Sequence[Move]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=shorten(m.label, 100), value=m.text) for m in moves]
