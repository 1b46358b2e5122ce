"""One budget for every REST call the bot makes on its own (deliveries), ordered by who is waiting.

Discord allows a bot 50 requests per second in all (interaction answers are exempt: they are not counted here)
and each channel 5 new messages per 5 seconds. discord.py waits out a 429 once it gets one, per route; this
budget keeps the bot from getting them in the first place, and decides *who goes first* when there is more to
send than the budget allows: a person who must decide (their prompt, a reminder) before the channel's table,
the table before a notice, and the log thread last. Within a priority, first come first served. A request held
back only by its own channel's bucket does not hold up the others.

Time is the event loop's clock, so simulated time (tests) and real time behave alike.
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
from collections import defaultdict, deque
from dataclasses import dataclass, field

#: who is waiting, most urgent first
PROMPT, CHANNEL, NOTICE, LOG = 0, 1, 2, 3
#: the priority of the delivery now running (each delivery is its own task, with its own context)
priority: contextvars.ContextVar[int] = contextvars.ContextVar("outbound_priority", default=NOTICE)

#: requests per second for the whole bot: Discord's 50, less a margin for what the bot sends outside deliveries
#: (a command's follow-up, a lobby's edit)
PER_SECOND = 45
#: new messages per channel in ``CHANNEL_WINDOW`` seconds (Discord's bucket for message creation)
CHANNEL_POSTS = 5
CHANNEL_WINDOW = 5.0


@dataclass(order=True)
class _Waiter:
    priority: int
    seq: int
    channel: int | None = field(compare=False)
    granted: bool = field(default=False, compare=False)
    gone: bool = field(default=False, compare=False)


class Outbound:
    """The bot's budget of REST calls: :meth:`take` returns when a call may be made now."""

    def __init__(
        self,
        per_second: int = PER_SECOND,
        channel_posts: int = CHANNEL_POSTS,
        channel_window: float = CHANNEL_WINDOW,
        second: float = 1.0,
    ) -> None:
        #: at most ``per_second`` calls in any ``second`` (1.0: Discord's; shorter in tests): this process's share
        #: of ``bot_per_second``, the budget of the bot as a whole (``share``)
        self.per_second = per_second
        self.bot_per_second = per_second
        self.second = second
        self.channel_posts = channel_posts
        self.channel_window = channel_window
        self._sent: deque[float] = deque()  # when each call of the last second was let through
        self._posts: defaultdict[int, deque[float]] = defaultdict(deque)  # per channel, its posts of the window
        self._waiting: list[_Waiter] = []
        self._seq = itertools.count()
        #: calls let through, and how many of them had to wait (for benchmarks and tests)
        self.granted = 0
        self.held = 0

    async def take(self, channel: int | None = None, *, post: bool = False, urgency: int | None = None) -> None:
        """Wait for a call's turn. ``post``: it creates a message in ``channel`` (counted in that channel's
        bucket); ``urgency``: its priority, else the running delivery's (:data:`priority`)."""
        level = priority.get() if urgency is None else urgency
        key = channel if post else None
        if not self._waiting and self._free(key, self._now()):
            self._grant(key, self._now())
            return
        waiter = _Waiter(level, next(self._seq), key)
        heapq.heappush(self._waiting, waiter)
        self.held += 1
        try:
            while True:
                at = self._dispatch()
                if waiter.granted:
                    return
                # a plain sleep until a slot frees (whoever wakes first lets the most urgent through): a simulated
                # clock sees a timer it can move, where a future resolved by a timer callback reads as work
                await asyncio.sleep(max(at - self._now(), 1e-6))
        except asyncio.CancelledError:
            waiter.gone = True
            raise

    def waiting(self) -> int:
        """Calls waiting for their turn."""
        return sum(1 for w in self._waiting if not (w.granted or w.gone))

    # ------------------------------------------------------------------ internals
    def share(self, processes: int) -> None:
        """Several bot processes send for one bot, and Discord's 50 calls a second are the bot's: each process takes
        an equal share of the budget, by the number alive (``hosts``, written by each one's heartbeat)."""
        self.per_second = max(1, self.bot_per_second // max(1, processes))

    @staticmethod
    def _now() -> float:
        return asyncio.get_running_loop().time()

    def _forget_old(self, now: float) -> None:
        # "frees at t + window" is the one expression both here and in ``_dispatch``: a slot kept is one whose time
        # is still to come, so the next look is always later than now
        while self._sent and self._sent[0] + self.second <= now:
            self._sent.popleft()
        for channel in list(self._posts):
            posts = self._posts[channel]
            while posts and posts[0] + self.channel_window <= now:
                posts.popleft()
            if not posts:
                del self._posts[channel]

    def _free(self, channel: int | None, now: float) -> bool:
        self._forget_old(now)
        if len(self._sent) >= self.per_second:
            return False
        return channel is None or len(self._posts.get(channel, ())) < self.channel_posts

    def _grant(self, channel: int | None, now: float) -> None:
        self._sent.append(now)
        if channel is not None:
            self._posts[channel].append(now)
        self.granted += 1

    def _dispatch(self) -> float:
        """Let through, most urgent first, every waiting call the budget allows now; the time a slot frees next
        for those still held (always later than now)."""
        now = self._now()
        self._forget_old(now)
        blocked: list[_Waiter] = []
        while self._waiting and len(self._sent) < self.per_second:
            waiter = heapq.heappop(self._waiting)
            if waiter.gone:
                continue  # given up (cancelled)
            if waiter.channel is not None and len(self._posts.get(waiter.channel, ())) >= self.channel_posts:
                blocked.append(waiter)  # its channel is full: the others go first
                continue
            self._grant(waiter.channel, now)
            waiter.granted = True
        for waiter in blocked:
            heapq.heappush(self._waiting, waiter)
        frees = [self._sent[0] + self.second] if len(self._sent) >= self.per_second else []
        frees += [
            self._posts[w.channel][0] + self.channel_window
            for w in blocked
            if w.channel is not None and w.channel in self._posts
        ]
        return min(frees) if frees else now + self.second
