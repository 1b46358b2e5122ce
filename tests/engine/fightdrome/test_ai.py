"""Fightdrome's hard player: it keeps to its deadline inside a playout, and an unfinished deal is no sample."""

from __future__ import annotations

from typing import Any

import pytest

from engine.fightdrome import Match
from engine.fightdrome import ai as fightdrome_ai
from engine.fightdrome.actions import Action
from engine.fightdrome.ai import HardPlayer, SteadyPlayer, ai_input


def searched_position(seed: int = 3) -> tuple[dict[str, Any], list[Action]]:
    """The first decision of seat "a" the hard player searches (its own turn, three moves or more to pick from),
    the match played that far by the steady player."""
    m = Match.new(["a", "b"], seed=seed)
    steady = SteadyPlayer(seed)
    while not m.is_over():
        seat = m.pending()[0].seat
        view, acts = ai_input(m, seat)
        if seat == "a" and len(acts) > 2 and acts[0].verb != "sleeve" and view.get("turn") == seat:
            return view, list(acts)
        m.apply(steady.choose(view, acts))
    raise AssertionError("no searched decision came")


def spy_playouts(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What each playout returned (None: abandoned); listed as ``"running"`` from its start."""
    seen: list[Any] = []
    playout = HardPlayer._playout

    def spy(self: HardPlayer, *args: Any, **kwargs: Any) -> float | None:
        seen.append("running")
        result = playout(self, *args, **kwargs)
        seen[-1] = result
        return result

    monkeypatch.setattr(HardPlayer, "_playout", spy)
    return seen


def test_the_deadline_inside_the_first_playout_leaves_the_steady_move(monkeypatch: pytest.MonkeyPatch) -> None:
    view, acts = searched_position()
    playouts = spy_playouts(monkeypatch)
    # the clock stands still until the first playout starts; its first look finds the time long gone
    monkeypatch.setattr(fightdrome_ai, "clock", lambda: 0.0 if not playouts else 1e9)
    hard = HardPlayer(seed=5, budget=1.0)
    action = hard.choose(view, acts)
    assert action in acts
    assert playouts == [None]
    assert (hard.last.iterations, hard.last.abandoned) == (0, 1)
    assert action == SteadyPlayer(5).choose(view, acts) and str(action) == hard.last.steady


def test_a_deal_cut_short_counts_for_no_candidate(monkeypatch: pytest.MonkeyPatch) -> None:
    view, acts = searched_position()
    playouts = spy_playouts(monkeypatch)
    # one whole deal (a playout per candidate), then the second deal's second playout runs out of time
    cut = len(acts) + 2
    monkeypatch.setattr(fightdrome_ai, "clock", lambda: 0.0 if len(playouts) < cut else 1e9)
    hard = HardPlayer(seed=5, budget=1.0)
    assert hard.choose(view, acts) in acts
    assert len(playouts) == cut and playouts[-1] is None and None not in playouts[:-1]
    # the second deal's first playout finished, yet the deal is not a sample: every candidate has one score
    assert (hard.last.iterations, hard.last.abandoned) == (1, 1)


def test_a_clock_that_never_runs_out_searches_up_to_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    view, acts = searched_position()
    playouts = spy_playouts(monkeypatch)
    monkeypatch.setattr(fightdrome_ai, "clock", lambda: 0.0)
    hard = HardPlayer(seed=5, budget=1.0, max_rollouts=3)
    hard.choose(view, acts)
    assert len(playouts) == 3 * len(acts) and None not in playouts
    assert (hard.last.iterations, hard.last.abandoned) == (3, 0)


def test_without_a_budget_the_hard_player_is_deterministic() -> None:
    view, acts = searched_position()
    runs = []
    for _ in range(2):
        hard = HardPlayer(seed=2, budget=None, max_rollouts=12)
        runs.append((hard.choose(view, acts), hard.last.iterations, hard.rng.random()))
    assert runs[0] == runs[1]
    assert runs[0][1] == 12
