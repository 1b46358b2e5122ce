"""Moving a server's games from its SQLite file to PostgreSQL (``python -m bot.migrate --to postgresql://…``).

The move is all or nothing: the target's migrations and every table's rows (``COPY``, through psycopg) are written in
one PostgreSQL transaction, checked, and committed only if the check passes, so a move that fails leaves the target
as empty as it found it. The
SQLite file keeps its write lock (``BEGIN IMMEDIATE``) from the first row read to the commit: a bot still running on
it cannot write a move that the copy would miss (its writes wait, then are refused as "busy"); the file itself is
never changed by the copy, and stays the bot's database until ``NIGHTFALL_DB`` names the new one.

What is checked before anything is written: the target is a PostgreSQL URL, the source file exists and is not at a
newer schema than this release knows, and the target holds no rows of the bot's tables. What is checked before the
commit: each table has as many rows on both sides, and every running game loads on the target through the bot's own
loading path (latest snapshot plus the actions after it) to the very state it loads to from the file.
"""

from __future__ import annotations

import contextlib
import graphlib
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import discord
import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict

from bot.games import FACES
from bot.service import GameService
from bot.settings import Settings
from bot.store import MIGRATIONS_DIR, Store
from bot.store.postgresql import Answer, LoopAnswer, PgConnection, configure_connection, described
from bot.store.sqlite import Database, DatabaseStats, is_postgresql, redacted

T = TypeVar("T")

#: milliseconds the move waits for the SQLite file's write lock (a bot in the middle of a move holds it briefly)
LOCK_WAIT_MS = 5000
#: the table each database keeps its own migration history in: never copied
HISTORY = "schema_migrations"


class Refused(Exception):
    """The move did not start, or was rolled back: nothing was written to the target. The message is one line for
    whoever runs the command (no password in it)."""


@dataclass
class Moved:
    """What a move copied: rows per table (in the order they were copied), and games per (game, status)."""

    source: str
    target: str
    rows: dict[str, int] = field(default_factory=dict)
    games: dict[tuple[str, str], int] = field(default_factory=dict)
    #: ids of the running games that were loaded on both sides and found equal
    checked: list[int] = field(default_factory=list)

    @property
    def env_line(self) -> str:
        """The line that points the bot at its new database (``.env``), with the password left out."""
        return f"NIGHTFALL_DB={redacted(self.target)}"


# ---------------------------------------------------------------------------------------------- checks
def _known_versions(migrations: Path) -> set[int]:
    return {int(p.name[:4]) for p in migrations.glob("*.sql") if p.name[:4].isdigit()}


def _hide_password(text: str, url: str) -> str:
    """A driver's message with the URL's password taken out, wherever it appears."""
    try:
        password = conninfo_to_dict(url).get("password")
    except psycopg.Error:
        password = None
    return text.replace(str(password), "***") if password else text


def _source_versions(path: str) -> set[int]:
    """The migrations the SQLite file has, read without writing it (``mode=ro``)."""
    try:
        conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise Refused(f"cannot open {path}: {e}") from e
    try:
        listed = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (HISTORY,)).fetchone()
        if listed is None:
            return set()
        return {int(r[0]) for r in conn.execute(f"SELECT version FROM {HISTORY}")}
    except sqlite3.DatabaseError as e:
        raise Refused(f"{path} is not a SQLite database the bot wrote ({e})") from e
    finally:
        conn.close()


def _connect(url: str) -> psycopg.Connection[Any]:
    try:
        conn = psycopg.connect(url, connect_timeout=10)
    except psycopg.Error as e:
        reason = _hide_password(str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__, url)
        raise Refused(f"cannot connect to {redacted(url)}: {reason}") from e
    configure_connection(conn)
    return conn


def _target_tables(conn: psycopg.Connection[Any]) -> set[str]:
    found = conn.execute(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
        "AND table_type = 'BASE TABLE'"
    ).fetchall()
    return {str(r[0]) for r in found}


def _check_target(conn: psycopg.Connection[Any], url: str, tables: Sequence[str], known: set[int]) -> None:
    """Refuse a target that is not empty (a second move would mix two servers' games, or copy one twice) or that
    a newer release has migrated."""
    present = _target_tables(conn)
    if HISTORY in present:
        versions = {int(r[0]) for r in conn.execute(f"SELECT version FROM {HISTORY}").fetchall()}
        if versions - known:
            raise Refused(
                f"{redacted(url)} is at schema {max(versions):04d}, newer than this release knows "
                f"({max(known):04d}): move with the release that wrote it"
            )
    holding = []
    for table in tables:
        if table not in present:
            continue
        count = conn.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))).fetchone()
        if count and count[0]:
            holding.append(f"{count[0]} {table}")
    if holding:
        raise Refused(
            f"{redacted(url)} already holds rows ({', '.join(holding)}): move into an empty database "
            "(createdb a new one, or drop this one's tables)"
        )


