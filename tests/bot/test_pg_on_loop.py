"""PostgreSQL's units of work on the event loop (``bot.store.on_loop``, ``bot.store.postgresql.LoopPool``): a unit
runs on the loop's own thread and gives the loop back while it waits for the server, an error reaches the unit
where it waited, and the pool lends each connection to one unit at a time and takes it back clean."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from typing import Any

import psycopg
import pytest

from bot.store import Store, on_loop
from bot.store.postgresql import LoopPool, NoConnection, PgDatabase
from bot.store.sqlite import Conn, DatabaseStats, StorageError, one

#: seconds a test waits for what must happen at most (a broken pool would otherwise hang the run)
BOUND = 10.0


# ---------------------------------------------------------------------------------------------- the greenlets
async def test_a_unit_waits_on_the_loop_and_gets_each_answer() -> None:
    async def later(value: int) -> int:
        await asyncio.sleep(0)
        return value * 2

    def unit(start: int) -> tuple[int, str]:
        first = on_loop.wait(later(start))
        second = on_loop.wait(later(first))
        return second, threading.current_thread().name

    result, thread = await on_loop.run(unit, 5)
    assert result == 20
    assert thread == threading.current_thread().name  # the loop's own thread, not a database thread


async def test_an_error_is_raised_where_the_unit_waited_and_it_may_handle_it() -> None:
    async def fails() -> None:
        raise ValueError("the server said no")

    def handles() -> str:
        try:
            on_loop.wait(fails())
        except ValueError as e:
            return f"handled: {e}"
        return "not raised"

    def lets_it_through() -> None:
        on_loop.wait(fails())

    assert await on_loop.run(handles) == "handled: the server said no"
    with pytest.raises(ValueError, match="the server said no"):
        await on_loop.run(lets_it_through)


async def test_two_units_wait_at_once() -> None:
    """While one unit waits, the loop runs another: each is inside before either goes on."""
    inside = [asyncio.Event(), asyncio.Event()]
    order: list[str] = []

    def unit(n: int) -> None:
        inside[n].set()
        on_loop.wait(asyncio.wait_for(inside[1 - n].wait(), BOUND))  # fails unless the other unit ran meanwhile
        order.append(f"done {n}")

    await asyncio.gather(on_loop.run(unit, 0), on_loop.run(unit, 1))
    assert sorted(order) == ["done 0", "done 1"]


async def test_waiting_outside_a_unit_is_refused_plainly() -> None:
    async def answer() -> int:
        return 1

    with pytest.raises(RuntimeError, match="outside"):
        on_loop.wait(answer())


# ---------------------------------------------------------------------------------------------- on PostgreSQL
@pytest.fixture
async def store(pg_url: str) -> AsyncIterator[Store]:
    """PostgreSQL only: SQLite's units of work run on its database thread."""
    s = await Store.open(pg_url)
    yield s
    await s.close()


async def _game(store: Store, channel: int, name: str) -> int:
    game_id = await store.games.create_game(
        guild_id=1,
        channel_id=channel,
        channel_name=name,
        host_id=channel // 100,
        host_name="host",
        game="nightfall",
        options={},
        seed=1,
    )
    assert game_id is not None
    return game_id


async def test_the_loop_runs_on_while_a_unit_waits_for_the_server(store: Store) -> None:
    ticks = 0
    stop = asyncio.Event()

    async def ticker() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            await asyncio.sleep(0.01)

    def slow(conn: Conn) -> str:
        row = one(conn, "SELECT CAST(pg_sleep(0.3) AS TEXT)")
        assert row is not None
        return threading.current_thread().name

    task = asyncio.create_task(ticker())
    try:
        thread = await store.writer.transaction(slow)
    finally:
        stop.set()
        await task
    assert thread == threading.current_thread().name
    assert ticks >= 5, f"the loop ran {ticks} times while the unit waited 0.3 s for the server"


async def test_a_connection_comes_back_outside_any_transaction(store: Store) -> None:
    """A read that began a transaction and failed before its end leaves the connection to the next unit clean."""
    writer = store.writer
    assert isinstance(writer, PgDatabase)

    def begins_and_fails(conn: Conn) -> None:
        conn.execute("BEGIN DEFERRED")
        one(conn, "SELECT 1")
        raise LookupError("the unit's own error")

    with pytest.raises(LookupError):
        await store.reader.call(begins_and_fails)
    states = [conn.info.transaction_status for conn in writer.pool._idle]
    assert states and all(state == psycopg.pq.TransactionStatus.IDLE for state in states)
    assert await store.reader.call(lambda c: one(c, "SELECT 2")) == (2,)


async def test_a_connection_the_server_dropped_is_replaced_and_the_write_tried_again(store: Store) -> None:
    writer = store.writer
    assert isinstance(writer, PgDatabase)
    pids = [conn.info.backend_pid for conn in writer.pool._idle]
    assert pids
    with psycopg.connect(writer.pool.conninfo, autocommit=True) as admin:
        for pid in pids:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    # every idle connection is dead: the write meets one, is tried again whole, and commits on a new connection
    game_id = await _game(store, 7100, "after-a-drop")
    game = await store.games.game(game_id)
    assert game is not None and game.channel_name == "after-a-drop"
    assert not set(pids) & {conn.info.backend_pid for conn in writer.pool._idle}


