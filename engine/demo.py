"""An offline game between AI players, printed turn by turn: the engine at work without Discord.

    python -m engine.demo --players 4 --variant standard --seed 1
    python -m engine.demo --players 5 --variant open --secret-archives --seed 4 --quiet

The log shows only public events, exactly what a spectator in the channel would learn.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from .ai import LEVELS, Player, RandomPlayer, make_player, play_out
from .log import describe_event, public_events
from .nightfall import Action, Game, Options
from .scoring import tie_break_text
from .state import DRAFTS

SEAT_NAMES = ("ada", "bram", "cleo", "dmitri", "eve")
#: the AI that plays every seat: a level (``normal`` is also called ``greedy``), or uniform random moves
AIS: dict[str, Callable[[int], Player]] = {
    **{level: lambda seed, level=level: make_player(level, seed) for level in LEVELS},  # type: ignore[misc]
    "greedy": lambda seed: make_player("normal", seed),
    "random": RandomPlayer,
}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m engine.demo", description="Play an offline Nightfall game between AI players."
    )
    p.add_argument("--players", type=int, default=4, choices=range(2, 6), help="2 to 5 seats")
    p.add_argument("--variant", default="standard", choices=DRAFTS, help="draft variant")
    p.add_argument("--seed", type=int, default=1, help="seeds the game and the AI players")
    p.add_argument("--secret-archives", action="store_true", help="private archives stay face down")
    p.add_argument("--quiet", action="store_true", help="print only a summary and the ranking")
    p.add_argument("--ai", default="greedy", choices=sorted(AIS), help="which AI plays every seat")
    return p.parse_args(argv)


def ranking_lines(game: Game) -> list[str]:
    """The final ranking with wounds by type and what put each place ahead of the next."""
    lines = ["Final ranking:"]
    width = max(len(seat) for seat in game.seats)
    rows = game.ranking_details()
    for row, after in zip(rows, [*rows[1:], None], strict=True):
        by_type = ", ".join(f"{n} {t}" for t, n in row["by_type"].items())
        wounds = f"{row['wounds']:>2} {plural(row['wounds'], 'wound')} ({by_type})"
        turns = f"{row['turns']} {plural(row['turns'], 'turn')}"
        tail = f"  ahead of the next: {tie_break_text(row, after)}" if after else ""
        lines.append(f"  {row['place']}. {row['seat']:<{width}}  {wounds}, {turns}{tail}")
    return lines


def plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def archive_lines(game: Game) -> list[str]:
    """The archives as the table sees them, for a game whose setup produced no log (quick start)."""
    view = game.public_view()
    commons = ", ".join(a["name"] for a in view["commons"])
    lines = [f"  Commons: {commons}."]
    for seat in view["seats"]:
        names = [a["name"] or "a secret archive" for a in seat["archives"]]
        if names:
            lines.append(f"  {seat['seat']}'s archives: {', '.join(names)}.")
    return lines


#: Said once per seat and draft round; the round headers already tell the story.
QUIET_TYPES = frozenset({"drafted"})


def run(args: argparse.Namespace, out: TextIO) -> Game:
    """Play one game as ``args`` say, printing to ``out``; returns the finished game."""
    seats = list(SEAT_NAMES[: args.players])
    options = Options(draft=args.variant, secret_archives=args.secret_archives)
    game = Game.new(seats=seats, seed=args.seed, options=options)
    ai = AIS[args.ai]
    players: dict[str, Player] = {seat: ai(args.seed * 100 + k) for k, seat in enumerate(seats)}
    secret = ", secret archives" if args.secret_archives else ""
    print(
        f"Nightfall: {len(seats)} players ({', '.join(seats)}), {args.variant} draft{secret}, "
        f"seed {args.seed}, {args.ai} AI",
        file=out,
    )

    if not args.quiet:
        # Game.new has already played up to the first decision and keeps no events of it
        view = game.public_view()
        if game.phase == "draft":
            print("\n== Draft ==", file=out)
            print(f"  Draft round 1 of {view['draft']['rounds']}: everyone picks a card.", file=out)
        else:
            print("\n== Setup ==", file=out)
            for line in archive_lines(game):
                print(line, file=out)
            print(f"  {view['first']} goes first.", file=out)
            print(f"\n== Turn {view['turn']}: {view['active']} to play ==", file=out)

    def show(action: Action, events: list[dict[str, Any]]) -> None:
        for event in public_events(events):
            if event["type"] in QUIET_TYPES:
                continue
            if event["type"] == "turn":
                print(f"\n== {describe_event(event, game).rstrip('.')} ==", file=out)
            else:
                print(f"  {describe_event(event, game)}", file=out)

    started = time.perf_counter()
    steps = play_out(game, players, on_step=None if args.quiet else show)
    elapsed = time.perf_counter() - started
    turns = sum(game.turns_played(i) for i in range(len(seats)))  # the last one counts, if begun
    print(f"\nGame over after {turns} turns and {steps} actions ({elapsed * 1000:.0f} ms).", file=out)
    for line in ranking_lines(game):
        print(line, file=out)
    return game


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        run(args, sys.stdout)
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
