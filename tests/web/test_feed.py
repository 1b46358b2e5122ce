"""The live watcher's pieces (``bot.web.feed``) on their own: a stream keeps only the newest payload, the watcher
builds each payload once for every stream of a game and language, a game is read once however many ask at once,
the reads kept are bounded, and a server that turned the web off has its streams closed."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot.store.web import GameMark
from bot.web import feed as feed_module
from bot.web.feed import Closed, Feed, Reader, Stream, event


def mark(version: int, status: str = "active") -> GameMark:
    return GameMark(version, status, None)


def test_an_event_is_one_sse_message_whose_id_is_the_version() -> None:
    assert event(7, '{"a":1}') == b'id: 7\ndata: {"a":1}\n\n'
    assert event(8, "<main>\n<p>x</p>\n</main>") == b"id: 8\ndata: <main>\ndata: <p>x</p>\ndata: </main>\n\n"


async def test_a_stream_keeps_only_the_newest_payload_and_ends_when_closed() -> None:
    stream = Stream(1, 10, "token", "json", "en")
    assert await stream.next(0.01) is None  # nothing yet: time for a keep-alive line
    stream.offer(mark(3), b"three")
    stream.offer(mark(4), b"four")  # a reader that is behind skips to the newest
    stream.offer(mark(4), b"four again")  # the same mark is not sent twice
    assert await stream.next(1.0) == b"four"
    assert await stream.next(0.01) is None
    stream.close()
    with pytest.raises(Closed):
        await stream.next(1.0)


@dataclass
class FakeWeb:
    """``store.web`` of a fake store: each game's stored version (and status, when not "active"), each server's web
    on or off."""

    stored: dict[int, int] = field(default_factory=dict)
    enabled: dict[int, bool] = field(default_factory=dict)
    status: dict[int, str] = field(default_factory=dict)
    #: set while a versions query is answered, which waits for ``answer`` when it is given
    asking: asyncio.Event = field(default_factory=asyncio.Event)
    answer: asyncio.Event | None = None

    def mark(self, game_id: int) -> GameMark:
        return mark(self.stored[game_id], self.status.get(game_id, "active"))

    async def marks(self, game_ids: list[int]) -> dict[int, GameMark]:
        self.asking.set()
        if self.answer is not None:
            await self.answer.wait()
        return {g: self.mark(g) for g in game_ids if g in self.stored}


def fake_read(web: FakeWeb, reads: list[int]) -> Any:
    async def read(_service: Any, game_id: int, token: str) -> Any:
        reads.append(game_id)
        await asyncio.sleep(0.01)
        stored = web.mark(game_id)
        return SimpleNamespace(table=SimpleNamespace(id=game_id), version=stored.version, mark=stored, token=token)

    return read


@pytest.fixture
def web() -> FakeWeb:
    return FakeWeb(stored={1: 5, 2: 9}, enabled={10: True, 20: True})


@pytest.fixture
def reads(web: FakeWeb, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    found: list[int] = []
    monkeypatch.setattr(feed_module.snapshot, "read", fake_read(web, found))
    return found


def a_feed(web: FakeWeb, built: list[tuple[int, int, str, str]]) -> Feed:
    service: Any = SimpleNamespace(store=SimpleNamespace(web=web))

    def build(stored: Any, kind: str, lang: str) -> str:
        built.append((stored.table.id, stored.version, kind, lang))
        return f"{kind}:{lang}:{stored.version}"

    async def enabled(guild_id: int) -> bool:
        return web.enabled.get(guild_id, False)

    return Feed(service, build, enabled, poll=0.01, heartbeat=0.05, recheck=0.0)


async def test_one_read_and_one_payload_per_game_version_kind_and_language(web: FakeWeb, reads: list[int]) -> None:
    built: list[tuple[int, int, str, str]] = []
    feed = a_feed(web, built)
    streams = [Stream(1, 10, "t1", "json", "en") for _ in range(50)]
    streams += [Stream(1, 10, "t1", "html", "pl") for _ in range(50)]
    streams += [Stream(2, 20, "t2", "json", "en") for _ in range(10)]
    await asyncio.gather(*(feed.join(s, mark(0)) for s in streams))
    assert sorted(set(reads)) == [1, 2] and len(reads) == 2  # a hundred joins at once read game 1 once
    assert sorted(built) == [(1, 5, "html", "pl"), (1, 5, "json", "en"), (2, 9, "json", "en")]
    assert {await s.next(1.0) for s in streams[:50]} == {b"id: 5\ndata: json:en:5\n\n"}
    assert {await s.next(1.0) for s in streams[50:]} == {b"id: 5\ndata: html:pl:5\n\n", b"id: 9\ndata: json:en:9\n\n"}
    web.stored[1] = 6  # another process moved game 1
    built.clear()
    await feed.look()
    assert sorted(built) == [(1, 6, "html", "pl"), (1, 6, "json", "en")]
    assert {await s.next(1.0) for s in streams[50:100]} == {b"id: 6\ndata: html:pl:6\n\n"}
    assert await streams[-1].next(0.01) is None  # game 2 did not move
    await feed.stop()


async def test_an_end_or_a_pause_without_a_new_version_reaches_the_streams(web: FakeWeb, reads: list[int]) -> None:
    """A game abandoned (or paused) keeps its version: the watcher follows the whole mark, and the payload built for
    the game as it ran is not handed out again for it."""
    built: list[tuple[int, int, str, str]] = []
    feed = a_feed(web, built)
    stream = Stream(1, 10, "t1", "json", "en")
    await feed.join(stream, mark(5))
    assert await stream.next(1.0) == b"id: 5\ndata: json:en:5\n\n"
    await feed.look()
    assert await stream.next(0.01) is None and len(reads) == 1  # nothing changed: nothing read or sent
    web.status[1] = "abandoned"
    await feed.look()
    assert stream.mark == mark(5, "abandoned") and len(reads) == 2 and len(built) == 2
    assert await stream.next(1.0) == b"id: 5\ndata: json:en:5\n\n"  # the id stays the version
    again = Stream(1, 10, "t1", "json", "en")  # a stream that joins now is given the abandoned game's read
    await feed.join(again, mark(5, "abandoned"))
    assert again.mark == mark(5, "abandoned") and len(reads) == 2
    await feed.stop()


async def test_a_kept_read_of_the_same_version_but_another_mark_is_read_again(web: FakeWeb, reads: list[int]) -> None:
    service: Any = SimpleNamespace(store=SimpleNamespace(web=web))
    reader = Reader(service)
    assert (await reader.at_least(1, "t", mark(5))).mark == mark(5)
    assert (await reader.at_least(1, "t", mark(4))).mark == mark(5) and reads == [1]  # a later version will do
    web.status[1] = "abandoned"  # what the page or API asks for after the row said so
    assert (await reader.at_least(1, "t", mark(5, "abandoned"))).mark == mark(5, "abandoned") and reads == [1, 1]


async def test_a_move_wakes_the_watcher_at_once(web: FakeWeb, reads: list[int]) -> None:
    feed = a_feed(web, [])
    feed.poll = 60.0  # no look of its own in this test
    stream = Stream(1, 10, "t1", "json", "en")
    await feed.join(stream, mark(0))
    await stream.next(1.0)
    await asyncio.sleep(0.05)  # the watcher's first look is done: it waits
    web.stored[1] = 6
    feed.moved(2)  # a game without streams: nothing to look at
    assert await stream.next(0.2) is None
    feed.moved(1)
    assert await stream.next(1.0) == b"id: 6\ndata: json:en:6\n\n"
    await feed.stop()


async def test_the_streams_of_a_server_that_turned_the_web_off_are_closed(web: FakeWeb, reads: list[int]) -> None:
    feed = a_feed(web, [])
    off, on = Stream(1, 10, "t1", "json", "en"), Stream(2, 20, "t2", "json", "en")
    await feed.join(off, mark(0))
    await feed.join(on, mark(0))
    web.enabled[10] = False
    await feed.look()
    assert off.closed and not on.closed and list(feed.streams) == [2]
    await feed.stop()
    assert on.closed and not feed.streams


async def test_the_reads_kept_are_bounded(web: FakeWeb, reads: list[int]) -> None:
    service: Any = SimpleNamespace(store=SimpleNamespace(web=web))
    reader = Reader(service, kept=2)
    web.stored.update({3: 1, 4: 1})
    for game in (1, 2, 3, 2, 4):
        await reader.at_least(game, "t", mark(0))
    assert reads == [1, 2, 3, 4]  # game 2, read again while kept, was not read twice
    assert sorted(reader._latest) == [2, 4]  # game 3 and game 1, looked at least recently, are let go


async def test_a_stream_that_joins_during_a_look_is_not_taken_for_a_game_gone(web: FakeWeb, reads: list[int]) -> None:
    feed = a_feed(web, [])
    first = Stream(1, 10, "t1", "json", "en")
    await feed.join(first, mark(0))
    web.answer, web.asking = asyncio.Event(), asyncio.Event()
    looking = asyncio.create_task(feed.look())
    await web.asking.wait()  # the look asked for game 1's version; game 2's stream joins before the answer
    joining = asyncio.create_task(feed.join(Stream(2, 20, "t2", "json", "en"), mark(0)))
    await asyncio.sleep(0.05)
    web.answer.set()
    await asyncio.gather(looking, joining)
    assert sorted(feed.streams) == [1, 2] and not any(s.closed for held in feed.streams.values() for s in held)
    del web.stored[1]  # game 1 is gone from the database: its streams close
    await feed.look()
    assert sorted(feed.streams) == [2] and first.closed
    await feed.stop()
