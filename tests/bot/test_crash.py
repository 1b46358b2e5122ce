"""Crash safety, for real: the bot in its own process over a real SQLite file (or a PostgreSQL database), killed
with SIGKILL inside a write transaction (its statements ran, its COMMIT did not) or right after one (committed,
nobody told), at seeded moments, then started again, until its game is over.

After every kill a SQLite file passes ``PRAGMA integrity_check``; the game resumes and finishes; every move the
bot confirmed to a player is in the action log exactly once, at the version it was confirmed with.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.store.sqlite import is_postgresql

ROOT = Path(__file__).resolve().parents[2]
KILLS = 4


def _rows(db: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows of a query, read past the store from the SQLite file or the PostgreSQL database."""
    if is_postgresql(db):
        import psycopg

        with psycopg.connect(db) as pg:
            return pg.execute(sql).fetchall()  # type: ignore[arg-type]
    with sqlite3.connect(db) as conn:
        rows = conn.execute(sql).fetchall()
    conn.close()
    return rows


def _run(db: str, seed: int, kill_at: int, phase: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.bot.crash_child", str(db), str(seed), str(kill_at), phase],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


@pytest.mark.slow(20)
# what a kill leaves is the store's to say: one seed on PostgreSQL too
@pytest.mark.parametrize("seed", [pytest.param(11, marks=pytest.mark.postgresql), 12])
def test_sigkill_inside_or_right_after_a_write_loses_no_confirmed_move(db_location: str, seed: int) -> None:
    rng = random.Random(seed)
    db = db_location
    confirmed: dict[int, str] = {}
    kills = 0
    kills_mid_game = 0  # kills after the game had begun: inside or after a move's own writes
    for _run_number in range(KILLS + 5):
        killing = kills < KILLS
        kill_at, phase = (rng.randint(20, 90), rng.choice(["inside", "after"])) if killing else (0, "never")
        done = _run(db, seed, kill_at, phase)
        for line in done.stdout.splitlines():
            if line.startswith("CONFIRMED "):
                _, _game, version, move = line.split(" ", 3)
                assert int(version) not in confirmed, f"version {version} was confirmed twice"
                confirmed[int(version)] = move
        if not is_postgresql(db):
            assert _rows(db, "PRAGMA integrity_check") == [("ok",)]
        if done.returncode == -9:
            kills += 1
            kills_mid_game += bool(confirmed)
            continue
        assert done.returncode == 0, done.stderr[-3000:]
        assert "DONE " in done.stdout
        break
    else:
        raise AssertionError("the game never finished")
    assert kills == KILLS and kills_mid_game >= 2
    actions = dict(_rows(db, "SELECT seq, text FROM actions ORDER BY seq"))
    status = _rows(db, "SELECT status, version FROM games")
    [(results,)] = _rows(db, "SELECT COUNT(*) FROM results")
    assert list(actions) == list(range(1, len(actions) + 1))  # one action per version, none twice
    for version, move in confirmed.items():
        assert actions.get(version) == move, f"confirmed move {version} {move!r} is not in the log"
    assert status == [("over", len(actions))] and results == 2
