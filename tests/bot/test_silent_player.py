"""A silent player costs the table at most two deadlines: a missed deadline plays the rest of that turn by default,
a second missed turn hands the seat to the AI, and any player can hand it over sooner with the button on the
channel's notice.

The real bot in SimCord with its virtual clock (the watchdog stopped, so days pass in moments).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import Party, commit_order, open_game, public_lines, slash_move
from .test_deadlines import DAY, quiet
from .test_reliability import move_once

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


async def finish(env: Any, party: Party, limit: float) -> float:
    """Let the virtual days pass until the game ends (or ``limit`` seconds): how long it took, in seconds."""
    clock = party.bot.store.epoch
    begin = clock()
    while clock() - begin < limit:
        await env.advance_time(600.0)
        if (await party.table()).row.status == "over":
            break
    await env.settle()
    return clock() - begin


async def sources(party: Party) -> list[tuple[str, str]]:
    """(seat, source) of every stored move, in order."""
    sql = f"SELECT seat, source FROM actions {commit_order(party.bot.store)}"
    found = await party.bot.store.reader.call(lambda c: c.execute(sql).fetchall())
    return [(str(r[0]), str(r[1])) for r in found]


def notices(party: Party) -> list[discord.Message]:
    """The channel's notices of a missed deadline."""
    return [m for m in party.channel.history() if m.content.startswith("⏰")]


def hand_over_id(message: discord.Message) -> str:
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", "").startswith("ho:"):
                return str(child.custom_id)
    raise AssertionError("the notice has no hand-over button")


# the AI plays the rest of the game within one settle: its time is the game's, not a hang
@pytest.mark.simcord(settle_timeout=60)
@pytest.mark.parametrize("ais", [2, 3])
async def test_a_silent_player_costs_the_table_at_most_two_days(simcord_env: Any, ais: int) -> None:
    """Before this rule (one deadline per decision, the AI after 3): 3.00 days for these very games."""
    party = await open_game(simcord_env, ("alice",), ais=ais, variant="standard", spectators=())
    quiet(simcord_env)
    took = await finish(simcord_env, party, 30 * DAY)
    table = await party.table()
    assert table.row.status == "over"
    assert took <= 2 * DAY + 600
    moves = await sources(party)
    assert [s for s in moves if s[1] == "timeout"] == [("p1", "timeout")] * 2  # one per missed turn
    seat = table.by_seat("p1")
    assert seat.is_ai and seat.away
    lines = public_lines(party.channel)
    assert any("missed the deadline in 2 turns in a row" in line for line in lines)
    [notice] = notices(party)  # the first miss is told with its button; the second hands the seat over
    assert "at once until the turn ends" in notice.content and "After 2 turns missed in a row" in notice.content
    user_errors_only(simcord_env)


async def test_after_a_miss_the_rest_of_the_turn_plays_at_once(simcord_env: Any) -> None:
    """Every further decision of the silent seat in the turn it missed is played by default at once ("missed"),
    without another deadline; the seat's own next move (here: none, the AI takes over) resets the count."""
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, variant="standard", spectators=())
    quiet(simcord_env)
    bob_moves = 0
    clock = party.bot.store.epoch
    begin = clock()
    # bob always answers at once; alice never does
    for _ in range(400):
        table = await party.table()
        if table.row.status != "active" or table.by_seat("p1").is_ai:
            break
        if any(d.seat == "p2" for d in table.game.pending()):
            move = str(decide(GreedyPlayer(seed=bob_moves), table.game, "p2"))
            await slash_move(party.members["bob"], party.channel, move)
            bob_moves += 1
            await simcord_env.settle()
            continue
        await simcord_env.advance_time(600.0)
    moves = await sources(party)
    timeouts = [i for i, (seat, source) in enumerate(moves) if source == "timeout"]
    assert len(timeouts) <= 2
    assert (await party.table()).by_seat("p1").is_ai or (await party.table()).row.status == "over"
    # the waits on alice add up to at most two deadlines
    assert clock() - begin <= 2 * DAY + 1200
    for i, (seat, source) in enumerate(moves):
        if source == "missed":
            assert seat == "p1" and any(j < i for j in timeouts)
    user_errors_only(simcord_env)


async def bob_until_alice(env: Any, party: Party) -> str:
    """bob (and the AI) play until a decision waits on alice: her seat."""
    for n in range(300):
        table = await party.table()
        alice = (
            next(d.seat for d in table.game.pending() if table.by_seat(d.seat).display_name == "alice")
            if any(table.by_seat(d.seat).display_name == "alice" for d in table.game.pending())
            else None
        )
        if alice is not None:
            return alice
        move = str(decide(GreedyPlayer(seed=n), table.game, "p2"))
        await slash_move(party.members["bob"], party.channel, move)
        await env.settle()
    raise AssertionError("no decision reached alice")


async def test_any_player_hands_the_silent_seat_to_the_ai_with_the_notice_button(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, variant="quick-start", spectators=("carol",))
    quiet(simcord_env)
    silent = await bob_until_alice(simcord_env, party)
    await simcord_env.advance_time(DAY + 60)
    [first] = notices(party)
    assert "**alice** ran out of time" in first.content
    # a stranger may not; nothing changes
    stranger = await party.members["carol"].click(first, custom_id=hand_over_id(first))
    assert stranger.ephemeral and "Only the players of this game" in stranger.response.content
    assert not (await party.table()).by_seat(silent).is_ai

    # alice comes back and plays: the old notice's button no longer hands her seat over
    await bob_until_alice(simcord_env, party)
    await move_once(party, 1)
    await simcord_env.settle()
    late = await party.members["bob"].click(first, custom_id=hand_over_id(first))
    assert late.ephemeral and "has played since" in late.response.content
    assert not (await party.table()).by_seat(silent).is_ai

    # she goes silent again: bob, a player (not the host), hands her seat over from the new notice
    await bob_until_alice(simcord_env, party)
    await simcord_env.advance_time(DAY + 60)
    second = notices(party)[-1]
    assert second.id != first.id
    pressed = await party.members["bob"].click(second, custom_id=hand_over_id(second))
    assert not pressed.ephemeral
    after = next(m for m in party.channel.history() if m.id == second.id)
    assert "🤖 bob handed the seat to the AI." in after.content and not after.components
    seat = (await party.table()).by_seat(silent)
    assert seat.is_ai and seat.away
    assert any("bob handed alice's seat to the AI" in line for line in public_lines(party.channel))
    await simcord_env.settle()
    user_errors_only(simcord_env)


async def test_a_silent_fighter_costs_a_duel_at_most_two_days(simcord_env: Any) -> None:
    """Fightdrome's round lasts a whole bout, so a missed deadline covers the rest of its exchange; the second
    missed exchange hands the seat to the AI."""
    from .test_fightdrome import open_match

    party = await open_match(simcord_env, ("alice",), ais=1, format="bout")
    quiet(simcord_env)
    took = await finish(simcord_env, party, 30 * DAY)
    assert (await party.table()).row.status == "over"
    assert took <= 2 * DAY + 600
    moves = await sources(party)
    assert [s for s in moves if s[1] == "timeout"] == [("p1", "timeout")] * 2  # the second one hands the seat over
    assert ("p1", "ai") in moves  # the AI played the rest of the bout
    [notice] = notices(party)
    assert "at once until the exchange ends" in notice.content and "After 2 exchanges missed in a row" in notice.content
    user_errors_only(simcord_env)
