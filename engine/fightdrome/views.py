"""What each reader may see of a match (Ruling 21): the public view for the channel and the table image,
and a seat's private view, which adds its hand, the faces of its own stun pile and its secret Sleeve pick.

Public: the fight line, both discard piles, the counts of each hand, deck and stun pile, Fame, the
characters, the history of rounds. Hidden: hands, the order of decks, the faces of stun piles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .actions import Action
from .cards import face_of, fame, is_neuro, kind, requirement, sort_key, strength
from .state import Decision, Fighter, Options


class Match(Protocol):
    """What a view reads of a match (``match.Match`` is one): named here, so that the match may import its views
    while the views never import the match."""

    seats: list[str]
    options: Options
    version: int
    fighters: dict[str, Fighter]
    round: int
    opener: str
    line: list[tuple[str, str]]
    turn: str | None
    kind: str | None
    picks: dict[str, str]
    history: list[dict[str, Any]]
    winner: str | None
    last: list[dict[str, Any]]

    def pending(self) -> Sequence[Decision]: ...

    def top(self) -> str | None: ...

    def can_rest(self, seat: str) -> bool: ...

    def legal_actions(self, seat: str) -> Sequence[Action]: ...

    def _gather_view(self, seat: str) -> list[str]: ...


def _public_event(event: dict[str, Any]) -> bool:
    return "to" not in event


def public_view(m: Match) -> dict[str, Any]:
    fighters = {}
    for seat in m.seats:
        f = m.fighters[seat]
        fighters[seat] = {
            "sleeve": f.sleeve,
            "stack": f.stack,
            "team": list(f.team),
            "lost": list(f.lost),
            "hand": len(f.hand),
            "deck": len(f.deck),
            "discard": len(f.discard),
            "discard_faces": [face_of(c) for c in f.discard],
            "stun": len(f.stun),
            "fame": f.fame,
            "wins": f.wins,
            "can_rest": m.can_rest(seat),
        }
    top = m.top()
    pending = m.pending()
    return {
        "game": "fightdrome",
        "version": m.version,
        "seats": list(m.seats),
        "options": {
            "format": m.options.format,
            "target": m.options.target,
            "breather": m.options.breather,
            "last_breath": m.options.last_breath,
        },
        "round": m.round,
        "opener": m.opener,
        "fighters": fighters,
        "line": [
            {"seat": s, "card": face_of(c), "strength": strength(face_of(c)), "neuro": is_neuro(face_of(c))}
            for s, c in m.line
        ],
        "top": top,
        "requirement": requirement(top) if top and m.kind == "answer" else [],
        "decisions": [{"seat": d.seat, "kind": d.kind} for d in pending],
        "turn": m.turn,
        "kind": m.kind,
        "picked": sorted(m.picks),
        "history": [{k: v for k, v in h.items() if k != "hands"} | {"hands": h["hands"]} for h in m.history],
        "last": [e for e in m.last if _public_event(e)],
        "over": m.winner is not None,
        "winner": m.winner,
    }


def card_view(card: str) -> dict[str, Any]:
    face = face_of(card)
    return {
        "id": card,
        "card": face,
        "kind": kind(face).code,
        "family": kind(face).family,
        "strength": strength(face),
        "neuro": is_neuro(face),
        "fame": fame(face),
    }


def private_view(m: Match, seat: str) -> dict[str, Any]:
    """The public view and what ``seat`` alone may see: its hand (with which cards it may play now), the
    faces of its own stun pile, its secret first Sleeve, and its own private events."""
    view = public_view(m)
    f = m.fighters[seat]
    legal = {a.arg for a in m.legal_actions(seat)}
    hand = sorted(f.hand, key=lambda c: sort_key(face_of(c)))
    view.update(
        you=seat,
        hand=[card_view(c) | {"legal": face_of(c) in legal} for c in hand],
        stun_pile=sorted((face_of(c) for c in f.stun), key=sort_key),
        # the player built their own deck: they know its cards, not their order
        deck_list=sorted((face_of(c) for c in m._gather_view(seat)), key=sort_key),
        pick=m.picks.get(seat),
        mine=[e for e in m.last if e.get("to") == seat],
        can_rest=any(a.verb == "rest" for a in m.legal_actions(seat)),
    )
    return view
