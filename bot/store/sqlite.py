"""A SQLite connection owned by one thread, where each call runs a whole unit of work.

aiosqlite runs every statement as its own hop to its thread, so a transaction of ten
statements holds the database across ten event-loop turns, and two coroutines sharing
the connection can interleave their ``BEGIN``s. Here a caller hands over one plain
function that does all its statements; the thread runs it start to finish. One writer
thread means write transactions can never interleave; reads use a second connection
and thread, which WAL lets run beside a write.

What the machine does to the file is told apart from what the game does: a write that
finds the database locked by another program (a backup, an admin's shell) is tried
again for a bounded while and then raises ``DatabaseBusy``; a full disk raises
``StorageFull`` and a read-only one ``StorageReadOnly``. Nothing stays wedged: a write
after the disk was freed simply succeeds, and a connection that a failed rollback left
inside a transaction is reopened. The write-ahead log is kept small
(``journal_size_limit``, ``checkpoint``) so that it cannot fill a disk by itself.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import re
import sqlite3
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)

#: how long one attempt at a write waits for another program's lock (SQLite's own busy handler)
WRITE_BUSY_MS = 250
#: the write-ahead log is checkpointed every this many pages and cut back to ``WAL_LIMIT`` bytes
WAL_PAGES = 250
WAL_LIMIT = 1 << 20
PRAGMAS = ("journal_mode=WAL", "foreign_keys=ON", "synchronous=NORMAL", f"journal_size_limit={WAL_LIMIT}")
#: readers wait longer: WAL never blocks them but for a moment of a checkpoint
READ_BUSY_MS = 5000

#: set by whoever answers a Discord interaction: called once, the first time one of its writes has to
#: wait for a lock, so the interaction is acknowledged before Discord's 3 seconds run out
on_wait: contextvars.ContextVar[Callable[[], Awaitable[None]] | None] = contextvars.ContextVar(
    "db_on_wait", default=None
)

#: whether the task running now has committed a write: a command that fails after its commit must not tell the
#: person "nothing was changed" (the bot's error listener reads it). Each interaction runs in its own task, which
#: starts with a copy of a context where nothing was committed.
committed: contextvars.ContextVar[bool] = contextvars.ContextVar("db_committed", default=False)


class StorageError(Exception):
    """The database could not be written for a reason of the machine, not of the game; nothing was changed."""

    #: the sentence a player reads (``bot.words.i18n``)
    key = "err.storage"
    #: what went wrong, in one word (the metrics' ``nightfall_storage_errors_total{kind}``)
    kind = "unreachable"


class DatabaseBusy(StorageError):
    """Another program held the database's write lock for longer than a write may wait."""

    key = "err.busy"
    kind = "busy"


class StorageFull(StorageError):
    """The disk holding the database is full (or failing to write)."""

    key = "err.storage_full"
    kind = "full"


class StorageReadOnly(StorageError):
    """The database file or its folder cannot be written."""

    key = "err.storage_readonly"
    kind = "read_only"


def storage_error(error: sqlite3.Error) -> type[StorageError] | None:
    """Which ``StorageError`` a SQLite error is, by its primary result code; None for any other error."""
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return None
    primary = code & 0xFF
    if primary in (5, 6):  # SQLITE_BUSY, SQLITE_LOCKED
        return DatabaseBusy
    if primary in (10, 13):  # SQLITE_IOERR (a write the disk refused), SQLITE_FULL
        return StorageFull
    if primary in (8, 14):  # SQLITE_READONLY, SQLITE_CANTOPEN (the folder cannot be written)
        return StorageReadOnly
    return None


def is_postgresql(location: str) -> bool:
    """Whether ``NIGHTFALL_DB`` names a PostgreSQL database (a URL) rather than a SQLite file. The PostgreSQL
    driver (``bot.store.postgresql``) is imported only then: a SQLite bot never pays for loading it."""
    return location.startswith(("postgresql://", "postgres://"))


def redacted(location: str) -> str:
    """The database's location for logs: a URL without its password."""
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", location)


