"""The web table's server (``bot.web.server``) with the real bot in SimCord: the JSON API of a running game, its live
streams following a move within 2 s, names escaped, a server turning the web off, the security headers, the language
of an answer, keep-alive lines and a clean close, a lobby kept off the web until its deal, a server's leaderboard.
(The bounds per address: ``test_bounds.py``; whole games without private data: ``test_no_private_data.py``; two
processes on PostgreSQL: ``test_processes.py``; the live watcher alone: ``test_feed.py``.)"""

from __future__ import annotations

import dataclasses
import json
import re
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from markupsafe import escape

from bot import Settings
from bot.web import snapshot
from bot.web.api import without_ids
from bot.web.guard import CONTENT_SECURITY_POLICY
from bot.words.i18n import t
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, open_game, open_lobby

from .apart import serve_apart
from .sse import Events

pytestmark = pytest.mark.unseen_images


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The test bot with its web table on a free port of this machine, its bounds far off (tests of the bounds
    lower them)."""
    return dataclasses.replace(settings, web_addr="127.0.0.1:0", web_requests=1000.0, web_streams=100)


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def base(party: Party) -> str:
    return f"http://127.0.0.1:{party.bot.web.port}"


async def on_the_web(party: Party) -> str:
    """Turn the party's server's web on, as ``/game web enabled:true`` does; the game's token. The bot's web server
    serves the test apart from SimCord's bookkeeping (``tests/web/apart.py``)."""
    await serve_apart(party.bot)
    table = await party.table()
    assert table.row.guild_id is not None
    await party.bot.store.web.set_enabled(table.row.guild_id, True, "en")
    return str(await party.bot.store.web.game_token(table.id))


async def get(http: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, str, Any]:
    async with http.get(url, headers=headers) as answer:
        return answer.status, await answer.text(), answer.headers


