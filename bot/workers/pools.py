"""Worker processes for work that would hold the bot's GIL: drawing images (``bot.workers.images``), the hard AI's
search (``bot.workers.thinking``).

A :class:`WorkerPool` starts its processes on first use with the "spawn" method (never "fork": the bot has
database threads), so the work neither holds this process's GIL nor slows the event loop. What it runs must be a
function of a module that does not import discord (``render``, ``engine``), on arguments that pickle. When a worker
dies (killed, out of memory) the pool is unusable: it is replaced, and the call tried once more in the new one.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


class WorkerPool:
    """``workers`` processes, started with the first :meth:`run`; ``on_restart`` is called when a broken pool is
    replaced."""

    def __init__(self, workers: int = 0, on_restart: Callable[[], None] | None = None) -> None:
        self._workers = 0
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._on_restart = on_restart
        #: what each process runs as it starts (a function of a module that does not import discord)
        self._initializer: Callable[..., None] = _quiet
        self._initargs: tuple[Any, ...] = ()
        #: times a broken pool was replaced
        self.restarts = 0
        self.configure(workers)

    @property
    def workers(self) -> int:
        """The configured number of worker processes (0: the caller works in a thread instead)."""
        return self._workers

    @property
    def current(self) -> ProcessPoolExecutor | None:
        """The running pool, if it was started."""
        return self._pool

    def configure(self, workers: int) -> None:
        """Use ``workers`` processes from now on; another count stops the old pool without waiting."""
        if workers < 0:
            raise ValueError(f"worker processes must be 0 or more, not {workers}")
        if workers != self._workers:
            self._stop(wait=False)
        self._workers = workers

    def on_start(self, initializer: Callable[..., None], *args: Any) -> None:
        """Each process started from now on runs ``initializer(*args)`` first (it must also ignore Ctrl-C, as the
        default does: the bot stops its workers)."""
        self._initializer, self._initargs = initializer, args

    def start(self) -> None:
        """Start every process now rather than with the first piece of work (a pool starts a process for each
        task waiting: one trivial task each)."""
        pool = self.executor()
        for _ in range(self._workers):
            pool.submit(int)

    def shutdown(self, wait: bool = True) -> None:
        """Stop the processes, if any were started (the bot's close), and use none from now on (``workers`` is 0,
        so late work during a close starts no new process). Work still queued is cancelled; with ``wait`` the call
        returns once the processes have exited (after the piece of work in progress), else they exit on their own."""
        self._workers = 0
        self._stop(wait)

    def _stop(self, wait: bool) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)

    def executor(self) -> ProcessPoolExecutor:
        """The pool, started now if it was not."""
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=max(1, self._workers),
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=self._initializer,
                    initargs=self._initargs,
                )
            return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process; in a fresh pool, once, if a worker died."""
        loop = asyncio.get_running_loop()
        pool = self.executor()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            self._discard(pool)
            return await loop.run_in_executor(self.executor(), fn, *args)

    def _discard(self, pool: ProcessPoolExecutor) -> None:
        """Drop a broken pool (unless another call already replaced it)."""
        with self._lock:
            replaced = self._pool is pool
            if replaced:
                self._pool = None
                self.restarts += 1
        if replaced and self._on_restart is not None:
            self._on_restart()
        pool.shutdown(wait=False)


def _quiet() -> None:
    """A worker's start: Ctrl-C stops the bot, which stops the workers; they need not print tracebacks."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
