"""An offline Fightdrome match between two AI seats, printed play by play: the engine at work without Discord.

    python -m engine.fightdrome.demo --seed 1
    python -m engine.fightdrome.demo --seed 2 --format tournament --levels normal,hard --quiet
    python -m engine.fightdrome.demo --seed 3 --target 150 --breather --last-breath

The log shows only public events (those without a ``"to"`` key), exactly what a spectator in the channel would
learn: hands, stun-pile faces and a secret Sleeve pick stay hidden. The same seed prints the same match: every
level, the hard one included, decides from its view and its seed alone.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from .ai import LEVELS, ai_input, make_player
from .cards import kind, name, sleeves, stacks
from .match import FORMATS, TARGETS, TEAM, Match, Options

SEATS = ("ada", "bram")
#: a match that has not ended after this many moves is a bug in the engine, not a long match
MAX_MOVES = 20_000

OVERLOADS = {"neuro": "more than 2 neuro cards", "no_attack": "no attack card"}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m engine.fightdrome.demo", description="Play an offline Fightdrome match between two AI seats."
    )
    p.add_argument("--seed", type=int, default=1, help="seeds the deal, every shuffle and the AI players")
    p.add_argument("--format", default="series", choices=FORMATS, help="a series to a Fame target, one bout, or a team")
    p.add_argument("--target", type=int, default=300, choices=TARGETS, help="Fame to win a series (150: Fame Counts)")
    p.add_argument("--breather", action="store_true", help="optional rule: the stunned player may rest in turn")
    p.add_argument("--last-breath", action="store_true", help="optional rule: draw after a last neuro card")
    p.add_argument("--quiet", action="store_true", help="print only each round's result and the winner")
    p.add_argument("--levels", default="normal,normal", type=levels, help="the two seats' AI levels, e.g. normal,hard")
    return p.parse_args(argv)


def levels(text: str) -> tuple[str, str]:
    """``normal,hard`` → one level per seat; a single level plays both seats."""
    parts = [t.strip() for t in text.split(",")]
    if len(parts) == 1:
        parts *= 2
    bad = [t for t in parts if t not in LEVELS]
    if len(parts) != 2 or bad:
        raise argparse.ArgumentTypeError(f"give two levels out of {', '.join(LEVELS)}, like normal,hard")
    return parts[0], parts[1]


def sleeve_name(sleeve: str) -> str:
    return f"{sleeves()[sleeve].names['en']} ({sleeve})"


def stack_name(stack: str) -> str:
    return f"{stacks()[stack].names['en']} ({stack})"


def cards_text(faces: Sequence[str]) -> str:
    return ", ".join(name(f) for f in faces) if faces else "nothing"


def header(args: argparse.Namespace) -> str:
    if args.format == "series":
        what = f"a series to {args.target} Fame"
    elif args.format == "bout":
        what = "a single bout"
    else:
        what = "a Grand Tournament (three fighters each)"
    rules = [r for r, on in (("Breather", args.breather), ("Last Breath", args.last_breath)) if on]
    extra = f", with {' and '.join(rules)}" if rules else ""
    seats = " vs ".join(f"{s} ({lvl})" for s, lvl in zip(SEATS, args.levels, strict=True))
    return f"Altered Carbon: Fightdrome — {what}{extra}; {seats}; seed {args.seed}."


def play_text(event: dict[str, Any]) -> str:
    """One card played, in words: what it does matters more to a reader than the verb of the move."""
    seat, face = event["seat"], event["card"]
    family = kind(face).family
    if event["verb"] == "open":
        return f"{seat} opens with {name(face)}"
    if family == "attack":
        return f"{seat} answers with {name(face)}"
    if family == "block":
        return f"{seat} blocks with {name(face)}"
    if family == "dodge":
        return f"{seat} dodges"
    return f"{seat} feints"


def round_result(entry: dict[str, Any], match: Match) -> str:
    """A round's end as a short paragraph: who won and why, the hands left, and in a series the Fame they scored."""
    winner, loser = entry["winner"], entry["loser"]
    if entry["ending"] == "rest":
        why = f"{loser} could not open after {winner}'s rest"
    else:
        why = f"{loser}'s hand is empty"
    lines = [f"Round {entry['round']}: {winner} wins — {why}."]
    for seat in match.seats:
        if entry["hands"][seat]:
            lines.append(f"  {seat} keeps {cards_text(entry['hands'][seat])}.")
    if entry["scored"]:
        scores = (f"{s} +{entry['scored'][s]} = {entry['totals'][s]}" for s in match.seats)
        lines.append("  Fame: " + ", ".join(scores) + ".")
    return "\n".join(lines)


class Line:
    """A sentence still open to a draw (``ada opens with Kick 30`` … ``and draws``) and a note on a forced move."""

    def __init__(self, text: str, forced: bool = False) -> None:
        self.text, self.forced, self.draws = text, forced, False

    def __str__(self) -> str:
        draws = " and draws" if self.draws else ""
        forced = " (the only legal move)" if self.forced else ""
        return f"  {self.text}{draws}{forced}."


