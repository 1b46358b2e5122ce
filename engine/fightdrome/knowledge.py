"""What one seat can know of the opponent's cards from its own view alone (Ruling 21).

The opponent's deck is their character's counts by pile (the Sleeve's five types and the Stack's counts, plus
2 Dodges and 2 Feints), filled at random from the box. What the seat has seen of it (the opponent's discard pile
and their cards on the fight line) is accounted for; every other card of theirs (hand, deck, stun pile) is, pile by
pile, a random choice among the box's cards the seat has not seen anywhere (its own deck, the opponent's visible
cards). The opponent's hand is then a random choice among those unseen cards. This gives the chance that the
opponent can answer an attack, and whether an attack is sure to find no answer at all.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import answers, box, face_of, is_neuro, kind, sleeves, stacks


def pile_of(face: str) -> str:
    """The box pile a face comes from: ``P``, ``K``, ``G``, ``DG``, ``FT``, ``B`` (blocks) or ``N`` (neuro)."""
    code = kind(face).code
    if code in ("P", "K", "G", "DG", "FT"):
        return code
    return "N" if is_neuro(face) else "B"


@cache
def _box_faces() -> dict[str, tuple[str, ...]]:
    return {p: tuple(face_of(c) for c in ids) for p, ids in box().items()}


@dataclass(frozen=True)
class Opponent:
    """The opponent's unseen cards as the seat can reckon them: ``left[pile]`` cards of theirs not yet seen in each
    pile, each one of ``faces[pile]`` (the box's faces of the pile the seat has not seen, with their counts);
    ``hand`` of the unseen cards are in their hand. ``known`` is False when their fighter is not known yet."""

    hand: int
    left: dict[str, int]
    faces: dict[str, Counter[str]]
    known: bool = True

    @property
    def unseen(self) -> int:
        return sum(self.left.values())

    def answering(self, face: str) -> float:
        """How many of the opponent's unseen cards are expected to answer ``face``."""
        total = 0.0
        for p, n in self.left.items():
            pool = self.faces[p]
            size = sum(pool.values())
            if n <= 0 or size == 0:
                continue
            fits = sum(c for x, c in pool.items() if answers(x, face))
            total += n * fits / size
        return total

    def can_answer(self, face: str) -> float:
        """The chance that the opponent's hand holds a card that answers the attack ``face``."""
        if not self.known:
            return 1.0
        u, k = self.unseen, self.answering(face)
        if u <= 0 or self.hand <= 0:
            return 0.0
        miss = 1.0
        for i in range(min(self.hand, u)):
            miss *= max(0.0, u - k - i) / (u - i)
        return 1.0 - miss

    def sure_stun(self, face: str) -> bool:
        """Whether no card the opponent could hold answers ``face``: an attack they cannot meet, for certain."""
        if not self.known:
            return False
        return all(n <= 0 or not any(answers(x, face) for x in self.faces[p]) for p, n in self.left.items())


def opponent(view: dict[str, Any]) -> Opponent:
    """What ``view``'s seat can reckon of the other seat's unseen cards (see the module's docstring)."""
    me = view["you"]
    opp = next(s for s in view["seats"] if s != me)
    pub = view["fighters"][opp]
    sleeve, stack = pub["sleeve"], pub["stack"]
    if not sleeve or sleeve not in sleeves() or stack not in stacks():
        return Opponent(hand=pub["hand"], left={}, faces={}, known=False)
    need = dict(zip(sleeves()[sleeve].slots, stacks()[stack].counts, strict=True)) | {"DG": 2, "FT": 2}
    theirs_seen = list(pub["discard_faces"]) + [x["card"] for x in view["line"] if x["seat"] == opp]
    seen = Counter(pile_of(x) for x in theirs_seen)
    visible = Counter(view["deck_list"]) + Counter(theirs_seen)
    faces: dict[str, Counter[str]] = {}
    for p, all_faces in _box_faces().items():
        pool = Counter(all_faces)
        pool.subtract(visible)
        faces[p] = Counter({x: c for x, c in pool.items() if c > 0 and pile_of(x) == p})
    left = {p: max(0, n - seen.get(p, 0)) for p, n in need.items()}
    return Opponent(hand=pub["hand"], left=left, faces=faces)
