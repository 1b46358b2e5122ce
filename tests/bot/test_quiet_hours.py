"""Play on people's time: a deadline clock runs only outside its person's quiet hours (``/me quiet``), in their own
zone (``/me timezone``), and nothing that makes a sound (a new DM, a mention) reaches anyone in their quiet hours.

The real bot in SimCord over simulated days (the watchdog stopped: the clock jumps from timer to timer). The three
zones' game prints its timeline (``pytest -s``): every notification with its recipient's local time.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.clocks.waking import Quiet, is_quiet, waking_add, zone
from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import user_errors_only
from .helpers import Party, commit_order, open_game, slash_move
from .test_deadlines import DAY, HOUR, quiet, reminders

pytestmark = pytest.mark.unseen_images

NIGHT = Quiet(23 * 60, 8 * 60)
ZONES = {"lena": "America/Los_Angeles", "wanda": "Europe/Warsaw", "taro": "Asia/Tokyo"}
SILENT = "wanda"
MENTION = re.compile(r"<@(\d+)>")


def _local(epoch: float, name: str) -> str:
    return datetime.fromtimestamp(epoch, UTC).astimezone(zone(ZONES[name])).strftime("%a %H:%M")


async def set_my_time(party: Party, name: str, tz: str, hours: str = "23-8") -> None:
    member = party.members[name]
    assert not (await member.slash(party.channel, "me timezone", zone=tz)).response.content.startswith("❌")
    await member.slash(party.channel, "me quiet", hours=hours)


async def timeouts(party: Party) -> list[tuple[str, float]]:
    """(seat, epoch) of every move a deadline made."""
    sql = f"SELECT seat, at FROM actions WHERE source = 'timeout' {commit_order(party.bot.store)}"
    found = await party.bot.store.reader.call(lambda c: c.execute(sql).fetchall())
    return [(str(r[0]), datetime.fromisoformat(str(r[1])).replace(tzinfo=UTC).timestamp()) for r in found]


def notifications(party: Party, after: float) -> list[tuple[float, str, str]]:
    """(epoch, recipient, what) of every new DM to a player and every mention of one in the channel since
    ``after``: what makes a phone sound (an edit makes none)."""
    out = []
    ids = {party.users[n].id: n for n in ZONES}
    for name in ZONES:
        dm = party.users[name].dm_channel
        for m in dm.history() if dm is not None else []:
            if m.created_at.timestamp() > after:
                out.append((m.created_at.timestamp(), name, "DM: " + m.content.splitlines()[0][:70]))
    for m in party.channel.history():
        if m.created_at.timestamp() <= after:
            continue
        for uid in MENTION.findall(m.content):
            if int(uid) in ids:
                out.append((m.created_at.timestamp(), ids[int(uid)], "mention: " + m.content.splitlines()[0][:70]))
    return sorted(out)


def timeline(events: list[tuple[float, str, str]]) -> str:
    """The game's notifications, each with its recipient's local time, as lines to print."""
    lines = []
    for at, name, what in events:
        utc = datetime.fromtimestamp(at, UTC).strftime("%a %d %H:%M")
        lines.append(f"{utc} UTC  → {name:5} ({ZONES[name].split('/')[1]:11} {_local(at, name)})  {what}")
    return "\n".join(lines)


async def play_awake(party: Party, limit: float, think: float = 0.0) -> None:
    """The players who are awake answer (greedy moves by slash command), each move taking ``think`` seconds, the
    silent one never; time passes ten minutes at a time while everyone left to decide sleeps or is silent."""
    env, clock = party.env, party.bot.store.epoch
    names = {party.users[n].id: n for n in ZONES}
    begin, n = clock(), 0
    while clock() - begin < limit:
        table = await party.table()
        if table.row.status == "over":
            return
        for d in table.game.pending():
            row = table.by_seat(d.seat)
            name = names.get(row.user_id) if not row.is_ai else None
            if name is None or name == SILENT or is_quiet(clock(), zone(ZONES[name]), NIGHT):
                continue
            n += 1
            await slash_move(party.members[name], party.channel, str(decide(GreedyPlayer(seed=n), table.game, d.seat)))
            await env.advance_time(think)
            break
        else:
            await env.advance_time(600.0)


@pytest.mark.simcord(settle_timeout=60)
async def test_three_zones_with_quiet_hours_and_a_silent_player(simcord_env: Any) -> None:
    """Los Angeles, Warsaw and Tokyo, each with quiet hours 23-8 and a 1-day deadline; Warsaw never answers. No
    deadline falls due and nothing sounds for anyone in their quiet hours; the silent player costs two of their own
    deadlines, then the AI plays for them, and the game ends."""
    env = simcord_env
    party = await open_game(env, tuple(ZONES), start=False, spectators=())
    for name, tz in ZONES.items():
        await set_my_time(party, name, tz)
    await party.members["taro"].slash(party.channel, "me notify", mode="mention")
    quiet(env)
    start = party.bot.store.epoch()
    await party.members["lena"].slash(party.channel, "game start")
    await play_awake(party, 60 * DAY, think=240.0)
    table = await party.table()
    assert table.row.status == "over", "the game did not end"

    missed = await timeouts(party)
    silent_seat = table.seat_of(party.users[SILENT].id)
    assert [seat for seat, _ in missed] == [silent_seat.seat] * 2, missed
    assert silent_seat.is_ai, "after two missed deadlines the AI plays the silent seat"
    for _seat, at in missed:
        assert not is_quiet(at, zone(ZONES[SILENT]), NIGHT), f"a deadline fell due at {_local(at, SILENT)}"

    events = notifications(party, start)
    print("\n" + timeline(events))
    assert any(who == SILENT and what.startswith("DM: ⏳") for _, who, what in events), "no reminder came"
    assert any(who == "taro" and what.startswith("mention") for _, who, what in events), "no mention came"
    for at, who, what in events:
        assert not is_quiet(at, zone(ZONES[who]), NIGHT), f"{who} got {what!r} at {_local(at, who)}"
    user_errors_only(env)


@pytest.mark.postgresql
async def test_a_deadline_counts_waking_hours_only(simcord_env: Any) -> None:
    """The game starts at 01:00 in Warsaw, in the quiet hours: the clock starts at 08:00 and a day of waking time
    ends at 17:00 the next day, not at 01:00; the half-time reminder comes at 20:00 on the first day, not at 13:00.
    Before quiet hours (plain time) it would time out at 01:00, in the middle of the night."""
    env = simcord_env
    party = await open_game(env, ("wanda",), ais=1, start=False, spectators=())
    await set_my_time(party, "wanda", "Europe/Warsaw")
    quiet(env)
    start = party.bot.store.epoch()
    await party.members["wanda"].slash(party.channel, "game start")
    [clock] = await party.bot.store.work.deadlines((await party.table()).id)
    tz = zone("Europe/Warsaw")
    assert clock.due_at == waking_add(start, DAY, tz, NIGHT)
    assert _local(clock.due_at, "wanda") == "Fri 17:00" and _local(clock.remind_at, "wanda") == "Thu 20:00"
    assert not reminders(party.users["wanda"])
    await env.advance_time(clock.remind_at - party.bot.store.epoch() - 60)
    assert not reminders(party.users["wanda"]) and not await timeouts(party)
    await env.advance_time(120)
    assert len(reminders(party.users["wanda"])) == 1
    await env.advance_time(start + DAY + 60 - party.bot.store.epoch())
    assert not await timeouts(party), "the clock ran through the night"
    await env.advance_time(clock.due_at + 60 - party.bot.store.epoch())
    assert [at for _, at in await timeouts(party)] == [pytest.approx(clock.due_at, abs=61)]


@pytest.mark.postgresql
@pytest.mark.parametrize("restart", [False, True])
async def test_a_prompt_waits_for_the_quiet_hours_to_end(simcord_env: Any, make_bot: Any, restart: bool) -> None:
    """A new decision that comes in the night comes as a DM at 08:00, not before, even with a restart between."""
    env = simcord_env
    party = await open_game(env, ("wanda", "lena"), start=False, spectators=())
    await set_my_time(party, "wanda", "Europe/Warsaw")
    quiet(env)
    welcomed = {name: {m.id for m in party.users[name].dm_channel.history()} for name in ("lena", "wanda")}
    await party.members["wanda"].slash(party.channel, "game start")  # 01:00 in Warsaw: the first move is hers
    await env.advance_time(60)
    assert [d.seat for d in (await party.table()).game.pending()] == ["p1"]

    def dms(name: str) -> list[Any]:
        return [m for m in party.users[name].dm_channel.history() if m.id not in welcomed[name]]

    assert not dms("wanda"), "wanda's prompt came in her quiet hours"
    assert await party.bot.store.work.pending_deliveries(), "the held prompt is kept in the database"
    if restart:
        await env.restart_bot(make_bot())
        quiet(env)
    await env.advance_time(7 * HOUR - 120)  # 07:59 in Warsaw
    assert not dms("wanda")
    await env.advance_time(120)
    [first] = dms("wanda")
    assert _local(first.created_at.timestamp(), "wanda").endswith("08:00")


async def test_daylight_saving_inside_a_game(simcord_env: Any) -> None:
    """The night the clocks go back in Warsaw (25 October 2026) is ten hours long: a day of waking time from noon
    on the 24th still ends at 21:00 local time on the 25th, 34 real hours later."""
    env = simcord_env
    quiet(env)
    env.bot.heartbeat.cancel()  # a shared database's heartbeat: months pass in a few jumps, between no timers
    noon = datetime(2026, 10, 24, 12, 0, tzinfo=zone("Europe/Warsaw")).timestamp()
    while env.bot.store.epoch() < noon:
        await env.advance_time(min(30 * DAY, noon - env.bot.store.epoch()))
    party = await open_game(env, ("wanda",), ais=1, start=False, spectators=())
    await set_my_time(party, "wanda", "Europe/Warsaw")
    at = party.bot.store.epoch()
    await party.members["wanda"].slash(party.channel, "game start")
    [clock] = await party.bot.store.work.deadlines((await party.table()).id)
    assert clock.due_at - at == pytest.approx(34 * HOUR, abs=5)
    assert _local(clock.due_at, "wanda") == "Sun 21:00"
    await env.advance_time(clock.due_at - 120 - party.bot.store.epoch())
    assert not await timeouts(party)
    await env.advance_time(240)
    assert len(await timeouts(party)) == 1


@pytest.mark.postgresql
async def test_clocks_keep_their_waking_time_when_quiet_hours_change_and_across_a_pause(simcord_env: Any) -> None:
    """A clock set before the quiet hours keeps the waking time it has left: set at 01:00 in Warsaw with no quiet
    hours (due at 01:00 the next day), quiet hours 23-8 set at once move it to 17:00 (counted from 08:00). A pause
    of the game from 10:00 to 12:00 on the first day moves it on by those two waking hours, to 19:00; after a pause
    through the night, the clock counts the waking time it had left from the resume."""
    env = simcord_env
    party = await open_game(env, ("wanda",), ais=1, start=False, spectators=())
    quiet(env)
    await party.members["wanda"].slash(party.channel, "me timezone", zone="Europe/Warsaw")
    start = party.bot.store.epoch()
    await party.members["wanda"].slash(party.channel, "game start")
    game_id = (await party.table()).id

    async def due() -> str:
        """The clock's due time in Warsaw, to the quarter hour (the moves and settles take a few simulated seconds)."""
        [clock] = await party.bot.store.work.deadlines(game_id)
        return _local(round(clock.due_at / 900) * 900, "wanda")

    assert await due() == "Fri 01:00"
    await party.members["wanda"].slash(party.channel, "me quiet", hours="23-8")
    assert await due() == "Fri 17:00"
    await env.advance_time(start + 9 * HOUR - party.bot.store.epoch())  # 10:00 in Warsaw
    assert await party.bot.service.reach.pause(game_id, "no_access")
    await env.advance_time(2 * HOUR)
    assert await party.bot.store.marks.resume(game_id, []) is None
    assert await due() == "Fri 19:00"
    await env.advance_time(start + 20 * HOUR - party.bot.store.epoch())  # 21:00 in Warsaw
    assert await party.bot.service.reach.pause(game_id, "no_access")
    await env.advance_time(14 * HOUR)  # 11:00 the next day: two waking hours before the night, three after
    assert await party.bot.store.marks.resume(game_id, []) is None
    assert await due() == "Sat 09:00"  # 13 waking hours left at 21:00: 12 from 11:00 to 23:00, 1 from 08:00