# ---------------------------------------------------------------------------------------------- the source
def _source_tables(conn: sqlite3.Connection) -> list[str]:
    """The source's tables, each after the tables its foreign keys point to (SQLite's own and the migration
    history left out)."""
    names = [
        str(r[0])
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    names = [n for n in names if n != HISTORY]
    order: graphlib.TopologicalSorter[str] = graphlib.TopologicalSorter()
    for name in names:
        parents = {str(r[2]) for r in conn.execute("SELECT * FROM pragma_foreign_key_list(?)", (name,))}
        order.add(name, *sorted(parents - {name}))
    try:
        return [n for n in order.static_order() if n in names]
    except graphlib.CycleError as e:
        raise Refused(f"the tables' foreign keys form a cycle ({e.args[1]}): they cannot be copied in order") from e


def _source_columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(r[1]) for r in conn.execute("SELECT * FROM pragma_table_info(?) ORDER BY cid", (table,))]


def _autoincrement(conn: sqlite3.Connection) -> dict[str, int]:
    """The highest id each ``AUTOINCREMENT`` table ever gave (a deleted game's too: ids are never reused)."""
    listed = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").fetchone()
    if listed is None:
        return {}
    return {str(r[0]): int(r[1]) for r in conn.execute("SELECT name, seq FROM sqlite_sequence")}


# ---------------------------------------------------------------------------------------------- values
class _BadValue(ValueError):
    pass


def _whole(value: Any) -> Any:
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise _BadValue(f"{value!r} is not a whole number")


def _number(value: Any) -> Any:
    if value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return float(value)
    raise _BadValue(f"{value!r} is not a number")


def _text(value: Any) -> Any:
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _BadValue(f"{value[:20]!r}… is not UTF-8 text") from e
    if isinstance(value, int | float):
        value = str(value)  # what SQLite hands back for a number kept in a TEXT column
    if isinstance(value, str) and "\x00" in value:
        raise _BadValue("text holds a NUL character, which PostgreSQL's text cannot")
    return value


def _bytes(value: Any) -> Any:
    return value.encode("utf-8") if isinstance(value, str) else value


def _boolean(value: Any) -> Any:
    return None if value is None else bool(_whole(value))


#: how a SQLite value becomes the PostgreSQL column's (by ``information_schema.columns.data_type``): SQLite keeps
#: whatever a column was given, PostgreSQL takes only its type. JSON kept as text stays text (COPY parses it).
CONVERT: dict[str, Callable[[Any], Any]] = {
    "bigint": _whole,
    "integer": _whole,
    "smallint": _whole,
    "double precision": _number,
    "real": _number,
    "numeric": _number,
    "text": _text,
    "character varying": _text,
    "json": _text,
    "jsonb": _text,
    "bytea": _bytes,
    "boolean": _boolean,
}


def _converters(conn: psycopg.Connection[Any], table: str, columns: Sequence[str]) -> list[Callable[[Any], Any]]:
    """One converter per column; refuses a table whose columns differ between the two databases (the two
    dialects' migrations make the same columns: a difference means the releases differ)."""
    types = {
        str(r[0]): str(r[1])
        for r in conn.execute(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = %s",
            (table,),
        ).fetchall()
    }
    if set(types) != set(columns):
        missing, extra = sorted(set(columns) - set(types)), sorted(set(types) - set(columns))
        raise Refused(f"table {table} differs on the target (missing {missing}, extra {extra}): same release?")
    return [CONVERT.get(types[c], lambda v: v) for c in columns]


# ---------------------------------------------------------------------------------------------- checking
class _Nested(PgConnection):
    """The move's connection as the store's units of work see it: their own ``BEGIN … COMMIT`` become a savepoint
    inside the move's transaction, so that what they read is the uncommitted copy and they commit nothing."""

    __slots__ = ()

    STATEMENTS: ClassVar[dict[str, str]] = {
        "BEGIN": "SAVEPOINT store_unit",
        "BEGIN IMMEDIATE": "SAVEPOINT store_unit",
        "BEGIN DEFERRED": "SAVEPOINT store_unit",
        "COMMIT": "RELEASE SAVEPOINT store_unit",
        "ROLLBACK": "ROLLBACK TO SAVEPOINT store_unit",
    }

    def execute(self, sql_text: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any] | Answer | LoopAnswer:
        nested = self.STATEMENTS.get(sql_text.strip().upper())
        return super().execute(nested if nested is not None else sql_text, parameters)


