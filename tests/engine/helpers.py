"""Small helpers for exact-position tests."""

from __future__ import annotations

import json
from typing import Any

from engine.games import GAMES
from engine.nightfall import Game
from engine.protocol import Match, revealed


def act(game: Game, seat: str, text: str) -> list[dict[str, Any]]:
    """Apply one action given as text, as a player would."""
    return game.apply(game.parse_action(seat, text))


def texts(game: Game, seat: str) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


def kinds(game: Game) -> list[tuple[str, str]]:
    return [(d.seat, d.kind) for d in game.pending()]


def keys(game: Game, ids: list[int]) -> list[str]:
    return [game.s.cards[c] for c in ids]


def wounds(game: Game, seat: str) -> int:
    return sum(game.wounds_of(game.seats.index(seat)).values())


# ---------------------------------------------------------------- for the per-card tests
HOLD = "wound:bleed"  # a card that can never be chained; it keeps the claim phase waiting
ZONES = ("hand", "deck", "discard", "play")


def cid(ref: str) -> int:
    """The instance number of a card id text such as ``"c12"``."""
    return int(ref[1:])


def zone(g: Game, seat: str, where: str) -> list[int]:
    s, i = g.s, g.seats.index(seat)
    return {"hand": s.hands, "deck": s.decks, "discard": s.discards, "play": s.in_play}[where][i]


def names(g: Game, seat: str, where: str) -> list[str]:
    """Card keys in one of ``seat``'s zones, in zone order (top of a pile last)."""
    return [g.s.cards[c] for c in zone(g, seat, where)]


def damage(g: Game, ref: str) -> int:
    """Damage marked on a minion; the minion must still be in play."""
    place = where(g, ref)
    assert place is not None and place[1] == "play", f"{ref} is not in play but in {place}"
    return g.s.damage[cid(ref)]


def exiled(g: Game, ref: str) -> bool:
    return cid(ref) in g.s.exiled


def exiled_orders(g: Game) -> list[str]:
    """Keys of the exiled order cards (wounds left out), in the order they were exiled."""
    return [g.s.cards[c] for c in g.s.exiled if not g.s.cards[c].startswith("wound:")]


def where(g: Game, ref: str) -> tuple[str, str] | None:
    """(seat, zone) holding the card, or None when it is in no player's zone."""
    for seat in g.seats:
        for z in ZONES:
            if cid(ref) in zone(g, seat, z):
                return seat, z
    return None


def archive_cards(g: Game, ref: str) -> list[int]:
    return next(a["cards"] for a in g.s.archives if a["id"] == ref)


def wounded_order(events: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(e["seat"], e["n"]) for e in events if e["type"] == "wounded"]


def fight_all(g: Game) -> list[dict[str, Any]]:
    """Answer every 'which attack next' question with the first attack offered."""
    events: list[dict[str, Any]] = []
    while kinds(g) == [(g.seats[g.s.active], "combat-order")]:
        seat = g.seats[g.s.active]
        events += act(g, seat, texts(g, seat)[0])
    return events


# ---------------------------------------------------------------- any game: moves and undo
def first_moves(key: str, steps: int, seed: int = 3, **options: Any) -> Match:
    """A game of ``key`` (seats ann and bob) after ``steps`` moves, each the first legal action of the first seat
    waiting."""
    rules = GAMES[key]
    match = rules.new(seats=["ann", "bob"], seed=seed, options=rules.Options(**options))
    for _ in range(steps):
        seat = match.pending()[0].seat
        match.apply(match.legal_actions(seat)[0])
    return match


def move(match: Match, text: str) -> tuple[str, bool]:
    """Play ``text`` for the first seat waiting; (seat, whether it revealed anything)."""
    seat = match.pending()[0].seat
    before = match.secrets()
    events = match.apply(match.parse_action(seat, text))
    return seat, revealed(before, match.secrets(), events, seat)


def without_version(text: str) -> dict[str, Any]:
    data = json.loads(text)
    data.pop("version")
    return dict(data)
