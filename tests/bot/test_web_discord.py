"""The web table on Discord (SimCord): `/game web` turns a server's web table on and off for a member with Manage
Server only (anyone else, or a DM, is refused privately and nothing changes); while it is on, the table message
carries a "🌐 Watch" link to the game's page, named by its token and never its number, and the answers of
`/game replay` and `/game top` link to the web too; off, every link goes. A bot that serves no web says so and shows
no link."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import discord
import pytest

from bot.ratings.rating import PROVISIONAL_GAMES
from bot.settings import Settings
from bot.web.links import top_url

from .conftest import user_errors_only
from .helpers import Party, open_game

#: the address people reach the web table at, in these tests (the server itself listens on a free port)
PUBLIC = "https://games.example.org"
WATCH = "🌐 Watch"
TOKEN = r"[A-Za-z0-9_-]{22,}"

pytestmark = pytest.mark.unseen_images


@pytest.fixture
def web_address(request: pytest.FixtureRequest) -> str | None:
    """The bot's ``web_addr``: a free port on loopback, unless a test asks for none (``indirect`` parametrize)."""
    return getattr(request, "param", "127.0.0.1:0")


@pytest.fixture
def settings(settings: Settings, web_address: str | None) -> Settings:
    if web_address is None:
        return settings
    return dataclasses.replace(settings, web_addr=web_address, public_url=PUBLIC)


def links(message: Any) -> dict[str, str]:
    """A message's link buttons, label -> address (a channel message's components or a response's)."""
    out: dict[str, str] = {}
    for row in message.components:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for child in children:
            label, url = (child.get("label"), child.get("url")) if isinstance(child, dict) else (child.label, child.url)
            if url:
                out[str(label)] = str(url)
    return out


async def table_message(party: Party) -> discord.Message:
    row = await party.bot.store.games.last_game_in(party.channel.id)
    marks = await party.bot.store.marks.channel_marks(row.id)
    return next(m for m in party.channel.history() if m.id == marks.table_message_id)


def answer(env: Any, result: Any) -> Any:
    """The private message a command left: the follow-up of a deferred answer, else the response, as stored now."""
    message = result.followups[-1] if result.followups else result.response
    assert message is not None and message.ephemeral
    return reread(env, message)


def reread(env: Any, message: Any) -> Any:
    """A message as it is stored now (after a press edited it)."""
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


async def with_moderator(party: Party) -> Any:
    """A member with Manage Server (and nothing else) in the party's server."""
    guild = party.channel.guild
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(party.env.create_user("mod"), roles=[mods])


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_manage_server_turns_the_web_on_and_off_and_the_table_gets_and_loses_its_watch_button(
    simcord_env: Any,
) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, spectators=("carol",))
    await env.settle()
    store, guild_id = env.bot.store, party.channel.guild.id
    game_id = (await party.table()).id
    assert WATCH not in links(await table_message(party)), "nothing is on the web before a server asks"

    # a member without Manage Server is refused, privately, and nothing changes
    refused = await party.members["carol"].slash(party.channel, "game web", enabled=True)
    assert refused.ephemeral
    assert refused.response.content == (
        "Only a member with **Manage Server** can turn this server's web table on or off."
    )
    assert await store.web.server(guild_id) is None
    await env.settle()
    assert WATCH not in links(await table_message(party))

    mod = await with_moderator(party)
    on = answer(env, await mod.slash(party.channel, "game web", enabled=True))
    server = await store.web.server(guild_id)
    assert server is not None and server.enabled
    assert on.content.startswith("🌐 The web table is now **on** for this server.")
    assert f"Nightfall: <{top_url(PUBLIC, server.token, 'nightfall')}>" in on.content.splitlines()
    assert f"Altered Carbon: Fightdrome: <{top_url(PUBLIC, server.token, 'fightdrome')}>" in on.content.splitlines()
    await env.settle()
    watch = links(await table_message(party))[WATCH]
    token = await store.web.game_token(game_id)
    assert watch == f"{PUBLIC}/g/{token}"
    assert re.fullmatch(TOKEN, token) and str(game_id) != token
    found = await store.web.game_by_token(token)
    assert found is not None and found.id == game_id

    # asking again changes nothing, and says so
    again = answer(env, await mod.slash(party.channel, "game web", enabled=True))
    assert again.content.startswith("🌐 The web table was already **on** for this server: nothing changed.")
    assert (await store.web.server(guild_id)) == server

    off = answer(env, await mod.slash(party.channel, "game web", enabled=False))
    assert off.content.startswith("The web table is now **off** for this server")
    assert "<https://" not in off.content
    await env.settle()
    assert WATCH not in links(await table_message(party))
    assert await store.web.game_by_token(token) is None

    back = answer(env, await mod.slash(party.channel, "game web", enabled=True))
    assert top_url(PUBLIC, server.token, "nightfall") in back.content, "the leaderboard keeps its address"
    await env.settle()
    assert links(await table_message(party)).get(WATCH) == watch, "the game keeps its address"
    # every table message posted from now on carries it: the AI plays her seat to the end
    await party.members["alice"].slash(party.channel, "game leave")
    await env.settle()
    assert (await party.table()).row.status == "over"
    assert links(await table_message(party)).get(WATCH) == watch
    assert len(user_errors_only(env)) == 1


