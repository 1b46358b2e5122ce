"""All of the bot's SQL, behind one small interface: games, seats, moves, snapshots, deliveries, deadlines.

Every write that belongs to one move — the action, the new version, log lines, a snapshot,
and the deliveries Discord must get — is one ``BEGIN IMMEDIATE`` transaction run in one hop
on the writer thread, so a crash keeps either the whole move or none of it, and no two
transactions ever interleave. Reads go through their own connection (WAL). A game loads
from its latest snapshot plus the actions after it.

Nothing here keeps game state in memory: the version compare-and-set in ``record`` decides
which move wins, so a second process (or a stale cache) can never commit over another.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import discord

from .database import WRITE_BUSY_MS, Database, DatabaseStats, one, rows
from .logline import LogLine

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
#: seconds a write keeps trying while another program holds the database's write lock
DEFAULT_BUSY_SECONDS = 10.0
#: the decision date of a prompt that asks nothing any more (its buttons are gone)
RETIRED = -1
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    channel_name: str
    host_id: int
    status: str
    variant: str
    secret_archives: bool
    seed: int
    version: int
    decision_since: dict[str, int]
    table_message_id: int | None
    #: seconds a person has for each decision; None: no deadline
    deadline: int | None = None
    #: the Apocalypse Cup this game is part of; None: a single game
    series_id: int | None = None
    #: the language of the game's public texts: en, pl or ru
    language: str = "en"
    #: None while it runs; "gone" (its channel was deleted) or "no_access" (the bot cannot reach it): paused
    paused: str | None = None


@dataclass(frozen=True)
class SeatRow:
    position: int
    seat: str
    user_id: int | None
    display_name: str
    is_ai: bool
    #: the AI's level (``engine.nightfall.ai.LEVELS``) for an AI seat; None for a person (or an AI from before levels)
    ai_level: str | None = None
    #: the turn from which the AI plays this person's seat (they are away); None while they play it
    ai_since: int | None = None
    #: deadlines this seat missed in a row
    timeouts: int = 0
    #: turns the AI played for this person before they came back, e.g. "7-9, 12-13"
    away_turns: str = ""

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


@dataclass(frozen=True)
class ResultRow:
    """One seat's place and wounds in a finished game; ``user_id`` is None for an AI seat."""

    seat: str
    user_id: int | None
    display_name: str
    place: int
    wounds: int


@dataclass(frozen=True)
class SeriesRow:
    """An Apocalypse Cup: its channel's games add up wounds until someone's total reaches ``target``."""

    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    target: int
    #: running, over, or abandoned (a new cup was opened in the channel before it ended)
    status: str


@dataclass(frozen=True)
class PlayerStats:
    """A person's finished games in one server (``/game stats``)."""

    games: int
    wins: int
    wounds: int
    #: the fewest wounds in one game
    best: int | None


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
    #: (seat, turn): the mover's seat goes to the AI from that turn on (too many deadlines missed)
    handover: tuple[str, int] | None = None
    #: every seat's place and wounds, with the move that finishes the game
    results: Sequence[ResultRow] = ()
    #: (turn, JSON list of public events) of the move, for the channel's summary of each turn
    events: Sequence[tuple[int, str]] = ()


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


@dataclass(frozen=True)
class Delivery:
    """A claimed delivery row; ``wanted`` is what the worker marks done when it succeeds."""

    game_id: int
    kind: str
    target: int
    wanted: int
    attempts: int
    hint: str

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
CHANNEL_KINDS = ("channel", "warn", "mention", "dm_closed")
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
    "id, guild_id, channel_id, channel_name, host_id, status, variant, secret_archives, seed, "
    "version, decision_since, table_message_id, deadline_seconds, series_id, language, paused"
)
_G_GAME_COLS = ", ".join("g." + c.strip() for c in _GAME_COLS.split(","))


def _game(r: Sequence[Any]) -> GameRow:
    return GameRow(
        r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8], r[9], json.loads(r[10]), r[11], r[12], r[13], r[14],
        r[15],
    )


