"""``python -m bot.migrate``: apply the numbered migrations to ``NIGHTFALL_DB`` and say which ran.

``python -m bot.migrate --to postgresql://…`` moves the games of the SQLite file ``NIGHTFALL_DB`` names (or
``--from PATH``) into an empty PostgreSQL database, all or nothing (``bot.store.to_postgresql``)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from bot.settings import settings_or_exit
from bot.store import Store
from bot.store.sqlite import StorageError, is_postgresql, redacted

EPILOG = """\
moving to PostgreSQL:
  python -m bot.migrate --to postgresql://user:pass@host/db
copies every game, lobby, delivery and deadline of the SQLite file into an empty
PostgreSQL database in one transaction, checks that every running game loads the
same there, and prints the NIGHTFALL_DB line for .env. Stop the bot first: the
file is held with its write lock while it moves, so a bot still running on it
cannot write (its moves wait, then are refused as busy). The copy leaves the file
as it was (its missing migrations are applied first, as a bot's start would).
"""


async def _migrate(path: str) -> list[str]:
    store = await Store.open(path)  # opening applies what is missing
    try:
        return [name for _, name in await store.applied_migrations()]
    finally:
        await store.close()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.migrate",
        description="Apply the database migrations to NIGHTFALL_DB, or move a SQLite file's games to PostgreSQL.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--to", metavar="URL", help="move the games into this empty PostgreSQL database (postgresql://…)"
    )
    parser.add_argument("--from", dest="source", metavar="PATH", help="the SQLite file to move (default: NIGHTFALL_DB)")
    return parser


async def _move(source: str, target: str) -> list[str]:
    from bot.store.to_postgresql import move, report  # loads psycopg: only a move pays for it

    moved = await move(source, target, say=print)
    return report(moved)


def main(argv: Sequence[str] = ()) -> int:
    """The command with ``argv`` (the command line's arguments when run as ``python -m bot.migrate``)."""
    args = _parser().parse_args(list(argv))
    settings = settings_or_exit()
    if args.to is None:
        if args.source is not None:
            print("--from names the SQLite file to move: give --to postgresql://… with it", file=sys.stderr)
            return 2
        names = asyncio.run(_migrate(settings.db_path))
        schema = names[-1] if names else "nothing"
        print(f"{redacted(settings.db_path)}: schema at {schema} ({len(names)} migration(s) applied)")
        return 0
    source = args.source or settings.db_path
    if args.source is None and is_postgresql(source):
        print(
            f"Not moved: NIGHTFALL_DB is already {redacted(source)}; name the SQLite file with --from PATH",
            file=sys.stderr,
        )
        return 1
    from bot.store.to_postgresql import Refused

    try:
        lines = asyncio.run(_move(source, args.to))
    except (Refused, StorageError) as e:
        print(f"Not moved: {e}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
