"""Images as Discord files, drawn off the event loop: the pool every game's images are drawn in.

Where renders run is set once at start with :func:`configure`: ``configure(0)`` (the default)
draws in a thread of this process; ``configure(n)`` draws in a pool of ``n`` worker processes,
started on first use with the "spawn" method (never "fork": the bot has database threads), so
drawing neither holds this process's GIL nor slows the event loop. A worker imports only
``render`` and ``engine`` (it is handed a game's drawing function, such as its table's, and a plain
view dict), never discord. :func:`shutdown` stops the workers when the bot closes. The pool is a
``bot.workers.pools.WorkerPool``: a dead worker's pool is replaced, once per render.

Every PNG is kept in a small LRU keyed by the image kind and a hash of the exact view drawn,
so an unchanged table or hand is sent again without drawing it; a render already under way
for the same key is shared. :data:`stats` counts renders and cache hits.

:func:`prime` runs the games' start-up drawing (``render.<game>.prime``) in the background where the
images will be drawn, so that the first images after a start find their fonts, words and tiles ready.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import discord

from bot.workers.pools import WorkerPool
from render.alt import ALT_LIMIT
from render.startup import run_primers, start_worker

#: PNGs kept: about 100 KB each for a table, 70 KB for a hand.
CACHE_SIZE = 256

Key = tuple[str, bytes]


@dataclass
class RenderStats:
    """What the image layer did since start (or the last :meth:`reset`)."""

    #: Images drawn (cache misses), in a thread or in a worker process.
    renders: int = 0
    #: Images answered from the cache, or by a render of the same image already under way.
    hits: int = 0
    #: Of ``renders``, those drawn in a worker process.
    pool_renders: int = 0
    #: Wall time the misses waited for their image, in seconds (queueing included).
    render_seconds: float = 0.0
    #: Times the worker pool broke (a worker died) and was started again.
    pool_restarts: int = 0

    def as_dict(self) -> dict[str, float]:
        return asdict(self)

    def reset(self) -> None:
        for name, value in asdict(RenderStats()).items():
            setattr(self, name, value)


stats = RenderStats()
#: told of every image drawn: its kind and the seconds it took (queueing included); each bot's metrics add theirs
#: (``bot.ops.metrics``: ``nightfall_render_seconds{image}``) and take them back when it closes
observers: list[Callable[[str, float], None]] = []


def _restarted() -> None:
    stats.pool_restarts += 1


#: the worker processes images are drawn in (none unless ``configure`` asks for some)
pool = WorkerPool(on_restart=_restarted)
pool.on_start(start_worker, ())  # ignores Ctrl-C; primes nothing until ``prime`` says what
_cache: OrderedDict[Key, bytes] = OrderedDict()
_inflight: dict[Key, asyncio.Task[bytes]] = {}


def configure(workers: int) -> None:
    """Render in ``workers`` worker processes, or in a thread of this process when 0.

    Called once at start (``Settings.render_workers``); the pool itself starts with the first
    render. Calling it again with another count stops the old pool without waiting.
    """
    if workers < 0:
        raise ValueError(f"render workers must be 0 or more, not {workers}")
    pool.configure(workers)


def workers() -> int:
    """The configured number of worker processes (0: renders run in a thread)."""
    return pool.workers


def shutdown(wait: bool = True) -> None:
    """Stop the worker processes, if any were started (the bot's close).

    Renders still queued for them are cancelled; later renders run in a thread of this process,
    so a late image during close starts no new processes (``configure`` again to use workers).
    With ``wait`` the call returns once the workers have exited (a render in progress finishes
    first: tens of milliseconds); without, they exit on their own right after.
    """
    pool.shutdown(wait)
    pool.on_start(start_worker, ())


def prime(primers: Sequence[Callable[[], None]]) -> None:
    """Run the games' start-up drawing (their faces' ``prime_images``) in the background, where images
    are drawn: in a thread of this process, or in each worker process as it starts (the pool starts
    now, rather than with the first image). Called once at start, after :func:`configure`.

    It only fills the renderer's caches: an image asked for meanwhile is drawn as usual (in a worker,
    it waits for that worker's priming, a fraction of a second), and a primer that fails costs the first
    images their head start, nothing more.
    """
    primers = tuple(primers)
    pool.on_start(start_worker, primers)
    if pool.workers == 0:
        threading.Thread(target=run_primers, args=(primers,), name="render-prime", daemon=True).start()
    else:
        pool.start()


def clear_cache() -> None:
    """Forget every cached PNG (tests and benchmarks)."""
    _cache.clear()


def view_key(kind: str, *args: Any) -> Key:
    """The cache key of one image: its kind and a digest of exactly what it is drawn from."""
    # canonical JSON (keys sorted): equal views give equal keys however their dicts were built;
    # about 0.3 ms for a five-player hand, against 10-20 ms to draw it
    text = json.dumps(args, sort_keys=True, separators=(",", ":"), default=repr)
    return kind, hashlib.blake2b(text.encode(), digest_size=16).digest()


async def render_png(kind: str, fn: Callable[..., bytes], *args: Any, key: Key | None = None) -> bytes:
    """``fn(*args)`` (a pure function of ``render``), from the cache or drawn off the event loop. ``key``: the
    image's :func:`view_key`, when the caller has it already."""
    if key is None:
        key = view_key(kind, *args)
    data = _cache.get(key)
    if data is not None:
        _cache.move_to_end(key)
        stats.hits += 1
        return data
    task = _inflight.get(key)
    if task is None or task.get_loop() is not asyncio.get_running_loop():
        task = asyncio.create_task(_draw(key, fn, args))
        _inflight[key] = task
        task.add_done_callback(lambda t: _inflight.pop(key, None) if _inflight.get(key) is t else None)
    else:
        stats.hits += 1
    # a caller that gives up does not cancel a render others may be waiting for
    return await asyncio.shield(task)


