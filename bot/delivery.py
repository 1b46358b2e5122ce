"""The delivery worker: takes the deliveries committed with each move to Discord, whatever Discord does.

A move's transaction writes rows (``deliveries``: the game's channel, each player's DM
prompt, one-time notices); this worker claims due rows and carries each out with
``bot.notifier``. What it does with a failure:

- **passing** (HTTP 5xx, network errors, timeouts): retried with exponential back-off and
  jitter, for as long as it takes. discord.py's HTTP client has by then already
  retried 5xx a few times and waited out 429s itself; this is the layer above it, which
  survives longer outages and restarts.
- **429** that reaches us (a long ``retry_after``, or a shared limit): retried after the
  ``retry_after`` Discord gave.
- **final**: closed DMs (50007) → a one-time notice in the channel; missing access or
  permissions in the channel (50001, 50013, or the channel is gone) → the host is told once
  by DM, and the channel is tried again every few minutes until it works (so the results
  still come); any other 4xx is logged and dropped, as retrying cannot help. A deleted table
  message (10008) is not a failure: ``notifier`` posts a fresh table.

Each row is its own task, so one player's failing DM never delays another's; the rows of
one key are never carried out twice at once (a lease in the database, so several workers
could share the table). After a restart, whatever was not delivered is still a row.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import TYPE_CHECKING

import aiohttp
import discord

from .alarm import Alarm
from .notifier import DMClosed, Notifier, NotYet
from .store import Delivery, Store

if TYPE_CHECKING:
    from .app import NightfallBot

log = logging.getLogger(__name__)

NO_ACCESS = {50001, 50013, 10003}  # missing access, missing permissions, unknown channel
NO_ACCESS_RETRY = 300.0  # seconds between tries at a channel the bot may not post in


class Deliverer:
    """Claims due deliveries and carries each out in its own task."""

    #: seconds of the first retry; each further failure doubles it (with full jitter), up to ``retry_cap``
    retry_base: float = 2.0
    retry_cap: float = 600.0
    #: how many deliveries run at once, and how long a claimed row stays leased to this worker
    concurrency: int = 16
    lease: float = 300.0

    def __init__(self, bot: NightfallBot, notifier: Notifier) -> None:
        self.bot = bot
        self.notifier = notifier
        self._drain: asyncio.Task[None] | None = None
        self._again = False
        self._running: dict[tuple[int, str, int], asyncio.Task[None]] = {}
        self._alarm = Alarm(lambda: self.store.epoch(), self._on_alarm)
        self._answering: dict[tuple[int, int], asyncio.Event] = {}
        self._random = random.Random()
        self.delivered = 0

    @property
    def store(self) -> Store:
        return self.bot.store

    @property
    def busy(self) -> bool:
        """True while deliveries are being claimed or carried out."""
        return bool(self._running) or (self._drain is not None and not self._drain.done())

    # ------------------------------------------------------------------ scheduling
    async def start(self) -> None:
        """At start-up: this process is the only worker, so leases left by a dead one are void."""
        await self.store.release_leases()
        self.wake()

    def wake(self) -> None:
        """Look for due deliveries now (called after every commit that asked for some)."""
        if self._drain is not None and not self._drain.done():
            self._again = True
            return
        self._again = False
        self._drain = asyncio.create_task(self._run(), name="nightfall-deliveries")

    async def _run(self) -> None:
        while not self.store.closed:
            self._again = False
            free = self.concurrency - len(self._running)
            try:
                claimed = await self.store.claim_deliveries(free, self.lease, skip=list(self._running))
            except Exception:
                if self.store.closed:
                    return
                log.exception("could not read the deliveries; trying again shortly")
                self._alarm.set(self.store.epoch() + self.retry_base)
                return
            for d in claimed:
                task = asyncio.create_task(self._deliver(d), name=f"nightfall-delivery-{d.kind}-{d.game_id}")
                self._running[d.key] = task
                task.add_done_callback(partial(self._finished, d.key))
            if claimed or self._again:
                continue
            await self._plan_next()
            if not self._again:
                return  # a wake() while the next due time was read would otherwise be lost

    def _finished(self, key: tuple[int, str, int], _task: asyncio.Task[None]) -> None:
        self._running.pop(key, None)
        self.wake()

    async def _plan_next(self) -> None:
        """Sleep until the next row falls due (a retry's back-off, or the table's edit interval)."""
        if len(self._running) >= self.concurrency or self.store.closed:
            return  # a finishing delivery wakes the worker
        try:
            due = await self.store.next_due()
        except Exception:
            log.exception("could not read the next due delivery")
            due = self.store.epoch() + self.retry_base
        if due is not None:
            self._alarm.set(due)

    def _on_alarm(self) -> None:
        if not self.store.closed:
            self.wake()

    def stop(self) -> None:
        self._alarm.cancel()
        for task in [self._drain, *self._running.values()]:
            if task is not None:
                task.cancel()

    # ------------------------------------------------------------------ an interaction answering a move
    @contextmanager
    def answering(self, game_id: int, user_id: int) -> Iterator[None]:
        """While a button press edits its own DM, that player's prompt delivery waits (no double edit)."""
        event = asyncio.Event()
        self._answering[(game_id, user_id)] = event
        try:
            yield
        finally:
            event.set()
            if self._answering.get((game_id, user_id)) is event:
                del self._answering[(game_id, user_id)]

    # ------------------------------------------------------------------ one delivery
    async def _deliver(self, d: Delivery) -> None:
        try:
            await self._carry_out(d)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            if self.store.closed:
                return  # shutting down: the row stays owed and the next start delivers it
            await self._failed(d, e)
            return
        self.delivered += 1
        gap = self.bot.settings.table_edit_interval if d.kind == "channel" else 0.0
        try:
            await self.store.delivered(d, gap)
        except Exception:
            log.exception("could not mark delivery %s done; it will run again", d.key)

    async def _carry_out(self, d: Delivery) -> None:
        n = self.notifier
        if d.kind == "channel":
            await n.sync_channel(d.game_id)
        elif d.kind == "prompt":
            event = self._answering.get((d.game_id, d.target))
            if event is not None:
                await event.wait()
            try:
                await n.sync_prompt(d.game_id, d.target, edit_in_place=d.hint == "edit")
            except DMClosed:
                if await self.store.want_once(d.game_id, "dm_closed", d.target):
                    self.wake()
        elif d.kind == "remind":
            try:
                await n.remind(d.game_id, d.target, d.hint)
            except DMClosed:
                if await self.store.want_once(d.game_id, "dm_closed", d.target):
                    self.wake()
        elif d.kind == "warn":
            await n.warn(d.game_id, d.target, d.hint)
        elif d.kind == "mention":
            await n.mention(d.game_id, d.target, d.hint)
        elif d.kind == "game_over":
            await n.game_over(d.game_id, d.target)
        elif d.kind == "dm_closed":
            await n.dm_closed_notice(d.game_id, d.target)
        elif d.kind == "no_access":
            await n.no_access_notice(d.game_id, d.target, d.hint)
        else:
            log.error("unknown delivery kind %r", d.kind)

    async def _failed(self, d: Delivery, error: Exception) -> None:
        delay = self.retry_after(error, d.attempts)
        try:
            if delay is not None:
                log.warning(
                    "delivery %s failed (attempt %s), retrying in %.1fs: %s", d.key, d.attempts + 1, delay, error
                )
                await self.store.retry_later(d, delay, repr(error))
                self._alarm.set(self.store.epoch() + delay)
                return
            if isinstance(error, discord.HTTPException) and error.code in NO_ACCESS and d.kind == "channel":
                # the host is told once; the channel stays owed (the results above all) and is tried
                # again slowly, so the table comes back by itself once the permissions are fixed
                log.warning("no access to the channel of game %s: %s", d.game_id, error)
                game = await self.store.game(d.game_id)
                if game is not None and await self.store.want_once(d.game_id, "no_access", game.host_id, error.text):
                    self.wake()
                delay = max(self._backoff(d.attempts), NO_ACCESS_RETRY)
                await self.store.retry_later(d, delay, repr(error))
                self._alarm.set(self.store.epoch() + delay)
                return
            log.error("delivery %s failed for good: %r", d.key, error, exc_info=error)
            await self.store.delivered(d)
        except Exception:
            log.exception("could not record the failure of delivery %s; it will run again", d.key)

    def retry_after(self, error: Exception, attempts: int) -> float | None:
        """Seconds to wait before trying again, or None if trying again cannot help."""
        if isinstance(error, NotYet):
            return self._backoff(attempts)
        if isinstance(error, discord.RateLimited):
            return float(error.retry_after)
        if isinstance(error, discord.HTTPException):
            status = error.status
            if status == 429:
                return _retry_after_header(error) or self._backoff(attempts)
            if status >= 500:
                return self._backoff(attempts)
            return None
        if isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError):
            return self._backoff(attempts)
        # a fault of ours (or of the database): log it, and try again later rather than lose the delivery
        log.exception("delivery failed unexpectedly", exc_info=error)
        return self._backoff(attempts)

    def _backoff(self, attempts: int) -> float:
        """Exponential back-off with jitter: between half and all of base·2ⁿ (at most ``retry_cap``).

        The jitter spreads the retries of many deliveries that failed together (one outage);
        the half that is fixed keeps a retry from coming back at once.
        """
        ceiling = min(self.retry_cap, self.retry_base * 2**attempts)
        return ceiling / 2 + self._random.uniform(0, ceiling / 2)


def _retry_after_header(error: discord.HTTPException) -> float | None:
    headers = getattr(error.response, "headers", None) or {}
    raw = headers.get("Retry-After") or headers.get("retry-after")
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None
