"""AI levels against each other: seeded games, win rates with 95 % intervals, how sensibly each plays.

    .venv/bin/python bench/arena.py                       # both games, default sample sizes and budgets
    .venv/bin/python bench/arena.py --game nightfall --games2 40 --games4 20 --budget 0.5 --seed 100
    .venv/bin/python bench/arena.py --game nightfall --pairings hard:normal --games2 400 --games4 200
    .venv/bin/python bench/arena.py --game nightfall --pairings normal:easy --games2 200 --games4 0
    .venv/bin/python bench/arena.py --game nightfall --iterations 64   # hard by rollouts: deterministic

``--game`` picks Nightfall, Fightdrome or both (the default); Fightdrome's arena is
``bench/arena_fightdrome.py``, run here with ``--games2``, ``--seed``, and ``--budget`` and
``--pairings`` when given. The rest of this text is Nightfall's.

Two-player games pit level A against level B head to head on the two-player draft: games come
in pairs on the same deal (the same seed), A sitting first in one and B in the other, so
neither the deal nor going first favours a level. Four-player games put one seat of A against
three of B on ``--variant`` (standard by default): games come in fours on the same deal, A's
seat rotating through the four positions (the first player is always the first seat). A wins
a game when it ranks first (``Game.result()[0][0]``, every tie-break applied); at a table of
four, parity is 25 %. Every AI seat gets only its own view and legal moves (``decide``).

Intervals are Wilson score intervals at 95 %. Decision times are hard's wall time per decision
that offered more than one move, building its view and knowledge included (``decide``), on
this machine; draft picks (answered by the normal heuristic) count too.

How sensibly each level plays, over every game of the run (``engine.nightfall.ai.audit``):
self-aimed damage (a target step that hurts, aimed at the seat itself or its own minion while
an opposing target was offered), costly blocks (the blocker dies absorbing less damage than its
strength), and kicker links (links onto a started chain whose kicker is active), of all links and of the chain
decisions that offered one: a link with an active kicker is on offer in only about one chain decision in twenty,
so the first share stays small whatever a level does; the second says whether it takes the chance.

Targets (the team's): hard beats normal in >= 60 % of two-player games (>= 400 games) and wins
>= 35 % of four-player games as one against three normals (>= 200 games), at its default
budget; normal beats easy clearly; easy never aims damage at itself.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, fields
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and bench/engine.py would shadow
# the ``engine`` package: look in the project root instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bench.stats import wilson  # noqa: E402
from engine.nightfall import Action, Game, Options  # noqa: E402
from engine.nightfall.ai import LEVELS, HardPlayer, Player, decide, make_player  # noqa: E402
from engine.nightfall.ai.audit import costly_block, kicker_link, kicker_offered, self_harm  # noqa: E402
from engine.nightfall.ai.search import DEFAULT_BUDGET, DEFAULT_HORIZON, DEFAULT_ROLLOUTS  # noqa: E402
from engine.nightfall.state import DRAFTS  # noqa: E402

GAMES = ("nightfall", "fightdrome", "both")


def share(hits: int, n: int) -> str:
    """``hits`` of ``n`` as a percentage with its Wilson interval."""
    lo, hi = wilson(hits, n)
    rate = hits / n if n else 0.0
    return f"{hits}/{n} = {100 * rate:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}]"


@dataclass
class Tally:
    """The results of one pairing."""

    label: str
    games: int = 0
    wins: int = 0
    wounds_a: list[int] = field(default_factory=list)
    wounds_b: list[float] = field(default_factory=list)

    def row(self, parity: float) -> str:
        lo, hi = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        wa = statistics.fmean(self.wounds_a) if self.wounds_a else 0.0
        wb = statistics.fmean(self.wounds_b) if self.wounds_b else 0.0
        return (
            f"{self.label:<34} {self.games:>5} {self.wins:>5}  {100 * rate:5.1f} %  "
            f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  {100 * parity:4.0f} %  {wa:5.1f} / {wb:5.1f}"
        )


@dataclass
class Quality:
    """How one level played over the run: its moves judged one by one (``audit``)."""

    games: int = 0
    #: target decisions where a self-aimed harmful choice was on offer, and how often it was taken
    harm_offered: int = 0
    self_aimed: int = 0
    blocks: int = 0
    costly_blocks: int = 0
    links: int = 0
    kicker_links: int = 0
    #: chain decisions that offered a link with an active kicker, and how often one was taken then
    kicker_chances: int = 0
    kicker_taken: int = 0

    def add(self, other: Quality) -> None:
        """Count ``other``'s games and moves in with these."""
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def note(self, game: Game, action: Action) -> None:
        """Judge ``action``, about to be applied in ``game`` by this level."""
        if action.verb == "target":
            self.harm_offered += any(self_harm(game, a) for a in game.legal_actions(action.seat))
            self.self_aimed += self_harm(game, action)
        elif action.verb == "block":
            self.blocks += 1
            self.costly_blocks += costly_block(game, action)
        kick = kicker_link(game, action)
        if game.s.chain and action.verb in ("chain", "pass") and kicker_offered(game, action.seat):
            self.kicker_chances += 1
            self.kicker_taken += bool(kick)
        if kick is not None:
            self.links += 1
            self.kicker_links += kick


