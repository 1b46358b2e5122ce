"""SQLite storage through aiosqlite: migrations, games, seats, the action log and snapshots.

Every write that belongs to one move happens in one transaction, so a crash leaves
either the whole move or none of it. A game loads from its latest snapshot plus the
actions after it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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


@dataclass(frozen=True)
class SeatRow:
    position: int
    seat: str
    user_id: int | None
    display_name: str
    is_ai: bool


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
    log_lines: Sequence[str]
    snapshot: str | None
    finished: bool


_GAME_COLS = (
    "id, guild_id, channel_id, channel_name, host_id, status, variant, secret_archives, seed, "
    "version, decision_since, table_message_id"
)


def _game(row: Iterable[Any]) -> GameRow:
    r = list(row)
    return GameRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8], r[9], json.loads(r[10]), r[11])


class Store:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    @classmethod
    async def open(cls, path: str, migrations: Path = MIGRATIONS_DIR) -> Store:
        db = await aiosqlite.connect(path, isolation_level=None)
        store = cls(db)
        for pragma in ("journal_mode=WAL", "busy_timeout=5000", "foreign_keys=ON", "synchronous=NORMAL"):
            await store._run(f"PRAGMA {pragma}")
        await store.migrate(migrations)
        return store

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Cursor:
        """Execute and close the cursor at once (an open cursor would block COMMIT)."""
        cur = await self.db.execute(sql, params)
        await cur.close()
        return cur

    async def _run_many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        cur = await self.db.executemany(sql, rows)
        await cur.close()

    async def close(self) -> None:
        await self.db.close()

    # ------------------------------------------------------------------ migrations
    async def migrate(self, folder: Path = MIGRATIONS_DIR) -> list[str]:
        """Apply the numbered ``.sql`` files not applied yet, in order; returns their names."""
        await self._run(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
            "applied_at TEXT NOT NULL)"
        )
        async with self.db.execute("SELECT version FROM schema_migrations") as cur:
            done = {r[0] for r in await cur.fetchall()}
        applied = []
        for path in sorted(folder.glob("*.sql")):
            m = _MIGRATION_NAME.match(path.name)
            if not m:
                raise ValueError(f"migration file {path.name} must be named NNNN_name.sql")
            version = int(m.group(1))
            if version in done:
                continue
            await self._run("BEGIN IMMEDIATE")
            try:
                for statement in _statements(path.read_text(encoding="utf-8")):
                    await self._run(statement)
                await self._run(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (version, path.name, now()),
                )
                await self._run("COMMIT")
            except BaseException:
                await self._run("ROLLBACK")
                raise
            applied.append(path.name)
        return applied

    async def applied_migrations(self) -> list[tuple[int, str]]:
        async with self.db.execute("SELECT version, name FROM schema_migrations ORDER BY version") as cur:
            return [(r[0], r[1]) for r in await cur.fetchall()]

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
    ) -> int:
        """A new lobby with its host in the first seat (fails if the channel has an open game)."""
        await self._run("BEGIN IMMEDIATE")
        try:
            cur = await self._run(
                "INSERT INTO games (guild_id, channel_id, channel_name, host_id, status, variant, "
                "secret_archives, seed, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    channel_name,
                    host_id,
                    variant,
                    int(secret_archives),
                    seed,
                    now(),
                    now(),
                ),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await self._run(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai) VALUES (?, 0, 'p1', ?, ?, 0)",
                (game_id, host_id, host_name),
            )
            await self._run("COMMIT")
        except BaseException:
            await self._run("ROLLBACK")
            raise
        return game_id

    async def game(self, game_id: int) -> GameRow | None:
        async with self.db.execute(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        ) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def last_game_in(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        ) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def games_with_status(self, status: str) -> list[GameRow]:
        async with self.db.execute(f"SELECT {_GAME_COLS} FROM games WHERE status = ? ORDER BY id", (status,)) as cur:
            return [_game(r) for r in await cur.fetchall()]

    async def active_games_of(self, user_id: int) -> list[GameRow]:
        async with self.db.execute(
            f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLS.split(','))} FROM games g "
            "JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id",
            (user_id,),
        ) as cur:
            return [_game(r) for r in await cur.fetchall()]

    async def set_status(self, game_id: int, status: str) -> None:
        finished = now() if status in ("over", "abandoned") else None
        await self._run(
            "UPDATE games SET status = ?, updated_at = ?, finished_at = COALESCE(?, finished_at) WHERE id = ?",
            (status, now(), finished, game_id),
        )

    async def log_since(self, game_id: int) -> tuple[int, list[str]]:
        """Log lines not yet posted to the channel, and the seq of the last one."""
        async with self.db.execute("SELECT log_posted_seq FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        posted = int(row[0]) if row else 0
        async with self.db.execute(
            "SELECT seq, text FROM log WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, posted)
        ) as cur:
            rows = list(await cur.fetchall())
        return (int(rows[-1][0]) if rows else posted), [str(r[1]) for r in rows]

    async def set_log_posted(self, game_id: int, seq: int) -> None:
        await self._run("UPDATE games SET log_posted_seq = ? WHERE id = ?", (seq, game_id))

    async def claim_results_post(self, game_id: int) -> bool:
        """True exactly once per game: whoever gets True posts the results."""
        cur = await self._run("UPDATE games SET results_posted = 1 WHERE id = ? AND results_posted = 0", (game_id,))
        return cur.rowcount == 1

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        await self._run("UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id))

    # ------------------------------------------------------------------ seats
    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.db.execute(
            "SELECT position, seat, user_id, display_name, is_ai FROM seats WHERE game_id = ? ORDER BY position",
            (game_id,),
        ) as cur:
            return [SeatRow(r[0], r[1], r[2], r[3], bool(r[4])) for r in await cur.fetchall()]

    async def add_seat(self, game_id: int, user_id: int | None, name: str, is_ai: bool) -> None:
        await self._run("BEGIN IMMEDIATE")
        try:
            async with self.db.execute(
                "SELECT COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?", (game_id,)
            ) as cur:
                row = await cur.fetchone()
            position = int(row[0]) if row else 0
            await self._run(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, position, f"p{position + 1}", user_id, name, int(is_ai)),
            )
            await self._run("COMMIT")
        except BaseException:
            await self._run("ROLLBACK")
            raise

    async def remove_seat(self, game_id: int, position: int) -> None:
        """Remove a lobby seat and renumber the rest, so seats stay p1..pN in order."""
        await self._run("BEGIN IMMEDIATE")
        try:
            await self._run("DELETE FROM seats WHERE game_id = ? AND position = ?", (game_id, position))
            async with self.db.execute(
                "SELECT position FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
            ) as cur:
                rest = [r[0] for r in await cur.fetchall()]
            for new, old in enumerate(rest):
                await self._run(
                    "UPDATE seats SET position = ?, seat = ? WHERE game_id = ? AND position = ?",
                    (new, f"p{new + 1}", game_id, old),
                )
            await self._run("COMMIT")
        except BaseException:
            await self._run("ROLLBACK")
            raise

    # ------------------------------------------------------------------ playing
    async def start_game(
        self, game_id: int, state: str, decision_since: dict[str, int], log_lines: Sequence[str], version: int
    ) -> None:
        await self._run("BEGIN IMMEDIATE")
        try:
            await self._run(
                "UPDATE games SET status = 'active', version = ?, decision_since = ?, updated_at = ? WHERE id = ?",
                (version, json.dumps(decision_since), now(), game_id),
            )
            await self._run(
                "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)",
                (game_id, version, state, now()),
            )
            await self._add_log(game_id, version, log_lines)
            await self._run("COMMIT")
        except BaseException:
            await self._run("ROLLBACK")
            raise

    async def record(self, move: Move) -> None:
        """Commit one applied move: the action, the new version, log lines, maybe a snapshot."""
        await self._run("BEGIN IMMEDIATE")
        try:
            cur = await self._run(
                "UPDATE games SET version = ?, decision_since = ?, updated_at = ?, status = ?, "
                "finished_at = CASE WHEN ? THEN ? ELSE finished_at END WHERE id = ? AND version = ?",
                (
                    move.version,
                    json.dumps(move.decision_since),
                    now(),
                    "over" if move.finished else "active",
                    int(move.finished),
                    now(),
                    move.game_id,
                    move.version - 1,
                ),
            )
            if cur.rowcount != 1:
                raise RuntimeError(f"game {move.game_id} is not at version {move.version - 1}")
            await self._run(
                "INSERT INTO actions (game_id, seq, seat, user_id, text, source, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (move.game_id, move.version, move.seat, move.user_id, move.text, move.source, now()),
            )
            if move.snapshot is not None:
                await self._run(
                    "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)",
                    (move.game_id, move.version, move.snapshot, now()),
                )
            await self._add_log(move.game_id, move.version, move.log_lines)
            await self._run("COMMIT")
        except BaseException:
            await self._run("ROLLBACK")
            raise

    async def _add_log(self, game_id: int, version: int, lines: Sequence[str]) -> None:
        if not lines:
            return
        async with self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        seq = int(row[0]) if row else 0
        await self._run_many(
            "INSERT INTO log (game_id, seq, version, text, at) VALUES (?, ?, ?, ?, ?)",
            [(game_id, seq + k + 1, version, line, now()) for k, line in enumerate(lines)],
        )

    async def load(self, game_id: int) -> tuple[str, list[tuple[int, str, str]]]:
        """The latest snapshot and every action after it as (seq, seat, text)."""
        async with self.db.execute(
            "SELECT version, state FROM snapshots WHERE game_id = ? ORDER BY version DESC LIMIT 1", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            raise LookupError(f"game {game_id} has no snapshot")
        version, state = row
        async with self.db.execute(
            "SELECT seq, seat, text FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, version),
        ) as cur:
            actions = [(r[0], r[1], r[2]) for r in await cur.fetchall()]
        return state, actions

    async def log_tail(self, game_id: int, limit: int) -> list[str]:
        async with self.db.execute(
            "SELECT text FROM (SELECT seq, text FROM log WHERE game_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq",
            (game_id, limit),
        ) as cur:
            return [r[0] for r in await cur.fetchall()]

    async def action_count(self, game_id: int) -> int:
        async with self.db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ DM prompts
    async def prompt(self, game_id: int, user_id: int) -> tuple[int, int, int] | None:
        async with self.db.execute(
            "SELECT channel_id, message_id, since FROM prompts WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        ) as cur:
            row = await cur.fetchone()
        return (row[0], row[1], row[2]) if row else None

    async def set_prompt(self, game_id: int, user_id: int, channel_id: int, message_id: int, since: int) -> None:
        await self._run(
            "INSERT INTO prompts (game_id, user_id, channel_id, message_id, since) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
            "message_id = excluded.message_id, since = excluded.since",
            (game_id, user_id, channel_id, message_id, since),
        )

    async def clear_prompt(self, game_id: int, user_id: int) -> None:
        await self._run("DELETE FROM prompts WHERE game_id = ? AND user_id = ?", (game_id, user_id))


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no ';' inside literals)."""
    lines = [ln for ln in sql.splitlines() if not ln.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
