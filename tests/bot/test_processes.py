"""Several bot processes on one PostgreSQL database: each delivery, deadline and AI decision done once, and a
process killed mid-game replaced by the others when its leases run out (``tests/bot/hosts.py``). Also the pieces
each process sets up: its shards, its share of Discord's budget, the duty of syncing the commands."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot import Settings
from bot.app import ShardedNightfallBot, create_bot
from bot.discord_io.invalid_requests import InvalidRequests
from bot.discord_io.outbound import Outbound
from bot.games import FACES
from bot.service import GameService
from bot.settings import Shards
from bot.store import Store, on_loop
from bot.store.rows import _GAME_COLS
from bot.table import Table

from .conftest import user_errors_only
from .helpers import latest_prompt, moves_in, open_game, press
from .hosts import SHORT_LEASE, Host, Record

ROOT = Path(__file__).resolve().parents[2]


async def _owed(store: Store) -> list[tuple[int, str, int]]:
    """What is still to be delivered, but the game-over DMs: the channel's results bring those forward (the sink
    posts no results), else they fall due an hour later."""
    return [(g, kind, target) for g, kind, target, *_ in await store.work.pending_deliveries() if kind != "game_over"]


async def _until_over(store: Store, games: list[int], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        rows = [await store.games.game(g) for g in games]
        if all(r is not None and r.status == "over" for r in rows) and not await _owed(store):
            return
        await asyncio.sleep(0.2)
    states = {g: (r.status, r.version) for g in games if (r := await store.games.game(g)) is not None}
    raise AssertionError(f"the games did not end in {seconds}s: {states}; owed: {await _owed(store)}")


@pytest.mark.slow(20)
async def test_two_processes_play_the_same_games_and_do_each_thing_once(pg_url: str) -> None:
    """Two hosts on one database, both looking for work all the time, play six games to the end (each person
    silent: deadlines play for them, then the AI takes their seat): no delivery, timeout or AI decision twice."""
    record = Record()
    a, b = await Host.open("a", pg_url, record), await Host.open("b", pg_url, record)
    try:
        await a.start()
        await b.start()
        games = await a.new_games(100, 3) + await b.new_games(200, 3)
        await _until_over(a.store, games, 90.0)
    finally:
        await a.close()
        await b.close()

    twice = [k for k, n in Counter((key, wanted) for _, key, wanted in record.deliveries).items() if n > 1]
    assert not twice, f"delivered twice: {twice}"
    timeouts = Counter((g, seat, since) for _, g, seat, since in record.timeouts)
    assert timeouts and max(timeouts.values()) == 1
    assert {host for host, *_ in record.timeouts} <= {"a", "b"}
    deciders: dict[tuple[int, int], set[str]] = {}
    for host, game, version in record.ai:
        deciders.setdefault((game, version), set()).add(host)
    assert deciders and all(len(hosts) == 1 for hosts in deciders.values()), "an AI decision thought out twice"
    # both processes took part (which one takes what is a matter of timing)
    workers = {h for h, *_ in record.deliveries} | {h for h, *_ in record.timeouts} | {h for h, *_ in record.ai}
    assert workers == {"a", "b"}


@pytest.mark.slow(20)
async def test_a_process_killed_mid_game_is_replaced_when_its_leases_run_out(pg_url: str) -> None:
    """A host in its own process opens four games and plays them; it is killed (SIGKILL) while it holds their AI
    seats. Another host, started afterwards, takes the games over once the leases run out, and they end."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.hosts", pg_url, "300", "4"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(asyncio.to_thread(child.stdout.readline), 60.0)
        assert line.startswith("ready"), line
        games = [int(g) for g in line.split()[1:]]
        watcher = await Store.open(pg_url)
        try:
            held: list[int] = []
            for _ in range(200):  # until the child holds a game's AI seats (its lease is in the database)
                found = await watcher._read(
                    "SELECT id FROM games WHERE ai_until > ? AND ai_host LIKE ?", (watcher.epoch(), f"%/{child.pid}/%")
                )
                held = [int(r[0]) for r in found]
                if held:
                    break
                await asyncio.sleep(0.05)
            assert held, "the child never held an AI seat"
            child.send_signal(signal.SIGKILL)
            child.wait(10)
            before = {g: (await watcher.games.game(g)).version for g in games}  # type: ignore[union-attr]
        finally:
            await watcher.close()

        import bot.service.play

        survivor = await Host.open("survivor", pg_url)
        old_lease = bot.service.play.AI_LEASE
        bot.service.play.AI_LEASE = SHORT_LEASE  # type: ignore[attr-defined]
        try:
            await survivor.start()
            await _until_over(survivor.store, games, 90.0)
            after = {g: (await survivor.store.games.game(g)).version for g in games}  # type: ignore[union-attr]
        finally:
            bot.service.play.AI_LEASE = old_lease  # type: ignore[attr-defined]
            await survivor.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    assert all(after[g] > before[g] for g in held)  # the games the dead process held went on, by the survivor
    assert set(held) <= {g for _, g, _ in survivor.record.ai}  # whose AI seats it took over


