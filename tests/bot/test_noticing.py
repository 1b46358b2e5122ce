"""What a person's DMs say: a prompt whose question was answered elsewhere, or is no longer open, says what happened
(one line, no question left).

The real bot in SimCord with its virtual clock.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import Party, latest_prompt, moves_in, open_game, slash_move
from .test_deadlines import DAY, quiet
from .test_silent_player import bob_until_alice

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


def message(user: Any, message_id: int) -> discord.Message:
    """A DM of ``user`` as it reads now."""
    return next(m for m in user.dm_channel.history() if m.id == message_id)


async def waits_on(party: Party, name: str) -> str | None:
    """The seat of ``name`` if a decision waits on it."""
    table = await party.table()
    seat = table.seat_of(party.users[name].id)
    return seat.seat if any(d.seat == seat.seat for d in table.game.pending()) else None


# ---------------------------------------------------------------------------------------------- what happened
async def test_a_slash_command_leaves_its_prompt_saying_what_was_done(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), spectators=())
    alice = party.users["alice"]
    closed = 0
    for n in range(200):
        await simcord_env.settle()
        table = await party.table()
        if table.game.is_over() or closed >= 3:
            break
        seat = next(d.seat for d in table.game.pending())
        name = table.by_seat(seat).display_name
        if name != "alice":
            await slash_move(party.members[name], party.channel, str(decide(GreedyPlayer(seed=n), table.game, seat)))
            continue
        prompt = latest_prompt(alice)
        assert prompt is not None
        await slash_move(party.members["alice"], party.channel, str(decide(GreedyPlayer(seed=n), table.game, seat)))
        await simcord_env.settle()
        if await waits_on(party, "alice") is None:
            # her question was answered by the command: the prompt says so, in one line, and asks nothing
            now = message(alice, prompt.id)
            assert now.content.startswith("✓ ") and now.content.endswith("(by command)"), now.content
            assert "\n" not in now.content and not moves_in(now) and not now.attachments
            closed += 1
    assert closed >= 3
    user_errors_only(simcord_env)


async def test_a_deadline_default_leaves_the_prompt_saying_so(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, spectators=())
    quiet(simcord_env)
    await bob_until_alice(simcord_env, party)
    await simcord_env.settle()
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    await simcord_env.advance_time(DAY + 60)
    await simcord_env.settle()
    now = message(party.users["alice"], prompt.id)
    assert now.content.startswith("⏰ Played by default at the deadline: "), now.content
    assert "\n" not in now.content and not moves_in(now)
    user_errors_only(simcord_env)


async def test_the_ai_taking_the_seat_leaves_no_question_standing(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, spectators=())
    await bob_until_alice(simcord_env, party)
    await simcord_env.settle()
    prompt = latest_prompt(party.users["alice"])
    assert prompt is not None
    await party.members["alice"].slash(party.channel, "game leave")
    await simcord_env.settle()
    now = message(party.users["alice"], prompt.id)
    # the AI played her open decision ("Played by the AI: …"), or is about to ("The AI plays your seat now")
    assert now.content.startswith("🤖 "), now.content
    assert "\n" not in now.content and not moves_in(now)
    assert all(not moves_in(m) for m in party.users["alice"].dm_channel.history())
    user_errors_only(simcord_env)
