"""The AI levels: legal in every variant, blind to hidden cards, deterministic, and in order of strength."""

from __future__ import annotations

import functools
import itertools
import json
import time
from typing import Any

import pytest

from engine.nightfall import Action, Game, Options
from engine.nightfall.ai import (
    LEVELS,
    EasyPlayer,
    GreedyPlayer,
    HardPlayer,
    Player,
    RandomPlayer,
    ai_input,
    decide,
    make_player,
    play_out,
    search,
)
from engine.nightfall.state import DRAFTS

SEATS = ["ada", "bram", "cleo"]


class Checked:
    """Wraps a player: fails the test the moment it is asked without a view, or answers illegally."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.asked = 0

    def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
        assert isinstance(view, dict) and "position" in view and view["decisions"]
        assert actions and all(a.seat == view["you"] for a in actions)
        action = self.inner.choose(view, actions)
        assert action in actions, f"{view['you']} chose {action}, not one of {[str(a) for a in actions]}"
        self.asked += 1
        return action


def cheap(level: str, seed: int) -> Player:
    """A player of ``level`` that thinks briefly: hard tries 2 worlds of a 1-turn rollout."""
    if level == "hard":
        return HardPlayer(seed, budget=None, iterations=2, horizon=1)
    return make_player(level, seed)


def until(game: Game, players: dict[str, Player], stop: Any, limit: int = 2000) -> None:
    """Play on (first pending seat in seat order) until ``stop(game)`` holds."""
    for _ in range(limit):
        if stop(game):
            return
        seat = game.next_to_act()
        assert seat is not None, "nobody to move, and the position never came"
        game.apply(decide(players[seat], game, seat))
    raise AssertionError("the position never came")


# ---------------------------------------------------------------------- legal everywhere


@pytest.mark.parametrize("secret", [False, True], ids=["open-archives", "secret-archives"])
@pytest.mark.parametrize("variant", DRAFTS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_moves(level: str, variant: str, secret: bool) -> None:
    players_n = 2 if variant == "two-player" else 3
    seed = 17 * DRAFTS.index(variant) + 3 * secret + LEVELS.index(level)
    game = Game.new(SEATS[:players_n], seed=seed, options=Options(draft=variant, secret_archives=secret))
    # hard takes one seat among normal players, so that a game stays quick
    levels = [level] + ["normal" if level == "hard" else level] * (players_n - 1)
    players = {seat: Checked(cheap(lv, seed + k)) for k, (seat, lv) in enumerate(zip(game.seats, levels, strict=True))}
    play_out(game, players, max_steps=5000)
    assert game.is_over()
    assert players["ada"].asked > 10


def test_random_player_answers_from_the_actions_alone() -> None:
    game = Game.new(SEATS[:2], seed=4, options=Options(draft="two-player"))
    play_out(game, {seat: Checked(RandomPlayer(k)) for k, seat in enumerate(game.seats)})
    assert game.is_over()


# ---------------------------------------------------------------------- blind to what the seat cannot see


def mid_game(seed: int = 5, draft: str = "standard", secret: bool = True) -> Game:
    """A 3-player game at ada's first chain or claim decision after turn 4 that offers a real choice."""
    return Game.from_json(_mid_game(seed, draft, secret))


@functools.cache
def _mid_game(seed: int, draft: str, secret: bool) -> str:
    game = Game.new(SEATS, seed=seed, options=Options(draft=draft, secret_archives=secret))
    greedy = {seat: GreedyPlayer(k) for k, seat in enumerate(SEATS)}

    def ready(g: Game) -> bool:
        return g.s.turn >= 4 and any(
            p.seat == "ada" and p.kind in ("chain", "claim") and len(g.legal_actions("ada")) > 2 for p in g.pending()
        )

    until(game, dict(greedy), ready)
    return game.to_json()


