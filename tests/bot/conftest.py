"""The real bot in SimCord: offline, no token, a fresh database per test (a SQLite file, or a PostgreSQL database:
see ``tests/conftest.py`` for which, and ``tests/postgresql.py`` for the server)."""

from __future__ import annotations

import asyncio
import atexit
import itertools
import re
import zlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from simcord import Env

from bot import Settings, create_bot
from bot.app import NightfallBot

from .. import postgresql
from ..postgresql import POSTGRESQL_SKIPPED
from .helpers import undrawn

#: seconds before a failed delivery is retried (it doubles after that): far beyond SimCord's settle
#: window, so a retry waits for ``env.advance_time`` as it waits for the clock in production, and a
#: test that leaves Discord failing never spins on real-time retries
RETRY_BASE = 100.0

#: the settle window of tests that keep Discord failing. SimCord's clock is virtual, and settling runs
#: the timers due inside the window, so the window must hold all of discord.py's own 5xx retries
#: (sleeps of 1+3+5+7+9 s), with real seconds to spare for a render running in a thread meanwhile,
#: and stay below the shortest delivery retry (``RETRY_BASE / 2`` with jitter)
FAILING_SETTLE = 40.0

#: seconds a settling SimCord waits before it looks again at work that is still running. Its own
#: default (50 ms) is mostly spent idle: once every task is parked, a callback queued for the next
#: loop turn (a finished task's bookkeeping) still makes it sleep the whole interval, hundreds of
#: times in a game played to the end. Only how often it looks changes, not what it waits for.
SETTLE_POLL = 0.005


@pytest.fixture(autouse=True)
def quick_settle(monkeypatch: pytest.MonkeyPatch) -> None:
    original = Env._settle_internal

    async def settle_internal(self: Env, *, idle: float = SETTLE_POLL, **kwargs: object) -> None:
        await original(self, idle=min(idle, SETTLE_POLL), **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Env, "_settle_internal", settle_internal)


#: seconds a settle, or an advance of SimCord's clock, may run past its window while the bot is still working (its
#: native work, a database or image thread, is running, or its event loop has callbacks ready to run): a bot starved
#: of CPU by a busy machine is slow, not stuck, and a deadlocked one still fails the test once this is spent
NATIVE_PATIENCE = 60.0


@pytest.fixture(autouse=True)
def native_work_untimed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A settle's window (``settle_timeout``, real seconds) measures the bot's own work, not how fast a busy
    machine runs it. When a settle, or an advance of the clock, runs out of its window while the bot is still
    working (native work SimCord tracks, ``run_in_executor``: the store's database threads, the image threads, is
    running; or callbacks wait for the event loop's next turn, such as a thread's finished work being handed back),
    it settles again with a fresh window, for at most ``NATIVE_PATIENCE`` seconds in all.

    Nothing else changes: a task waiting on something nobody will set, with nothing running, fails at the window as
    before; timers are judged by SimCord as before (a settle still runs virtual timers due inside its window, and
    only those), and the clock is never moved further than the test asked.
    """
    settle = Env._settle_internal
    advance = Env._advance_to

    def still_working(self: Env) -> bool:
        """Threads still running the bot's native work, an advance that waits for them in turn, or callbacks
        ready for the event loop's next turn (a machine busy elsewhere had the loop wait for the CPU)."""
        if self._work.executors:
            return True
        if any(task is not None and not task.done() for task in (self._real_advance_task, self._advance_task)):
            return True
        return any(
            record.when is None and record.handle is not None and not record.handle.cancelled()
            for record in self._work.callbacks
        )

    async def patiently(self: Env, attempt: Callable[[bool], Awaitable[None]]) -> None:
        assert self._loop is not None
        give_up = self._loop.time() + self.settle_timeout + NATIVE_PATIENCE
        first = True
        while True:
            try:
                return await attempt(first)
            except TimeoutError:
                if not still_working(self) or self._loop.time() >= give_up:
                    raise
            first = False

    async def settle_internal(self: Env, *, _deadline: float | None = None, **kwargs: Any) -> None:
        if _deadline is not None:  # a step of an advance: the advance as a whole settles again
            return await settle(self, _deadline=_deadline, **kwargs)
        await patiently(self, lambda _first: settle(self, **kwargs))

    async def advance_to(self: Env, target: float, deadline: float) -> None:
        assert self._loop is not None
        loop = self._loop

        def attempt(first: bool) -> Awaitable[None]:  # the first keeps its caller's window, later ones a fresh one
            return advance(self, target, deadline if first else loop.time() + self.settle_timeout)

        await patiently(self, attempt)

    monkeypatch.setattr(Env, "_settle_internal", settle_internal)
    monkeypatch.setattr(Env, "_advance_to", advance_to)


