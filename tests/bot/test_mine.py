"""``/game mine``: every game a player is seated in, in every server, privately, from anywhere."""

from __future__ import annotations

from typing import Any

import pytest

from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import Party, open_game, play_to_the_end, slash_move

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


def pending_seats(table: Any) -> set[str]:
    return {d.seat for d in table.game.pending()}


async def until_only_other_waits(party: Party, mover: str, other: str) -> None:
    """Make ``mover``'s moves until the game waits on ``other`` and not on ``mover``."""
    for n in range(200):
        table = await party.table()
        seats = {s.display_name: s.seat for s in table.seats}
        waiting = pending_seats(table)
        if seats[mover] not in waiting and seats[other] in waiting:
            return
        name = mover if seats[mover] in waiting else other
        move = str(decide(GreedyPlayer(seed=n), table.game, seats[name]))
        await slash_move(party.members[name], party.channel, move)
    raise AssertionError("the game never waited on the other player alone")


async def test_a_player_in_two_servers_sees_both_games_with_the_public_facts(simcord_env: Any) -> None:
    # server one: alice against an AI, and it is her move
    first = await open_game(simcord_env, ("alice",), ais=1, spectators=())
    alice = first.users["alice"]
    # server two: bob hosts, alice joins; bob must move, alice waits
    guild = simcord_env.create_guild("Duskreach")
    channel = guild.create_text_channel("night-table")
    second = Party(simcord_env, channel)
    second.users = {"alice": alice, "bob": simcord_env.create_user("bob")}
    second.members = {name: guild.add_member(user) for name, user in second.users.items()}
    await second.members["bob"].slash(channel, "game new", variant="quick-start")
    await second.members["alice"].slash(channel, "game join")
    await second.members["bob"].slash(channel, "game start")
    await until_only_other_waits(second, "alice", "bob")

    one, two = await first.table(), await second.table()
    assert one.awaits(alice.id) and not two.awaits(alice.id)
    row_one, row_two = await first.bot.store.games.game(one.id), await first.bot.store.games.game(two.id)
    assert row_one.table_message_id and row_two.table_message_id
    [clock] = [d for d in await first.bot.store.work.deadlines(one.id) if d.user_id == alice.id]

    result = await first.members["alice"].slash(first.channel, "game mine")
    assert result.ephemeral
    text = result.response.content
    assert len(text) <= 2000
    lines = text.splitlines()
    assert lines[0] == "Your games (2):"
    mine, waiting = lines[1], lines[2]  # the game that waits on her comes first
    assert f"<#{first.channel.id}>" in mine and "Test Guild" in mine
    assert f"**you** (until <t:{int(clock.due_at)}:R>)" in mine
    assert f"https://discord.com/channels/{row_one.guild_id}/{first.channel.id}/{row_one.table_message_id}" in mine
    assert f"<#{channel.id}>" in waiting and "**Duskreach**" in waiting
    assert "to move: bob" in waiting and "you" not in waiting and "<t:" not in waiting
    assert f"https://discord.com/channels/{guild.id}/{channel.id}/{row_two.table_message_id}" in waiting
    for line, table in ((mine, one), (waiting, two)):
        pub = table.game.public_view()
        state = f"turn {pub['turn']}" if pub["phase"] != "draft" else f"draft round {pub['draft']['round']}"
        assert state in line
    user_errors_only(simcord_env)


async def test_from_a_dm_a_lobby_is_listed_too(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), start=False, spectators=())
    result = await party.users["bob"].slash("game mine")  # in the bot's DM: no server needed
    assert result.ephemeral
    text = result.response.content
    assert text.splitlines()[0] == "Your games (1):"
    assert f"<#{party.channel.id}>" in text and "lobby (2/5 seats)" in text
    assert "waiting for alice to start" in text and "discord.com/channels" not in text
    mine = await party.users["alice"].slash("game mine")
    assert "waiting for you to start" in mine.response.content
    user_errors_only(simcord_env)


async def test_a_player_without_games_gets_a_friendly_line(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1)
    result = await party.members["carol"].slash(party.channel, "game mine")  # a spectator has no seat
    assert result.ephemeral
    assert result.response.content.startswith("You have no game right now.")
    assert "`/game new`" in result.response.content and "`/game join`" in result.response.content
    result = await party.users["carol"].slash("game mine")
    assert result.ephemeral and result.response.content.startswith("You have no game")
    user_errors_only(simcord_env)


async def test_finished_and_abandoned_games_are_not_listed(simcord_env: Any) -> None:
    finished = await open_game(simcord_env, ("alice",), ais=1, spectators=())
    await play_to_the_end(finished)
    assert (await finished.table()).row.status == "over"
    result = await finished.members["alice"].slash(finished.channel, "game mine")
    assert result.ephemeral and result.response.content.startswith("You have no game")
    await finished.members["alice"].slash(finished.channel, "game new")
    await finished.members["alice"].slash(finished.channel, "game abandon")
    result = await finished.members["alice"].slash(finished.channel, "game mine")
    assert result.response.content.startswith("You have no game")
    user_errors_only(simcord_env)


async def test_many_games_are_clipped_below_discords_limit(simcord_env: Any) -> None:
    guild = simcord_env.create_guild("Many Tables")
    alice = simcord_env.create_user("alice")
    member = guild.add_member(alice)
    for n in range(40):
        await member.slash(guild.create_text_channel(f"table-{n}"), "game new")
    result = await alice.slash("game mine")
    text = result.response.content
    assert result.ephemeral and len(text) <= 2000
    listed = sum(1 for line in text.splitlines() if line.startswith("• "))
    assert 0 < listed < 40 and text.endswith(f"…and {40 - listed} more.")
    user_errors_only(simcord_env)
