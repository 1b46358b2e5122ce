"""The store's database on PostgreSQL (``NIGHTFALL_DB=postgresql://…``): the same units of work as on SQLite.

The store's ~100 functions are plain functions of one connection that run every statement of a unit of work in
one hop to a database thread (``bot.store.sqlite``). Here the same functions run unchanged, but on the event loop:
``PgDatabase`` lends each one an asyncio connection of its own (``LoopPool``), inside one transaction, and runs it in
a greenlet (``bot.store.on_loop``) that gives the loop back whenever the unit waits for the server. A thread per unit
made the loop and the database threads take turns on the GIL for every statement (psycopg's Python work holds it);
on the loop there is no hand-off at all. ``PgConnection`` takes the SQL text the store writes for SQLite — ``?``
placeholders, two-argument ``MIN``/``MAX`` — and gives PostgreSQL its form of it, worked out once per statement
text. Everything else the store writes is SQL both databases speak (``ON CONFLICT``, ``RETURNING``, ``CASE``); the
few queries that cannot be are chosen by ``Database.dialect``.

Transactions run at PostgreSQL's default isolation (read committed): what decides between two writers is the
store's version compare-and-set, as on SQLite. What must be read from one state of the database (a game's row and
the actions that replay it, ``bot.store.sql.read_together``) is read in a read-only REPEATABLE READ transaction.
Up to ``CONNECTIONS`` units of work wait for the server at once, each in a transaction of its own on a connection of
its own, as they would from several processes: the writes of one game wait for each other on the game's advisory
lock (``bot.store.sql.lock_game``), the shared queues are claimed with ``SKIP LOCKED``, and a unit that met a
deadlock or a lock held too long is tried again whole. Nothing waits for an unrelated game's commit, as it would
behind SQLite's one writer. No caller relies on the order of two writes it did not await one after the other. The
machine's faults are told apart as on SQLite: a full disk is ``StorageFull``, a read-only server ``StorageReadOnly``,
a lock held too long or a lost connection is tried again for a bounded while (a deadlock and a serialization failure
too: the transaction wrote nothing) and is then ``DatabaseBusy`` or ``StorageError``. Any other error of a statement
arrives as ``QueryError`` (``ConstraintError`` for a constraint), never as psycopg's own classes.

SQLite's write-ahead log and its checkpoint do not exist here: ``checkpoint`` does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg.adapt import Loader
from psycopg.pq import TransactionStatus

from bot.store import on_loop
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

log = logging.getLogger(__name__)

#: connections the store opens at most: as many units of work (reads and writes) wait for the server at once. Moves
#: of different games do not queue behind each other's commits, while the writes of one game still take turns on its
#: advisory lock
CONNECTIONS = 8
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


def configure_connection(conn: psycopg.Connection[Any] | psycopg.AsyncConnection[Any]) -> None:
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


class LoopAnswer:
    """A statement's cursor on the event loop's connection (``PgDatabase``, ``bot.store.on_loop``): the same reads
    as ``Answer``, each of which waits for the server's answer where it must, without blocking the loop."""

    __slots__ = ("cur", "pipeline")

    def __init__(self, cur: psycopg.AsyncCursor[Any], pipeline: psycopg.AsyncPipeline | None) -> None:
        self.cur = cur
        self.pipeline = pipeline

    @property
    def rowcount(self) -> int:
        if self.pipeline is not None and self.cur.pgresult is None:
            on_loop.wait(self.pipeline.sync())
        return self.cur.rowcount

    def fetchone(self) -> Any:
        return on_loop.wait(self.cur.fetchone())

    def fetchall(self) -> list[Any]:
        return on_loop.wait(self.cur.fetchall())

    def close(self) -> None:
        on_loop.wait(self.cur.close())


