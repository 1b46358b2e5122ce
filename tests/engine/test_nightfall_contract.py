"""The protocol's declarations (``engine.protocol``) under Nightfall's options the generic contract tests do not
try: every draft, secret archives, no automatic passes; the draft's picks wait on every seat at once."""

from __future__ import annotations

import pytest

from engine.games import GAMES
from engine.nightfall.state import DRAFTS

from .playouts import play
from .test_contract import ODD_SEATS, check_seats_renamed, check_traits

RULES = GAMES["nightfall"]


@pytest.mark.parametrize("draft", DRAFTS)
@pytest.mark.parametrize("players", [2, 3])
def test_every_draft_keeps_the_declared_traits_and_names_seats_where_declared(draft: str, players: int) -> None:
    seats = list(ODD_SEATS[:players])
    options = RULES.Options(draft=draft, secret_archives=players == 3, auto_pass=players == 2)
    steps = list(play(RULES, seats, 4, options))
    check_traits(RULES, steps)
    check_seats_renamed([event for _m, step in steps for event in step.events], seats)
    if draft not in ("quick-start",):
        assert any(len(set(step.waiting)) == players for _m, step in steps)  # the draft: every seat picks at once


def test_the_declared_words() -> None:
    assert (RULES.default_level, RULES.span_noun, RULES.turn_noun) == ("normal", "turn", "turn")
    assert RULES.traits.simultaneous and RULES.traits.draws_cards and RULES.traits.hands
    assert (RULES.traits.min_score, RULES.traits.max_score) == (0, None)