class _InTransaction(Database):
    """The store's database on the move's open transaction: the bot's own code reads the copy before it is
    committed. Reads only: a write here would be a bug of the check."""

    dialect = "postgresql"

    def __init__(self, raw: psycopg.Connection[Any], url: str) -> None:
        super().__init__(redacted(url), "move", DatabaseStats())
        self.raw = raw

    async def call(self, fn: Callable[[Any], T]) -> T:
        return fn(_Nested(self.raw))

    async def transaction(self, fn: Callable[[Any], T], *, wait: bool = True) -> T:
        raise RuntimeError("the move's check only reads")

    async def close(self) -> None:
        self._closed = True
        self._executor.shutdown(wait=False)


def _pinned(pg: psycopg.Connection[Any], target: str) -> Store:
    """The store on the move's open transaction (its units of work nested in it as savepoints)."""
    database = _InTransaction(pg, target)
    return Store(database, database, discord.utils.utcnow, database.stats)


async def _loaded(store: Store, game_ids: Sequence[int]) -> dict[int, tuple[int, str | None] | Exception]:
    """Each game as the bot loads it (``GameService.table``: latest snapshot plus the actions after it, replayed
    to the stored version): its version and its whole state, or what stopped it loading."""
    service = GameService(store, Settings(db_path=store.writer.path, ai_workers=0), FACES)
    try:
        found: dict[int, tuple[int, str | None] | Exception] = {}
        for game_id in game_ids:
            try:
                table = await service.table(game_id)
            except Exception as e:  # reported by the caller, game by game
                found[game_id] = e
                continue
            found[game_id] = (table.row.version, None if table.game is None else table.game.to_json())
        return found
    finally:
        service.thinker.shutdown()


