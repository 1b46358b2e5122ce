"""Seeded random playouts of any registered game, step by step, with what the contract tests ask of each step:
who was waiting, the move, its events, whether it revealed anything (``engine.protocol.revealed``) and whether a
hand gained a card its seat had not seen."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.protocol import Match, Rules, revealed

MAX_STEPS = 20_000


@dataclass(frozen=True)
class Step:
    """One move of a playout."""

    seat: str
    action: Any
    #: every seat that had a decision waiting before the move, in order
    waiting: tuple[str, ...]
    events: list[dict[str, Any]]
    #: the move showed someone something hidden from its seat
    revealed: bool
    #: the seats whose hand now holds a card their view did not show before the move (a draw, a deal)
    drawn: frozenset[str]


def ids_in(view: Any) -> set[Any]:
    """Every value under an "id" key anywhere in a view."""
    found: set[Any] = set()
    if isinstance(view, dict):
        for key, value in view.items():
            if key == "id" and isinstance(value, str | int):
                found.add(value)
            found |= ids_in(value)
    elif isinstance(view, list):
        for value in view:
            found |= ids_in(value)
    return found


def hand_ids(match: Match, seat: str) -> set[Any]:
    return {card["id"] for card in match.private_view(seat).get("hand", [])}


def play(
    rules: Rules, seats: list[str], seed: int, options: Any = None, watch: bool = True
) -> Iterator[tuple[Match, Step]]:
    """Random legal moves of a random waiting seat until the game ends; the match after each move, and the move.
    Without ``watch``, the hands are not looked at (``Step.drawn`` stays empty): a faster playout."""
    match = rules.new(seats=seats, seed=seed, options=options if options is not None else rules.Options())
    rnd = random.Random(seed)
    hands = rules.traits.hands and watch
    seen = {seat: ids_in(match.private_view(seat)) for seat in seats} if hands else {}
    for _ in range(MAX_STEPS):
        if match.is_over():
            return
        waiting = tuple(d.seat for d in match.pending())
        seat = rnd.choice(waiting)
        action = rnd.choice(list(match.legal_actions(seat)))
        before = match.secrets()
        events = match.apply(action)
        shown = revealed(before, match.secrets(), events, seat)
        drawn = set()
        if hands:
            for s in seats:
                if hand_ids(match, s) - seen[s]:
                    drawn.add(s)
                seen[s] = ids_in(match.private_view(s))
        yield match, Step(seat, action, waiting, events, shown, frozenset(drawn))
    raise AssertionError(f"{rules.key}: the game did not end within {MAX_STEPS} steps")
