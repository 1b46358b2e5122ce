"""Start-up with many running games: how long until the bot connects, and how many games it then holds.

    .venv/bin/python bench/startup.py [games]      # default 1000

One quick-start game is dealt by the real bot in SimCord; its rows are copied into ``games`` running games
(each in a channel of its own); then a new bot starts on that database. Printed: the time until ``setup_hook``
returns (what runs before the bot connects to Discord), the time until its background work has settled, and how
many games it holds in memory. Target: ready in ≤ 2 s with 1,000 running games.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path: look in the project root instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import simcord  # noqa: E402

from bot import Settings, create_bot  # noqa: E402

TARGET_READY = 2.0


async def main(n: int) -> None:
    path = os.path.join(tempfile.mkdtemp(), "s.db")
    s = Settings(token=None, db_path=path, ai_delay=0.0, snapshot_every=25, log_level="WARNING")
    bot = create_bot(s)
    async with simcord.run(bot) as env:
        guild = env.create_guild("G")
        ch = guild.create_text_channel("nightfall")
        users = [env.create_user("a"), env.create_user("b")]
        ms = [guild.add_member(u) for u in users]
        await ms[0].slash(ch, "game new", variant="quick-start")
        await ms[1].slash(ch, "game join")
        await ms[0].slash(ch, "game start")
        await env.settle()
        await bot.store.close()
        conn = sqlite3.connect(path)
        row = conn.execute("SELECT * FROM games WHERE id = 1").fetchone()
        cols = [d[1] for d in conn.execute("PRAGMA table_info(games)")]
        tables = [
            t
            for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
            if t != "games" and "game_id" in [d[1] for d in conn.execute(f"PRAGMA table_info({t})")]
        ]
        for k in range(2, n + 1):
            vals = list(row)
            vals[cols.index("id")] = k
            vals[cols.index("channel_id")] = row[cols.index("channel_id")] + k
            conn.execute(f"INSERT INTO games ({','.join(cols)}) VALUES ({','.join('?' * len(cols))})", vals)
            for t in tables:
                tc = [d[1] for d in conn.execute(f"PRAGMA table_info({t})") if d[1] not in ("id", "rowid")]
                sel = ",".join("?" if c == "game_id" else c for c in tc)
                conn.execute(f"INSERT INTO {t} ({','.join(tc)}) SELECT {sel} FROM {t} WHERE game_id = 1", (k,))
        conn.execute("UPDATE deliveries SET done = wanted")
        conn.commit()
        running = conn.execute("SELECT COUNT(*) FROM games WHERE status = 'active'").fetchone()[0]
        conn.close()
        marks: dict[str, float] = {}
        again = create_bot(s)
        orig = again.setup_hook

        async def timed() -> None:
            await orig()
            marks["ready"] = time.perf_counter()

        again.setup_hook = timed  # type: ignore[method-assign]
        started = time.perf_counter()
        await env.restart_bot(again)
        await env.settle()
        done = time.perf_counter()
        ready = marks["ready"] - started
        verdict = "ok" if ready <= TARGET_READY else "MISSED"
        print(f"Start-up with {running} running games")
        print(f"  ready to connect (setup_hook)      {ready:8.2f} s     target ≤ {TARGET_READY:.0f} s     {verdict}")
        print(f"  background checks settled after    {done - started:8.2f} s")
        print(f"  games held in memory afterwards    {len(again.service._tables):8d}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
