"""The results image: ranking, wounds by type, and the tie-break note where one decided."""

from __future__ import annotations

from typing import Any

import pytest

from render import render_results, samples
from render.results import HEADER_H, NOTE_H, ROW_H, results_height, tie_note
from render.theme import GOLD, TABLE_WIDTH

from .conftest import count_near, decode


def row(seat: str, place: int, by_type: dict[str, int], turns: int, ahead: str | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "place": place,
        "wounds": sum(by_type.values()),
        "by_type": by_type,
        "turns": turns,
        "ahead_of_next_by": ahead,
    }


RESULT = [
    row("ada", 1, {"bite": 2, "burn": 2, "bleed": 2}, 9, "wounds"),
    row("bram", 2, {"bite": 3, "burn": 3, "bleed": 3}, 9, "wound types"),
    row("cleo", 3, {"bite": 5, "burn": 2, "bleed": 2}, 9, "seat"),
    row("dmitri", 4, {"bite": 2, "burn": 5, "bleed": 2}, 10, None),
]


def test_tie_notes_name_the_tie_break() -> None:
    assert tie_note(RESULT[0], RESULT[1]) == ""
    assert "wound types" in tie_note(RESULT[1], RESULT[2]) and "3 against 5" in tie_note(RESULT[1], RESULT[2])
    assert "seat order" in tie_note(RESULT[2], RESULT[3]) and "9 turns against 10" in tie_note(RESULT[2], RESULT[3])


def test_results_draw_a_note_under_each_tie_break() -> None:
    view = {"over": True, "result": RESULT}
    img = decode(render_results(view))
    assert img.size == (TABLE_WIDTH, results_height(RESULT))
    assert img.height == results_height([RESULT[0]]) + 3 * (ROW_H + 10) + 2 * NOTE_H
    notes = []
    y = HEADER_H
    for i in range(3):
        y += ROW_H + 10
        band = (0, y, TABLE_WIDTH, y + NOTE_H)
        notes.append(count_near(img, band, GOLD, 16) > 200)
        if i > 0:
            y += NOTE_H
    assert notes == [False, True, True]


def test_results_of_a_real_game() -> None:
    view = samples.finished_game().public_view()
    img = decode(render_results(view))
    assert img.size == (TABLE_WIDTH, results_height(view["result"]))
    assert len(render_results(view)) <= 500 * 1024


def test_results_refuse_a_private_view_or_an_unfinished_game() -> None:
    game = samples.finished_game()
    with pytest.raises(ValueError, match="public_view"):
        render_results(game.private_view(game.seats[0]))
    with pytest.raises(ValueError, match="finished"):
        render_results(samples.five_player_link_decision().public_view())
