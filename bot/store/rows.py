"""What the store reads and writes, as typed rows (games, seats, moves, deliveries, deadlines, results,
series), the errors a write can end in, and the column lists the queries share."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.words.logline import LogLine

#: the mark after an AI player's name, the same in texts and images: the images' fonts (DejaVu, render/fonts) draw
#: ⚙ but have no glyph for an emoji such as 🤖, so a text saying "Vesper 🤖" and an image "Vesper ⚙" disagreed
AI_MARK = "⚙"

#: the decision date of a prompt that asks nothing any more (its buttons are gone)
RETIRED = -1


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    channel_name: str
    host_id: int
    status: str
    #: which rules it plays: a key of ``engine.games.GAMES``
    game: str
    #: that game's options, as the fields of its ``Options`` dataclass
    options: dict[str, Any]
    seed: int
    version: int
    decision_since: dict[str, int]
    table_message_id: int | None
    #: seconds a person has for each decision; None: no deadline
    deadline: int | None = None
    #: the series this game is part of; None: a single game
    series_id: int | None = None
    #: the language of the game's public texts: en, pl or ru
    language: str = "en"
    #: None while it runs; "gone" (its channel was deleted) or "no_access" (the bot cannot reach it): paused
    paused: str | None = None
    #: a ``/tutorial`` game, played in its person's DMs: every prompt explains itself, no statistics count it
    tutorial: bool = False
    #: days of time away (``/me away``) each player may take in this game, 0 for none (``/game settings away:``)
    away_days: int = 7


@dataclass(frozen=True)
class SeatRow:
    position: int
    seat: str
    user_id: int | None
    display_name: str
    is_ai: bool
    #: the AI's level (one of its game's ``ai_levels``) for an AI seat; None for a person (or an AI from before levels)
    ai_level: str | None = None
    #: the turn from which the AI plays this person's seat (they are away); None while they play it
    ai_since: int | None = None
    #: turns in which this seat missed its deadline, in a row
    timeouts: int = 0
    #: turns the AI played for this person before they came back, e.g. "7-9, 12-13"
    away_turns: str = ""
    #: the turn whose deadline the seat last missed: its further decisions of that turn take the default at once
    missed_turn: int | None = None

    @property
    def shown(self) -> str:
        """The seat's name as every label, line and image shows it, in any language: an AI player's name with
        ``AI_MARK`` ("Vesper ⚙"); its level is said where there is room (``/game status``, the lobby, the results)."""
        return f"{self.display_name} {AI_MARK}" if self.is_ai and self.user_id is None else self.display_name

    @property
    def away(self) -> bool:
        """A person's seat that the AI plays for now."""
        return self.is_ai and self.ai_since is not None and self.user_id is not None


@dataclass(frozen=True)
class Want:
    """A delivery a move asks for: ``kind`` for ``target`` (a user id, or 0 for the channel)."""

    kind: str
    target: int = 0
    delay: float = 0.0
    hint: str = ""
    #: seconds no worker may carry the delivery out while the interaction that made the move answers in the same
    #: DM (``deliveries.answer_until``); the answer's own mark ends the hold sooner
    hold: float = 0.0


@dataclass(frozen=True)
class ResultRow:
    """One seat's place and score in a finished game (its game says what a score counts); ``user_id`` is None
    for an AI seat."""

    seat: str
    user_id: int | None
    display_name: str
    place: int
    score: int


@dataclass(frozen=True)
class SeriesRow:
    """A series of games in one channel with the same seats, whose scores add up until someone's total reaches
    ``target``; the game's rules say which way totals win."""

    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    target: int
    #: running, over, or abandoned (a new series was opened in the channel before it ended)
    status: str
    #: whose series it is: its game's key (a game has one kind of series, and names it in its own words)
    kind: str


@dataclass(frozen=True)
class PlayerStats:
    """A person's finished games of one game in one server (``/game stats``)."""

    games: int
    wins: int
    #: the sum of their scores
    score: int
    #: their best score in one game (the lowest or the highest, as the game's scores win)
    best: int | None


@dataclass(frozen=True)
class RatingRow:
    """A person's rating at one game in one server (``/game top``, ``/game stats``); ``name`` is the name they
    had in their latest rated game there (for a person no longer in the server)."""

    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int
    name: str


#: whether a series is over, given each seat's total so far and the series' target: the game's own rule
SeriesOver = Callable[[Sequence[int], int], bool]


def reached(totals: Sequence[int], target: int) -> bool:
    """A race to the target: the series is over once someone's total reaches it (a game whose series ends otherwise
    says so through its face's ``series_over``)."""
    return bool(totals) and max(totals) >= target


