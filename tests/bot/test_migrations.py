"""SQLite's migrations and PostgreSQL's form of them (``migrations/postgresql``) make the same database.

One numbering for both: the same files, the same tables, columns, keys and indexes at the end; and the steps
that change rows (0002's deliveries, 0010's options, 0012's names, 0013's log marks) change them alike, checked
on the rows the real 0.1.0 bot wrote (``tests/fixtures/release_0_1_0``) upgraded in both.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.store import MIGRATIONS_DIR, Store

from .. import postgresql

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "release_0_1_0" / "nightfall.sql"
#: each SQLite column type and its PostgreSQL form (Discord ids need 64 bits; epoch seconds a double)
TYPES = {"INTEGER": "bigint", "REAL": "double precision", "TEXT": "text"}
SQLITE_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"


def test_both_dialects_have_the_same_steps() -> None:
    sqlite_steps = sorted(p.name for p in MIGRATIONS_DIR.glob("*.sql"))
    postgresql_steps = sorted(p.name for p in (MIGRATIONS_DIR / "postgresql").glob("*.sql"))
    assert sqlite_steps and sqlite_steps == postgresql_steps


def sqlite_schema(path: str) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute(SQLITE_TABLES)]
        schema: dict[str, Any] = {}
        for table in tables:
            info = conn.execute(f"PRAGMA table_info({table})").fetchall()
            columns = [(r[1], TYPES.get(r[2].upper(), r[2]), bool(r[3]) or r[5] > 0) for r in info]
            key = [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
            indexes = set()
            for _, name, unique, origin, partial in conn.execute(f"PRAGMA index_list({table})"):
                if origin != "c":  # the primary key's own index
                    continue
                cols = tuple(r[2] for r in conn.execute(f"PRAGMA index_info({name})"))
                indexes.add((name, cols, bool(unique), bool(partial)))
            schema[table] = {"columns": columns, "key": key, "indexes": indexes}
        return schema
    finally:
        conn.close()


def postgresql_schema(url: str) -> dict[str, Any]:
    with psycopg.connect(url) as conn:
        tables = [r[0] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
        schema: dict[str, Any] = {}
        for table in tables:
            columns = [
                (r[0], r[1], r[2] == "NO")
                for r in conn.execute(
                    "SELECT column_name, data_type, is_nullable FROM information_schema.columns "
                    "WHERE table_schema = 'public' AND table_name = %s ORDER BY ordinal_position",
                    (table,),
                )
            ]
            key = [
                r[0]
                for r in conn.execute(
                    "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
                    "AND a.attnum = ANY(i.indkey) WHERE i.indrelid = %s::regclass AND i.indisprimary "
                    "ORDER BY array_position(i.indkey, a.attnum)",
                    (table,),
                )
            ]
            indexes = set()
            for name, definition in conn.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = %s", (table,)
            ):
                if name == f"{table}_pkey":
                    continue
                m = re.match(r"CREATE (UNIQUE )?INDEX \S+ ON \S+ USING btree \(([^)]*)\)( WHERE .*)?$", definition)
                assert m, definition
                cols = tuple(c.strip() for c in m.group(2).split(","))
                indexes.add((name, cols, bool(m.group(1)), bool(m.group(3))))
            schema[table] = {"columns": columns, "key": key, "indexes": indexes}
        return schema


async def test_both_dialects_end_with_the_same_tables_columns_and_indexes(
    tmp_path: Path, postgresql_cluster: postgresql.Cluster
) -> None:
    path = str(tmp_path / "nightfall.db")
    url = postgresql_cluster.new_database(template="template1")
    for location in (path, url):
        store = await Store.open(location)
        await store.close()
    lite, pg = sqlite_schema(path), postgresql_schema(url)
    # the store's own record of the steps (created by the same statement in both): a version number fits 32 bits
    assert pg["schema_migrations"]["columns"][0] == ("version", "integer", True)
    pg["schema_migrations"]["columns"][0] = ("version", "bigint", True)
    assert sorted(lite) == sorted(pg)
    for table in lite:
        assert lite[table] == pg[table], table


def _rows(fetch: Any, table: str, columns: list[str]) -> list[tuple[Any, ...]]:
    """Every row of a table in a comparable form (JSON text read as what it says), sorted."""
    found = fetch(f"SELECT {', '.join(columns)} FROM {table}")
    out = []
    for row in found:
        values = []
        for column, value in zip(columns, row, strict=True):
            if column == "options":
                value = json.loads(value)
            elif isinstance(value, float):
                value = round(value, 6)
            values.append(value)
        out.append(tuple(values))
    return sorted(out, key=repr)


async def test_the_steps_that_change_rows_change_them_alike(
    tmp_path: Path, postgresql_cluster: postgresql.Cluster
) -> None:
    """The 0.1.0 rows, upgraded from version 1 by SQLite's migrations and by PostgreSQL's, end the same."""
    path = str(tmp_path / "nightfall.db")
    with sqlite3.connect(path) as conn:
        conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    with sqlite3.connect(path) as conn:
        assert [r[0] for r in conn.execute("SELECT version FROM schema_migrations")] == [1]
        tables = [r[0] for r in conn.execute(SQLITE_TABLES)]
        old = {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in tables}
        old_columns = {t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")] for t in tables}
    conn.close()
    assert old["games"] and old["seats"] and old["prompts"]

    # PostgreSQL at version 1, holding the same rows
    first = tmp_path / "first"
    (first / "postgresql").mkdir(parents=True)
    shutil.copy(MIGRATIONS_DIR / "postgresql" / "0001_init.sql", first / "postgresql")
    url = postgresql_cluster.new_database(template="template1")
    store = await Store.open(url, migrations=first)
    await store.close()
    with psycopg.connect(url) as pg:
        pg.execute("DELETE FROM schema_migrations")
        for table in ["games", *(t for t in tables if t != "games")]:
            marks = ", ".join(["%s"] * len(old_columns[table]))
            with pg.cursor() as cur:
                cur.executemany(
                    f"INSERT INTO {table} ({', '.join(old_columns[table])}) VALUES ({marks})",  # type: ignore[arg-type]
                    old[table],
                )
        pg.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))")

    for location in (path, url):
        store = await Store.open(location)
        await store.close()

    with sqlite3.connect(path) as lite, psycopg.connect(url) as pg:
        for table in sqlite_schema(path):
            columns = [r[1] for r in lite.execute(f"PRAGMA table_info({table})")]
            if table == "schema_migrations":
                columns.remove("applied_at")  # when each was applied
            sqlite_rows = _rows(lambda sql: lite.execute(sql).fetchall(), table, columns)
            postgresql_rows = _rows(lambda sql: pg.execute(sql).fetchall(), table, columns)
            assert sqlite_rows == postgresql_rows, table
    lite.close()


async def test_two_processes_starting_at_once_apply_each_postgresql_step_once(
    postgresql_cluster: postgresql.Cluster,
) -> None:
    """Two bots opening one new PostgreSQL database at the same moment: the migrations take turns (an advisory
    lock), so each step is applied once and neither start fails."""
    url = postgresql_cluster.new_database(template="template1")
    first, second = await asyncio.gather(Store.open(url), Store.open(url))
    try:
        steps = sorted(p.name for p in (MIGRATIONS_DIR / "postgresql").glob("*.sql"))
        assert [name for _, name in await first.applied_migrations()] == steps
        assert await second.applied_migrations() == await first.applied_migrations()
    finally:
        await first.close()
        await second.close()


async def test_a_store_without_its_migrations_refuses_to_open(tmp_path: Path) -> None:
    """Installed without the project's folder (a wheel holds no ``migrations``), the bot would run on no schema at
    all and say "0 migrations applied": it stops with a sentence saying why instead."""
    with pytest.raises(FileNotFoundError, match="no migrations"):
        await Store.open(str(tmp_path / "nightfall.db"), migrations=tmp_path / "nowhere")