async def test_a_unit_that_finds_no_free_connection_fails_as_a_storage_error(pg_url: str) -> None:
    pool = LoopPool(pg_url, size=1, timeout=0.2)
    await pool.open()
    database = PgDatabase(pool, pg_url, "reader", DatabaseStats(), owns_pool=True)
    held = asyncio.Event()
    release = asyncio.Event()

    def holds(conn: Conn) -> None:
        held.set()
        on_loop.wait(asyncio.wait_for(release.wait(), BOUND))

    holder = asyncio.create_task(database.call(holds))
    try:
        await asyncio.wait_for(held.wait(), BOUND)
        with pytest.raises(StorageError, match="no connection came free"):
            await database.call(lambda c: one(c, "SELECT 1"))
    finally:
        release.set()
        await holder
    assert await database.call(lambda c: one(c, "SELECT 1")) == (1,)  # the connection came back
    await database.close()
    with pytest.raises(StorageError):
        await database.call(lambda c: one(c, "SELECT 1"))


def test_no_connection_is_a_lost_connection_to_the_store() -> None:
    """A unit that found no connection wrote nothing: tried again, as after a lost connection."""
    from bot.store.postgresql import storage_kind

    assert storage_kind(NoConnection("no connection came free in 5s")) == (StorageError, True)


@pytest.mark.postgresql
@pytest.mark.simcord(settle_timeout=0.2)
async def test_a_settle_waits_for_a_unit_slower_than_its_window(simcord_env: Any) -> None:
    """A unit of work waiting for PostgreSQL on the event loop is the bot still working, as a database thread was: a
    settle does not return before it is done, even past its window (SimCord waits for a task waiting on a socket)."""
    store = simcord_env.bot.store
    if store.dialect != "postgresql":
        pytest.skip("SQLite's units run on a database thread: tests/bot/test_settle_patience.py")

    async def slow_read() -> str:
        row = await store.reader.call(lambda c: one(c, "SELECT CAST(pg_sleep(0.6) AS TEXT)"))
        return "read" if row is not None else "nothing"

    with simcord_env._bot_scope():
        task = asyncio.get_running_loop().create_task(slow_read())
    await simcord_env.settle()
    assert task.done() and task.result() == "read"


async def test_a_write_under_way_when_the_store_closes_still_commits(store: Store, pg_url: str) -> None:
    """As a database thread's unit ran to its end whatever happened to the task awaiting it, a unit on the loop
    ends (commits) before its connection is closed; a unit asked for after the close is refused."""
    game_id = await _game(store, 7200, "before")
    inside, go = asyncio.Event(), asyncio.Event()

    def renames(conn: Conn) -> None:
        conn.execute("UPDATE games SET channel_name = ? WHERE id = ?", ("during the close", game_id))
        one(conn, "SELECT channel_name FROM games WHERE id = ?", (game_id,))
        inside.set()
        on_loop.wait(asyncio.wait_for(go.wait(), BOUND))

    unit = asyncio.create_task(store.writer.transaction(renames))
    await asyncio.wait_for(inside.wait(), BOUND)
    closing = asyncio.create_task(store.close())
    await asyncio.sleep(0.05)
    assert not closing.done(), "the store closed under a unit of work"
    with pytest.raises(StorageError, match="closed"):
        await store.writer.transaction(lambda c: one(c, "SELECT 1"))
    go.set()
    await unit
    await closing
    with psycopg.connect(pg_url, autocommit=True) as check:
        row = check.execute("SELECT channel_name FROM games WHERE id = %s", (game_id,)).fetchone()
    assert row == ("during the close",)


async def test_a_connection_still_connecting_when_the_pool_drains_is_never_lent_again(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A drain (a setting changed on the server, such as read-only) reaches a connection that was still being opened:
    it may carry the old setting, so it is closed when it comes back. Kept, it once made a delivery's mark fail as
    read-only after writes worked again."""
    connecting, go = asyncio.Event(), asyncio.Event()
    connect = psycopg.AsyncConnection.connect

    async def slow_connect(*args: Any, **kwargs: Any) -> Any:
        connecting.set()
        await asyncio.wait_for(go.wait(), BOUND)
        return await connect(*args, **kwargs)

    pool = LoopPool(pg_url, size=2)
    monkeypatch.setattr(psycopg.AsyncConnection, "connect", slow_connect)
    pids: list[int] = []

    async def unit() -> None:
        async with pool.connection() as conn:
            pids.append(conn.info.backend_pid)

    first = asyncio.create_task(unit())
    await asyncio.wait_for(connecting.wait(), BOUND)
    await pool.drain()
    go.set()
    await first
    assert pool._idle == [], "a connection opened before the drain was put back to be lent again"
    await unit()
    assert len(set(pids)) == 2
    await pool.close()
