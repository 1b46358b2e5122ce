"""The deadline worker: reminds, warns and finally plays the passive default for a person who does not decide.

Every decision a person must make has a row in ``deadlines``, written in the move's own
transaction (``bot.store``), so the clocks survive restarts and can never disagree with the
game. This worker claims the row whose next stage fell due first, with a lease, and:

- at half the time: asks for a ``remind`` delivery (a DM) and moves the row to stage 1;
- with a quarter left: asks for a ``warn`` delivery (a mention in the channel), stage 2;
- at the deadline: plays ``Game.default_action(seat)`` through the normal move path
  (``GameService.play.time_out``), only if that same decision still waits. The move's transaction
  replaces the row (the seat's next decision gets a fresh clock) or deletes it.

Reminders and warnings are deliveries, never sent from here, so a failed DM is retried like any
other. After downtime the rows are claimed oldest first; a stage whose time passed together with a
later one is skipped (no "half your time is left" for a decision that is already overdue).
Rows are handled one at a time, so catch-up keeps their order.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable

from bot.clocks.claims import ClaimWorker
from bot.discord_io.notifier import deadline_hint
from bot.errors import Raced, UserError
from bot.logs import about_game
from bot.service import GameService
from bot.store import Deadline, Store, Want

log = logging.getLogger(__name__)


class DeadlineWorker(ClaimWorker[Deadline, tuple[int, str, int]]):
    """Claims due deadline rows and carries out their next stage, one at a time, in due order."""

    #: how long a claimed row stays leased to this worker
    lease: float = 300.0
    retry_base: float = 5.0
    retry_cap: float = 600.0
    rows = "deadlines"

    def __init__(self, store: Store, service: GameService, deliver: Callable[[], None]) -> None:
        super().__init__(store)
        self.service = service
        #: wakes the delivery worker: a timeout's move asked for deliveries
        self.deliver = deliver
        self._random = random.Random()
        self.handled = 0

    def _pause(self) -> float:
        return self.retry_base

    async def _release_leases(self) -> None:
        await self.store.work.release_deadline_leases()

    async def _claim(self) -> Deadline | None:
        return await self.store.work.claim_deadline(self.lease)

    def _key(self, row: Deadline) -> tuple[int, str, int]:
        return row.game_id, row.seat, row.since

    async def _carry_out(self, row: Deadline) -> None:
        with about_game(row.game_id):  # every line of this deadline's work names its game
            await self._handle(row)

    async def _next_due(self) -> float | None:
        return await self.store.work.next_deadline()

    async def _handle(self, d: Deadline) -> None:
        """The latest stage whose time has come: the timeout, else the warning, else the reminder."""
        now = self.store.epoch()
        hint = deadline_hint(d.since, d.due_at)
        try:
            if d.remind_at < d.due_at and (until := await self.store.people.quiet_until(d.user_id)) is not None:
                # the person's quiet hours (a clock caught up after downtime, or quiet hours set a moment ago):
                # nothing before they end. A decision of a turn already missed (all its stages at once) plays now.
                await self.store.work.deadline_later(d, until)
                return
            if now >= d.due_at:
                outcome = await self.service.play.time_out(d.game_id, d.seat, d.since)
                if outcome is None:
                    await self.store.work.drop_deadline(d)  # the decision moved on: nothing is owed
            elif now >= d.warn_at and d.stage < 2:
                await self.store.work.advance_deadline(d, 2, Want("warn", d.user_id, hint=hint))
                self.deliver()
            elif now >= d.remind_at and d.stage < 1:
                await self.store.work.advance_deadline(d, 1, Want("remind", d.user_id, hint=hint))
                self.deliver()
            else:  # claimed early (a retry, a clock that moved): nothing to do before the next stage
                await self.store.work.deadline_retry(d, max(0.0, _next_at(d) - now), "early")
                return
            self.handled += 1
        except asyncio.CancelledError:
            raise
        except Raced:
            # another process moved the game between this worker's read and its commit: the decision may still
            # stand (its clock kept by that commit), so look again at once rather than drop a clock still owed
            await self.store.work.deadline_retry(d, 0.0, "raced")
        except UserError as e:
            if e.key != "err.generic":
                # the move path refused (the decision moved on between the check and the move): drop it
                log.info("deadline of game %s seat %s needs nothing more: %s", d.game_id, d.seat, e.key)
                await self.store.work.drop_deadline(d)
                return
            await self._retry(d, e)
        except Exception as e:
            await self._retry(d, e)

    async def _retry(self, d: Deadline, e: Exception) -> None:
        """A failure of ours or of the database: try again with back-off and jitter, never lose the clock."""
        if self.store.closed:
            return
        delay = min(self.retry_cap, self.retry_base * 2**d.attempts)
        delay = delay / 2 + self._random.uniform(0, delay / 2)
        log.error("deadline of game %s seat %s failed; retrying in %.0fs", d.game_id, d.seat, delay, exc_info=e)
        try:
            await self.store.work.deadline_retry(d, delay, repr(e))
        except Exception:
            log.exception("could not record the failure of a deadline; its lease runs out")


def _next_at(d: Deadline) -> float:
    return (d.remind_at, d.warn_at, d.due_at)[d.stage]