@pytest.fixture(autouse=True)
def unseen_images(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test marked ``unseen_images`` never looks at what an image shows (only that a message has one, by its
    file name): its images are not drawn, a placeholder PNG stands in. Drawing is most of a whole game's work,
    and what the images show is tested in tests/render, test_images.py and test_words_in_games.py.

    Only the drawing is left out: each image is still asked for by the same picture, keyed by the same view,
    kept in the cache, counted in ``images.stats`` and fetched in a thread as before, under the same name.
    The test gets a cache of its own, so its placeholders never answer a later test's images.
    """
    if request.node.get_closest_marker("unseen_images") is None:
        return
    from bot.workers import images

    monkeypatch.setattr(images, "_draw", undrawn(images._draw))
    monkeypatch.setattr(images, "_cache", OrderedDict())


@pytest.fixture
def virtual_alarms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers' alarms set a second or more ahead (a table edit interval, a burst's end, a retry) ring only
    when the test moves SimCord's clock (``env.advance_time``), never by the wall clock.

    SimCord backs every timer with a wall-clock fallback, and a settle waits, in real time, for one that falls
    due inside its window: with the shipped 2-second edit interval, every table edit cost two real seconds of
    waiting in the move's settle, while the test advances the clock past the interval anyway. An alarm for work
    due now (no delay) keeps its fallback and rings at once, as before.
    """
    from bot.clocks.alarm import Alarm

    schedule = Env._schedule_timer

    def schedule_timer(self: Env, record: Any, callback: Any, args: tuple[Any, ...], context: Any) -> None:
        schedule(self, record, callback, args, context)
        ahead = record.when - self._virtual_time if record.when is not None else 0.0
        if isinstance(getattr(callback, "__self__", None), Alarm) and ahead >= 1.0 and record.real_handle is not None:
            record.real_handle.cancel()
            record.real_handle = None

    monkeypatch.setattr(Env, "_schedule_timer", schedule_timer)


@pytest.fixture(autouse=True)
def replayable_seeds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game a test opens gets a seed drawn from the test's name, so a failure replays exactly
    (the bot itself draws seeds at random); different tests still play different games."""
    base = zlib.crc32(_without_store(request.node.nodeid).encode()) * 1000
    numbers = itertools.count(base)
    monkeypatch.setattr("bot.service.seats.new_seed", lambda: next(numbers))


def _without_store(nodeid: str) -> str:
    """A test's name without the store it runs on: it plays the same games on SQLite and on PostgreSQL."""
    nodeid = re.sub(r"\[(?:sqlite|postgresql)\]$", "", nodeid)
    return re.sub(r"(?:-(?:sqlite|postgresql)(?=\])|(?<=\[)(?:sqlite|postgresql)-)", "", nodeid)


@pytest.fixture
def db_store(request: pytest.FixtureRequest) -> str:
    """The store this test runs on: "sqlite" unless ``tests/conftest.py`` parametrized it."""
    return str(getattr(request, "param", "sqlite"))


_cluster_failure: list[str] = []


@pytest.fixture(scope="session")
def postgresql_cluster() -> Iterator[postgresql.Cluster]:
    """One PostgreSQL server for this test process, with a migrated template database; skipped (failed, when
    ``NIGHTFALL_TEST_POSTGRESQL=required``) where it cannot start."""
    if _cluster_failure:
        pytest.skip(_cluster_failure[0])
    cluster: postgresql.Cluster | None = None
    try:
        cluster = postgresql.Cluster()
        atexit.register(cluster.stop)
        cluster.start()
        cluster.admin(f"CREATE DATABASE {postgresql.TEMPLATE}")
        with ThreadPoolExecutor(1) as pool:  # its own event loop, whatever the test's is doing
            pool.submit(asyncio.run, _migrate(cluster.url(postgresql.TEMPLATE))).result()
        postgresql.wait_for_no_connections(cluster, postgresql.TEMPLATE)
    except (postgresql.Unavailable, OSError) as e:
        if cluster is not None:
            cluster.stop()
        reason = f"{POSTGRESQL_SKIPPED}: {e}"
        if postgresql.required():
            pytest.fail(f"{reason} ({postgresql.REQUIRED_ENV}=required)", pytrace=False)
        _cluster_failure.append(reason)
        pytest.skip(reason)
    yield cluster
    cluster.stop()


async def _migrate(url: str) -> None:
    from bot.store import Store

    store = await Store.open(url)
    await store.close()


@pytest.fixture
def db_location(db_store: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """Where the test's bot keeps its games: a SQLite file in the test's folder, or a fresh PostgreSQL database
    (dropped afterwards)."""
    if db_store == "sqlite":
        yield str(tmp_path / "nightfall.db")
        return
    with _fresh_database(request.getfixturevalue("postgresql_cluster")) as url:
        yield url


@pytest.fixture
def pg_url(postgresql_cluster: postgresql.Cluster) -> Iterator[str]:
    """A fresh PostgreSQL database, for tests of what only PostgreSQL does (several processes on one database, its
    own connections): they run once, on PostgreSQL, whatever ``db_store`` says."""
    with _fresh_database(postgresql_cluster) as url:
        yield url


@contextmanager
def _fresh_database(cluster: postgresql.Cluster) -> Iterator[str]:
    """A new database on the test run's server, dropped afterwards."""
    url = cluster.new_database()
    try:
        yield url
    finally:
        cluster.admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1].split('?')[0]} WITH (FORCE)")


