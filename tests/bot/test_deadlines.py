"""Decision deadlines: a reminder at half time, a mention with a quarter left, the passive move at the end.

The real bot in SimCord with its virtual clock: ``advance_time`` moves the timers, the store's
clock and Discord's, so a day passes in moments. The clocks are rows in the database, so a bot
that was down for days catches up, oldest deadline first.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.clocks.durations import BadDuration, duration_text, format_duration, parse_duration

from .conftest import user_errors_only
from .helpers import Party, commit_order, open_game, public_lines
from .test_reliability import human_to_move, move_once

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

HOUR = 3600
DAY = 24 * HOUR


def reminders(user: Any) -> list[discord.Message]:
    return [m for m in user.dm_channel.history() if m.content.startswith("⏳")]


def warnings(party: Party, user: Any) -> list[discord.Message]:
    return [m for m in party.channel.history() if m.content.startswith("⏳") and f"<@{user.id}>" in m.content]


def timed_out_lines(party: Party) -> list[str]:
    return [line for line in public_lines(party.channel) if "(timed out)" in line]


def quiet(env: Any) -> None:
    """Stop the bot's once-a-minute watchdog, so the virtual clock jumps from timer to timer (a day
    in a moment). It also shows that the deadline worker's own timers are enough."""
    env.bot.watchdog.cancel()


async def timeouts(bot: Any) -> list[tuple[int, str, str]]:
    """(game, seat, move) of every move a deadline made, in the order they were committed."""
    sql = f"SELECT game_id, seat, text FROM actions WHERE source = 'timeout' {commit_order(bot.store)}"
    found = await bot.store.reader.call(lambda c: c.execute(sql).fetchall())
    return [tuple(r) for r in found]


# ---------------------------------------------------------------------------------------------- the clock
@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_reminder_at_half_time_a_mention_then_the_passive_move_at_the_deadline(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1)
    quiet(simcord_env)
    alice = party.users["alice"]
    table = await party.table()
    assert await human_to_move(party) == ("alice", "p1")
    version, expected = table.game.version, str(table.game.default_action("p1"))

    await simcord_env.advance_time(DAY / 2 - 60)
    assert reminders(alice) == [] and warnings(party, alice) == []
    await simcord_env.advance_time(120)  # half of the default 1d
    [reminder] = reminders(alice)
    assert "<t:" in reminder.content and "#nightfall" in reminder.content
    assert warnings(party, alice) == []

    await simcord_env.advance_time(DAY / 4)  # a quarter left: alice is mentioned in the channel
    [warning] = warnings(party, alice)
    assert ":R>" in warning.content
    assert (await party.table()).game.version == version  # nothing was played for her yet

    await simcord_env.advance_time(DAY / 4)  # the deadline
    stored = await party.bot.store.play.action(table.id, version + 1)
    assert stored == (None, expected, "timeout")  # Ruling 5's passive default, through the move path
    [line] = timed_out_lines(party)
    assert line.startswith("⏰ alice ran out of time")
    assert len(reminders(alice)) == 1  # one reminder per decision
    user_errors_only(simcord_env)


async def test_a_decision_answered_in_time_gets_no_reminder_and_no_timeout(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1)
    quiet(simcord_env)
    alice = party.users["alice"]
    await simcord_env.advance_time(6 * HOUR)
    await move_once(party, 1)
    # the first decision would have been reminded at 12h; the next one started its own clock at 6h
    await simcord_env.advance_time(11 * HOUR)
    assert reminders(alice) == []
    assert await timeouts(party.bot) == []
    clocks = await party.bot.store.work.deadlines((await party.table()).id)
    assert [c.stage for c in clocks] == [0]
    user_errors_only(simcord_env)


async def test_deadline_none_waits_as_long_as_it_takes(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    alice = simcord_env.create_user("alice")
    host = guild.add_member(alice)
    opened = await host.slash(channel, "game new", variant="quick-start", deadline="none")
    assert "deadline" not in opened.response.content
    await host.slash(channel, "game add-bot")
    await host.slash(channel, "game start")
    quiet(simcord_env)
    await simcord_env.advance_time(3 * DAY)
    bot = simcord_env.bot
    row = await bot.store.games.open_game_in(channel.id)
    assert row.deadline is None and await bot.store.work.deadlines(row.id) == []
    assert reminders(alice) == [] and await timeouts(bot) == []
    status = await host.slash(channel, "game status")
    assert "No deadline" in status.response.content
    user_errors_only(simcord_env)


async def test_status_shows_who_is_awaited_until_when_and_the_setting(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1)
    table = await party.table()
    [clock] = await party.bot.store.work.deadlines(table.id)
    status = await party.members["carol"].slash(party.channel, "game status")
    assert status.ephemeral
    assert f"Awaited: alice (until <t:{int(clock.due_at)}:R>)" in status.response.content
    assert "Deadline: 1 day per decision. A player who misses one plays by default until the turn ends" in (
        status.response.content
    )


# ---------------------------------------------------------------------------------------------- settings
async def test_only_the_host_or_manage_server_change_the_deadline(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), start=False)
    mods = party.channel.guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    mod = party.channel.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    await party.members["alice"].slash(party.channel, "game start")
    bot = party.bot
    table = await party.table()
    before = {c.seat: c.due_at for c in await bot.store.work.deadlines(table.id)}
    assert len(before) == 1  # quick-start: the first player decides

    refused = await party.members["bob"].slash(party.channel, "game settings", deadline="1h")
    assert refused.ephemeral and "Only the host (alice)" in refused.response.content
    assert (await bot.store.games.game(table.id)).deadline == DAY

    done = await party.members["alice"].slash(party.channel, "game settings", deadline="2h")
    assert not done.ephemeral
    assert "**2 hours**" in done.response.content and "from now on" in done.response.content
    assert (await bot.store.games.game(table.id)).deadline == 2 * HOUR
    # the decisions already waiting keep their clock
    assert {c.seat: c.due_at for c in await bot.store.work.deadlines(table.id)} == before

    by_mod = await mod.slash(party.channel, "game settings", deadline="1d12h")
    assert not by_mod.ephemeral and "**1 day 12 hours**" in by_mod.response.content
    await party.members["alice"].slash(party.channel, "game settings", deadline="2h")

    # a decision that reaches a player from now on gets the new deadline
    await move_once(party, 1)
    now = bot.store.epoch()
    fresh = [c for c in await bot.store.work.deadlines(table.id) if c.due_at != before.get(c.seat)]
    assert fresh and all(abs(c.due_at - (now + 2 * HOUR)) < 5 for c in fresh)
    assert len(user_errors_only(simcord_env)) == 1


