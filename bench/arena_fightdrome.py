"""Fightdrome's AI levels against each other: seeded matches, win rates with 95 % intervals, hard's thinking time.

    .venv/bin/python bench/arena_fightdrome.py                          # 200 matches per pairing, hard at 0.1 s
    .venv/bin/python bench/arena_fightdrome.py --matches 60 --budget 1.0 --format bout

Matches come in pairs on the same deal (the same seed), each level sitting first in one of them, so neither the
deal nor the seat favours a level. A level wins a match when it ranks first (``Match.result()[0][0]``).
Intervals are Wilson score intervals at 95 %. Hard's decision time is wall time per decision with more than
one option. Targets (the team's): normal beats easy clearly (>= 60 %); hard beats normal (> 50 %, its interval
above 50 % once enough matches are played); hard's median decision time within its budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bench.arena import wilson  # noqa: E402
from engine.fightdrome import Match, Options  # noqa: E402
from engine.fightdrome.ai import ai_input, make_player  # noqa: E402


def match(
    level_a: str, level_b: str, seed: int, a_first: bool, options: Options, budget: float, times: list[float]
) -> bool:
    """One match; whether ``level_a`` won it."""
    seats = ["a", "b"] if a_first else ["b", "a"]
    m = Match.new(seats, seed=seed, options=options)
    players = {"a": make_player(level_a, seed, budget), "b": make_player(level_b, seed + 1, budget)}
    levels = {"a": level_a, "b": level_b}
    while not m.is_over():
        d = m.pending()[0]
        view, acts = ai_input(m, d.seat)
        start = time.perf_counter()
        action = players[d.seat].choose(view, acts)
        if levels[d.seat] == "hard" and len(acts) > 1:
            times.append(time.perf_counter() - start)
        m.apply(action)
    return m.result()[0][0] == "a"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=200, help="matches per pairing (an even number)")
    ap.add_argument("--budget", type=float, default=0.1, help="hard's seconds per decision")
    ap.add_argument("--format", default="series", choices=("series", "bout", "tournament"))
    ap.add_argument("--target", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairings", default="normal:easy,hard:normal,hard:easy")
    args = ap.parse_args()
    options = Options(format=args.format, target=args.target)
    print(
        f"Fightdrome arena: {args.format}"
        + (f" to {args.target}" if args.format == "series" else "")
        + f", {args.matches} matches per pairing, hard at {args.budget:g} s per decision"
    )
    for pairing in args.pairings.split(","):
        a, b = pairing.split(":")
        wins, times = 0, []
        t0 = time.perf_counter()
        for i in range(args.matches // 2):
            seed = args.seed + i
            wins += match(a, b, seed, True, options, args.budget, times)
            wins += match(a, b, seed, False, options, args.budget, times)
        n = args.matches // 2 * 2
        lo, hi = wilson(wins, n)
        line = f"  {a:>6} vs {b:<6} {wins:4d}/{n} = {wins / n:6.1%}  (95 % {lo:.1%}–{hi:.1%})"
        if times:
            line += f"  hard: median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
        print(line + f"  [{time.perf_counter() - t0:.0f} s]", flush=True)


if __name__ == "__main__":
    main()
