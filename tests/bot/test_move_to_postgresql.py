"""Moving a server from its SQLite file to PostgreSQL (``python -m bot.migrate --to postgresql://…``,
``bot/store/to_postgresql.py``).

A server's games, made by the real bot in SimCord (Nightfall and Fightdrome in play, with AI seats, deliveries owed
and deadlines running; finished, abandoned and lobby games), move with one command: every row arrives as it was,
the running games load the same, and a bot started on the PostgreSQL URL plays them to the end. A move that is
refused writes nothing: not into a target that holds games, not from a file that is missing or newer than this
release, not to a URL that is not PostgreSQL, not while another program writes the file, not when a copied game
would load differently.

These tests use the throwaway PostgreSQL server directly (as tests/bot/test_migrations.py does): the bot they start
first is always on SQLite, the one after the move always on PostgreSQL.
"""

from __future__ import annotations

import dataclasses
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot import create_bot, migrate
from bot.games import FACES
from bot.service import GameService
from bot.settings import Settings
from bot.store import MIGRATIONS_DIR, Store
from bot.store import to_postgresql as move

from .. import postgresql
from .conftest import user_errors_only
from .helpers import Party, latest_prompt, moves_in, open_game, play_to_the_end, press
from .test_fightdrome import open_match
from .test_fightdrome import play as play_match

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

ROOT = Path(__file__).resolve().parent.parent.parent
RELEASE_0_1_0 = ROOT / "tests" / "fixtures" / "release_0_1_0" / "nightfall.sql"
PASSWORD = "hunter2"
SQLITE_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"


# ---------------------------------------------------------------------------------------------- fixtures
@pytest.fixture
def target(postgresql_cluster: postgresql.Cluster) -> Iterator[str]:
    """An empty PostgreSQL database (no tables: the move applies the migrations), by a URL that carries a password
    (the test server trusts its socket and never asks for it)."""
    url = postgresql_cluster.new_database(template="template1")
    yield url.replace("://postgres@", f"://postgres:{PASSWORD}@")
    postgresql_cluster.admin(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1].split('?')[0]} WITH (FORCE)")


@pytest.fixture
def release_file(tmp_path: Path) -> str:
    """The SQLite file the real 0.1.0 bot wrote (seven games: a lobby, four in play, one over, one abandoned), at
    its old schema: the move brings it up to date first."""
    path = str(tmp_path / "nightfall.db")
    conn = sqlite3.connect(path)
    conn.executescript(RELEASE_0_1_0.read_text(encoding="utf-8"))
    conn.close()
    return path


# ---------------------------------------------------------------------------------------------- reading both sides
def _plain(value: Any) -> Any:
    """A value as both databases agree on it: SQLite keeps a whole number given to a REAL column as an integer."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _sorted(found: list[Any]) -> list[tuple[Any, ...]]:
    return sorted((tuple(_plain(v) for v in row) for row in found), key=repr)


def sqlite_rows(path: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table but the migration history, by table (columns by name: the two orders may differ)."""
    conn = sqlite3.connect(path)
    try:
        found = {}
        for (table,) in conn.execute(SQLITE_TABLES).fetchall():
            if table == "schema_migrations":
                continue
            columns = sorted(r[1] for r in conn.execute(f"PRAGMA table_info({table})"))
            found[table] = _sorted(conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall())
        return found
    finally:
        conn.close()


def postgresql_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    with psycopg.connect(url) as conn:
        tables = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        found = {}
        for table in tables:
            if table == "schema_migrations":
                continue
            columns = sorted(
                r[0]
                for r in conn.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = %s", (table,)
                ).fetchall()
            )
            found[table] = _sorted(conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall())  # type: ignore[arg-type]
        return found


def postgresql_tables(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        return sorted(r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))


def file_state(path: str) -> tuple[list[Any], bytes]:
    """What a refusal must leave as it was: the file's migrations and its bytes."""
    conn = sqlite3.connect(path)
    try:
        listed = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'").fetchone()
        versions = conn.execute("SELECT version FROM schema_migrations").fetchall() if listed else []
    finally:
        conn.close()
    return versions, Path(path).read_bytes()


async def loaded_versions(location: str, game_ids: list[int]) -> dict[int, int]:
    """Each game's version as a bot on ``location`` loads it (snapshot plus actions)."""
    store = await Store.open(location)
    service = GameService(store, Settings(db_path=location, ai_workers=0), FACES)
    try:
        return {game_id: (await service.table(game_id)).row.version for game_id in game_ids}
    finally:
        service.thinker.shutdown()
        await store.close()


