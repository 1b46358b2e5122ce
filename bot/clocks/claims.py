"""The loop the deadline and digest workers share: claim the row that fell due first (a lease in the database, so
several processes on one database each do a row once), carry it out, and when none is due sleep until the next one.
A ``wake`` (after a commit) runs the loop again; a wake that comes while it runs makes it look once more.

A process that stops leaves no row leased to nobody: a stopped worker never wakes nor claims again, a claim the
stop cuts short runs to its end on its database thread anyway, and the rows it leased and the row being carried out
are the process's to give back at once (``unfinished``, then ``HostStore.release_host``), not when their leases run
out minutes later."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Hashable
from typing import Any, Generic, TypeVar

from bot import logs
from bot.clocks.alarm import Alarm
from bot.store import Store

log = logging.getLogger(__name__)
Row = TypeVar("Row")
Key = TypeVar("Key", bound=Hashable)
T = TypeVar("T")


class ClaimWorker(Generic[Row, Key]):
    """Claims due rows one at a time, in due order; a subclass says how to claim, carry out and find the next, and
    which key names a row."""

    #: the task's name, and what the log calls the rows ("deadlines")
    rows: str = "rows"

    def __init__(self, store: Store) -> None:
        self.store = store
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self._alarm = Alarm(lambda: self.store.epoch(), self._on_alarm)
        #: set by ``stop``: no more claims, whatever wakes the worker (a commit, its alarm, a failure's retry)
        self._stopped = False
        #: the row being carried out now (leased to this process on a shared database)
        self._holding: Row | None = None
        #: the row it was carrying out when it stopped, and the claim the stop cut short (``unfinished``)
        self._stopped_with: Row | None = None
        self._cut_claim: asyncio.Future[Row | None] | None = None

    async def start(self) -> None:
        """At start-up. A SQLite file has one process: the leases the one before it left are void. On a shared
        database they may be another live process's, and run out on their own if it died."""
        if not self.store.shared:
            await self._release_leases()
        self.wake()

    def wake(self) -> None:
        """Look for due rows now, then sleep until the next one; never once stopped."""
        if self._stopped:
            return
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._again = False
        self._task = asyncio.create_task(self._run(), name=self.rows)

    def stop(self) -> None:
        """Claim nothing more and cancel the work under way: its row stays owed (``unfinished``)."""
        self._stopped = True
        self._stopped_with = self._holding
        self._alarm.cancel()
        if self._task is not None:
            self._task.cancel()

    async def unfinished(self) -> list[Key]:
        """After ``stop``: the keys of the rows this worker leased and did not finish, which a stopping process gives
        back at once for another to carry out: the one it was carrying out, and the one a claim under way at the
        stop leased (waited for here). A row whose end the stop interrupted after it was written is given back too,
        which frees nothing it did not already free."""
        rows = [] if self._stopped_with is None else [self._stopped_with]
        if self._cut_claim is not None:
            try:
                cut = await self._cut_claim
            except Exception:  # the claim failed: its transaction leased nothing
                log.debug("the claim of %s cut short by the stop failed", self.rows, exc_info=True)
            else:
                if cut is not None:
                    rows.append(cut)
        return list(dict.fromkeys(self._key(row) for row in rows))

    def _on_alarm(self) -> None:
        if not self.store.closed:
            self.wake()

    async def _run(self) -> None:
        logs.log_about(None)  # woken by a move, this task would otherwise name that move's game in its lines
        self._begin()
        while not self.store.closed and not self._stopped:
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
                    row = await self._claim_whole()
                except Exception:
                    if self.store.closed:
                        return
                    log.exception("could not read the %s; trying again shortly", self.rows)
                    self._alarm.set(self.store.epoch() + self._pause())
                    return
                if row is not None:
                    self._holding = row
                    try:
                        await self._carry_out(row)
                    finally:
                        self._holding = None
                    continue
            if self._again:
                continue
            if due is not None:
                self._alarm.set(due)
            if not self._again:
                return  # a wake() while the next due time was read would otherwise be lost

    async def _claim_whole(self) -> Row | None:
        """``_claim``, which a stop does not cut short: its transaction commits on a database thread whatever the task
        awaiting it does, and the row it leases is this process's to give back (``unfinished``), not lost with the
        answer."""
        claim = outliving(self._claim())
        try:
            return await asyncio.shield(claim)
        except asyncio.CancelledError:
            self._cut_claim = claim
            raise

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

    def _key(self, row: Row) -> Key:
        """What names the row in its table (what a stopping process gives back)."""
        raise NotImplementedError

    async def _carry_out(self, row: Row) -> None:
        raise NotImplementedError

    async def _next_due(self) -> float | None:
        raise NotImplementedError


def outliving(work: Awaitable[T]) -> asyncio.Future[T]:
    """``work`` as a future that runs to its end whatever becomes of the task awaiting it (through
    ``asyncio.shield``): a database write whose effect the process answers for (a claim's leases, a delivery's mark)
    is not cut short by a stop that cancels that task. Its failure is read even if nobody is left to await it (the
    stop's ``unfinished`` reads it when it can)."""
    future = asyncio.ensure_future(work)
    future.add_done_callback(_seen)
    return future


def _seen(work: asyncio.Future[Any]) -> None:
    if not work.cancelled():
        work.exception()
