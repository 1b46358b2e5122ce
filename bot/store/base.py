"""The store's foundation: its two connections (a writer, a reader), its clock, and the migrations.

The store opens SQLite (a file path: the default) or PostgreSQL (a ``postgresql://`` URL, ``bot.store.postgresql``) behind
the same interface. Both run the same numbered migrations: ``migrations/NNNN_name.sql`` for SQLite and
``migrations/postgresql/NNNN_name.sql``, PostgreSQL's form of each step under the same number and name (a test
checks that both end with the same tables, columns and indexes)."""

from __future__ import annotations

import os
import re
import secrets
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, Self

import discord

from bot.store.rows import GameRow, _game
from bot.store.sqlite import WRITE_BUSY_MS, Conn, Database, DatabaseStats, StorageError, is_postgresql, one, rows

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent.parent / "migrations"
#: seconds a write keeps trying while another program holds the database's write lock
DEFAULT_BUSY_SECONDS = 10.0
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
#: the subfolder of a migrations folder that holds PostgreSQL's form of each step
POSTGRESQL_FOLDER = "postgresql"
#: the advisory lock a PostgreSQL migration holds, so that two processes starting at once apply each step once
_MIGRATION_LOCK = 0x4E46_4D49  # "NFMI"

Clock = Callable[[], datetime]


class StoreBase:
    """The foundation every part of the store shares: the connections, the clock, the migrations. ``stats`` counts
    round trips and commits for the benchmark."""

    #: whether several bot processes work from this database. A SQLite file belongs to one process, whose workers
    #: know what they are running: a claim of due work is then a read, and no lease is written (a restart voided
    #: every lease anyway). A shared store leases each row it claims, so no two processes run it at once.
    shared: bool = False

    def __init__(self, writer: Database, reader: Database, clock: Clock, stats: DatabaseStats) -> None:
        self.writer = writer
        self.reader = reader
        self.clock = clock
        self.stats = stats
        #: "sqlite" or "postgresql": the few queries the two cannot share are chosen by it
        self.dialect = writer.dialect
        #: this process (this open store) among those sharing the database: its name in ``hosts`` and in the AI
        #: seats' leases, readable in a log line
        self.host_id = f"{socket.gethostname()[:40]}/{os.getpid()}/{secrets.token_hex(3)}"

    @classmethod
    async def open(
        cls,
        path: str,
        migrations: Path = MIGRATIONS_DIR,
        clock: Clock = discord.utils.utcnow,
        busy_seconds: float = DEFAULT_BUSY_SECONDS,
    ) -> Self:
        """Open (and migrate) the database; a write waits up to ``busy_seconds`` for another program's lock.

        ``path``: a SQLite file (``:memory:`` too), or a ``postgresql://`` (``postgres://``) URL."""
        stats = DatabaseStats()
        if is_postgresql(path):
            from bot.store.postgresql import PgDatabase  # the driver is loaded only by a bot that uses it

            pg_writer, pg_reader = await PgDatabase.open_pair(path, stats, busy_seconds=busy_seconds)
            store = cls(pg_writer, pg_reader, clock, stats)
            store.shared = True  # any number of bot processes may work from it at once
            try:
                await store.migrate(migrations)
            except BaseException:
                await store.close()
                raise
            return store
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

    async def ping(self) -> None:
        """One trivial read (``SELECT 1``) on the reader: raises if the database cannot be reached (``/healthz``)."""
        await self._read_one("SELECT 1")

    def watch_faults(self, observer: Callable[[type[StorageError]], None]) -> None:
        """Tell ``observer`` of every ``StorageError`` either connection raises (the metrics count them by kind)."""
        self.writer.on_fault = observer
        self.reader.on_fault = observer

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
        """Apply the numbered ``.sql`` files not applied yet, in order, each in its own transaction (PostgreSQL's
        from ``folder/postgresql``)."""
        if self.dialect == "postgresql":
            folder = folder / POSTGRESQL_FOLDER
        files = []
        for path in sorted(folder.glob("*.sql")):
            m = _MIGRATION_NAME.match(path.name)
            if not m:
                raise ValueError(f"migration file {path.name} must be named NNNN_name.sql")
            files.append((int(m.group(1)), path.name, _statements(path.read_text(encoding="utf-8"))))
        if not files:  # e.g. installed as a wheel, without the project's folder: never run on no schema at all
            raise FileNotFoundError(
                f"no migrations in {folder}: run the bot from its project folder (pip install -e .)"
            )
        now = self.now()
        lock = self.dialect == "postgresql"  # another process may be migrating the same database right now

        @contextmanager
        def step(conn: Conn) -> Iterator[None]:
            """One write transaction of the migration (under the advisory lock on PostgreSQL)."""
            conn.execute("BEGIN IMMEDIATE")
            try:
                if lock:
                    conn.execute("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,)).close()
                yield
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

        table_exists = (
            "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?"
            if self.dialect == "postgresql"
            else "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        )

        def apply(conn: Conn) -> list[str]:
            # an up-to-date database is only read: a restart never waits for another program's write lock
            if one(conn, table_exists, ("schema_migrations",)) is None:
                with step(conn):
                    conn.execute(
                        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                        "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                    )
            done = {int(r[0]) for r in rows(conn, "SELECT version FROM schema_migrations")}
            applied = []
            for version, name, statements in files:
                if version in done:
                    continue
                with step(conn):
                    if one(conn, "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)) is None:
                        for statement in statements:
                            conn.execute(statement)
                        conn.execute(
                            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                            (version, name, now),
                        )
                        applied.append(name)
            return applied

        # one hop to the database thread for the whole of it, as for any unit of work
        return await self.writer.call(apply)

    async def applied_migrations(self) -> list[tuple[int, str]]:
        return [(r[0], r[1]) for r in await self._read("SELECT version, name FROM schema_migrations ORDER BY version")]


class StorePart:
    """One part of the store (``store.games``, ``store.play``, …): its queries, over the foundation every part
    shares. A call names its part, so a reader of ``store.work.claim_deadline(…)`` knows where to look; the
    connections, the clock and the dialect are the foundation's, read through here so that each query reads the
    same ``self.writer``/``self.now()`` it always did."""

    def __init__(self, base: StoreBase) -> None:
        self.base = base

    @property
    def writer(self) -> Database:
        return self.base.writer

    @property
    def reader(self) -> Database:
        return self.base.reader

    @property
    def dialect(self) -> str:
        return self.base.dialect

    @property
    def shared(self) -> bool:
        return self.base.shared

    def now(self) -> str:
        return self.base.now()

    def epoch(self) -> float:
        return self.base.epoch()

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        return await self.base._read(sql, params)

    async def _read_one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        return await self.base._read_one(sql, params)

    async def _games(self, sql: str, params: Sequence[Any] = ()) -> list[GameRow]:
        return await self.base._games(sql, params)

    async def _write(self, sql: str, params: Sequence[Any] = (), wait: bool = True) -> int:
        return await self.base._write(sql, params, wait)


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no ';' inside literals)."""
    lines = [ln for ln in sql.splitlines() if not ln.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
