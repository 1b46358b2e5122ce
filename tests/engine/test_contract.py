"""The contract every game keeps (``engine.protocol``), checked over every game in ``engine.games.GAMES``:
seeded random games played to the end, actions that round-trip through their text, an exact JSON round
trip in the middle of a game, determinism, no seat's hand in another seat's view, illegal input refused,
a ranking of every seat, best first."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.games import GAMES
from engine.protocol import Match, Player, Rules

MAX_STEPS = 20_000
SEEDS = (1, 2, 3)


def _hidden_ids(match: Match, seat: str) -> set[Any]:
    return {card["id"] for card in match.private_view(seat).get("hand", [])}


def _ids_in(view: Any) -> set[Any]:
    """Every value under an "id" key anywhere in a view."""
    found: set[Any] = set()
    if isinstance(view, dict):
        for key, value in view.items():
            if key == "id" and isinstance(value, str | int):
                found.add(value)
            found |= _ids_in(value)
    elif isinstance(view, list):
        for value in view:
            found |= _ids_in(value)
    return found


def _check_views(match: Match) -> None:
    """A seat's hand shows in no other seat's view and not in the public one."""
    public = match.public_view()
    views = {seat: match.private_view(seat) for seat in match.seats}
    for seat in match.seats:
        hand = _hidden_ids(match, seat)
        for viewer, view in [("public", public), *((v, w) for v, w in views.items() if v != seat)]:
            text = json.dumps(view)
            leaked = {h for h in hand if (isinstance(h, str) and json.dumps(h) in text) or h in _ids_in(view)}
            assert not leaked, f"{viewer}'s view shows {sorted(map(str, leaked))} from {seat}'s hand"


def _check_decisions(match: Match, rnd: random.Random) -> None:
    """Every waiting seat has legal actions and says when it opened; a sample of them round-trips through its
    text; the passive default is one of them."""
    for decision in match.pending():
        assert decision.seat in match.seats and decision.kind
        # the version it reached its seat at: what keeps its buttons valid while it stands
        assert isinstance(decision.opened, int) and 0 <= decision.opened <= match.version
        legal = list(match.legal_actions(decision.seat))
        assert legal, f"{decision.seat} must decide {decision.kind} but has no legal action"
        for action in rnd.sample(legal, min(3, len(legal))):
            assert match.parse_action(decision.seat, str(action)) == action
        assert match.default_action(decision.seat) in legal


def _play(match: Match, rnd: random.Random, log: list[tuple[str, str]], steps: int = MAX_STEPS) -> None:
    """Random legal moves (by their text, as the bot makes them) until the game ends or ``steps`` run out."""
    for step in range(steps):
        if match.is_over():
            return
        assert match.pending(), "a running game waits on nobody"
        if step % 40 == 0:
            _check_decisions(match, rnd)
            _check_views(match)
        seat = rnd.choice(list(match.pending())).seat
        action = rnd.choice(list(match.legal_actions(seat)))
        version = match.version
        match.apply(match.parse_action(seat, str(action)))
        assert match.version == version + 1
        log.append((seat, str(action)))
    if steps == MAX_STEPS:
        raise AssertionError(f"the game did not end within {MAX_STEPS} steps")


def _seat_counts(rules: Rules) -> list[int]:
    return sorted({min(rules.seats), max(rules.seats)})


CASES = [(key, seats, seed) for key, rules in GAMES.items() for seats in _seat_counts(rules) for seed in SEEDS]


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_declares_itself(key: str) -> None:
    rules = GAMES[key]
    assert isinstance(rules, Rules) and rules.key == key and rules.name
    assert len(rules.seats) >= 1 and min(rules.seats) >= 1
    assert rules.score_wins in ("low", "high") and rules.ai_levels
    match = rules.new(seats=[f"s{i}" for i in range(min(rules.seats))], seed=7, options=rules.Options())
    assert isinstance(match, Match) and match.pending() and not match.is_over()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_ai_level_answers_with_a_legal_move_from_its_seats_view(key: str) -> None:
    rules = GAMES[key]
    match = rules.new(seats=[f"s{i}" for i in range(min(rules.seats))], seed=5, options=rules.Options())
    rnd = random.Random(5)
    for level in rules.ai_levels:
        player = rules.make_player(level, seed=3, budget=0.05)
        assert isinstance(player, Player)
        for _ in range(6):
            seat = match.pending()[0].seat
            view, actions = rules.ai_input(match, seat)
            assert view.get("you", seat) == seat and list(actions) == list(match.legal_actions(seat))
            action = player.choose(view, actions)
            assert action in actions
            match.apply(action)
        _play(match, rnd, [], steps=3)


@pytest.mark.parametrize(("key", "players", "seed"), CASES)
def test_seeded_games_keep_the_contract_to_the_end(key: str, players: int, seed: int) -> None:
    rules = GAMES[key]
    seats = [f"s{i}" for i in range(players)]
    match = rules.new(seats=seats, seed=seed, options=rules.Options())
    rnd = random.Random(seed)
    log: list[tuple[str, str]] = []
    _play(match, rnd, log, steps=25)
    # an exact round trip mid-game: the copy plays on exactly like the original
    copy, split = rules.from_json(match.to_json()), len(log)
    assert copy.to_json() == match.to_json()
    _play(match, random.Random(seed * 7), log)
    for who, text in log[split:]:
        copy.apply(copy.parse_action(who, text))
    assert copy.to_json() == match.to_json() and copy.is_over()
    # the same seed and the same moves make the same game
    again = rules.new(seats=seats, seed=seed, options=rules.Options())
    for who, text in log:
        again.apply(again.parse_action(who, text))
    assert again.to_json() == match.to_json()
    _check_views(match)
    # the ranking: every seat once, best first
    ranking = match.result()
    assert sorted(seat for seat, _score, _details in ranking) == sorted(seats)
    scores = [score for _seat, score, _details in ranking]
    assert scores == sorted(scores, reverse=rules.score_wins == "high")
    # a finished game takes no more moves
    with pytest.raises(ValueError):
        match.apply(match.parse_action(seats[0], log[-1][1]))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_illegal_input_is_refused_with_a_value_error_and_changes_nothing(key: str) -> None:
    rules = GAMES[key]
    seats = [f"s{i}" for i in range(max(rules.seats))]
    match = rules.new(seats=seats, seed=11, options=rules.Options())
    before = match.to_json()
    for text in ("", "no such move", "x" * 500, "\x00", "pass pass pass pass"):
        with pytest.raises(ValueError):
            match.apply(match.parse_action(seats[0], text))
    with pytest.raises(ValueError):
        match.parse_action("nobody", "pass")
    waiting = {d.seat for d in match.pending()}
    idle = [s for s in seats if s not in waiting]
    mover = next(iter(waiting))
    action = match.legal_actions(mover)[0]
    if idle:  # a legal move of one seat, claimed by a seat nothing waits on
        with pytest.raises(ValueError):
            match.apply(match.parse_action(idle[0], str(action)))
    assert match.to_json() == before
