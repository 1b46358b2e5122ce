"""The schema and the store hold no game's vocabulary (migration 0020_game_vocabulary): an AI seat may play at any
level its game declares, scores may be negative, and a series is its game's. On both stores: a finished game with
penalty points below zero and an AI seat at a level the host never heard of is stored, rated and counted; and a
database of the release before keeps every row through the migration and then takes such a game too.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.ratings.rating import ai_player
from bot.store import MIGRATIONS_DIR, Move, ResultRow, Store, Want
from bot.store.rows import SeriesOver, reached
from bot.table import level_name, series_lobby_note, series_name
from bot.words.logline import LogLine
from engine import i18n
from engine.games import GAMES

from .. import postgresql

GUILD = 1
ALICE, BOB = 11, 12
#: any registered game: the store asks nothing of it but its default level
GAME = next(iter(GAMES))


@pytest.fixture
async def store(db_location: str) -> Any:
    s = await Store.open(db_location)
    yield s
    await s.close()


async def lobby(store: Store, channel: int, *, series_target: int | None = None) -> int:
    game_id = await store.games.create_game(
        guild_id=GUILD,
        channel_id=channel,
        channel_name=f"table-{channel}",
        host_id=ALICE,
        host_name="alice",
        game=GAME,
        options={},
        seed=channel,
        series_target=series_target,
    )
    assert game_id is not None
    return game_id


async def finish(
    store: Store,
    game_id: int,
    scores: dict[str, tuple[int | None, str, int, int]],
    series_over: SeriesOver = reached,
) -> None:
    """Start the game and end it at once with each seat's (user id, name, place, score); ``series_over`` is the
    game's rule for the end of its series."""
    assert await store.play.start_game(game_id, '{"state": 0}', {"p1": 0}, [LogLine({"text": "Begin."})], 0, [])
    move = Move(
        game_id=game_id,
        version=1,
        seat="p1",
        user_id=ALICE,
        text="done",
        source="button",
        decision_since={},
        log_lines=[LogLine({"text": "Over."})],
        snapshot='{"state": "over"}',
        finished=True,
        wants=[Want("channel")],
        results=[ResultRow(seat, uid, name, place, score) for seat, (uid, name, place, score) in scores.items()],
        series_over=series_over,
    )
    await store.play.record(move)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_negative_scores_and_an_unheard_of_level_are_stored_rated_and_counted(store: Store) -> None:
    game_id = await lobby(store, 100)
    assert await store.games.add_seat(game_id, BOB, "bob", is_ai=False) is None
    assert await store.games.add_seat(game_id, None, "Vesper", is_ai=True, ai_level="novice") is None
    await finish(
        store, game_id, {"p1": (ALICE, "alice", 1, -7), "p2": (BOB, "bob", 3, -1), "p3": (None, "Vesper", 2, 0)}
    )

    row = await store.games.game(game_id)
    assert row is not None and row.status == "over"
    results = await store.series.results(game_id)
    assert [(r.seat, r.place, r.score) for r in results] == [("p1", 1, -7), ("p3", 2, 0), ("p2", 3, -1)]
    assert [s.ai_level for s in await store.games.seats(game_id)] == [None, None, "novice"]

    rated = {
        str(r[0]): (int(r[1]), int(r[2]))
        for r in await store._read(
            "SELECT player, games, wins FROM ratings WHERE guild_id = ? AND game = ?", (GUILD, GAME)
        )
    }
    assert rated == {str(ALICE): (1, 1), str(BOB): (1, 0), ai_player("novice"): (1, 0)}

    # the lowest and the highest score of a game whose scores go below zero, as each way of winning counts them
    low = await store.series.player_stats(GUILD, ALICE, GAME, best="low")
    assert (low.games, low.wins, low.score, low.best) == (1, 1, -7, -7)
    high = await store.series.player_stats(GUILD, BOB, GAME, best="high")
    assert (high.games, high.wins, high.score, high.best) == (1, 0, -1, -1)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_an_ai_seat_stored_without_a_level_is_rated_under_its_games_default_level(store: Store) -> None:
    game_id = await lobby(store, 101)
    assert await store.games.add_seat(game_id, None, "Vesper", is_ai=True) is None
    await finish(store, game_id, {"p1": (ALICE, "alice", 2, 3), "p2": (None, "Vesper", 1, -2)})
    players = {str(r[0]) for r in await store._read("SELECT player FROM ratings WHERE game = ?", (GAME,))}
    assert players == {str(ALICE), ai_player(GAMES[GAME].default_level)}


async def test_a_seat_handed_to_the_ai_plays_at_the_level_it_is_given(store: Store) -> None:
    game_id = await lobby(store, 102)
    assert await store.games.add_seat(game_id, BOB, "bob", is_ai=False) is None
    assert await store.play.start_game(game_id, '{"state": 0}', {"p1": 0}, [LogLine({"text": "Begin."})], 0, [])
    assert await store.games.set_away(game_id, "p2", 1, True, [LogLine({"text": "Away."})], [], [], "novice")
    seat = next(s for s in await store.games.seats(game_id) if s.seat == "p2")
    assert seat.is_ai and seat.ai_level == "novice" and seat.user_id == BOB


async def test_a_series_is_its_games(store: Store) -> None:
    game_id = await lobby(store, 103, series_target=5)
    row = await store.games.game(game_id)
    assert row is not None and row.series_id is not None
    series = await store.series.series_in(103)
    assert series is not None and (series.kind, series.target, series.status) == (GAME, 5, "running")


