"""Absent players: the AI takes over a seat whose player misses deadlines, leaves or is replaced, and gives it back.

The real bot in SimCord with its virtual clock (the watchdog stopped, so days pass in moments).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from .conftest import user_errors_only
from .helpers import Party, open_game, public_lines
from .test_deadlines import DAY, quiet, timeouts
from .test_reliability import human_to_move, move_once, results_posts

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


def channel_lines(party: Party) -> list[str]:
    return public_lines(party.channel)


async def seat_of(party: Party, name: str) -> Any:
    table = await party.table()
    return table.seat_of(party.users[name].id)


async def test_after_two_missed_turns_the_ai_plays_the_seat_and_the_game_finishes(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1, spectators=())
    quiet(simcord_env)
    for missed in range(1, 3):
        await simcord_env.advance_time(DAY)  # each turn's first decision gets a fresh day; alice never answers
        assert len(await timeouts(party.bot)) == missed
    # the second missed turn handed the seat to the AI, which played the game to its end
    await simcord_env.settle()
    table = await party.table()
    assert table.row.status == "over"
    seat = table.seat_of(party.users["alice"].id)
    assert seat.is_ai and seat.away and seat.ai_level == "normal" and seat.user_id == party.users["alice"].id
    assert any("missed the deadline in 2 turns in a row" in line for line in channel_lines(party))
    [results] = results_posts(party)
    assert f"alice (AI from turn {seat.ai_since})" in results.content
    assert len(await timeouts(party.bot)) == 2  # the AI seat itself has no deadline
    user_errors_only(simcord_env)


async def test_an_answered_decision_resets_the_count_of_timeouts(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1, spectators=())
    quiet(simcord_env)
    await simcord_env.advance_time(DAY)
    seat = await seat_of(party, "alice")
    assert seat.timeouts == 1 and seat.missed_turn is not None
    await move_once(party, 1)
    seat = await seat_of(party, "alice")
    assert seat.timeouts == 0 and seat.missed_turn is None and not seat.is_ai
    await simcord_env.advance_time(DAY)
    seat = await seat_of(party, "alice")
    assert seat.timeouts == 1 and not seat.is_ai
    user_errors_only(simcord_env)


async def test_leave_replace_and_return(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    mods = party.channel.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = party.channel.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    bot, bob = party.bot, party.users["bob"]

    # bob leaves a running game: the AI plays on with his cards, and the game goes on
    left = await party.members["bob"].slash(party.channel, "game leave")
    assert not left.ephemeral and "the AI plays their seat" in left.response.content
    seat = await seat_of(party, "bob")
    assert seat.away and seat.user_id == bob.id
    assert any("bob leaves the game" in line for line in channel_lines(party))
    for n in range(6):
        if await human_to_move(party) is None:
            break
        await move_once(party, n)
    table = await party.table()
    assert all(c.seat != seat.seat for c in await bot.store.work.deadlines(table.id))  # an AI seat has no deadline
    refused = await party.members["bob"].slash(party.channel, "game leave")
    assert refused.ephemeral and "already plays your seat" in refused.response.content

    # he comes back: the seat is his again, with a prompt when it has a decision
    back = await party.members["bob"].slash(party.channel, "game return")
    assert not back.ephemeral and "takes their seat back" in back.response.content
    seat = await seat_of(party, "bob")
    assert not seat.is_ai and seat.ai_since is None and seat.away_turns
    assert any("bob is back" in line for line in channel_lines(party))
    again = await party.members["bob"].slash(party.channel, "game return")
    assert again.ephemeral and "nothing to take back" in again.response.content

    # only the host or Manage Server may hand a seat to the AI
    refused = await party.members["carol"].slash(party.channel, "game replace", player=party.members["alice"])
    assert refused.ephemeral and "Only the host (alice)" in refused.response.content
    done = await mod.slash(party.channel, "game replace", player=party.members["bob"])
    assert not done.ephemeral and "hands **bob**'s seat to the AI" in done.response.content
    assert (await seat_of(party, "bob")).away
    await party.members["bob"].slash(party.channel, "game return")
    done = await party.members["alice"].slash(party.channel, "game replace", player=party.members["bob"])
    assert not done.ephemeral
    assert (await seat_of(party, "bob")).away
    assert len(user_errors_only(simcord_env)) == 3
