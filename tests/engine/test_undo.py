"""Taking an action back (``engine.protocol.revealed`` and ``Match.taken_back``), in every registered game: which
actions showed nothing and the position an undo restores. Each game's exact positions are in its own tests
(``test_undo_nightfall.py``, ``fightdrome/test_undo.py``); here only what its declared traits say."""

from __future__ import annotations

import random

import pytest

from engine.games import GAMES
from engine.protocol import revealed

from .playouts import hand_ids, ids_in


def test_a_hidden_zone_opened_or_a_decision_made_for_another_seat_reveals() -> None:
    hidden = {"archive:a5": (frozenset({"bob"}), ["ghoul", [1, 2]])}
    assert revealed(hidden, {}, [], "ann")  # bob's secret archive turned face up
    assert not revealed(hidden, {}, [], "bob")  # his own: he knew it
    passed = [{"type": "chain_pass", "seat": "bob", "auto": True}]
    assert revealed({}, {}, passed, "ann")  # bob had nothing to link: the game said so for him
    assert not revealed({}, {}, passed, "bob")
    forced = [{"type": "play", "seat": "bob", "forced": True}]
    assert revealed({}, {}, forced, "ann")
    hand = {"hand:ann": (frozenset({"ann"}), [1, 2])}
    assert not revealed(hand, {"hand:ann": (frozenset({"ann"}), [2])}, [], "ann")
    assert revealed({"rng": (frozenset(), 1)}, {"rng": (frozenset(), 2)}, [], "ann")


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_draw_reveals_and_every_position_is_taken_back_exactly(key: str, seed: int) -> None:
    """Random play, one action at a time: an action after which a hand holds a card its seat had not seen (a draw,
    a deal) is always found revealing, and taking any action back gives the position before it (decisions, hidden
    zones, legal actions), one version on. A game that declares it draws cards is seen drawing."""
    rules = GAMES[key]
    seats = [f"s{i}" for i in range(min(rules.seats))]
    match = rules.new(seats=seats, seed=seed, options=rules.Options())
    rnd = random.Random(seed)
    watch = rules.traits.hands  # a draw is seen in a hand
    seen = {s: ids_in(match.private_view(s)) for s in seats} if watch else {}
    drew = 0
    for _ in range(250):
        if match.is_over():
            break
        seat = match.pending()[0].seat
        earlier, hidden = match.to_json(), match.secrets()
        asked = [(d.seat, d.kind, d.opened) for d in match.pending()]
        legal = [str(a) for a in match.legal_actions(seat)]
        events = match.apply(rnd.choice(match.legal_actions(seat)))
        shown = revealed(hidden, match.secrets(), events, seat)
        if watch:
            if any(hand_ids(match, s) - seen[s] for s in seats):
                assert shown, f"{key}: a draw at version {match.version} was not found revealing"
                drew += 1
            seen = {s: ids_in(match.private_view(s)) for s in seats}
        back = match.taken_back(earlier)
        assert back.version == match.version + 1 and back.secrets() == hidden
        assert [(d.seat, d.kind, d.opened) for d in back.pending()] == asked
        assert [str(a) for a in back.legal_actions(seat)] == legal
    if watch:
        assert (drew > 0) == rules.traits.draws_cards
