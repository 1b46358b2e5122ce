"""The contract every game keeps (``engine.protocol``), checked over every game in ``engine.games.GAMES`` and the
kit game of ``tests/kitgame``:
seeded random games played to the end, actions that round-trip through their text, an exact JSON round
trip in the middle of a game, determinism, no seat's hand in another seat's view, illegal input refused,
a ranking of every seat, best first."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from engine.games import GAMES as REGISTERED
from engine.protocol import (
    MOVE_TEXT,
    SEAT_FIELDS,
    SEAT_KEYED_FIELDS,
    VERB,
    Match,
    Player,
    Rules,
    Traits,
    rename_seats,
)
from tests.kitgame import KIT_KEY
from tests.kitgame.engine import SEALED_BIDS

from .playouts import Step, play

MAX_STEPS = 20_000
SEEDS = (1, 2, 3)

#: every registered game, and the kit game of ``tests/kitgame`` (a third game unlike the two, registered by no one):
#: a new game keeps the contract with no test of its own
GAMES = {**REGISTERED, KIT_KEY: SEALED_BIDS}


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
    """Each level decides a few times from a position of its own (a fresh match each, so a short game is not played
    past its end)."""
    rules = GAMES[key]
    rnd = random.Random(5)
    for n, level in enumerate(rules.ai_levels):
        match = rules.new(seats=[f"s{i}" for i in range(min(rules.seats))], seed=5 + n, options=rules.Options())
        _play(match, rnd, [], steps=3 * n)
        player = rules.make_player(level, seed=3, budget=0.05)
        assert isinstance(player, Player)
        for _ in range(6):
            if match.is_over():
                break
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


# ------------------------------------------------------------------------------ declarations, checked in play


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_declares_its_words_and_traits(key: str) -> None:
    rules = GAMES[key]
    assert rules.default_level in rules.ai_levels
    for noun in (rules.span_noun, rules.turn_noun):  # keys of the host's translated words: plain English words
        assert re.fullmatch(r"[a-z]+", noun), noun
    traits = rules.traits
    assert isinstance(traits, Traits)
    assert all(isinstance(flag, bool) for flag in (traits.draws_cards, traits.simultaneous, traits.hands))
    if traits.min_score is not None and traits.max_score is not None:
        assert traits.min_score <= traits.max_score


def _trait_cases() -> list[tuple[str, int, int]]:
    """Every game at its fewest seats on three seeds, and at its most on one (the largest tables are slow)."""
    return [
        (key, players, seed)
        for key, rules in GAMES.items()
        for players, seeds in ((min(rules.seats), SEEDS), (max(rules.seats), SEEDS[:1]))
        for seed in seeds
    ]


def check_traits(rules: Rules, steps: list[tuple[Match, Step]]) -> None:
    """What one finished playout says of ``rules.traits``: only what must hold in every playout."""
    traits = rules.traits
    match = steps[-1][0]
    assert match.is_over()
    for _seat, score, _details in match.result():
        assert traits.min_score is None or score >= traits.min_score, f"score {score} below {traits.min_score}"
        assert traits.max_score is None or score <= traits.max_score, f"score {score} above {traits.max_score}"
    if not traits.simultaneous:
        assert all(len(set(step.waiting)) == 1 for _m, step in steps), "two seats waited at once"
    for seat in match.seats:
        hand = match.private_view(seat).get("hand")
        if traits.hands:
            assert isinstance(hand, list) and all(isinstance(card, dict) and "id" in card for card in hand)
        else:
            assert hand is None, f"{rules.key} declares no hands, but {seat}'s view has one"
    drew = [step for _m, step in steps if step.drawn]
    # a card drawn from a hidden zone always shows something: that move cannot be taken back fairly
    assert all(step.revealed for step in drew), "a move drew a card and was not found revealing"
    if traits.hands:
        assert bool(drew) == traits.draws_cards, f"draws_cards is {traits.draws_cards}, the playout drew {len(drew)}"


@pytest.mark.parametrize(("key", "players", "seed"), _trait_cases())
def test_the_declared_traits_hold_in_seeded_playouts(key: str, players: int, seed: int) -> None:
    rules = GAMES[key]
    check_traits(rules, list(play(rules, [f"s{i}" for i in range(players)], seed)))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_that_is_not_simultaneous_never_waits_on_two_seats(key: str) -> None:
    """Only the direction that holds for every game's default options: a game whose options decide it (a Grand
    Tournament's secret first pick) shows the other in its own tests, and Nightfall's draft in every game."""
    rules = GAMES[key]
    if rules.traits.simultaneous:
        return
    for seed in SEEDS:
        steps = play(rules, [f"s{i}" for i in range(max(rules.seats))], seed, watch=False)
        assert all(len(set(step.waiting)) == 1 for _m, step in steps)


# ------------------------------------------------------------------------------ events: where seats are named


#: seat ids no text of either game can contain by chance
ODD_SEATS = ("qz0qx", "qz1qx", "qz2qx", "qz3qx", "qz4qx", "qz5qx", "qz6qx", "qz7qx")


def _strings(value: Any) -> Iterator[str]:
    """Every string in a JSON-native value: values, dict keys, at any depth."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)