# ---------------------------------------------------------------------------------------------- a whole server
async def play_a_little(party: Party, moves: int) -> None:
    """People make the first move each prompt offers, ``moves`` times (AI seats answer in between)."""
    for _ in range(moves):
        table = await party.table()
        seat = next(d.seat for d in table.game.pending() if not table.by_seat(d.seat).is_ai)
        name = next(k for k, u in party.users.items() if u.id == table.by_seat(seat).user_id)
        prompt = latest_prompt(party.users[name])
        assert prompt is not None, f"{name} has a decision but no DM prompt"
        await press(party.users[name], prompt, next(iter(moves_in(prompt))))


def halt(bot: Any) -> None:
    """The SQLite bot is stopped: its timers and workers end, and a commit no longer wakes them, so what it owed
    Discord when it stopped stays owed (rows in ``deliveries``)."""
    bot.watchdog.cancel()
    bot.deliverer.stop()
    bot.deadlines.stop()
    bot.service.wake = lambda: None


@pytest.mark.sqlite_only("the games move from a SQLite file: PostgreSQL is the target, not the store under test")
@pytest.mark.slow(30)
@pytest.mark.simcord(settle_timeout=120)
async def test_a_server_moves_to_postgresql_and_its_running_games_play_on_to_the_end(
    simcord_env: Any, settings: Settings, target: str
) -> None:
    env = simcord_env
    assert not settings.db_path.startswith("postgresql")
    # a finished bout against the AI, an abandoned game, a Nightfall game of three seats (one the AI's) in play,
    # a Fightdrome bout in play, and a lobby
    finished = await open_match(env, ("dave",), ais=1, format="bout")
    await play_match(finished)
    abandoned = await open_game(env, ("erin",), ais=1, spectators=())
    await abandoned.members["erin"].slash(abandoned.channel, "game abandon")
    nightfall = await open_game(env, ("alice", "bob"), ais=1)
    await play_a_little(nightfall, 6)
    fight = await open_match(env, ("gina", "hank"), format="bout")
    await play_match(fight, stop=4)
    lobby = await open_game(env, ("ivan", "judy"), start=False, spectators=())
    await lobby.members["judy"].slash(lobby.channel, "game join")
    halt(env.bot)
    await play_a_little(nightfall, 1)  # committed; its table edit and the next prompt are still owed
    await env.settle()

    old = env.bot.store
    ids = {
        name: (await party.table()).id
        for name, party in {
            "finished": finished,
            "abandoned": abandoned,
            "nightfall": nightfall,
            "fight": fight,
            "lobby": lobby,
        }.items()
    }
    owed = await old.work.pending_deliveries()
    clocks = {ids[k]: await old.work.deadlines(ids[k]) for k in ("nightfall", "fight")}
    assert owed and all(clocks.values())
    results_before = await old.series.results(ids["finished"])
    before = sqlite_rows(settings.db_path)

    moved = await move.move(settings.db_path, target)

    assert moved.rows == {table: len(found) for table, found in before.items()}
    assert list(moved.rows).index("series") < list(moved.rows).index("games") < list(moved.rows).index("seats")
    assert moved.games == {
        ("fightdrome", "active"): 1,
        ("fightdrome", "over"): 1,
        ("nightfall", "abandoned"): 1,
        ("nightfall", "active"): 1,
        ("nightfall", "lobby"): 1,
    }
    assert sorted(moved.checked) == sorted([ids["nightfall"], ids["fight"], ids["lobby"]])
    assert postgresql_rows(target) == before  # every row, every value
    assert sqlite_rows(settings.db_path) == before  # the file is as it was

    # a bot on the PostgreSQL URL takes over: what was owed is delivered, and the games play on to the end
    pg_bot = create_bot(dataclasses.replace(settings, db_path=target))
    try:
        await env.restart_bot(pg_bot)
        await env.settle()
        store = env.bot.store
        assert store.dialect == "postgresql"
        assert await store.work.pending_deliveries() == []
        assert {ids[k]: await store.work.deadlines(ids[k]) for k in ("nightfall", "fight")} == clocks
        assert await store.series.results(ids["finished"]) == results_before
        await play_to_the_end(nightfall)
        await play_match(fight)
        for name in ("nightfall", "fight"):
            table = await env.bot.service.table(ids[name])
            assert table.row.status == "over" and table.game is not None and table.game.is_over()
            results = await store.series.results(ids[name])
            assert sorted(r.seat for r in results) == sorted(table.game.seats)
            assert sorted(r.place for r in results)[0] == 1
        # the lobby starts on PostgreSQL, and a new game gets a fresh id (the identity continues past the copy)
        await lobby.members["ivan"].slash(lobby.channel, "game start")
        assert (await lobby.table()).row.status == "active"
        fresh = await open_game(env, ("kim",), ais=1, spectators=())
        assert (await fresh.table()).id == max(ids.values()) + 1
        user_errors_only(env)
    finally:
        await pg_bot.store.close()
        pg_bot.service.thinker.shutdown(wait=True)