async def test_in_a_dm_the_command_is_refused_kindly(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, spectators=())
    refused = await party.users["alice"].slash("game web", enabled=True)
    assert refused.ephemeral
    assert refused.response.content == "`/game web` turns a server's web table on or off: use it in that server."
    assert await env.bot.store.web.server(party.channel.guild.id) is None
    assert len(user_errors_only(env)) == 1


async def test_replay_and_top_link_to_the_web_while_it_is_on(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, spectators=("carol",))
    await party.members["alice"].slash(party.channel, "game leave")  # the AI plays on: the replay has steps
    await env.settle()
    store, guild_id, carol = env.bot.store, party.channel.guild.id, party.members["carol"]
    game_id = (await party.table()).id
    # alice played enough games to be ranked: the leaderboard has someone on it
    alice = party.users["alice"].id
    await store._write("UPDATE ratings SET games = ? WHERE user_id = ?", (PROVISIONAL_GAMES, alice))

    replay = answer(env, await carol.slash(party.channel, "game replay"))
    assert not [label for label in links(replay) if "🌐" in label], "no web link while the server has it off"
    top = await carol.slash(party.channel, "game top")
    assert not links(top.response)

    mod = await with_moderator(party)
    await mod.slash(party.channel, "game web", enabled=True)
    server = await store.web.server(guild_id)
    assert server is not None
    token = await store.web.game_token(game_id)

    replay = answer(env, await carol.slash(party.channel, "game replay"))
    assert links(replay)["🌐 Replay on the web"] == f"{PUBLIC}/g/{token}/replay?step=1"
    forward = next(c for row in replay.components for c in row["components"] if c.get("label") == "▶")
    await carol.click(replay, custom_id=forward["custom_id"])
    stepped = reread(env, replay)
    assert links(stepped)["🌐 Replay on the web"] == f"{PUBLIC}/g/{token}/replay?step=2"

    top = await carol.slash(party.channel, "game top")
    assert not top.ephemeral
    assert links(top.response) == {"🌐 Leaderboard on the web": top_url(PUBLIC, server.token, "nightfall")}

    # in the reader's language: the label is theirs
    await carol.slash(party.channel, "game language", language="pl")
    polish = answer(env, await carol.slash(party.channel, "game replay"))
    assert links(polish)["🌐 Powtórka w sieci"] == f"{PUBLIC}/g/{token}/replay?step=1"

    await mod.slash(party.channel, "game web", enabled=False)
    assert not [label for label in links(answer(env, await carol.slash(party.channel, "game replay"))) if "🌐" in label]
    assert not links((await carol.slash(party.channel, "game top")).response)
    user_errors_only(env)


@pytest.mark.parametrize("web_address", [None], indirect=True)
async def test_a_bot_that_serves_no_web_says_so_and_shows_no_link(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, spectators=())
    mod = await with_moderator(party)
    on = answer(env, await mod.slash(party.channel, "game web", enabled=True))
    assert "NIGHTFALL_WEB_ADDR" in on.content and "<http" not in on.content
    server = await env.bot.store.web.server(party.channel.guild.id)
    assert server is not None and server.enabled  # the server's choice is kept for when the bot serves the web
    await env.settle()
    assert WATCH not in links(await table_message(party))
    replay = answer(env, await mod.slash(party.channel, "game replay"))
    assert not [label for label in links(replay) if "🌐" in label]
    user_errors_only(env)
