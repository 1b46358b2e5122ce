"""bench/arena.py: what it prints for Nightfall, and how it hands a run to Fightdrome's arena."""

from __future__ import annotations

import sys
import types

import pytest

from bench import arena
from engine.nightfall.ai import HardPlayer
from engine.nightfall.ai.search import DEFAULT_BUDGET, DEFAULT_HORIZON, DEFAULT_ROLLOUTS


def test_nightfall_prints_the_table_and_each_levels_quality(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "nightfall", "--pairings", "normal:easy", "--games2", "2", "--games4", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    row = next(line for line in out if line.startswith("2p  normal vs easy"))
    assert row.split()[4] == "2" and "[" in row  # two games, with their Wilson interval
    easy = next(line for line in out if line.strip().startswith("easy"))
    assert "self-aimed damage 0 " in easy and "costly blocks" in easy and "kicker links" in easy
    assert "taken when offered" in easy
    assert any(line.strip().startswith("normal") for line in out)
    assert not any(line.strip().startswith("hard ") for line in out)  # no game of hard: no figures


def test_fightdrome_gets_the_flags_the_two_arenas_share(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    fake = types.ModuleType("bench.arena_fightdrome")
    fake.main = calls.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.arena_fightdrome", fake)
    monkeypatch.setattr(sys.modules["bench"], "arena_fightdrome", fake, raising=False)
    arena.main(["--game", "fightdrome", "--games2", "30", "--seed", "7"])
    arena.main(["--game", "fightdrome", "--budget", "0.5", "--pairings", "hard:normal,normal:easy"])
    assert calls == [
        ["--games2", "30", "--seed", "7"],
        ["--games2", "40", "--seed", "1", "--budget", "0.5", "--pairings", "hard:normal,normal:easy"],
    ]


@pytest.mark.parametrize(
    "argv",
    [["--pairings", "hard:expert"], ["--iterations", "0"], ["--iterations", "-1"], ["--jobs", "0"], ["--game", "x"]],
)
def test_bad_flags_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        arena.parse_args(argv)


def test_hard_settings_say_what_hard_plays_with() -> None:
    default = arena.HardSettings().player("hard", 1)
    assert isinstance(default, HardPlayer)
    assert (default.iterations, default.horizon, default.budget) == (DEFAULT_ROLLOUTS, DEFAULT_HORIZON, DEFAULT_BUDGET)
    counted = arena.HardSettings(iterations=8).player("hard", 1)
    assert isinstance(counted, HardPlayer)
    assert (counted.iterations, counted.horizon, counted.budget) == (8, DEFAULT_HORIZON, None)  # no clock at all
    timed = arena.HardSettings(budget=0.5, iterations=0, horizon=0).player("hard", 1)
    assert isinstance(timed, HardPlayer)
    assert (timed.iterations, timed.horizon, timed.budget) == (None, None, 0.5)  # the clock alone, to the end
    assert "no clock" in arena.HardSettings(iterations=8).words()
    assert f"{DEFAULT_ROLLOUTS} rollouts of {DEFAULT_HORIZON} turns" in arena.HardSettings().words()


def test_games_played_in_worker_processes_add_up_to_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "nightfall", "--pairings", "hard:normal", "--games2", "2", "--games4", "0", "--iterations", "2"]
    arena.main([*argv, "--horizon", "1"])
    alone = capsys.readouterr().out.splitlines()
    arena.main([*argv, "--horizon", "1", "--jobs", "2"])
    pooled = capsys.readouterr().out.splitlines()
    assert "in 2 processes" in pooled[0] and "in 2 processes" not in alone[0]
    # the table and the quality lines are the same; only the wall times differ
    same = [line for line in alone if line.startswith(("2p", "  "))]
    assert same and same == [line for line in pooled if line.startswith(("2p", "  "))]


def test_wilson_interval_and_share() -> None:
    lo, hi = arena.wilson(60, 100)
    assert 0.502 < lo < 0.503 and 0.690 < hi < 0.691
    assert arena.share(0, 0) == "0/0 = 0.0 % [0.0, 100.0]"


def test_a_run_split_with_skip_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "nightfall", "--pairings", "normal:easy", "--games4", "0", "--seed", "3"]
    arena.main([*argv, "--games2", "4"])
    whole = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("2p"))
    halves = []
    for skip in ("0", "2"):
        arena.main([*argv, "--games2", "2", "--skip", skip])
        out = capsys.readouterr().out.splitlines()
        assert ("from game 2" in out[0]) is (skip == "2")
        halves.append(next(line for line in out if line.startswith("2p")).split())
    # games and wins add up; each half's mean wounds average to the whole run's
    assert int(whole.split()[4]) == sum(int(h[4]) for h in halves) == 4
    assert int(whole.split()[5]) == sum(int(h[5]) for h in halves)
    mean_a = (float(halves[0][-3]) + float(halves[1][-3])) / 2
    assert abs(mean_a - float(whole.split()[-3])) < 0.11
