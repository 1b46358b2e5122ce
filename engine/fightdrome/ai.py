"""Fightdrome's computer players. Each gets only its seat's private view and its legal moves (``ai_input``):
never the opponent's hand, the order of either deck, or the faces of a stun pile.

- ``normal`` (``SteadyPlayer``) plays sensibly: it opens with its weakest ordinary attack, answers with what costs it
  least (an evasion or a block before a strong attack, a neuro card only when nothing else fits), keeps its neuro
  cards for when they matter, rests when its hand is short, throws the least useful card when stunned, and takes a
  certain round win.
- ``easy`` (``EasyPlayer``) is that player with a beginner's habits: now and then it plays any legal card, often its
  strongest, and it seldom rests; but it never harms itself (``sense.SELF_HARM``).
- ``hard`` (``HardPlayer``) keeps its Dodges and Feints for the attacks that need them, rests whenever it may, and
  reads what the opponent may still hold (``knowledge``) to play a neuro attack they most likely cannot meet.

Every level decides in about a millisecond; the hard level's time budget is a ceiling it never reaches.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .actions import Action
from .cards import fame, is_attack, is_neuro, kind, sort_key, strength
from .knowledge import opponent
from .match import Match
from .sense import harmless, winning_attacks

LEVELS = ("easy", "normal", "hard")
#: the hard level's thinking time per decision (seconds), a ceiling: it decides in about a millisecond
DEFAULT_BUDGET = 1.0

#: what a card is worth keeping in hand, beyond its Fame: evasions and blocks answer many attacks
_KEEP = {"DG": 18, "FT": 22, "PB": 8, "KB": 8, "NP": 20, "NK": 20, "NG": 25, "NB": 25}


def ai_input(match: Match, seat: str) -> tuple[dict[str, Any], list[Action]]:
    """What an AI seat is given: its private view and its legal moves."""
    return match.private_view(seat), match.legal_actions(seat)


def keep_value(face: str) -> int:
    return fame(face) + _KEEP.get(kind(face).code, 0)


class SteadyPlayer:
    """The normal level: cheap answers, neuro cards last, rest when the hand is short, certain wins taken."""

    rest_below = 6  # rests when it holds fewer cards than this

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        acts = list(actions)
        verb = acts[0].verb
        if verb in ("open", "answer"):
            wins = winning_attacks(view, acts)
            if wins:
                return min(wins, key=lambda a: (keep_value(a.arg), sort_key(a.arg)))
        if verb == "sleeve":
            return self._sleeve(view, acts)
        if verb == "stun-discard":
            return min(acts, key=lambda a: (keep_value(a.arg), sort_key(a.arg)))
        if verb == "answer":
            return self._answer(view, acts)
        return self._open(view, acts)

    def _sleeve(self, view: dict[str, Any], acts: list[Action]) -> Action:
        return acts[0]

    def _open(self, view: dict[str, Any], acts: list[Action]) -> Action:
        rest = next((a for a in acts if a.verb == "rest"), None)
        if rest is not None and len(view["hand"]) < self.rest_below:
            return rest
        opens = [a for a in acts if a.verb == "open"]
        if not opens:
            assert rest is not None
            return rest
        normal = [a for a in opens if not is_neuro(a.arg)]
        if not normal:
            return rest if rest is not None else opens[0]
        counts: dict[str, int] = {}
        for c in view["hand"]:
            counts[kind(c["card"]).type] = counts.get(kind(c["card"]).type, 0) + 1
        # the weakest attack, of the type it holds most of (so it can answer the answer)
        return min(normal, key=lambda a: (strength(a.arg) or 0, -counts.get(kind(a.arg).type, 0), sort_key(a.arg)))

    def _answer(self, view: dict[str, Any], acts: list[Action]) -> Action:
        normal = [a for a in acts if not is_neuro(a.arg)]
        if normal:
            return min(normal, key=lambda a: (self._cost(a.arg), sort_key(a.arg)))
        attacks = [a for a in acts if is_attack(a.arg)]
        return (attacks or acts)[0]

    def _cost(self, face: str) -> float:
        code = kind(face).code
        if code == "FT":
            return 4
        if code == "DG":
            return 6
        if code in ("PB", "KB"):
            return 27
        return float(strength(face) or 0)


class EasyPlayer(SteadyPlayer):
    """A beginner: a third of its moves are any legal card (often its strongest), and it rarely rests. Its whims
    never harm it: a move of ``sense.SELF_HARM`` is never among them."""

    rest_below = 3
    whim = 0.35

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        acts = list(actions)
        if acts[0].verb in ("open", "answer") and self.rng.random() < self.whim:
            cards = [a for a in harmless(view, acts) if a.verb != "rest"] or acts
            if self.rng.random() < 0.5:
                return max(cards, key=lambda a: (fame(a.arg) if a.arg else 0, sort_key(a.arg) if a.arg else (0, 0, "")))
            return self.rng.choice(cards)
        return super().choose(view, acts)


class HardPlayer(SteadyPlayer):
    """The normal player with what it has seen of the opponent's cards and a longer view of its own.

    - It keeps its Dodges and Feints, which answer any ordinary attack, for the attacks that need them (stronger than
      60, or when nothing else fits), and answers a weak attack with a weak attack or a block instead.
    - It rests whenever it may (a free card), not only when its hand is short.
    - It answers with a neuro attack when its reckoning of the opponent's unseen cards (``knowledge.Opponent``) says
      they most likely cannot meet it, and it takes a certain round win.

    ``budget`` is the most it may think about one decision; it reads its view in about a millisecond, so the
    budget is never reached, and it plays the same at any budget.
    """

    rest_below = 7
    #: what spending a Dodge or Feint costs beside an attack of that strength (normal: 6 and 4, before any attack)
    evasion_cost = 65
    #: answer with a neuro attack when the opponent is at least this likely to be unable to meet it
    neuro_pressure = 0.7

    #: it decides in a millisecond: the host need not send it to a worker process as it does a search
    searches = False

    def __init__(self, seed: int = 0, budget: float | None = DEFAULT_BUDGET) -> None:
        super().__init__(seed)
        self.budget = budget

    def _answer(self, view: dict[str, Any], acts: list[Action]) -> Action:
        if not any(is_neuro(a.arg) and is_attack(a.arg) for a in acts):
            return super()._answer(view, acts)
        them = opponent(view)
        unmet = [
            (keep_value(a.arg), sort_key(a.arg), a)
            for a in acts
            if is_attack(a.arg) and is_neuro(a.arg) and 1 - them.can_answer(a.arg) >= self.neuro_pressure
        ]
        if unmet:
            return min(unmet)[2]
        return super()._answer(view, acts)

    def _cost(self, face: str) -> float:
        code = kind(face).code
        if code in ("DG", "FT"):
            return self.evasion_cost + (2 if code == "DG" else 0)
        return super()._cost(face)


def make_player(level: str, seed: int = 0, budget: float | None = None) -> SteadyPlayer:
    """A player of ``level``; ``budget`` is the hard level's thinking time per decision (seconds)."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return SteadyPlayer(seed)
    if level == "hard":
        return HardPlayer(seed, budget=DEFAULT_BUDGET if budget is None else budget)
    raise ValueError(f"unknown AI level '{level}'; choose one of {', '.join(LEVELS)}")


def play_out(match: Match, players: dict[str, Any], max_steps: int = 100_000) -> int:
    """Play ``match`` to its end with ``players`` by seat; the number of moves made."""
    steps = 0
    while not match.is_over() and steps < max_steps:
        for d in match.pending():
            view, acts = ai_input(match, d.seat)
            match.apply(players[d.seat].choose(view, acts))
            steps += 1
            break
    return steps
