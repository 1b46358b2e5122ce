"""A count of the requests Discord refused, kept far below the line at which Discord bans a bot.

Discord bans a bot's IP for a while after 10,000 invalid requests (401, 403, 429, and we count 404
too) in 10 minutes, and the ban takes every server offline at once. Each refusal is counted here as
it happens (every REST call goes through ``discord.http.HTTPClient.request``); past ``budget`` in the
window, the delivery worker stops retrying what failed before (fresh deliveries still go) until the
window has room again, and says so once in the log.
"""

from __future__ import annotations

import functools
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

#: Discord's window and the count within it that gets a bot banned
WINDOW = 600.0
BAN_LINE = 10_000
#: a tenth of the ban line: far from it, and far above what a healthy bot ever reaches
BUDGET = BAN_LINE // 10
INVALID = frozenset({401, 403, 404, 429})


class InvalidRequests:
    """Refused requests in the last ``WINDOW`` seconds of ``clock`` (the bot's clock, in epoch seconds)."""

    def __init__(self, clock: Callable[[], float], budget: int = BUDGET) -> None:
        self.clock = clock
        self.budget = budget
        #: the budget of the bot as a whole: Discord counts a bot's refused calls whatever process made them
        self.bot_budget = budget
        self.total = 0
        self._times: deque[float] = deque()
        self._warned = False

    def share(self, processes: int) -> None:
        """Each of several bot processes keeps its share of the bot's budget of refused calls."""
        self.budget = max(1, self.bot_budget // max(1, processes))

    def record(self, status: int) -> None:
        if status not in INVALID:
            return
        self.total += 1
        self._times.append(self.clock())
        if not self._warned and self.count() >= self.budget:
            self._warned = True
            log.warning(
                "Discord refused %s requests in the last %.0f minutes (it bans a bot at %s): retries wait",
                self.count(),
                WINDOW / 60,
                BAN_LINE,
            )

    def count(self) -> int:
        """How many refusals fall in the window now."""
        start = self.clock() - WINDOW
        while self._times and self._times[0] < start:
            self._times.popleft()
        return len(self._times)

    def exhausted(self) -> bool:
        """True while the window holds ``budget`` refusals or more: retries must wait."""
        full = self.count() >= self.budget
        if not full:
            self._warned = False
        return full

    def room_at(self) -> float:
        """When the window next has room (now, if it has)."""
        if self.count() < self.budget:
            return self.clock()
        return self._times[len(self._times) - self.budget] + WINDOW

    def watch(self, http: discord.http.HTTPClient) -> None:
        """Count every refusal of ``http``'s REST calls (a wrapper around its one request method)."""
        request: Callable[..., Awaitable[Any]] = http.request

        @functools.wraps(request)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            try:
                return await request(*args, **kwargs)
            except discord.HTTPException as e:
                self.record(e.status)
                raise

        http.request = counted  # type: ignore[method-assign]
