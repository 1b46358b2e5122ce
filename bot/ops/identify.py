"""Processes sharing a PostgreSQL database take turns to identify with Discord.

Discord lets a bot start ``max_concurrency`` sessions every 5 seconds, one in each rate-limit bucket (``shard_id %
max_concurrency``); one more in a bucket inside its 5 seconds is refused with an invalid session and must try again.
discord.py spaces the shards of one process (``Client.before_identify_hook`` sleeps 5 seconds before each but the
first), but processes started together (a compose ``up``, a rolling deploy) know nothing of each other. Here each
identify first takes its bucket's turn in the database they share (``bot.store.identify``), and waits while another
process holds it: the bot's ``before_identify_hook`` awaits :meth:`IdentifyTurns.wait`. A bot on a SQLite file is
the only process, and keeps discord.py's spacing."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable

from bot.store import IdentifyTurn, Store
from bot.store.sqlite import StorageError

log = logging.getLogger(__name__)

#: Discord's window: ``max_concurrency`` identifies per bucket every this many seconds
DISCORD_WINDOW = 5.0
#: added to each turn: the identify leaves a moment after its turn begins (the connection, Discord's hello), and
#: the next one in the bucket must not catch up with it
MARGIN = 0.5
#: seconds of spread added to each wait, so processes waiting on one bucket do not ask at the same instant
JITTER = 0.05

Sleep = Callable[[float], Awaitable[object]]


class IdentifyTurns:
    """One process's way to its turns: ``wait(shard_id)`` returns once this shard may identify."""

    def __init__(
        self,
        store: Store,
        max_concurrency: Callable[[], Awaitable[int]],
        *,
        window: float = DISCORD_WINDOW + MARGIN,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        """``max_concurrency`` asks Discord for the bot's (``GET /gateway/bot``), once: it is the bot's, whatever
        the process."""
        self.store = store
        self.window = window
        self._ask = max_concurrency
        self._sleep = sleep
        self._concurrency: int | None = None

    async def max_concurrency(self) -> int:
        """The bot's ``max_concurrency``, asked once; 1 (every shard in one bucket, the strictest) when Discord
        cannot say."""
        if self._concurrency is None:
            try:
                self._concurrency = max(1, int(await self._ask()))
            except Exception:
                log.warning(
                    "could not read the bot's max_concurrency from Discord: one identify at a time", exc_info=True
                )
                self._concurrency = 1
        return self._concurrency

    async def wait(self, shard_id: int) -> IdentifyTurn | None:
        """Take the turn of ``shard_id``'s bucket, waiting for each holder's turn to end (each wait is at most a
        window: a turn is never longer). The turn taken; None when the database could not be asked, after
        waiting one window, as discord.py would."""
        bucket = shard_id % await self.max_concurrency()
        holder = f"{self.store.host_id}#{shard_id}"
        while True:
            try:
                turn = await self.store.identify.take_turn(bucket, holder, self.window)
            except StorageError:
                log.warning("could not take shard %s's turn to identify: it waits %.1f s", shard_id, self.window)
                await self._sleep(self.window)
                return None
            if turn.taken:
                log.info("shard %s identifies (bucket %s)", shard_id, bucket)
                return turn
            log.debug("shard %s waits %.1f s for %s to identify", shard_id, turn.wait, turn.holder)
            await self._sleep(min(turn.wait, self.window) + random.uniform(0.0, JITTER))
