"""Where AI seats think: a player that searches in a worker process, the others in a thread.

A player that searches (a fraction of a second, a second at most by default) in pure Python would, in a thread of
the bot's process, hold the GIL the whole time, and the event loop (every command, button and delivery) would wake
late. So a player that says it searches (``searches = True``, ``engine.protocol.Player``) thinks in a worker process
(``Settings.ai_workers``, one by default; 0 keeps it in a thread, as before). The others answer in a few
milliseconds: sending them to a process would cost more (pickling the view and the player both ways) than it
spares, so they stay in a thread. The host knows no level by name: the game's players say how they think.

A player keeps state between decisions (its random generator): the worker is sent the pickled player with the view
and the legal actions, and hands back ``(action, player)`` (``engine.protocol.think``); the caller keeps the player
it gets back, so the seat's next decision goes on from there. A worker that dies (killed, out of memory) breaks its
pool: a fresh pool is started and the decision asked again, once (``bot.workers.pools.WorkerPool``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from bot.workers.pools import WorkerPool
from engine.protocol import Player, think


class Thinker:
    """AI decisions off the event loop: a search in one of ``workers`` processes (started with the first), the rest
    in a thread."""

    def __init__(self, workers: int = 1) -> None:
        self.pool = WorkerPool(workers)

    def in_process(self, level: str, player: Player | None = None) -> bool:
        """Whether a player (of ``level``, for the logs) thinks in a worker process: one that says it searches
        (``searches = True``), while there are worker processes. A player that decides by rules in a millisecond
        stays in a thread: a trip to a worker process and back would cost more than its thought."""
        return bool(getattr(player, "searches", False)) and self.pool.workers > 0

    async def choose(
        self, level: str, player: Player, view: dict[str, Any], actions: Sequence[Any]
    ) -> tuple[Any, Player]:
        """The move of ``player`` (of ``level``) and the player to keep for the seat's next decision (a copy that
        came back from the worker process, or the same object when it thought in a thread)."""
        if self.in_process(level, player):
            return await self.pool.run(think, player, view, list(actions))
        return await asyncio.to_thread(think, player, view, actions)

    def shutdown(self, wait: bool = False) -> None:
        """Stop the worker processes (the bot's close); a decision after this thinks in a thread."""
        self.pool.shutdown(wait)
