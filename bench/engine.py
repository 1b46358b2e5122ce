"""Engine speed and snapshot size, printed next to their targets.

    make bench            # or: .venv/bin/python bench/engine.py

Figures: the median wall time of a whole 4-player game between greedy AI players; the speed
of random play, timing only ``legal_actions`` and ``apply`` (what a bot or a playout pays
per step); and the size and time of ``to_json``/``from_json`` for a 5-player game in
mid-play (what the store writes as a snapshot). Timings use ``time.perf_counter``.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and its name would shadow
# the ``engine`` package: look in the project root instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from engine.nightfall import Game, Options  # noqa: E402
from engine.nightfall.ai import GreedyPlayer, decide, play_out  # noqa: E402

SEATS = ["ada", "bram", "cleo", "dmitri", "eve"]
GREEDY_SEEDS = range(1, 8)
RANDOM_GAMES = 40
STEP_TARGET_US = 100.0
ROUND_TRIP_TARGET_MS = 2.0
SNAPSHOT_TARGET_BYTES = 64 * 1024


def greedy_games(seeds: range) -> tuple[list[float], list[int]]:
    """Wall time and number of actions of whole 4-player games between greedy players."""
    times, steps = [], []
    for seed in seeds:
        game = Game.new(SEATS[:4], seed=seed, options=Options())
        players = {seat: GreedyPlayer(seed * 10 + k) for k, seat in enumerate(game.seats)}
        start = time.perf_counter()
        steps.append(play_out(game, players))
        times.append(time.perf_counter() - start)
    return times, steps


def random_play(games: int) -> tuple[int, float]:
    """Steps played and seconds spent inside ``legal_actions`` + ``apply`` over random games."""
    total_steps, spent = 0, 0.0
    drafts = ["standard", "two-player", "quick-start", "open", "common-ground"]
    clock = time.perf_counter
    for seed in range(games):
        n = 2 + seed % 4
        game = Game.new(SEATS[:n], seed=seed, options=Options(draft=drafts[seed % 5]))
        rnd = random.Random(seed)
        while not game.is_over():
            seat = game.pending()[0].seat
            t0 = clock()
            actions = game.legal_actions(seat)
            t1 = clock()
            action = rnd.choice(actions)
            t2 = clock()
            game.apply(action)
            t3 = clock()
            spent += (t1 - t0) + (t3 - t2)
            total_steps += 1
    return total_steps, spent


def mid_game(seed: int = 3) -> Game:
    """A 5-player game between greedy players, stopped once half the face-up wounds are dealt."""
    game = Game.new(SEATS, seed=seed, options=Options())
    players = {seat: GreedyPlayer(seed + k) for k, seat in enumerate(game.seats)}
    while game.public_view()["wound_stack"]["face_up"] > 25 and not game.is_over():
        seat = game.next_to_act()
        assert seat is not None  # a game not over always waits for someone
        game.apply(decide(players[seat], game, seat))
    return game


def median_time(fn: Callable[[], object], repeats: int) -> float:
    """Median seconds of one call to ``fn`` over ``repeats`` calls."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    print(f"Nightfall engine benchmark: Python {platform.python_version()} on {platform.machine()}")

    times, steps = greedy_games(GREEDY_SEEDS)
    print(
        f"  greedy AI, 4 players       median {statistics.median(times) * 1000:7.1f} ms per game "
        f"({len(times)} seeds, {statistics.mean(steps):.0f} actions on average)"
    )

    n_steps, spent = random_play(RANDOM_GAMES)
    per_step = spent / n_steps * 1e6
    print(
        f"  random play                {n_steps / spent:10,.0f} actions/s, {per_step:6.1f} µs per step "
        f"(legal_actions + apply, {n_steps} steps)   target ≤ {STEP_TARGET_US:.0f} µs   "
        f"{verdict(per_step <= STEP_TARGET_US)}"
    )

    game = mid_game()
    text = game.to_json()
    size = len(text.encode("utf-8"))
    dump = median_time(game.to_json, 300)
    load = median_time(lambda: Game.from_json(text), 300)
    assert Game.from_json(text).to_json() == text, "to_json/from_json must round-trip exactly"
    view = game.public_view()
    print(f"  5-player mid-game state    turn {view['turn']}, {view['wound_stack']['face_up']} face-up wounds left")
    print(
        f"    snapshot size            {size:10,} bytes   target < {SNAPSHOT_TARGET_BYTES:,} bytes (64 KB)   "
        f"{verdict(size < SNAPSHOT_TARGET_BYTES)}"
    )
    print(f"    to_json                  {dump * 1e6:10.0f} µs")
    print(f"    from_json                {load * 1e6:10.0f} µs")
    trip = (dump + load) * 1000
    print(
        f"    round trip               {trip:10.3f} ms   target < {ROUND_TRIP_TARGET_MS:.0f} ms   "
        f"{verdict(trip < ROUND_TRIP_TARGET_MS)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