@pytest.fixture(autouse=True)
def far_apart_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.discord_io.delivery import Deliverer

    monkeypatch.setattr(Deliverer, "retry_base", RETRY_BASE)


@pytest.fixture
def settings(db_location: str) -> Settings:
    return Settings(
        token=None,
        db_path=db_location,
        ai_delay=0.0,
        ai_budget=0.05,  # a hard AI seat thinks briefly: the tests watch what it does, not how well
        ai_workers=0,  # in a thread: a worker process costs half a second to start (tests/bot/test_ai_workers.py)
        table_edit_interval=0.0,
        burst_seconds=0.0,
        snapshot_every=10,
        # SimCord has no rate limits, and its games run in seconds: the budget is tested in test_outbound.py
        discord_limits=False,
        # on PostgreSQL each heartbeat is a write: tests that let simulated days pass would spend seconds on them
        heartbeat_seconds=3600.0,
    )


@pytest_asyncio.fixture
async def make_bot(settings: Settings) -> AsyncIterator[Callable[[], NightfallBot]]:
    """Builds bots (a restart builds another) and closes every one's database at the end.

    SimCord detaches a bot without calling ``close()``, so the test closes the stores (and stops the AI's worker
    processes) itself.
    """
    bots: list[NightfallBot] = []

    def build() -> NightfallBot:
        bot = create_bot(settings)
        bots.append(bot)
        return bot

    yield build
    for bot in bots:
        if bot.ops is not None:  # the operators' endpoint of a test that set ``http_addr``
            await bot.ops.stop()
        if bot.web is not None:  # the web table of a test that set ``web_addr``
            await bot.web.stop()
        if hasattr(bot, "store"):
            await bot.store.close()
        if hasattr(bot, "service"):
            bot.service.thinker.shutdown(wait=True)


@pytest.fixture
def simcord_bot(make_bot: Callable[[], NightfallBot]) -> NightfallBot:
    return make_bot()


def user_errors_only(env: object) -> list[str]:
    """Acknowledge the errors the bot answered with a friendly sentence (a refusal, or a database the machine
    got in the way of: busy, full, read-only); any other error fails the test."""
    from bot.errors import UserError
    from bot.store.sqlite import StorageError
    from bot.words.i18n import t

    texts = []
    for error in env.errors:  # type: ignore[attr-defined]
        original = getattr(error, "original", error)
        assert isinstance(original, UserError | StorageError), f"unexpected bot error: {error!r}"
        texts.append(original.text() if isinstance(original, UserError) else t(original.key))
    return texts