async def test_a_series_ends_by_its_games_own_rule(store: Store) -> None:
    """The host's default is a race to the target; a game of penalty points ends its series when someone's total
    falls to minus the target, which the store asks the game in the transaction that writes the results."""
    raced = await lobby(store, 104, series_target=5)
    await finish(store, raced, {"p1": (ALICE, "alice", 1, 3), "p2": (BOB, "bob", 2, -6)})
    series = await store.series.series_in(104)
    assert series is not None and series.status == "running"  # nobody reached +5

    def sunk(totals: Sequence[int], target: int) -> bool:
        return min(totals) <= -target

    penalties = await lobby(store, 105, series_target=5)
    await finish(store, penalties, {"p1": (ALICE, "alice", 1, 3), "p2": (BOB, "bob", 2, -6)}, sunk)
    series = await store.series.series_in(105)
    assert series is not None and series.status == "over"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_names_each_of_its_levels_in_three_languages(key: str) -> None:
    """The host has no word for any level: each game names its own (``<game>.level.<level>``), translated."""
    for level in GAMES[key].ai_levels:
        assert i18n.has(f"{key}.level.{level}"), f"{key} does not name its level {level!r}"
        english = level_name(key, level, "en")
        assert all(level_name(key, level, lang) not in ("", english) for lang in ("pl", "ru")), (key, level)
    assert not any(i18n.has(f"level.{level}") for rules in GAMES.values() for level in rules.ai_levels)


def test_a_game_names_its_levels_and_its_series_else_the_host_says_the_level() -> None:
    assert level_name(GAME, "a-level-nobody-has", "pl") == "a-level-nobody-has"
    assert level_name(GAME, None) == level_name(GAME, GAMES[GAME].default_level)
    assert series_lobby_note("no-such-game", 100) == ""
    offering = [key for key in GAMES if series_lobby_note(key, 100)]
    for key in offering:
        for lang in ("en", "pl", "ru"):
            name = series_name(key, lang)
            assert name and "{" not in name


# ---------------------------------------------------------------------------------------------- the migration
def _migrations_up_to(folder: Path, last: int) -> Path:
    """A copy of the migrations (both dialects) up to number ``last``: the schema of an older release."""
    (folder / "postgresql").mkdir(parents=True)
    for source, target in ((MIGRATIONS_DIR, folder), (MIGRATIONS_DIR / "postgresql", folder / "postgresql")):
        for path in source.glob("*.sql"):
            if int(path.name[:4]) <= last:
                shutil.copy(path, target / path.name)
    return folder


@pytest.mark.parametrize("dialect", ["sqlite", "postgresql"])
async def test_a_database_of_the_release_before_keeps_every_row_and_takes_negative_scores(
    dialect: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if dialect == "sqlite":
        location = str(tmp_path / "old.db")
    else:
        cluster: postgresql.Cluster = request.getfixturevalue("postgresql_cluster")
        location = cluster.new_database(template="template1")
    old = await Store.open(location, migrations=_migrations_up_to(tmp_path / "old", 19))
    try:
        first = await lobby(old, 200)

        def old_series(conn: Any) -> None:
            """A series as the release before wrote it: kind 'cup' (its default, the only one it took), target 100."""
            made = conn.execute(
                "INSERT INTO series (guild_id, channel_id, host_id, created_at) "
                "VALUES (?, 200, ?, 'then') RETURNING id",
                (GUILD, ALICE),
            ).fetchone()
            conn.execute("UPDATE games SET series_id = ? WHERE id = ?", (made[0], first))

        await old.writer.transaction(old_series)
        assert await old.games.add_seat(first, None, "Vesper", is_ai=True, ai_level="hard") is None
        await finish(old, first, {"p1": (ALICE, "alice", 1, 4), "p2": (None, "Vesper", 2, 9)})
        single = await lobby(old, 201)
        before = {
            table: sorted(map(tuple, await old._read(f"SELECT * FROM {table}")), key=repr)
            for table in ("seats", "results", "series", "games")
        }
    finally:
        await old.close()

    store = await Store.open(location)
    try:
        assert (20, "0020_game_vocabulary.sql") in await store.applied_migrations()
        after = {
            table: sorted(map(tuple, await store._read(f"SELECT * FROM {table}")), key=repr)
            for table in ("seats", "results", "games")
        }
        # later releases add columns (a game's web token): each row keeps its values, and the new columns are empty
        for table, rows in after.items():
            width = len(before[table][0])
            assert all(value is None for r in rows for value in r[width:])
            after[table] = [r[:width] for r in rows]
        assert after == {k: v for k, v in before.items() if k != "series"}
        series = await store.series.series_in(200)
        assert series is not None and (series.kind, series.target, series.status) == (GAME, 100, "running")
        row = await store.games.game(first)
        assert row is not None and row.series_id == series.id
        if dialect == "sqlite":
            assert await store._read("PRAGMA foreign_key_check") == []

        # and it plays on: a game with negative scores and an unheard-of level finishes
        assert await store.games.add_seat(single, None, "Morrow", is_ai=True, ai_level="novice") is None
        await finish(store, single, {"p1": (ALICE, "alice", 2, -3), "p2": (None, "Morrow", 1, -12)})
        assert [(r.seat, r.score) for r in await store.series.results(single)] == [("p2", -12), ("p1", -3)]
        nxt = await lobby(store, 202, series_target=3)
        assert (await store.series.series_in(202)) is not None and nxt
    finally:
        await store.close()
