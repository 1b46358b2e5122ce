"""Judging single moves by what they do: self-harm, costly blocks and kicker links.

The easy level filters its targets with ``aimed_at_self`` and ``harmful_target`` (a beginner
makes mistakes, but never aims damage at itself while an opponent is there to take it); the
arena (``bench/arena.py``) counts the same things over whole games to report how sensibly each
level plays. Every function reads a game as the deciding seat sees it: the public table (minions,
their damage and controllers, the chain) and the seat's own hand.
"""

from __future__ import annotations

from ..actions import is_card_ref
from ..cards import card
from ..game import Action, Game
from .greedy import _target_uses

__all__ = ["aimed_at_self", "costly_block", "harmful_target", "kicker_link", "kicker_offered", "self_harm"]

#: effect steps that hurt the player or minion they are aimed at
HARMFUL = frozenset(
    {
        "damage_player",
        "damage_player_per_minion",
        "receive_wounds",
        "damage_each_minion_of",
        "damage_minion",
        "destroy",
        "damage_controller",
        "exile_from_hand",
    }
)


def harmful_target(key: str, what: str) -> bool:
    """Whether the target ``what`` of card ``key`` is the one its damage (or wounds, or a
    destruction) lands on: a Hypnotic Presence's struck minion is, its striker is not."""
    var, uses = _target_uses(key).get(what, ("", []))
    for u in uses:
        if u["do"] in HARMFUL and var in (u.get("who"), u.get("of")):
            return True
        if u["do"] == "minion_strikes" and u.get("on") == var:
            return True
    return False


def aimed_at_self(game: Game, seat: str, ref: str) -> bool:
    """Whether target ``ref`` is ``seat`` itself or a minion ``seat`` controls."""
    if ref == seat:
        return True
    if not is_card_ref(ref):
        return False
    ctl = game.controller(int(ref[1:]))
    return ctl is not None and game.name(ctl) == seat


def self_harm(game: Game, action: Action) -> bool:
    """Whether ``action`` (about to be applied in ``game``) aims a card's damage at its own seat
    or its own minion although the decision offered an opposing target."""
    if action.verb != "target":
        return False
    seat = action.seat
    decision = next((d for d in game.pending() if d.seat == seat), None)
    if decision is None or decision.kind != "target" or decision.source is None or decision.what is None:
        return False
    key = game.s.cards[int(str(decision.source)[1:])]
    if not harmful_target(key, str(decision.what)) or not aimed_at_self(game, seat, action.args[0]):
        return False
    return any(not aimed_at_self(game, seat, a.args[0]) for a in game.legal_actions(seat))


def costly_block(game: Game, action: Action) -> bool:
    """Whether block ``action`` loses a blocker stronger than the damage it absorbs: the attack
    left after the blockers already declared destroys it, and its strength (what it would deal
    when it attacks on its own turn) is more than the health it soaks up."""
    if action.verb != "block":
        return False
    b, att = int(action.args[0][1:]), int(action.args[1][1:])
    attack = next((x for x in game.s.attacks if x["a"] == att), None)
    if attack is None:
        return False
    left = game.strength(att) - sum(game.health_left(m) for m in attack["blockers"] if game.in_play(m))
    health = game.health_left(b)
    if left < health:
        return False  # it survives
    return game.strength(b) > health


def kicker_link(game: Game, action: Action) -> bool | None:
    """For a chain action that links onto a started chain: whether its kicker is active (it is
    linked onto a card of its kicker's colour). None for any other action."""
    if action.verb != "chain" or not game.s.chain:
        return None
    d = card(game.s.cards[int(action.args[0][1:])])
    onto = card(game.s.cards[game.s.chain[-1]["card"]]).colour
    return bool(d.kicker and d.kicker.colour == onto)


def kicker_offered(game: Game, seat: str) -> bool:
    """Whether ``seat``'s decision now offers a link with an active kicker (onto a started chain):
    the chances the arena counts, to judge how often a level takes one when it can."""
    return any(kicker_link(game, a) for a in game.legal_actions(seat) if a.verb == "chain")
