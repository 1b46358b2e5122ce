"""Time away (``/me away days:N``): the person's clocks stand still in every running game, each for no more than
the game's allowance (``/game settings away:``, 7 days unless set); ``days:0`` or any move of theirs ends it and
the clocks run again where they stood. The channel and ``/game status`` say who is away until when."""

from __future__ import annotations

from typing import Any

import pytest

from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import Party, open_game, public_lines, slash_move
from .test_deadlines import DAY, HOUR, quiet
from .test_quiet_hours import timeouts

pytestmark = pytest.mark.unseen_images


async def clock_of(party: Party) -> Any:
    [clock] = await party.bot.store.work.deadlines((await party.table()).id)
    return clock


async def game_with_wanda(env: Any) -> Party:
    party = await open_game(env, ("wanda",), ais=1, start=False, spectators=())
    quiet(env)
    await party.members["wanda"].slash(party.channel, "game start")
    return party


@pytest.mark.postgresql
async def test_away_within_the_allowance_stops_the_clock_and_days_0_restarts_it(simcord_env: Any) -> None:
    env = simcord_env
    party = await game_with_wanda(env)
    wanda = party.members["wanda"]
    start = (await clock_of(party)).due_at - DAY
    await env.advance_time(6 * HOUR)  # 18 hours left
    reply = await wanda.slash(party.channel, "me away", days=3)
    assert reply.ephemeral and "You are away until" in reply.response.content
    assert "#nightfall: your clock stands still until" in reply.response.content
    now = party.bot.store.epoch()
    assert (await clock_of(party)).due_at == pytest.approx(now + 3 * DAY + 18 * HOUR, abs=60)
    await env.advance_time(5)
    assert any("💤 **wanda** is away until <t:" in line for line in public_lines(party.channel))
    status = (await wanda.slash(party.channel, "game status")).response.content
    assert "💤 wanda is away until <t:" in status and "Time away: up to 7 days per player" in status
    assert "💤 Away until" in (await wanda.slash(party.channel, "me show")).response.content

    await env.advance_time(2 * DAY)
    assert not await timeouts(party), "the clock ran while its person was away"
    reply = await wanda.slash(party.channel, "me away", days=0)
    assert "Welcome back" in reply.response.content
    back = party.bot.store.epoch()
    assert (await clock_of(party)).due_at == pytest.approx(back + 18 * HOUR, abs=60)
    await env.advance_time(5)
    assert any("👋 **wanda** is back" in line for line in public_lines(party.channel))
    assert "not away" in (await wanda.slash(party.channel, "me away", days=0)).response.content
    await env.advance_time(18 * HOUR + 120)
    assert len(await timeouts(party)) == 1
    assert start < back
    user_errors_only(env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_past_the_allowance_the_clock_runs_again(simcord_env: Any) -> None:
    env = simcord_env
    party = await game_with_wanda(env)
    wanda = party.members["wanda"]
    reply = await wanda.slash(party.channel, "game settings", away=2)
    assert not reply.ephemeral and "time away: up to 2 days per player" in reply.response.content
    await wanda.slash(party.channel, "me away", days=5)
    now = party.bot.store.epoch()
    assert (await clock_of(party)).due_at == pytest.approx(now + 2 * DAY + DAY, abs=60)
    await env.advance_time(5)
    assert any("this game stops their clock until" in line for line in public_lines(party.channel))
    await env.advance_time(3 * DAY + 120)
    assert len(await timeouts(party)) == 1, "past the allowance the clock runs as usual"
    # the allowance is used up: a second time away stops nothing in this game
    reply = await wanda.slash(party.channel, "me away", days=1)
    assert "this game allows no more time away" in reply.response.content


async def test_no_time_away_and_a_move_ends_it(simcord_env: Any) -> None:
    env = simcord_env
    party = await game_with_wanda(env)
    wanda = party.members["wanda"]
    await wanda.slash(party.channel, "game settings", away=0)
    assert "No time away in this game" in (await wanda.slash(party.channel, "game status")).response.content
    await wanda.slash(party.channel, "game settings", away=7)
    await wanda.slash(party.channel, "me away", days=3)
    assert await party.bot.store.people.away_until(wanda.id) is not None
    table = await party.table()
    [decision] = [d for d in table.game.pending() if table.by_seat(d.seat).user_id == wanda.id]
    await slash_move(wanda, party.channel, str(decide(GreedyPlayer(seed=1), table.game, decision.seat)))
    assert await party.bot.store.people.away_until(wanda.id) is None, "a move of their own ends the time away"
    assert await party.bot.store.people.away_seats(table.id) == {}
    await env.advance_time(5)
    assert any("👋 **wanda** is back" in line for line in public_lines(party.channel))


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_a_game_that_starts_while_its_player_is_away_keeps_their_clock_still(simcord_env: Any) -> None:
    """Away on holiday, wanda's lobby is started by its host: her first decision's clock stands still until she is
    back (within the game's allowance), as in the games that ran when she left, and the channel says so once."""
    env = simcord_env
    party = await open_game(env, ("hana", "wanda"), ais=0, start=False, spectators=())
    quiet(env)
    wanda = party.members["wanda"]
    reply = await wanda.slash(party.channel, "me away", days=2)
    assert "You are away until" in reply.response.content
    until = party.bot.store.epoch() + 2 * DAY
    await env.advance_time(HOUR)
    await party.members["hana"].slash(party.channel, "game start")
    table = await party.table()
    mine = table.seat_of(party.users["wanda"].id).seat
    clocks = {c.seat: c for c in await party.bot.store.work.deadlines(table.id)}
    if mine in clocks:  # her decision is open now: its day starts when she is back
        assert clocks[mine].due_at == pytest.approx(until + DAY, abs=60)
    await env.advance_time(DAY + 12 * HOUR)
    assert not [t for t in await timeouts(party) if t[0] == mine], "her clock ran while she was away"
    assert (await party.table()).row.status == "active"
    lines = [line for line in public_lines(party.channel) if "💤 **wanda** is away until" in line]
    assert len(lines) == 1, lines
    user_errors_only(env)