async def test_bad_durations_are_refused_privately(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(simcord_env.create_user("alice"))
    for bad in ("abc", "3m", "15d", "1h1d", "1.5h", "١h", "12", "-1h", "2d 3h"):
        refused = await host.slash(channel, "game new", deadline=bad)
        assert refused.ephemeral, bad
        assert "isn't a deadline I can read" in refused.response.content, (bad, refused.response.content)
        assert await simcord_env.bot.store.games.open_game_in(channel.id) is None
    await host.slash(channel, "game new", deadline="30m")
    refused = await host.slash(channel, "game settings", deadline="0m")
    assert refused.ephemeral and "between 5m and 14d" in refused.response.content
    row = await simcord_env.bot.store.games.open_game_in(channel.id)
    assert row.deadline == 30 * 60
    assert len(user_errors_only(simcord_env)) == 10


# ---------------------------------------------------------------------------------------------- restarts
def halt(bot: Any) -> None:
    """The process is down: nothing of it runs (its timers and workers stop), the database stays."""
    bot.watchdog.cancel()
    bot.deliverer.stop()
    bot.deadlines.stop()


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=120)
async def test_after_downtime_every_overdue_deadline_is_handled_oldest_first(simcord_env: Any, make_bot: Any) -> None:
    env = simcord_env
    quiet(env)
    parties = []
    for name in ("alice", "bob", "dave"):
        parties.append(await open_game(env, (name,), ais=1, spectators=()))
        await env.advance_time(HOUR)
    ids = [(await p.table()).id for p in parties]
    await env.advance_time(9.5 * HOUR)  # 12.5h after alice's game began: only her reminder is sent
    assert [len(reminders(p.users[n])) for p, n in zip(parties, ("alice", "bob", "dave"), strict=True)] == [1, 0, 0]
    halt(env.bot)
    await env.advance_time(3 * DAY)
    assert await timeouts(env.bot) == []  # nothing happened while the bot was down

    await env.restart_bot(make_bot())
    quiet(env)
    await env.settle()
    done = await timeouts(env.bot)
    assert [g for g, _, _ in done] == ids  # the oldest deadline first
    for party in parties:
        assert len(timed_out_lines(party)) == 1
    # no reminder is sent for a decision that was already overdue; the new decisions have fresh clocks
    assert len(reminders(parties[1].users["bob"])) == 0 and len(reminders(parties[2].users["dave"])) == 0
    now = env.bot.store.epoch()
    for game_id in ids:
        assert all(c.due_at > now + DAY - 60 for c in await env.bot.store.work.deadlines(game_id))
    user_errors_only(env)


# ---------------------------------------------------------------------------------------------- the parser
@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("30m", 1800),
        ("12h", 12 * HOUR),
        ("2d", 2 * DAY),
        ("1d12h", DAY + 12 * HOUR),
        ("1d2h30m", DAY + 2 * HOUR + 1800),
        (" 5m ", 300),
        ("14d", 14 * DAY),
        ("1D", DAY),
        ("none", None),
        ("None", None),
    ],
)
def test_durations_are_read(text: str, seconds: int | None) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(
    "text",
    [
        "",
        "m",
        "4m",
        "14d1m",
        "15d",
        "0m",
        "1h1d",
        "1d1d",
        "12",
        "1.5h",
        "-1h",
        "2d 3h",
        "١h",
        "１h",
        "99999d",
        "1w",
        "1d" * 20,
        "1hour",
    ],
)
def test_bad_durations_are_refused(text: str) -> None:
    with pytest.raises(BadDuration):
        parse_duration(text)


@pytest.mark.parametrize("seconds", [300, 1800, HOUR, DAY, DAY + 12 * HOUR, 14 * DAY, None])
def test_durations_read_back(seconds: int | None) -> None:
    assert parse_duration(format_duration(seconds)) == seconds


@pytest.mark.parametrize(
    ("seconds", "lang", "text"),
    [
        (DAY, "en", "1 day"),
        (DAY + 12 * HOUR, "pl", "1 dzień 12 godzin"),
        (2 * DAY, "pl", "2 dni"),
        (5 * 60, "ru", "5 минут"),
        (22 * HOUR, "ru", "22 часа"),
        (21 * HOUR + 60, "ru", "21 час 1 минута"),
    ],
)
def test_deadlines_read_in_each_language(seconds: int, lang: str, text: str) -> None:
    assert duration_text(seconds, lang) == text