class PgConnection:
    """A psycopg connection that takes the store's SQL text (see ``postgresql_sql``). With a ``pipeline`` (a write's
    unit of work) each statement is only sent: statements whose answer nobody reads go to the server together, in
    one round trip with the next read, row count or the commit.

    The bot's store gives it an asyncio connection, inside a unit of work that ``bot.store.on_loop.run`` runs on the
    event loop; ``python -m bot.move_to_postgresql`` gives it a plain one, in its own thread."""

    __slots__ = ("pipeline", "raw")

    def __init__(
        self,
        raw: psycopg.Connection[Any] | psycopg.AsyncConnection[Any],
        pipeline: psycopg.Pipeline | psycopg.AsyncPipeline | None = None,
    ) -> None:
        self.raw = raw
        self.pipeline = pipeline

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any] | Answer | LoopAnswer:
        raw = self.raw
        if isinstance(raw, psycopg.AsyncConnection):
            cur = on_loop.wait(raw.execute(postgresql_sql(sql), parameters))
            return LoopAnswer(cur, self.pipeline)  # type: ignore[arg-type]
        sync = raw.execute(postgresql_sql(sql), parameters)
        return sync if self.pipeline is None else Answer(sync, self.pipeline)  # type: ignore[arg-type]

    def executemany(
        self, sql: str, parameters: Iterable[Sequence[Any]], /
    ) -> psycopg.Cursor[Any] | Answer | LoopAnswer:
        raw = self.raw
        if isinstance(raw, psycopg.AsyncConnection):
            cur = raw.cursor()
            on_loop.wait(cur.executemany(postgresql_sql(sql), parameters))
            return LoopAnswer(cur, self.pipeline)  # type: ignore[arg-type]
        sync = raw.cursor()
        sync.executemany(postgresql_sql(sql), parameters)
        return sync if self.pipeline is None else Answer(sync, self.pipeline)  # type: ignore[arg-type]


def storage_kind(error: Exception) -> tuple[type[StorageError] | None, bool]:
    """Which ``StorageError`` a PostgreSQL error is (None: the statement's own), and whether trying the whole
    transaction again may succeed (it wrote nothing: a lock, a deadlock, a lost connection)."""
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


# ---------------------------------------------------------------------------------------------- the connections
class NoConnection(psycopg.OperationalError):
    """No connection came free for a unit of work in time (every one lent, or the server not answering), or the
    store is closed: a unit that met it wrote nothing, and is tried again as after a lost connection (it is one,
    to ``storage_kind``: an ``OperationalError`` with no SQLSTATE)."""


class LoopPool:
    """The store's asyncio connections to PostgreSQL: at most ``size`` open, each lent to one unit of work at a time.

    psycopg-pool's asyncio pool keeps worker tasks waiting forever on the loop; this one has no task of its own (a
    unit that wants a connection while all are lent waits for one to come back), so a bot that has finished its work
    is idle, as a SimCord test's settle expects. A connection comes back only as it was lent: idle, outside any
    transaction (one left inside a transaction is rolled back); a broken one is closed and replaced when next wanted.
    """

    def __init__(self, url: str, size: int, timeout: float = POOL_TIMEOUT) -> None:
        self.conninfo = url
        self.size = size
        self.timeout = timeout
        self._idle: list[psycopg.AsyncConnection[Any]] = []
        self._lent: set[psycopg.AsyncConnection[Any]] = set()
        #: each ``drain`` starts a new generation; a connection asked for before it (lent, or still connecting) is
        #: closed when it comes back, never lent again
        self._generation = 0
        self._born: dict[psycopg.AsyncConnection[Any], int] = {}
        self._slots = asyncio.Semaphore(size)
        self._closed = False

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        generation = self._generation
        conn = await psycopg.AsyncConnection.connect(
            self.conninfo,
            autocommit=True,
            connect_timeout=max(1, round(self.timeout)),
            # a write waits this long for another transaction's row lock, then the whole unit of work is tried
            # again: the waiting interaction is acknowledged in between, as on SQLite
            options=f"-c lock_timeout={WRITE_BUSY_MS}",
        )
        configure_connection(conn)
        self._born[conn] = generation
        return conn

    async def open(self, connections: int = 2) -> None:
        """Open a first few connections (and fail now, not at the first move, if the server cannot be reached)."""
        opened = [await self._connect() for _ in range(min(connections, self.size))]
        self._idle.extend(opened)

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """A connection for one unit of work; ``NoConnection`` when none comes free in ``timeout``."""
        if self._closed:
            raise NoConnection("the store's connections are closed")
        try:
            await asyncio.wait_for(self._slots.acquire(), self.timeout)
        except TimeoutError as e:
            raise NoConnection(f"no connection came free in {self.timeout:.0f}s") from e
        conn: psycopg.AsyncConnection[Any] | None = None
        try:
            while self._idle and conn is None:
                conn = self._idle.pop()
                if conn.closed or conn.broken:
                    await self._close(conn)
                    conn = None
            if conn is None:
                conn = await self._connect()
            self._lent.add(conn)
            yield conn
        finally:
            if conn is not None:
                self._lent.discard(conn)
                await self._give_back(conn)
            self._slots.release()

    async def _give_back(self, conn: psycopg.AsyncConnection[Any]) -> None:
        if self._born.get(conn) != self._generation:
            await self._close(conn)
            return
        if not (conn.closed or conn.broken) and conn.info.transaction_status != TransactionStatus.IDLE:
            try:
                await conn.rollback()
            except psycopg.Error:
                log.debug("rolling back a returned connection failed", exc_info=True)
        if self._closed or conn.closed or conn.broken or conn.info.transaction_status != TransactionStatus.IDLE:
            await self._close(conn)
            return
        self._idle.append(conn)

    async def _close(self, conn: psycopg.AsyncConnection[Any]) -> None:
        self._born.pop(conn, None)
        await conn.close()

    async def drain(self) -> None:
        """Close every connection, those lent (or still connecting) when they come back: the next units of work open
        new ones, which take a setting changed on the server since."""
        self._generation += 1
        idle, self._idle = self._idle, []
        for conn in idle:
            await self._close(conn)

    async def close(self) -> None:
        self._closed = True
        for conn in [*self._idle, *self._lent]:
            await self._close(conn)
        self._idle = []


