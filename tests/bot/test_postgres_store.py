"""The PostgreSQL store's own pieces: which setting opens it, the SQL text it gives PostgreSQL, and how its errors
read (the store's behaviour on both databases is tested by running the store and bot tests on both)."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from psycopg import errors as pg_errors

from bot import migrate
from bot.store import Store
from bot.store.postgresql import is_postgresql, postgresql_sql, query_error, redacted, storage_kind
from bot.store.sqlite import (
    CONSTRAINT_ERRORS,
    DATABASE_ERRORS,
    ConstraintError,
    Database,
    DatabaseBusy,
    QueryError,
    StorageError,
    StorageFull,
    StorageReadOnly,
)

from .. import postgresql, statements


@pytest.mark.parametrize(
    ("setting", "postgresql"),
    [
        ("postgresql://bot:secret@db.example/nightfall", True),
        ("postgres://bot@/nightfall?host=/run/postgresql", True),
        ("nightfall.db", False),
        ("/var/lib/nightfall/games.db", False),
        (":memory:", False),
    ],
)
def test_a_url_opens_postgresql_and_anything_else_is_a_sqlite_file(setting: str, postgresql: bool) -> None:
    assert is_postgresql(setting) is postgresql


def test_the_password_never_reaches_a_log() -> None:
    assert (
        redacted("postgresql://bot:s3cr:et@db.example:5432/nightfall")
        == "postgresql://bot:***@db.example:5432/nightfall"
    )
    assert redacted("postgresql://bot@db.example/nightfall") == "postgresql://bot@db.example/nightfall"


@pytest.mark.parametrize(
    ("sqlite", "postgresql"),
    [
        ("SELECT a FROM t WHERE b = ? AND c = ?", "SELECT a FROM t WHERE b = %s AND c = %s"),
        # a ? or % inside a quoted string stays as it is (psycopg reads %% as %)
        ("SELECT '?', 'a%' FROM t WHERE b = ?", "SELECT '?', 'a%%' FROM t WHERE b = %s"),
        ("SELECT 'it''s ?' WHERE x = ?", "SELECT 'it''s ?' WHERE x = %s"),
        # two arguments: the scalar function; one: the aggregate, the same in both
        ("UPDATE d SET done = MAX(done, ?)", "UPDATE d SET done = GREATEST(done, %s)"),
        ("SELECT MIN(MAX(next_at, lease_until)) FROM d", "SELECT MIN(GREATEST(next_at, lease_until)) FROM d"),
        ("SELECT max(a), MIN(b, COALESCE(c, 0)) FROM t", "SELECT max(a), LEAST(b, COALESCE(c, 0)) FROM t"),
        ("SELECT COALESCE(MAX(seq), 0) FROM log", "SELECT COALESCE(MAX(seq), 0) FROM log"),
        ("BEGIN IMMEDIATE", "BEGIN"),
    ],
)
def test_the_store_sql_text_in_postgresql_form(sqlite: str, postgresql: str) -> None:
    assert postgresql_sql(sqlite) == postgresql


@pytest.mark.parametrize(
    ("error", "kind", "again"),
    [
        (pg_errors.DiskFull("no space left on device"), StorageFull, False),
        (pg_errors.ReadOnlySqlTransaction("cannot execute UPDATE in a read-only transaction"), StorageReadOnly, False),
        (pg_errors.LockNotAvailable("canceling statement due to lock timeout"), DatabaseBusy, True),
        (pg_errors.SerializationFailure("could not serialize access"), DatabaseBusy, True),
        (pg_errors.DeadlockDetected("deadlock detected"), DatabaseBusy, True),
        (pg_errors.AdminShutdown("terminating connection due to administrator command"), StorageError, True),
        (pg_errors.UniqueViolation("duplicate key"), None, False),
        (pg_errors.SyntaxError("syntax error"), None, False),
    ],
)
def test_postgresql_errors_read_as_the_store_errors(error: Exception, kind: type | None, again: bool) -> None:
    """The machine's faults map to the classes the bot answers with a clear sentence (a full disk, a read-only
    server; a lock, a deadlock or a lost connection is tried again first); a statement's own errors do not."""
    assert storage_kind(error) == (kind, again)


def test_a_refused_statement_arrives_as_a_neutral_error_the_bot_catches() -> None:
    assert isinstance(query_error(pg_errors.UniqueViolation("duplicate key")), ConstraintError)
    assert type(query_error(pg_errors.SyntaxError("syntax error"))) is QueryError
    assert issubclass(ConstraintError, CONSTRAINT_ERRORS) and issubclass(sqlite3.IntegrityError, CONSTRAINT_ERRORS)
    assert issubclass(QueryError, DATABASE_ERRORS) and issubclass(sqlite3.OperationalError, DATABASE_ERRORS)


async def test_sqlite_statements_reach_sqlite_with_no_layer_between(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite stays as fast as it was: its units of work get the ``sqlite3`` connection itself (outside the tests,
    whose connections also note each statement's text: ``tests/statements.py``)."""
    assert statements.SHIPPED_CONNECTION is sqlite3.Connection
    monkeypatch.setattr(Database, "connection_class", statements.SHIPPED_CONNECTION)
    store = await Store.open(str(tmp_path / "nightfall.db"))
    try:
        assert store.dialect == "sqlite"
        assert type(await store.writer.call(lambda conn: conn)) is sqlite3.Connection
        assert type(await store.reader.call(lambda conn: conn)) is sqlite3.Connection
    finally:
        await store.close()


def test_migrate_applies_postgresql_steps_and_prints_no_password(
    postgresql_cluster: postgresql.Cluster, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m bot.migrate`` with a PostgreSQL URL: migrations/postgresql is applied, and the line it prints
    names the database without its password (the test server trusts its socket: the password is never asked)."""
    url = postgresql_cluster.new_database(template="template1")
    with_password = url.replace("://postgres@", "://postgres:hunter2@")
    assert with_password != url
    monkeypatch.setenv("NIGHTFALL_DB", with_password)
    assert migrate.main() == 0
    printed = capsys.readouterr().out
    assert "hunter2" not in printed and "postgres:***@" in printed
    steps = sorted((Path(migrate.__file__).resolve().parents[1] / "migrations" / "postgresql").glob("[0-9]*.sql"))
    assert f"schema at {steps[-1].name} ({len(steps)} migration(s) applied)" in printed


def test_a_sqlite_bot_never_loads_the_postgresql_driver(tmp_path: Path) -> None:
    """Loading psycopg takes a noticeable part of a second: a bot on SQLite starts without it."""
    script = (
        "import asyncio, sys\n"
        "import bot.app, bot.migrate\n"
        "from bot.store import Store\n"
        "async def main():\n"
        f"    store = await Store.open({str(tmp_path / 'nightfall.db')!r})\n"
        "    await store.close()\n"
        "asyncio.run(main())\n"
        "print(sorted(m for m in sys.modules if m.startswith('psycopg')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"
