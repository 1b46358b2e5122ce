"""The daily digest (``/me notify mode:digest``): instead of a DM per burst of decisions, one DM a day, when the
person's quiet hours end in their zone (09:00 their time without them), listing every game that waits for them,
each with a button that brings its question to the DM. Nothing waits: no digest. The quarter-left warning still
mentions them. Durable: its time is kept in the database, so a restart neither loses nor repeats it.

The real bot in SimCord with its virtual clock, over simulated days.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.clocks.waking import next_digest, zone
from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import moves_in, slash_move
from .test_deadlines import DAY, HOUR, quiet

pytestmark = pytest.mark.unseen_images

SERVERS = (("Ashgrove", "alice"), ("Birchwood", "bob"), ("Cedar Hall", "carl"))


@dataclass
class Tables:
    """One person (dana) seated in a game in each of three servers, each against another player."""

    env: Any
    dana: Any
    channels: list[Any] = field(default_factory=list)
    members: dict[str, Any] = field(default_factory=dict)

    @property
    def bot(self) -> Any:
        return self.env.bot


async def seat_dana(env: Any, games: int = 3, mode: str = "digest", zone_name: str = "Europe/Warsaw") -> Tables:
    """dana sets her own time and mode, then sits in a game in each server, which the other player plays until a
    decision waits on her."""
    dana = env.create_user("dana")
    tables = Tables(env, dana)
    home = env.create_guild("Home")
    here = home.create_text_channel("settings")
    me = home.add_member(dana)
    await me.slash(here, "me timezone", zone=zone_name)
    await me.slash(here, "me quiet", hours="23-8")
    assert (await me.slash(here, "me notify", mode=mode)).ephemeral
    for server, name in SERVERS[:games]:
        guild = env.create_guild(server)
        channel = guild.create_text_channel(f"play-{name}")
        me, other = guild.add_member(dana), guild.add_member(env.create_user(name))
        tables.channels.append(channel)
        tables.members[server] = me
        tables.members[name] = other
        await other.slash(channel, "game new", variant="quick-start")
        await me.slash(channel, "game join")
        await other.slash(channel, "game start")
        await other_until_dana(env, channel, other)
    return tables


async def other_until_dana(env: Any, channel: Any, other: Any) -> None:
    """The other player plays (greedy moves by slash command) until a decision waits on dana."""
    bot = env.bot
    for n in range(300):
        row = await bot.store.games.last_game_in(channel.id)
        table = await bot.service.table(row.id)
        mine = table.seat_of(other.id).seat
        waiting = [d.seat for d in table.game.pending()]
        if any(seat != mine for seat in waiting):
            return
        await slash_move(other, channel, str(decide(GreedyPlayer(seed=n), table.game, mine)))
        await env.settle()
    raise AssertionError("no decision reached dana")


def digests(user: Any) -> list[discord.Message]:
    dm = user.dm_channel
    return [m for m in dm.history() if m.content.startswith("📬")] if dm is not None else []


def bring_ids(message: discord.Message) -> list[str]:
    return [
        str(c.custom_id)
        for row in message.components
        for c in getattr(row, "children", [row])
        if (getattr(c, "custom_id", "") or "").startswith("bring:")
    ]


def warsaw(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).astimezone(zone("Europe/Warsaw")).strftime("%a %H:%M")


async def expected_text(tables: Tables) -> str:
    """The digest's text as it must read now: built from the stored games (their status and clocks)."""
    bot, dana = tables.bot, tables.dana
    lines = []
    for row in await bot.store.games.active_games_of(dana.id):
        table = await bot.service.stored_table(row.id)
        [due] = [d.due_at for d in await bot.store.work.deadlines(row.id) if d.user_id == dana.id]
        seat = table.seat_of(dana.id).seat
        asked = bot.service.face(table).prompt(table, seat, "en").content.splitlines()[1]  # below the header
        server = bot.get_guild(row.guild_id).name
        line = f"**Nightfall** in **#{row.channel_name}** ({server}): {asked} · time runs out <t:{int(due)}:R>"
        lines.append((due, row.id, line))
    lines.sort()
    body = [f"{k}. {line}" for k, (_, _, line) in enumerate(lines, 1)]
    return "\n".join(
        ["📬 **Your daily digest**: 3 games wait for you.", *body, "A game's button brings its question here."]
    )


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_one_dm_a_day_at_the_end_of_her_quiet_hours_lists_every_game_that_waits(simcord_env: Any) -> None:
    env = simcord_env
    tables = await seat_dana(env)
    quiet(env)
    dana, store = tables.dana, tables.bot.store
    welcomed = list(dana.dm_channel.history())  # each join's welcome, before the games began
    assert all(m.content.startswith("You joined") for m in welcomed)
    at = next_digest(store.epoch(), zone("Europe/Warsaw"), (await store.people.my_time(dana.id))[1])
    assert warsaw(at).endswith("08:00")
    await env.advance_time(at - store.epoch() - 60)
    assert digests(dana) == []  # not before her quiet hours end
    expected = await expected_text(tables)
    await env.advance_time(120)
    [digest] = digests(dana)
    assert abs(digest.created_at.timestamp() - at) < 5
    assert digest.content == expected
    assert "(Ashgrove)" in digest.content and "(Birchwood)" in digest.content and "(Cedar Hall)" in digest.content
    assert [b.split(":")[0] for b in bring_ids(digest)] == ["bring"] * 3
    assert list(dana.dm_channel.history()) == [*welcomed, digest]  # no DM per decision: the digest alone
    # the next day's comes a day later, once
    await env.advance_time(HOUR)
    assert len(digests(dana)) == 1
    user_errors_only(env)


