"""A deadline's timeout that loses a race to another process's commit keeps its clock and looks again; only a
decision that really moved on loses it. Two processes on one database met this: the AI's move in one committed
between the other's read and its commit of the timeout, and the clock, still owed, was dropped for good."""

from __future__ import annotations

from typing import Any, cast

from bot.clocks.deadlines import DeadlineWorker
from bot.errors import Raced, UserError
from bot.service import GameService
from bot.store import Deadline, Store


class FakeStore:
    """What the worker asks of the store while it handles one clock, and what it did with the clock."""

    closed = False
    shared = True

    def __init__(self) -> None:
        self.done: list[tuple[str, Any]] = []
        #: the parts the worker asks (``store.work``, ``store.people``), answered by this one object
        self.work = self.people = self

    def epoch(self) -> float:
        return 1000.0

    async def quiet_until(self, user_id: int) -> float | None:
        return None

    async def drop_deadline(self, d: Deadline) -> None:
        self.done.append(("dropped", d.since))

    async def deadline_retry(self, d: Deadline, delay: float, error: str) -> None:
        self.done.append(("retry", (delay, error)))


class FakeService:
    def __init__(self, error: Exception | None) -> None:
        self.error = error
        #: the part the worker asks (``service.play``), answered by this one object
        self.play = self

    async def time_out(self, game_id: int, seat: str, since: int) -> Any:
        if self.error is not None:
            raise self.error
        return None  # the decision moved on


def _handle(error: Exception | None) -> list[tuple[str, Any]]:
    import asyncio

    store = FakeStore()
    worker = DeadlineWorker(cast(Store, store), cast(GameService, FakeService(error)), lambda: None)
    due = Deadline(
        game_id=6, seat="p1", user_id=5202, since=3, remind_at=990, warn_at=990, due_at=990, stage=2, next_at=990
    )
    asyncio.run(worker._handle(due))
    return store.done


def test_a_timeout_that_lost_the_race_to_another_commit_keeps_its_clock_and_looks_again() -> None:
    assert _handle(Raced()) == [("retry", (0.0, "raced"))]


def test_a_decision_that_moved_on_loses_its_clock() -> None:
    assert _handle(None) == [("dropped", 3)]
    assert _handle(UserError("err.not_your_turn", who="", status="")) == [("dropped", 3)]
