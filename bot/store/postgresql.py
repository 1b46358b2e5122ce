"""The store's database on PostgreSQL (``NIGHTFALL_DB=postgresql://…``): the same units of work as on SQLite.

The store's ~100 functions are plain functions of one connection that run every statement of a unit of work in
one hop to a database thread (``bot.store.sqlite``). Here the same functions run unchanged: ``PgDatabase`` hands each
one a connection from a psycopg pool, inside one transaction, on a thread of its own, and ``PgConnection`` takes
the SQL text the store writes for SQLite — ``?`` placeholders, two-argument ``MIN``/``MAX`` — and gives PostgreSQL
its form of it, worked out once per statement text. Everything else the store writes is SQL both databases speak
(``ON CONFLICT``, ``RETURNING``, ``CASE``); the few queries that cannot be are chosen by ``Database.dialect``.

Transactions run at PostgreSQL's default isolation (read committed): what decides between two writers is the
store's version compare-and-set, as on SQLite. What must be read from one state of the database (a game's row and
the actions that replay it, ``bot.store.sql.read_together``) is read in a read-only REPEATABLE READ transaction. Writes run on a few threads at once (``WRITE_THREADS``), each unit of
work in a transaction of its own on a connection of its own, as they would from several processes: the writes of one
game wait for each other on the game's advisory lock (``bot.store.sql.lock_game``), the shared queues are claimed
with ``SKIP LOCKED``, and a unit that met a deadlock or a lock held too long is tried again whole. Nothing waits for
an unrelated game's commit, as it would behind SQLite's one writer; reads run on threads of their own. No caller
relies on the order of two writes it did not await one after the other. The machine's faults are
told apart as on SQLite: a full disk is ``StorageFull``, a read-only server ``StorageReadOnly``, a lock held too
long or a lost connection is tried again for a bounded while (a deadlock and a serialization failure too: the
transaction wrote nothing) and is then ``DatabaseBusy`` or ``StorageError``. Any other error of a statement
arrives as ``QueryError`` (``ConstraintError`` for a constraint), never as psycopg's own classes.

SQLite's write-ahead log and its checkpoint do not exist here: ``checkpoint`` does nothing.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any, TypeVar

import psycopg
import psycopg_pool
from psycopg import errors as pg_errors
from psycopg.adapt import Loader

from bot.store.sqlite import (
    WRITE_BUSY_MS,
    ConstraintError,
    Database,
    DatabaseBusy,
    DatabaseStats,
    QueryError,
    StorageError,
    StorageFull,
    StorageReadOnly,
    is_postgresql,
    redacted,
)

__all__ = ["PgConnection", "PgDatabase", "is_postgresql", "postgresql_sql", "query_error", "redacted", "storage_kind"]

T = TypeVar("T")

#: threads (and pooled connections) that serve reads
READ_THREADS = 4
#: threads (and pooled connections) that commit writes at once: moves of different games do not queue behind each
#: other's commits, while the writes of one game still take turns on its advisory lock
WRITE_THREADS = 4
#: seconds to wait for a pooled connection (the server down, or every connection busy) before the attempt fails
POOL_TIMEOUT = 5.0


# ---------------------------------------------------------------------------------------------- SQL text
_FUNCTION = re.compile(r"\b(MIN|MAX)\s*\(", re.IGNORECASE)


def _literals(sql: str) -> list[tuple[int, int]]:
    """The spans of quoted strings and identifiers in ``sql`` ('…' and "…", a doubled quote inside)."""
    spans = []
    i = 0
    while i < len(sql):
        quote = sql[i]
        if quote in "'\"":
            j = i + 1
            while j < len(sql):
                if sql[j] == quote:
                    if j + 1 < len(sql) and sql[j + 1] == quote:
                        j += 2
                        continue
                    break
                j += 1
            spans.append((i, j))
            i = j + 1
        else:
            i += 1
    return spans


def _inside(spans: list[tuple[int, int]], at: int) -> bool:
    return any(start <= at <= end for start, end in spans)


def _scalar_min_max(sql: str) -> str:
    """SQLite's two-argument ``MAX(a, b)``/``MIN(a, b)`` as PostgreSQL's ``GREATEST``/``LEAST`` (the one-argument
    aggregates are the same in both)."""
    spans = _literals(sql)
    renames: list[tuple[int, int, str]] = []
    for m in _FUNCTION.finditer(sql):
        if _inside(spans, m.start()):
            continue
        depth, commas, i = 0, 0, m.end() - 1
        while i < len(sql):
            if _inside(spans, i):
                i += 1
                continue
            if sql[i] == "(":
                depth += 1
            elif sql[i] == ")":
                depth -= 1
                if depth == 0:
                    break
            elif sql[i] == "," and depth == 1:
                commas += 1
            i += 1
        if commas:
            renames.append((m.start(), m.start() + 3, "GREATEST" if m.group(1).upper() == "MAX" else "LEAST"))
    for start, end, name in reversed(renames):
        sql = sql[:start] + name + sql[end:]
    return sql


@functools.lru_cache(maxsize=4096)
def postgresql_sql(sql: str) -> str:
    """PostgreSQL's form of a statement the store writes for SQLite: ``?`` becomes psycopg's ``%s`` (a ``%`` of
    the text is doubled), ``MAX(a, b)`` becomes ``GREATEST(a, b)``, ``BEGIN IMMEDIATE`` a plain ``BEGIN``, and
    ``BEGIN DEFERRED`` (a transaction that only reads, from one snapshot: ``bot.store.sql.read_together``) a
    read-only REPEATABLE READ one. Statements are a few hundred fixed texts: each is worked out once."""
    begin = sql.strip().upper()
    if begin == "BEGIN IMMEDIATE":
        return "BEGIN"
    if begin == "BEGIN DEFERRED":
        return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    sql = _scalar_min_max(sql)
    spans = _literals(sql)
    out = []
    for i, ch in enumerate(sql):
        if ch == "%":
            out.append("%%")
        elif ch == "?" and not _inside(spans, i):
            out.append("%s")
        else:
            out.append(ch)
    return "".join(out)


# ---------------------------------------------------------------------------------------------- connections
class _PipelineExitNoise(logging.Filter):
    """psycopg warns "error ignored terminating <Pipeline …>: pipeline aborted" when a pipelined unit of work
    fails: the pipeline cannot be closed cleanly after the error the unit raises. That error is what counts, and
    is handled (a stale move refused, a lock held too long tried again), so the second word about it is dropped."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("error ignored terminating")


