"""bench/arena.py: what it prints for Nightfall, and how it hands a run to Fightdrome's arena."""

from __future__ import annotations

import sys
import types

import pytest

from bench import arena


def test_nightfall_prints_the_table_and_each_levels_quality(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "nightfall", "--pairings", "normal:easy", "--games2", "2", "--games4", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    row = next(line for line in out if line.startswith("2p  normal vs easy"))
    assert row.split()[4] == "2" and "[" in row  # two games, with their Wilson interval
    easy = next(line for line in out if line.strip().startswith("easy"))
    assert "self-aimed damage 0 " in easy and "costly blocks" in easy and "kicker links" in easy
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
    [["--pairings", "hard:expert"], ["--iterations", "0"], ["--iterations", "8", "--budget", "0.5"], ["--game", "x"]],
)
def test_bad_flags_are_refused(argv: list[str]) -> None:
    with pytest.raises(SystemExit):
        arena.parse_args(argv)


def test_wilson_interval_and_share() -> None:
    lo, hi = arena.wilson(60, 100)
    assert 0.502 < lo < 0.503 and 0.690 < hi < 0.691
    assert arena.share(0, 0) == "0/0 = 0.0 % [0.0, 100.0]"
