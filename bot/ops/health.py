"""Whether the bot is well, as ``/healthz`` answers it: its event loop answers (the check runs on it), its database
answers a trivial read in time, and its gateway connection has not been down for longer than ``GATEWAY_GRACE``."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

#: seconds the gateway may be down (discord.py reconnects and resumes on its own) before the bot is unwell
GATEWAY_GRACE = 60.0
#: seconds the database has to answer ``SELECT 1``
DATABASE_TIMEOUT = 2.0


class Gateway:
    """Whether a gateway connection of the bot (the whole bot's under None, each shard's under its id) has been down
    for longer than ``grace``, from discord.py's events; down from the start (:meth:`starting`) until it connects.

    The grace is a timer on the bot's loop, set when a connection drops and cancelled when it is back: a connection
    still down when it rings is counted. So the check reads one flag, whatever clock its caller runs on."""

    def __init__(self, grace: float = GATEWAY_GRACE) -> None:
        self.grace = grace
        self._down: dict[int | None, asyncio.TimerHandle] = {}
        #: the connections down for longer than ``grace``
        self.too_long: set[int | None] = set()

    def starting(self) -> None:
        """The bot starts (``setup_hook``): not connected yet."""
        self._lost(None)

    def stop(self) -> None:
        """The bot closes: no timer is left behind."""
        for handle in self._down.values():
            handle.cancel()
        self._down.clear()

    def listeners(self) -> list[tuple[str, Callable[..., Coroutine[Any, Any, None]]]]:
        """(event, coroutine) pairs for ``Client.add_listener``."""
        return [
            ("on_connect", self._up),
            ("on_ready", self._up),
            ("on_resumed", self._up),
            ("on_disconnect", self._down_event),
            ("on_shard_connect", self._up),
            ("on_shard_ready", self._up),
            ("on_shard_resumed", self._up),
            ("on_shard_disconnect", self._down_event),
        ]

    async def _up(self, shard: int | None = None) -> None:
        handle = self._down.pop(shard, None)
        if handle is not None:
            handle.cancel()
        self.too_long.discard(shard)

    async def _down_event(self, shard: int | None = None) -> None:
        self._lost(shard)

    def _lost(self, shard: int | None) -> None:
        if shard not in self._down:
            self._down[shard] = asyncio.get_running_loop().call_later(self.grace, self.too_long.add, shard)

    def problem(self) -> str | None:
        """Why the gateway is unwell (None: it is not)."""
        if not self.too_long:
            return None
        shards = sorted(s for s in self.too_long if s is not None)
        which = f" (shards {', '.join(map(str, shards))})" if shards else ""
        return f"gateway: disconnected for more than {self.grace:g} s{which}"


async def problems(ping: Callable[[], Awaitable[None]], gateway: Gateway) -> list[str]:
    """What is wrong, one short reason each (none: healthy)."""
    found = []
    try:
        await asyncio.wait_for(ping(), DATABASE_TIMEOUT)
    except TimeoutError:
        found.append(f"database: no answer within {DATABASE_TIMEOUT:g} s")
    except Exception as e:
        found.append(f"database: {type(e).__name__}: {e}"[:300])
    gone = gateway.problem()
    if gone is not None:
        found.append(gone)
    return found