def play(
    seats: list[str],
    levels: dict[str, str],
    seed: int,
    draft: str,
    hard: HardSettings,
    times: list[float],
    quality: dict[str, Quality],
) -> Game:
    """One seeded game; every seat played by a fresh player of its level; times hard's decisions
    and judges every move for ``quality``."""
    game = Game.new(seats, seed=seed, options=Options(draft=draft, first_player=seats[0]))
    players: dict[str, Player] = {seat: hard.player(levels[seat], seed * 10 + k) for k, seat in enumerate(seats)}
    steps = 0
    while not game.is_over():
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"game {seed} did not finish")
        seat = game.next_to_act()
        assert seat is not None  # a game not over always waits for someone
        timed = isinstance(players[seat], HardPlayer) and len(game.legal_actions(seat)) > 1
        start = time.perf_counter()
        action = decide(players[seat], game, seat)
        if timed:
            times.append(time.perf_counter() - start)
        quality[levels[seat]].note(game, action)
        game.apply(action)
    for level in set(levels.values()):
        quality[level].games += 1
    return game


@dataclass(frozen=True)
class HardSettings:
    """How hard seats think: the flags as given (None: the level's own default).

    ``iterations`` caps the rollouts per decision (0: no cap, the clock alone decides); ``budget`` is a
    ceiling in seconds (with ``--iterations`` alone there is no clock at all, and a run gives the same
    figures on any machine); ``horizon`` is how many turns a rollout plays before the position is scored
    as it stands (0: to the end of the game)."""

    budget: float | None = None
    iterations: int | None = None
    horizon: int | None = None

    def player(self, level: str, seed: int) -> Player:
        if level != "hard":
            return make_player(level, seed=seed)
        budget = self.budget if self.budget is not None or self.iterations is not None else DEFAULT_BUDGET
        iterations = DEFAULT_ROLLOUTS if self.iterations is None else (self.iterations or None)
        horizon = DEFAULT_HORIZON if self.horizon is None else (self.horizon or None)
        return HardPlayer(seed, budget=budget, iterations=iterations, horizon=horizon)

    def default(self) -> bool:
        return self.budget is None and self.iterations is None and self.horizon is None

    def words(self) -> str:
        if self.default():
            return (
                f"its default: {DEFAULT_ROLLOUTS} rollouts of {DEFAULT_HORIZON} turns a decision, "
                f"at most {DEFAULT_BUDGET:g} s"
            )
        iterations = DEFAULT_ROLLOUTS if self.iterations is None else self.iterations
        words = f"{iterations} rollouts/decision" if iterations else "as many rollouts as the time allows"
        horizon = DEFAULT_HORIZON if self.horizon is None else self.horizon
        words += f" of {horizon} turns" if horizon else " to the end of the game"
        if self.budget is not None:
            words += f", at most {self.budget:g} s"
        elif self.iterations is None:
            words += f", at most {DEFAULT_BUDGET:g} s"
        else:
            words += " (no clock)"
        return words


