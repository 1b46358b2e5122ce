"""An offline game between AI players, printed turn by turn: the engine at work without Discord.

    python -m engine.nightfall.demo --players 4 --variant standard --seed 1
    python -m engine.nightfall.demo --players 5 --variant open --secret-archives --seed 4 --quiet

The log shows only public events, exactly what a spectator in the channel would learn.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ..i18n import LANGUAGES
from .ai import LEVELS, Player, RandomPlayer, make_player, play_out
from .game import Action, Game, Options
from .log import describe_event, public_events
from .scoring import tie_break_text
from .state import DRAFTS
from .texts import card_key_text, plural, text

SEAT_NAMES = ("ada", "bram", "cleo", "dmitri", "eve")
#: the AI that plays every seat: a level (``normal`` is also called ``greedy``), or uniform random moves
AIS: dict[str, Callable[[int], Player]] = {
    **{level: lambda seed, level=level: make_player(level, seed) for level in LEVELS},  # type: ignore[misc]
    "greedy": lambda seed: make_player("normal", seed),
    "random": RandomPlayer,
}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m engine.nightfall.demo", description="Play an offline Nightfall game between AI players."
    )
    p.add_argument("--players", type=int, default=4, choices=range(2, 6), help="2 to 5 seats")
    p.add_argument("--variant", default="standard", choices=DRAFTS, help="draft variant")
    p.add_argument("--seed", type=int, default=1, help="seeds the game and the AI players")
    p.add_argument("--secret-archives", action="store_true", help="private archives stay face down")
    p.add_argument("--quiet", action="store_true", help="print only a summary and the ranking")
    p.add_argument("--ai", default="greedy", choices=sorted(AIS), help="which AI plays every seat")
    p.add_argument("--lang", default="en", choices=LANGUAGES, help="the language of the log: en, pl or ru")
    return p.parse_args(argv)


def ranking_lines(game: Game, lang: str = "en") -> list[str]:
    """The final ranking with wounds by type and what put each place ahead of the next."""
    lines = [text("engine.demo.ranking", lang)]
    width = max(len(seat) for seat in game.seats)
    rows = game.ranking_details()
    for row, after in zip(rows, [*rows[1:], None], strict=True):
        by_type = ", ".join(plural(f"engine.n.{t}", n, lang) for t, n in row["by_type"].items())
        wounds = plural("engine.demo.wounds", row["wounds"], lang, count=f"{row['wounds']:>2}", types=by_type)
        turns = plural("engine.demo.turns", row["turns"], lang)
        why = text("engine.demo.ahead", lang, why=tie_break_text(row, after, lang)) if after else ""
        tail = f"  {why}" if why else ""
        lines.append(f"  {row['place']}. {row['seat']:<{width}}  {wounds}, {turns}{tail}")
    return lines


def archive_lines(game: Game, lang: str = "en") -> list[str]:
    """The archives as the table sees them, for a game whose setup produced no log (quick start)."""
    view = game.public_view()
    commons = ", ".join(card_key_text(a["card"], lang) for a in view["commons"])
    lines = [f"  {text('engine.log.commons', lang, names=commons)}."]
    for seat in view["seats"]:
        names = [
            card_key_text(a["card"], lang) if a["card"] else text("engine.archive.a_secret", lang)
            for a in seat["archives"]
        ]
        if names:
            lines.append(f"  {text('engine.log.archives_of', lang, seat=seat['seat'], names=', '.join(names))}.")
    return lines


#: Said once per seat and draft round; the round headers already tell the story.
QUIET_TYPES = frozenset({"drafted"})


def run(args: argparse.Namespace, out: TextIO) -> Game:
    """Play one game as ``args`` say, printing to ``out``; returns the finished game."""
    seats = list(SEAT_NAMES[: args.players])
    lang = getattr(args, "lang", "en")
    options = Options(draft=args.variant, secret_archives=args.secret_archives)
    game = Game.new(seats=seats, seed=args.seed, options=options)
    ai = AIS[args.ai]
    players: dict[str, Player] = {seat: ai(args.seed * 100 + k) for k, seat in enumerate(seats)}
    secret = text("engine.demo.secret", lang) if args.secret_archives else ""
    header = plural(
        "engine.demo.header",
        len(seats),
        lang,
        seats=", ".join(seats),
        variant=args.variant,
        secret=secret,
        seed=args.seed,
        ai=args.ai,
    )
    print(header, file=out)

    if not args.quiet:
        # Game.new has already played up to the first decision and keeps no events of it
        view = game.public_view()
        if game.phase == "draft":
            print(f"\n== {text('engine.demo.draft', lang)} ==", file=out)
            line = text("engine.log.draft_round", lang, round=1, rounds=view["draft"]["rounds"])
            print(f"  {line}.", file=out)
        else:
            print(f"\n== {text('engine.demo.setup', lang)} ==", file=out)
            for line in archive_lines(game, lang):
                print(line, file=out)
            print(f"  {text('engine.log.first_player', lang, seat=view['first'])}.", file=out)
            print(f"\n== {text('engine.log.turn', lang, turn=view['turn'], seat=view['active'])} ==", file=out)

    def show(action: Action, events: list[dict[str, Any]]) -> None:
        for event in public_events(events):
            if event["type"] in QUIET_TYPES:
                continue
            if event["type"] == "turn":
                print(f"\n== {describe_event(event, game, lang).rstrip('.')} ==", file=out)
            else:
                print(f"  {describe_event(event, game, lang)}", file=out)

    started = time.perf_counter()
    steps = play_out(game, players, on_step=None if args.quiet else show)
    elapsed = time.perf_counter() - started
    turns = sum(game.turns_played(i) for i in range(len(seats)))  # the last one counts, if begun
    ms = f"{elapsed * 1000:.0f}"
    print("\n" + text("engine.demo.game_over", lang, turns=turns, steps=steps, ms=ms), file=out)
    for line in ranking_lines(game, lang):
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
