"""``bench/arena_fightdrome.py``'s ``main``, as ``bench/arena.py --game fightdrome`` calls it: paired games, one row a
pairing with its interval, each level's self-harm and sense, and a clear refusal of a bad flag."""

from __future__ import annotations

import pytest

from bench import arena_fightdrome


def test_a_pairing_plays_its_games_in_pairs_and_reports_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    arena_fightdrome.main(["--games2", "2", "--pairings", "normal:easy", "--seed", "3", "--target", "150"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("fightdrome arena: seed 3, series to 150, hard budget 1 (default) s/decision")
    row = next(line for line in out if line.startswith("normal vs easy"))
    games, wins = (int(x) for x in row.split()[3:5])
    assert games == 2 and 0 <= wins <= 2 and row.endswith("50 %")
    levels = [line.split()[0] for line in out if "self-harm" in line and "decisions" in line]
    assert levels == ["normal", "easy"]
    assert all(" self-harm 0 in " in line for line in out if "decisions (" in line)
    assert not any(line.startswith("hard decision time") for line in out)


@pytest.mark.parametrize(
    "argv", [["--games2", "3"], ["--pairings", "hard:expert"], ["--budget", "0"], ["--games2", "0"]]
)
def test_a_bad_flag_is_refused_before_any_game(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        arena_fightdrome.main(argv)
    assert stop.value.code == 2
    assert "bench/arena_fightdrome.py: error:" in capsys.readouterr().err
