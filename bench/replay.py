"""What a replay costs: rebuilding a whole game's steps, the memory its steps keep, and drawing one step's table.

    .venv/bin/python bench/replay.py               # a few seeded games of each game, about half a minute
    .venv/bin/python bench/replay.py --games 2     # a quicker look

Seeded games between AI seats (Nightfall: five normal seats, the standard draft — its longest games; Fightdrome:
two normal seats, its default format) are played to the end with the engine alone, their actions kept as the
store keeps them, then handed to ``bot.replay.steps.build_steps`` as ``/game replay`` does. Printed per game: actions,
steps, the build's wall time, its peak of allocated memory and what stays allocated once it is done (the steps:
``tracemalloc``, in a second build), and the bytes the cache counts for them. Then one step's table is drawn
(the public view, as the replay sends it), and a cache of the default bounds is filled with every replay built,
to show what it holds after.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bot.games import FACES  # noqa: E402
from bot.replay.steps import Replay, ReplayCache, build_steps  # noqa: E402

SEATS = {"nightfall": ["s1", "s2", "s3", "s4", "s5"], "fightdrome": ["s1", "s2"]}


def played(key: str, seed: int) -> tuple[str, list[tuple[int, str, str]]]:
    """A seeded game between normal AI seats: its deal and every action as (seq, seat, text)."""
    face = FACES[key]
    rules = face.rules
    options: Any = rules.Options()
    match = rules.new(seats=SEATS[key], seed=seed, options=options)
    deal = match.to_json()
    players = {seat: rules.make_player("normal", seed=seed * 10 + k) for k, seat in enumerate(match.seats)}
    actions = []
    while not match.is_over():
        seat = match.pending()[0].seat
        view, legal = rules.ai_input(match, seat)
        action = players[seat].choose(view, legal)
        match.apply(action)
        actions.append((match.version, seat, str(action)))
    return deal, actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games of each game (default 4)")
    args = parser.parse_args()
    cache = ReplayCache()
    replays: list[Replay] = []
    for key, face in FACES.items():
        for seed in range(args.games):
            deal, actions = played(key, seed)
            started = time.perf_counter()
            steps = build_steps(face, deal, actions, ended=True)
            seconds = time.perf_counter() - started
            tracemalloc.start()  # a second build, traced (tracing slows it down several times)
            traced = build_steps(face, deal, actions, ended=True)
            retained, peak = tracemalloc.get_traced_memory()
            del traced
            tracemalloc.stop()
            replay = Replay(seed, len(actions), steps)
            replays.append(replay)
            cache._keep(Replay(len(replays), replay.version, steps))  # each as a game of its own
            print(
                f"{key:10} seed {seed}: {len(actions):5} actions, {len(steps):3} steps, build {seconds * 1000:6.0f} ms"
                f" (peak {peak / 1024:4.0f} KiB, retained {retained / 1024:3.0f} KiB),"
                f" counted {replay.size / 1024:3.0f} KiB"
                f" ({replay.size / len(steps) / 1024:.1f} KiB a step)"
            )
        draw_one(key, replays[-1])
    print(
        f"cache after {len(replays)} replays: {len(cache)} kept, {cache.size / 1024:.0f} KiB"
        f" (bounds: {cache.games} replays, {cache.limit / 1024:.0f} KiB)"
    )
    return 0


def draw_one(key: str, replay: Replay) -> None:
    """Draw the middle step's public table as the replay does, and time it (the first drawing loads the fonts)."""
    from bot.store import GameRow, SeatRow
    from bot.table import Table

    face = FACES[key]
    step = replay.steps[len(replay.steps) // 2]
    match = step.match(face)
    row = GameRow(1, 1, 1, "bench", 1, "over", key, {}, 0, match.version, {}, None, None, None, "en", None, False)
    seats = [SeatRow(n, seat, None, f"AI {n + 1}", True, "normal") for n, seat in enumerate(match.seats)]
    table = Table(row, seats, game=match)
    for label in ("first", "again"):
        picture = face.table_picture(table, "en")
        started = time.perf_counter()
        data = picture.draw(*picture.args)
        spent = (time.perf_counter() - started) * 1000
        print(f"{key:10} one step's table ({label}): {spent:.0f} ms, {len(data) / 1024:.0f} KiB")


if __name__ == "__main__":
    raise SystemExit(main())
