"""The contract in DESIGN.md exists and a game can be played from start to end."""

import random

from engine.nightfall import Game, IllegalAction, Options


def test_contract_names_play_a_whole_game() -> None:
    game = Game.new(seats=["s1", "s2", "s3"], seed=7, options=Options())
    rnd = random.Random(7)
    while not game.is_over():
        decision = rnd.choice(game.pending())
        assert isinstance(decision.seat, str) and isinstance(decision.kind, str)
        action = rnd.choice(game.legal_actions(decision.seat))
        assert game.parse_action(decision.seat, str(action)) == action
        game.apply(action)
    ranking = game.result()
    assert [seat for seat, _, _ in ranking] != []
    assert sorted(seat for seat, _, _ in ranking) == ["s1", "s2", "s3"]
    try:
        game.apply(action)
    except IllegalAction as e:
        assert "over" in str(e)
    else:
        raise AssertionError("a finished game accepted a move")
