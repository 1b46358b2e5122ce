"""The hard AI's thinking time, and the bot's event loop while it thinks.

    .venv/bin/python bench/ai.py                                   # both parts, about two and a half minutes
    .venv/bin/python bench/ai.py --decisions 20 --short-decisions 60 --lag-decisions 4   # a quicker look

**Decision time.** Seeded games of each game (Nightfall: a hard seat among three normal ones, ``--players``
to change; Fightdrome: hard against normal) are played until the hard seat has made ``--decisions``
searched decisions at a budget of 1.0 s and ``--short-decisions`` at 0.1 s (a decision is searched when
it offers a choice the hard level searches: not a draft pick or a sleeve, and not a single legal move).
The wall time of ``choose`` is summarised as median, p95, p99 and max, beside the target: p99 within
1.1 x the budget. Beside them, the p99 of the processor time the decisions used: on a busy machine a
decision can wait for the processor, and its wall time then overruns what the search itself spent.

**Event loop lag.** A task sleeps 1 ms in a loop and records how late it wakes; its p99 and max are printed
with nothing else running (the baseline), and while hard decisions at 1.0 s run through the bot's own
mechanism (``bot.workers.thinking.Thinker``) in a thread (``ai_workers=0``) and in a worker process
(``ai_workers=1``, the pool started before the probe). Target: p99 within 5 ms while the AI thinks.

The machine's other work shows in every figure: compare runs made side by side. ``--cpu-clock`` takes it
out of the decision times: the search reads the process's processor time (``time.process_time``) as its
clock, and the times printed are processor times, so what is left over the budget is the search's own.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from engine.games import GAMES  # noqa: E402

#: the seats of each game's benchmark games, the hard one first (``--players`` sets Nightfall's count)
SEATS = {"nightfall": ["hard", "north", "south", "east"], "fightdrome": ["hard", "rival"]}
DECISION_TARGET = 1.1  # p99 within this many budgets
LAG_TARGET = 0.005  # seconds


def use_cpu_clock() -> None:
    """The hard players read the processor time of this process as their clock (``--cpu-clock``)."""
    import types

    from engine.fightdrome import ai as fightdrome_ai
    from engine.nightfall.ai import search

    shim = types.SimpleNamespace(perf_counter=time.process_time)
    for module in (search, fightdrome_ai):
        module.time = shim  # type: ignore[assignment]  # releases that read time.perf_counter directly
        if hasattr(module, "clock"):
            module.clock = time.process_time


def searches(game: str, view: dict[str, Any], actions: Sequence[Any]) -> bool:
    """Whether the hard level searches this decision (else it answers like the normal level, at once)."""
    if len(actions) < 2:
        return False
    if game == "nightfall":
        decisions = view.get("decisions") or [{}]
        return decisions[0].get("kind") != "draft"
    return bool(actions[0].verb != "sleeve" and view.get("turn") == view["you"])


#: the clock decision times are read on: the wall clock, or the processor time with ``--cpu-clock``
wall = time.perf_counter


def hard_decisions(
    game: str,
    budget: float,
    count: int,
    seed: int,
    keep: list[tuple[dict[str, Any], list[Any]]] | None = None,
    cpu: list[float] | None = None,
) -> list[float]:
    """Wall times of ``count`` searched decisions of the hard seat in seeded games (more games as needed); ``cpu``
    gets the processor time of each (less than the wall time when the machine's other work took the processor)."""
    rules = GAMES[game]
    times: list[float] = []
    while len(times) < count:
        match = rules.new(SEATS[game], seed=seed)
        players = {
            seat: rules.make_player("hard" if seat == "hard" else "normal", seed=seed + k, budget=budget)
            for k, seat in enumerate(SEATS[game])
        }
        while not match.is_over() and len(times) < count:
            seat = match.pending()[0].seat
            view, actions = rules.ai_input(match, seat)
            start, processor = wall(), time.process_time()
            action = players[seat].choose(view, actions)
            if seat == "hard" and searches(game, view, actions):
                times.append(wall() - start)
                if cpu is not None:
                    cpu.append(time.process_time() - processor)
                if keep is not None:
                    keep.append((view, list(actions)))
            match.apply(action)
        seed += 1000
    return times


def quantile(values: Sequence[float], q: float) -> float:
    """The nearest-rank quantile (p99 of 40 values is their max)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f}"


# ---------------------------------------------------------------------- the event loop


async def lag_probe(stop: asyncio.Event, lags: list[float]) -> None:
    """Sleeps 1 ms at a time and records how late each wake-up is."""
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.001)
        lags.append(time.perf_counter() - asked - 0.001)


async def lag_while(work: Any) -> list[float]:
    """The probe's lags while ``work()`` (a coroutine function) runs."""
    stop, lags = asyncio.Event(), []
    probe = asyncio.create_task(lag_probe(stop, lags))
    try:
        await work()
    finally:
        stop.set()
        await probe
    return lags


def thinker_or_none(workers: int) -> Any:
    """The bot's mechanism for AI decisions (``bot.workers.thinking.Thinker``), or None before it existed."""
    try:
        from bot.workers.thinking import Thinker
    except ImportError:
        return None
    return Thinker(workers)


async def loop_lag(positions: list[tuple[str, dict[str, Any], list[Any]]], budget: float) -> None:
    rules = {game: GAMES[game] for game in SEATS}

    async def idle() -> None:
        await asyncio.sleep(2.0)

    def fresh() -> dict[str, Any]:
        return {game: r.make_player("hard", seed=7, budget=budget) for game, r in rules.items()}

    async def decide_all(thinker: Any) -> None:
        players = fresh()
        for game, view, actions in positions:
            if thinker is None:  # before the bot had a mechanism of its own: a thread, as _run_ai did
                action = await asyncio.to_thread(players[game].choose, view, actions)
            else:
                action, players[game] = await thinker.choose("hard", players[game], view, actions)
            assert action in actions

    rows: list[tuple[str, list[float]]] = [("nothing running (baseline)", await lag_while(idle))]
    thread = thinker_or_none(0)
    rows.append(("hard AI in a thread (ai_workers=0)", await lag_while(lambda: decide_all(thread))))
    process = thinker_or_none(1)
    if process is None:
        print(
            "  (no bot.workers.thinking yet: the AI thinks in a thread, asyncio.to_thread;"
            " no worker process to measure)"
        )
    else:
        try:
            game, view, actions = positions[0]
            await process.choose("hard", rules[game].make_player("hard", seed=1, budget=0.05), view, actions)  # spawn
            rows.append(("hard AI in a worker process (ai_workers=1)", await lag_while(lambda: decide_all(process))))
        finally:
            process.shutdown(wait=True)
    print(f"  {'':44} {'p99 ms':>8} {'max ms':>8} {'wakes':>7}   target p99 <= {LAG_TARGET * 1000:.0f} ms")
    for label, lags in rows:
        p99 = quantile(lags, 0.99)
        verdict = "" if label.startswith("nothing") else ("  ok" if p99 <= LAG_TARGET else "  MISSED")
        print(f"  {label:44} {ms(p99)} {ms(max(lags))} {len(lags):7d}{verdict}")


# ---------------------------------------------------------------------- main


def main() -> None:
    global wall
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=40, help="searched decisions per game at the 1.0 s budget")
    ap.add_argument("--short-decisions", type=int, default=150, help="searched decisions per game at 0.1 s")
    ap.add_argument("--lag-decisions", type=int, default=10, help="decisions (1.0 s each) per event-loop run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=range(2, 6), help="seats of a Nightfall game")
    ap.add_argument("--games", default="nightfall,fightdrome", help="the games to measure, by key")
    ap.add_argument("--only", choices=("time", "lag"), help="run one part alone")
    ap.add_argument("--cpu-clock", action="store_true", help="decision times in processor time (see above)")
    args = ap.parse_args()
    if args.cpu_clock:
        use_cpu_clock()
        wall = time.process_time
        args.only = "time"
    SEATS["nightfall"] = ["hard", "north", "south", "east", "west"][: args.players]
    for game in [g for g in SEATS if g not in args.games.split(",")]:
        del SEATS[game]
    started = time.perf_counter()
    positions: list[tuple[str, dict[str, Any], list[Any]]] = []
    if args.only != "lag":
        kind = "processor time of choose, the search reading the processor clock" if args.cpu_clock else "wall time"
        print(f"Hard AI decision time ({kind}; searched decisions of seeded games)")
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: the machine's other work shows)")
        print(
            f"  {'':24} {'n':>5} {'median':>7} {'p95':>7} {'p99':>7} {'max':>7} {'cpu p99':>8}"
            "   target p99 <= 1.1 x budget (ms)"
        )
        for game in SEATS:
            for budget, count in ((1.0, args.decisions), (0.1, args.short_decisions)):
                kept: list[tuple[dict[str, Any], list[Any]]] = []
                cpu: list[float] = []
                times = hard_decisions(game, budget, count, args.seed, kept if budget == 1.0 else None, cpu)
                positions += [(game, view, actions) for view, actions in kept]
                p99, limit = quantile(times, 0.99), DECISION_TARGET * budget
                print(
                    f"  {game + f' at {budget:g} s':24} {len(times):5d} {ms(statistics.median(times))}"
                    f" {ms(quantile(times, 0.95))} {ms(p99)} {ms(max(times))} {ms(quantile(cpu, 0.99)):>8}"
                    f"   <= {limit * 1000:.0f}  {'ok' if p99 <= limit else 'MISSED'}",
                    flush=True,
                )
    if args.only != "time":
        if not positions:
            for game in SEATS:
                kept = []
                hard_decisions(game, 0.01, args.lag_decisions, args.seed, kept)
                positions += [(game, view, actions) for view, actions in kept]
        # the same positions for both runs, the two games taking turns
        by_game = {game: [p for p in positions if p[0] == game] for game in SEATS}
        chosen = [p for pair in zip(*by_game.values(), strict=False) for p in pair][: args.lag_decisions]
        print(f"\nEvent loop lag (a task sleeping 1 ms; {len(chosen)} hard decisions at 1.0 s per run)")
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
        asyncio.run(loop_lag(chosen, 1.0))
    print(f"\n[{time.perf_counter() - started:.0f} s]")


if __name__ == "__main__":
    main()
