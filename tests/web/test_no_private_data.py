"""No private data on the web at any step of whole games of every game: each game is played to its end in SimCord by
its people (each move the game's own AI player chooses for them, made with ``/move``), and after every move, at the
version it made, the API's answer, both live streams (the API's JSON and the page's fragments) and the page are
compared with every seat's private view: no card-instance id of any hand anywhere, and the API's view is exactly the
public view with its ids taken out (so nothing of a hand, nor anything else private, can be in it). The web knows no
reader: a player and a spectator are shown the same answers."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from bot import Settings
from bot.games import FACES
from bot.web.api import without_ids
from engine.protocol import think
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, open_lobby

from .sse import Events
from .test_server import base, on_the_web

pytestmark = pytest.mark.unseen_images

MAX_MOVES = 1000


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return dataclasses.replace(settings, web_addr="127.0.0.1:0", web_requests=10_000.0)


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


def hand_ids(game: Any) -> set[str]:
    """The card-instance id of every card in every seat's hand, from each seat's private view."""
    found = set()
    for seat in game.seats:
        for card in game.private_view(seat).get("hand") or []:
            found.add(str(card["id"]))
    return found


def leaked(ids: set[str], text: str) -> list[str]:
    """The ids that appear in ``text`` as a whole word (not inside a longer id or card code)."""
    return [i for i in sorted(ids) if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]


async def by_its_ai(party: Party, players: dict[str, Any]) -> None:
    """The person the game waits on first makes the move the game's own AI player chooses for their seat."""
    table = await party.table()
    game, rules = table.game, FACES[table.row.game].rules
    seat = game.pending()[0].seat
    player = players.get(seat) or rules.make_player(rules.ai_levels[0], seed=len(players))
    view, actions = rules.ai_input(game, seat)
    action, players[seat] = think(player, view, actions)
    name = next(k for k, u in party.users.items() if u.id == table.by_seat(seat).user_id)
    answer = await party.members[name].slash(party.channel, "move", move=str(action))
    assert answer.ephemeral, answer.response.content


@pytest.mark.slow(40)
@pytest.mark.parametrize("key", list(FACES))
async def test_no_private_data_at_any_step_of_a_whole_game(
    simcord_env: Any, http: aiohttp.ClientSession, key: str
) -> None:
    face = FACES[key]
    party = await open_lobby(simcord_env, ("alice", "bob"), channel_name="web", game=key, **face.tutorial_options)
    token = await on_the_web(party)
    url = base(party)
    players: dict[str, Any] = {}
    steps = 0
    held = False
    async with (
        await Events.open(http, f"{url}/api/g/{token}/events") as api,
        await Events.open(http, f"{url}/g/{token}/events?lang=ru") as page,
    ):
        while True:
            table = await party.table()
            game, version = table.game, table.row.version
            ids = hand_ids(game)
            private = json.dumps([game.private_view(seat) for seat in game.seats])
            assert leaked(ids, private) == sorted(ids), "the check finds every hand card where it is shown"
            held = held or bool(ids)
            shown_api = await api.until(version)
            shown_page = await page.until(version)
            assert shown_api.id == shown_page.id == version, "every version reaches both streams"
            async with http.get(f"{url}/api/g/{token}") as answer:
                text = await answer.text()
            async with http.get(f"{url}/g/{token}") as answer:
                html = await answer.text()
            found = json.loads(text)
            assert found["version"] == version
            assert found["view"] == without_ids(game.public_view()), f"step {steps}: the view is not the public one"
            assert json.loads(shown_api.data)["view"] == found["view"]
            for where, served in (
                ("api", text),
                ("api stream", shown_api.data),
                ("page", html),
                ("page stream", shown_page.data),
            ):
                assert not leaked(ids, served), f"step {steps}: the {where} shows hand cards {leaked(ids, served)}"
            if game.is_over():
                break
            await by_its_ai(party, players)
            steps += 1
            assert steps < MAX_MOVES, "the game did not end"
    assert found["status"] == "over" and steps > 10 and held
    async with http.get(f"{url}/g/{token}/log.txt") as answer:
        assert answer.status == 200 and not leaked(ids, await answer.text())
    user_errors_only(simcord_env)
