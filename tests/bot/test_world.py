"""A Discord that changes under a game: a deleted channel or thread, the bot removed from its server, lost
permissions. The bot stops calling what it cannot reach (bounded tries with back-off), pauses the game,
tells each person by DM what happened and what they can do, and goes on when it can again. Over a
simulated week, the calls to a deleted channel are counted: none when the gateway said it was deleted,
one when the bot only found out by calling it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.builders import ChannelHandle
from simcord.enums import OverwriteType

from bot import Settings

from .conftest import user_errors_only
from .helpers import Party, latest_prompt, moves_in, open_game, press, public_lines
from .test_reliability import human_to_move, move_once, results_posts

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

WEEK = 7 * 24 * 3600.0


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The watchdog looks every six hours (not every minute): a simulated week stays quick to run."""
    return replace(settings, watchdog_seconds=6 * 3600.0)


async def a_week_passes(env: Any) -> None:
    for _day in range(7):  # a day at a time: SimCord bounds the real time one advance may take
        await env.advance_time(WEEK / 7)


def calls_to(env: Any, channel_id: int, since: int = 0) -> list[str]:
    """The REST calls the bot made to a channel (its messages, threads, anything under its path)."""
    return [f"{r.method} {r.path}" for r in env.http_requests[since:] if f"/channels/{channel_id}" in r.path]


def dms_saying(party: Party, name: str, words: str) -> list[str]:
    return [m.content for m in party.users[name].dm_channel.history() if words in m.content]


