"""A quiet lobby: joins, leaves and AI seats edit the lobby message (each is confirmed privately to whoever acted),
so the channel gets no message of its own until the game starts; the start says "Check your DMs" once; a lobby
message that was deleted is posted afresh, once, and kept."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.conftest import user_errors_only

CHECK_DMS = "Check your DMs"


def seen(channel: Any, reader: Any) -> list[discord.Message]:
    """The bot's messages in the channel as a reader who took no part sees them (no one else's private answers)."""
    return [m for m in channel.history(viewer=reader) if m.author.bot]


async def test_a_lobby_of_four_joins_posts_one_message(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    members = {n: guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol", "dave", "erin")}
    reader = members["erin"]  # reads the channel, never acts
    await members["alice"].slash(channel, "game new", variant="quick-start")
    for name in ("bob", "carol", "dave"):
        joined = await members[name].slash(channel, "game join")
        assert joined.ephemeral and f"**{name}** joins the game" in joined.response.content
    added = await members["alice"].slash(channel, "game add-bot")
    assert added.ephemeral and "(5/5)" in added.response.content

    (lobby,) = seen(channel, reader)  # one message: the lobby message, edited to list every seat
    assert "opened a game" in lobby.content and lobby.components
    seats = next(line for line in lobby.content.splitlines() if line.startswith("Seats: "))
    for name in ("alice", "bob", "carol", "dave"):
        assert name in seats
    assert seats.count(",") == 4  # the AI's seat too
    assert not any("joins the game" in m.content or "takes a seat" in m.content for m in seen(channel, reader))

    started = await members["alice"].slash(channel, "game start")
    assert not started.ephemeral and CHECK_DMS in started.response.content
    said = [m for m in seen(channel, reader) if CHECK_DMS in m.content]
    assert len(said) == 1, [m.content for m in said]
    log = await simcord_env.bot.store.play.log_tail((await simcord_env.bot.store.games.last_game_in(channel.id)).id, 50)
    assert not any(CHECK_DMS in line.text() for line in log)  # the first log line names the players only
    user_errors_only(simcord_env)


async def test_a_leave_edits_the_lobby_message_and_is_said_privately(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    members = {n: guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "erin")}
    await members["alice"].slash(channel, "game new", variant="quick-start")
    await members["bob"].slash(channel, "game join")
    left = await members["bob"].slash(channel, "game leave")
    assert left.ephemeral and "**bob** leaves the game (1/5)" in left.response.content
    (lobby,) = seen(channel, members["erin"])
    assert "Seats: alice." in lobby.content
    user_errors_only(simcord_env)


async def test_a_deleted_lobby_message_is_posted_afresh_once(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_messages=True))
    members = {n: guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol", "erin")}
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await members["alice"].slash(channel, "game new", variant="quick-start")
    (old,) = seen(channel, members["erin"])
    await mod.delete(old)
    assert seen(channel, members["erin"]) == []

    await members["bob"].slash(channel, "game join")
    (fresh,) = seen(channel, members["erin"])  # posted again, listing the seats, with its buttons
    assert fresh.id != old.id and "Seats: alice, bob." in fresh.content and fresh.components
    row = await simcord_env.bot.store.games.last_game_in(channel.id)
    assert await simcord_env.bot.store.marks.lobby_message(row.id) == fresh.id

    await members["carol"].slash(channel, "game join")  # the fresh message is kept and edited, not posted again
    (again,) = seen(channel, members["erin"])
    assert again.id == fresh.id and "Seats: alice, bob, carol." in again.content
    user_errors_only(simcord_env)