class Store:
    """The bot's database. ``stats`` counts round trips and commits for the benchmark."""

    def __init__(self, writer: Database, reader: Database, clock: Clock, stats: DatabaseStats) -> None:
        self.writer = writer
        self.reader = reader
        self.clock = clock
        self.stats = stats

    @classmethod
    async def open(
        cls,
        path: str,
        migrations: Path = MIGRATIONS_DIR,
        clock: Clock = discord.utils.utcnow,
        busy_seconds: float = DEFAULT_BUSY_SECONDS,
    ) -> Store:
        """Open (and migrate) the database; a write waits up to ``busy_seconds`` for another program's lock."""
        stats = DatabaseStats()
        writer = await Database.open(path, "writer", stats, busy_ms=WRITE_BUSY_MS, busy_seconds=busy_seconds)
        store = cls(writer, writer, clock, stats)
        await store.migrate(migrations)
        if path != ":memory:":
            store.reader = await Database.open(path, "reader", stats)
        return store

    @property
    def closed(self) -> bool:
        return self.writer.closed

    async def checkpoint(self) -> None:
        """Keep the write-ahead log small: copy it into the database and truncate it (the watchdog's job)."""
        await self.writer.checkpoint()

    async def close(self) -> None:
        if self.reader is not self.writer:
            await self.reader.close()
        await self.writer.close()

    def now(self) -> str:
        return self.clock().isoformat(timespec="seconds")

    def epoch(self) -> float:
        return self.clock().timestamp()

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self.reader.call(lambda c: rows(c, sql, tuple(params)))

    async def _read_one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        return await self.reader.call(lambda c: one(c, sql, tuple(params)))

    async def _games(self, sql: str, params: Sequence[Any] = ()) -> list[GameRow]:
        """The game rows a query selects (its columns are ``_GAME_COLS``)."""
        return [_game(r) for r in await self._read(sql, params)]

    async def _write(self, sql: str, params: Sequence[Any] = (), wait: bool = True) -> int:
        """One statement in its own transaction; returns the number of rows it changed. Without ``wait`` it is
        tried once, not again while another program holds the lock (for what only helps, never must be)."""
        return await self.writer.transaction(lambda c: c.execute(sql, tuple(params)).rowcount, wait=wait)

    # ------------------------------------------------------------------ migrations
    async def migrate(self, folder: Path = MIGRATIONS_DIR) -> list[str]:
        """Apply the numbered ``.sql`` files not applied yet, in order, each in its own transaction."""
        files = []
        for path in sorted(folder.glob("*.sql")):
            m = _MIGRATION_NAME.match(path.name)
            if not m:
                raise ValueError(f"migration file {path.name} must be named NNNN_name.sql")
            files.append((int(m.group(1)), path.name, _statements(path.read_text(encoding="utf-8"))))
        now = self.now()

        def apply(conn: sqlite3.Connection) -> list[str]:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                "applied_at TEXT NOT NULL)"
            )
            done = {r[0] for r in rows(conn, "SELECT version FROM schema_migrations")}
            applied = []
            for version, name, statements in files:
                if version in done:
                    continue
                conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in statements:
                        conn.execute(statement)
                    conn.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                        (version, name, now),
                    )
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                applied.append(name)
            return applied

        return await self.writer.call(apply)

    async def applied_migrations(self) -> list[tuple[int, str]]:
        return [(r[0], r[1]) for r in await self._read("SELECT version, name FROM schema_migrations ORDER BY version")]

    # ------------------------------------------------------------------ games
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        channel_name: str,
        host_id: int,
        host_name: str,
        variant: str,
        secret_archives: bool,
        seed: int,
        deadline: int | None = None,
        cup_target: int | None = None,
        language: str = "en",
    ) -> int | None:
        """A new lobby with its host in the first seat; None if the channel already has an open game
        (decided inside the transaction, so two ``/game new`` at once open one lobby, not an error).

        With ``cup_target`` the lobby is the first game of a new Apocalypse Cup, and a cup still
        running in the channel is abandoned in the same transaction (``/game next`` means the new one).
        """
        now = self.now()

        def create(conn: sqlite3.Connection) -> int | None:
            if one(conn, "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)):
                return None
            series_id = None
            if cup_target is not None:
                conn.execute(
                    "UPDATE series SET status = 'abandoned', finished_at = ? WHERE channel_id = ? AND status = 'running'",
                    (now, channel_id),
                )
                series_id = conn.execute(
                    "INSERT INTO series (guild_id, channel_id, host_id, kind, target, created_at) "
                    "VALUES (?, ?, ?, 'cup', ?, ?)",
                    (guild_id, channel_id, host_id, cup_target, now),
                ).lastrowid
            cur = conn.execute(
                "INSERT INTO games (guild_id, channel_id, channel_name, host_id, status, variant, "
                "secret_archives, seed, created_at, updated_at, deadline_seconds, series_id, language) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    channel_name,
                    host_id,
                    variant,
                    int(secret_archives),
                    seed,
                    now,
                    now,
                    deadline,
                    series_id,
                    language,
                ),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            conn.execute(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai) VALUES (?, 0, 'p1', ?, ?, 0)",
                (game_id, host_id, host_name),
            )
            return game_id

        try:
            return await self.writer.transaction(create)
        except sqlite3.IntegrityError:  # another process opened one first (the one-open-game index)
            return None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._read_one(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return _game(row) if row else None

    async def last_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game(row) if row else None

    async def games_with_status(self, status: str) -> list[GameRow]:
        return await self._games(f"SELECT {_GAME_COLS} FROM games WHERE status = ? ORDER BY id", (status,))

    async def active_games_of(self, user_id: int) -> list[GameRow]:
        return await self._games(
            f"SELECT {_G_GAME_COLS} FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id",
            (user_id,),
        )

    async def games_of_user(self, user_id: int) -> list[GameRow]:
        """Every lobby and running game the user holds a seat in, in any server or channel (for ``/game mine``)."""
        return await self._games(
            f"SELECT DISTINCT {_G_GAME_COLS} FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE s.user_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id",
            (user_id,),
        )

    async def abandon(self, game_id: int, user_ids: Sequence[int]) -> bool:
        """End a game by hand; every player's prompt loses its buttons (a delivery). False if it had ended."""
        now, epoch = self.now(), self.epoch()

        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE games SET status = 'abandoned', updated_at = ?, finished_at = ? "
                "WHERE id = ? AND status IN ('lobby', 'active')",
                (now, now, game_id),
            )
            if cur.rowcount != 1:
                return False
            # every prompt loses its buttons; a started game's channel posts the log lines still owed and
            # its table says the game was abandoned (a lobby has no table)
            started = one(conn, "SELECT 1 FROM snapshots WHERE game_id = ? LIMIT 1", (game_id,)) is not None
            _want(conn, game_id, [*([Want("channel")] if started else []), *(Want("prompt", u) for u in user_ids)], epoch)
            conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            return True

        return await self.writer.transaction(run)

    async def log_since(self, game_id: int) -> list[tuple[int, LogLine]]:
        """Log lines not yet posted to the channel, as (seq, line)."""
        found = await self._read(
            "SELECT l.seq, l.text, l.data FROM log l JOIN games g ON g.id = l.game_id "
            "WHERE l.game_id = ? AND l.seq > g.log_posted_seq ORDER BY l.seq",
            (game_id,),
        )
        return [(int(r[0]), LogLine.stored(r[1], r[2])) for r in found]

    async def set_log_posted(self, game_id: int, seq: int) -> None:
        await self._write("UPDATE games SET log_posted_seq = MAX(log_posted_seq, ?) WHERE id = ?", (seq, game_id))

    async def results_posted(self, game_id: int) -> bool:
        row = await self._read_one("SELECT results_posted FROM games WHERE id = ?", (game_id,))
        return bool(row and row[0])

    async def set_results_posted(self, game_id: int, message_id: int | None = None) -> None:
        """Recorded only after the results message was sent, so a failed send is retried."""
        await self._write(
            "UPDATE games SET results_posted = 1, results_message_id = COALESCE(?, results_message_id) WHERE id = ?",
            (message_id, game_id),
        )

    async def set_table_message(self, game_id: int, message_id: int | None, turn: int | None = None) -> None:
        """The game's table message; ``turn``: the turn it was posted for (when that turn is summarised,
        this message becomes the summary and a fresh table is posted below it)."""
        if turn is None:
            await self._write("UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id))
        else:
            await self._write(
                "UPDATE games SET table_message_id = ?, table_turn = ? WHERE id = ?", (message_id, turn, game_id)
            )

    # ------------------------------------------------------------------ the channel: summaries, log thread
    async def channel_marks(self, game_id: int) -> ChannelMarks:
        """What of the game the channel already shows (see migration 0006)."""
        row = await self._read_one(
            "SELECT table_message_id, table_turn, summary_posted_turn, log_thread_id, log_posted_seq, "
            "results_posted, results_message_id FROM games WHERE id = ?",
            (game_id,),
        )
        if row is None:
            raise LookupError(f"no game {game_id}")
        return ChannelMarks(row[0], int(row[1]), int(row[2]), row[3], int(row[4]), bool(row[5]), row[6])

    async def set_log_thread(self, game_id: int, thread_id: int | None) -> None:
        """The thread the log lines go to (0: none can be made, the lines stay in ``/game log``;
        None: make one again)."""
        await self._write("UPDATE games SET log_thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def turns_to_summarise(self, game_id: int, before: int | None) -> list[tuple[int, list[dict[str, Any]]]]:
        """(turn, public events) of every turn after the last summary posted and before ``before``
        (None: every turn, once the game is over), oldest first."""
        found = await self._read(
            "SELECT e.turn, e.events FROM turn_events e JOIN games g ON g.id = e.game_id "
            "WHERE e.game_id = ? AND e.turn > g.summary_posted_turn AND (? IS NULL OR e.turn < ?) "
            "ORDER BY e.turn, e.version",
            (game_id, before, before),
        )
        out: list[tuple[int, list[dict[str, Any]]]] = []
        for turn, events in found:
            if not out or out[-1][0] != turn:
                out.append((int(turn), []))
            out[-1][1].extend(json.loads(events))
        return out

    async def set_summary_posted(self, game_id: int, turn: int, table_gone: bool = False) -> None:
        """Recorded once the summary is in the channel; that turn's events are no longer needed.
        ``table_gone``: the table message became the summary, so the game has no table message now."""

        def run(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE games SET summary_posted_turn = MAX(summary_posted_turn, ?) WHERE id = ?", (turn, game_id)
            )
            if table_gone:
                conn.execute("UPDATE games SET table_message_id = NULL WHERE id = ?", (game_id,))
            conn.execute("DELETE FROM turn_events WHERE game_id = ? AND turn <= ?", (game_id, turn))

        await self.writer.transaction(run)

    # ------------------------------------------------------------------ people: notifications, recent lines
    async def language_of(self, user_id: int) -> tuple[str | None, str | None]:
        """The person's chosen language (``/game language``) and the one their Discord client last showed."""
        row = await self._read_one("SELECT language, seen_language FROM players WHERE user_id = ?", (user_id,))
        return (row[0], row[1]) if row else (None, None)

    async def language_for(self, user_id: int) -> str:
        """The person's language for texts sent outside an interaction (DMs): chosen, else seen, else English."""
        row = await self._read_one("SELECT COALESCE(language, seen_language) FROM players WHERE user_id = ?", (user_id,))
        return str(row[0]) if row and row[0] else "en"

    async def set_language(self, user_id: int, language: str | None) -> None:
        await self._write(
            "INSERT INTO players (user_id, language) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def see_language(self, user_id: int, language: str) -> None:
        """Remember the language the person's Discord client speaks (from their last interaction)."""
        await self._write(
            "INSERT INTO players (user_id, seen_language) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET seen_language = excluded.seen_language",
            (user_id, language),
            wait=False,
        )

    async def notify_mode(self, user_id: int) -> str:
        """How the person wants to hear of a new decision: 'dm' (default), 'mention' or 'quiet'."""
        row = await self._read_one("SELECT notify FROM players WHERE user_id = ?", (user_id,))
        return str(row[0]) if row else "dm"

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        await self._write(
            "INSERT INTO players (user_id, notify) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
            (user_id, mode),
        )

    async def lines_since_move(self, game_id: int, user_id: int, limit: int) -> tuple[list[LogLine], int]:
        """The last ``limit`` log lines after the person's own last move, and how many earlier ones were
        left out; nothing before their first move (the game's start is no news to them)."""
        mark = (
            "COALESCE((SELECT MAX(seq) FROM actions WHERE game_id = ? AND user_id = ? "
            "AND source NOT IN ('ai', 'timeout')), 1e18)"
        )
        total = await self._read_one(f"SELECT COUNT(*) FROM log WHERE game_id = ? AND version > {mark}", (game_id, game_id, user_id))
        found = await self._read(
            f"SELECT text, data FROM (SELECT seq, text, data FROM log WHERE game_id = ? AND version > {mark} "
            "ORDER BY seq DESC LIMIT ?) ORDER BY seq",
            (game_id, game_id, user_id, limit),
        )
        lines = [LogLine.stored(r[0], r[1]) for r in found]
        return lines, max(0, int(total[0] if total else 0) - len(lines))

    async def acted_at(self, game_id: int) -> dict[str, float]:
        """When each seat's person last made a move of their own (not the AI's, not a timeout), in epoch seconds."""
        found = await self._read(
            "SELECT seat, MAX(at) FROM actions WHERE game_id = ? AND source NOT IN ('ai', 'timeout') GROUP BY seat",
            (game_id,),
        )
        return {str(seat): datetime.fromisoformat(at).timestamp() for seat, at in found}

    async def set_deadline(self, game_id: int, seconds: int | None) -> bool:
        """The game's deadline for decisions from now on (the clocks already running keep theirs)."""
        return (
            await self._write(
                "UPDATE games SET deadline_seconds = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
                (seconds, self.now(), game_id),
            )
            == 1
        )

    # ------------------------------------------------------------------ seats
    async def seats(self, game_id: int) -> list[SeatRow]:
        found = await self._read(
            "SELECT position, seat, user_id, display_name, is_ai, ai_level, ai_since, timeouts, away_turns "
            "FROM seats WHERE game_id = ? ORDER BY position",
            (game_id,),
        )
        return [SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7], r[8]) for r in found]

    async def add_seat(
        self,
        game_id: int,
        user_id: int | None,
        name: str,
        is_ai: bool,
        ai_level: str | None = None,
        max_seats: int = 5,
    ) -> str | None:
        """Seat a person (or an AI) in a lobby, decided against the stored game in the same transaction:
        None when seated, else why not: ``"not_lobby"`` (it started or ended meanwhile), ``"seated"``
        (this person already is), ``"full"``."""

        def add(conn: sqlite3.Connection) -> str | None:
            status = one(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if status is None or status[0] != "lobby":
                return "not_lobby"
            if user_id is not None and one(conn, "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)):
                return "seated"
            row = one(conn, "SELECT COUNT(*), COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?", (game_id,))
            taken, position = (int(row[0]), int(row[1])) if row else (0, 0)
            if taken >= max_seats:
                return "full"
            conn.execute(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai, ai_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, position, f"p{position + 1}", user_id, name, int(is_ai), ai_level),
            )
            return None

        return await self.writer.transaction(add)

    async def remove_seat(self, game_id: int, position: int) -> bool:
        """Remove a lobby seat and renumber the rest, so seats stay p1..pN in order; False (nothing changed)
        if the game is no longer a lobby: a leave that lands after the deal must not renumber dealt seats."""

        def remove(conn: sqlite3.Connection) -> bool:
            status = one(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if status is None or status[0] != "lobby":
                return False
            conn.execute("DELETE FROM seats WHERE game_id = ? AND position = ?", (game_id, position))
            rest = [r[0] for r in rows(conn, "SELECT position FROM seats WHERE game_id = ? ORDER BY position", (game_id,))]
            for new, old in enumerate(rest):
                conn.execute(
                    "UPDATE seats SET position = ?, seat = ? WHERE game_id = ? AND position = ?",
                    (new, f"p{new + 1}", game_id, old),
                )
            return True

        return await self.writer.transaction(remove)

    async def set_away(
        self,
        game_id: int,
        seat: str,
        turn: int,
        away: bool,
        log_lines: Sequence[LogLine],
        wants: Sequence[Want],
        waiting: Sequence[tuple[str, int, int]],
    ) -> bool:
        """Hand a person's seat to the AI (``away``) or give it back, with its log line, its deliveries and
        the game's clocks, in one transaction. False if the game is not running or the seat already was so."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: sqlite3.Connection) -> bool:
            row = one(conn, "SELECT version FROM games WHERE id = ? AND status = 'active'", (game_id,))
            if row is None:
                return False
            if away:
                changed = _hand_to_ai(conn, game_id, seat, turn)
            else:
                changed = (
                    conn.execute(
                        "UPDATE seats SET is_ai = 0, ai_level = NULL, ai_since = NULL, timeouts = 0, "
                        "away_turns = away_turns || CASE WHEN away_turns = '' THEN '' ELSE ', ' END || "
                        "CASE WHEN ai_since = ? THEN CAST(? AS TEXT) ELSE ai_since || '-' || ? END "
                        "WHERE game_id = ? AND seat = ? AND ai_since IS NOT NULL",
                        (turn, turn, turn, game_id, seat),
                    ).rowcount
                    == 1
                )
            if not changed:
                return False
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, wants, epoch)
            _sync_deadlines(conn, game_id, waiting, epoch)
            return True

        return await self.writer.transaction(run)

    # ------------------------------------------------------------------ playing
    async def start_game(
        self,
        game_id: int,
        state: str,
        decision_since: dict[str, int],
        log_lines: Sequence[LogLine],
        version: int,
        wants: Sequence[Want] = (),
        waiting: Sequence[tuple[str, int, int]] = (),
        seats: Sequence[tuple[str, int | None]] | None = None,
    ) -> bool:
        """Lobby → active with the first snapshot; False if the lobby was already started or closed.

        ``seats``: the (seat, user id) the game was dealt for, in order. Raises ``LobbyChanged`` (and
        writes nothing) if the stored seats differ: someone joined or left while the cards were dealt.
        """
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def start(conn: sqlite3.Connection) -> bool:
            status = one(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if status is None or status[0] != "lobby":
                return False
            if seats is not None and _seat_list(conn, game_id) != [tuple(s) for s in seats]:
                raise LobbyChanged(f"the seats of game {game_id} changed during the start")
            conn.execute(
                "UPDATE games SET status = 'active', version = ?, decision_since = ?, updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (version, json.dumps(decision_since), now, game_id),
            )
            _begin(conn, game_id, version, state, log_rows, wants, waiting, now, epoch)
            return True

        return await self.writer.transaction(start)

    async def start_next_game(
        self,
        series_id: int,
        previous: int,
        seed: int,
        state: str,
        decision_since: dict[str, int],
        log_lines: Sequence[LogLine],
        version: int,
        wants: Sequence[Want],
        waiting: Sequence[tuple[str, int, int]],
        seats: Sequence[tuple[str, int | None]],
    ) -> int | None:
        """A cup's next game, created and started in one transaction (so no join or leave can land between
        the two): the seats of game ``previous`` (people as people again, AI seats at their level), its
        variant, options, deadline and language, dealt as ``state``. Its id; None if the cup ended,
        ``previous`` is not its latest game or is not over, or the channel has an open game (someone was
        quicker). ``seats`` are the (seat, user id) the game was dealt for."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def create(conn: sqlite3.Connection) -> int | None:
            last = one(
                conn,
                "SELECT g.id, g.status, g.channel_id FROM games g JOIN series s ON s.id = g.series_id "
                "WHERE g.series_id = ? AND s.status = 'running' ORDER BY g.id DESC LIMIT 1",
                (series_id,),
            )
            if last is None or last[0] != previous or last[1] not in ("over", "abandoned"):
                return None
            if one(conn, "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (last[2],)):
                return None
            game_id = conn.execute(
                "INSERT INTO games (guild_id, channel_id, channel_name, host_id, status, variant, secret_archives, "
                "seed, version, decision_since, created_at, updated_at, deadline_seconds, series_id, language) "
                "SELECT guild_id, channel_id, channel_name, host_id, 'active', variant, secret_archives, ?, ?, ?, ?, ?, "
                "deadline_seconds, series_id, language FROM games WHERE id = ?",
                (seed, version, json.dumps(decision_since), now, now, previous),
            ).lastrowid
            assert game_id is not None
            conn.execute(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai, ai_level) "
                "SELECT ?, position, seat, user_id, display_name, user_id IS NULL AND is_ai, "
                "CASE WHEN user_id IS NULL THEN ai_level END FROM seats WHERE game_id = ?",
                (game_id, previous),
            )
            if _seat_list(conn, game_id) != [tuple(s) for s in seats]:
                raise LobbyChanged(f"the seats of game {previous} are not the ones dealt for its next game")
            _begin(conn, game_id, version, state, log_rows, wants, waiting, now, epoch)
            return int(game_id)

        return await self.writer.transaction(create)

    async def record(self, move: Move) -> None:
        """Commit one applied move and the deliveries it calls for, in one transaction.

        Raises ``StaleVersion`` (and writes nothing) if the game is no longer at the version
        the move was computed from.
        """
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(move.log_lines)

        def write(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                "UPDATE games SET version = ?, decision_since = ?, updated_at = ?, status = ?, "
                "finished_at = CASE WHEN ? THEN ? ELSE finished_at END WHERE id = ? AND version = ? AND status = 'active' "
                "AND paused IS NULL",
                (
                    move.version,
                    json.dumps(move.decision_since),
                    now,
                    "over" if move.finished else "active",
                    int(move.finished),
                    now,
                    move.game_id,
                    move.version - 1,
                ),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"game {move.game_id} is not at version {move.version - 1}")
            conn.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, text, source, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (move.game_id, move.version, move.seat, move.user_id, move.text, move.source, now),
            )
            if move.snapshot is not None:
                conn.execute(
                    "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)",
                    (move.game_id, move.version, move.snapshot, now),
                )
            if move.source == "timeout":
                conn.execute(
                    "UPDATE seats SET timeouts = timeouts + 1 WHERE game_id = ? AND seat = ?", (move.game_id, move.seat)
                )
            elif move.source != "ai":
                conn.execute("UPDATE seats SET timeouts = 0 WHERE game_id = ? AND seat = ?", (move.game_id, move.seat))
            if move.handover is not None:
                _hand_to_ai(conn, move.game_id, *move.handover)
            _add_log(conn, move.game_id, move.version, log_rows, now)
            conn.executemany(
                "INSERT INTO turn_events (game_id, version, turn, events) VALUES (?, ?, ?, ?)",
                [(move.game_id, move.version, turn, events) for turn, events in move.events],
            )
            _want(conn, move.game_id, move.wants, epoch)
            _sync_deadlines(conn, move.game_id, move.waiting, epoch)
            _add_results(conn, move.game_id, move.results, now)

        await self.writer.transaction(write)

    async def load(self, game_id: int) -> tuple[str, list[tuple[int, str, str]]]:
        """The latest snapshot and every action after it as (seq, seat, text), read in one transaction."""

        def read(conn: sqlite3.Connection) -> tuple[str, list[tuple[int, str, str]]]:
            conn.execute("BEGIN")
            try:
                row = one(
                    conn,
                    "SELECT version, state FROM snapshots WHERE game_id = ? ORDER BY version DESC LIMIT 1",
                    (game_id,),
                )
                if row is None:
                    raise LookupError(f"game {game_id} has no snapshot")
                actions = rows(
                    conn, "SELECT seq, seat, text FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, row[0])
                )
            finally:
                conn.execute("COMMIT")
            return str(row[1]), [(int(r[0]), str(r[1]), str(r[2])) for r in actions]

        return await self.reader.call(read)

    async def log_tail(self, game_id: int, limit: int) -> list[LogLine]:
        found = await self._read(
            "SELECT text, data FROM (SELECT seq, text, data FROM log WHERE game_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq",
            (game_id, limit),
        )
        return [LogLine.stored(r[0], r[1]) for r in found]

    async def action_count(self, game_id: int) -> int:
        row = await self._read_one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    async def action(self, game_id: int, seq: int) -> tuple[int | None, str, str] | None:
        """(user id, text, source) of one stored action."""
        row = await self._read_one("SELECT user_id, text, source FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq))
        return (row[0], row[1], row[2]) if row else None

    # ------------------------------------------------------------------ DM prompts
    async def prompt(self, game_id: int, user_id: int) -> tuple[int, int, int] | None:
        """(DM channel id, message id, decision since) of the prompt a player was last sent."""
        row = await self._read_one(
            "SELECT channel_id, message_id, since FROM prompts WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return (row[0], row[1], row[2]) if row else None

    async def set_prompt(self, game_id: int, user_id: int, channel_id: int, message_id: int, since: int) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO prompts (game_id, user_id, channel_id, message_id, since) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, since = excluded.since",
                (game_id, user_id, channel_id, message_id, since),
            )
            conn.execute(
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                (user_id, channel_id),
            )

        await self.writer.transaction(write)

    async def clear_prompt(self, game_id: int, user_id: int, message_id: int | None = None) -> None:
        """The player's prompt asks nothing any more (only that message, if ``message_id`` is given).

        The message is kept, dated ``RETIRED``: the player's next decision in a burst edits it
        rather than coming as a new DM."""
        if message_id is None:
            await self._write("UPDATE prompts SET since = ? WHERE game_id = ? AND user_id = ?", (RETIRED, game_id, user_id))
        else:
            await self._write(
                "UPDATE prompts SET since = ? WHERE game_id = ? AND user_id = ? AND message_id = ?",
                (RETIRED, game_id, user_id, message_id),
            )

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._read_one("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return int(row[0]) if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
            (user_id, channel_id),
        )

    # ------------------------------------------------------------------ deliveries
    async def want_once(self, game_id: int, kind: str, target: int, hint: str = "") -> bool:
        """A one-time delivery (a notice): True if it was new, False if it was asked for before."""
        return (
            await self._write(
                "INSERT OR IGNORE INTO deliveries (game_id, kind, target, due_at, hint) VALUES (?, ?, ?, ?, ?)",
                (game_id, kind, target, self.epoch(), hint),
            )
            == 1
        )

    async def want(self, game_id: int, kind: str, target: int, hint: str = "") -> None:
        """Ask for one more delivery outside a move (e.g. a mention a prompt delivery found due)."""
        epoch = self.epoch()
        await self.writer.transaction(lambda conn: _want(conn, game_id, [Want(kind, target, hint=hint)], epoch))

    async def due_now(self, game_id: int, kind: str) -> None:
        """Bring a game's undelivered rows of ``kind`` forward to now (they waited for another delivery)."""
        await self._write(
            "UPDATE deliveries SET due_at = MIN(due_at, ?) WHERE game_id = ? AND kind = ? AND wanted > done AND attempts = 0",
            (self.epoch(), game_id, kind),
        )

    async def release_leases(self) -> None:
        """At start-up of the only worker: leases of a process that died are void."""
        await self._write("UPDATE deliveries SET lease_until = 0 WHERE lease_until > 0")

    async def claim_deliveries(
        self, limit: int, lease: float, skip: Sequence[tuple[int, str, int]] = (), retries: bool = True
    ) -> list[Delivery]:
        """Lease up to ``limit`` due deliveries (oldest due first) for ``lease`` seconds; without ``retries``,
        only those that have not failed yet."""
        if limit <= 0:
            return []
        now = self.epoch()

        def claim(conn: sqlite3.Connection) -> list[Delivery]:
            found = rows(
                conn,
                "SELECT d.game_id, d.kind, d.target, d.wanted, d.attempts, d.hint FROM deliveries d "
                f"JOIN games g ON g.id = d.game_id WHERE d.wanted > d.done AND d.due_at <= ? AND d.lease_until <= ? "
                f"AND {_NOT_HELD} {'' if retries else 'AND d.attempts = 0'} ORDER BY d.due_at LIMIT ?",
                (now, now, limit + len(skip)),
            )
            skipped = set(skip)
            claimed = [Delivery(*r) for r in found if (r[0], r[1], r[2]) not in skipped][:limit]
            for d in claimed:
                conn.execute(
                    "UPDATE deliveries SET lease_until = ? WHERE game_id = ? AND kind = ? AND target = ?",
                    (now + lease, *d.key),
                )
            return claimed

        return await self.writer.transaction(claim)

    async def next_due(self) -> float | None:
        """The epoch second at which the next delivery falls due (None: nothing waits)."""
        row = await self._read_one(
            "SELECT MIN(MAX(d.due_at, d.lease_until)) FROM deliveries d JOIN games g ON g.id = d.game_id "
            f"WHERE d.wanted > d.done AND {_NOT_HELD}"
        )
        return float(row[0]) if row and row[0] is not None else None

    async def delivered(self, d: Delivery, gap: float = 0.0) -> None:
        """Mark what was claimed as delivered; requests that came meanwhile wait at least ``gap`` seconds.
        A delivery to the game's channel that went through also clears its count of refused calls."""
        epoch = self.epoch()

        def run(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE deliveries SET done = MAX(done, ?), attempts = 0, last_error = NULL, lease_until = 0, "
                "due_at = CASE WHEN wanted > ? THEN MAX(due_at, ?) ELSE due_at END "
                "WHERE game_id = ? AND kind = ? AND target = ?",
                (d.wanted, d.wanted, epoch + gap, *d.key),
            )
            if d.kind in CHANNEL_KINDS:
                conn.execute("UPDATE games SET channel_failures = 0 WHERE id = ? AND channel_failures > 0", (d.game_id,))

        await self.writer.transaction(run)

    async def retry_later(self, d: Delivery, delay: float, error: str) -> None:
        await self._write(
            "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, last_error = ?, lease_until = 0 "
            "WHERE game_id = ? AND kind = ? AND target = ?",
            (self.epoch() + delay, error[:500], *d.key),
        )

    async def pending_deliveries(self) -> list[tuple[int, str, int, int, int, float, str | None]]:
        """(game, kind, target, wanted, done, due_at, last error) of every undelivered row (for checks and tests)."""
        found = await self._read(
            "SELECT game_id, kind, target, wanted, done, due_at, last_error FROM deliveries WHERE wanted > done"
        )
        return [tuple(r) for r in found]


    # ------------------------------------------------------------------ a channel the bot cannot reach
    async def channel_refused(self, game_id: int) -> int:
        """One more refused call to the game's channel; how many in a row now."""

        def run(conn: sqlite3.Connection) -> int:
            conn.execute("UPDATE games SET channel_failures = channel_failures + 1 WHERE id = ?", (game_id,))
            row = one(conn, "SELECT channel_failures FROM games WHERE id = ?", (game_id,))
            return int(row[0]) if row else 0

        return await self.writer.transaction(run)

    async def pause(self, game_id: int, reason: str, log_lines: Sequence[LogLine]) -> bool:
        """Pause a running (or finished but not yet shown) game whose channel the bot cannot reach, and ask
        for a DM to every person in it and its host, in one transaction. False if it was paused already
        (a deleted channel still turns "no access" into "gone", without new DMs) or is not running."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: sqlite3.Connection) -> bool:
            row = one(conn, "SELECT version, paused, host_id FROM games WHERE id = ? AND status IN ('active', 'over')", (game_id,))
            if row is None:
                return False
            if row[1] is not None:
                if reason == "gone":
                    conn.execute("UPDATE games SET paused = 'gone' WHERE id = ?", (game_id,))
                return False
            conn.execute("UPDATE games SET paused = ?, paused_at = ? WHERE id = ?", (reason, epoch, game_id))
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, [Want("paused", u, hint=reason) for u in _people(conn, game_id, int(row[2]))], epoch)
            return True

        return await self.writer.transaction(run)

    async def resume(
        self,
        game_id: int,
        log_lines: Sequence[LogLine],
        channel: tuple[int, str] | None = None,
        guild_id: int | None = None,
    ) -> str | None:
        """Let a paused game go on: every decision clock moves on by the time it stood still, what it held
        back is due now, and each person is told by DM. With ``channel`` (id, name) the game moves there
        (its deleted channel's messages are not posted again). None when done, else why not: "running"
        (it was not paused), "busy" (the new channel has an open game)."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: sqlite3.Connection) -> str | None:
            row = one(conn, "SELECT version, paused_at, host_id FROM games WHERE id = ? AND paused IS NOT NULL", (game_id,))
            if row is None:
                return "running"
            if channel is not None:
                if one(conn, "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active') AND id != ?", (channel[0], game_id)):
                    return "busy"
                conn.execute(
                    "UPDATE games SET channel_id = ?, channel_name = ?, guild_id = COALESCE(?, guild_id), "
                    "table_message_id = NULL, table_turn = -1, log_thread_id = NULL, results_message_id = NULL "
                    "WHERE id = ?",
                    (channel[0], channel[1], guild_id, game_id),
                )
            shift = max(0.0, epoch - float(row[1] or epoch))
            conn.execute("UPDATE games SET paused = NULL, paused_at = NULL, channel_failures = 0 WHERE id = ?", (game_id,))
            conn.execute(
                "UPDATE deadlines SET remind_at = remind_at + ?, warn_at = warn_at + ?, due_at = due_at + ?, "
                "next_at = next_at + ?, lease_until = 0 WHERE game_id = ?",
                (shift, shift, shift, shift, game_id),
            )
            conn.execute(
                "UPDATE deliveries SET attempts = 0, due_at = MIN(due_at, ?) WHERE game_id = ? AND wanted > done",
                (epoch, game_id),
            )
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, [Want("channel"), *(Want("resumed", u) for u in _people(conn, game_id, int(row[2])))], epoch)
            return None

        return await self.writer.transaction(run)

    async def games_in_guild(self, guild_id: int) -> list[GameRow]:
        """The lobbies and running games of a server, and its finished games whose results are not shown yet."""
        return await self._games_to_show("guild_id", guild_id)

    async def games_in_channel(self, channel_id: int) -> list[GameRow]:
        """The lobby or running game of a channel or thread, and a finished game there whose results are not shown yet."""
        return await self._games_to_show("channel_id", channel_id)

    async def _games_to_show(self, column: str, value: int) -> list[GameRow]:
        assert column in ("guild_id", "channel_id")
        return await self._games(
            f"SELECT {_GAME_COLS} FROM games WHERE {column} = ? AND "
            "(status IN ('lobby', 'active') OR (status = 'over' AND results_posted = 0)) ORDER BY id",
            (value,),
        )

    async def paused_games(self, guild_id: int) -> list[GameRow]:
        """A server's paused games, oldest first (``/game resume`` in another channel picks among them)."""
        return await self._games(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id = ? AND paused IS NOT NULL ORDER BY id", (guild_id,)
        )

    # ------------------------------------------------------------------ closed DMs
    async def dm_closed_until(self, user_id: int) -> float | None:
        """Until when no DM is tried for this person (their DMs were found closed), if that is still ahead."""
        row = await self._read_one("SELECT dm_closed_until FROM players WHERE user_id = ?", (user_id,))
        return float(row[0]) if row and row[0] is not None and float(row[0]) > self.epoch() else None

    async def set_dm_closed(self, user_id: int, seconds: float) -> None:
        """Their DMs are closed: try again no sooner than ``seconds`` from now."""
        await self._write(
            "INSERT INTO players (user_id, dm_closed_until) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_closed_until = excluded.dm_closed_until",
            (user_id, self.epoch() + seconds),
        )

    # ------------------------------------------------------------------ mending seats (start-up)
    async def mend_seats(self, game_id: int, extra: Sequence[str], end: bool, log_lines: Sequence[LogLine]) -> bool:
        """Mend a game written by the join/start race of earlier releases: drop the seat rows ``extra``
        (seats never dealt in) and, with ``end`` (a dealt seat has no row: nobody can tell whose it is), end
        the game as abandoned; each person it concerns is told by DM (a ``repaired`` delivery whose hint
        says which). False if the game is no longer running."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: sqlite3.Connection) -> bool:
            row = one(conn, "SELECT version FROM games WHERE id = ? AND status = 'active'", (game_id,))
            if row is None:
                return False
            dropped = [
                int(r[0])
                for seat in extra
                for r in rows(conn, "SELECT user_id FROM seats WHERE game_id = ? AND seat = ? AND user_id IS NOT NULL", (game_id, seat))
            ]
            conn.executemany("DELETE FROM seats WHERE game_id = ? AND seat = ?", [(game_id, seat) for seat in extra])
            conn.executemany("DELETE FROM deadlines WHERE game_id = ? AND seat = ?", [(game_id, seat) for seat in extra])
            conn.executemany("DELETE FROM deliveries WHERE game_id = ? AND target = ? AND kind != 'repaired'", [(game_id, u) for u in dropped])
            wants = [Want("repaired", u, hint="dropped") for u in dropped]
            if end:
                conn.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ?, finished_at = ? WHERE id = ?", (now, now, game_id)
                )
                conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
                people = _people(conn, game_id)
                wants += [Want("channel"), *(Want("prompt", u) for u in people), *(Want("repaired", u, hint="ended") for u in people)]
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, wants, epoch)
            return True

        return await self.writer.transaction(run)

    # ------------------------------------------------------------------ deadlines
    async def deadlines(self, game_id: int) -> list[Deadline]:
        """The decision clocks running in a game (for ``/game status``)."""
        found = await self._read(f"SELECT {_DEADLINE_COLS} FROM deadlines WHERE game_id = ? ORDER BY due_at", (game_id,))
        return [Deadline(*r) for r in found]

    async def deadline_stands(self, game_id: int, user_id: int, since: int) -> float | None:
        """When that decision of the user falls due, if it still waits (a reminder for an answered one is
        dropped); the clock's own time, which a pause may have moved on since the reminder was asked for."""
        row = await self._read_one(
            "SELECT due_at FROM deadlines WHERE game_id = ? AND user_id = ? AND since = ?", (game_id, user_id, since)
        )
        return float(row[0]) if row is not None else None

    async def release_deadline_leases(self) -> None:
        """At start-up of the only worker: leases of a process that died are void."""
        await self._write("UPDATE deadlines SET lease_until = 0 WHERE lease_until > 0")

    async def claim_deadline(self, lease: float) -> Deadline | None:
        """Lease the deadline whose next stage fell due first (oldest first, so catch-up keeps order)."""
        now = self.epoch()

        def claim(conn: sqlite3.Connection) -> Deadline | None:
            row = one(
                conn,
                # ordered by the time of the stage that will be handled (the latest one due: after
                # downtime an overdue decision times out at once), so catch-up keeps the real order
                f"SELECT {_DEADLINE_COLS} FROM deadlines WHERE next_at <= ? AND lease_until <= ? AND {_RUNNING} "
                "ORDER BY CASE WHEN due_at <= ? THEN due_at WHEN warn_at <= ? AND stage < 2 THEN warn_at "
                "ELSE next_at END, game_id, seat LIMIT 1",
                (now, now, now, now),
            )
            if row is None:
                return None
            d = Deadline(*row)
            conn.execute(
                "UPDATE deadlines SET lease_until = ? WHERE game_id = ? AND seat = ? AND since = ?",
                (now + lease, d.game_id, d.seat, d.since),
            )
            return d

        return await self.writer.transaction(claim)

    async def next_deadline(self) -> float | None:
        """The epoch second at which the next deadline stage falls due (None: no clock runs)."""
        row = await self._read_one(f"SELECT MIN(MAX(next_at, lease_until)) FROM deadlines WHERE {_RUNNING}")
        return float(row[0]) if row and row[0] is not None else None

    async def advance_deadline(self, d: Deadline, stage: int, want: Want) -> bool:
        """Record that ``stage`` (1 reminded, 2 warned) is done and ask for its delivery, in one transaction.

        False (and nothing written) if the decision moved on meanwhile.
        """
        epoch = self.epoch()
        next_at = d.warn_at if stage == 1 else d.due_at

        def run(conn: sqlite3.Connection) -> bool:
            cur = conn.execute(
                "UPDATE deadlines SET stage = ?, next_at = ?, lease_until = 0, attempts = 0, last_error = NULL "
                "WHERE game_id = ? AND seat = ? AND since = ?",
                (stage, next_at, d.game_id, d.seat, d.since),
            )
            if cur.rowcount != 1:
                return False
            _want(conn, d.game_id, [want], epoch)
            return True

        return await self.writer.transaction(run)

    async def drop_deadline(self, d: Deadline) -> None:
        """Forget a clock whose decision no longer waits (only that decision's: a newer one keeps its row)."""
        await self._write(
            "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND since = ?", (d.game_id, d.seat, d.since)
        )

    async def deadline_retry(self, d: Deadline, delay: float, error: str) -> None:
        await self._write(
            "UPDATE deadlines SET attempts = attempts + 1, next_at = ?, last_error = ?, lease_until = 0 "
            "WHERE game_id = ? AND seat = ? AND since = ?",
            (self.epoch() + delay, error[:500], d.game_id, d.seat, d.since),
        )

    # ------------------------------------------------------------------ results, Apocalypse Cups, stats
    async def series(self, series_id: int) -> SeriesRow | None:
        row = await self._read_one(f"SELECT {_SERIES_COLS} FROM series WHERE id = ?", (series_id,))
        return SeriesRow(*row) if row else None

    async def series_in(self, channel_id: int) -> SeriesRow | None:
        """The channel's latest Apocalypse Cup, running or not (``/game next``, ``/game cup``)."""
        row = await self._read_one(
            f"SELECT {_SERIES_COLS} FROM series WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return SeriesRow(*row) if row else None

    async def series_games(self, series_id: int) -> list[GameRow]:
        """Every game of a cup, the first one first (abandoned ones too)."""
        return await self._games(f"SELECT {_GAME_COLS} FROM games WHERE series_id = ? ORDER BY id", (series_id,))

    async def series_results(self, series_id: int, up_to: int | None = None) -> list[tuple[int, ResultRow]]:
        """(game id, row) of every finished game of a cup (up to game ``up_to``), in game and seat order."""
        found = await self._read(
            "SELECT r.game_id, r.seat, r.user_id, r.display_name, r.place, r.wounds FROM results r "
            "JOIN games g ON g.id = r.game_id WHERE g.series_id = ? AND r.game_id <= ? ORDER BY r.game_id, r.seat",
            (series_id, up_to if up_to is not None else 2**62),
        )
        return [(r[0], ResultRow(*r[1:])) for r in found]

    async def results(self, game_id: int) -> list[ResultRow]:
        found = await self._read(
            "SELECT seat, user_id, display_name, place, wounds FROM results WHERE game_id = ? ORDER BY place",
            (game_id,),
        )
        return [ResultRow(*r) for r in found]

    async def games_missing_results(self) -> list[int]:
        """Finished games without results rows: those that ended before results were kept."""
        found = await self._read(
            "SELECT id FROM games g WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) "
            "ORDER BY id"
        )
        return [int(r[0]) for r in found]

    async def add_results(self, game_id: int, results: Sequence[ResultRow]) -> bool:
        """Write a finished game's results if it has none yet (the back-fill); False if it had them."""
        now = self.now()

        def run(conn: sqlite3.Connection) -> bool:
            if one(conn, "SELECT 1 FROM results WHERE game_id = ?", (game_id,)):
                return False
            _add_results(conn, game_id, results, now)
            return True

        return await self.writer.transaction(run)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """A person's finished games in one server; AI seats have no user id and never count."""
        row = await self._read_one(
            "SELECT COUNT(*), COALESCE(SUM(r.place = 1), 0), COALESCE(SUM(r.wounds), 0), MIN(r.wounds) "
            "FROM results r JOIN games g ON g.id = r.game_id WHERE g.guild_id = ? AND r.user_id = ?",
            (guild_id, user_id),
        )
        return PlayerStats(*row) if row else PlayerStats(0, 0, 0, None)


_SERIES_COLS = "id, guild_id, channel_id, host_id, target, status"


def _add_results(conn: sqlite3.Connection, game_id: int, results: Sequence[ResultRow], now: str) -> None:
    """A finished game's results; if the game is part of a running cup and someone's total now reaches
    the cup's target, the cup is over, in this same transaction."""
    if not results:
        return
    conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, display_name, place, wounds) VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, r.seat, r.user_id, r.display_name, r.place, r.wounds) for r in results],
    )
    row = one(
        conn,
        "SELECT s.id, s.target FROM games g JOIN series s ON s.id = g.series_id WHERE g.id = ? AND s.status = 'running'",
        (game_id,),
    )
    if row is None:
        return
    top = one(
        conn,
        "SELECT MAX(total) FROM (SELECT SUM(r.wounds) AS total FROM results r JOIN games g ON g.id = r.game_id "
        "WHERE g.series_id = ? GROUP BY r.seat)",
        (row[0],),
    )
    if top is not None and top[0] is not None and top[0] >= row[1]:
        conn.execute("UPDATE series SET status = 'over', finished_at = ? WHERE id = ?", (now, row[0]))


