"""Seeded random games played to the end, checking the invariants at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.nightfall import Game, Options
from engine.nightfall.state import DRAFTS

from .invariants import check_state, check_views

MAX_STEPS = 20_000


def random_game(players: int, seed: int, draft: str, secret: bool, auto_pass: bool = True) -> Game:
    seats = [f"p{i}" for i in range(players)]
    return Game.new(seats, seed=seed, options=Options(draft=draft, secret_archives=secret, auto_pass=auto_pass))


def play(game: Game, rnd: random.Random, views_every: int = 25) -> list[str]:
    """Play random legal actions to the end; returns the log of (seat, action) texts."""
    log = []
    for step in range(MAX_STEPS):
        if game.is_over():
            return log
        check_state(game)
        if step % views_every == 0:
            check_views(game)
        decision = rnd.choice(game.pending())
        action = rnd.choice(game.legal_actions(decision.seat))
        log.append(f"{action.seat}:{action}")
        game.apply(action)
    raise AssertionError(f"the game did not end within {MAX_STEPS} steps")


@pytest.mark.parametrize("draft", DRAFTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_variant_and_size_plays_to_the_end(players: int, draft: str) -> None:
    game = random_game(players, seed=players * 31 + len(draft), draft=draft, secret=players % 2 == 1)
    play(game, random.Random(players))
    check_views(game)
    assert game.is_over() and game.s.ending
    ranking = game.result()
    assert sorted(seat for seat, _, _ in ranking) == sorted(game.seats)
    totals = [w for _, w, _ in ranking]
    assert totals == sorted(totals)
    assert sum(totals) >= 10 * players  # every face-up wound was given out


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    draft=st.sampled_from(DRAFTS),
    secret=st.booleans(),
    auto_pass=st.booleans(),
)
def test_random_games_keep_every_invariant(players: int, seed: int, draft: str, secret: bool, auto_pass: bool) -> None:
    game = random_game(players, seed, draft, secret, auto_pass)
    play(game, random.Random(seed), views_every=50)


@settings(max_examples=10, deadline=None, derandomize=True)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32), draft=st.sampled_from(DRAFTS))
def test_json_round_trip_plays_on_identically(players: int, seed: int, draft: str) -> None:
    game = random_game(players, seed, draft, secret=True)
    rnd = random.Random(seed)
    fork_at = rnd.randrange(50, 400)
    for _ in range(fork_at):
        if game.is_over():
            break
        d = rnd.choice(game.pending())
        game.apply(rnd.choice(game.legal_actions(d.seat)))
    text = game.to_json()
    copy = Game.from_json(text)
    assert copy.to_json() == text
    assert copy.public_view() == game.public_view()
    while not game.is_over():
        d = rnd.choice(game.pending())
        action = rnd.choice(game.legal_actions(d.seat))
        assert copy.legal_actions(d.seat) == game.legal_actions(d.seat)
        assert copy.apply(action) == game.apply(action)
    assert copy.to_json() == game.to_json()
    assert copy.result() == game.result()


def test_same_seed_and_actions_give_the_same_game() -> None:
    a = random_game(4, 99, "standard", False)
    b = random_game(4, 99, "standard", False)
    assert a.to_json() == b.to_json()
    assert play(a, random.Random(5)) == play(b, random.Random(5))
    assert a.to_json() == b.to_json()
    c = random_game(4, 100, "standard", False)
    assert c.to_json() != random_game(4, 99, "standard", False).to_json()