class QueryError(Exception):
    """A statement PostgreSQL refused for a reason of the statement or the data (SQLite raises its own
    ``sqlite3.Error`` for these: ``DATABASE_ERRORS`` names both, so the bot catches either)."""


class ConstraintError(QueryError):
    """A write PostgreSQL refused because of a constraint (a unique index, a check): ``sqlite3.IntegrityError``'s
    twin."""


#: what a statement may raise besides a ``StorageError``, whichever database the store opened
DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, QueryError)
#: a write a constraint refused, whichever database the store opened
CONSTRAINT_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, ConstraintError)


class Cursor(Protocol):
    """What the store reads of a statement's result: ``sqlite3.Cursor`` as it is, and PostgreSQL's cursor."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def close(self) -> None: ...


class Conn(Protocol):
    """The connection a unit of work runs on: ``sqlite3.Connection`` itself (no layer between the store and
    SQLite), or ``bot.store.postgresql.PgConnection``, which speaks the same SQL text to PostgreSQL."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor: ...


@dataclass
class DatabaseStats:
    """Counters a benchmark prints: hops to the database thread, and committed transactions."""

    round_trips: int = 0
    commits: int = 0


class Database:
    """One connection, one thread. ``call(fn)`` runs ``fn(connection)`` on that thread.

    ``bot.store.postgresql.PgDatabase`` is its PostgreSQL twin: the same calls, the same errors.

    ``busy_seconds`` bounds how long a write keeps trying while another program holds the
    write lock (wall-clock seconds: the lock is held in real time, whatever the game's clock says).
    """

    #: which SQL the connection speaks besides the text both accept ("sqlite" or "postgresql")
    dialect = "sqlite"
    #: the class of the connection opened (tests give a subclass that notes each statement: ``tests/statements.py``)
    connection_class: type[sqlite3.Connection] = sqlite3.Connection

    def __init__(
        self,
        path: str,
        name: str,
        stats: DatabaseStats,
        busy_ms: int = READ_BUSY_MS,
        busy_seconds: float = 10.0,
        threads: int = 1,
    ) -> None:
        self.path = path
        self.name = name
        self.stats = stats
        self.busy_ms = busy_ms
        self.busy_seconds = busy_seconds
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=f"db-{name}")
        self._conn: sqlite3.Connection | None = None
        self._closed = False
        #: the storage fault the last write met (None: writes work); logged once when it starts and ends
        self.fault: type[StorageError] | None = None
        #: told of every ``StorageError`` this database raises (``StoreBase.watch_faults``: the metrics)
        self.on_fault: Callable[[type[StorageError]], None] | None = None

    @classmethod
    async def open(
        cls, path: str, name: str, stats: DatabaseStats, busy_ms: int = READ_BUSY_MS, busy_seconds: float = 10.0
    ) -> Database:
        db = cls(path, name, stats, busy_ms, busy_seconds)
        await db._submit(db._connect)
        return db

    def _connect(self) -> None:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, factory=self.connection_class)
        for pragma in (*PRAGMAS, f"busy_timeout={self.busy_ms}", f"wal_autocheckpoint={WAL_PAGES}"):
            conn.execute(f"PRAGMA {pragma}").close()
        self._conn = conn

    def _reconnect(self) -> None:
        """A connection a failed rollback left inside a transaction would refuse every later ``BEGIN``."""
        log.warning("reopening the %s connection to %s after a failed rollback", self.name, self.path)
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:
                log.debug("closing the stuck connection failed", exc_info=True)
            self._conn = None
        self._connect()

    async def _submit(self, fn: Callable[[], T]) -> T:
        if self._closed:
            raise sqlite3.ProgrammingError("the database is closed")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn)

    async def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn`` with the connection on the database thread (reads, or statements in autocommit)."""
        self.stats.round_trips += 1
        return await self._submit(lambda: fn(self._connection()))

    async def transaction(self, fn: Callable[[sqlite3.Connection], T], *, wait: bool = True) -> T:
        """Run ``fn`` inside ``BEGIN IMMEDIATE … COMMIT`` in one hop; any error rolls the whole of it back.

        While another program holds the write lock the whole of ``fn`` is tried again (it wrote
        nothing) for up to ``busy_seconds`` (one try only with ``wait=False``), and the interaction
        waiting on it is acknowledged meanwhile (``on_wait``). Raises a ``StorageError`` for a
        busy, full or read-only database.
        """
        self.stats.round_trips += 1
        # the lock is held in real time by another program: measured with the machine's clock, whatever
        # the game's clock (or a test's virtual one) says
        started = time.perf_counter()
        give_up = started + (self.busy_seconds if wait else 0.0)
        told = False
        while True:
            try:
                result = await self._attempt(fn)
            except Exception as e:
                kind = self._storage_kind(e)
                if kind is None:
                    raise
                if self._again(kind, e) and time.perf_counter() < give_up:
                    if not told:
                        told = True
                        hook = on_wait.get()
                        if hook is not None:
                            await hook()
                    continue  # the next try waits for the lock again (SQLite's busy handler)
                self._note_fault(kind, e, time.perf_counter() - started)
                if self.on_fault is not None:
                    self.on_fault(kind)
                raise kind(self._describe(e)) from e
            committed.set(True)
            if self.fault is not None:
                log.warning("the database at %s can be written again", self.path)
                self.fault = None
            return result

    async def _attempt(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """One try of ``transaction``: ``fn`` in one write transaction, on the database's thread."""
        return await self._submit(functools.partial(self._unit, fn))

    def _unit(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` in one write transaction, on the database's thread."""
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn)
            conn.execute("COMMIT")
        except BaseException:
            self._roll_back(conn)
            raise
        self.stats.commits += 1
        return result

    def _storage_kind(self, error: Exception) -> type[StorageError] | None:
        """Which ``StorageError`` a failed transaction met (None: an error of the statement or the game)."""
        return storage_error(error) if isinstance(error, sqlite3.Error) else None

    def _again(self, kind: type[StorageError], error: Exception) -> bool:
        """Whether trying the whole transaction again may succeed (it wrote nothing, and what stopped it passes)."""
        return kind is DatabaseBusy

    def _describe(self, error: Exception) -> str:
        return str(error)

    def _roll_back(self, conn: sqlite3.Connection) -> None:
        if not conn.in_transaction:
            return
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            log.warning("rollback failed", exc_info=True)
        if conn.in_transaction:
            self._reconnect()

    def _note_fault(self, kind: type[StorageError], error: Exception, waited: float) -> None:
        """One clear line for whoever runs the bot when writes start failing (a busy lock is passing, and
        only a warning)."""
        if kind is DatabaseBusy:
            log.warning("the database at %s stayed locked by another program for %.1fs: %s", self.path, waited, error)
            return
        if self.fault is not kind:
            what = {StorageFull: "its disk is full or failing", StorageReadOnly: "it is read-only"}.get(
                kind, "it cannot be reached"
            )
            log.error(
                "cannot write the database at %s: %s (%s). Moves are refused with a clear answer and nothing is "
                "lost; writes succeed again as soon as this is fixed.",
                self.path,
                what,
                error,
            )
        self.fault = kind

    async def checkpoint(self) -> tuple[int, int, int] | None:
        """Copy the write-ahead log into the database and cut the log file back to nothing (when no reader
        is in the middle of it): (busy, log pages, pages copied), as SQLite reports it."""

        def run(conn: sqlite3.Connection) -> tuple[int, int, int] | None:
            row = one(conn, "PRAGMA wal_checkpoint(TRUNCATE)")
            return (int(row[0]), int(row[1]), int(row[2])) if row else None

        return await self.call(run)

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


def rows(conn: Conn, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
    """Every row of a query, with the cursor closed at once."""
    cur = conn.execute(sql, params)
    try:
        return cur.fetchall()
    finally:
        cur.close()


def one(conn: Conn, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> tuple[Any, ...] | None:
    cur = conn.execute(sql, params)
    try:
        return cur.fetchone()
    finally:
        cur.close()