@contextlib.contextmanager
def _write_lock(path: str) -> Iterator[sqlite3.Connection]:
    """The SQLite file held with its write lock: a running bot's writes wait (then are refused as busy) instead of
    landing after the copy read the tables. Nothing is written through it; the lock ends with a rollback."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {LOCK_WAIT_MS}")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            raise Refused(f"another program (a running bot?) is writing {path}: stop the bot, then move ({e})") from e
        try:
            yield conn
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.close()


# ---------------------------------------------------------------------------------------------- the move
async def move(
    source: str, target: str, say: Callable[[str], None] = lambda _line: None, migrations: Path = MIGRATIONS_DIR
) -> Moved:
    """Copy every game of the SQLite file ``source`` into the PostgreSQL database ``target``: all of it or, on any
    refusal or failed check, nothing (``Refused``). ``say`` hears what the move is doing, a line at a time."""
    if not is_postgresql(target):
        raise Refused(f"--to must be a postgresql:// URL, not {redacted(target)!r}")
    if is_postgresql(source):
        raise Refused(f"the source {redacted(source)} is already PostgreSQL: name the SQLite file with --from")
    if source == ":memory:" or not Path(source).is_file():
        raise Refused(f"there is no SQLite database at {source}")
    known = _known_versions(migrations)
    versions = _source_versions(source)
    if versions - known:
        raise Refused(
            f"{source} is at schema {max(versions):04d}, newer than this release knows ({max(known):04d}): "
            "move it with the release that wrote it"
        )

    try:
        with _connect(target) as pg:
            _check_target(pg, target, _source_tables_of(source), known)
            pg.rollback()
    except psycopg.Error as e:
        raise Refused(f"cannot read {redacted(target)}: {described(e)}") from e

    # the file at this release's schema, as the bot's start would bring it (a file another program is writing
    # stops the move here, before anything is written)
    try:
        store = await Store.open(source, migrations)
        await store.close()
    except sqlite3.Error as e:
        raise Refused(f"cannot bring {source} up to date (a running bot? stop it first): {e}") from e

    moved = Moved(source, target)
    say(f"Holding {source}'s write lock while it moves: stop the bot first (its writes wait until the move ends).")
    with _write_lock(source) as lite, _connect(target) as pg:
        tables = _source_tables(lite)
        try:
            with pg.transaction():
                # PostgreSQL's form of every step, by the store's own migrate, in this same transaction: a move
                # that fails leaves not even the tables behind
                await _pinned(pg, target).migrate(migrations)
                _check_target(pg, target, tables, known)
                for table in tables:
                    moved.rows[table] = _copy(lite, pg, table)
                _match_counts(lite, pg, tables)
                _advance_identities(pg, _autoincrement(lite))
                by_status = lite.execute("SELECT game, status, count(*) FROM games GROUP BY game, status ORDER BY 1, 2")
                moved.games = {(str(r[0]), str(r[1])): int(r[2]) for r in by_status}
                moved.checked = await _check_games(lite, pg, source, target, migrations, say)
        except psycopg.Error as e:
            raise Refused(f"PostgreSQL refused the copy, nothing was written: {described(e)}") from e
    return moved


def _source_tables_of(path: str) -> list[str]:
    conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
    try:
        return _source_tables(conn)
    finally:
        conn.close()


def _copy(lite: sqlite3.Connection, pg: psycopg.Connection[Any], table: str) -> int:
    """One table's rows, streamed from SQLite into PostgreSQL's ``COPY`` (psycopg quotes and encodes each value)."""
    columns = _source_columns(lite, table)
    convert = _converters(pg, table, columns)
    statement = sql.SQL("COPY {} ({}) FROM STDIN").format(
        sql.Identifier(table), sql.SQL(", ").join(sql.Identifier(c) for c in columns)
    )
    names = ", ".join(_quoted(c) for c in columns)
    count = 0
    with pg.cursor() as cur, cur.copy(statement) as copy:
        for row in lite.execute(f"SELECT {names} FROM {_quoted(table)}"):
            try:
                copy.write_row([fn(value) for fn, value in zip(convert, row, strict=True)])
            except _BadValue as e:
                column = next(c for c, fn, v in zip(columns, convert, row, strict=True) if _fails(fn, v))
                raise Refused(f"{table}.{column}: {e}; nothing was written") from e
            count += 1
    return count


def _quoted(name: str) -> str:
    """A table or column name of the schema as a SQLite identifier."""
    return '"' + name.replace('"', '""') + '"'


def _fails(fn: Callable[[Any], Any], value: Any) -> bool:
    try:
        fn(value)
    except _BadValue:
        return True
    return False


def _match_counts(lite: sqlite3.Connection, pg: psycopg.Connection[Any], tables: Sequence[str]) -> None:
    for table in tables:
        before = lite.execute(f"SELECT count(*) FROM {_quoted(table)}").fetchone()
        after = pg.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table))).fetchone()
        if before is None or after is None or before[0] != after[0]:
            raise Refused(f"{table}: {before} row(s) in the file but {after} copied; nothing was written")


def _advance_identities(pg: psycopg.Connection[Any], highest: dict[str, int]) -> None:
    """Every identity column's sequence past the copied ids (and past any id SQLite ever gave), so the next game
    PostgreSQL numbers gets a fresh id."""
    found = pg.execute(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() "
        "AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')"
    ).fetchall()
    for table, column in found:
        top = pg.execute(sql.SQL("SELECT max({}) FROM {}").format(sql.Identifier(column), sql.Identifier(table)))
        row = top.fetchone()
        last = max(int(row[0]) if row and row[0] is not None else 0, highest.get(str(table), 0))
        if last:
            pg.execute(
                "SELECT setval(pg_get_serial_sequence(%s, %s), %s)", (sql.Identifier(table).as_string(pg), column, last)
            )


async def _check_games(
    lite: sqlite3.Connection,
    pg: psycopg.Connection[Any],
    source: str,
    target: str,
    migrations: Path,
    say: Callable[[str], None],
) -> list[int]:
    """Every game in a lobby or in play, loaded by the bot's own code from the file and from the uncommitted copy:
    the same version and the same state, or the move is rolled back."""
    running = [int(r[0]) for r in lite.execute("SELECT id FROM games WHERE status IN ('lobby', 'active') ORDER BY id")]
    if not running:
        return []
    copy = _pinned(pg, target)
    # the file through a reader of its own (WAL lets it read beside the move's write lock); it is up to date
    original = await Store.open(source, migrations)
    try:
        there, here = await _loaded(copy, running), await _loaded(original, running)
    finally:
        await original.close()
        await copy.close()
    checked = []
    for game_id in running:
        before, after = here[game_id], there[game_id]
        if isinstance(before, Exception):  # broken in the file already: the copy cannot do better
            say(f"  game {game_id} does not load from the file either ({before!r}): copied as it is")
            continue
        if isinstance(after, Exception):
            raise Refused(f"game {game_id} does not load from the copy ({after!r}); nothing was written")
        if after != before:
            raise Refused(
                f"game {game_id} loads differently from the copy (version {after[0]}, {before[0]} in the file); "
                "nothing was written"
            )
        checked.append(game_id)
    return checked


def report(moved: Moved) -> list[str]:
    """What the command prints once the move is committed."""
    lines = [f"Moved {redacted(moved.source)} to {redacted(moved.target)}:"]
    width = max((len(t) for t in moved.rows), default=0)
    lines += [f"  {table.ljust(width)}  {count} row(s)" for table, count in moved.rows.items()]
    games = ", ".join(f"{n} {game} {status}" for (game, status), n in sorted(moved.games.items())) or "none"
    lines.append(f"Games: {games}; {len(moved.checked)} lobby/running game(s) load the same on PostgreSQL.")
    lines.append("Point the bot at its new database (.env), then start it:")
    lines.append(f"  {moved.env_line}")
    lines.append(f"The copy left {moved.source} as it was: keep it as a backup, and start no bot on it again.")
    return lines


__all__ = ["Moved", "Refused", "move", "report"]
