"""Threads let one server run several games; Manage Server may abandon any game."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.builders import ChannelHandle

from .conftest import user_errors_only

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


async def test_a_thread_holds_its_own_game_beside_the_channels(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "game new")
    thread = ChannelHandle(simcord_env, guild, simcord_env.backend.create_thread(channel.id, "second table", bob.id))
    await simcord_env.settle()
    opened = await bob.slash(thread, "game new", variant="two-player")
    assert "opened a game" in opened.response.content
    await alice.slash(thread, "game join")
    await bob.slash(thread, "game start")
    in_thread = await simcord_env.bot.store.games.open_game_in(thread.id)
    in_channel = await simcord_env.bot.store.games.open_game_in(channel.id)
    assert in_thread.status == "active" and in_channel.status == "lobby" and in_thread.id != in_channel.id
    assert any(a.filename.endswith("-table.png") for m in thread.history() for a in m.attachments)
    assert not any(a.filename.endswith("-table.png") for m in channel.history() for a in m.attachments)
    user_errors_only(simcord_env)


async def test_only_the_host_or_manage_server_may_abandon(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(simcord_env.create_user("host"))
    player = guild.add_member(simcord_env.create_user("player"))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await host.slash(channel, "game new")
    await player.slash(channel, "game join")
    await host.slash(channel, "game start")
    refused = await player.slash(channel, "game abandon")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert (await simcord_env.bot.store.games.open_game_in(channel.id)) is not None
    done = await mod.slash(channel, "game abandon")
    assert "abandoned by **mod**" in done.response.content
    assert (await simcord_env.bot.store.games.open_game_in(channel.id)) is None
    reopened = await player.slash(channel, "game new")  # the channel is free again
    assert "opened a game" in reopened.response.content
    assert len(user_errors_only(simcord_env)) == 1
