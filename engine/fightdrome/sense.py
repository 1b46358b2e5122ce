"""Judging one move against what its seat could see: self-harm, and the figures of sense the arena reports.

**Self-harm** is a move that makes the mover's own position worse for no gain, whatever the opponent holds:

- ``neuro_block``: answering with a Neurochem Block while an ordinary block or a Dodge that fits is in hand. Both
  end the exchange and hand the opening to the attacker; the neuro card draws nothing, so it costs a card from the
  hand (a step towards losing the round) and 50 Fame.
- ``discard``: a stun discard that throws away a plainly better card than one kept: a neuro card (50 Fame, beats
  every ordinary card) while holding an ordinary attack of strength 30 or less, or an attack or block while holding
  a weaker card of the same kind (``P80`` away, ``P10`` kept).
- ``missed_win``: passing up a certain round win: the opponent holds one card, and the mover could open or answer
  with an attack that no card the opponent could hold meets (``knowledge.Opponent.sure_stun``), so they would be
  stunned out of their last card.

**Sense** (figures, not faults; the arena counts them per level):

- ``evasion_spent``: a Dodge or Feint spent on an ordinary attack of strength 20 or less while an ordinary attack
  or block that fits was in hand (an evasion answers anything: it is wanted against an 80 or a neuro-free hand).
- ``neuro_spent``: a neuro card played on an ordinary attack while an ordinary card that fits was in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .cards import answers, is_attack, is_neuro, kind, strength
from .knowledge import opponent

SELF_HARM = ("neuro_block", "discard", "missed_win")
SENSE = ("evasion_spent", "neuro_spent")

#: a neuro card discarded while holding an ordinary attack this weak (or weaker) is self-harm
LOW_ATTACK = 30
#: an evasion spent on an ordinary attack this weak (or weaker), with an ordinary answer at hand
WEAK_ATTACK = 20


def _hand(view: dict[str, Any]) -> list[str]:
    return [c["card"] for c in view["hand"]]


def harmful_discard(face: str, hand: Sequence[str]) -> bool:
    """Whether stun-discarding ``face`` from ``hand`` throws away a plainly better card than one kept."""
    rest = list(hand)
    rest.remove(face)
    if is_neuro(face):
        return any(is_attack(x) and not is_neuro(x) and (strength(x) or 0) <= LOW_ATTACK for x in rest)
    s = strength(face)
    if s is None:
        return False
    return any(kind(x).code == kind(face).code and (strength(x) or 0) < s for x in rest)


def winning_attacks(view: dict[str, Any], actions: Sequence[Action]) -> list[Action]:
    """The moves that win the round for certain: the opponent holds one card and cannot meet the attack."""
    me = view["you"]
    if next(f["hand"] for s, f in view["fighters"].items() if s != me) != 1:
        return []
    moves = [a for a in actions if a.verb in ("open", "answer") and is_attack(a.arg)]
    if not moves:
        return []
    them = opponent(view)
    return [a for a in moves if them.sure_stun(a.arg)]


def self_harm(
    view: dict[str, Any], actions: Sequence[Action], action: Action, wins: list[Action] | None = None
) -> str | None:
    """Which kind of self-harm ``action`` is (one of ``SELF_HARM``), or None; ``wins``: ``winning_attacks``
    when the caller has them already."""
    hand = _hand(view)
    if action.verb == "stun-discard":
        return "discard" if harmful_discard(action.arg, hand) else None
    if action.verb == "answer" and action.arg == "NB":
        top = view["line"][-1]["card"]
        if any(kind(x).code in ("PB", "KB", "DG") and answers(x, top) for x in hand):
            return "neuro_block"
    wins = winning_attacks(view, actions) if wins is None else wins
    if wins and action not in wins:
        return "missed_win"
    return None


def harmless(view: dict[str, Any], actions: Sequence[Action]) -> list[Action]:
    """``actions`` without the self-harming ones (never empty: a forced choice stays a choice)."""
    wins = winning_attacks(view, actions)
    if wins:
        return wins
    ok = [a for a in actions if self_harm(view, actions, a, wins) is None]
    return ok or list(actions)


def sense(view: dict[str, Any], action: Action) -> str | None:
    """Which figure of sense ``action`` counts towards (one of ``SENSE``), or None."""
    if action.verb != "answer":
        return None
    top = view["line"][-1]["card"]
    if is_neuro(top):
        return None
    hand = _hand(view)
    ordinary = [x for x in hand if not is_neuro(x) and kind(x).family in ("attack", "block") and answers(x, top)]
    if not ordinary:
        return None
    if kind(action.arg).code in ("DG", "FT") and (strength(top) or 0) <= WEAK_ATTACK:
        return "evasion_spent"
    if is_neuro(action.arg):
        return "neuro_spent"
    return None
