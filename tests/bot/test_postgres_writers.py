"""PostgreSQL's writers: the commits of two games run at once, while those of one game still take turns under
its lock (``bot.store.sql.lock_game``). SQLite keeps one writer: its transactions take the whole file's lock.

Each unit of work here stops inside its transaction on an ``asyncio.Event`` that the test sets (a unit runs on the
event loop, ``bot.store.on_loop``, and waits for it as for a statement's answer): what is running at once is seen,
not timed. ``BOUND`` only keeps a broken store from hanging the run."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from bot.store import Store, on_loop
from bot.store.sql import lock_game
from bot.store.sqlite import Conn, QueryError, one

#: seconds a unit waits for the test at most (a store that runs the units one after the other reaches it)
BOUND = 10.0


@pytest.fixture
async def store(pg_url: str) -> AsyncIterator[Store]:
    """PostgreSQL only: SQLite has one writer, its transactions take turns by design."""
    s = await Store.open(pg_url)
    yield s
    await s.close()


async def _game(store: Store, n: int) -> int:
    game_id = await store.games.create_game(
        guild_id=1,
        channel_id=7000 + n,
        channel_name=f"table-{n}",
        host_id=70 + n,
        host_name=f"host{n}",
        game="nightfall",
        options={},
        seed=n,
    )
    assert game_id is not None
    return game_id


def _renames(game_id: int, name: str, inside: asyncio.Event, go: asyncio.Event) -> Callable[[Conn], None]:
    """A unit of work that writes the game under its lock, says it is inside, and waits for ``go`` to commit. It
    reads its write back first: a unit's statements reach the server with its first read (they are pipelined)."""

    def run(conn: Conn) -> None:
        lock_game(conn, game_id)
        conn.execute("UPDATE games SET channel_name = ? WHERE id = ?", (name, game_id))
        one(conn, "SELECT channel_name FROM games WHERE id = ?", (game_id,))
        inside.set()
        on_loop.wait(asyncio.wait_for(go.wait(), BOUND))

    return run


async def test_two_games_commit_at_once(store: Store) -> None:
    first, second = await _game(store, 1), await _game(store, 2)
    inside = {first: asyncio.Event(), second: asyncio.Event()}
    go = asyncio.Event()
    units = [
        asyncio.create_task(store.writer.transaction(_renames(g, f"renamed-{g}", inside[g], go)))
        for g in (first, second)
    ]
    try:
        both = True
        try:
            await asyncio.wait_for(asyncio.gather(*(e.wait() for e in inside.values())), BOUND)
        except TimeoutError:
            both = False
    finally:
        go.set()
        await asyncio.gather(*units)
    assert both, "the second game's commit waited for the first game's"
    names = [await store.games.game(g) for g in (first, second)]
    assert [g.channel_name for g in names if g is not None] == [f"renamed-{first}", f"renamed-{second}"]


async def test_one_games_commits_still_take_turns(store: Store) -> None:
    game_id = await _game(store, 3)
    inside, go = asyncio.Event(), asyncio.Event()
    read: list[str] = []

    def after(conn: Conn) -> None:
        lock_game(conn, game_id)
        row = one(conn, "SELECT channel_name FROM games WHERE id = ?", (game_id,))
        read.append(str(row[0]) if row else "")

    first = asyncio.create_task(store.writer.transaction(_renames(game_id, "first", inside, go)))
    second: asyncio.Task[None] | None = None
    waited = False
    try:
        await asyncio.wait_for(inside.wait(), BOUND)
        second = asyncio.create_task(store.writer.transaction(after))
        # the second waits on the game's lock (PostgreSQL lists the wait) and has read nothing meanwhile
        while not second.done():
            row = await store._read_one("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
            if row is not None and int(row[0]) > 0:
                waited = read == []
                break
            await asyncio.sleep(0.01)
    finally:
        go.set()
        await first
    assert second is not None
    await second
    assert waited, "the second unit of the game did not wait on the game's lock while the first held it"
    assert read == ["first"]  # it read the game as the first unit committed it


async def test_a_unit_does_not_wait_for_each_statements_answer(store: Store) -> None:
    """A unit's statements are pipelined: the unit goes on while the server answers, and reads every answer at
    once with its first read (or row count, or commit). A statement's error arrives there, as its own error, and
    the whole unit is rolled back."""
    game_id = await _game(store, 4)
    went_on: list[bool] = []

    def unit(conn: Conn) -> None:
        lock_game(conn, game_id)
        conn.execute("UPDATE games SET channel_name = ? WHERE id = ?", ("renamed", game_id))
        conn.execute("UPDATE games SET version = version / 0 WHERE id = ?", (game_id,))
        went_on.append(True)
        one(conn, "SELECT version FROM games WHERE id = ?", (game_id,))

    with pytest.raises(QueryError, match="division by zero"):
        await store.writer.transaction(unit)
    assert went_on == [True], "the unit waited for the failing statement's answer before going on"
    row = await store.games.game(game_id)
    assert row is not None and row.channel_name == "table-4"  # nothing of the unit was committed
