"""The three levels a table can ask for, and the easy player.

``easy`` is the greedy player with unsteady hands: its scores are blurred by noise, and now
and then it plays a card or claims one on a whim. Its moves stay legal and look like
something a beginner would do (it never throws away its hand, and it never aims damage at
itself or its own minion while an opposing target is there to take it: a beginner misjudges
which opponent to hit, not whom the card hurts), but it loses clearly to ``normal``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..game import Action, Decision
from .audit import aimed_at_self, harmful_target
from .base import Player
from .greedy import GreedyPlayer, _Eyes
from .search import DEFAULT_BUDGET, HardPlayer

__all__ = ["LEVELS", "EasyPlayer", "make_player"]

LEVELS = ("easy", "normal", "hard")


class EasyPlayer(GreedyPlayer):
    """Greedy with noise: Gumbel-blurred scores, and a whim now and then in chains and claims.

    ``temperature`` scales the noise added to every heuristic score; ``whim`` is the chance
    of a chain or claim decision being made on a whim instead of by the heuristic.
    """

    def __init__(self, seed: int = 0, temperature: float = 1.0, whim: float = 0.3) -> None:
        super().__init__(seed)
        self.temperature = temperature
        self.whim = whim

    def _best(self, actions: list[Action], score: Callable[[Action], float]) -> Action:
        def blurred(a: Action) -> float:
            u = min(max(self.rng.random(), 1e-12), 1.0 - 1e-12)
            return score(a) - self.temperature * math.log(-math.log(u))  # + Gumbel noise

        return max(actions, key=blurred)

    def _chain(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        if self.rng.random() < self.whim:
            return self.rng.choice(actions)  # any card that links, or pass
        return super()._chain(e, dec, actions)

    def _target(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        # the noise may pick a poor victim, never itself: damage goes to an opponent or theirs
        key = e.s.cards[e._cid(str(dec.info["source"]))]
        if harmful_target(key, str(dec.info.get("what", ""))):
            away = [a for a in actions if not aimed_at_self(e.g, dec.seat, a.args[0])]
            if away:
                actions = away
        return super()._target(e, dec, actions)

    def _claim(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        if self.rng.random() < self.whim:
            # the first card it can afford that catches its eye, or stop shopping
            claims = [a for a in actions if a.verb == "claim"]
            return self.rng.choice(claims) if claims else Action(dec.seat, "done")
        return super()._claim(e, dec, actions)


def make_player(level: str, seed: int = 0, budget: float | None = None) -> Player:
    """A player of ``level`` (one of ``LEVELS``). ``budget`` is the hard level's thinking time
    per decision in seconds (default ``DEFAULT_BUDGET``); the other levels answer at once."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return GreedyPlayer(seed)
    if level == "hard":
        return HardPlayer(seed, budget=DEFAULT_BUDGET if budget is None else budget)
    raise ValueError(f"unknown AI level '{level}'; choose one of {', '.join(LEVELS)}")