def describe(events: list[dict[str, Any]], match: Match, quiet: bool) -> list[str]:
    """The lines a batch of public events prints; a draw joins the play or rest that caused it."""
    lines: list[str | Line] = []
    drawer: dict[str, Line] = {}  # the sentence a seat's next draw belongs to

    def say(text: str) -> None:
        lines.append(f"  {text}")

    def act(seat: str, text: str, forced: bool = False) -> None:
        drawer[seat] = Line(text, forced)
        lines.append(drawer[seat])

    for e in events:
        t = e["type"]
        if "to" in e:  # private: a card drawn, a stun discard's face, a secret Sleeve
            continue
        if t == "round_end":
            lines.append("\n" + round_result(e, match))
            continue
        if t == "eliminated":  # part of a Grand Tournament round's result
            f = match.fighters[e["seat"]]
            left = TEAM - (f.lost.index(e["sleeve"]) + 1)  # counted then, not after later picks
            lines.append(
                f"  {e['seat']}'s {sleeve_name(e['sleeve'])} is eliminated; {left} fighter{'s' * (left != 1)} left."
            )
            continue
        if t == "match_end" or quiet:
            continue
        seat = e.get("seat", "")
        if t == "deal":
            if e["team"]:
                team = ", ".join(sleeve_name(s) for s in e["team"])
                say(f"{seat}'s team: {team}; Stack {stack_name(e['stack'])}.")
            else:
                say(f"{seat} fights as {sleeve_name(e['sleeve'])} with the Stack {stack_name(e['stack'])}.")
        elif t == "round":
            lines.append(f"\n== Round {e['round']}: {e['opener']} opens ==")
        elif t == "overload":
            say(f"{seat} is Overloaded ({OVERLOADS[e['reason']]}): shows {cards_text(e['hand'])} and draws 7 anew.")
        elif t == "play":
            act(seat, play_text(e), e["forced"])
        elif t == "rest":
            act(seat, f"{seat} rests", e["forced"])
        elif t == "last_breath":
            act(seat, f"{seat} takes a Last Breath after the last card")
        elif t == "draw":
            if seat in drawer:
                drawer.pop(seat).draws = True
            else:
                say(f"{seat} draws a card.")
        elif t == "exchange_end":
            if e["reason"] != "stun":
                say(f"— exchange over ({e['reason']}): {e['cards']} cards to the discard piles.")
        elif t == "stunned":
            say(f"{seat} is stunned: no card fits.")
        elif t == "stun_discard":
            say(f"{seat} discards a card face down" + (" (a single choice)" if e["forced"] else "") + ".")
        elif t == "cannot_open":
            say(f"{seat} cannot open after the rest: the round ends.")
        elif t == "reshuffle":
            say(f"{seat} shuffles the discards into a new deck of {e['cards']} cards.")
        elif t == "tie_over_target":
            say("Both passed the target with equal Fame: another round.")
        elif t == "sleeve_picked":
            say(f"{seat} picks a first fighter in secret.")
        elif t == "sleeves_revealed":
            say("Fighters revealed: " + ", ".join(f"{s} {sleeve_name(v)}" for s, v in e["picks"].items()) + ".")
        elif t == "sleeve":
            say(f"{seat} sends in {sleeve_name(e['sleeve'])}" + (" (the last one)" if e["forced"] else "") + ".")
        else:  # an event this demo does not know yet: show it rather than hide it
            say(f"({t})")
    return [str(line) for line in lines]


def winner_line(match: Match) -> str:
    """The last line: who won, and by how much."""
    winner = match.winner
    assert winner is not None
    loser = match.other(winner)
    rounds = len(match.history)
    after = f"after {rounds} round{'s' * (rounds != 1)}"
    if match.options.format == "series":
        wf, lf = match.fighters[winner].fame, match.fighters[loser].fame
        return f"Winner: {winner}, {wf} Fame to {lf}, {after}."
    if match.options.format == "tournament":
        left = len(match.fighters[winner].team) + 1
        return f"Winner: {winner}, with {left} of 3 fighters standing, {after}."
    return f"Winner: {winner}, the last fighter with cards in hand."


def run(args: argparse.Namespace, out: TextIO) -> Match:
    """Play one match as ``args`` say, printing to ``out``; returns the finished match."""
    options = Options(format=args.format, target=args.target, breather=args.breather, last_breath=args.last_breath)
    match = Match.new(list(SEATS), seed=args.seed, options=options)
    players = {
        seat: make_player(level, args.seed * 100 + k)
        for k, (seat, level) in enumerate(zip(SEATS, args.levels, strict=True))
    }
    print(header(args), file=out)
    for line in describe(match.last, match, args.quiet):
        print(line, file=out)
    moves = 0
    while not match.is_over():
        if moves >= MAX_MOVES:
            raise RuntimeError(f"no winner after {MAX_MOVES} moves")
        decision = match.pending()[0]
        view, actions = ai_input(match, decision.seat)
        events = match.apply(players[decision.seat].choose(view, actions))
        moves += 1
        for line in describe(events, match, args.quiet):
            print(line, file=out)
    print(f"\nMatch over after {moves} decisions.", file=out)
    print(winner_line(match), file=out)
    return match


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = parse_args(argv)
    try:
        run(args, out or sys.stdout)
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
