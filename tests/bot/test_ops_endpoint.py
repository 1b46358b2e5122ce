"""The operators' endpoint (``NIGHTFALL_HTTP_ADDR``): the real bot in SimCord plays a game, and ``/metrics`` read over
HTTP agrees with what happened; ``/healthz`` says ok, then 503 with the reason when the database cannot be reached or
the gateway has been down for more than a minute."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from typing import Any

import aiohttp
import pytest

from bot import Settings
from bot.ops import check
from bot.ops.health import GATEWAY_GRACE
from bot.settings import http_address

from .conftest import RETRY_BASE, user_errors_only
from .helpers import open_game, play_to_the_end, slash_move
from .test_reliability import human_to_move
from .test_storage import read_only

SEND = "POST /channels/{channel_id}/messages"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The test bot with its endpoint on a free port of this machine (``bot.ops.port`` is the one bound)."""
    return dataclasses.replace(settings, http_addr="127.0.0.1:0")


async def get(bot: Any, path: str) -> tuple[int, str]:
    """One GET of the bot's endpoint, over a real socket (the connection closed after it)."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{bot.ops.port}{path}", headers={"Connection": "close"}) as answer,
    ):
        return answer.status, await answer.text()


def gateway_event(env: Any, event: str) -> None:
    """discord.py's event of the gateway connection, dispatched as the bot's own (SimCord keeps one connection up
    for the whole test: the bot's timers then run on its clock, which ``advance_time`` moves)."""
    with env._bot_scope():
        env.bot.dispatch(event)


def samples(text: str) -> dict[str, float]:
    """``name{labels}`` -> value of every sample in Prometheus's text format."""
    found = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            found[key] = float(value)
    return found


def family(found: dict[str, float], name: str) -> dict[str, float]:
    """The samples of one metric, by their labels' text."""
    pattern = re.compile(rf"{re.escape(name)}(\{{.*\}})?$")
    return {(m.group(1) or ""): v for k, v in found.items() if (m := pattern.match(k))}


@pytest.mark.slow(12)
@pytest.mark.unseen_images
@pytest.mark.simcord(settle_timeout=40.0)
async def test_metrics_read_over_http_agree_with_a_game_played(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1)
    bot = party.bot
    game_id = (await party.table()).id
    refused = await party.members["carol"].slash(party.channel, "pass")  # a spectator's move
    assert refused.ephemeral
    # Discord refuses the next message to the channel once: its delivery is retried later
    simcord_env.inject_error("POST", f"/channels/{party.channel.id}/messages", status=429, times=1)
    await play_to_the_end(party)
    await simcord_env.advance_time(RETRY_BASE * 2)
    await simcord_env.settle()

    status, text = await get(bot, "/metrics")
    assert status == 200
    found = samples(text)
    moves = family(found, "nightfall_moves_total")
    stored = await bot.store._read("SELECT source, COUNT(*) FROM actions WHERE game_id = ? GROUP BY source", (game_id,))
    played = {f'{{game="nightfall",source="{source}"}}': float(n) for source, n in stored if source != "start"}
    assert moves == played and {"ai", "button", "command"} <= {s for s, _ in stored}
    assert family(found, "nightfall_moves_refused_total") == {'{reason="err.not_player"}': 1.0}
    requests = family(found, "nightfall_discord_requests_total")
    assert requests[f'{{route="{SEND}",status="429"}}'] == 1.0
    logged = [r for r in simcord_env.http_requests if r.method == "POST" and r.path.endswith("/messages")]
    assert requests[f'{{route="{SEND}",status="2xx"}}'] == len(logged) - 1
    owed = await bot.store.work.pending_deliveries()
    assert found["nightfall_deliveries_owed"] == len(owed)
    assert found["nightfall_delivery_oldest_seconds"] == 0.0  # nothing late: every due delivery was made
    assert found['nightfall_games{game="nightfall",status="over"}'] == 1.0
    assert found['nightfall_games{game="nightfall",status="active"}'] == 0.0
    assert found["nightfall_ai_think_seconds_count"] == moves['{game="nightfall",source="ai"}']
    assert found["nightfall_interaction_ack_seconds_count"] >= moves['{game="nightfall",source="button"}']
    assert sum(family(found, "nightfall_render_seconds_count").values()) > 0
    errors = family(found, "nightfall_storage_errors_total")
    assert len(errors) == 4 and set(errors.values()) == {0.0}  # every kind shown, none met
    user_errors_only(simcord_env)


async def test_healthz_is_ok_then_names_the_database_or_the_gateway(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = simcord_env.bot
    assert await get(bot, "/healthz") == (200, "ok")
    # the container's health check asks the same, on the loopback when the bot listens on every interface
    monkeypatch.setenv("NIGHTFALL_HTTP_ADDR", f"0.0.0.0:{bot.ops.port}")
    assert await asyncio.to_thread(check.main) == 0
    assert (await get(bot, "/anything-else"))[0] == 404  # nothing else is served

    gateway_event(simcord_env, "disconnect")
    await simcord_env.advance_time(GATEWAY_GRACE / 2)
    assert await get(bot, "/healthz") == (200, "ok")  # discord.py reconnects on its own: a short gap is normal
    await simcord_env.advance_time(GATEWAY_GRACE)
    status, reason = await get(bot, "/healthz")
    assert status == 503 and reason.strip() == f"gateway: disconnected for more than {GATEWAY_GRACE:g} s"
    gateway_event(simcord_env, "resumed")
    await simcord_env.settle()
    assert await get(bot, "/healthz") == (200, "ok")

    await bot.store.reader.close()  # the database can no longer be reached
    status, reason = await get(bot, "/healthz")
    assert status == 503 and reason.startswith("database:")
    capsys.readouterr()
    assert await asyncio.to_thread(check.main) == 1
    assert capsys.readouterr().out.startswith("503: database:")


@pytest.mark.postgresql
async def test_a_database_that_refuses_writes_is_counted_with_the_refused_move(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    bot = party.bot
    name, seat = await human_to_move(party)  # type: ignore[misc]
    move = str((await party.table()).game.legal_actions(seat)[0])
    await read_only(bot.store, True)
    try:
        refused = await slash_move(party.members[name], party.channel, move)
    finally:
        await read_only(bot.store, False)
    assert refused.ephemeral
    found = samples((await get(bot, "/metrics"))[1])
    errors = family(found, "nightfall_storage_errors_total")
    assert {k: v for k, v in errors.items() if v} == {'{kind="read_only"}': 1.0}
    assert family(found, "nightfall_moves_refused_total") == {'{reason="err.storage_readonly"}': 1.0}
    assert await get(bot, "/healthz") == (200, "ok")  # reads go on: the bot is up, its writes are refused
    user_errors_only(simcord_env)


def test_the_address_setting_is_host_and_port() -> None:
    assert http_address("") is None and http_address("  ") is None  # off unless set
    assert http_address("0.0.0.0:9100") == "0.0.0.0:9100"
    assert http_address("[::1]:9100") == "[::1]:9100"
    for wrong in ("9100", "localhost", "localhost:http", "host:70000", ":9100"):
        with pytest.raises(ValueError, match="NIGHTFALL_HTTP_ADDR"):
            http_address(wrong)
    assert check.url("0.0.0.0:9100") == "http://127.0.0.1:9100/healthz"
    assert check.url("[::1]:9100") == "http://[::1]:9100/healthz"


def test_every_kind_of_storage_error_has_its_series() -> None:
    from bot.ops.metrics import STORAGE_ERRORS
    from bot.store.sqlite import StorageError

    assert sorted({kind.kind for kind in (StorageError, *StorageError.__subclasses__())}) == sorted(STORAGE_ERRORS)