def swap_hidden(game: Game, how: str) -> Game:
    """A copy of ``game`` that differs only in cards ada cannot see (edits the state: tests only)."""
    other = Game.from_json(game.to_json())
    s = other.s
    bram = s.seats.index("bram")
    ada = s.seats.index("ada")
    if how == "opponent hand and deck":
        hand, deck = s.hands[bram], s.decks[bram]
        k = next(k for k, c in enumerate(deck) if s.cards[c] != s.cards[hand[0]])
        hand[0], deck[k] = deck[k], hand[0]
    elif how == "own deck order":
        deck = s.decks[ada]
        k = next(k for k, c in enumerate(deck) if s.cards[c] != s.cards[deck[0]])
        deck[0], deck[k] = deck[k], deck[0]
    elif how == "face-down wounds":
        down = s.wounds_down
        k = next(k for k, c in enumerate(down) if s.cards[c] != s.cards[down[0]])
        down[0], down[k] = down[k], down[0]
    else:
        raise AssertionError(how)
    assert other.to_json() != game.to_json()
    return other


@pytest.mark.parametrize("how", ["opponent hand and deck", "own deck order", "face-down wounds"])
def test_games_that_differ_only_in_hidden_cards_give_the_same_input_and_move(how: str) -> None:
    game = mid_game()
    twin = swap_hidden(game, how)
    view, actions = ai_input(game, "ada")
    twin_view, twin_actions = ai_input(twin, "ada")
    assert json.dumps(view, sort_keys=True) == json.dumps(twin_view, sort_keys=True)
    assert [str(a) for a in actions] == [str(a) for a in twin_actions]
    for level in LEVELS:
        first, second = cheap(level, 9), cheap(level, 9)
        assert decide(first, game, "ada") == decide(second, twin, "ada"), level


def test_normal_plays_as_if_it_saw_the_real_game() -> None:
    # the heuristics read only what the seat may see: a sampled game and the real one agree
    game = Game.new(SEATS, seed=8, options=Options(draft="open", secret_archives=True))
    sighted = {seat: GreedyPlayer(k) for k, seat in enumerate(SEATS)}  # reads the real game: tests only
    blind = {seat: GreedyPlayer(k) for k, seat in enumerate(SEATS)}
    moves = 0
    while not game.is_over():
        seat = game.next_to_act()
        assert seat is not None
        expected = sighted[seat].pick(game, seat, game.legal_actions(seat))
        assert decide(blind[seat], game, seat) == expected
        game.apply(expected)
        moves += 1
    assert moves > 100


# ---------------------------------------------------------------------- the hard level


def test_hard_with_an_iteration_cap_is_deterministic() -> None:
    game = mid_game(seed=6, draft="quick-start", secret=False)
    runs = []
    for _ in range(2):
        copy = Game.from_json(game.to_json())
        hard = HardPlayer(seed=3, budget=None, iterations=24, horizon=3)
        moves = []
        for _ in range(4):  # a few of ada's decisions in a row, the others answered by greedy
            if copy.is_over():
                break
            until(copy, {"bram": GreedyPlayer(1), "cleo": GreedyPlayer(2), "ada": hard}, _ada_chooses)
            if copy.is_over():
                break
            moves.append(str(decide(hard, copy, "ada")))
            moves.append(f"{hard.last.iterations} rollouts")
            copy.apply(Action.parse(moves[-2], "ada"))
        runs.append(moves)
    assert runs[0] == runs[1]
    assert any(m.endswith("rollouts") and not m.startswith("0 ") for m in runs[0])


def _ada_chooses(game: Game) -> bool:
    return game.is_over() or any(p.seat == "ada" and len(game.legal_actions("ada")) > 1 for p in game.pending())


def test_hard_answers_a_forced_move_at_once() -> None:
    game = mid_game()
    view, actions = ai_input(game, "ada")
    hard = HardPlayer(seed=0, budget=30.0)
    start = time.perf_counter()
    assert hard.choose(view, actions[:1]) == actions[0]
    assert time.perf_counter() - start < 0.05
    assert hard.times == []


def test_hard_keeps_to_its_time_budget() -> None:
    game = mid_game()
    hard = HardPlayer(seed=0, budget=0.15)
    start = time.perf_counter()
    assert decide(hard, game, "ada") in game.legal_actions("ada")
    assert time.perf_counter() - start < 1.0  # near the budget: a rollout late at most, on a busy machine
    assert hard.times and hard.last.iterations >= 1