@dataclass
class Outcome:
    """One game's result as the tally needs it, with what it measured on the way."""

    won: bool
    wounds_a: int
    wounds_b: float
    times: list[float]
    quality: dict[str, Quality]


def one_game(a: str, b: str, seats: list[str], g: int, seed: int, draft: str, hard: HardSettings) -> Outcome:
    """Game ``g`` of a pairing: ``a``'s seat is ``seats[g % n]``, the deal is ``seed + g // n``."""
    n = len(seats)
    a_seat = seats[g % n]  # the first seat goes first
    levels = {seat: a if seat == a_seat else b for seat in seats}
    times: list[float] = []
    quality = {level: Quality() for level in LEVELS}
    game = play(seats, levels, seed + g // n, draft, hard, times, quality)
    result = game.result()
    wounds = {seat: w for seat, w, _ in result}
    rest = statistics.fmean(w for s, w in wounds.items() if s != a_seat)
    return Outcome(result[0][0] == a_seat, wounds[a_seat], rest, times, quality)


def one_against_the_rest(
    a: str,
    b: str,
    seats: list[str],
    games: int,
    seed: int,
    draft: str,
    hard: HardSettings,
    times: list[float],
    quality: dict[str, Quality],
    jobs: int = 1,
    skip: int = 0,
) -> Tally:
    """``games`` games of one ``a`` against ``b`` in every other seat. ``a``'s seat rotates through
    every position, so each deal (a new one every ``len(seats)`` games) is played from every seat;
    with two seats that is pairs on the same deal with the levels swapped. ``skip`` starts at that game
    (a multiple of ``len(seats)`` keeps the deals whole): runs of ``skip`` 0 and ``games`` N, and of
    ``skip`` N, play the same games as one run of 2N, so their tallies add up.

    With ``jobs`` > 1 the games are played in that many worker processes and tallied in game order:
    the same figures as one process gives when hard's rollouts are counted (``--iterations``); under a
    time budget, more jobs than free cores would starve each search and understate hard."""
    n = len(seats)
    tally = Tally(f"2p  {a} vs {b}" if n == 2 else f"{n}p  1 {a} vs {n - 1} {b}")
    args = [(a, b, seats, g, seed, draft, hard) for g in range(skip, skip + games)]
    with contextlib.ExitStack() as stack:
        if jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=jobs))
            outcomes: Iterable[Outcome] = pool.map(one_game, *zip(*args, strict=True))
        else:
            outcomes = (one_game(*x) for x in args)
        for out in outcomes:
            tally.games += 1
            tally.wins += out.won
            tally.wounds_a.append(out.wounds_a)
            tally.wounds_b.append(out.wounds_b)
            times.extend(out.times)
            for level, q in out.quality.items():
                quality[level].add(q)
            _progress(tally, 1 / n)
    return tally


def _progress(tally: Tally, parity: float) -> None:
    print(f"\r  {tally.row(parity)}", end="", file=sys.stderr, flush=True)


def _pairing(text: str) -> tuple[str, str]:
    a, _, b = text.partition(":")
    if a not in LEVELS or b not in LEVELS:
        raise argparse.ArgumentTypeError(f"'{text}' is not A:B with A and B among {', '.join(LEVELS)}")
    return a, b


