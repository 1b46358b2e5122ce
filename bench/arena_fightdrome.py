"""Fightdrome's AI levels against each other: win rates with 95 % intervals, self-harm and sense, hard's time.

    .venv/bin/python bench/arena_fightdrome.py                                  # the targets: 400 games a pairing
    .venv/bin/python bench/arena_fightdrome.py --games2 100 --pairings normal:easy --seed 7
    .venv/bin/python bench/arena_fightdrome.py --budget 0.05 --format bout

Fightdrome is a duel, so every game is head to head: level A against level B. Games come in pairs on the same
deal (the same seed), A in the first seat in one and B in the other, so neither the deal nor who sits first
favours a level; each player gets only its seat's view (``ai_input``). A wins a game when it ranks first
(``Match.result()[0][0]``); parity is 50 %. Intervals are Wilson score intervals at 95 %.

Per level the report counts, over every decision with more than one move:

- **self-harm** (``engine.fightdrome.sense``): a Neurochem Block where an ordinary block or Dodge fitted, a stun
  discard of a plainly better card than one kept, a certain round win passed up; ``chances`` is how many
  decisions offered such a move at all;
- **sense**: Dodges and Feints spent on attacks of 20 or less while an ordinary answer fitted, and neuro cards
  spent on ordinary attacks while an ordinary card fitted (both per 100 answers);
- **stuns dealt** and **rounds won** per game.

Targets (the team's): hard wins >= 60 % of at least 400 games against normal at its default budget; normal clearly
above easy; easy never harms itself. Hard's decision time is wall time per decision with more than one move.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bench.stats import wilson  # noqa: E402
from engine.fightdrome import Match, Options  # noqa: E402
from engine.fightdrome.ai import DEFAULT_BUDGET, LEVELS, ai_input, make_player  # noqa: E402
from engine.fightdrome.match import FORMATS, TARGETS  # noqa: E402
from engine.fightdrome.sense import SELF_HARM, SENSE, harmless, self_harm, sense  # noqa: E402

SEATS = ("north", "south")
#: a game that has not ended after this many moves is a bug in the engine, not a long game
MAX_MOVES = 20_000


@dataclass
class Side:
    """What one level did over a pairing's games."""

    decisions: int = 0
    answers: int = 0
    harm: Counter[str] = field(default_factory=Counter)
    chances: int = 0
    sense: Counter[str] = field(default_factory=Counter)
    stuns: int = 0
    rounds: int = 0


@dataclass
class Tally:
    """The results of one pairing, A against B."""

    a: str
    b: str
    games: int = 0
    wins: int = 0
    sides: dict[str, Side] = field(default_factory=lambda: {"A": Side(), "B": Side()})

    def row(self) -> str:
        lo, hi = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return (
            f"{self.a + ' vs ' + self.b:<16} {self.games:>5} {self.wins:>5}  {100 * rate:5.1f} %  "
            f"[{100 * lo:5.1f}, {100 * hi:5.1f}]    50 %"
        )

    def detail(self, tag: str) -> str:
        side, level = self.sides[tag], self.a if tag == "A" else self.b
        games = max(1, self.games)
        answers = max(1, side.answers)
        harm = ", ".join(f"{k} {side.harm[k]}" for k in SELF_HARM)
        return (
            f"    {level:<6} self-harm {sum(side.harm.values())} in {side.decisions} decisions "
            f"({harm}; chances {side.chances}); "
            f"evasions spent {100 * side.sense['evasion_spent'] / answers:.1f}, "
            f"neuro spent {100 * side.sense['neuro_spent'] / answers:.1f} per 100 answers; "
            f"stuns dealt {side.stuns / games:.1f}, rounds won {side.rounds / games:.2f} a game"
        )


