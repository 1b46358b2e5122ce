"""``/game replay``: a game shown again to one person, privately, a step at a time.

A step is the public table at the end of the draft, of a turn or of a shorter stretch of play, with what happened
in it: what the channel showed then, and nothing more. The host knows no game by name: a step is marked wherever
the game's face says the turn went up (``Face.turn``: a game that counts its draft as turn 0 gets a step at the
draft's end, then one a turn) or its replay mark did (``Face.replay_mark``: a game whose rounds last a whole bout
marks each exchange); the last step is the game's end or, for a running game, the present. Images come only from
the public view (``Face.table_picture``), texts only from the public events the channel's summaries and log lines
are made of (``Face.log_events``, ``Face.replay_lines``).

Nothing is stored for it: the game's first snapshot (written with the deal) and its stored actions rebuild the
match move by move (matches are pure and deterministic). The rebuilt steps, each a compressed state and its public
events, are kept in a small LRU bounded by games and bytes, keyed by game and version (a running game's replay is
rebuilt once it moved on); each step's image is drawn when asked for, through the image pool and its cache.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import time
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.errors import UserError
from bot.face import Face
from bot.store import UNDO, GameRow, Store
from bot.table import Table
from bot.words.i18n import clip, t
from bot.words.logline import LogLine

log = logging.getLogger(__name__)

Event = dict[str, Any]
Action = tuple[int, str, str]

#: replays kept at most, and their bytes at most: a step keeps about 2.5 KB (its state and events compressed), a
#: long five-player game about 50 KB (bench/replay.py), so the cache holds well under a megabyte in practice
CACHE_GAMES = 16
CACHE_BYTES = 2 * 1024 * 1024
#: the statuses of a game that ended: its replay's last step is where it stopped
ENDED = ("over", "abandoned")
#: what ``size`` adds per step for the objects around its two byte strings (with it, the bytes counted come close to
#: what ``tracemalloc`` finds a replay keeps allocated: bench/replay.py)
STEP_OVERHEAD = 600


@dataclass(frozen=True)
class Step:
    """One moment of a replay: the match after a move that ended a turn (or the draft) or a stretch of play, kept
    compressed."""

    #: the match's version at this step
    version: int
    #: zlib of the match's JSON (``Face.load`` reads it back)
    state: bytes
    #: zlib of the JSON list of [turn, public events] of the turns this step ends (or of the turn in progress)
    events: bytes
    #: the present of a running game: its turn is still in progress
    live: bool = False
    #: zlib of the JSON list of the public events since the step before, when they are not just those of the turns
    #: it ends (empty: they are, as for a game whose steps are its turns)
    since: bytes = b""

    def match(self, face: Face) -> Any:
        return face.load(zlib.decompress(self.state).decode())

    def turns(self) -> list[tuple[int, list[Event]]]:
        return [(int(n), list(evs)) for n, evs in json.loads(zlib.decompress(self.events))]

    def stretch(self) -> list[Event]:
        """The public events since the step before."""
        if not self.since:
            return [e for _n, evs in self.turns() for e in evs]
        return list(json.loads(zlib.decompress(self.since)))

    @property
    def size(self) -> int:
        return len(self.state) + len(self.events) + len(self.since) + STEP_OVERHEAD


@dataclass(frozen=True)
class Replay:
    """A game's steps as of one version, running or ended (a game abandoned keeps its version: its last step is no
    longer the present)."""

    game_id: int
    version: int
    steps: tuple[Step, ...]
    ended: bool = True

    @property
    def size(self) -> int:
        """Bytes kept for it (what the cache counts)."""
        return sum(s.size for s in self.steps)


def _pack(data: Any) -> bytes:
    return zlib.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode(), 6)


def _step(match: Any, turns: dict[int, list[Event]], marks: dict[int, list[Event]], live: bool = False) -> Step:
    done = [[n, turns[n]] for n in sorted(turns)]
    stretch = [e for n in sorted(marks) for e in marks[n]]
    since = b"" if stretch == [e for n in sorted(turns) for e in turns[n]] else _pack(stretch)
    return Step(match.version, zlib.compress(match.to_json().encode(), 6), _pack(done), live, since)


def build_steps(face: Face, state: str, actions: Sequence[Action], ended: bool) -> tuple[Step, ...]:
    """Replay the deal ``state`` with ``actions`` (seq, seat, text), marking a step each time ``Face.turn`` or
    ``Face.replay_mark`` goes up (with the turns that move ended: none, one, or several when a move skips a turn,
    and the events since the step before) or the match ends, and one at the end when something is left: the game's
    last turn when it ``ended`` (over or abandoned), else the present. A game abandoned at its deal has that one
    step. An undo (an action whose text is ``UNDO``) puts back the moment before the action it takes back, as the
    game did.

    A pure function of the stored game (run in a thread: a long game takes a fraction of a second)."""
    match = face.load(state)
    steps: list[Step] = []
    # the events of the turns not yet ended, and of the replay's stretches not yet shown, by number
    open_turns: dict[int, list[Event]] = {}
    open_marks: dict[int, list[Event]] = {}
    # the moment before the latest action, for an undo (the game's next action, taking back only the one before it)
    before: tuple[str, dict[int, list[Event]], dict[int, list[Event]], int] | None = None
    for _seq, seat, text in actions:
        if text == UNDO:
            if before is None:
                raise ValueError("an undo with no action before it")
            state_before, turns_before, marks_before, steps_before = before
            match = match.taken_back(state_before)
            open_turns, open_marks, before = turns_before, marks_before, None
            del steps[steps_before:]  # the undone action's events never happened, nor a step it ended
            continue
        before = (match.to_json(), _copy(open_turns), _copy(open_marks), len(steps))
        turn, mark = face.turn(match), face.replay_mark(match)
        events = face.log_events(match, match.apply(match.parse_action(seat, text)))
        for n, evs in face.split_by_turn(turn, events):
            open_turns.setdefault(n, []).extend(evs)
        for n, evs in face.split_by_mark(mark, events):
            open_marks.setdefault(n, []).extend(evs)
        if match.is_over():  # the end is one moment: everything still open is in its step
            steps.append(_step(match, open_turns, open_marks))
            open_turns, open_marks = {}, {}
            continue
        now, now_mark = face.turn(match), face.replay_mark(match)
        if now > turn or now_mark > mark:
            ended_turns = {n: open_turns.pop(n) for n in sorted(open_turns) if n < now}
            steps.append(_step(match, ended_turns, {n: open_marks.pop(n) for n in sorted(open_marks) if n < now_mark}))
    if not ended:
        steps.append(_step(match, open_turns, open_marks, live=True))
    elif open_turns or open_marks or not steps:
        steps.append(_step(match, open_turns, open_marks))
    return tuple(steps)


def _copy(filed: dict[int, list[Event]]) -> dict[int, list[Event]]:
    return {n: list(evs) for n, evs in filed.items()}


@dataclass
class CacheStats:
    """What the replay cache did since start: replays built (and their total time), answers from the cache."""

    builds: int = 0
    build_seconds: float = 0.0
    hits: int = 0


class ReplayCache:
    """The latest replays, least recently used dropped first, within ``games`` replays and ``limit`` bytes (one per
    game: a running game's older version is dropped when a newer one is built). A build under way is shared."""

    def __init__(self, games: int = CACHE_GAMES, limit: int = CACHE_BYTES) -> None:
        self.games, self.limit = games, limit
        self._kept: OrderedDict[int, Replay] = OrderedDict()
        self._building: dict[tuple[int, int, bool], asyncio.Task[Replay]] = {}
        self.stats = CacheStats()

    @property
    def size(self) -> int:
        """Bytes kept now."""
        return sum(r.size for r in self._kept.values())

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()

    async def get(self, store: Store, face: Face, row: GameRow) -> Replay:
        """The game's replay as of its stored version: from the cache, or rebuilt from the store."""
        ended = row.status in ENDED
        kept = self._kept.get(row.id)
        if kept is not None and (kept.version, kept.ended) == (row.version, ended):
            self._kept.move_to_end(row.id)
            self.stats.hits += 1
            return kept
        key = (row.id, row.version, ended)
        task = self._building.get(key)
        if task is None or task.get_loop() is not asyncio.get_running_loop():
            task = asyncio.create_task(self._build(store, face, row))
            self._building[key] = task
            task.add_done_callback(lambda done: self._forget(key, done))
        else:
            self.stats.hits += 1
        return await asyncio.shield(task)

    def _forget(self, key: tuple[int, int, bool], done: asyncio.Task[Replay]) -> None:
        if self._building.get(key) is done:
            del self._building[key]

    async def _build(self, store: Store, face: Face, row: GameRow) -> Replay:
        started = time.perf_counter()
        _first, state, actions = await store.replays.replay_source(row.id, row.version)
        ended = row.status in ENDED
        steps = await asyncio.to_thread(build_steps, face, state, actions, ended)
        replay = Replay(row.id, row.version, steps, ended)
        self.stats.builds += 1
        self.stats.build_seconds += time.perf_counter() - started
        self._keep(replay)
        return replay

    def _keep(self, replay: Replay) -> None:
        if replay.size > self.limit:
            return  # a replay bigger than the whole cache is rebuilt each time rather than held
        kept = self._kept.get(replay.game_id)
        if kept is not None and (kept.version, kept.ended) > (replay.version, replay.ended):
            return
        self._kept[replay.game_id] = replay
        self._kept.move_to_end(replay.game_id)
        total = self.size
        while len(self._kept) > self.games or total > self.limit:
            _id, dropped = self._kept.popitem(last=False)
            total -= dropped.size


def step_text(face: Face, table: Table, replay: Replay, number: int, lang: str) -> str:
    """Step ``number`` (from 1) in words: which game and step, then what happened in it as the game's face tells
    it (``Face.replay_lines``: the summary of each turn it ends, or of the turn so far for the present of a running
    game, with how far the game is)."""
    step = replay.steps[number - 1]
    head = t(
        "replay.head",
        lang,
        game=face.rules.name,
        id=table.id,
        channel=table.row.channel_name,
        step=number,
        steps=len(replay.steps),
    )
    names = table.names
    lines = [head]
    lines += face.replay_lines(step.stretch(), step.turns(), names, lang)
    if step.live:
        assert table.game is not None
        lines.append(t("replay.live", lang, progress=face.progress(table.game, lang)))
    elif len(lines) == 1:
        lines.append(t("log.none", lang))
    return clip("\n".join(lines))


def log_file(face: Face, row: GameRow, lines: Sequence[tuple[str, LogLine]], lang: str) -> discord.File:
    """A finished game's public log as a text file, each line in ``lang`` with the time it was written."""
    head = t("replay.log_head", lang, game=face.rules.name, id=row.id, channel=row.channel_name)
    body = [f"{at}  {line.text(lang, face.describe)}" for at, line in lines] or [t("log.none", lang)]
    data = "\n".join([head, "", *body, ""]).encode()
    return discord.File(io.BytesIO(data), filename=f"{face.key}-{row.id}-log.txt")


def replay_number(value: str | None) -> int | None:
    """The ``game`` option: a game's number (as its autocomplete gives it, or typed, with or without "#")."""
    if value is None or not value.strip():
        return None
    text = value.strip().lstrip("#").strip()
    if not (text.isascii() and text.isdigit() and len(text) <= 12):
        raise UserError("err.unknown_game")
    return int(text)
