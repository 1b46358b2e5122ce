"""One pending wake-up for a worker that sleeps until its next row falls due.

The delivery and deadline workers read the next due time from the database and sleep until
then; a commit can ask for an earlier wake-up at any moment. An ``Alarm`` keeps only the
earliest of those times, so a later request never postpones a wake-up already set.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class Alarm:
    """Calls ``ring`` at the earliest epoch time it was ``set`` to (``clock`` tells the time)."""

    def __init__(self, clock: Callable[[], float], ring: Callable[[], None]) -> None:
        self._clock = clock
        self._ring = ring
        self._timer: asyncio.TimerHandle | None = None
        self._at: float | None = None

    def set(self, epoch: float) -> None:
        """Ring at ``epoch``, unless a wake-up still to come is already set for that time or earlier."""
        now = self._clock()
        if self._timer is not None and self._at is not None and now < self._at <= epoch:
            return  # an earlier wake-up is already set
        self.cancel()
        self._at = epoch
        self._timer = asyncio.get_running_loop().call_later(max(0.0, epoch - now), self._fire)

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._at = None

    def _fire(self) -> None:
        self._timer = None
        self._at = None
        self._ring()