def _people(conn: sqlite3.Connection, game_id: int, host_id: int | None = None) -> list[int]:
    """Every person seated in a game (also those the AI plays for), and its host if given, each once."""
    found = {int(r[0]) for r in rows(conn, "SELECT user_id FROM seats WHERE game_id = ? AND user_id IS NOT NULL", (game_id,))}
    return sorted(found | ({host_id} if host_id is not None else set()))


def _seat_list(conn: sqlite3.Connection, game_id: int) -> list[tuple[str, int | None]]:
    """A game's stored (seat, user id), in seat order."""
    return [(str(r[0]), r[1]) for r in rows(conn, "SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,))]


def _begin(
    conn: sqlite3.Connection,
    game_id: int,
    version: int,
    state: str,
    log_rows: Sequence[tuple[str, str]],
    wants: Sequence[Want],
    waiting: Sequence[tuple[str, int, int]],
    now: str,
    epoch: float,
) -> None:
    """What a game's start writes besides its status: the first snapshot, the first log line, the first
    deliveries and the first clocks."""
    conn.execute("INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)", (game_id, version, state, now))
    _add_log(conn, game_id, version, log_rows, now)
    _want(conn, game_id, wants, epoch)
    _sync_deadlines(conn, game_id, waiting, epoch)


def _hand_to_ai(conn: sqlite3.Connection, game_id: int, seat: str, turn: int) -> bool:
    """The AI (level normal) plays a person's seat from ``turn`` on; the seat keeps the person's user id."""
    cur = conn.execute(
        "UPDATE seats SET is_ai = 1, ai_level = 'normal', ai_since = ?, timeouts = 0 "
        "WHERE game_id = ? AND seat = ? AND is_ai = 0 AND user_id IS NOT NULL",
        (turn, game_id, seat),
    )
    conn.execute("DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat))
    return cur.rowcount == 1


def _sync_deadlines(conn: sqlite3.Connection, game_id: int, waiting: Sequence[tuple[str, int, int]], epoch: float) -> None:
    """Make the game's clocks match the decisions people have after a move.

    A decision that still stands (same seat, same ``since``) keeps its clock; a new one gets a
    clock of the game's current setting, starting now; a decision that ended loses its clock.
    """
    keep = [seat for seat, _, _ in waiting]
    conn.execute(
        f"DELETE FROM deadlines WHERE game_id = ? AND seat NOT IN ({', '.join('?' * len(keep))})",
        (game_id, *keep),
    )
    row = one(conn, "SELECT deadline_seconds FROM games WHERE id = ?", (game_id,))
    seconds = row[0] if row else None
    for seat, user_id, since in waiting:
        if seconds is None:
            conn.execute("DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND since != ?", (game_id, seat, since))
            continue
        remind, warn, due = epoch + seconds / 2, epoch + seconds * 3 / 4, epoch + seconds
        conn.execute(
            "INSERT INTO deadlines (game_id, seat, user_id, since, opened_at, remind_at, warn_at, due_at, stage, next_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, since = excluded.since, "
            "opened_at = excluded.opened_at, remind_at = excluded.remind_at, warn_at = excluded.warn_at, "
            "due_at = excluded.due_at, stage = 0, next_at = excluded.next_at, lease_until = 0, attempts = 0, "
            "last_error = NULL WHERE deadlines.since != excluded.since",
            (game_id, seat, user_id, since, epoch, remind, warn, due, remind),
        )


def _want(conn: sqlite3.Connection, game_id: int, wants: Sequence[Want], epoch: float) -> None:
    """Ask for each delivery: a new row, or one more request on the row (keeping a retry's back-off)."""
    for w in wants:
        conn.execute(
            "INSERT INTO deliveries (game_id, kind, target, wanted, done, due_at, hint) VALUES (?, ?, ?, 1, 0, ?, ?) "
            "ON CONFLICT (game_id, kind, target) DO UPDATE SET "
            "wanted = MAX(deliveries.wanted, deliveries.done) + 1, hint = excluded.hint, "
            "due_at = CASE WHEN deliveries.attempts > 0 THEN deliveries.due_at "
            "WHEN deliveries.wanted > deliveries.done THEN MIN(deliveries.due_at, excluded.due_at) "
            "ELSE excluded.due_at END",
            (game_id, w.kind, w.target, epoch + w.delay, w.hint),
        )


def _log_rows(lines: Sequence[LogLine]) -> list[tuple[str, str]]:
    """Each line as the log table keeps it: in English (``text``, for a person reading the database) and as
    what happened (``data``, rendered per reader). Made before the transaction, off the writer's thread."""
    return [(line.text("en"), line.dumps()) for line in lines]


def _add_log(
    conn: sqlite3.Connection, game_id: int, version: int, lines: Sequence[tuple[str, str]], now: str
) -> None:
    if not lines:
        return
    row = one(conn, "SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,))
    seq = int(row[0]) if row else 0
    conn.executemany(
        "INSERT INTO log (game_id, seq, version, text, data, at) VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, seq + k + 1, version, text, data, now) for k, (text, data) in enumerate(lines)],
    )


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no ';' inside literals)."""
    lines = [ln for ln in sql.splitlines() if not ln.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
