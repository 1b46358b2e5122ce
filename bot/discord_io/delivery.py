"""The delivery worker: takes the deliveries committed with each move to Discord, whatever Discord does.

A move's transaction writes rows (``deliveries``: the game's channel, each player's DM
prompt, one-time notices); this worker claims due rows and carries each out with
``bot.discord_io.notifier``. What it does with a failure:

- **passing** (HTTP 5xx, network errors, timeouts): retried with exponential back-off and
  jitter, for as long as it takes. discord.py's HTTP client has by then already
  retried 5xx a few times and waited out 429s itself; this is the layer above it, which
  survives longer outages and restarts.
- **429** that reaches us (a long ``retry_after``, or a shared limit): retried after the
  ``retry_after`` Discord gave.
- **final**: closed DMs (50007) → a one-time notice in the channel (and no DM is tried for that
  person for a while, ``notifier.DM_CLOSED_PAUSE``); any other 4xx is logged and dropped, as retrying
  cannot help. A deleted table message (10008) is not a failure: ``notifier`` posts a fresh table.
- **the channel out of reach**: a deleted channel or thread (10003) pauses the game at once (Discord
  never gives a channel back); missing access or permissions (50001, 50013, any other 403 or 404 on
  the channel) tell the host once by DM and are tried ``len(CHANNEL_RETRIES)`` more times with
  back-off, then pause the game. A paused game's channel is never called (its rows wait), each person
  is told by DM, and it goes on when access comes back (``bot.discord_io.world``) or ``/game resume`` is used.
  So no route is ever retried without end, and refused requests stay far below Discord's ban line.

Each row is its own task, so one player's failing DM never delays another's; the rows of
one key are never carried out twice at once (a lease in the database, so several workers
could share the table). After a restart, whatever was not delivered is still a row.
"""

from __future__ import annotations

import asyncio
import logging
import random
from functools import partial

import aiohttp
import discord

from bot import logs
from bot.clocks.alarm import Alarm
from bot.clocks.claims import outliving
from bot.discord_io import outbound
from bot.discord_io.invalid_requests import InvalidRequests
from bot.discord_io.notifier import DM_CLOSED, DMClosed, Notifier, NotYet
from bot.service import GameService
from bot.service.base import CLAIMED_MARK
from bot.settings import Settings
from bot.store import CHANNEL_KINDS, Delivery, Store

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
#: what goes first when the bot has more to send than Discord allows: a person who must decide, then the table,
#: then everything else (the log thread's posts wait behind all of it: ``notifier``)
URGENCY = {
    "prompt": outbound.PROMPT,
    "remind": outbound.PROMPT,
    "warn": outbound.PROMPT,
    "mention": outbound.PROMPT,
    "channel": outbound.CHANNEL,
}
#: deliveries that make a sound for the person they name (a new DM, a mention): each waits for the end of that
#: person's quiet hours (``/me quiet``). The missed-turn notice mentions nobody; the table is the channel's.
SOUNDING = frozenset(
    {"prompt", "remind", "warn", "mention", "takeover", "game_over", "dm_closed", "paused", "resumed", "repaired"}
)
#: seconds before each further try at a channel that refused the bot; after the last, the game pauses
CHANNEL_RETRIES = (60.0, 300.0, 900.0)
#: tries of a delivery that keeps failing for a passing reason (5xx, network, a fault of ours) before it is
#: given up (about a day at ``retry_cap``): a later move asks for it again
MAX_ATTEMPTS = 150