async def play_out(party: Party, start: int = 0) -> None:
    n = start
    while await human_to_move(party) is not None:
        await move_once(party, n)
        n += 1
        assert n < start + 3000, "the game did not end"


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.slow(5)
async def test_a_deleted_channel_pauses_the_game_and_the_host_moves_it_elsewhere(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"), variant="quick-start")  # the default deadline: 1 day
    for n in range(4):
        await move_once(party, n)
    table = await party.table()
    version, old = table.game.version, party.channel.id
    mark = len(env.http_requests)
    env.backend.delete_channel(old)
    await env.settle()
    row = await env.bot.store.games.game(table.id)
    assert row is not None and row.paused == "gone"
    for name in ("alice", "bob"):
        told = dms_saying(party, name, "is paused: its channel was deleted")
        assert len(told) == 1 and "`/game resume`" in told[0]
    # a button pressed meanwhile is refused, privately, with what to do
    name, _seat = await human_to_move(party)  # type: ignore[misc]
    prompt = latest_prompt(party.users[name])
    assert prompt is not None
    refused = await press(party.users[name], prompt, next(iter(moves_in(prompt))))
    answer = "\n".join(m.content for m in [refused.response, *refused.followups] if m is not None)
    assert "is paused: its channel **#nightfall** was deleted" in answer and "/game resume" in answer
    await a_week_passes(env)  # a week: no deadline falls, nothing calls the channel
    assert calls_to(env, old, mark) == []
    assert (await party.table()).game.version == version
    assert env.bot.invalid_requests.total == 0
    # the host goes on in another channel: the game moves there, with its deadlines moved on
    new = env.guild.create_text_channel("nightfall-again")
    moved = await party.members["alice"].slash(new, "game resume")
    assert not moved.ephemeral and "moves the Nightfall game of **#nightfall**" in moved.response.content
    clocks = await env.bot.store.work.deadlines(table.id)
    assert clocks and all(c.due_at > env.now().timestamp() + 3600 for c in clocks)
    party.channel = new
    for name in ("alice", "bob"):
        assert len(dms_saying(party, name, "goes on in")) == 1
    await play_out(party, 10)
    await env.advance_time(3600)
    assert len(results_posts(party)) == 1
    assert any("moves the game to this channel" in line for line in public_lines(new))
    assert await env.bot.store.work.pending_deliveries() == []
    user_errors_only(env)


async def test_a_channel_deleted_while_the_bot_was_away_costs_one_call(simcord_env: Any, monkeypatch: Any) -> None:
    """The gateway's news was missed: the first refused call (Unknown Channel) pauses the game at once."""
    env = simcord_env
    party = await open_game(env, ("alice", "bob"), variant="quick-start")

    async def missed(_channel_id: int) -> None:
        return None

    monkeypatch.setattr(env.bot.world, "channel_deleted", missed)
    old = party.channel.id
    env.backend.delete_channel(old)
    mark = len(env.http_requests)
    name, _seat = await human_to_move(party)  # type: ignore[misc]
    prompt = latest_prompt(party.users[name])
    assert prompt is not None
    await press(party.users[name], prompt, next(iter(moves_in(prompt))))  # a DM still works: the move counts
    await a_week_passes(env)
    assert len(calls_to(env, old, mark)) == 1
    row = await env.bot.store.games.game((await party.table()).id)
    assert row is not None and row.paused == "gone"
    assert len(dms_saying(party, "bob", "is paused")) == 1
    assert env.bot.invalid_requests.total <= 2  # the refused call, and nothing more
    user_errors_only(env)


async def test_a_game_in_a_deleted_thread_is_paused(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    parent = guild.create_text_channel("games")
    users = {n: env.create_user(n) for n in ("alice", "bob")}
    members = {n: guild.add_member(u) for n, u in users.items()}
    thread = ChannelHandle(env, guild, env.backend.create_thread(parent.id, "nightfall-thread", members["alice"].id))
    await env.settle()
    party = Party(env, thread, users, members)
    await members["alice"].slash(thread, "game new", variant="quick-start")
    await members["bob"].slash(thread, "game join")
    await members["alice"].slash(thread, "game start")
    await move_once(party, 0)
    mark = len(env.http_requests)
    env.backend.delete_channel(thread.id)
    await env.settle()
    await a_week_passes(env)
    row = await env.bot.store.games.last_game_in(thread.id)
    assert row is not None and row.paused == "gone"
    assert calls_to(env, thread.id, mark) == []
    assert len(dms_saying(party, "alice", "is paused")) == 1
    user_errors_only(env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_a_bot_removed_from_the_server_pauses_its_games_and_calls_nothing_there(simcord_env: Any) -> None:
    env = simcord_env
    first = await open_game(env, ("alice", "bob"), variant="quick-start")
    second_channel = env.guild.create_text_channel("second")
    await first.members["alice"].slash(second_channel, "game new", variant="quick-start")
    await first.members["bob"].slash(second_channel, "game join")
    await first.members["alice"].slash(second_channel, "game start")
    await move_once(first, 0)
    channels = [first.channel.id, second_channel.id]
    mark = len(env.http_requests)
    env.backend.remove_guild(env.guild.id)
    await env.settle()
    await a_week_passes(env)
    for channel_id in channels:
        row = await env.bot.store.games.last_game_in(channel_id)
        assert row is not None and row.paused == "no_access"
        assert calls_to(env, channel_id, mark) == []
    told = dms_saying(first, "alice", "is paused: I can no longer post there")
    assert len(told) == 2  # one per game
    assert env.bot.invalid_requests.total == 0
    user_errors_only(env)


async def test_lost_permissions_are_tried_a_few_times_then_pause_and_the_game_goes_on_once_fixed(
    simcord_env: Any,
) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"), variant="quick-start")
    bot_id = env.bot.user.id
    deny = Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=discord.Permissions(view_channel=True).value)
    env.backend.set_overwrite(party.channel.id, deny)  # the bot can no longer see the channel (nor its thread)
    await env.settle()
    mark = len(env.http_requests)
    await move_once(party, 0)  # the channel now refuses the table and the log
    for _ in range(6):
        await env.advance_time(1200)
    table = await party.table()
    row = await env.bot.store.games.game(table.id)
    assert row is not None and row.paused == "no_access"
    refused = [c for c in calls_to(env, party.channel.id, mark) if not c.startswith("GET")]
    assert 1 <= len(refused) <= 4  # the first try and three more with back-off, then not one more
    assert len(dms_saying(party, "alice", "can't post the Nightfall game")) == 1  # the host, told at once
    for name in ("alice", "bob"):
        assert len(dms_saying(party, name, "is paused: I can no longer post there")) == 1
    await a_week_passes(env)
    assert len([c for c in calls_to(env, party.channel.id, mark) if not c.startswith("GET")]) == len(refused)
    # the server gives the permission back: the gateway says so, and the game goes on by itself
    env.backend.delete_overwrite(party.channel.id, bot_id)
    await env.settle()
    row = await env.bot.store.games.game(table.id)
    assert row is not None and row.paused is None
    for name in ("alice", "bob"):
        assert len(dms_saying(party, name, "goes on in")) == 1
    await play_out(party, 1)
    await env.advance_time(3600)
    assert len(results_posts(party)) == 1
    assert any("The bot can post in this channel again" in line for line in public_lines(party.channel))
    assert await env.bot.store.work.pending_deliveries() == []
    assert env.bot.invalid_requests.count() < 50
    user_errors_only(env)


async def test_resume_in_its_own_channel_checks_that_the_bot_can_post(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"), variant="quick-start", spectators=("carol",))
    table = await party.table()
    assert await env.bot.service.reach.pause(table.id, "no_access")
    bot_id = env.bot.user.id
    deny = Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=discord.Permissions(attach_files=True).value)
    env.backend.set_overwrite(party.channel.id, deny)
    await env.settle()
    not_yet = await party.members["bob"].slash(party.channel, "game resume")
    assert not_yet.ephemeral and "Attach Files" in not_yet.response.content
    spectator = await party.members["carol"].slash(party.channel, "game resume")
    assert spectator.ephemeral and "Only its players" in spectator.response.content
    env.backend.set_overwrite(party.channel.id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER))
    await env.settle()  # (this change alone resumes it: the bot can post again)
    row = await env.bot.store.games.game(table.id)
    assert row is not None and row.paused is None
    again = await party.members["bob"].slash(party.channel, "game resume")
    assert again.ephemeral and "isn't paused" in again.response.content
    user_errors_only(env)
