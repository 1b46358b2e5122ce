"""A bot process that stops (a restart, a deploy, the end of a run) takes no more deliveries, and gives back every one
it leased and did not finish, so another process sharing the database carries them out at once instead of when
their leases run out (minutes).

The real bot (``create_bot``) on ``tests.fakerest.FakeDiscord``; its deliveries never end (a call to Discord that
hangs), so what it holds when it stops is known."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import psycopg
import pytest
import pytest_asyncio

from bot import Settings, create_bot
from bot.app import NightfallBot
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
