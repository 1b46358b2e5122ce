"""Fightdrome declared to the host (``engine.protocol.Rules``): two seats, options, Fame wins, AI levels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from ..protocol import Match as AnyMatch
from ..protocol import Player, Traits
from .ai import LEVELS, ai_input, make_player
from .match import Match
from .match import Options as FightdromeOptions

#: cards are drawn; a Grand Tournament's first Sleeve is picked by both seats at once, in secret; a score is
#: Fame in a series, fighters left in a Grand Tournament, 1 or 0 in a single bout
TRAITS = Traits(draws_cards=True, simultaneous=True, hands=True, min_score=0, max_score=None)


@dataclass(frozen=True)
class FightdromeRules:
    """Altered Carbon: Fightdrome (2 players; the most Fame, the last fighter standing, wins)."""

    key: str = "fightdrome"
    name: str = "Altered Carbon: Fightdrome"
    seats: range = range(2, 3)
    score_wins: Literal["low", "high"] = "high"
    ai_levels: tuple[str, ...] = LEVELS
    default_level: str = "normal"
    #: a missed deadline covers the rest of an exchange (a round lasts a whole bout), and ``turn`` counts rounds
    span_noun: str = "exchange"
    turn_noun: str = "round"
    traits: Traits = TRAITS

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