def check_seats_renamed(events: list[dict[str, Any]], seats: Sequence[str]) -> None:
    """After ``rename_seats`` with fresh names, no seat id is left anywhere in ``events``, not even inside a
    longer text; and every seat id the events named became its new name."""
    names = {seat: f"name of {seat.upper()}" for seat in seats}
    for event in events:
        renamed = rename_seats(event, names)
        left = [(s, seat) for s in _strings(renamed) for seat in seats if seat in s]
        assert not left, f"seat ids outside the declared fields of {event}: {left}"
        assert rename_seats(event, {}) == event  # a pure function: nothing changed without names


@pytest.mark.parametrize(("key", "players", "seed"), CASES)
def test_events_name_seats_only_where_the_contract_says(key: str, players: int, seed: int) -> None:
    rules = GAMES[key]
    seats = list(ODD_SEATS[:players])
    events = [event for _m, step in play(rules, seats, seed, watch=False) for event in step.events]
    assert any(rename_seats(e, {seats[0]: "x"}) != e for e in events), "no event named a seat"
    check_seats_renamed(events, seats)


def test_rename_seats_follows_the_declared_fields() -> None:
    event = {
        "type": "round_end",
        "seat": "a",
        "target": "c12",
        "ranking": ["b", "a"],
        "totals": {"a": 3, "b": 0},
        "steps": [{"type": "x", "to": "b", "n": "a"}],
        "name": "a",
    }
    assert rename_seats(event, {"a": "Ann", "b": "Bob"}) == {
        "type": "round_end",
        "seat": "Ann",
        "target": "c12",
        "ranking": ["Bob", "Ann"],
        "totals": {"Ann": 3, "Bob": 0},
        "steps": [{"type": "x", "to": "Bob", "n": "a"}],
        "name": "a",  # not a seat field: a game never puts a seat there
    }
    assert event["seat"] == "a" and SEAT_FIELDS.isdisjoint(SEAT_KEYED_FIELDS)


# ------------------------------------------------------------------------------ a move's text


def check_move_texts(match: Match, seat: str, legal: Sequence[Any], arity: dict[str, int]) -> None:
    """Every legal action's text has the protocol's grammar and reads back as itself; texts are distinct; a verb
    always takes the same number of words (``arity`` remembers them across calls)."""
    texts = [str(action) for action in legal]
    assert len(set(texts)) == len(texts), f"two of {seat}'s legal moves print alike: {texts}"
    for action, text in zip(legal, texts, strict=True):
        assert MOVE_TEXT.fullmatch(text), f"{text!r} is not a canonical move text"
        verb, *args = text.split(" ")
        assert VERB.fullmatch(verb)
        assert arity.setdefault(verb, len(args)) == len(args), f"{verb!r} takes {arity[verb]} words, not in {text!r}"
        assert match.parse_action(seat, text) == action
        assert match.parse_action(seat, f" {text}\n") == action  # ASCII whitespace around it is forgiven


@pytest.mark.parametrize(("key", "players", "seed"), CASES)
def test_every_legal_moves_text_keeps_the_grammar_and_round_trips(key: str, players: int, seed: int) -> None:
    rules = GAMES[key]
    match = rules.new(seats=[f"s{i}" for i in range(players)], seed=seed, options=rules.Options())
    rnd, arity = random.Random(seed), dict[str, int]()
    while not match.is_over():
        for decision in match.pending():
            check_move_texts(match, decision.seat, match.legal_actions(decision.seat), arity)
        seat = rnd.choice(list(match.pending())).seat
        match.apply(rnd.choice(list(match.legal_actions(seat))))
    assert arity


def test_the_move_grammar_reads_what_it_says() -> None:
    for text in ("pass", "chain c12", "stun-discard FT", "attack c3 ann.b-2", "open K30"):
        assert MOVE_TEXT.fullmatch(text), text
    for text in ("", "Pass", "chain  c12", "chain c12 ", " pass", "-pass", "pass-", "chain c\u00e912", "2x c1"):
        assert not MOVE_TEXT.fullmatch(text), text