def _pairings(text: str) -> list[tuple[str, str]]:
    return [_pairing(x) for x in text.split(",") if x]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="bench/arena.py", description="Win rates of the AI levels against each other.")
    p.add_argument("--game", default="both", choices=GAMES, help="which game's levels to pit (default both)")
    p.add_argument("--games2", type=int, default=40, help="two-player games per pairing (even: pairs on one deal)")
    p.add_argument("--games4", type=int, default=20, help="four-player games per pairing (multiples of 4 rotate fully)")
    p.add_argument("--budget", type=float, default=None, help="hard's seconds per decision at most (default: its own)")
    p.add_argument(
        "--iterations", type=int, default=None, help="hard's rollouts per decision (0: no cap; alone: no clock)"
    )
    p.add_argument(
        "--horizon", type=int, default=None, help="turns a hard rollout plays before scoring (0: to the end)"
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the first deal; the others follow it")
    p.add_argument(
        "--skip",
        type=int,
        default=0,
        help="start at this game of each pairing (Nightfall; to split a long run: the tallies add up)",
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes playing games at once (Nightfall; default 1)")
    p.add_argument("--variant", default="standard", choices=DRAFTS, help="draft of the four-player games")
    p.add_argument(
        "--pairings",
        type=_pairings,
        default=None,
        help="comma-separated A:B level pairs (default hard:normal,normal:easy,hard:easy)",
    )
    args = p.parse_args(argv)
    if args.jobs < 1:
        p.error("--jobs must be at least 1")
    if args.skip < 0:
        p.error("--skip must be 0 or more")
    if args.iterations is not None and args.iterations < 0:
        p.error("--iterations must be 0 (no cap) or more")
    if args.iterations == 0 and args.budget is None:
        p.error("--iterations 0 leaves hard no limit: give it a --budget too")
    return args


def fightdrome_argv(args: argparse.Namespace) -> list[str]:
    """The flags of this run that Fightdrome's arena shares."""
    argv = ["--games2", str(args.games2), "--seed", str(args.seed)]
    if args.budget is not None:
        argv += ["--budget", f"{args.budget:g}"]
    if args.pairings is not None:
        argv += ["--pairings", ",".join(f"{a}:{b}" for a, b in args.pairings)]
    return argv


def nightfall(args: argparse.Namespace) -> None:
    """Nightfall's arena: the head-to-head table, hard's decision times, each level's quality."""
    hard = HardSettings(args.budget, args.iterations, args.horizon)
    pairings = args.pairings or [("hard", "normal"), ("normal", "easy"), ("hard", "easy")]
    times: list[float] = []
    quality = {level: Quality() for level in LEVELS}
    rows: list[tuple[Tally, float]] = []
    began = time.perf_counter()
    for a, b in pairings:
        if args.games2:
            two = ["north", "south"]
            rows.append(
                (
                    one_against_the_rest(
                        a, b, two, args.games2, args.seed, "two-player", hard, times, quality, args.jobs, args.skip
                    ),
                    0.5,
                )
            )
            print(file=sys.stderr)
        if args.games4:
            four = ["north", "east", "south", "west"]
            rows.append(
                (
                    one_against_the_rest(
                        a, b, four, args.games4, args.seed, args.variant, hard, times, quality, args.jobs, args.skip
                    ),
                    0.25,
                )
            )
            print(file=sys.stderr)
    print(
        f"Nightfall arena: seed {args.seed}{f', from game {args.skip}' if args.skip else ''}, "
        f"hard {hard.words()}, 2p draft two-player, "
        f"4p draft {args.variant}, {time.perf_counter() - began:.0f} s on {sys.platform}"
        + (f" in {args.jobs} processes" if args.jobs > 1 else "")
    )
    print(f"{'pairing (A vs B)':<34} {'games':>5} {'A won':>5}  {'rate':>7}  {'95 % Wilson':>14}  parity  wounds A / B")
    for tally, parity in rows:
        print(tally.row(parity))
    if times:
        q = statistics.quantiles(times, n=10) if len(times) >= 10 else [max(times)] * 9
        print(
            f"hard decision time over {len(times)} decisions: median {statistics.median(times):.3f} s, "
            f"p90 {q[8]:.3f} s, max {max(times):.3f} s"
        )
    print("quality, over every game each level played (share [95 % Wilson]):")
    for level in LEVELS:
        qa = quality[level]
        if not qa.games:
            continue
        print(
            f"  {level:<6} {qa.games:>4} games  self-aimed damage {qa.self_aimed} "
            f"(of {qa.harm_offered} target choices that offered it)  "
            f"costly blocks {share(qa.costly_blocks, qa.blocks)}  kicker links {share(qa.kicker_links, qa.links)}, "
            f"taken when offered {share(qa.kicker_taken, qa.kicker_chances)}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.game in ("nightfall", "both"):
        nightfall(args)
    if args.game in ("fightdrome", "both"):
        from bench import arena_fightdrome  # here, not at the top: only this game's run needs it

        if args.game == "both":
            print()
        arena_fightdrome.main(fightdrome_argv(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