def keys(value: Any) -> set[str]:
    """Every dict key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


async def a_move(party: Party) -> None:
    """The first person the game waits on makes their first legal move, by ``/move``."""
    table = await party.table()
    seat = next(d.seat for d in table.game.pending() if not table.by_seat(d.seat).is_ai)
    user = table.by_seat(seat).user_id
    name = next(k for k, u in party.users.items() if u.id == user)
    move = str(table.game.legal_actions(seat)[0])
    answer = await party.members[name].slash(party.channel, "move", move=move)
    assert answer.ephemeral


async def test_the_api_answers_a_running_games_public_view(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    status, text, headers = await get(http, f"{base(party)}/api/g/{token}")
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    answer = json.loads(text)
    table = await party.table()
    assert answer["game"] == "nightfall" and answer["status"] == "active"
    assert answer["version"] == table.row.version
    assert [(s["name"], s["ai"]) for s in answer["seats"]] == [("alice", False), ("bob", False)]
    assert sorted(answer["deciding"]) == sorted({table.names[d.seat] for d in table.game.pending()})
    assert answer["view"] == without_ids(table.game.public_view())
    assert "id" not in keys(answer["view"])
    assert answer["links"]["page"] == f"{base(party)}/g/{token}"
    assert answer["links"]["replay"] == f"{base(party)}/g/{token}/replay"
    assert answer["links"]["log"] == f"{base(party)}/g/{token}/log.txt"
    assert answer["log"] == ["The game begins with alice, bob."]
    clocks = await party.bot.store.work.deadlines(table.id)
    due = min(c.due_at for c in clocks)
    assert datetime.fromisoformat(answer["deadline"]) == datetime.fromtimestamp(due, UTC)
    # the page, its replay and its log answer too; an unknown token and an unknown path do not
    for path in (f"/g/{token}", f"/g/{token}/replay", f"/g/{token}/replay?step=1", f"/g/{token}/log.txt"):
        assert (await get(http, base(party) + path))[0] == 200, path
    for path in ("/g/AAAAAAAAAAAAAAAAAAAAAA", "/api/g/nope", "/g/x/y/z", "/", "/static/../app.py"):
        assert (await get(http, base(party) + path))[0] == 404, path
    assert (await get(http, f"{base(party)}/robots.txt"))[1] == "User-agent: *\nDisallow: /\n"
    user_errors_only(simcord_env)


async def test_a_stream_gets_a_move_within_two_seconds(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    bot = party.bot
    committed: dict[int, float] = {}
    moved = bot.service.moved

    def noted(game_id: int) -> None:  # when this process committed each version
        committed[bot.service._tables[game_id].row.version + 1] = time.perf_counter()
        moved(game_id)

    bot.service.moved = noted
    async with (
        await Events.open(http, f"{base(party)}/api/g/{token}/events") as api,
        await Events.open(http, f"{base(party)}/g/{token}/events") as page,
    ):
        first = await api.next()
        assert first.id == (await party.table()).row.version
        assert (await page.next()).id == first.id
        for _ in range(3):
            await a_move(party)
            version = (await party.table()).row.version
            arrived = await api.until(version, timeout=5.0)
            assert arrived.id == version and json.loads(arrived.data)["version"] == version
            assert arrived.at - committed[version] <= 2.0
            shown = await page.until(version, timeout=5.0)
            assert shown.at - committed[version] <= 2.0
            assert "<main" not in shown.data or "</main>" in shown.data
    user_errors_only(simcord_env)


async def test_a_game_paused_or_abandoned_reaches_its_streams_within_two_seconds(
    simcord_env: Any, http: aiohttp.ClientSession
) -> None:
    """Pausing or abandoning a game makes no new version: the streams follow the game's whole mark (version, status,
    pause), and their events keep the version as their id."""
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    table = await party.table()
    version = table.row.version
    async with (
        await Events.open(http, f"{base(party)}/api/g/{token}/events") as api,
        await Events.open(http, f"{base(party)}/g/{token}/events") as page,
    ):
        first = json.loads((await api.next()).data)
        assert (first["status"], first["paused"]) == ("active", None)
        await page.next()
        assert await party.bot.service.reach.pause(table.id, "gone")  # its channel deleted
        paused_at = time.perf_counter()
        paused, shown = await api.next(timeout=5.0), await page.next(timeout=5.0)
        assert paused.id == shown.id == version
        assert max(paused.at, shown.at) - paused_at <= 2.0
        answer = json.loads(paused.data)
        assert (answer["status"], answer["paused"], answer["deadline"]) == ("active", "gone", None)
        assert escape(t("status.paused_gone", "en")) in shown.data
        await party.bot.service.reach.go_on(table.id, by="alice")
        assert json.loads((await api.next(timeout=5.0)).data)["paused"] is None
        await page.next(timeout=5.0)
        assert (await party.members["alice"].slash(party.channel, "game abandon")).ephemeral is not None
        abandoned_at = time.perf_counter()
        ended, shown = await api.next(timeout=5.0), await page.next(timeout=5.0)
        assert ended.id == shown.id == version
        assert max(ended.at, shown.at) - abandoned_at <= 2.0
        answer = json.loads(ended.data)
        assert (answer["status"], answer["deciding"], answer["deadline"]) == ("abandoned", [], None)
        assert escape(t("status.abandoned", "en")) in shown.data
    status, text, _ = await get(http, f"{base(party)}/api/g/{token}")  # the kept read is not the answer now
    assert status == 200 and json.loads(text)["status"] == "abandoned"
    user_errors_only(simcord_env)


async def test_the_recent_log_is_read_with_the_table_at_one_version(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move committed while a page's game is being read (here: right after the read's first round trip to the
    database) is in all of what the page shows or in none of it: the recent log never runs a move ahead of the
    table."""
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    bot = party.bot
    game_id = (await party.table()).id
    reader = bot.store.reader
    call = reader.call
    moved: list[int] = []

    async def then_a_move(fn: Any) -> Any:
        result = await call(fn)
        if not moved:
            moved.append(game_id)
            await a_move(party)
        return result

    monkeypatch.setattr(reader, "call", then_a_move)
    read = await snapshot.read(bot.service, game_id, token)
    monkeypatch.undo()
    assert moved, "a move was made during the read"
    assert (await snapshot.read(bot.service, game_id, token)).version == read.version + 1
    found = await bot.store._read(
        "SELECT COUNT(*) FROM log WHERE game_id = ? AND version <= ?", (game_id, read.version)
    )
    assert len(read.lines) == min(int(found[0][0]), snapshot.LOG_LINES), "the log as it was at the table's version"
    user_errors_only(simcord_env)