async def _started(store: Store, game: str) -> tuple[GameService, Table]:
    """A game of two people (ids 1 and 2) started through a service of its own on ``store``."""
    service = GameService(store, Settings(token=None, db_path="", ai_delay=0.0), FACES)
    await service.seats.new_lobby(
        guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game=game, options={}
    )
    await service.seats.join(9, 2, "bo")
    return service, await service.seats.start(9, 1)


def _first_move(table: Table) -> tuple[int, str]:
    """The person a started game waits on first, and the first of their legal moves."""
    assert table.game is not None
    seat = table.game.pending()[0].seat
    user = table.by_seat(seat).user_id
    assert user is not None
    return user, str(table.game.legal_actions(seat)[0])


async def test_answering_holds_the_movers_prompt_until_its_mark(db_location: str) -> None:
    """A button's answer shows the move in the DM it was pressed in: the move's prompt delivery for that person is
    held in the database (any process's worker skips it) until the answer's mark, which settles it."""
    store = await Store.open(db_location)
    try:
        service, table = await _started(store, "nightfall")
        user, move = _first_move(table)
        await store.writer.transaction(lambda c: c.execute("UPDATE deliveries SET done = wanted").rowcount)
        moved = await service.play.act(table.id, user_id=user, text=move, source="button")
        claimed = await store.work.claim_deliveries(50, 60.0)
        assert ("prompt", user) not in {(d.kind, d.target) for d in claimed}  # held for the answer
        held_until = await store.work.next_due()
        assert held_until is not None
        await store.marks.clear_prompt(table.id, user, settles=moved.table.row.version)  # the answer's mark
        owed = {(p[1], p[2]) for p in await store.work.pending_deliveries()}
        assert ("prompt", user) not in owed  # settled by the mark: the DM already shows it
        # a command's answer is private: the prompt is the delivery's to send at once
        other, move = _first_move(await service.table(table.id))
        await service.play.act(table.id, user_id=other, text=move, source="command")
        claimed = await store.work.claim_deliveries(50, 60.0)
        assert ("prompt", other) in {(d.kind, d.target) for d in claimed}
    finally:
        await store.close()


async def test_a_failed_answer_frees_the_prompt_at_once(db_location: str) -> None:
    store = await Store.open(db_location)
    service, table = await _started(store, "fightdrome")
    user, move = _first_move(table)
    await service.play.act(table.id, user_id=user, text=move, source="button")
    assert ("prompt", user) not in {(d.kind, d.target) for d in await store.work.claim_deliveries(50, 60.0)}
    await store.work.release_answer(table.id, user)  # the interaction's answer failed (bot.discord_io.inputs)
    assert ("prompt", user) in {(d.kind, d.target) for d in await store.work.claim_deliveries(50, 60.0)}
    await store.close()


class _PausedAfterTheRow:
    """A reader's connection that, once it has read the game's row, waits until another process's move of the game
    has committed: a move falls between the row and the rest of the game's reads, on every load, at the same place.
    ``wait_moved`` waits where the unit of work runs: on SQLite's database thread, on PostgreSQL's event loop."""

    def __init__(self, conn: Any, row_read: Any, wait_moved: Any) -> None:
        self.conn, self.row_read, self.wait_moved = conn, row_read, wait_moved

    def execute(self, sql: str, params: Any = (), /) -> Any:
        cur = self.conn.execute(sql, params)
        if sql.startswith(f"SELECT {_GAME_COLS} FROM games WHERE id = "):
            self.row_read()
            self.wait_moved()
        return cur


