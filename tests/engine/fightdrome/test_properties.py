"""Seeded Fightdrome matches played to the end with every option, checking after every move that no card is lost
or in two places, hands never pass 7, exactly the right seat decides, and the JSON round trip is exact."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.fightdrome import Match, Options
from engine.fightdrome.ai import make_player
from engine.fightdrome.cards import box

ALL = Counter(c for pile in box().values() for c in pile)
OPTIONS = [
    Options(),
    Options(target=150, breather=True),
    Options(format="bout", last_breath=True),
    Options(format="tournament", breather=True, last_breath=True),
    Options(target=150, last_breath=True),
]


def check(m: Match) -> None:
    where = Counter(c for pile in m.piles.values() for c in pile) + Counter(c for _s, c in m.line)
    for f in m.fighters.values():
        where += Counter(f.hand + f.deck + f.discard + f.stun)
        assert len(f.hand) <= 7
    assert where == ALL, "a card is lost, made up, or in two places"
    for seat, f in m.fighters.items():
        mine = f.hand + f.deck + f.discard + f.stun + [c for s, c in m.line if s == seat]
        assert len(mine) == (44 if f.sleeve else 0)
    pending = m.pending()
    if m.is_over():
        assert not pending
    else:
        assert pending and (len(pending) == 1 or all(d.kind == "sleeve" for d in pending))
        for d in pending:
            assert len(m.legal_actions(d.seat)) >= 2 or d.kind == "sleeve", "a single option is made at once"
    if m.line:
        assert m.line[0][1][0] in "PKGN" and not m.line[0][1].startswith("NB")  # an exchange starts with an attack


@pytest.mark.parametrize("chunk", range(4))
def test_random_matches_keep_every_card_and_end(chunk: int) -> None:
    for seed in range(chunk * 60, chunk * 60 + 60):
        rnd = random.Random(seed)
        m = Match.new(["a", "b"], seed=seed, options=OPTIONS[seed % len(OPTIONS)])
        check(m)
        moves, split = [], rnd.randrange(5, 60)
        copy = None
        while not m.is_over():
            d = rnd.choice(m.pending())
            action = rnd.choice(m.legal_actions(d.seat))
            m.apply(m.parse_action(d.seat, str(action)))
            moves.append(action)
            check(m)
            if len(moves) == split:
                copy = Match.from_json(m.to_json())
                assert copy.to_json() == m.to_json()
            assert len(moves) < 5000
        if copy is not None:
            for action in moves[split:]:
                copy.apply(action)
            assert copy.to_json() == m.to_json()
        ranking = m.result()
        assert ranking[0][0] == m.winner and ranking[0][1] >= ranking[1][1]


def test_ai_matches_end_in_a_few_rounds() -> None:
    """Normal against normal: a series to 300 takes a few rounds (the digest's simulations: 3–4.5)."""
    rounds = []
    for seed in range(60):
        m = Match.new(["a", "b"], seed=seed)
        players = {"a": make_player("normal", seed), "b": make_player("normal", seed + 1)}
        while not m.is_over():
            d = m.pending()[0]
            view = m.private_view(d.seat)
            m.apply(players[d.seat].choose(view, m.legal_actions(d.seat)))
            check(m)
        rounds.append(m.round)
    assert 2 <= sum(rounds) / len(rounds) <= 6


FAST = [
    Options(format="bout"),
    Options(format="bout", breather=True, last_breath=True),
    Options(target=150),
    Options(format="tournament"),
]


@pytest.mark.parametrize("chunk", range(4))
def test_two_thousand_seeded_matches_end_with_every_card_in_one_place(chunk: int) -> None:
    """500 matches a chunk, random legal moves: each ends, keeps the box's 101 cards each in one place, and ranks
    its winner first; every tenth is cut mid-match by a JSON round trip and must end the same."""
    for seed in range(10_000 + chunk * 500, 10_000 + chunk * 500 + 500):
        rnd = random.Random(seed)
        m = Match.new(["a", "b"], seed=seed, options=FAST[seed % len(FAST)])
        moves = 0
        while not m.is_over():
            d = rnd.choice(m.pending())
            m.apply(rnd.choice(m.legal_actions(d.seat)))
            moves += 1
            if seed % 10 == 0 and moves == 20:
                m = Match.from_json(m.to_json())
            assert moves < 5000
        where = Counter(c for pile in m.piles.values() for c in pile) + Counter(c for _s, c in m.line)
        for f in m.fighters.values():
            where += Counter(f.hand + f.deck + f.discard + f.stun)
        assert where == ALL
        assert m.result()[0][0] == m.winner