async def test_a_players_name_is_text(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    evil = "<script>alert(1)</script>"
    party = await open_lobby(simcord_env, (evil, "bob"))
    token = await on_the_web(party)
    status, html, _ = await get(http, f"{base(party)}/g/{token}")
    assert status == 200
    assert evil not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    async with await Events.open(http, f"{base(party)}/g/{token}/events") as page:
        fragment = (await page.next()).data
    assert evil not in fragment and "&lt;script&gt;alert(1)&lt;/script&gt;" in fragment
    for path in ("/replay", "/replay?step=1"):
        replay = (await get(http, f"{base(party)}/g/{token}{path}"))[1]
        assert evil not in replay
    answer = json.loads((await get(http, f"{base(party)}/api/g/{token}"))[1])
    assert evil in [s["name"] for s in answer["seats"]]  # JSON is data: the reader escapes it where it shows it
    user_errors_only(simcord_env)


async def test_a_server_that_turns_the_web_off_gets_404_at_once(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    table = await party.table()
    paths = [f"/g/{token}", f"/g/{token}/replay", f"/g/{token}/log.txt", f"/api/g/{token}"]
    for path in paths:
        assert (await get(http, base(party) + path))[0] == 200, path
    async with (
        await Events.open(http, f"{base(party)}/api/g/{token}/events") as api,
        await Events.open(http, f"{base(party)}/g/{token}/events") as page,
    ):
        await api.next()
        await page.next()
        await party.bot.store.web.set_enabled(table.row.guild_id, False, "en")
        for path in [*paths, f"/api/g/{token}/events", f"/g/{token}/events"]:
            assert (await get(http, base(party) + path))[0] == 404, path
        assert await api.ends(3.0) and await page.ends(3.0)  # the open streams close within a second or so
    assert not party.bot.web.feed.streams
    await party.bot.store.web.set_enabled(table.row.guild_id, True, "en")  # on again: the same address
    assert (await get(http, f"{base(party)}/api/g/{token}"))[0] == 200
    user_errors_only(simcord_env)


async def test_every_answer_carries_the_security_headers_and_no_cookie(
    simcord_env: Any, http: aiohttp.ClientSession
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    page = (await get(http, f"{base(party)}/g/{token}"))[1]
    assets = sorted(set(re.findall(r'"(?:\.\./)+static/([^"]+)"', page)))
    assert assets, "the page links its CSS and script"
    paths = [f"/g/{token}", f"/api/g/{token}", f"/g/{token}/log.txt", "/robots.txt", "/nothing", "/api/g/nope"]
    paths += [f"/static/{asset}" for asset in assets]
    for path in paths:
        status, _text, headers = await get(http, base(party) + path)
        assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "no-referrer", path
        assert "Set-Cookie" not in headers, path
        if path.startswith("/static/"):
            assert status == 200 and "immutable" in headers["Cache-Control"], path
    async with await Events.open(http, f"{base(party)}/api/g/{token}/events") as api:
        headers = api.response.headers
        assert headers["Content-Type"].startswith("text/event-stream")
        assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY and "Set-Cookie" not in headers
    assert not http.cookie_jar.filter_cookies(base(party))  # type: ignore[arg-type]
    user_errors_only(simcord_env)


async def test_the_language_is_asked_for_then_the_browsers_then_the_games(
    simcord_env: Any, http: aiohttp.ClientSession
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    page = f"{base(party)}/g/{token}"
    cases = [
        ("", {}, "en"),  # the game's language
        ("?lang=pl", {"Accept-Language": "ru"}, "pl"),
        ("?lang=de", {"Accept-Language": "de-DE, ru;q=0.8, pl;q=0.5"}, "ru"),
        ("", {"Accept-Language": "fr, de"}, "en"),
    ]
    for query, headers, lang in cases:
        html = (await get(http, page + query, **headers))[1]
        assert f'<html lang="{lang}">' in html, (query, headers)
    async with await Events.open(http, f"{base(party)}/api/g/{token}/events?lang=ru") as api:
        log = json.loads((await api.next()).data)["log"]
    assert log and log[0] != "The game begins with alice, bob."  # the log in Russian
    user_errors_only(simcord_env)


async def test_streams_keep_alive_and_close_cleanly_when_the_process_stops(
    simcord_env: Any, http: aiohttp.ClientSession
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    web = party.bot.web
    web.feed.heartbeat = 0.1  # 15 s in production
    async with (
        await Events.open(http, f"{base(party)}/api/g/{token}/events") as api,
        await Events.open(http, f"{base(party)}/g/{token}/events") as page,
    ):
        await api.next()
        await page.next()
        with pytest.raises(TimeoutError):
            await api.next(timeout=0.5)  # nothing new: only comment lines meanwhile
        assert api.comments >= 2
        started = time.perf_counter()
        await web.stop()
        assert await api.ends(2.0) and await page.ends(2.0)
        assert time.perf_counter() - started < 3.0
    assert not web.feed.streams and web.feed.open_streams == 0
    user_errors_only(simcord_env)


async def test_a_lobby_is_not_on_the_web_until_its_deal(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    party = await open_lobby(simcord_env, ("alice", "bob"), start=False)
    token = await on_the_web(party)
    paths = [f"/g/{token}", f"/g/{token}/replay", f"/api/g/{token}", f"/api/g/{token}/events"]
    for path in paths:
        assert (await get(http, base(party) + path))[0] == 404, path
    await party.members["alice"].slash(party.channel, "game start")
    answer = json.loads((await get(http, f"{base(party)}/api/g/{token}"))[1])
    assert answer["status"] == "active" and answer["view"]["phase"] == "draft" and answer["turn"] == 0
    user_errors_only(simcord_env)


async def test_a_servers_leaderboard_is_reached_by_the_servers_token(
    simcord_env: Any, http: aiohttp.ClientSession
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    await on_the_web(party)
    guild_id = party.channel.guild.id
    server = await party.bot.store.web.server(guild_id)
    assert server is not None
    top = f"{base(party)}/s/{server.token}/top"
    for game in ("nightfall", "fightdrome"):
        status, html, headers = await get(http, f"{top}/{game}")
        assert status == 200 and headers["Content-Type"].startswith("text/html"), game
        assert party.channel.guild.name in html  # the server's name, from the bot's guilds
    assert (await get(http, f"{top}/chess"))[0] == 404
    game_token = await party.bot.store.web.game_token((await party.table()).id)
    assert (await get(http, f"{base(party)}/s/{game_token}/top/nightfall"))[
        0
    ] == 404  # a game's token is not its server's
    await party.bot.store.web.set_enabled(guild_id, False, "en")
    assert (await get(http, f"{top}/nightfall"))[0] == 404
    user_errors_only(simcord_env)