def test_hard_abandons_the_rollout_its_deadline_falls_in_and_keeps_the_greedy_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = mid_game()
    view, actions = ai_input(game, "ada")
    ticks = itertools.count()
    monkeypatch.setattr(search, "clock", lambda: float(next(ticks)))  # a second passes at every look
    rollouts = _spy_rollouts(monkeypatch)
    hard = HardPlayer(seed=0, budget=3.0)  # asked at 0, the deadline at 2.98: inside the first rollout
    action = hard.choose(view, actions)
    assert action in actions
    assert hard.last.arms > 1, "the position offers a choice"
    assert rollouts == [None], "one rollout was started, and abandoned unscored"
    assert (hard.last.iterations, hard.last.abandoned, sum(hard.last.visits)) == (0, 1, 0)
    # no rollout finished: the greedy move
    assert str(action) == hard.last.prior
    assert action == GreedyPlayer(0).choose(view, actions)


def test_an_abandoned_rollout_is_not_a_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    game = mid_game()
    view, actions = ai_input(game, "ada")
    rollouts = _spy_rollouts(monkeypatch)
    # the clock stands still through three rollouts; the fourth one's first look finds the time long gone
    monkeypatch.setattr(search, "clock", lambda: 0.0 if len(rollouts) < 4 else 1e9)
    hard = HardPlayer(seed=0, budget=1.0, horizon=2)
    assert hard.choose(view, actions) in actions
    assert len(rollouts) == 4 and None not in rollouts[:3] and rollouts[3] is None
    assert (hard.last.iterations, hard.last.abandoned) == (3, 1)
    assert sum(hard.last.visits) == 3, "only the scored rollouts count for their candidates"


def _spy_rollouts(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What each rollout of ``HardPlayer`` returned (None for an abandoned one); a rollout is listed when it
    starts (as ``"running"``), so a clock may read how many have started."""
    seen: list[Any] = []
    rollout = HardPlayer._rollout

    def spy(self: HardPlayer, *args: Any, **kwargs: Any) -> float | None:
        seen.append("running")
        result = rollout(self, *args, **kwargs)
        seen[-1] = result
        return result

    monkeypatch.setattr(HardPlayer, "_rollout", spy)
    return seen


def test_hard_drafts_like_normal() -> None:
    game = Game.new(SEATS, seed=2, options=Options(draft="standard"))
    view, actions = ai_input(game, "ada")
    assert view["decisions"][0]["kind"] == "draft"
    assert HardPlayer(seed=4, budget=None, iterations=5).choose(view, actions) == GreedyPlayer(4).choose(view, actions)


# ---------------------------------------------------------------------- levels


def test_make_player_gives_each_level() -> None:
    assert isinstance(make_player("easy"), EasyPlayer)
    assert type(make_player("normal")) is GreedyPlayer
    hard = make_player("hard", seed=2, budget=0.3)
    assert isinstance(hard, HardPlayer) and hard.budget == 0.3
    assert isinstance(make_player("hard"), HardPlayer)
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("grandmaster")


def test_decide_refuses_a_seat_with_nothing_to_decide_and_an_illegal_answer() -> None:
    game = mid_game()
    idle = next(seat for seat in SEATS if not game.legal_actions(seat))
    with pytest.raises(ValueError, match="nothing to decide"):
        decide(GreedyPlayer(), game, idle)

    class Cheat:
        def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
            return Action.parse("wound use", str(view["you"]))  # ada is deciding a chain or a claim

    with pytest.raises(ValueError, match="not a legal move"):
        decide(Cheat(), game, "ada")


def test_normal_beats_easy_clearly() -> None:
    wins = 0
    games = 16
    for g in range(games):
        seats = ["north", "south"]
        normal = seats[g % 2]
        game = Game.new(seats, seed=300 + g // 2, options=Options(draft="two-player", first_player="north"))
        players = {seat: make_player("normal" if seat == normal else "easy", seed=g) for seat in seats}
        play_out(game, players)
        wins += game.result()[0][0] == normal
    assert wins >= 12
