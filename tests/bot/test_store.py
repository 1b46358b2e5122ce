"""The store under concurrency: many games committing at once, two writers on one database, rollbacks.

Every test here runs on both stores, SQLite and PostgreSQL (``pytestmark``)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import discord
import pytest

from bot.store import Move, StaleVersion, Store, Want
from bot.store.sqlite import CONSTRAINT_ERRORS
from bot.words.logline import LogLine

GAMES = 40
MOVES = 6

pytestmark = pytest.mark.postgresql


async def _started_game(store: Store, n: int) -> int:
    game_id = await store.games.create_game(
        guild_id=1,
        channel_id=1000 + n,
        channel_name=f"table-{n}",
        host_id=10 + n,
        host_name=f"host{n}",
        game="nightfall",
        options={"draft": "standard", "secret_archives": False},
        seed=n,
    )
    await store.games.add_seat(game_id, 500 + n, f"guest{n}", is_ai=False)
    assert await store.play.start_game(
        game_id, '{"state": 0}', {"p1": 0}, [LogLine({"text": "The game begins."})], 0, [Want("channel")]
    )
    return game_id


def _move(game_id: int, version: int, user_id: int) -> Move:
    return Move(
        game_id=game_id,
        version=version,
        seat="p1",
        user_id=user_id,
        text=f"chain c{version}",
        source="button",
        decision_since={"p1": version},
        log_lines=[LogLine({"text": f"move {version}"})],
        snapshot=f'{{"state": {version}}}' if version % 3 == 0 else None,
        finished=False,
        wants=[Want("channel", delay=2.0), Want("prompt", user_id, hint="edit")],
    )


@pytest.fixture
async def store(db_location: str) -> Store:
    s = await Store.open(db_location)
    yield s  # type: ignore[misc]
    await s.close()


async def test_many_games_commit_at_the_same_moment(store: Store) -> None:
    """The bug this replaces: a second BEGIN inside the first transaction failed every game but one."""
    games = await asyncio.gather(*(_started_game(store, n) for n in range(GAMES)))

    async def play(game_id: int) -> None:
        for version in range(1, MOVES + 1):
            await store.play.record(_move(game_id, version, 77))

    await asyncio.gather(*(play(g) for g in games))
    for game_id in games:
        row = await store.games.game(game_id)
        assert row is not None and row.version == MOVES and row.status == "active"
        assert await store.play.action_count(game_id) == MOVES
        state, later = await store.play.load(game_id)
        assert state == '{"state": 6}' and later == []
        assert [line.text() for line in await store.play.log_tail(game_id, 100)] == [
            "The game begins.",
            *(f"move {v}" for v in range(1, MOVES + 1)),
        ]
    pending = await store.work.pending_deliveries()
    assert len([p for p in pending if p[1] == "channel"]) == GAMES  # one channel row per game, not one per move
    assert len([p for p in pending if p[1] == "prompt"]) == GAMES
    # one hop per transaction: a move costs one round trip, not one per statement
    before = store.stats.round_trips
    await store.play.record(_move(games[0], MOVES + 1, 77))
    assert store.stats.round_trips == before + 1


async def test_the_version_compare_and_set_decides_between_two_writers(db_location: str) -> None:
    """Two stores on one database (as two processes would be): one move per version wins, the other writes
    nothing."""
    path = db_location
    first = await Store.open(path)
    second = await Store.open(path)
    try:
        game_id = await _started_game(first, 1)
        outcomes = await asyncio.gather(
            first.play.record(_move(game_id, 1, 1)), second.play.record(_move(game_id, 1, 2)), return_exceptions=True
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "StaleVersion"]
        assert await first.play.action_count(game_id) == 1
        # and different games from the two writers all commit (busy timeout, no lost write)
        others = [await _started_game(first, n) for n in range(2, 12)]
        await asyncio.gather(
            *(first.play.record(_move(g, 1, 1)) for g in others[::2]),
            *(second.play.record(_move(g, 1, 2)) for g in others[1::2]),
        )
        assert [(await second.games.game(g)).version for g in others] == [1] * len(others)  # type: ignore[union-attr]
    finally:
        await first.close()
        await second.close()


async def test_a_failed_transaction_leaves_nothing_and_the_store_goes_on(store: Store) -> None:
    game_id = await _started_game(store, 1)
    await store.play.record(_move(game_id, 1, 1))
    with pytest.raises(StaleVersion):
        await store.play.record(_move(game_id, 1, 1))  # the same version again
    with pytest.raises(CONSTRAINT_ERRORS):
        # a move whose action row clashes after the version was bumped: the bump must roll back too
        await store.writer.transaction(
            lambda c: (
                c.execute("UPDATE games SET version = 99 WHERE id = ?", (game_id,)),
                c.execute(
                    "INSERT INTO actions (game_id, seq, seat, text, source, at) VALUES (?, 1, 'p1', 'x', 'y', 'z')",
                    (game_id,),
                ),
            )
        )
    row = await store.games.game(game_id)
    assert row is not None and row.version == 1
    await store.play.record(_move(game_id, 2, 1))
    assert await store.play.action_count(game_id) == 2


async def test_a_delivery_is_claimed_by_one_worker_at_a_time(db_location: str) -> None:
    path = db_location
    now = [discord.utils.utcnow()]
    first = await Store.open(path, clock=lambda: now[0])
    second = await Store.open(path, clock=lambda: now[0])
    first.shared = second.shared = True  # two processes on one database: rows are leased
    try:
        games = [await _started_game(first, n) for n in range(10)]
        a, b = await asyncio.gather(first.work.claim_deliveries(100, 60.0), second.work.claim_deliveries(100, 60.0))
        keys_a, keys_b = {d.key for d in a}, {d.key for d in b}
        assert not keys_a & keys_b
        assert keys_a | keys_b == {(g, "channel", 0) for g in games}
        assert await first.work.claim_deliveries(100, 60.0) == []  # leased
        for d in a:
            await first.work.delivered(d)
        # the second process died holding its rows: they are nobody's once their lease runs out, not before
        now[0] += timedelta(seconds=59)
        assert await first.work.claim_deliveries(100, 60.0) == []
        now[0] += timedelta(seconds=2)
        assert {d.key for d in await first.work.claim_deliveries(100, 60.0)} == keys_b
        with pytest.raises(AssertionError):  # a shared database's leases are never freed wholesale
            await second.work.release_leases()
    finally:
        await first.close()
        await second.close()


@pytest.mark.sqlite_only  # a PostgreSQL database is shared: its claims lease (test_a_delivery_is_claimed_by_one_…)
async def test_the_only_process_claims_due_work_with_a_read(store: Store) -> None:
    """A SQLite file belongs to one bot process: claiming a delivery or a deadline writes nothing (its workers skip
    what they are running)."""
    game_id = await _started_game(store, 1)
    commits = store.stats.commits
    [claimed] = await store.work.claim_deliveries(10, 60.0)
    assert claimed.key == (game_id, "channel", 0)
    assert await store.work.claim_deliveries(10, 60.0, skip=[claimed.key]) == []
    assert await store.work.claim_deadline(60.0) is None
    assert store.stats.commits == commits


async def test_requests_made_during_a_delivery_are_not_lost(store: Store) -> None:
    game_id = await _started_game(store, 1)
    [claimed] = await store.work.claim_deliveries(10, 60.0)
    await store.play.record(_move(game_id, 1, 5))  # a move lands while the channel is being delivered
    await store.work.delivered(claimed)
    pending = {(p[1], p[2]) for p in await store.work.pending_deliveries()}
    assert ("channel", 0) in pending  # the move's request is still owed
    assert ("prompt", 5) in pending


async def test_a_prompt_delivery_is_marked_done_by_the_write_that_records_its_dm(store: Store) -> None:
    """One commit for a DM sent: the prompt's mark and its delivery's completion are one write."""
    game_id = await _started_game(store, 1)
    await store.play.record(_move(game_id, 1, 5))  # asks for the prompt of user 5
    [prompt] = [d for d in await store.work.claim_deliveries(10, 60.0) if d.kind == "prompt"]
    commits = store.stats.commits
    await store.marks.set_prompt(game_id, 5, channel_id=77, message_id=88, since=1, delivers=prompt)
    assert store.stats.commits == commits + 1
    assert await store.marks.prompt(game_id, 5) == (77, 88, 1)
    assert ("prompt", 5) not in {(p[1], p[2]) for p in await store.work.pending_deliveries()}


async def test_the_next_due_delivery_leaves_out_those_being_carried_out(store: Store) -> None:
    """A row this process is running is unleased (one process per SQLite file): it must not read as due now, or the
    worker would look again and again while it runs."""
    game_id = await _started_game(store, 1)
    [claimed] = await store.work.claim_deliveries(10, 60.0)
    assert await store.work.next_due() is not None
    assert await store.work.next_due(skip=[claimed.key]) is None
    await store.play.record(_move(game_id, 1, 5))  # the move asks for the channel again (it waits 2 s) and a prompt
    assert await store.work.next_due(skip=[claimed.key]) is not None


async def test_a_deadline_is_claimed_by_one_worker_at_a_time(db_location: str) -> None:
    """Two processes on one database claim due deadlines at the same moment: each is claimed once (on PostgreSQL
    the claims skip each other's rows, where SQLite's writer lock makes them take turns)."""
    now = [datetime.now(UTC)]
    first = await Store.open(db_location, clock=lambda: now[0])
    second = await Store.open(db_location, clock=lambda: now[0])
    first.shared = second.shared = True
    try:
        for n in range(6):
            game_id = await first.games.create_game(
                guild_id=1,
                channel_id=2000 + n,
                channel_name="t",
                host_id=10 + n,
                host_name="h",
                game="nightfall",
                options={},
                seed=n,
                deadline=60,
            )
            assert game_id is not None
            assert await first.play.start_game(game_id, "{}", {"p1": 0}, [], 0, waiting=[("p1", 10 + n, 0)])
        now[0] += timedelta(seconds=45)  # every reminder is due
        claims = await asyncio.gather(*(store.work.claim_deadline(60.0) for store in (first, second) for _ in range(3)))
        keys = [(d.game_id, d.seat) for d in claims if d is not None]
        assert len(keys) == len(set(keys)) == 6
        assert await first.work.claim_deadline(60.0) is None  # every one is leased
    finally:
        await first.close()
        await second.close()


async def test_the_table_message_and_the_posted_results_are_kept_and_read_back(store: Store) -> None:
    """The channel's marks a game keeps between deliveries: its table message (forgotten once the table is deleted
    after a summary took its place) and whether its results were posted."""
    game_id = await _started_game(store, 1)
    await store.games.set_table_message(game_id, 777, turn=3)
    assert (await store.games.game(game_id)).table_message_id == 777
    await store.games.set_table_message(game_id, None)
    assert (await store.games.game(game_id)).table_message_id is None
    assert not await store.games.results_posted(game_id)
    await store.games.set_results_posted(game_id, 888)
    assert await store.games.results_posted(game_id)
