"""Taking a Fightdrome action back (``engine.protocol.revealed``, ``Match.taken_back``) on exact positions. The rules
every game keeps are in ``tests/engine/test_undo.py``."""

from __future__ import annotations

from engine.games import GAMES
from tests.engine.helpers import first_moves, move


def test_a_fightdrome_play_draws_and_reveals() -> None:
    match = first_moves("fightdrome", 0)
    assert move(match, "open P20") == ("bob", True)


def test_a_secret_first_sleeve_reveals_nothing_until_both_have_picked() -> None:
    match = first_moves("fightdrome", 0, format="tournament")
    earlier = match.to_json()
    first = match.pending()[0].seat
    sleeve = str(match.legal_actions(first)[0])
    assert move(match, sleeve) == (first, False)
    back = match.taken_back(earlier)
    assert back.version == 2 and back.secrets() == GAMES["fightdrome"].from_json(earlier).secrets()
    assert [d.seat for d in back.pending()] == ["ann", "bob"]
    second = match.pending()[0].seat
    assert second != first
    assert move(match, str(match.legal_actions(second)[0])) == (second, True)  # the round is dealt
