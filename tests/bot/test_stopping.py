"""A bot process that stops (a restart, a deploy, the end of a run) takes no more deliveries, deadlines or digests,
and gives back every one it leased and did not finish, so another process sharing the database carries them out at
once instead of when their leases run out (minutes).

The real bot (``create_bot``) on ``tests.fakerest.FakeDiscord``; its deliveries (and the first deadline or digest it
carries out) never end (a call to Discord that hangs), so what it holds when it stops is known."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import psycopg
import pytest
import pytest_asyncio

from bot import Settings, create_bot
from bot.app import NightfallBot
from bot.clocks.claims import ClaimWorker
from bot.store import Delivery, Store
from bot.store.sqlite import on_wait
from tests import postgresql
from tests.fakerest import FakeDiscord

pytestmark = [pytest.mark.postgresql]

#: how many deliveries the bot carries out at once here, and how many rows the tests ask for
AT_ONCE = 2
ROWS = 4
#: the kind of the rows: a notice in the channel, which no quiet hours hold back
KIND = "missed"


class Hanging:
    """Stands in for the bot's ``_carry_out``: each delivery writes down its key and then hangs."""

    def __init__(self, at_once: int) -> None:
        self.begun: list[tuple[int, str, int]] = []
        self.full = asyncio.Event()  # ``at_once`` deliveries hang
        self.at_once = at_once

    async def __call__(self, d: Delivery) -> bool:
        self.begun.append(d.key)
        if len(self.begun) >= self.at_once:
            self.full.set()
        await asyncio.Event().wait()
        return False


@pytest_asyncio.fixture
async def bot(settings: Settings) -> AsyncIterator[NightfallBot]:
    """The real bot, logged in to a fake Discord, with deliveries that hang, ``AT_ONCE`` at a time."""
    made = create_bot(settings)
    FakeDiscord().install(made)
    await made.login("fake-token")
    made.deliverer.concurrency = AT_ONCE
    try:
        yield made
    finally:
        if not made.store.closed:
            await made.close()


async def _game(store: Store) -> int:
    game_id = await store.games.create_game(
        guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game="fightdrome", options={}, seed=1
    )
    assert game_id is not None
    return game_id


async def _free(url: str) -> list[tuple[int, str, int]]:
    """The owed rows another process may claim now (it leases them: the caller's last look)."""
    other = await Store.open(url)
    try:
        return sorted(d.key for d in await other.work.claim_deliveries(ROWS * 2, 300.0))
    finally:
        await other.close()


async def test_a_stopped_deliverer_claims_nothing_more(bot: NightfallBot, db_location: str) -> None:
    """The deliveries the stop cancels end, and each end used to wake the worker, which claimed the next rows for
    a process on its way out (leased to it for minutes on a shared database): after the stop it stays idle."""
    hanging = Hanging(AT_ONCE)
    bot.deliverer._carry_out = hanging  # type: ignore[method-assign]
    game_id = await _game(bot.store)
    for target in range(ROWS):
        await bot.store.work.want(game_id, KIND, target)
    bot.deliverer.wake()
    await hanging.full.wait()
    tasks = list(bot.deliverer._running.values())

    bot.deliverer.stop()
    await asyncio.gather(*tasks, return_exceptions=True)  # their ends are seen (their callbacks ran before this)

    assert not bot.deliverer.busy
    assert len(hanging.begun) == AT_ONCE
    await bot.close()
    assert await _free(db_location) == [(game_id, KIND, t) for t in range(ROWS)]


async def test_a_claim_under_way_at_the_stop_is_given_back(bot: NightfallBot, db_location: str) -> None:
    """The stop comes while a claim's transaction has committed its leases and its answer is on the way back (a
    database thread runs a transaction to its end whatever the task awaiting it does): the rows it leased are given
    back with the rest at the close, and none of them is started."""
    hanging = Hanging(AT_ONCE)
    bot.deliverer._carry_out = hanging  # type: ignore[method-assign]
    game_id = await _game(bot.store)
    for target in range(AT_ONCE):
        await bot.store.work.want(game_id, KIND, target)

    claim = bot.store.work.claim_deliveries
    leased, answer = asyncio.Event(), asyncio.Event()

    async def slow_answer(*args: Any, **kwargs: Any) -> list[Delivery]:
        claimed = await claim(*args, **kwargs)
        if claimed and hanging.full.is_set():  # the claim after the first ones: committed, its answer held back
            leased.set()
            await answer.wait()
        return claimed

    bot.store.work.claim_deliveries = slow_answer  # type: ignore[method-assign]
    bot.deliverer.wake()
    await hanging.full.wait()
    bot.deliverer.concurrency = AT_ONCE * 2  # room for more: the next rows are claimed while the first ones hang
    for target in range(AT_ONCE, ROWS):
        await bot.store.work.want(game_id, KIND, target)
    bot.deliverer.wake()
    await leased.wait()

    stop = bot.deliverer.stop

    def stopping() -> None:
        stop()
        answer.set()  # the answer arrives just after the stop

    bot.deliverer.stop = stopping  # type: ignore[method-assign]
    await bot.close()

    assert len(hanging.begun) == AT_ONCE
    assert await _free(db_location) == [(game_id, KIND, t) for t in range(ROWS)]