def play(tally: Tally, seed: int, a_first: bool, options: Options, budget: float | None, times: list[float]) -> None:
    """One seeded game of ``tally``'s pairing, counted into it; times hard's decisions into ``times``."""
    a_seat, b_seat = SEATS if a_first else SEATS[::-1]
    tags = {a_seat: "A", b_seat: "B"}
    levels = {a_seat: tally.a, b_seat: tally.b}
    match = Match.new(list(SEATS), seed=seed, options=options)
    players = {s: make_player(levels[s], seed * 2 + k, budget) for k, s in enumerate(SEATS)}
    moves = 0
    while not match.is_over():
        moves += 1
        if moves > MAX_MOVES:
            raise RuntimeError(f"game {seed} did not finish")
        seat = match.pending()[0].seat
        view, acts = ai_input(match, seat)
        start = time.perf_counter()
        action = players[seat].choose(view, acts)
        if len(acts) > 1:
            if levels[seat] == "hard":
                times.append(time.perf_counter() - start)
            side = tally.sides[tags[seat]]
            side.decisions += 1
            side.answers += action.verb == "answer"
            harm = self_harm(view, acts, action)
            if harm:
                side.harm[harm] += 1
            if len(harmless(view, acts)) < len(acts):
                side.chances += 1
            figure = sense(view, action)
            if figure:
                side.sense[figure] += 1
        for event in match.apply(action):
            if event.get("type") == "stunned":
                tally.sides["B" if tags[event["seat"]] == "A" else "A"].stuns += 1
    for s in SEATS:
        tally.sides[tags[s]].rounds += match.fighters[s].wins
    tally.games += 1
    tally.wins += match.result()[0][0] == a_seat


def _pairing(text: str) -> tuple[str, str]:
    a, _, b = text.partition(":")
    if a not in LEVELS or b not in LEVELS:
        raise argparse.ArgumentTypeError(f"'{text}' is not A:B with A and B among {', '.join(LEVELS)}")
    return a, b


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="bench/arena_fightdrome.py", description="Win rates, self-harm and sense of Fightdrome's AI levels."
    )
    p.add_argument("--games2", type=int, default=400, help="games per pairing (even: pairs on one deal)")
    p.add_argument(
        "--budget", type=float, default=None, help=f"hard's seconds per decision (default: its own, {DEFAULT_BUDGET:g})"
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal; the others follow it")
    p.add_argument("--format", default="series", choices=FORMATS, help="a series to a Fame target, a bout, a team")
    p.add_argument("--target", type=int, default=300, choices=TARGETS, help="Fame to win a series")
    p.add_argument(
        "--pairings",
        type=lambda s: [_pairing(x) for x in s.split(",") if x],
        default=[("hard", "normal"), ("normal", "easy"), ("hard", "easy")],
        help="comma-separated A:B level pairs (default hard:normal,normal:easy,hard:easy)",
    )
    args = p.parse_args(argv)
    if args.games2 < 2 or args.games2 % 2:
        p.error("--games2 must be an even number of 2 or more (games come in pairs on one deal)")
    if args.budget is not None and args.budget <= 0:
        p.error("--budget must be more than 0 seconds")
    return args


def main(argv: Sequence[str] | None = None) -> None:
    """Play every pairing and print one row each, the levels' figures under it, and hard's decision times."""
    args = parse_args(argv)
    options = Options(format=args.format, target=args.target)
    times: list[float] = []
    began = time.perf_counter()
    tallies = []
    for a, b in args.pairings:
        tally = Tally(a, b)
        for g in range(args.games2):
            play(tally, args.seed + g // 2, g % 2 == 0, options, args.budget, times)
            print(f"\r  {tally.row()}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        tallies.append(tally)
    budget = f"{DEFAULT_BUDGET:g} (default)" if args.budget is None else f"{args.budget:g}"
    fmt = f"series to {args.target}" if args.format == "series" else args.format
    print(
        f"fightdrome arena: seed {args.seed}, {fmt}, hard budget {budget} s/decision, "
        f"{time.perf_counter() - began:.0f} s on {sys.platform}"
    )
    print(f"{'pairing (A vs B)':<16} {'games':>5} {'A won':>5}  {'rate':>7}  {'95 % Wilson':>14}  parity")
    for tally in tallies:
        print(tally.row())
        print(tally.detail("A"))
        print(tally.detail("B"))
    if times:
        q = statistics.quantiles(times, n=10) if len(times) >= 10 else [max(times)] * 9
        print(
            f"hard decision time over {len(times)} decisions: median {statistics.median(times):.3f} s, "
            f"p90 {q[8]:.3f} s, max {max(times):.3f} s"
        )
    print(f"sense figures: {', '.join(SENSE)}; self-harm: {', '.join(SELF_HARM)} (engine/fightdrome/sense.py)")


if __name__ == "__main__":
    main()
