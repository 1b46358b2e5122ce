"""What a person's DMs say: a prompt whose question was answered elsewhere says what happened (one line, no
question left); a decision that reaches someone who has not moved for ``dm_idle`` seconds comes as a new DM below
(their old prompt says it moved on), one that reaches them sooner edits the DM they are looking at; and the DM
ends with the live decision, a tutorial's too.

The real bot in SimCord with its virtual clock.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import Party, latest_prompt, moves_in, offered, open_game, press, slash_move
from .test_deadlines import DAY, quiet
from .test_silent_player import bob_until_alice
from .test_tutorial import learner

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


# ---------------------------------------------------------------------------------------------- noticing
@pytest.mark.parametrize("gap", [60.0, 240.0])
async def test_a_decision_after_three_idle_minutes_comes_as_a_new_dm(simcord_env: Any, gap: float) -> None:
    """bob moves at once; alice takes ``gap`` seconds over each move. A decision that reaches bob ``gap`` seconds
    (or more) after his own last move edits his DM within 3 minutes, and comes as a new DM after them."""
    party = await open_game(simcord_env, ("alice", "bob"), spectators=())
    bob = party.users["bob"]
    clock = party.bot.store.epoch
    bob_moved = clock()
    seen = edited = notified = 0
    for n in range(300):
        await simcord_env.settle()
        table = await party.table()
        if table.game.is_over() or seen >= 4:
            break
        seat = next(d.seat for d in table.game.pending())
        name = table.by_seat(seat).display_name
        move = offered(table.game, seat, str(decide(GreedyPlayer(seed=n), table.game, seat)))
        prompt = latest_prompt(party.users[name])
        assert prompt is not None
        if name == "bob":
            await press(bob, prompt, move)
            bob_moved = clock()
            continue
        bob_before = await waits_on(party, "bob")
        count = len(bob.dm_channel.history())
        stored = await party.bot.store.marks.prompt(table.id, bob.id)  # his last prompt, whatever it reads now
        await simcord_env.advance_time(gap)
        await press(party.users["alice"], prompt, move)
        await simcord_env.settle()
        if bob_before is not None or await waits_on(party, "bob") is None or stored is None:
            continue  # no decision of bob's began with this move
        idle = clock() - bob_moved
        live = latest_prompt(bob)
        assert live is not None and bob.dm_channel.history()[-1].id == live.id  # his DM ends with the question
        if idle < 180:
            # within 3 minutes of his own move: the DM he is looking at becomes the new decision, silently
            assert len(bob.dm_channel.history()) == count, idle
            assert live.id == stored[1]
            edited += 1
        else:
            # he put the phone down: a new DM below, which notifies him; the old prompt says it moved on
            assert len(bob.dm_channel.history()) == count + 1, idle
            assert live.id != stored[1]
            before = message(bob, stored[1])
            assert "\n" not in before.content and not moves_in(before)
            notified += 1
        seen += 1
    assert (edited if gap < 180 else notified) >= 2
    user_errors_only(simcord_env)


@pytest.mark.parametrize("gap", [60.0, 240.0])
async def test_a_mention_player_is_mentioned_only_after_three_idle_minutes(simcord_env: Any, gap: float) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), spectators=())
    await party.members["bob"].slash(party.channel, "game notify", mode="mention")
    clock = party.bot.store.epoch
    bob_moved = clock()
    mentions = expected = soon = 0
    for n in range(300):
        await simcord_env.settle()
        table = await party.table()
        if table.game.is_over() or expected + soon >= 6:
            break
        seat = next(d.seat for d in table.game.pending())
        name = table.by_seat(seat).display_name
        move = str(decide(GreedyPlayer(seed=n), table.game, seat))
        if name == "bob":
            await slash_move(party.members["bob"], party.channel, move)
            bob_moved = clock()
            continue
        bob_before = await waits_on(party, "bob")
        pings = sum(1 for m in party.channel.history() if f"<@{party.users['bob'].id}>" in m.content)
        await simcord_env.advance_time(gap)
        await slash_move(party.members["alice"], party.channel, move)
        await simcord_env.settle()
        if bob_before is not None or await waits_on(party, "bob") is None:
            continue
        now = sum(1 for m in party.channel.history() if f"<@{party.users['bob'].id}>" in m.content)
        idle = clock() - bob_moved
        expected += 1 if idle >= 180 else 0
        soon += 1 if idle < 180 else 0
        mentions += now - pings
    assert mentions == expected  # a mention exactly when he had not moved for 3 minutes
    assert (soon if gap < 180 else expected) >= 2
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------------- the tutorial
@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_the_tutorial_dm_ends_with_the_live_question_turn_after_turn(simcord_env: Any) -> None:
    user, member, channel = await learner(simcord_env, "en")
    await member.slash(channel, "tutorial")
    service = simcord_env.bot.service
    game_id = (await simcord_env.bot.store.games.games_of_user(user.id))[-1].id
    turns = set()
    for n in range(400):
        await simcord_env.settle()
        table = await service.table(game_id)
        if table.game.is_over() or len(turns) > 7:
            break
        seat = table.seat_of(user.id).seat
        if not table.game.legal_actions(seat):
            await simcord_env.advance_time(5)
            continue
        turns.add(service.face(table).turn(table.game))
        last = user.dm_channel.history()[-1]
        assert moves_in(last), f"turn {max(turns)}: the DM ends with {last.content[:60]!r}, not the question"
        move = offered(table.game, seat, str(decide(GreedyPlayer(seed=n), table.game, seat)))
        await press(user, last, move)
    assert len(turns) >= 6
    user_errors_only(simcord_env)