async def test_a_delivery_carried_out_before_the_stop_is_marked_not_given_back(
    bot: NightfallBot, db_location: str
) -> None:
    """The stop comes after a delivery went through Discord and while its mark waits for the database (a write
    queued behind others): the stop used to cancel the mark before it ran, and the give-back then freed the row as
    owed, so another process sharing the database carried the same delivery out a second time (the notice posted
    twice: bench/cluster.py's 'double'). The mark runs to its end and the close waits for it."""
    carried: list[tuple[int, str, int]] = []

    async def carry_out(d: Delivery) -> bool:
        carried.append(d.key)
        return False

    bot.deliverer._carry_out = carry_out  # type: ignore[method-assign]
    mark = bot.store.work.delivered
    marking, database = asyncio.Event(), asyncio.Event()

    async def slow_mark(d: Delivery, gap: float = 0.0) -> None:
        marking.set()
        await database.wait()  # the write waits its turn
        await mark(d, gap)

    bot.store.work.delivered = slow_mark  # type: ignore[method-assign]
    game_id = await _game(bot.store)
    await bot.store.work.want(game_id, KIND, 0)
    bot.deliverer.wake()
    await marking.wait()

    stop = bot.deliverer.stop

    def stopping() -> None:
        stop()
        database.set()  # the database gets to the mark just after the stop

    bot.deliverer.stop = stopping  # type: ignore[method-assign]
    await bot.close()

    assert carried == [(game_id, KIND, 0)]
    assert await _free(db_location) == []


@pytest.fixture
def pg_url(postgresql_cluster: postgresql.Cluster) -> Iterator[str]:
    """A fresh PostgreSQL database: only a shared database has other processes to give rows back to."""
    url = postgresql_cluster.new_database()
    yield url
    postgresql_cluster.admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1].split('?')[0]} WITH (FORCE)")


async def test_the_give_back_waits_out_a_row_lock(pg_url: str) -> None:
    """Another process's move may hold a row the stopping process gives back (its transaction asks for the row's
    next delivery) past the lock timeout of a write: the give-back tries again, as other writes do, instead of
    failing once and leaving the row leased to nobody for minutes."""
    store = await Store.open(pg_url)
    holder = psycopg.connect(pg_url)  # the other process's move, open until the give-back has waited for it once
    try:
        game_id = await _game(store)
        await store.work.want(game_id, KIND, 0)
        [held] = await store.work.claim_deliveries(ROWS, 300.0)
        holder.execute("SELECT 1 FROM deliveries WHERE game_id = %s FOR UPDATE", (game_id,))

        async def move_commits() -> None:
            holder.commit()

        waiting = on_wait.set(move_commits)
        try:
            await store.hosts.release_host(store.host_id, [held.key])
        finally:
            on_wait.reset(waiting)
        assert await _free(pg_url) == [held.key]
    finally:
        holder.close()
        await store.close()


# ---------------------------------------------------------------------------------------------- the clocks' workers
class Clock:
    """What the tests need of one of the two workers that claim a row at a time (``bot.clocks.claims``): the
    deadline worker's rows are decisions' clocks, the digest worker's people whose daily digest fell due."""

    def __init__(self, name: str) -> None:
        self.name = name

    def worker(self, bot: NightfallBot) -> ClaimWorker[Any, Any]:
        return bot.deadlines if self.name == "deadlines" else bot.digests

    def patch_claim(self, store: Store, claim: Any) -> Any:
        """Put ``claim`` in place of the store's claim of this worker's rows; the store's own is returned."""
        part: Any = store.work if self.name == "deadlines" else store.people
        attr = "claim_deadline" if self.name == "deadlines" else "claim_digest"
        own = getattr(part, attr)
        setattr(part, attr, claim)
        return own

    def key(self, row: Any) -> Any:
        """What names a claimed row: (game, seat, since) of a deadline, the person of a digest."""
        return (row.game_id, row.seat, row.since) if self.name == "deadlines" else row[0]

    async def due(self, store: Store, n: int) -> list[Any]:
        """``n`` rows due now (those of one game, or ``n`` people): their keys."""
        if self.name == "deadlines":
            game_id = await _game(store)
            keys = [(game_id, seat, 1) for seat in "ab"[:n]]
            for key in keys:
                await _write(
                    store,
                    "INSERT INTO deadlines (game_id, seat, user_id, since, opened_at, remind_at, warn_at, due_at, "
                    "next_at) VALUES (?, ?, 7, ?, 0, 0, 0, 0, 0)",
                    key,
                )
            return keys
        people = [70 + k for k in range(n)]
        for user_id in people:
            await store.people.set_notify_mode(user_id, "digest")
            await _write(store, "UPDATE players SET digest_at = ? WHERE user_id = ?", (user_id, user_id))
        return people

    async def free(self, url: str) -> set[Any]:
        """The due rows another process may claim now (it leases them: the caller's last look)."""
        other = await Store.open(url)
        try:
            found: set[Any] = set()
            key: Any
            for _ in range(ROWS):  # on SQLite a claim leases nothing: the same row again ends the look
                if self.name == "deadlines":
                    row: Any = await other.work.claim_deadline(300.0)
                else:
                    row = await other.people.claim_digest(300.0)
                key = None if row is None else self.key(row)
                if key is None or key in found:
                    break
                found.add(key)
            return found
        finally:
            await other.close()


