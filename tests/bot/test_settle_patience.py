"""A settle's window counts the bot's event-loop work, not how fast a busy machine runs the bot's threads
(``native_work_untimed`` in tests/bot/conftest.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from . import conftest

pytestmark = pytest.mark.sqlite_only("SimCord's settle window, whatever store the bot keeps its games in")

#: the settle window of these tests: short, so native work can outlast it several times over
WINDOW = 0.2


def bot_runs_in_a_thread(env: Any, work: Callable[[], str]) -> asyncio.Task[str]:
    """The bot handing ``work`` to a thread, as its store and its image workers do (SimCord tracks it)."""

    async def run() -> str:
        return await asyncio.get_running_loop().run_in_executor(None, work)

    with env._bot_scope():
        return asyncio.get_running_loop().create_task(run())


@pytest.mark.simcord(settle_timeout=WINDOW)
async def test_a_thread_slower_than_the_window_is_waited_for(simcord_env: Any) -> None:
    def starved() -> str:  # a database write on a machine busy elsewhere: three windows long
        time.sleep(3 * WINDOW)
        return "written"

    task = bot_runs_in_a_thread(simcord_env, starved)
    await simcord_env.settle()
    assert task.done() and task.result() == "written"


@pytest.mark.simcord(settle_timeout=WINDOW)
async def test_a_thread_that_never_finishes_still_fails_the_settle(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(conftest, "NATIVE_PATIENCE", 2 * WINDOW)
    released = threading.Event()

    def stuck() -> str:  # a lock never released
        released.wait()
        return "released"

    task = bot_runs_in_a_thread(simcord_env, stuck)
    with pytest.raises(TimeoutError, match="did not settle"):
        await simcord_env.settle()
    assert not task.done()
    released.set()
    await simcord_env.settle()
    assert task.result() == "released"
