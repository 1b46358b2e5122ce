"""Taking a Nightfall action back (``engine.protocol.revealed``, ``Match.taken_back``) on exact positions: which
actions showed nothing, and the position an undo restores. The rules every game keeps are in ``test_undo.py``."""

from __future__ import annotations

from engine.games import GAMES
from engine.protocol import revealed

from .helpers import first_moves, move, without_version


def test_a_first_draft_pick_reveals_nothing_and_is_taken_back_to_the_same_position() -> None:
    match = first_moves("nightfall", 0)
    earlier = match.to_json()
    asked = [(d.seat, d.kind, d.opened) for d in match.pending()]
    assert move(match, "draft death_grip") == ("ann", False)
    assert match.version == 1
    back = match.taken_back(earlier)
    assert back.version == 2
    assert [(d.seat, d.kind, d.opened) for d in back.pending()] == asked == [("ann", "draft", 0), ("bob", "draft", 0)]
    assert without_version(back.to_json()) == without_version(earlier)
    again = GAMES["nightfall"].from_json(earlier)
    assert [str(a) for a in back.legal_actions("ann")] == [str(a) for a in again.legal_actions("ann")]


def test_the_pick_that_passes_the_packets_reveals_them() -> None:
    match = first_moves("nightfall", 1)
    assert move(match, "draft flank_attack") == ("bob", True)  # ann now sees bob's packet, bob sees ann's


def test_the_last_draft_pick_deals_the_hands_and_reveals() -> None:
    match = first_moves("nightfall", 5)
    assert move(match, "draft leave_me") == ("bob", True)


def test_a_chain_link_that_draws_nothing_reveals_nothing() -> None:
    match = first_moves("nightfall", 6)
    assert move(match, "chain c79") == ("bob", False)
    assert move(match, "chain c67") == ("ann", False)


def test_a_claim_from_an_open_archive_reveals_nothing() -> None:
    match = first_moves("nightfall", 8)
    assert move(match, "claim a4") == ("bob", False)


def test_a_link_that_makes_the_game_pass_for_the_other_player_reveals_it() -> None:
    match = first_moves("nightfall", 48, seed=1)
    before = match.secrets()
    events = match.apply(match.parse_action("ann", "chain c65"))
    assert {"type": "chain_pass", "seat": "bob", "auto": True} in events  # bob holds nothing that links
    assert before == {z: v for z, v in match.secrets().items() if z != "hand:ann"} | {"hand:ann": before["hand:ann"]}
    assert revealed(before, match.secrets(), events, "ann")  # no hidden zone moved, but bob's hand was told of


def test_the_end_of_a_turn_draws_and_reveals() -> None:
    match = first_moves("nightfall", 8)
    seat = match.pending()[0].seat
    while match.pending()[0].seat == seat:  # the claim phase to its end: "done" ends the turn, and its hand is drawn
        if any(str(a) == "done" for a in match.legal_actions(seat)):
            break
        match.apply(match.legal_actions(seat)[0])
    assert move(match, "done") == (seat, True)
