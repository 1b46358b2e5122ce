"""The live side of the web table: open streams (Server-Sent Events) and the one watcher per process that feeds them.

Any process of a sharded bot serves any game, so a stream follows the *stored* game: the watcher reads the marks
of the games that have open streams (``store.web.marks``: version, status and pause in one query, every ``POLL``
seconds, and at once when this process commits a move of one of them: ``ServiceBase.moved``). A game abandoned or
paused has no new version, but a new mark: its pages hear of it as of a move. On a new mark it reads the game once
and builds each payload once per (game, mark, kind, language), then hands the same bytes to every stream that shows
it (the event's id is the game's version). A stream keeps only the newest payload it has not written yet: a slow
reader skips versions, it never piles them up. A server that turns the web off has its streams closed within
``RECHECK`` seconds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.service import ServiceBase
from bot.store.web import GameMark
from bot.web import snapshot
from bot.web.snapshot import Stored

log = logging.getLogger(__name__)

#: seconds between two looks at the stored marks of the games with open streams
POLL = 0.25
#: seconds of silence after which a stream gets a comment line (proxies close idle connections)
HEARTBEAT = 15.0
#: seconds between two checks that the servers of the open streams still have the web on
RECHECK = 1.0
#: payloads kept for streams that join (and API answers): (game, mark, kind, language) -> bytes
PAYLOADS_KEPT = 512
#: games whose latest read is kept (a finished game's match weighs hundreds of KB): those with live streams are read
#: at each of their versions, so they stay among the most recent
GAMES_KEPT = 256
#: a comment line: keeps the connection open, shown to nobody
KEEP_ALIVE = b": keep-alive\n\n"

#: builds a stream's payload (an SSE event's data) of one read game, for a kind of stream and a language
Build = Callable[[Stored, str, str], str]


class Closed(Exception):
    """The stream was closed by the server (the web turned off, the process stopping)."""


def event(version: int, text: str) -> bytes:
    """One SSE event (a plain ``message``, what ``EventSource.onmessage`` gets), its id the game's version, ``text``
    as its data, line by line."""
    data = "".join(f"data: {line}\n" for line in text.split("\n"))
    return f"id: {version}\n{data}\n".encode()


@dataclass(eq=False)
class Stream:
    """One open stream of one game: the newest payload it was given and has not written yet."""

    game_id: int
    guild_id: int | None
    token: str
    #: "html" (the page's fragments) or "json" (the API's answers)
    kind: str
    lang: str
    #: the game's mark in the last payload it was given (None: none yet)
    mark: GameMark | None = None
    closed: bool = False
    _pending: bytes | None = None
    _ready: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, mark: GameMark, data: bytes) -> None:
        if mark == self.mark or self.closed:
            return
        self.mark, self._pending = mark, data
        self._ready.set()

    def close(self) -> None:
        self.closed = True
        self._ready.set()

    async def next(self, timeout: float) -> bytes | None:
        """The next payload to write; None when ``timeout`` passed without one (time for a heartbeat). Raises
        ``Closed`` once the server closed the stream."""
        if not self._ready.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ready.wait(), timeout)
        if self.closed:
            raise Closed()
        data, self._pending = self._pending, None
        self._ready.clear()
        return data


class Reader:
    """Games read for the web, the latest read of each kept (a page, the API and every stream of one version share
    it), and one read at a time per game (a thousand streams joining at once read it once)."""

    def __init__(self, service: ServiceBase, kept: int = GAMES_KEPT) -> None:
        self.service = service
        self.kept = kept
        self._latest: OrderedDict[int, Stored] = OrderedDict()
        self._reading: dict[int, asyncio.Task[Stored]] = {}
        #: reads made (tests and the benchmark look)
        self.reads = 0

    async def at_least(self, game_id: int, token: str, mark: GameMark) -> Stored:
        """The game as stored, at ``mark`` or later (a later version; at the same version, a read that shows that
        mark, or one begun after it was seen: an end or a pause has no version of its own to order it by)."""
        kept = self._latest.get(game_id)
        if kept is not None and _reaches(kept, mark) and kept.token == token:
            self._latest.move_to_end(game_id)
            return kept
        task = self._reading.get(game_id)
        if task is None:
            task = asyncio.create_task(self._read(game_id, token), name=f"web-read-{game_id}")
            self._reading[game_id] = task
            task.add_done_callback(
                lambda done: self._reading.pop(game_id, None) if self._reading.get(game_id) is done else None
            )
        stored = await asyncio.shield(task)
        if not _reaches(stored, mark) or stored.token != token:  # that read began before the mark was seen
            return await self._read(game_id, token)
        return stored

    async def _read(self, game_id: int, token: str) -> Stored:
        self.reads += 1
        stored = await snapshot.read(self.service, game_id, token)
        kept = self._latest.get(game_id)
        if kept is None or kept.version <= stored.version:
            self._latest[game_id] = stored
            self._latest.move_to_end(game_id)
            while len(self._latest) > self.kept:  # the games looked at least recently (a live one is read again)
                self._latest.popitem(last=False)
        return stored

    def forget(self, game_id: int) -> None:
        self._latest.pop(game_id, None)


def _reaches(stored: Stored, mark: GameMark) -> bool:
    """Whether a read shows the game at ``mark`` or after it."""
    return stored.version > mark.version or stored.mark == mark


class Feed:
    """Every open stream of this process, and the watcher that feeds them."""

    def __init__(
        self,
        service: ServiceBase,
        build: Build,
        enabled: Callable[[int], Awaitable[bool]],
        poll: float = POLL,
        heartbeat: float = HEARTBEAT,
        recheck: float = RECHECK,
    ) -> None:
        self.service = service
        self.reader = Reader(service)
        self.build = build
        #: whether a server (guild id) has the web on now
        self.enabled = enabled
        self.poll, self.heartbeat, self.recheck = poll, heartbeat, recheck
        self.streams: dict[int, set[Stream]] = {}
        self._payloads: OrderedDict[tuple[int, GameMark, str, str], bytes] = OrderedDict()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._checked = 0.0
        self._stopped = False
        #: payloads built (each once per game, mark, kind and language)
        self.built = 0

    # ------------------------------------------------------------------ streams
    @property
    def open_streams(self) -> int:
        return sum(len(s) for s in self.streams.values())

    def payload(self, stored: Stored, kind: str, lang: str) -> bytes:
        """The SSE event of a read game for a kind of stream and a language, built once."""
        key = (stored.table.id, stored.mark, kind, lang)
        data = self._payloads.get(key)
        if data is None:
            data = event(stored.version, self.build(stored, kind, lang))
            self.built += 1
            self._payloads[key] = data
            while len(self._payloads) > PAYLOADS_KEPT:
                self._payloads.popitem(last=False)
        else:
            self._payloads.move_to_end(key)
        return data

    async def join(self, stream: Stream, mark: GameMark) -> None:
        """Open ``stream``: it gets the game as stored now (``mark`` or later) at once, then each new mark."""
        stored = await self.reader.at_least(stream.game_id, stream.token, mark)
        stream.offer(stored.mark, self.payload(stored, stream.kind, stream.lang))
        if self._stopped:  # the process stopped meanwhile
            stream.close()
            return
        self.streams.setdefault(stream.game_id, set()).add(stream)
        self._ensure_running()

    def leave(self, stream: Stream) -> None:
        held = self.streams.get(stream.game_id)
        if held is None:
            return
        held.discard(stream)
        if not held:
            del self.streams[stream.game_id]
            self.reader.forget(stream.game_id)

    def moved(self, game_id: int) -> None:
        """This process committed a new version of a game (``ServiceBase.moved``): its streams look at once."""
        if game_id in self.streams:
            self._wake.set()

    # ------------------------------------------------------------------ the watcher
    def _ensure_running(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._watch(), name="web-feed")

    async def stop(self) -> None:
        """Close every stream (their handlers end) and stop the watcher."""
        self._stopped = True
        for held in list(self.streams.values()):
            for stream in list(held):
                stream.close()
        self.streams.clear()
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _watch(self) -> None:
        """While streams are open: look at their games' marks every ``poll`` seconds or when woken."""
        while self.streams:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            try:
                await self.look()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a moment: the streams wait, the next look tries again
                log.warning("the web's live streams could not read the games' marks", exc_info=True)

    async def look(self) -> None:
        """One look: streams of servers that turned the web off are closed; every stream behind its game's stored
        mark gets the game at that mark."""
        now = time.monotonic()
        if now - self._checked >= self.recheck:
            self._checked = now
            await self._close_disabled()
        if not self.streams:
            return
        asked = list(self.streams)
        marks = await self.service.store.web.marks(asked)
        behind = [
            (game_id, mark)
            for game_id, mark in marks.items()
            if any(s.mark != mark for s in self.streams.get(game_id, ()))
        ]
        for game_id in set(asked) - set(marks):  # a game gone from the database (not one that joined meanwhile)
            self._close(game_id)
        await asyncio.gather(*(self._fan_out(game_id, mark) for game_id, mark in behind))

    async def _fan_out(self, game_id: int, mark: GameMark) -> None:
        held = self.streams.get(game_id)
        if not held:
            return
        token = next(iter(held)).token
        try:
            stored = await self.reader.at_least(game_id, token, mark)
        except Exception:
            log.warning("the web could not read game %s for its live streams", game_id, exc_info=True)
            return
        for stream in list(self.streams.get(game_id, ())):
            stream.offer(stored.mark, self.payload(stored, stream.kind, stream.lang))

    async def _close_disabled(self) -> None:
        guilds = {s.guild_id for held in self.streams.values() for s in held}
        for guild_id in guilds:
            if guild_id is not None and await self.enabled(guild_id):
                continue
            for game_id in [g for g, held in self.streams.items() if any(s.guild_id == guild_id for s in held)]:
                self._close(game_id)

    def _close(self, game_id: int) -> None:
        for stream in self.streams.pop(game_id, set()):
            stream.close()
        self.reader.forget(game_id)
