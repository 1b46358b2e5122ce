"""Nightfall declared to the host (``engine.protocol.Rules``): seats, options, scores, AI levels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from ..protocol import Match, Player, Traits
from .ai import ai_input, make_player
from .ai.levels import LEVELS
from .game import Game
from .game import Options as NightfallOptions

#: cards are drawn; the draft's picks (and blocks) wait on several seats at once; a score is a count of wounds
TRAITS = Traits(draws_cards=True, simultaneous=True, hands=True, min_score=0, max_score=None)


@dataclass(frozen=True)
class NightfallRules:
    """Nightfall (2–5 players, the fewest wounds win) through the protocol; its matches are ``Game``s."""

    key: str = "nightfall"
    name: str = "Nightfall"
    seats: range = range(2, 6)
    score_wins: Literal["low", "high"] = "low"
    ai_levels: tuple[str, ...] = LEVELS
    default_level: str = "normal"
    #: a missed deadline covers the rest of the seat's turn, and ``turn`` counts turns
    span_noun: str = "turn"
    turn_noun: str = "turn"
    traits: Traits = TRAITS

    @property
    def Options(self) -> type[NightfallOptions]:  # rules.Options() reads as the class it is
        return NightfallOptions

    def new(self, seats: Sequence[str], seed: int = 0, options: NightfallOptions | None = None) -> Game:
        return Game.new(list(seats), seed=seed, options=options)

    def from_json(self, text: str) -> Game:
        return Game.from_json(text)

    def make_player(self, level: str, seed: int = 0, budget: float | None = None) -> Player:
        # Nightfall's players take its own Action lists: the protocol's wider types are what the host passes them
        return cast(Player, make_player(level, seed=seed, budget=budget))

    def ai_input(self, match: Match, seat: str) -> tuple[dict[str, Any], list[Any]]:
        view, actions = ai_input(cast(Game, match), seat)
        return view, list(actions)


NIGHTFALL = NightfallRules()