@dataclass(frozen=True)
class Move:
    """One applied action, ready to be written with everything it changed."""

    game_id: int
    version: int
    seat: str
    user_id: int | None
    text: str
    source: str
    decision_since: dict[str, int]
    log_lines: Sequence[LogLine]
    snapshot: str | None
    finished: bool
    wants: Sequence[Want] = ()
    #: (seat, user id, since) of every person's decision waiting after the move: their deadlines
    waiting: Sequence[tuple[str, int, int]] = ()
    #: (seat, turn, level): the mover's seat goes to the AI at that level from that turn on (too many deadlines
    #: missed)
    handover: tuple[str, int, str] | None = None
    #: the turn whose deadline this (``timeout``) move missed: one more turn missed in a row
    missed_turn: int | None = None
    #: seats of ``waiting`` whose turn is already missed: their decisions fall due at once
    hurry: Sequence[str] = ()
    #: every seat's place and score, with the move that finishes the game
    results: Sequence[ResultRow] = ()
    #: the game's rule for the end of its series (``Face.series_over``), asked when ``results`` finish a series' game
    series_over: SeriesOver = reached
    #: (turn, JSON list of public events) of the move, for the channel's summary of each turn
    events: Sequence[tuple[int, str]] = ()


#: the sources of moves no person made: the AI's, and a deadline's (its first default of a turn, and the rest)
AUTO_SOURCES = ("ai", "timeout", "missed")
#: the source (and the text) of an undo's own action row
UNDO = "undo"


@dataclass(frozen=True)
class Undo:
    """A person's last move taken back, ready to be written: itself an action, one version after the move (so
    versions only go up), with the restored position as that version's snapshot."""

    game_id: int
    #: the undo's own version: the undone move's plus one
    version: int
    seat: str
    user_id: int
    #: the restored position (the one before the undone move), numbered ``version``
    snapshot: str
    log_lines: Sequence[LogLine]
    wants: Sequence[Want] = ()


@dataclass(frozen=True)
class Replaced:
    """What a person's move replaced, which an undo puts back: the decisions' dates and the mover's count of
    turns missed in a row (the deadline rows go back in the store's own transaction)."""

    decision_since: dict[str, int]
    timeouts: int
    missed_turn: int | None


class NotUndoable(RuntimeError):
    """The game's last action is not (or no longer) the person's own move an undo was asked for."""


@dataclass(frozen=True)
class ChannelMarks:
    """What of a game the channel already shows: the markers its delivery compares with the game."""

    table_message_id: int | None
    table_turn: int
    summary_posted_turn: int
    #: None: no thread made yet; 0: none can be made
    log_thread_id: int | None
    log_posted_seq: int
    results_posted: bool
    results_message_id: int | None
    #: the last log line the thread is owed now (the lines of the turns that ended); later ones wait
    log_due_seq: int = 0


@dataclass(frozen=True)
class Delivery:
    """A claimed delivery row; ``wanted`` is what the worker marks done when it succeeds."""

    game_id: int
    kind: str
    target: int
    wanted: int
    attempts: int
    hint: str
    #: the game's mark (version, status, paused, channel id) as the claim read it, in the same statement: whether the
    #: game cached in memory is the stored one, known without a read of its own (``GameService.stored_table``)
    mark: tuple[int, str, str | None, int] | None = None

    @property
    def key(self) -> tuple[int, str, int]:
        return (self.game_id, self.kind, self.target)


@dataclass(frozen=True)
class Deadline:
    """A person's decision clock: reminded at ``remind_at``, warned at ``warn_at``, timed out at ``due_at``."""

    game_id: int
    seat: str
    user_id: int
    since: int
    remind_at: float
    warn_at: float
    due_at: float
    stage: int
    next_at: float
    attempts: int = 0


_DEADLINE_COLS = "game_id, seat, user_id, since, remind_at, warn_at, due_at, stage, next_at, attempts"

#: deliveries that call the game's channel: refusals there count towards pausing the game
CHANNEL_KINDS = ("channel", "warn", "mention", "dm_closed", "missed")
#: what a paused game holds back until it goes on: its channel, and its prompts and reminders (the DM
#: notices about the pause itself, the game-over DM and the host's no-access notice still go)
HELD_KINDS = (*CHANNEL_KINDS, "prompt", "remind")
_NOT_HELD = "(g.paused IS NULL OR d.kind NOT IN ({}))".format(", ".join(f"'{k}'" for k in HELD_KINDS))
_RUNNING = "game_id NOT IN (SELECT id FROM games WHERE paused IS NOT NULL)"


class StaleVersion(RuntimeError):
    """The game moved on in the database since this move was computed (another writer won)."""


class LobbyChanged(RuntimeError):
    """A lobby's seats changed between the deal and the start's commit (someone joined or left meanwhile)."""


_GAME_COLS = (
    "id, guild_id, channel_id, channel_name, host_id, status, game, options, seed, "
    "version, decision_since, table_message_id, deadline_seconds, series_id, language, paused, tutorial, away_days"
)
_G_GAME_COLS = ", ".join("g." + c.strip() for c in _GAME_COLS.split(","))


def _game(r: Sequence[Any]) -> GameRow:
    return GameRow(
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        r[5],
        r[6],
        json.loads(r[7]),
        r[8],
        r[9],
        json.loads(r[10]),
        r[11],
        r[12],
        r[13],
        r[14],
        r[15],
        bool(r[16]),
        int(r[17]),
    )