async def _write(store: Store, sql: str, params: tuple[Any, ...]) -> None:
    await store.writer.transaction(lambda c: c.execute(sql, params))


CLOCKS = [pytest.param(Clock(name), id=name) for name in ("deadlines", "digests")]


class HangingFirst:
    """Stands in for a clock worker's ``_carry_out``: the first row hangs; a later one is written down and ends the
    worker's run (on SQLite a claim leases nothing, and the rows left due would be claimed again and again)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.begun: list[Any] = []
        self.hangs = asyncio.Event()

    async def __call__(self, row: Any) -> None:
        self.begun.append(self.clock.key(row))
        if len(self.begun) > 1:
            raise asyncio.CancelledError
        self.hangs.set()
        await asyncio.Event().wait()


async def first_row_hanging(bot: NightfallBot, clock: Clock, rows: int) -> tuple[Any, HangingFirst, list[Any]]:
    """The clock's worker, with ``HangingFirst`` in place of its work, woken with ``rows`` rows due: returned once the
    first row hangs, with the keys of the rows due."""
    worker = clock.worker(bot)
    hanging = HangingFirst(clock)
    worker._carry_out = hanging
    keys = await clock.due(bot.store, rows)
    worker.wake()
    await hanging.hangs.wait()
    return worker, hanging, keys


@pytest.mark.parametrize("clock", CLOCKS)
async def test_a_stopped_clock_worker_claims_nothing_more(bot: NightfallBot, clock: Clock) -> None:
    """A commit after the stop (the cancelled deadline's own timeout move may still commit, and every commit wakes
    the workers) used to start the stopped worker again, which claimed the next due row for a process on its way
    out (leased to it for minutes on a shared database): after the stop it stays idle."""
    worker, hanging, keys = await first_row_hanging(bot, clock, 2)

    stopped = worker._task
    assert stopped is not None
    worker.stop()
    await asyncio.gather(stopped, return_exceptions=True)
    worker.wake()  # a commit's, once the stopped run ended
    if (woken := worker._task) is not None and woken is not stopped:
        await asyncio.gather(woken, return_exceptions=True)  # the run the wake started claims, and ends

    assert hanging.begun == keys[:1]
    await bot.close()


@pytest.mark.parametrize("clock", CLOCKS)
async def test_the_row_a_clock_worker_carries_out_at_the_stop_is_given_back(
    bot: NightfallBot, db_location: str, clock: Clock
) -> None:
    """The stop cancels the row's work before its end is written: the row is given back at the close, for another
    process to carry out at once, instead of staying leased to a process that stopped for minutes."""
    _, hanging, keys = await first_row_hanging(bot, clock, 1)

    await bot.close()

    assert hanging.begun == keys
    assert await clock.free(db_location) == set(keys)


@pytest.mark.parametrize("clock", CLOCKS)
async def test_a_clock_workers_claim_under_way_at_the_stop_is_given_back(
    bot: NightfallBot, db_location: str, clock: Clock
) -> None:
    """The stop comes while a claim's transaction has committed its lease and its answer is on the way back: the
    row is given back at the close, and is not carried out."""
    worker = clock.worker(bot)
    hanging = HangingFirst(clock)
    worker._carry_out = hanging  # type: ignore[method-assign]
    leased, answer = asyncio.Event(), asyncio.Event()

    async def slow_answer(lease: float) -> Any:
        claimed = await claim(lease)
        if claimed is not None:  # committed, its answer held back
            leased.set()
            await answer.wait()
        return claimed

    claim = clock.patch_claim(bot.store, slow_answer)
    keys = await clock.due(bot.store, 1)
    worker.wake()
    await leased.wait()

    stop = worker.stop

    def stopping() -> None:
        stop()
        answer.set()  # the answer arrives just after the stop

    worker.stop = stopping  # type: ignore[method-assign]
    await bot.close()

    assert hanging.begun == []
    assert await clock.free(db_location) == set(keys)