logging.getLogger("psycopg").addFilter(_PipelineExitNoise())


class _Number(Loader):
    """PostgreSQL's ``numeric`` (what ``SUM`` of integers gives) read as SQLite gives it: an int when it is whole,
    else a float (never a ``Decimal``, which the bot's arithmetic does not mix with floats)."""

    def load(self, data: Any) -> int | float:
        value = Decimal(bytes(data).decode())
        return int(value) if value == value.to_integral_value() else float(value)


def configure_connection(conn: psycopg.Connection[Any]) -> None:
    """Every connection the bot opens (the pool's, and the move's own) reads numbers as the store expects."""
    conn.adapters.register_loader("numeric", _Number)


class Answer:
    """A statement's cursor in a pipelined unit of work (``PgConnection`` with a pipeline): the statement has been
    sent, not yet answered. Its rows are read as psycopg's cursor reads them (fetching waits for the answer); its
    row count, which psycopg's cursor would give as -1 until then, first syncs the pipeline. Either way an error of
    this statement, or of one sent before it, is raised there."""

    __slots__ = ("cur", "pipeline")

    def __init__(self, cur: psycopg.Cursor[Any], pipeline: psycopg.Pipeline) -> None:
        self.cur = cur
        self.pipeline = pipeline

    @property
    def rowcount(self) -> int:
        if self.cur.pgresult is None:
            self.pipeline.sync()
        return self.cur.rowcount

    def fetchone(self) -> Any:
        return self.cur.fetchone()

    def fetchall(self) -> list[Any]:
        return self.cur.fetchall()

    def close(self) -> None:
        self.cur.close()


class PgConnection:
    """A pooled psycopg connection that takes the store's SQL text (see ``postgresql_sql``). With a ``pipeline``
    (a write's unit of work) each statement is only sent: statements whose answer nobody reads go to the server
    together, in one round trip with the next read, row count or the commit."""

    __slots__ = ("pipeline", "raw")

    def __init__(self, raw: psycopg.Connection[Any], pipeline: psycopg.Pipeline | None = None) -> None:
        self.raw = raw
        self.pipeline = pipeline

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any] | Answer:
        cur = self.raw.execute(postgresql_sql(sql), parameters)
        return cur if self.pipeline is None else Answer(cur, self.pipeline)

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> psycopg.Cursor[Any] | Answer:
        cur = self.raw.cursor()
        cur.executemany(postgresql_sql(sql), parameters)
        return cur if self.pipeline is None else Answer(cur, self.pipeline)


def storage_kind(error: Exception) -> tuple[type[StorageError] | None, bool]:
    """Which ``StorageError`` a PostgreSQL error is (None: the statement's own), and whether trying the whole
    transaction again may succeed (it wrote nothing: a lock, a deadlock, a lost connection)."""
    if isinstance(error, psycopg_pool.PoolTimeout):
        return StorageError, True
    if not isinstance(error, psycopg.Error):
        return None, False
    state = error.sqlstate or ""
    if isinstance(error, pg_errors.DiskFull | pg_errors.IoError) or state.startswith("53"):
        return StorageFull, False
    if isinstance(error, pg_errors.ReadOnlySqlTransaction):
        return StorageReadOnly, False
    if isinstance(error, pg_errors.LockNotAvailable | pg_errors.SerializationFailure | pg_errors.DeadlockDetected):
        return DatabaseBusy, True
    if isinstance(error, psycopg.OperationalError) and (not state or state.startswith(("08", "57P"))):
        return StorageError, True  # the connection was lost (or the server is shutting down)
    return None, False


