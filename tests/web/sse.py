"""A small client of the web table's Server-Sent Events, for the tests and the benchmark: it reads a stream's events
as they come, each with the moment it arrived."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import aiohttp


@dataclass(frozen=True)
class Event:
    """One event: its id (the game's version), its data, when it arrived (``time.perf_counter``: SimCord moves
    ``time.monotonic`` with its own clock)."""

    id: int
    data: str
    at: float


class Events:
    """An open stream: ``await next(timeout)`` gives its next event; ``comments`` counts the keep-alive lines."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response
        self.comments = 0
        self.ended = False

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, url: str, **headers: str) -> Events:
        response = await session.get(url, headers=headers, timeout=aiohttp.ClientTimeout(total=None, sock_read=None))
        return cls(response)

    async def next(self, timeout: float = 10.0) -> Event:
        """The next event; ``EOFError`` when the server closed the stream, ``TimeoutError`` after ``timeout``."""
        return await asyncio.wait_for(self._next(), timeout)

    async def _next(self) -> Event:
        ident, data = -1, []
        while True:
            raw = await self.response.content.readline()
            if not raw:
                self.ended = True
                raise EOFError("the stream ended")
            line = raw.decode().rstrip("\n")
            if line == "":
                if data:
                    return Event(ident, "\n".join(data), time.perf_counter())
                continue
            if line.startswith(":"):
                self.comments += 1
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "id":
                ident = int(value)
            elif field == "data":
                data.append(value)

    async def until(self, version: int, timeout: float = 10.0) -> Event:
        """The first event of ``version`` or later."""
        deadline = time.perf_counter() + timeout
        while True:
            found = await self.next(max(0.0, deadline - time.perf_counter()))
            if found.id >= version:
                return found

    async def ends(self, timeout: float) -> bool:
        """Whether the server closes the stream within ``timeout`` seconds (events meanwhile are read and dropped)."""
        deadline = time.perf_counter() + timeout
        try:
            while True:
                await self.next(max(0.0, deadline - time.perf_counter()))
        except EOFError:
            return True
        except TimeoutError:
            return False

    def close(self) -> None:
        self.response.close()

    async def __aenter__(self) -> Events:
        return self

    async def __aexit__(self, *_exc: Any) -> None:
        self.close()
