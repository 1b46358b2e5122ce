"""Taking an action back (``engine.protocol.revealed`` and ``Match.taken_back``): which actions showed nothing,
on exact positions of both games, and the position an undo restores."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.games import GAMES
from engine.protocol import Match, revealed


def _first_moves(key: str, steps: int, seed: int = 3, **options: Any) -> Match:
    """A game of ``key`` (seats ann and bob) after ``steps`` moves, each the first legal action of the first seat
    waiting."""
    rules = GAMES[key]
    match = rules.new(seats=["ann", "bob"], seed=seed, options=rules.Options(**options))
    for _ in range(steps):
        seat = match.pending()[0].seat
        match.apply(match.legal_actions(seat)[0])
    return match


def _move(match: Match, text: str) -> tuple[str, bool]:
    """Play ``text`` for the first seat waiting; (seat, whether it revealed anything)."""
    seat = match.pending()[0].seat
    before = match.secrets()
    events = match.apply(match.parse_action(seat, text))
    return seat, revealed(before, match.secrets(), events, seat)


def _without_version(text: str) -> dict[str, Any]:
    data = json.loads(text)
    data.pop("version")
    return dict(data)


def test_a_first_draft_pick_reveals_nothing_and_is_taken_back_to_the_same_position() -> None:
    match = _first_moves("nightfall", 0)
    earlier = match.to_json()
    asked = [(d.seat, d.kind, d.opened) for d in match.pending()]
    assert _move(match, "draft death_grip") == ("ann", False)
    assert match.version == 1
    back = match.taken_back(earlier)
    assert back.version == 2
    assert [(d.seat, d.kind, d.opened) for d in back.pending()] == asked == [("ann", "draft", 0), ("bob", "draft", 0)]
    assert _without_version(back.to_json()) == _without_version(earlier)
    again = GAMES["nightfall"].from_json(earlier)
    assert [str(a) for a in back.legal_actions("ann")] == [str(a) for a in again.legal_actions("ann")]


def test_the_pick_that_passes_the_packets_reveals_them() -> None:
    match = _first_moves("nightfall", 1)
    assert _move(match, "draft flank_attack") == ("bob", True)  # ann now sees bob's packet, bob sees ann's


def test_the_last_draft_pick_deals_the_hands_and_reveals() -> None:
    match = _first_moves("nightfall", 5)
    assert _move(match, "draft leave_me") == ("bob", True)


def test_a_chain_link_that_draws_nothing_reveals_nothing() -> None:
    match = _first_moves("nightfall", 6)
    assert _move(match, "chain c79") == ("bob", False)
    assert _move(match, "chain c67") == ("ann", False)


def test_a_claim_from_an_open_archive_reveals_nothing() -> None:
    match = _first_moves("nightfall", 8)
    assert _move(match, "claim a4") == ("bob", False)


def test_a_link_that_makes_the_game_pass_for_the_other_player_reveals_it() -> None:
    match = _first_moves("nightfall", 48, seed=1)
    before = match.secrets()
    events = match.apply(match.parse_action("ann", "chain c65"))
    assert {"type": "chain_pass", "seat": "bob", "auto": True} in events  # bob holds nothing that links
    assert before == {z: v for z, v in match.secrets().items() if z != "hand:ann"} | {"hand:ann": before["hand:ann"]}
    assert revealed(before, match.secrets(), events, "ann")  # no hidden zone moved, but bob's hand was told of


def test_the_end_of_a_turn_draws_and_reveals() -> None:
    match = _first_moves("nightfall", 8)
    seat = match.pending()[0].seat
    while match.pending()[0].seat == seat:  # the claim phase to its end: "done" ends the turn, and its hand is drawn
        if any(str(a) == "done" for a in match.legal_actions(seat)):
            break
        match.apply(match.legal_actions(seat)[0])
    assert _move(match, "done") == (seat, True)


def test_a_fightdrome_play_draws_and_reveals() -> None:
    match = _first_moves("fightdrome", 0)
    assert _move(match, "open P20") == ("bob", True)


def test_a_secret_first_sleeve_reveals_nothing_until_both_have_picked() -> None:
    match = _first_moves("fightdrome", 0, format="tournament")
    earlier = match.to_json()
    first = match.pending()[0].seat
    sleeve = str(match.legal_actions(first)[0])
    assert _move(match, sleeve) == (first, False)
    back = match.taken_back(earlier)
    assert back.version == 2 and back.secrets() == GAMES["fightdrome"].from_json(earlier).secrets()
    assert [d.seat for d in back.pending()] == ["ann", "bob"]
    second = match.pending()[0].seat
    assert second != first
    assert _move(match, str(match.legal_actions(second)[0])) == (second, True)  # the round is dealt


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


#: events that say a card was drawn or a deck shuffled, in either game: every action that emits one reveals
DRAWS = {"drew", "drew_cards", "draw", "reshuffle", "shuffled"}


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_draw_reveals_and_every_position_is_taken_back_exactly(key: str, seed: int) -> None:
    """Random play, one action at a time: an action whose events draw or shuffle is always found revealing, and
    taking any action back gives the position before it (decisions, hidden zones, legal actions), one version on."""
    rules = GAMES[key]
    match = rules.new(seats=["ann", "bob"], seed=seed, options=rules.Options())
    rnd = random.Random(seed)
    drew = quiet = 0
    for _ in range(250):
        if match.is_over():
            break
        seat = match.pending()[0].seat
        earlier, hidden = match.to_json(), match.secrets()
        asked = [(d.seat, d.kind, d.opened) for d in match.pending()]
        legal = [str(a) for a in match.legal_actions(seat)]
        events = match.apply(rnd.choice(match.legal_actions(seat)))
        shown = revealed(hidden, match.secrets(), events, seat)
        if any(e.get("type") in DRAWS for e in events):
            assert shown, f"{key}: a draw at version {match.version} was not found revealing"
            drew += 1
        quiet += not shown
        back = match.taken_back(earlier)
        assert back.version == match.version + 1 and back.secrets() == hidden
        assert [(d.seat, d.kind, d.opened) for d in back.pending()] == asked
        assert [str(a) for a in back.legal_actions(seat)] == legal
    assert drew > 0 and (quiet > 0 or key == "fightdrome")
