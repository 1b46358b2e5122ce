"""Being told: whatever hands a person's seat to the AI (another player's button, ``/game leave``, ``/game replace``,
two missed deadlines in a row), that person gets one DM saying who or what did, in their language, with a
**Take my seat back** button that works after a restart; ``/game return`` works from a DM as well.

The real bot in SimCord with its virtual clock.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from .conftest import user_errors_only
from .helpers import Party, moves_in, open_game, public_lines
from .test_deadlines import DAY, quiet
from .test_silent_player import bob_until_alice, hand_over_id, notices

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


def takeover_dms(user: Any) -> list[discord.Message]:
    """The DMs that tell ``user`` the AI took their seat (each with its button)."""
    return [m for m in user.dm_channel.history() if back_id(m) is not None] if user.dm_channel else []


def back_id(message: discord.Message) -> str | None:
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if (getattr(child, "custom_id", "") or "").startswith("back:"):
                return str(child.custom_id)
    return None


async def seat_of(party: Party, name: str) -> Any:
    return (await party.table()).seat_of(party.users[name].id)


async def test_the_notice_button_tells_the_silent_player_who_handed_the_seat_over(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, spectators=())
    quiet(simcord_env)
    await bob_until_alice(simcord_env, party)
    await simcord_env.advance_time(DAY + 60)
    [notice] = notices(party)
    assert takeover_dms(party.users["alice"]) == []  # a missed deadline alone hands nothing over
    await party.members["bob"].click(notice, custom_id=hand_over_id(notice))
    await simcord_env.settle()
    [dm] = takeover_dms(party.users["alice"])
    assert "**bob** let the AI play for you" in dm.content and "Nightfall game in **#nightfall**" in dm.content
    assert "Take my seat back" in dm.content
    assert [c.label for row in dm.components for c in getattr(row, "children", [row])] == ["Take my seat back"]
    # no question is left standing in her DMs: the last one says the AI plays her seat
    assert all(not moves_in(message) for message in party.users["alice"].dm_channel.history())

    # the button gives the seat back, as /game return does: the same line in the channel
    pressed = await party.users["alice"].click(dm, custom_id=back_id(dm))
    assert not pressed.ephemeral
    seat = await seat_of(party, "alice")
    assert not seat.is_ai and not seat.away
    await simcord_env.settle()
    assert any("alice is back and plays their seat again" in line for line in public_lines(party.channel))
    after = next(m for m in party.users["alice"].dm_channel.history() if m.id == dm.id)
    assert "You have your seat back in **#nightfall**" in after.content and back_id(after) is None
    assert len(takeover_dms(party.users["alice"])) == 0  # its one button is gone: nothing asks to be pressed
    user_errors_only(simcord_env)


async def test_a_second_press_is_answered_privately(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), spectators=())
    await party.members["alice"].slash(party.channel, "game replace", player=party.members["bob"])
    await simcord_env.settle()
    [dm] = takeover_dms(party.users["bob"])
    bob = party.users["bob"]
    pressed = await bob.click(dm, custom_id=back_id(dm))
    assert not pressed.ephemeral and not (await seat_of(party, "bob")).is_ai
    # a press of that DM's button once the seat is back (taken with /game return in the channel): a private answer
    await party.members["alice"].slash(party.channel, "game replace", player=party.members["bob"])
    await simcord_env.settle()
    dm = takeover_dms(bob)[-1]
    await party.members["bob"].slash(party.channel, "game return")
    late = await bob.click(dm, custom_id=back_id(dm))
    assert late.ephemeral and "nothing to take back" in late.response.content
    assert not (await seat_of(party, "bob")).is_ai
    user_errors_only(simcord_env)


async def test_leaving_and_being_replaced_each_tell_the_player_once_in_their_language(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), spectators=())
    await party.members["bob"].slash(party.channel, "game language", language="pl")
    await party.members["bob"].slash(party.channel, "game leave")
    await simcord_env.settle()
    [left] = takeover_dms(party.users["bob"])
    assert "Opuszczasz grę" in left.content and "#nightfall" in left.content
    # /game return from a DM: the one game in which the AI plays his seat
    back = await party.users["bob"].slash("game return")
    assert back.ephemeral and "#nightfall" in back.response.content
    assert not (await seat_of(party, "bob")).away
    await simcord_env.settle()
    assert any("bob is back" in line for line in public_lines(party.channel))
    refused = await party.users["bob"].slash("game return")
    assert refused.ephemeral and not (await seat_of(party, "bob")).is_ai

    await party.members["alice"].slash(party.channel, "game replace", player=party.members["bob"])
    await simcord_env.settle()
    dms = takeover_dms(party.users["bob"])
    assert len(dms) == 2 and "**alice**" in dms[-1].content  # the host who handed it over
    user_errors_only(simcord_env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=60)
async def test_two_missed_turns_tell_the_player_and_the_button_works_after_a_restart(
    simcord_env: Any, make_bot: Any
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, spectators=())
    quiet(simcord_env)
    for _ in range(2):
        await bob_until_alice(simcord_env, party)
        await simcord_env.advance_time(DAY + 60)
        if (await seat_of(party, "alice")).away:
            break
    assert (await seat_of(party, "alice")).away
    await simcord_env.settle()
    [dm] = takeover_dms(party.users["alice"])
    assert "You missed the deadline in 2 turns in a row" in dm.content
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    assert len(takeover_dms(party.users["alice"])) == 1  # delivered once: the restart sends nothing again
    pressed = await party.users["alice"].click(dm, custom_id=back_id(dm))
    assert not pressed.ephemeral
    assert not (await seat_of(party, "alice")).away
    user_errors_only(simcord_env)


async def test_the_button_after_the_game_ended_is_answered_privately(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), spectators=())
    await party.members["bob"].slash(party.channel, "game leave")
    await simcord_env.settle()
    [dm] = takeover_dms(party.users["bob"])
    await party.members["alice"].slash(party.channel, "game abandon")
    pressed = await party.users["bob"].click(dm, custom_id=back_id(dm))
    assert pressed.ephemeral and "That game has ended" in pressed.response.content
    user_errors_only(simcord_env)