@pytest.mark.postgresql
async def test_a_game_is_read_whole_while_another_process_moves_it(db_location: str) -> None:
    """Two processes on one database: one loads a game while the other moves it back to back. The game's row, seats,
    snapshot and actions are read together (one state of the database), so the move committed between the row and
    the actions is in none of them, and the load ends at the row's version at once. Read one after the other, every
    load saw the row before the move and the actions after it, and after a few tries it failed: "game N replays to
    version N+1, stored N"."""
    mover, reader = await Store.open(db_location), await Store.open(db_location)
    try:
        service, table = await _started(mover, "fightdrome")
        before = table.row.version  # the mover's table is its cache: the move updates it
        loop = asyncio.get_running_loop()
        row_read = asyncio.Event()
        moved, moved_on_loop = threading.Event(), asyncio.Event()
        moves = 0

        def wait_moved() -> None:
            if reader.dialect == "postgresql":  # the unit runs on the event loop (bot.store.on_loop)
                on_loop.wait(moved_on_loop.wait())
                moved_on_loop.clear()
            else:  # the unit runs on SQLite's database thread
                moved.wait()
                moved.clear()

        def tell_moved() -> None:
            moved.set()
            moved_on_loop.set()

        def tell_row_read() -> None:
            if reader.dialect == "postgresql":
                row_read.set()
            else:
                loop.call_soon_threadsafe(row_read.set)

        async def move_at_each_read() -> None:
            nonlocal moves
            try:
                while True:
                    await row_read.wait()
                    row_read.clear()
                    user, move = _first_move(await service.table(table.id))
                    await service.play.act(table.id, user_id=user, text=move, source="command")
                    moves += 1
                    tell_moved()
            finally:
                tell_moved()  # never leave the reader waiting

        call = reader.reader.call

        async def pausing(fn: Any) -> Any:
            return await call(lambda c: fn(_PausedAfterTheRow(c, tell_row_read, wait_moved)))

        reader.reader.call = pausing  # type: ignore[method-assign]
        mover_task = asyncio.create_task(move_at_each_read())
        try:
            loaded = await GameService(reader, Settings(token=None, db_path="", ai_delay=0.0), FACES).table(table.id)
        finally:
            mover_task.cancel()
            await asyncio.gather(mover_task, return_exceptions=True)

        assert moves == 1
        assert loaded.game is not None and loaded.game.version == loaded.row.version == before
    finally:
        await reader.close()
        await mover.close()


async def test_one_process_at_a_time_plays_a_games_ai_seats(pg_url: str) -> None:
    now = [discord.utils.utcnow()]
    a = await Store.open(pg_url, clock=lambda: now[0])
    b = await Store.open(pg_url, clock=lambda: now[0])
    try:
        game_id = await a.games.create_game(
            guild_id=1,
            channel_id=9,
            channel_name="t",
            host_id=1,
            host_name="ann",
            game="fightdrome",
            options={},
            seed=1,
        )
        assert game_id is not None
        assert await a.hosts.claim_ai(game_id, a.host_id, 10.0)
        assert await a.hosts.claim_ai(game_id, a.host_id, 10.0)  # renewed by its holder
        assert not await b.hosts.claim_ai(game_id, b.host_id, 10.0)
        now[0] += timedelta(seconds=11)
        assert await b.hosts.claim_ai(game_id, b.host_id, 10.0)  # the holder died: its lease ran out
        await b.hosts.release_ai(game_id, b.host_id)
        assert await a.hosts.claim_ai(game_id, a.host_id, 10.0)  # released: free at once
        await a.work.want(game_id, "channel", 0)
        [claimed] = await a.work.claim_deliveries(10, 300.0)
        assert await b.work.claim_deliveries(10, 300.0) == []
        await a.hosts.release_host(a.host_id, [claimed.key])  # a process that stops gives back what it held
        assert [d.key for d in await b.work.claim_deliveries(10, 300.0)] == [claimed.key]
        assert await b.hosts.claim_ai(game_id, b.host_id, 10.0)
    finally:
        await a.close()
        await b.close()


async def test_the_command_sync_is_one_process_duty_at_a_time(pg_url: str) -> None:
    a, b = await Store.open(pg_url), await Store.open(pg_url)
    try:
        assert await a.hosts.claim_duty("sync_commands", a.host_id, 30.0)
        assert not await b.hosts.claim_duty("sync_commands", b.host_id, 30.0)
        await a.hosts.release_duty("sync_commands", a.host_id)
        assert await b.hosts.claim_duty("sync_commands", b.host_id, 30.0)
    finally:
        await a.close()
        await b.close()


async def test_the_processes_alive_share_discords_budget(pg_url: str) -> None:
    a, b = await Store.open(pg_url), await Store.open(pg_url)
    try:
        await a.hosts.host_seen(a.host_id, "0/2")
        assert await a.hosts.live_hosts(45.0) == 1
        await b.hosts.host_seen(b.host_id, "1/2")
        assert await a.hosts.live_hosts(45.0) == 2
        await b.hosts.release_host(b.host_id, [])  # it stops
        assert await a.hosts.live_hosts(45.0) == 1
    finally:
        await a.close()
        await b.close()
    limits, invalid = Outbound(), InvalidRequests(lambda: 0.0)
    limits.share(2)
    invalid.share(2)
    assert (limits.per_second, invalid.budget) == (22, 500)
    limits.share(1)
    assert limits.per_second == 45


