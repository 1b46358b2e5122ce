"""A SQLite connection owned by one thread, where each call runs a whole unit of work.

aiosqlite runs every statement as its own hop to its thread, so a transaction of ten
statements holds the database across ten event-loop turns, and two coroutines sharing
the connection can interleave their ``BEGIN``s. Here a caller hands over one plain
function that does all its statements; the thread runs it start to finish. One writer
thread means write transactions can never interleave; reads use a second connection
and thread, which WAL lets run beside a write.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

PRAGMAS = ("journal_mode=WAL", "busy_timeout=5000", "foreign_keys=ON", "synchronous=NORMAL")


@dataclass
class DatabaseStats:
    """Counters a benchmark prints: hops to the database thread, and committed transactions."""

    round_trips: int = 0
    commits: int = 0


class Database:
    """One connection, one thread. ``call(fn)`` runs ``fn(connection)`` on that thread."""

    def __init__(self, path: str, name: str, stats: DatabaseStats) -> None:
        self.path = path
        self.stats = stats
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"nightfall-db-{name}")
        self._conn: sqlite3.Connection | None = None
        self._closed = False

    @classmethod
    async def open(cls, path: str, name: str, stats: DatabaseStats) -> Database:
        db = cls(path, name, stats)
        await db._submit(db._connect)
        return db

    def _connect(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        for pragma in PRAGMAS:
            conn.execute(f"PRAGMA {pragma}").close()
        self._conn = conn

    async def _submit(self, fn: Callable[[], T]) -> T:
        if self._closed:
            raise sqlite3.ProgrammingError("the database is closed")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn)

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` with the connection on the database thread (reads, or statements in autocommit)."""
        self.stats.round_trips += 1
        return await self._submit(lambda: fn(self._connection()))

    async def transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` inside ``BEGIN IMMEDIATE … COMMIT`` in one hop; any error rolls the whole of it back."""
        self.stats.round_trips += 1

        def run() -> T:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = fn(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            self.stats.commits += 1
            return result

        return await self._submit(run)

    @property
    def closed(self) -> bool:
        return self._closed

    def _connection(self) -> sqlite3.Connection:
        assert self._conn is not None, "the database is not open"
        return self._conn

    async def close(self) -> None:
        if self._closed:
            return

        def shut() -> None:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        try:
            await self._submit(shut)
        finally:
            self._closed = True
            self._executor.shutdown(wait=False)


def rows(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
    """Every row of a query, with the cursor closed at once."""
    cur = conn.execute(sql, params)
    try:
        return cur.fetchall()
    finally:
        cur.close()


def one(conn: sqlite3.Connection, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> tuple[Any, ...] | None:
    cur = conn.execute(sql, params)
    try:
        return cur.fetchone()
    finally:
        cur.close()