# ---------------------------------------------------------------------------------------------- the command
def test_the_command_moves_a_file_of_an_older_release_and_prints_no_password(release_file: str, target: str) -> None:
    """``python -m bot.migrate --to URL`` as an operator runs it (``NIGHTFALL_DB`` names the file): the file's
    missing migrations first, then the copy; the output names what moved and the line for .env, never the
    password."""
    done = subprocess.run(
        [sys.executable, "-m", "bot.migrate", "--to", target],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "NIGHTFALL_DB": release_file, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert PASSWORD not in out + done.stderr
    assert "stop the bot first" in out
    assert re.search(r"^  games +7 row\(s\)$", out, re.MULTILINE) and "snapshots" in out  # columns fit the longest name
    assert "1 nightfall abandoned, 4 nightfall active, 1 nightfall lobby, 1 nightfall over" in out
    assert f"NIGHTFALL_DB={target.replace(PASSWORD, '***')}" in out
    assert postgresql_rows(target) == sqlite_rows(release_file)


async def test_the_running_games_load_the_same_and_new_games_get_fresh_ids(release_file: str, target: str) -> None:
    moved = await move.move(release_file, target)
    running = moved.checked
    assert len(running) == 5  # four in play and the lobby
    assert await loaded_versions(target, running) == await loaded_versions(release_file, running)
    store = await Store.open(target)
    try:
        steps = sorted(p.name for p in (MIGRATIONS_DIR / "postgresql").glob("*.sql"))
        assert [name for _, name in await store.applied_migrations()] == steps  # the move migrated it
        game_id = await store.writer.transaction(
            lambda c: c.execute(
                "INSERT INTO games (channel_id, host_id, status, seed, created_at, updated_at) "
                "VALUES (1, 1, 'lobby', 1, 'now', 'now') RETURNING id"
            ).fetchone()[0]
        )
        assert game_id == max(ids for (ids,) in await store._read("SELECT id FROM games WHERE id < ?", (game_id,))) + 1
    finally:
        await store.close()


# ---------------------------------------------------------------------------------------------- refusals
def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command, which must refuse: exit code 1 and one line, no password."""
    assert migrate.main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == "" or "write lock" in captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Not moved: "), captured.err
    assert PASSWORD not in captured.out + captured.err
    return lines[0]


async def test_a_target_that_holds_games_is_refused_and_left_as_it_was(
    release_file: str, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await move.move(release_file, target)
    after_first = postgresql_rows(target)
    with pytest.raises(move.Refused, match=r"already holds rows .*7 games.*: move into an empty database"):
        await move.move(release_file, target)
    assert postgresql_rows(target) == after_first


def test_refusals_by_the_command_write_nothing(
    tmp_path: Path, release_file: str, target: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NIGHTFALL_DB", release_file)
    file_before = file_state(release_file)
    # no such file
    line = refused(capsys, "--from", str(tmp_path / "missing.db"), "--to", target)
    assert "there is no SQLite database at" in line and "missing.db" in line
    assert not (tmp_path / "missing.db").exists()
    # not a SQLite file
    (tmp_path / "notes.txt").write_text("not a database, " * 100)
    line = refused(capsys, "--from", str(tmp_path / "notes.txt"), "--to", target)
    assert "notes.txt is not a SQLite database" in line
    # not a PostgreSQL URL (a password in it is not shown either)
    line = refused(capsys, "--to", f"mysql://bot:{PASSWORD}@db.example/nightfall")
    assert "--to must be a postgresql:// URL" in line and "bot:***@" in line
    # a source already on PostgreSQL
    monkeypatch.setenv("NIGHTFALL_DB", target)
    assert "already" in refused(capsys, "--to", target)
    # a server that cannot be reached
    line = refused(capsys, "--from", release_file, "--to", f"postgresql://bot:{PASSWORD}@/nightfall?host={tmp_path}")
    assert "cannot connect to postgresql://bot:***@" in line
    # nothing was written anywhere: not even the migrations
    assert postgresql_tables(target) == []
    assert file_state(release_file) == file_before


def test_a_file_of_a_newer_release_is_refused(
    release_file: str, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    conn = sqlite3.connect(release_file)
    conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, '9999_future.sql', 'then')")
    conn.commit()
    conn.close()
    before = file_state(release_file)
    newest = max(int(p.name[:4]) for p in MIGRATIONS_DIR.glob("*.sql"))
    line = refused(capsys, "--from", release_file, "--to", target)
    assert f"is at schema 9999, newer than this release knows ({newest:04d})" in line
    assert file_state(release_file) == before and postgresql_tables(target) == []


async def test_a_file_another_program_is_writing_is_refused(
    release_file: str, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move takes the file's write lock before it reads a row: a running bot (here: a held write
    transaction) makes it stop with a clear sentence, and no row is copied."""
    monkeypatch.setattr(move, "LOCK_WAIT_MS", 50)
    store = await Store.open(release_file)  # the file at this release's schema: the bot ran on it
    await store.close()
    writer = sqlite3.connect(release_file, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(move.Refused, match=r"a running bot\?\) is writing .*stop the bot"):
            await move.move(release_file, target)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert postgresql_tables(target) == []
    await move.move(release_file, target)  # once the writer is gone, the move goes through


async def test_a_game_that_loads_differently_from_the_copy_rolls_the_move_back(
    release_file: str, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check before the commit loads each running game from the copy with the bot's own code: a copy that
    went wrong (here: one game's stored version changed under it) fails loudly and nothing is committed."""
    counted = move._match_counts

    def corrupt_then_count(lite: sqlite3.Connection, pg: psycopg.Connection[Any], tables: Any) -> None:
        pg.execute(
            "UPDATE games SET version = version + 1 WHERE id = (SELECT min(id) FROM games WHERE status = 'active')"
        )
        counted(lite, pg, tables)

    monkeypatch.setattr(move, "_match_counts", corrupt_then_count)
    with pytest.raises(move.Refused, match=r"game \d+ does not load from the copy .*nothing was written"):
        await move.move(release_file, target)
    assert postgresql_tables(target) == []  # not even the tables: the migrations were in the same transaction


async def test_a_value_postgresql_cannot_hold_is_named_and_nothing_is_written(release_file: str, target: str) -> None:
    """SQLite keeps whatever a column is given; PostgreSQL takes only the column's type. A value that cannot be
    converted (text in a whole-number column) stops the move with its table and column."""
    conn = sqlite3.connect(release_file)
    conn.execute("UPDATE seats SET position = 'first' WHERE rowid = (SELECT max(rowid) FROM seats)")
    conn.commit()
    conn.close()
    with pytest.raises(move.Refused, match=r"^seats\.position: 'first' is not a whole number; nothing was written$"):
        await move.move(release_file, target)
    assert postgresql_tables(target) == []  # not even the tables: the migrations were in the same transaction


async def test_a_bot_still_running_on_the_file_cannot_write_while_it_moves(
    release_file: str, target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From the first row read to the commit the move holds the file's write lock: a write that comes meanwhile (a
    bot someone forgot to stop) is refused as busy instead of landing in the file after the copy read it."""
    copy = move._copy
    refused: list[str] = []

    def copy_while_someone_writes(lite: sqlite3.Connection, pg: psycopg.Connection[Any], table: str) -> int:
        if not refused:
            writer = sqlite3.connect(release_file, isolation_level=None, timeout=0.05)
            try:
                writer.execute("UPDATE games SET updated_at = 'too late'")
            except sqlite3.OperationalError as e:
                refused.append(str(e))
            finally:
                writer.close()
        return copy(lite, pg, table)

    monkeypatch.setattr(move, "_copy", copy_while_someone_writes)
    await move.move(release_file, target)
    assert refused == ["database is locked"]
    assert "too late" not in str(sqlite_rows(release_file)["games"])