async def test_a_digest_button_brings_that_games_question_to_the_dm_after_a_restart(
    simcord_env: Any, make_bot: Any
) -> None:
    env = simcord_env
    tables = await seat_dana(env)
    quiet(env)
    dana = tables.dana
    await env.advance_time(DAY)
    [digest] = digests(dana)
    second = bring_ids(digest)[1]
    game_id = int(second.split(":")[1])
    await env.restart_bot(make_bot())  # the buttons work after a restart
    quiet(env)
    pressed = await dana.click(digest, custom_id=second)
    assert pressed.ephemeral
    row = await env.bot.store.games.game(game_id)
    assert pressed.response.content == f"📬 The question of the game in **#{row.channel_name}** comes below."
    await env.settle()
    stored = await env.bot.store.marks.prompt(game_id, dana.id)
    assert stored is not None
    [brought] = [m for m in dana.dm_channel.history() if m.id == stored[1]]
    assert moves_in(brought)  # the game's question, with its buttons, below the digest
    assert dana.dm_channel.history()[-1].id == brought.id
    assert len(digests(dana)) == 1
    user_errors_only(env)


async def test_no_digest_when_nothing_waits(simcord_env: Any) -> None:
    env = simcord_env
    tables = await seat_dana(env, games=0)
    quiet(env)
    store, dana = tables.bot.store, tables.dana
    first = await next_due(tables)
    await env.advance_time(3 * DAY)
    assert digests(dana) == []
    assert await next_due(tables) > first + 2 * DAY  # a digest was due each day, and none was sent
    user_errors_only(env)
    del store


async def next_due(tables: Tables) -> float:
    at = await tables.bot.store.people.digest_at(tables.dana.id)
    assert at is not None
    return at


async def test_the_quarter_warning_still_mentions_a_digest_person(simcord_env: Any) -> None:
    env = simcord_env
    tables = await seat_dana(env, games=1, zone_name="UTC")
    quiet(env)
    dana, channel = tables.dana, tables.channels[0]
    [clock] = [
        d
        for d in await tables.bot.store.work.deadlines((await tables.bot.store.games.last_game_in(channel.id)).id)
        if d.user_id == dana.id
    ]
    await env.advance_time(clock.warn_at - tables.bot.store.epoch() + 60)
    warned = [m for m in channel.history() if m.content.startswith("⏳") and f"<@{dana.id}>" in m.content]
    assert len(warned) == 1
    # no half-time reminder by DM: a digest person hears of the decision in the digest
    assert [m for m in (dana.dm_channel.history() if dana.dm_channel else []) if m.content.startswith("⏳")] == []
    user_errors_only(env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=60)
async def test_a_restart_before_the_digest_time_still_sends_it_once(simcord_env: Any, make_bot: Any) -> None:
    env = simcord_env
    tables = await seat_dana(env)
    quiet(env)
    dana = tables.dana
    at = await next_due(tables)
    await env.advance_time(at - tables.bot.store.epoch() - HOUR)
    await env.restart_bot(make_bot())
    quiet(env)
    await env.advance_time(2 * HOUR)
    [digest] = digests(dana)
    assert abs(digest.created_at.timestamp() - at) < 5
    await env.restart_bot(make_bot())
    quiet(env)
    await env.settle()
    assert len(digests(dana)) == 1  # sent once: the restart after it sends nothing again
    assert await next_due(tables) > at + 23 * HOUR
    user_errors_only(env)


async def test_me_notify_digest_and_me_show_say_it(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("settings")
    ola = guild.add_member(env.create_user("ola"))
    await ola.slash(channel, "me timezone", zone="Europe/Warsaw")
    await ola.slash(channel, "me quiet", hours="23-7")
    reply = await ola.slash(channel, "me notify", mode="digest")
    assert reply.ephemeral and reply.response.content.startswith("📬 Daily digest: one DM a day")
    assert await env.bot.store.people.notify_mode(ola.id) == "digest"
    at = next_digest(env.bot.store.epoch(), zone("Europe/Warsaw"), (await env.bot.store.people.my_time(ola.id))[1])
    text = (await ola.slash(channel, "me show")).response.content
    assert f"📬 New decisions: a daily digest DM, next at 07:00 (<t:{int(at)}:R>) (`/me notify`)" in text
    await ola.slash(channel, "me quiet", hours="off")  # without quiet hours: 09:00 her time
    text = (await ola.slash(channel, "me show")).response.content
    assert "a daily digest DM, next at 09:00" in text
    await ola.slash(channel, "me language", language="pl")
    reply = await ola.slash(channel, "me notify", mode="digest")
    assert reply.response.content.startswith("📬 Dzienne podsumowanie")
    await ola.slash(channel, "game notify", mode="dm")  # the old command still works, and ends the digest
    assert await env.bot.store.people.notify_mode(ola.id) == "dm"
    user_errors_only(env)


async def test_closed_dms_are_told_in_each_games_channel_and_the_next_digest_is_a_day_later(simcord_env: Any) -> None:
    env = simcord_env
    tables = await seat_dana(env, games=2)
    quiet(env)
    dana = tables.dana
    env.inject_error("POST", f"/channels/{dana.dm_channel.id}/messages", status=403, code=50007, times=None)
    at = await next_due(tables)
    await env.advance_time(at - tables.bot.store.epoch() + 60)
    assert digests(dana) == []
    for channel in tables.channels:  # as for a prompt: each game's channel says so, once
        told = [m for m in channel.history() if "can't DM you" in m.content]
        assert len(told) == 1 and f"<@{dana.id}>" in told[0].content
    assert await next_due(tables) > at + 23 * HOUR  # not tried again and again: tomorrow's is the next
    user_errors_only(env)
