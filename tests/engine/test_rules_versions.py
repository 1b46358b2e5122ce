"""Every game keeps the rules version it was started under, so a stored game replays exactly.

The bot stores a game as a state snapshot plus the moves after it and reloads it by replaying
those moves with the current engine. States written before ``State.rules`` existed are rules
version 1 and play on under rules 1; new games play the current rules (``RULES``).

``fixtures/rules1/*.json`` were written by the engine of rules version 1 itself (commit
ee03a2f; see ``fixtures/rules1/build.py``): a stored state, the moves played on from it, and
the state those moves led to under that engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.nightfall import Game, Options
from engine.nightfall.ai import GreedyPlayer, play_out
from engine.nightfall.position import build
from engine.nightfall.state import LEGACY_RULES, RULES, State

from .helpers import names, wounds
from .invariants import check_state, check_views

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "rules1"


def fixture(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    assert '"rules"' not in data["state"], "a rules-1 fixture is a state from before the field"
    return data


def replay(data: dict[str, Any]) -> Game:
    game = Game.from_json(data["state"])
    for seat, text in data["actions"]:
        game.apply(game.parse_action(seat, text))
    return game


def without_rules(text: str) -> dict[str, Any]:
    """A state without what the fixtures predate: the rules version, the decisions' dates and the
    count of turns nobody could act in."""
    state: dict[str, Any] = json.loads(text)
    state.pop("rules", None)
    state.pop("quiet_turns", None)
    for w in state["waiting"]:
        w.pop("opened", None)
    return state


def test_rules_versions_are_numbered_and_a_missing_one_is_version_1() -> None:
    assert (LEGACY_RULES, RULES) == (1, 3)


def test_new_games_and_built_positions_play_the_corrected_rules() -> None:
    game = Game.new(["ada", "bram"], seed=3, options=Options(draft="common-ground"))
    assert game.rules == RULES == 3
    assert json.loads(game.to_json())["rules"] == 3
    assert game.public_view()["rules"] == 3 and game.private_view("ada")["rules"] == 3
    assert game.public_view()["draft"]["rounds"] == 3
    assert build(["ada", "bram"]).game.rules == 3


@pytest.mark.parametrize("rules", [1, 2, 3])
def test_to_json_from_json_round_trips_the_rules_version(rules: int) -> None:
    game = Game.new(["ada", "bram", "cleo"], seed=5, options=Options(draft="common-ground"), rules=rules)
    text = game.to_json()
    assert json.loads(text)["rules"] == rules
    copy = Game.from_json(text)
    assert copy.rules == rules
    assert copy.to_json() == text
    assert copy.public_view() == game.public_view()
    assert copy.public_view()["draft"]["rounds"] == min(rules + 1, 3)  # rules 1: two rounds; 2 on: three


def test_a_state_without_rules_version_loads_as_rules_1_and_then_says_so() -> None:
    old = without_rules(Game.new(["ada", "bram"], seed=5, rules=1).to_json())
    game = Game.from_json(json.dumps(old))
    assert game.rules == 1
    again = json.loads(game.to_json())
    assert again.pop("rules") == 1
    assert again.pop("quiet_turns") == 0  # a state from before the count starts it at none
    # undated decisions are dated with the version they were loaded at
    assert [w.pop("opened") for w in again["waiting"]] == [old["version"]] * len(old["waiting"])
    assert again == old
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("bad", [0, 4, "2", None, True, 2.0])
def test_an_unknown_rules_version_is_refused(bad: object) -> None:
    state = json.loads(Game.new(["ada", "bram"], seed=5).to_json())
    state["rules"] = bad
    with pytest.raises(ValueError, match="rules version"):
        State.from_json(json.dumps(state))
    with pytest.raises(ValueError, match="rules version"):
        Game.new(["ada", "bram"], rules=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rules version"):
        build(["ada", "bram"], rules=bad)  # type: ignore[arg-type]


def test_old_common_ground_state_mid_draft_plays_on_as_before() -> None:
    """Stored in round 2 of the old two-round common-ground draft (ada has picked): bram's and
    cleo's picks end the draft as they did, with the commons filled up to 8."""
    data = fixture("common_ground_mid_draft")
    game = Game.from_json(data["state"])
    assert game.rules == 1
    draft = game.public_view()["draft"]
    assert (draft["round"], draft["rounds"], draft["plan"]) == (2, 2, ["commons", "commons"])
    assert draft["waiting"] == ["bram", "cleo"]
    for seat, text in data["actions"]:
        game.apply(game.parse_action(seat, text))
    assert game.phase != "draft"
    assert without_rules(game.to_json()) == without_rules(data["after"])
    commons = [a for a in game.s.archives if a["owner"] == -1]
    assert len(commons) == len(game.s.archives) == 8  # 6 picks and 2 from the undealt cards
    assert len(game.s.left_game) == 24 - 8
    assert json.loads(game.to_json())["rules"] == 1
    play_out(game, {seat: GreedyPlayer(k) for k, seat in enumerate(game.seats)})  # the AI plays it on
    check_state(game)
    check_views(game)
    assert game.is_over() and game.rules == 1


def test_old_state_with_sir_john_travails_kicker_about_to_resolve_resolves_as_before() -> None:
    """Stored with alice's Sir John Travail linked onto Franz Orlok and her chain opportunity
    open: when she passes, Sir John replays Shock and Awe, whose yellow kicker stayed off under
    rules 1 (no card drawn)."""
    data = fixture("sir_john_kicker")
    game = Game.from_json(data["state"])
    assert game.rules == 1
    assert [e["card"] for e in game.public_view()["chain"]] == ["franz_orlok", "sir_john_travail"]
    game = replay(data)
    assert without_rules(game.to_json()) == without_rules(data["after"])
    assert game.phase == "claim"
    assert sorted(names(game, "alice", "hand")) == ["bite_and_tear", "wound:bleed"]
    assert names(game, "alice", "deck") == ["genesis_one", "charlotte_reyes"]
    assert names(game, "bob", "discard")[:1] == ["vulko"]
    assert wounds(game, "bob") == 2


def test_the_same_sir_john_state_under_the_corrected_rules_draws_the_card() -> None:
    """The very same stored position, marked rules 2 (what a new game writes), resolves the
    corrected way: Shock and Awe's yellow kicker applies and alice draws Charlotte Reyes."""
    data = fixture("sir_john_kicker")
    state = json.loads(data["state"])
    state["rules"] = 2
    game = replay({**data, "state": json.dumps(state)})
    assert game.rules == 2
    assert sorted(names(game, "alice", "hand")) == ["bite_and_tear", "charlotte_reyes", "wound:bleed"]
    assert names(game, "alice", "deck") == ["genesis_one"]
    assert names(game, "alice", "discard") == ["shock_and_awe"]
    assert wounds(game, "bob") == 2


def test_a_rules_2_game_without_auto_pass_still_asks_for_passes_where_nobody_can_act() -> None:
    """Rules 2 counted only turns with no decision at all: a stored rules-2 game without
    ``auto_pass`` replays as it was played, its seats asked to pass turn after turn."""
    pos = build(["ada", "bram"], phase="chain", rules=2, auto_pass=False)  # no card anywhere
    g = pos.game
    for _ in range(40):  # twenty turns of passes, far beyond the rules-3 limit of five
        seat = g.pending()[0].seat
        (only,) = g.legal_actions(seat)
        g.apply(only)
    assert not g.is_over() and g.turn > 20
