"""``python -m bot.backup PATH``: a consistent copy of the SQLite database ``NIGHTFALL_DB`` names, taken while the
bot runs, and checked before it is kept.

The copy is SQLite's online backup, in one step: one read transaction, so it is the database as of one moment
(every move in it whole, none half), while the bot goes on writing beside it (in WAL mode a reader never blocks the
writer). It is written next to ``PATH`` first and checked there: ``PRAGMA integrity_check``, then the bot's own store
opens it and every lobby and running game loads through the bot's loading path (latest snapshot plus the actions
after it, replayed by the game's engine to the stored version). Only a copy that passes becomes ``PATH``; a copy
that fails is deleted and the command exits non-zero, saying why.

A PostgreSQL database is backed up with PostgreSQL's own ``pg_dump``: the command says so and prints the line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shlex
import sqlite3
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.games import FACES
from bot.service.base import ServiceBase
from bot.settings import Settings, settings_or_exit
from bot.store import Store
from bot.store.sqlite import is_postgresql

#: milliseconds the copy waits for the database while another program holds a lock SQLite's readers must wait for
BUSY_MS = 10_000
#: exit codes: the copy was refused before it was taken (a usage error, PostgreSQL, PATH exists), or it failed
REFUSED, FAILED = 2, 1


class BackupError(Exception):
    """The backup was not kept: one line saying why, for whoever runs the command."""


class Refused(BackupError):
    """The backup was not even taken: there is nothing to copy, or ``PATH`` is not free for it."""


@dataclass(frozen=True)
class Checked:
    """What the check of a copy found: the games loaded (lobbies and games in play), the copy's size."""

    games: int
    size: int


def pg_dump_line(url: str, path: str) -> str:
    """The command that backs a PostgreSQL database up (its password left out: ``PGPASSWORD`` or ``~/.pgpass``)."""
    without_password = re.sub(r"(://[^:/@]*):[^@]*@", r"\1@", url)
    return f"pg_dump --format=custom --file={shlex.quote(path)} {shlex.quote(without_password)}"


def copy_online(source: str, target: Path) -> None:
    """The database at ``source`` copied to ``target`` as of one moment, while other programs use it."""
    if not Path(source).is_file():
        raise Refused(f"there is no database at {source} (NIGHTFALL_DB)")
    src = sqlite3.connect(source, timeout=BUSY_MS / 1000)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)  # every page in one step: one read transaction, one moment
        finally:
            dst.close()
    except sqlite3.Error as e:
        raise BackupError(f"could not copy {source}: {e}") from e
    finally:
        src.close()


def check(path: Path) -> Checked:
    """The copy's pages are sound, and every lobby and running game in it loads as the bot loads it; else
    ``BackupError``, naming what failed."""
    try:
        conn = sqlite3.connect(path)
        try:
            problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise BackupError(f"the copy is damaged: {'; '.join(problems[:3])}")
            ids = [r[0] for r in conn.execute("SELECT id FROM games WHERE status IN ('lobby', 'active') ORDER BY id")]
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise BackupError(f"the copy is damaged: {e}") from e
    asyncio.run(_load_games(path, ids))
    return Checked(len(ids), path.stat().st_size)


async def _load_games(path: Path, ids: Sequence[int]) -> None:
    """Open the copy with the bot's store (as a bot's start would) and load each game through its engine."""
    try:
        store = await Store.open(str(path))
    except Exception as e:
        raise BackupError(f"the bot's store cannot open the copy: {e}") from e
    service = ServiceBase(store, Settings(db_path=str(path), ai_workers=0), FACES)
    try:
        for game_id in ids:
            try:
                await service.table(game_id)
            except Exception as e:
                raise BackupError(f"game {game_id} does not load from the copy: {e}") from e
    finally:
        service.thinker.shutdown()
        await store.close()


def back_up(source: str, path: Path, force: bool = False) -> Checked:
    """Copy ``source`` to ``path`` and check it; ``path`` is only written by a copy that passed."""
    if path.exists() and not force:
        raise Refused(f"{path} exists; give --force to replace it")
    if path.exists() and Path(source).exists() and path.resolve() == Path(source).resolve():
        raise Refused(f"{path} is the database itself")
    if Path(f"{path}-wal").exists():
        raise Refused(f"{path} is in use ({path}-wal exists): is a bot running on it?")
    partial = path.with_name(path.name + ".partial")
    _remove(partial)
    try:
        copy_online(source, partial)
        checked = check(partial)
        os.replace(partial, path)
    finally:
        _remove(partial)
    _remove(Path(f"{path}-shm"))  # a replaced file's shared memory index, if it left one
    return checked


def _remove(path: Path) -> None:
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        leftover.unlink(missing_ok=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.backup",
        description="Copy the SQLite database NIGHTFALL_DB names, while the bot runs, to PATH, and check the copy "
        "(its pages, and every running game loading from it). PostgreSQL: use pg_dump.",
    )
    parser.add_argument("path", metavar="PATH", help="where the copy goes (a new file)")
    parser.add_argument("--force", action="store_true", help="replace PATH if it exists")
    return parser


def main(argv: Sequence[str] = ()) -> int:
    """The command with ``argv``: 0 when the checked copy is at PATH, 2 when it was refused, 1 when it failed."""
    args = _parser().parse_args(list(argv))
    settings = settings_or_exit()
    if is_postgresql(settings.db_path):
        print(
            "NIGHTFALL_DB names a PostgreSQL database: back it up with PostgreSQL's pg_dump, which copies it as of one "
            f"moment while the bot runs:\n\n    {pg_dump_line(settings.db_path, args.path)}\n\n"
            "(the password from PGPASSWORD or ~/.pgpass; the README's Backups and restore says how to restore it)",
            file=sys.stderr,
        )
        return REFUSED
    path = Path(args.path)
    started = time.perf_counter()
    try:
        checked = back_up(settings.db_path, path, force=args.force)
    except BackupError as e:
        print(f"backup not kept: {e}", file=sys.stderr)
        return REFUSED if isinstance(e, Refused) else FAILED
    seconds = time.perf_counter() - started
    print(
        f"{path}: {checked.size / 1e6:.1f} MB copied from {settings.db_path} and checked "
        f"(integrity ok, {checked.games} game(s) loaded) in {seconds:.2f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
