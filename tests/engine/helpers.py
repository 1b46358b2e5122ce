"""Small helpers for exact-position tests."""

from __future__ import annotations

from typing import Any

from engine.nightfall import Game


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
