"""Every SQL statement the bot's store runs on SQLite in a whole run of the suite is run on PostgreSQL too.

The bot tests all run on SQLite; on PostgreSQL, by default, only those marked ``postgresql`` (the store's own tests,
whole games, restarts, crashes, races, several processes: see ``tests/conftest.py``). What one store can do that the
other cannot lies in the SQL each is given, so this plugin notes the statement texts the store's connections run on
each store (the store's own text, before ``bot.store.postgresql.postgresql_sql`` gives PostgreSQL its form) and,
after a whole run on both stores, fails the run with every statement that PostgreSQL never ran and a test that ran it
on SQLite: mark that test (or another that runs the statement) ``postgresql``. The statements the store chooses by
dialect count as run where PostgreSQL ran the same text with its own clause added (``FOR UPDATE SKIP LOCKED``).

``NIGHTFALL_TEST_STATEMENTS=any`` judges any selection of tests too (``-m bot``, a folder), to find the tests to
mark without running the whole suite. With pytest-xdist each worker sends what it noted to the controller at the
end, which does the comparing.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest

from bot.store import base as store_base
from bot.store import postgresql as pg_store
from bot.store import sqlite as sqlite_store

#: the key of what a worker sends the controller
OUTPUT = "store_statements"
#: statements of one store only by design: the connection's own settings, and the transaction's own statements
#: (PostgreSQL's are psycopg's)
ONE_STORE_ONLY = ("PRAGMA ", "BEGIN", "COMMIT", "ROLLBACK")
#: statements the store runs on SQLite alone, by design (their text begins so), and why; "start-up": the only
#: process of a SQLite file voids every lease and hold at its start, never done on a shared database
SQLITE_ONLY = {
    "UPDATE deliveries SET lease_until = 0, answer_until = 0 WHERE lease_until > 0 OR answer_until > 0": "start-up",
    "UPDATE games SET ai_until = 0 WHERE ai_until > 0": "start-up",
    "UPDATE deadlines SET lease_until = 0 WHERE lease_until > 0": "start-up",
    "UPDATE players SET digest_lease = 0 WHERE digest_lease > 0": "start-up",
    "SELECT g.id FROM games g WHERE g.status = 'active' AND g.paused IS NULL AND EXISTS (SELECT 1 FROM seats s "
    "WHERE s.game_id = g.id AND s.is_ai = 1 AND json_extract(": "SQLite's JSON function (PostgreSQL's ->> instead)",
}
#: the files a statement passes through on its way to the connection: the caller is the first frame outside them
_PASSAGE = ("tests/statements.py", "bot/store/sqlite.py", "bot/store/postgresql.py")

#: the connection class the bot ships with (the tests give the store a noting one)
SHIPPED_CONNECTION = sqlite_store.Database.connection_class
#: store -> statement text -> the first test that ran it
_seen: dict[str, dict[str, str]] = {"sqlite": {}, "postgresql": {}}
#: store -> the texts already noted as they came (most statements come again and again: no shaping twice)
_raw: dict[str, set[str]] = {"sqlite": set(), "postgresql": set()}
_guard = threading.Lock()
#: texts a test is running through the store's own one-statement helpers (``store._read("SELECT …")``) right now:
#: a test's query, not the store's
_tests_own: dict[str, int] = {}
_test = ""


_LIST = re.compile(r"\(\?(?:\s*,\s*\?)*\)")


def shape(sql: str) -> str:
    """A statement's text as compared: its spaces as one, and a list of placeholders as one list, however long
    (``seat NOT IN (?, ?, ?)`` is the same statement at three seats and at four)."""
    return _LIST.sub("(?, …)", " ".join(sql.split()))


def _the_stores(frame: Any) -> bool:
    """Whether the statement comes from the store's own code: not a test's query (a test reads or breaks the
    database through the store's connection) and not a migration (each store has its own files of them)."""
    while frame is not None and frame.f_code.co_filename.endswith(_PASSAGE):
        frame = frame.f_back
    while frame is not None:
        if frame.f_code.co_filename.endswith(".py") and "/tests/" in frame.f_code.co_filename:
            return False
        if frame.f_code.co_qualname.endswith("migrate.<locals>.apply"):
            return False
        if "/bot/" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _note(store: str, sql: str) -> None:
    if sql in _raw[store] or sql in _tests_own:
        return
    if not _the_stores(sys._getframe(1)):
        return
    with _guard:
        _raw[store].add(sql)
        _seen[store].setdefault(shape(sql), _test)


class NotingConnection(sqlite3.Connection):
    """A SQLite connection that notes the text of each statement it runs."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        _note("sqlite", sql)
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        _note("sqlite", sql)
        return super().executemany(sql, parameters)


def _noting_pg() -> None:
    execute, executemany = pg_store.PgConnection.execute, pg_store.PgConnection.executemany

    def noted_execute(self: pg_store.PgConnection, sql: str, parameters: Sequence[Any] = (), /) -> Any:
        _note("postgresql", sql)
        return execute(self, sql, parameters)

    def noted_executemany(self: pg_store.PgConnection, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any:
        _note("postgresql", sql)
        return executemany(self, sql, parameters)

    pg_store.PgConnection.execute = noted_execute  # type: ignore[method-assign]
    pg_store.PgConnection.executemany = noted_executemany  # type: ignore[method-assign]


def _quiet_for_tests(cls: type, name: str) -> None:
    """The store's one-statement helper ``cls.name``, keeping quiet about a statement a test gives it."""
    helper = getattr(cls, name)

    async def helping(self: Any, sql: str, *args: Any, **kwargs: Any) -> Any:
        if "/tests/" not in sys._getframe(1).f_code.co_filename:
            return await helper(self, sql, *args, **kwargs)
        _tests_own[sql] = _tests_own.get(sql, 0) + 1
        try:
            return await helper(self, sql, *args, **kwargs)
        finally:
            _tests_own[sql] -= 1
            if not _tests_own[sql]:
                del _tests_own[sql]

    setattr(cls, name, helping)


def pytest_configure(config: pytest.Config) -> None:
    sqlite_store.Database.connection_class = NotingConnection
    _noting_pg()
    for cls in (store_base.StoreBase, store_base.StorePart):
        for name in ("_read", "_read_one", "_games", "_write"):
            _quiet_for_tests(cls, name)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    global _test
    _test = item.nodeid
    try:
        return (yield)
    finally:
        _test = ""


def hand_over(session: pytest.Session) -> None:
    """At a worker's end (``pytest_sessionfinish``): what it noted goes to the controller."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:  # a worker: the controller compares
        output[OUTPUT] = _seen


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """A worker's notes, merged into the controller's."""
    for store, seen in getattr(node, "workeroutput", {}).get(OUTPUT, {}).items():
        for sql, test in seen.items():
            _seen[store].setdefault(sql, test)


def missing_on_postgresql(seen: dict[str, dict[str, str]]) -> dict[str, str]:
    """The statements run on SQLite that PostgreSQL never ran (as they are, or with a clause of its own added), each
    with a test that ran it."""
    on_pg = seen["postgresql"]
    missing = {}
    for sql, test in seen["sqlite"].items():
        if sql.startswith(ONE_STORE_ONLY) or sql.startswith(tuple(SQLITE_ONLY)) or sql in on_pg:
            continue
        if any(other.startswith(sql) for other in on_pg):
            continue
        missing[sql] = test
    return missing


def whole_run(config: pytest.Config) -> bool:
    """The whole suite was asked for (no selection), so every statement it runs should have run on both stores."""
    option = config.option
    if getattr(option, "keyword", "") or getattr(option, "markexpr", "") or getattr(option, "lf", False):
        return False
    if getattr(option, "deselect", None):
        return False
    args = [a.rstrip("/") for a in config.args]
    return args == [p.rstrip("/") for p in config.getini("testpaths")] or args == ["."] or not args


def _judged(config: pytest.Config, stores: list[str]) -> bool:
    """Whether this run is one to judge: the controller (or the only process) of a whole run on both stores in
    which PostgreSQL's tests ran (not skipped for want of a server)."""
    return (
        not hasattr(config, "workerinput")
        and stores == ["sqlite", "postgresql"]
        and (whole_run(config) or os.environ.get("NIGHTFALL_TEST_STATEMENTS") == "any")
        and bool(_seen["postgresql"])
    )


def failed(config: pytest.Config, stores: list[str]) -> bool:
    """A whole run on both stores in which PostgreSQL never ran a statement that SQLite ran."""
    return _judged(config, stores) and bool(missing_on_postgresql(_seen))


def report(terminalreporter: pytest.TerminalReporter, stores: list[str]) -> None:
    """One line when PostgreSQL ran every statement SQLite ran in a whole run on both stores; else each statement
    it missed with a test that ran it on SQLite."""
    if not _judged(terminalreporter.config, stores):
        return
    missing = missing_on_postgresql(_seen)
    if not missing:
        terminalreporter.write_line(
            f"store statements: all {len(_seen['sqlite'])} run on SQLite were run on PostgreSQL too", green=True
        )
        return
    terminalreporter.write_sep("=", "store statements PostgreSQL never ran", red=True)
    for sql, test in sorted(missing.items(), key=lambda kv: kv[1]):
        terminalreporter.write_line(f"{test}\n    {sql[:300]}")
    terminalreporter.write_line(
        f"{len(missing)} statement(s) ran on SQLite only: mark a test that runs each `postgresql`",
        red=True,
        bold=True,
    )