class Deliverer:
    """Claims due deliveries and carries each out in its own task."""

    #: seconds of the first retry; each further failure doubles it (with full jitter), up to ``retry_cap``
    retry_base: float = 2.0
    retry_cap: float = 600.0
    #: how many deliveries run at once, and how long a claimed row stays leased to this worker
    concurrency: int = 16
    lease: float = 300.0

    def __init__(
        self,
        store: Store,
        service: GameService,
        settings: Settings,
        invalid_requests: InvalidRequests,
        notifier: Notifier,
    ) -> None:
        self.store = store
        self.service = service
        self.settings = settings
        self.invalid_requests = invalid_requests
        self.notifier = notifier
        self._drain: asyncio.Task[None] | None = None
        self._again = False
        self._running: dict[tuple[int, str, int], asyncio.Task[None]] = {}
        #: set by ``stop``: no more claims, whatever wakes the worker (the end of a delivery it cancelled)
        self._stopped = False
        #: the rows it was carrying out when it stopped, and the claim the stop cut short (``unfinished``)
        self._stopped_with: set[tuple[int, str, int]] = set()
        self._cut_claim: asyncio.Future[list[Delivery]] | None = None
        #: the marks of deliveries carried out, while they are written: a stop does not cut one short (``unfinished``)
        self._marks: dict[tuple[int, str, int], asyncio.Future[None]] = {}
        #: rows whose failure could not be written down (the database refused): left alone until then, in memory,
        #: since no lease holds them (one process per SQLite file) and they still read as due
        self._resting: dict[tuple[int, str, int], float] = {}
        self._alarm = Alarm(lambda: self.store.epoch(), self._on_alarm)
        self._random = random.Random()
        self.delivered = 0
        #: deliveries put off until their person's quiet hours end
        self.held = 0

    @property
    def running(self) -> list[tuple[int, str, int]]:
        """The rows being carried out now."""
        return list(self._running)

    @property
    def busy(self) -> bool:
        """True while deliveries are being claimed or carried out."""
        return bool(self._running) or (self._drain is not None and not self._drain.done())

    # ------------------------------------------------------------------ scheduling
    async def start(self) -> None:
        """At start-up. A SQLite file has one process: the leases and holds the one before it left are void. On a
        shared database they may be another live process's, and run out on their own if it died."""
        if not self.store.shared:
            await self.store.work.release_leases()
        self.wake()

    def wake(self) -> None:
        """Look for due deliveries now (called after every commit that asked for some); never once stopped."""
        if self._stopped:
            return
        if self._drain is not None and not self._drain.done():
            self._again = True
            return
        self._again = False
        self._drain = asyncio.create_task(self._run(), name="deliveries")

    async def _run(self) -> None:
        logs.log_about(None)  # woken by a move, this task would otherwise name that move's game in its lines
        while not self.store.closed:
            self._again = False
            free = self.concurrency - len(self._running)
            retries = not self.invalid_requests.exhausted()  # far too many refusals lately: retries wait
            try:
                claimed = await self._claim(free, retries)
            except Exception:
                if self.store.closed:
                    return
                log.exception("could not read the deliveries; trying again shortly")
                self._alarm.set(self.store.epoch() + self.retry_base)
                return
            for d in claimed:
                task = asyncio.create_task(self._deliver(d), name=f"delivery-{d.kind}-{d.game_id}")
                self._running[d.key] = task
                task.add_done_callback(partial(self._finished, d.key))
            if claimed or self._again:
                continue
            await self._plan_next()
            if not self._again:
                return  # a wake() while the next due time was read would otherwise be lost

    async def _claim(self, limit: int, retries: bool) -> list[Delivery]:
        """Lease due rows. A stop while the claim runs does not cut it short: its transaction commits on a database
        thread whatever the task awaiting it does, and the rows it leases are this process's to give back
        (``unfinished``), not lost with the answer."""
        claim = outliving(self.store.work.claim_deliveries(limit, self.lease, skip=self._busy(), retries=retries))
        try:
            return await asyncio.shield(claim)
        except asyncio.CancelledError:
            self._cut_claim = claim
            raise

    def _busy(self) -> list[tuple[int, str, int]]:
        """The rows not to claim now: those running, and those resting after a failure that could not be recorded."""
        now = self.store.epoch()
        self._resting = {k: until for k, until in self._resting.items() if until > now}
        return [*self._running, *self._resting]

    def _finished(self, key: tuple[int, str, int], _task: asyncio.Task[None]) -> None:
        self._running.pop(key, None)
        self.wake()

    async def _plan_next(self) -> None:
        """Sleep until the next row falls due (a retry's back-off, or the table's edit interval)."""
        if len(self._running) >= self.concurrency or self.store.closed:
            return  # a finishing delivery wakes the worker
        try:
            due = await self.store.work.next_due(skip=self._busy())  # a running one wakes the worker as it ends
        except Exception:
            log.exception("could not read the next due delivery")
            due = self.store.epoch() + self.retry_base
        if due is not None:
            invalid = self.invalid_requests
            if invalid.exhausted():  # the next due row may be a retry that must wait: look again shortly
                due = max(due, min(invalid.room_at(), self.store.epoch() + self.retry_base))
            self._alarm.set(due)

    def _on_alarm(self) -> None:
        if not self.store.closed:
            self.wake()

    def stop(self) -> None:
        """Claim nothing more and cancel the deliveries under way: their rows stay owed (``unfinished``)."""
        self._stopped = True
        self._stopped_with.update(self._running)
        self._alarm.cancel()
        for task in [self._drain, *self._running.values()]:
            if task is not None:
                task.cancel()

    async def unfinished(self) -> list[tuple[int, str, int]]:
        """After ``stop``: every row this worker leased and did not finish, which a stopping process gives back at
        once (``HostStore.release_host``) for another to carry out, instead of leaving it leased for ``lease``
        seconds: those it was carrying out, and those a claim under way at the stop leased (waited for here)."""
        keys = set(self._stopped_with)
        for key, mark in list(self._marks.items()):  # carried out before the stop: done once marked, not given back
            try:
                await mark
            except Exception:  # not marked: owed, and given back
                continue
            keys.discard(key)
        if self._cut_claim is not None:
            try:
                keys.update(d.key for d in await self._cut_claim)
            except Exception:  # the claim failed: its transaction leased nothing
                log.debug("the claim cut short by the stop failed", exc_info=True)
        return sorted(keys)

    # ------------------------------------------------------------------ one delivery
    async def _deliver(self, d: Delivery) -> None:
        # who waits for it decides its place in the bot's budget of calls (this task's own context)
        outbound.priority.set(URGENCY.get(d.kind, outbound.NOTICE))
        logs.log_about(d.game_id)  # every line of this delivery names its game
        if d.mark is not None:
            CLAIMED_MARK.set((d.game_id, d.mark))  # the claim read the game's row: its cache needs no read of its own
        try:
            if await self._quiet_hold(d):
                return  # it waits in the database for the end of its person's quiet hours
            marked = await self._carry_out(d)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            if self.store.closed:
                return  # shutting down: the row stays owed and the next start delivers it
            await self._failed(d, e)
            return
        self.delivered += 1
        if marked:
            return  # the delivery's own last write marked it done
        gap = self.settings.table_edit_interval if d.kind == "channel" else 0.0
        # Discord has it: a stop now must not cut the mark short, or the give-back frees the row as owed and another
        # process carries the same delivery out again
        mark = outliving(self.store.work.delivered(d, gap))
        self._marks[d.key] = mark
        try:
            await asyncio.shield(mark)
        except asyncio.CancelledError:
            raise  # the stop: the mark runs on, and ``unfinished`` waits for it
        except Exception:
            log.exception("could not mark delivery %s done; it will run again", d.key)
        finally:
            if not self._stopped:
                self._marks.pop(d.key, None)

    async def _quiet_hold(self, d: Delivery) -> bool:
        """A delivery that would make a sound for its person (a new DM, a mention) inside their quiet hours (``/me
        quiet``) waits for their end: its row's due time moves there, so a restart keeps it waiting. A prompt that
        edits the DM in place is silent and goes at once, and so does one the person asked for (``bring``)."""
        if d.kind not in SOUNDING or (d.kind == "prompt" and d.hint in ("edit", "bring")):
            return False
        until = await self.store.people.quiet_until(d.target)
        if until is None:
            return False
        await self.store.work.hold_delivery(d, until)
        self.held += 1
        return True

    async def _carry_out(self, d: Delivery) -> bool:
        """Carry out ``d``; True if its last write already marked it done."""
        n = self.notifier
        if d.kind == "channel":
            await n.sync_channel(d.game_id)
        elif d.kind == "prompt":
            try:
                edit, bring = d.hint == "edit", d.hint == "bring"
                return await n.sync_prompt(d.game_id, d.target, edit_in_place=edit, done=d, bring=bring)
            except DMClosed:
                if await self.store.work.want_once(d.game_id, "dm_closed", d.target):
                    self.wake()
        elif d.kind == "remind":
            try:
                await n.remind(d.game_id, d.target, d.hint)
            except DMClosed:
                if await self.store.work.want_once(d.game_id, "dm_closed", d.target):
                    self.wake()
        elif d.kind == "warn":
            await n.warn(d.game_id, d.target, d.hint)
        elif d.kind == "missed":
            await n.missed_notice(d.game_id, d.target, d.hint)
        elif d.kind == "mention":
            await n.mention(d.game_id, d.target, d.hint)
        elif d.kind == "takeover":
            await n.takeover_notice(d.game_id, d.target, d.hint)
        elif d.kind == "game_over":
            await n.game_over(d.game_id, d.target)
        elif d.kind == "dm_closed":
            await n.dm_closed_notice(d.game_id, d.target)
        elif d.kind == "no_access":
            await n.no_access_notice(d.game_id, d.target, d.hint)
        elif d.kind == "paused":
            await n.paused_notice(d.game_id, d.target)
        elif d.kind == "resumed":
            await n.resumed_notice(d.game_id, d.target)
        elif d.kind == "repaired":
            await n.repaired_notice(d.game_id, d.target, d.hint)
        else:
            log.error("unknown delivery kind %r", d.kind)
        return False

    async def _failed(self, d: Delivery, error: Exception) -> None:
        try:
            reach = channel_trouble(d.kind, error)
            if reach is not None:
                await self._channel_refused(d, error, reach)
                return
            delay = self.retry_after(error, d.attempts)
            if delay is not None and d.attempts + 1 < MAX_ATTEMPTS:
                log.warning(
                    "delivery %s failed (attempt %s), retrying in %.1fs: %s", d.key, d.attempts + 1, delay, error
                )
                await self.store.work.retry_later(d, delay, repr(error))
                self._alarm.set(self.store.epoch() + delay)
                return
            log.error("delivery %s failed for good after %s tries: %r", d.key, d.attempts + 1, error, exc_info=error)
            await self.store.work.delivered(d)
        except Exception:
            log.exception("could not record the failure of delivery %s; it runs again when its lease ends", d.key)
            self._resting[d.key] = self.store.epoch() + self.lease
            self._alarm.set(self.store.epoch() + self.lease + 1.0)

    async def _channel_refused(self, d: Delivery, error: Exception, reach: str) -> None:
        """The game's channel refused the bot: tell the host once, try a few more times, then pause the game.

        A deleted channel pauses it at once. The row stays owed either way: while the game is paused
        it is not claimed, and it is delivered when the game goes on.
        """
        failures = await self.store.marks.channel_refused(d.game_id)
        if reach == "gone" or failures > len(CHANNEL_RETRIES):
            log.warning("pausing game %s: its channel is %s (%s)", d.game_id, reach, error)
            await self.service.reach.pause(d.game_id, reach)
            await self.store.work.retry_later(d, 0.0, repr(error))
            self.wake()
            return
        if failures == 1:
            game = await self.store.games.game(d.game_id)
            text = getattr(error, "text", "") or str(error)
            if game is not None and await self.store.work.want_once(d.game_id, "no_access", game.host_id, text):
                self.wake()
        delay = CHANNEL_RETRIES[failures - 1]
        log.warning("no access to the channel of game %s (%s refused in a row): %s", d.game_id, failures, error)
        await self.store.work.retry_later(d, delay, repr(error))
        self._alarm.set(self.store.epoch() + delay)

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


def channel_trouble(kind: str, error: Exception) -> str | None:
    """For a delivery that calls the game's channel: "gone" if Discord says the channel no longer exists,
    "no_access" if it refuses the bot (no access, no permission, the bot left the server), else None."""
    if kind not in CHANNEL_KINDS or not isinstance(error, discord.HTTPException):
        return None
    if error.code == UNKNOWN_CHANNEL:
        return "gone"
    if error.status in (401, 403, 404) and error.code != DM_CLOSED:
        return "no_access"
    return None


def _retry_after_header(error: discord.HTTPException) -> float | None:
    headers = getattr(error.response, "headers", None) or {}
    raw = headers.get("Retry-After") or headers.get("retry-after")
    try:
        return float(raw) if raw is not None else None
    except ValueError:
        return None
