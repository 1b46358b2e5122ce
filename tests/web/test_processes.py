"""Two bot processes on one PostgreSQL database serve one game's live updates: the bot in SimCord and another process
(its own store, game service and web server on the same database) each serve the game's page and stream, and a
move committed by either reaches the streams of both within 2 s: the process that moved wakes its own streams at
once, the other one finds the new stored version at its next look (``bot.web.feed``)."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from bot import Settings
from bot.games import FACES
from bot.service import GameService
from bot.store import Store
from bot.web.server import WebServer
from tests import postgresql
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import open_game

from .sse import Events
from .test_server import base, on_the_web

pytestmark = pytest.mark.unseen_images

#: moves made, alternately by each process
MOVES = 6


@pytest.fixture
def db_location(postgresql_cluster: postgresql.Cluster) -> Iterator[str]:
    """A fresh PostgreSQL database: several processes share only PostgreSQL."""
    url = postgresql_cluster.new_database()
    yield url
    postgresql_cluster.admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1].split('?')[0]} WITH (FORCE)")


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, web_addr="127.0.0.1:0", web_requests=1000.0)


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def noting(service: GameService, commits: dict[int, float]) -> None:
    """Note when ``service`` commits each version (after its web server's own hook)."""
    moved = service.moved

    def noted(game_id: int) -> None:
        commits[len(commits)] = time.perf_counter()
        moved(game_id)

    service.moved = noted


@pytest.mark.slow(10)
async def test_two_processes_on_postgresql_serve_one_games_updates(
    simcord_env: Any, settings: Settings, http: aiohttp.ClientSession
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    game_id = (await party.table()).id
    other_store = await Store.open(settings.db_path)
    other = GameService(other_store, settings, FACES)
    other_web = WebServer(settings, other)
    other.moved = other_web.moved
    await other_web.start()
    commits: dict[int, float] = {}
    noting(party.bot.service, commits)
    noting(other, commits)
    here, there = base(party), f"http://127.0.0.1:{other_web.port}"
    try:
        async with (
            await Events.open(http, f"{here}/api/g/{token}/events") as near,
            await Events.open(http, f"{there}/api/g/{token}/events") as far,
            await Events.open(http, f"{there}/g/{token}/events") as far_page,
        ):
            start = (await near.next()).id
            assert (await far.next()).id == start and (await far_page.next()).id == start
            for n in range(MOVES):
                table = await other.table(game_id)
                seat = table.game.pending()[0].seat
                user = table.by_seat(seat).user_id
                move = str(table.game.legal_actions(seat)[0])
                if n % 2 == 0:  # the bot in SimCord moves
                    name = next(k for k, u in party.users.items() if u.id == user)
                    assert (await party.members[name].slash(party.channel, "move", move=move)).ephemeral
                else:  # the other process moves
                    await other.play.act(game_id, user_id=user, text=move, source="command")
                version = start + n + 1
                committed = commits[n]
                for stream in (near, far, far_page):
                    arrived = await stream.until(version, timeout=5.0)
                    assert arrived.id == version
                    assert arrived.at - committed <= 2.0, f"move {n}: {arrived.at - committed:.2f} s"
                async with http.get(f"{here}/api/g/{token}") as a, http.get(f"{there}/api/g/{token}") as b:
                    one, two = json.loads(await a.text()), json.loads(await b.text())
                assert one["version"] == two["version"] == version and one["view"] == two["view"]
            server = await other_store.web.server(party.channel.guild.id)
            assert server is not None
            pages = [
                f"/g/{token}/replay",
                f"/g/{token}/replay?step=1",
                f"/g/{token}/log.txt",
                f"/s/{server.token}/top/nightfall",
            ]
            for path in pages:  # the other pages read from the shared store too
                async with http.get(there + path) as answer:
                    assert answer.status == 200, path
            # the server turned off is a 404 in the other process too, at once
            assert table.row.guild_id is not None
            await other_store.web.set_enabled(table.row.guild_id, False, "en")
            for url in (here, there):
                async with http.get(f"{url}/api/g/{token}") as answer:
                    assert answer.status == 404
            assert await near.ends(3.0) and await far.ends(3.0)
    finally:
        await other_web.stop()
        await other_store.close()
    user_errors_only(simcord_env)