def described(error: Exception) -> str:
    """A PostgreSQL error as the bot's own errors carry it: its class (what it was) and its message."""
    return f"{type(error).__name__}: {error}"


def query_error(error: psycopg.Error) -> QueryError:
    """The neutral error the bot catches for a statement PostgreSQL refused."""
    kind = ConstraintError if isinstance(error, psycopg.IntegrityError) else QueryError
    return kind(described(error))


# ---------------------------------------------------------------------------------------------- the database
class PgDatabase(Database):
    """``Database`` on PostgreSQL: ``call(fn)`` and ``transaction(fn)`` run ``fn(PgConnection)`` on one of this
    database's threads with a connection of the shared pool. The writer and the reader have several each."""

    dialect = "postgresql"

    def __init__(
        self,
        pool: psycopg_pool.ConnectionPool[Any],
        url: str,
        name: str,
        stats: DatabaseStats,
        busy_seconds: float = 10.0,
        threads: int = 1,
        owns_pool: bool = False,
    ) -> None:
        super().__init__(redacted(url), name, stats, WRITE_BUSY_MS, busy_seconds, threads)
        self.pool = pool
        self.owns_pool = owns_pool

    @classmethod
    async def open_pair(
        cls,
        url: str,
        stats: DatabaseStats,
        busy_seconds: float = 10.0,
        read_threads: int = READ_THREADS,
        write_threads: int = WRITE_THREADS,
    ) -> tuple[PgDatabase, PgDatabase]:
        """The store's writer and reader, sharing one pool (closed with the writer). Fails at once with a clear
        error if the server cannot be reached."""
        pool: psycopg_pool.ConnectionPool[Any] = psycopg_pool.ConnectionPool(
            url,
            min_size=2,
            max_size=write_threads + read_threads,  # a connection for every thread: none waits for the pool
            open=False,
            timeout=POOL_TIMEOUT,
            name="store",
            # a write waits this long for another transaction's row lock, then the whole unit of work is tried
            # again: the waiting interaction is acknowledged in between, as on SQLite
            kwargs={"autocommit": True, "options": f"-c lock_timeout={WRITE_BUSY_MS}"},
            configure=configure_connection,
        )
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, lambda: pool.open(wait=True, timeout=POOL_TIMEOUT))
        except psycopg_pool.PoolTimeout as e:
            await loop.run_in_executor(None, pool.close)
            raise StorageError(f"cannot connect to the PostgreSQL database at {redacted(url)}") from e
        writer = cls(pool, url, "writer", stats, busy_seconds, threads=write_threads, owns_pool=True)
        reader = cls(pool, url, "reader", stats, busy_seconds, threads=read_threads)
        return writer, reader

    def _connect(self) -> None:
        """Connections come from the pool, one per unit of work."""

    async def call(self, fn: Callable[[Any], T]) -> T:
        """Run ``fn`` with a pooled connection in autocommit (each statement its own transaction)."""
        self.stats.round_trips += 1

        def run() -> T:
            with self.pool.connection(timeout=POOL_TIMEOUT) as raw:
                return fn(PgConnection(raw))

        try:
            return await self._submit(run)
        except psycopg.Error as e:
            kind, _ = storage_kind(e)
            if kind is not None:
                if self.on_fault is not None:
                    self.on_fault(kind)
                raise kind(self._describe(e)) from e
            raise query_error(e) from e

    def _unit(self, fn: Callable[[Any], T]) -> T:
        """``fn`` in one transaction, pipelined: ``BEGIN``, the advisory lock and the statements up to the first
        one whose answer is read go in one round trip, and so on up to the ``COMMIT`` (a move: 5 round trips, not
        15). An error surfaces at the next read, row count or the commit, as the statement's own error: the
        transaction is rolled back and the unit fails or is tried again whole, as it would unpipelined."""
        with self.pool.connection(timeout=POOL_TIMEOUT) as raw, raw.pipeline() as pipeline, raw.transaction():
            result = fn(PgConnection(raw, pipeline))
        self.stats.commits += 1
        return result

    def _storage_kind(self, error: Exception) -> type[StorageError] | None:
        kind, _ = storage_kind(error)
        if kind is None and isinstance(error, psycopg.Error):
            raise query_error(error) from error
        return kind

    def _again(self, kind: type[StorageError], error: Exception) -> bool:
        return storage_kind(error)[1]

    def _describe(self, error: Exception) -> str:
        return described(error)

    async def checkpoint(self) -> None:
        """PostgreSQL keeps its own write-ahead log in bounds."""
        return None

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._executor.shutdown(wait=True)
        if self.owns_pool:
            await asyncio.get_running_loop().run_in_executor(None, self.pool.close)