def test_shards_are_read_from_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Shards.parse("0-3/8") == Shards((0, 1, 2, 3), 8)
    assert Shards.parse("1/2") == Shards((1,), 2)
    assert Shards.parse("") is None
    for bad in ("4/4", "3-1/8", "0-3", "two"):
        with pytest.raises(ValueError, match="NIGHTFALL_SHARDS"):
            Shards.parse(bad)
    monkeypatch.setenv("NIGHTFALL_SHARDS", "2-3/4")
    settings = Settings.from_env(env_file=None)
    bot = create_bot(settings)
    assert isinstance(bot, ShardedNightfallBot) and isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_ids, bot.shard_count) == ([2, 3], 4)
    monkeypatch.setenv("NIGHTFALL_SHARDS", "")
    assert not isinstance(create_bot(Settings.from_env(env_file=None)), discord.AutoShardedClient)


def _dm_edits(env: Any, since: int, channel_id: int) -> list[str]:
    """The REST edits of messages in one DM channel made by the bot's workers since request ``since`` (an
    interaction's own answer goes to Discord's interaction routes, not these)."""
    return [
        r.path
        for r in env.http_requests[since:]
        if r.method == "PATCH" and r.path.startswith(f"/channels/{channel_id}/messages/")
    ]


@pytest.mark.postgresql  # on both stores (tests/conftest.py)
async def test_a_button_answers_in_its_own_dm_and_no_worker_edits_it_meanwhile(simcord_env: Any) -> None:
    """The press's answer shows the move in the DM it was pressed in; the prompt delivery the move asked for is held
    in the database meanwhile and settled by the answer's mark: the DM is not edited a second time. When the answer
    fails, the hold is lifted at once and the delivery sets the DM right in the same moment (not after the hold)."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    alice = party.users["alice"]
    prompt = latest_prompt(alice)
    assert prompt is not None
    picks = sorted(m for m in moves_in(prompt) if m.startswith("draft"))
    cursor = len(simcord_env.http_requests)
    await press(alice, prompt, picks[0])
    await simcord_env.settle()
    assert _dm_edits(simcord_env, cursor, prompt.channel.id) == []
    assert ("prompt", alice.id) not in {(p[1], p[2]) for p in await simcord_env.bot.store.work.pending_deliveries()}

    bob = party.users["bob"]
    prompt = latest_prompt(bob)
    assert prompt is not None
    pick = sorted(m for m in moves_in(prompt) if m.startswith("draft"))[0]
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    cursor = len(simcord_env.http_requests)
    await press(bob, prompt, pick)
    await simcord_env.settle()  # no simulated time passes: a held row would still wait
    assert _dm_edits(simcord_env, cursor, prompt.channel.id), "the failed answer's DM was not set right"
    assert ("prompt", bob.id) not in {(p[1], p[2]) for p in await simcord_env.bot.store.work.pending_deliveries()}
    user_errors_only(simcord_env)


@pytest.mark.postgresql  # on both stores (tests/conftest.py)
async def test_a_stale_cache_in_one_process_never_reaches_discord(simcord_env: Any, settings: Settings) -> None:
    """The bot holds a game in its cache; another process (its own store and service on the same database) makes
    both players' draft picks. The bot's cache is now behind, and what it shows them comes from the database: their
    DMs ask for the second round's pick, and the table was drawn for the stored version."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    bot = simcord_env.bot
    table = await party.table()
    cached = bot.service._tables[table.id]
    other = GameService(await Store.open(settings.db_path), settings, FACES)
    try:
        for _ in range(2):  # both players pick, through the other process
            user, move = _first_move(await other.table(table.id))
            await other.play.act(table.id, user_id=user, text=move, source="command")
        stored = await other.store.games.game(table.id)
    finally:
        await other.store.close()
    assert stored is not None and cached.row.version == stored.version - 2  # the bot's cache is two moves behind
    bot.deliverer.wake()  # what its watchdog would do: the other process's deliveries are due
    for _ in range(400):  # they run in tasks this test started, which SimCord's settle does not wait for
        if not await bot.store.work.pending_deliveries() and not bot.deliverer.busy:
            break
        await asyncio.sleep(0.02)
    await simcord_env.settle()
    for name in ("alice", "bob"):
        prompt = latest_prompt(party.users[name])
        assert prompt is not None and "round 2" in prompt.content, prompt and prompt.content
    assert "round 2" in bot.notifier._shown[table.id][1]  # the table the channel was last shown
    assert await bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)