# ---------------------------------------------------------------------------------------------- the database
class PgDatabase(Database):
    """``Database`` on PostgreSQL: ``call(fn)`` and ``transaction(fn)`` run ``fn(PgConnection)`` on the event loop
    (``bot.store.on_loop``) with a connection of the shared pool, as many units of work at once as it has
    connections; the writer and the reader share it."""

    dialect = "postgresql"

    def __init__(
        self,
        pool: LoopPool,
        url: str,
        name: str,
        stats: DatabaseStats,
        busy_seconds: float = 10.0,
        owns_pool: bool = False,
    ) -> None:
        super().__init__(redacted(url), name, stats, WRITE_BUSY_MS, busy_seconds)
        self.pool = pool
        self.owns_pool = owns_pool
        #: units of work started and not yet finished: ``close`` lets them end first, as a database thread's would
        self.working = 0
        self._all_done = asyncio.Event()
        self._all_done.set()

    @classmethod
    async def open_pair(
        cls,
        url: str,
        stats: DatabaseStats,
        busy_seconds: float = 10.0,
        connections: int = CONNECTIONS,
    ) -> tuple[PgDatabase, PgDatabase]:
        """The store's writer and reader, sharing one pool (closed with the writer). Fails at once with a clear
        error if the server cannot be reached."""
        pool = LoopPool(url, connections)
        try:
            await pool.open()
        except (psycopg.Error, OSError) as e:
            await pool.close()
            raise StorageError(f"cannot connect to the PostgreSQL database at {redacted(url)}: {e}") from e
        writer = cls(pool, url, "writer", stats, busy_seconds, owns_pool=True)
        reader = cls(pool, url, "reader", stats, busy_seconds)
        return writer, reader

    def _connect(self) -> None:
        """Connections come from the pool, one per unit of work."""

    async def call(self, fn: Callable[[Any], T]) -> T:
        """Run ``fn`` with a pooled connection in autocommit (each statement its own transaction)."""
        self.stats.round_trips += 1
        try:
            with self._at_work():
                async with self.pool.connection() as raw:
                    return await on_loop.run(fn, PgConnection(raw))
        except psycopg.Error as e:
            kind, _ = storage_kind(e)
            if kind is not None:
                if self.on_fault is not None:
                    self.on_fault(kind)
                raise kind(self._describe(e)) from e
            raise query_error(e) from e

    async def _attempt(self, fn: Callable[[Any], T]) -> T:
        """``fn`` in one transaction, pipelined: ``BEGIN``, the advisory lock and the statements up to the first
        one whose answer is read go in one round trip, and so on up to the ``COMMIT`` (a move: 5 round trips, not
        15). An error surfaces at the next read, row count or the commit, as the statement's own error: the
        transaction is rolled back and the unit fails or is tried again whole, as it would unpipelined."""
        with self._at_work():
            async with self.pool.connection() as raw, raw.pipeline() as pipeline, raw.transaction():
                result = await on_loop.run(fn, PgConnection(raw, pipeline))
        self.stats.commits += 1
        return result

    @contextlib.contextmanager
    def _at_work(self) -> Iterator[None]:
        """One unit of work, counted while it runs (refused once the database is closing)."""
        if self._closed:
            raise StorageError("the database is closed")
        self.working += 1
        self._all_done.clear()
        try:
            yield
        finally:
            self.working -= 1
            if not self.working:
                self._all_done.set()

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
        self._closed = True  # no unit starts from here
        self._executor.shutdown(wait=False)
        try:  # a unit under way commits (or fails) as it would have on a database thread, then the pool closes
            await asyncio.wait_for(self._all_done.wait(), self.busy_seconds)
        except TimeoutError:
            log.warning("closing the %s with %d unit(s) of work still waiting for PostgreSQL", self.name, self.working)
        if self.owns_pool:
            await self.pool.close()
