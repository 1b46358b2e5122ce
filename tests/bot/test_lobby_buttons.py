"""The lobby message's buttons, pressed in SimCord: Join, Leave, Add AI (with its level), Start, each with the
same checks as its command; the message follows the seats and loses its buttons at the start; a press on a
started or older lobby is refused privately and changes nothing."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.conftest import user_errors_only


def lobby_message(channel: Any) -> discord.Message:
    return next(m for m in channel.history() if m.author.bot and "opened a game" in m.content)


def custom_id(message: discord.Message, start: str) -> str:
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if (child.custom_id or "").startswith(start):
                return str(child.custom_id)
    raise AssertionError(f"no component {start}… on {message.content!r}")


async def test_a_lobby_is_filled_and_started_with_its_buttons(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    users = {n: simcord_env.create_user(n) for n in ("alice", "bob", "carol")}
    members = {n: guild.add_member(u) for n, u in users.items()}
    await members["alice"].slash(channel, "game new", variant="quick-start")
    lobby = lobby_message(channel)
    game_id = custom_id(lobby, "lb:").split(":")[1]

    joined = await members["bob"].click(lobby, custom_id=f"lb:{game_id}:join")
    # the lobby message lists the seat; the one who joined is told privately (a quiet lobby)
    assert joined.ephemeral and "**bob** joins the game (2/5)" in joined.response.content
    assert "Seats: alice, bob." in lobby_message(channel).content

    # the host's menu adds an AI player at the chosen level; bob may not (the host only, as /game add-bot)
    refused = await members["bob"].select(lobby_message(channel), ["hard"], custom_id=f"lbai:{game_id}")
    assert refused.ephemeral and "host" in refused.response.content
    added = await members["alice"].select(lobby_message(channel), ["hard"], custom_id=f"lbai:{game_id}")
    assert added.ephemeral and "(3/5)" in added.response.content
    row = await simcord_env.bot.store.games.last_game_in(channel.id)
    seats = await simcord_env.bot.store.games.seats(row.id)
    assert [s.ai_level for s in seats if s.is_ai] == ["hard"]

    left = await members["bob"].click(lobby_message(channel), custom_id=f"lb:{game_id}:leave")
    assert left.ephemeral and "leaves the game (2/5)" in left.response.content
    await members["bob"].click(lobby_message(channel), custom_id=f"lb:{game_id}:join")
    early = await members["bob"].click(lobby_message(channel), custom_id=f"lb:{game_id}:start")
    assert early.ephemeral  # only the host starts

    started = await members["alice"].click(lobby_message(channel), custom_id=f"lb:{game_id}:start")
    assert not started.ephemeral and "starts the game" in started.response.content
    after = lobby_message(channel)
    assert not after.components and "Seats: alice, " in after.content and "bob." in after.content
    game = await simcord_env.bot.service.table(row.id)
    assert game.game is not None and len(game.seats) == 3
    assert user_errors_only(simcord_env) == []  # refusals of presses are answered, not raised


async def test_a_press_on_an_older_lobby_of_the_channel_is_refused_and_changes_nothing(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    members = {n: guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob")}
    await members["alice"].slash(channel, "game new", variant="quick-start")
    old = lobby_message(channel)
    old_id = custom_id(old, "lb:").split(":")[1]
    await members["alice"].slash(channel, "game abandon")
    await members["alice"].slash(channel, "game new", game="fightdrome")
    stale = await members["bob"].click(old, custom_id=f"lb:{old_id}:join")
    assert stale.ephemeral and "already started" in stale.response.content
    row = await simcord_env.bot.store.games.last_game_in(channel.id)
    assert row.id != int(old_id) and len(await simcord_env.bot.store.games.seats(row.id)) == 1
    user_errors_only(simcord_env)


async def test_a_duel_lobby_takes_two(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("arena")
    members = {n: guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")}
    await members["alice"].slash(channel, "game new", game="fightdrome")
    lobby = lobby_message(channel)
    game_id = custom_id(lobby, "lb:").split(":")[1]
    joined = await members["bob"].click(lobby, custom_id=f"lb:{game_id}:join")
    assert "(2/2)" in joined.response.content
    full = await members["carol"].click(lobby_message(channel), custom_id=f"lb:{game_id}:join")
    assert full.ephemeral
    assert "Seats: alice, bob." in lobby_message(channel).content
    user_errors_only(simcord_env)
