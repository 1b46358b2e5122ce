"""``python -m bot.migrate``: apply the numbered migrations to ``NIGHTFALL_DB`` and say which ran."""

from __future__ import annotations

import asyncio
import sys

from .database import redacted
from .settings import settings_or_exit
from .store import Store


async def _migrate(path: str) -> list[str]:
    store = await Store.open(path)  # opening applies what is missing
    try:
        return [name for _, name in await store.applied_migrations()]
    finally:
        await store.close()


def main() -> int:
    settings = settings_or_exit()
    names = asyncio.run(_migrate(settings.db_path))
    schema = names[-1] if names else "nothing"
    print(f"{redacted(settings.db_path)}: schema at {schema} ({len(names)} migration(s) applied)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
