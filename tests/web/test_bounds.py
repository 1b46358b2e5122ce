"""The web table's bounds per address (``bot.web.guard``): requests (a token bucket: ``web_requests`` a second, bursts
of 40) answered 429 with ``Retry-After`` past it, open streams (``web_streams``) likewise; the address behind the
operator's proxy is the last ``X-Forwarded-For`` hop, and only a proxy's word is taken for it."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from typing import Any
from unittest import mock

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from bot import Settings
from bot.web.guard import CONTENT_SECURITY_POLICY, RequestBounds, client_address
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import open_game

from .sse import Events
from .test_server import base, on_the_web

pytestmark = pytest.mark.unseen_images

#: the burst an address may make at once (``bot.web.server.BURST``)
BURST = 40


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """One request a second per address, two open streams."""
    return dataclasses.replace(settings, web_addr="127.0.0.1:0", web_requests=1.0, web_streams=2)


@pytest_asyncio.fixture
async def http() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as session:
        yield session


async def status(http: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, Any]:
    async with http.get(url, headers=headers) as answer:
        await answer.read()
        return answer.status, answer.headers


async def test_past_the_request_bound_an_address_gets_429(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)  # its own requests are counted apart (the test's, not a visitor's)
    url = f"{base(party)}/api/g/{token}"
    proxy = {"X-Forwarded-For": "198.51.100.7, 203.0.113.9"}  # the client's claim, then what our proxy saw
    answers = [await status(http, url, **proxy) for _ in range(BURST + 1)]
    assert [code for code, _ in answers[:BURST]] == [200] * BURST
    code, headers = answers[BURST]
    assert code == 429 and int(headers["Retry-After"]) >= 1
    async with http.get(url, headers={**proxy, "Accept-Language": "pl"}) as answer:
        assert answer.status == 429 and (await answer.text()).startswith("Zbyt wiele żądań")
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY and "Set-Cookie" not in headers
    # the address is the proxy's last hop: another visitor behind the proxy is not held back, nor the proxy itself
    assert (await status(http, url, **{"X-Forwarded-For": "198.51.100.7, 203.0.113.10"}))[0] == 200
    assert (await status(http, url))[0] == 200
    user_errors_only(simcord_env)


def _request(peer: str, forwarded: str | None) -> web.Request:
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: (peer, 4242) if name == "peername" else default
    return make_mocked_request("GET", "/api/g/x", headers=headers, transport=transport)


@pytest.mark.parametrize(
    ("peer", "forwarded", "address"),
    [
        ("127.0.0.1", "198.51.100.7, 203.0.113.9", "203.0.113.9"),  # our proxy on this machine: its last hop
        ("10.1.2.3", "203.0.113.9", "203.0.113.9"),  # on the private network
        ("::1", "2001:db8::1", "2001:db8::1"),
        ("127.0.0.1", None, "127.0.0.1"),  # no proxy in between
        ("127.0.0.1", "not an address", "127.0.0.1"),
        ("93.184.216.34", "127.0.0.1", "93.184.216.34"),  # a visitor's own word is not taken
    ],
)
def test_the_address_is_the_proxys_last_hop_and_only_a_proxys_word(
    peer: str, forwarded: str | None, address: str
) -> None:
    assert client_address(_request(peer, forwarded)) == address


def test_the_request_bucket_refills_at_its_rate() -> None:
    bounds = RequestBounds(rate=2.0, burst=3)
    assert [bounds.take("a", 0.0) for _ in range(3)] == [None, None, None]
    assert bounds.take("a", 0.0) == pytest.approx(0.5)
    assert bounds.take("b", 0.0) is None  # another address has its own
    assert bounds.take("a", 0.5) is None  # half a second later, one more
    assert bounds.take("a", 0.5) is not None


async def test_past_the_stream_bound_an_address_gets_429(simcord_env: Any, http: aiohttp.ClientSession) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    token = await on_the_web(party)
    url = f"{base(party)}/api/g/{token}/events"
    bounds = party.bot.web.stream_bounds
    first, second = await Events.open(http, url), await Events.open(http, url)
    try:
        await first.next()
        await second.next()
        third, headers = await status(http, url)
        assert third == 429 and int(headers["Retry-After"]) >= 1
        second.close()  # a visitor who leaves gives their place back at once
        for _ in range(200):
            if bounds.held("127.0.0.1") == 1:
                break
            await asyncio.sleep(0.01)
        assert bounds.held("127.0.0.1") == 1
        async with await Events.open(http, url) as again:
            assert (await again.next()).id >= 0
    finally:
        first.close()
        second.close()
    user_errors_only(simcord_env)
