"""The protocol's declarations (``engine.protocol``) under Fightdrome's options the generic contract tests do not
try: a Grand Tournament waits on both seats at once (the secret first Sleeve) and names seats in more events."""

from __future__ import annotations

import pytest

from engine.games import GAMES
from tests.engine.playouts import play
from tests.engine.test_contract import ODD_SEATS, check_seats_renamed, check_traits

RULES = GAMES["fightdrome"]
FORMATS = [{"format": "tournament"}, {"format": "bout"}, {"format": "series", "target": 150, "breather": True}]


@pytest.mark.parametrize("options", FORMATS, ids=lambda o: "-".join(map(str, o.values())))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_format_keeps_the_declared_traits_and_names_seats_where_declared(options: dict, seed: int) -> None:
    seats = list(ODD_SEATS[:2])
    steps = list(play(RULES, seats, seed, RULES.Options(**options)))
    check_traits(RULES, steps)
    check_seats_renamed([event for _m, step in steps for event in step.events], seats)
    both = any(len(set(step.waiting)) == 2 for _m, step in steps)
    assert both == (options["format"] == "tournament")  # the secret first Sleeve: why Fightdrome is simultaneous


def test_the_declared_words() -> None:
    assert (RULES.default_level, RULES.span_noun, RULES.turn_noun) == ("normal", "exchange", "round")
    assert RULES.traits.simultaneous and RULES.traits.draws_cards and RULES.traits.hands
    assert (RULES.traits.min_score, RULES.traits.max_score) == (0, None)
