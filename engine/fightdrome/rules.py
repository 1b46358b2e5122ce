"""Fightdrome declared to the host (``engine.protocol.Rules``): two seats, options, Fame wins, AI levels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from ..protocol import Match as AnyMatch
from ..protocol import Player
from .ai import LEVELS, ai_input, make_player
from .match import Match
from .match import Options as FightdromeOptions


@dataclass(frozen=True)
class FightdromeRules:
    """Altered Carbon: Fightdrome (2 players; the most Fame, the last fighter standing, wins)."""

    key: str = "fightdrome"
    name: str = "Altered Carbon: Fightdrome"
    seats: range = range(2, 3)
    score_wins: Literal["low", "high"] = "high"
    ai_levels: tuple[str, ...] = LEVELS

    @property
    def Options(self) -> type[FightdromeOptions]:  # rules.Options() reads as the class it is
        return FightdromeOptions

    def new(self, seats: Sequence[str], seed: int = 0, options: FightdromeOptions | None = None) -> Match:
        return Match.new(list(seats), seed=seed, options=options)

    def from_json(self, text: str) -> Match:
        return Match.from_json(text)

    def make_player(self, level: str, seed: int = 0, budget: float | None = None) -> Player:
        return cast(Player, make_player(level, seed=seed, budget=budget))

    def ai_input(self, match: AnyMatch, seat: str) -> tuple[dict[str, Any], list[Any]]:
        view, actions = ai_input(cast(Match, match), seat)
        return view, list(actions)


FIGHTDROME = FightdromeRules()
