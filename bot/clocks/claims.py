"""The loop the deadline and digest workers share: claim the row that fell due first (a lease in the database, so
several processes on one database each do a row once), carry it out, and when none is due sleep until the next one.
A ``wake`` (after a commit) runs the loop again; a wake that comes while it runs makes it look once more."""

from __future__ import annotations

import asyncio
import logging
from typing import Generic, TypeVar

from bot import logs
from bot.clocks.alarm import Alarm
from bot.store import Store

log = logging.getLogger(__name__)
Row = TypeVar("Row")


class ClaimWorker(Generic[Row]):
    """Claims due rows one at a time, in due order; a subclass says how to claim, carry out and find the next."""

    #: the task's name, and what the log calls the rows ("deadlines")
    rows: str = "rows"

    def __init__(self, store: Store) -> None:
        self.store = store
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self._alarm = Alarm(lambda: self.store.epoch(), self._on_alarm)

    async def start(self) -> None:
        """At start-up. A SQLite file has one process: the leases the one before it left are void. On a shared
        database they may be another live process's, and run out on their own if it died."""
        if not self.store.shared:
            await self._release_leases()
        self.wake()

    def wake(self) -> None:
        """Look for due rows now, then sleep until the next one."""
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._again = False
        self._task = asyncio.create_task(self._run(), name=self.rows)

    def stop(self) -> None:
        self._alarm.cancel()
        if self._task is not None:
            self._task.cancel()

    def _on_alarm(self) -> None:
        if not self.store.closed:
            self.wake()

    async def _run(self) -> None:
        logs.log_about(None)  # woken by a move, this task would otherwise name that move's game in its lines
        self._begin()
        while not self.store.closed:
            self._again = False
            # when the next row falls due first: most looks (a wake after every commit) find none due, and one read
            # answers them; only a row due now is claimed (the claim's own read, and on a shared store its lease)
            try:
                due = await self._next_due()
            except Exception:
                if self.store.closed:
                    return
                log.exception("could not read when the next of the %s is due", self.rows)
                due = self.store.epoch() + self._pause()
            if due is not None and due <= self.store.epoch():
                try:
                    row = await self._claim()
                except Exception:
                    if self.store.closed:
                        return
                    log.exception("could not read the %s; trying again shortly", self.rows)
                    self._alarm.set(self.store.epoch() + self._pause())
                    return
                if row is not None:
                    await self._carry_out(row)
                    continue
            if self._again:
                continue
            if due is not None:
                self._alarm.set(due)
            if not self._again:
                return  # a wake() while the next due time was read would otherwise be lost

    # ------------------------------------------------------------------ what each worker says
    def _begin(self) -> None:
        """Set up the loop's task (its context) before the first claim."""

    def _pause(self) -> float:
        """Seconds before looking again after the database failed."""
        raise NotImplementedError

    async def _release_leases(self) -> None:
        raise NotImplementedError

    async def _claim(self) -> Row | None:
        raise NotImplementedError

    async def _carry_out(self, row: Row) -> None:
        raise NotImplementedError

    async def _next_due(self) -> float | None:
        raise NotImplementedError
