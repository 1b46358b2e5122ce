"""A database the machine gets in the way of: locked by another program, on a full disk, read-only.

The player is answered within Discord's 3 seconds (the interaction is acknowledged while a write
waits for the lock), gets the move's result or a clear sentence (busy, storage full, read-only) that
says nothing was changed, never the generic error; whoever runs the bot reads one clear line; writes
work again the moment the machine lets them; the write-ahead log stays small; and a delivery whose
completion could not be recorded is carried out again, never dropped.

The tests run on SQLite and on PostgreSQL (``pytestmark``), where another program holds locks on every table and
the server turns read-only; a full disk and the write-ahead log are SQLite's alone (see each test).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot import Settings
from bot.store.postgresql import is_postgresql
from bot.store.sqlite import WAL_LIMIT

from .conftest import user_errors_only
from .helpers import latest_prompt, moves_in, open_game, press, public_lines, slash_move
from .test_reliability import human_to_move, move_once

BUSY_SECONDS = 2.0

pytestmark = pytest.mark.postgresql


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, db_busy_seconds=BUSY_SECONDS)


@contextmanager
def write_lock_held(path: str, seconds: float) -> Iterator[None]:
    """Another program (a backup, an admin's shell) holds the database's write lock for ``seconds``: on PostgreSQL,
    a transaction that locks every table against writes (reads go on)."""
    taken = threading.Event()

    def hold() -> None:
        if is_postgresql(path):
            import psycopg

            with psycopg.connect(path) as pg:
                tables = [r[0] for r in pg.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
                pg.execute(f"LOCK TABLE {', '.join(tables)} IN EXCLUSIVE MODE")  # type: ignore[arg-type]
                taken.set()
                time.sleep(seconds)
                pg.rollback()
            return
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        taken.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
        conn.close()

    failed: list[BaseException] = []

    def run() -> None:
        try:
            hold()
        except BaseException as e:  # the test fails with it instead of waiting for a lock never taken
            failed.append(e)
            taken.set()

    holder = threading.Thread(target=run)
    holder.start()
    taken.wait()
    if failed:
        raise failed[0]
    try:
        yield
    finally:
        holder.join()


async def read_only(store: Any, on: bool) -> None:
    """Make the database refuse writes (reads go on), or take it back: SQLite's ``query_only``; on PostgreSQL the
    database's ``default_transaction_read_only``, and the pool's connections made anew to take it."""
    if store.dialect != "postgresql":
        await store.writer.call(lambda c: c.execute(f"PRAGMA query_only = {int(on)}").fetchone())
        return
    import psycopg

    url = store.writer.pool.conninfo
    with psycopg.connect(url, autocommit=True, options="-c default_transaction_read_only=off") as pg:
        name = pg.info.dbname
        pg.execute(f"ALTER DATABASE {name} {'SET default_transaction_read_only = on' if on else 'RESET ALL'}")  # type: ignore[arg-type]
    await store.writer.pool.drain()


def deferrals(env: Any, since: int) -> list[int]:
    """The interaction callbacks since request ``since`` that only acknowledged (5: "thinking…", 6: a button's
    message to be edited): what keeps Discord's 3 seconds while a write waits."""
    return [
        r.json["type"]
        for r in env.http_requests[since:]
        if r.path.endswith("/callback") and isinstance(r.json, dict) and r.json.get("type") in (5, 6)
    ]


async def _texts(result: Any) -> str:
    return "\n".join(m.content for m in [result.response, *result.followups] if m is not None)


async def test_a_move_waits_out_a_short_lock_and_is_acknowledged_in_time(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    name, _seat = await human_to_move(party)  # type: ignore[misc]
    prompt = latest_prompt(party.users[name])
    assert prompt is not None
    move = next(m for m, (kind, _id) in moves_in(prompt).items() if kind == "button")
    version = (await party.table()).game.version
    mark = len(simcord_env.http_requests)
    with write_lock_held(simcord_env.bot.settings.db_path, BUSY_SECONDS / 2):
        result = await press(party.users[name], prompt, move)
    assert deferrals(simcord_env, mark) == [6]  # acknowledged while the write waited: Discord's 3 s are kept
    assert (await party.table()).game.version == version + 1
    assert (await _texts(result)).startswith("✓")
    user_errors_only(simcord_env)


async def test_a_long_lock_gets_a_clear_busy_answer_and_changes_nothing(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    name, seat = await human_to_move(party)  # type: ignore[misc]
    table = await party.table()
    version = table.game.version
    move = str(table.game.legal_actions(seat)[0])
    with write_lock_held(simcord_env.bot.settings.db_path, BUSY_SECONDS * 2):
        result = await slash_move(party.members[name], party.channel, move)
    answer = await _texts(result)
    assert result.ephemeral and "busy right now" in answer and "nothing was changed" in answer
    assert "Something went wrong" not in answer
    assert (await party.table()).game.version == version
    again = await slash_move(party.members[name], party.channel, move)  # the lock is gone: it works
    assert (await _texts(again)).startswith("✓")
    assert (await party.table()).game.version == version + 1
    user_errors_only(simcord_env)


async def test_a_command_that_waits_thinks_privately_then_answers_in_public_or_refuses_privately(
    simcord_env: Any,
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    alice = party.members["alice"]
    mark = len(simcord_env.http_requests)
    with write_lock_held(simcord_env.bot.settings.db_path, BUSY_SECONDS / 2):
        done = await alice.slash(party.channel, "game settings", deadline="12h")
    assert deferrals(simcord_env, mark) == [5]
    assert done.ephemeral and done.response.content == "✓"  # the private "thinking…", completed
    (public,) = done.followups
    assert not public.ephemeral and "**12 hours**" in public.content  # the channel reads the change
    with write_lock_held(simcord_env.bot.settings.db_path, BUSY_SECONDS * 2):
        refused = await alice.slash(party.channel, "game settings", deadline="6h")
    assert refused.ephemeral and "busy right now" in refused.response.content and refused.followups == []
    assert (await simcord_env.bot.store.games.game((await party.table()).id)).deadline == 12 * 3600  # type: ignore[union-attr]
    user_errors_only(simcord_env)


@pytest.mark.sqlite_only
async def test_a_full_disk_refuses_clearly_logs_once_and_recovers_at_once(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite only: its file can be made full (``max_page_count``); a PostgreSQL server's disk cannot be filled
    from a test, and its "disk full" error is mapped to the same answer in ``test_postgres_store.py``."""
    caplog.set_level(logging.WARNING, logger="bot.store.sqlite")
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    store = simcord_env.bot.store
    pages = await store.writer.call(lambda c: c.execute("PRAGMA page_count").fetchone()[0])
    await store.writer.call(lambda c: c.execute(f"PRAGMA max_page_count = {pages}").fetchone())  # the disk is full
    refusals = []
    for n in range(40):
        name, seat = await human_to_move(party)  # type: ignore[misc]
        table = await party.table()
        version = table.game.version
        result = await slash_move(party.members[name], party.channel, str(table.game.legal_actions(seat)[0]))
        answer = await _texts(result)
        assert "Something went wrong" not in answer
        if not answer.startswith("✓"):
            assert "storage is full" in answer and "nothing was changed" in answer
            assert (await party.table()).game.version == version
            refusals.append(n)
            if len(refusals) == 3:
                break
    assert len(refusals) == 3, "the full disk was never felt"
    full = [r for r in caplog.records if r.levelno == logging.ERROR and "disk is full" in r.getMessage()]
    assert len(full) == 1  # one clear line for whoever runs the bot, not one per refused move
    await store.writer.call(lambda c: c.execute("PRAGMA max_page_count = 1073741823").fetchone())  # space again
    await move_once(party, 99)
    assert any("can be written again" in r.getMessage() for r in caplog.records)
    user_errors_only(simcord_env)


async def test_a_read_only_database_refuses_clearly(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    store = simcord_env.bot.store
    name, seat = await human_to_move(party)  # type: ignore[misc]
    table = await party.table()
    move = str(table.game.legal_actions(seat)[0])
    await read_only(store, True)
    refused = await slash_move(party.members[name], party.channel, move)
    assert "read-only" in await _texts(refused)
    joined = await party.members["carol"].slash(party.channel, "game status")  # reading still works
    assert joined.ephemeral and "Awaited: " in joined.response.content
    await read_only(store, False)
    assert (await _texts(await slash_move(party.members[name], party.channel, move))).startswith("✓")
    user_errors_only(simcord_env)


async def test_a_delivery_whose_completion_cannot_be_recorded_runs_again(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    bot = simcord_env.bot
    table = await party.table()
    bot.service.wake = lambda: None  # the move commits; its deliveries wait
    await move_once(party, 0)
    owed = [line for _, line in await bot.store.games.log_since(table.id)]
    assert owed
    await read_only(bot.store, True)  # writes fail from here
    bot.deliverer.wake()
    await simcord_env.settle()
    await simcord_env.advance_time(5)
    await read_only(bot.store, False)  # and work again
    await simcord_env.advance_time(bot.deliverer.lease + 60)
    # the retry's table image may still be drawing in its thread: a settle can return while that runs (the render
    # is shared by its callers behind asyncio.shield, a wait SimCord does not follow), so wait for the worker
    for _ in range(500):
        if not bot.deliverer.busy:
            break
        await asyncio.sleep(0.01)  # real time, in the test's own task: the thread finishes the image meanwhile
        await simcord_env.settle()
    assert await bot.store.games.log_owed(table.id) == []
    lines = public_lines(party.channel)
    latest = owed[-1].text("en")[:100]
    assert any(latest in line for line in lines), lines  # the table message quotes the move's latest line
    assert await bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)


@pytest.mark.sqlite_only
async def test_the_write_ahead_log_is_kept_small(simcord_env: Any, tmp_path: Path) -> None:
    """SQLite only: PostgreSQL keeps its own write-ahead log in bounds (the store's checkpoint does nothing there)."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    wal = Path(simcord_env.bot.settings.db_path + "-wal")
    largest = 0
    for n in range(60):
        if await human_to_move(party) is None:
            break
        await move_once(party, n)
        largest = max(largest, wal.stat().st_size if wal.exists() else 0)
    assert largest <= 2 * WAL_LIMIT
    await simcord_env.advance_time(simcord_env.bot.settings.watchdog_seconds + 1)  # the watchdog checkpoints
    assert not wal.exists() or wal.stat().st_size == 0
    user_errors_only(simcord_env)