async def _draw(key: Key, fn: Callable[..., bytes], args: tuple[Any, ...]) -> bytes:
    started = time.perf_counter()
    if pool.workers > 0:
        data = await pool.run(fn, *args)
        stats.pool_renders += 1
    else:
        data = await asyncio.to_thread(fn, *args)
    took = time.perf_counter() - started
    stats.renders += 1
    stats.render_seconds += took
    for observer in observers:
        observer(key[0], took)
    _cache[key] = data
    _cache.move_to_end(key)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return data


@dataclass(frozen=True)
class Picture:
    """An image still to draw. What it is drawn from is taken when it is made (a view is a snapshot of the
    game), so it is made under the game's lock and drawn after the lock is released, while the game moves on."""

    kind: str
    draw: Callable[..., bytes]
    args: tuple[Any, ...]
    #: the file's name as Discord shows it
    name: str
    #: the image's description, read aloud by screen readers (Discord keeps 1,024 characters): what a player who
    #: cannot see the image needs to follow and decide, in the reader's language
    alt: str = ""
    #: the image's whole content as words, for a reader who turned images off (``/me images off``)
    text: str = ""

    @functools.cached_property
    def key(self) -> Key:
        """What the image shows, as its cache key: equal keys are equal images (one digest per picture)."""
        return view_key(self.kind, *self.args)

    async def file(self) -> discord.File:
        """The PNG as a file to attach: from the cache, or drawn off the event loop."""
        return file_of(await render_png(self.kind, self.draw, *self.args, key=self.key), self.name, self.alt)


def file_of(data: bytes, name: str, alt: str = "") -> discord.File:
    """PNG bytes as a file Discord can attach, described by ``alt`` for screen readers (when there is one)."""
    return discord.File(io.BytesIO(data), filename=name, description=alt[:ALT_LIMIT] or None)
