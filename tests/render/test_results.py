"""The results image: ranking, wounds by type, and the tie-break note where one decided.

The note says what actually decided a place (the ranking's ``decided_by``, in the words of
``engine.nightfall.scoring.tie_break_text``), never the step only: when the largest wound-type counts are
equal, it is the second-largest that decides, and the note must say so.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest

from engine.nightfall.position import build
from engine.nightfall.scoring import tie_break_text
from render import primitives
from render.nightfall import clear_caches, render_results, samples
from render.nightfall.results import draw_results, results_height, results_layout, tie_note
from render.theme import GOLD, TABLE_WIDTH

from .conftest import View, count_near, decode


def row(seat: str, place: int, by_type: dict[str, int], turns: int, decided: str | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "place": place,
        "wounds": sum(by_type.values()),
        "by_type": by_type,
        "turns": turns,
        "ahead_of_next_by": {
            None: None,
            "wounds": "wounds",
            "fewer turns": "seat",
            "seat": "seat",
        }.get(decided, "wound types"),
        "decided_by": decided,
    }


#: Every kind of tie-break, as ``ranking_details`` gives them: ada has fewer wounds; cleo and
#: bram tie on 7 and on the largest count (3), the second-largest decides (2 against 3); bram
#: beats dmitri on the largest count (3 against 4); dmitri and eve tie on wound types too, and
#: dmitri had fewer turns.
RESULT = [
    row("ada", 1, {"bite": 2, "burn": 2, "bleed": 2}, 9, "wounds"),
    row("cleo", 2, {"bite": 3, "burn": 2, "bleed": 2}, 9, "second-largest wound type"),
    row("bram", 3, {"bite": 3, "burn": 3, "bleed": 1}, 9, "largest wound type"),
    row("dmitri", 4, {"bite": 1, "burn": 4, "bleed": 2}, 9, "fewer turns"),
    row("eve", 5, {"bite": 4, "burn": 2, "bleed": 1}, 10, None),
]


def over(result: list[dict[str, Any]]) -> View:
    return {"over": True, "turn": 40, "options": {"draft": "standard"}, "result": result}


@pytest.fixture
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn while the fixture is in use, in order (each word of a note apart)."""
    texts: list[str] = []
    original = primitives.Draw.text

    def recording(self: primitives.Draw, xy: tuple[float, float], text: str, *args: Any, **kwargs: Any) -> None:
        texts.append(text)
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(primitives.Draw, "text", recording)
    yield texts


def words(texts: list[str]) -> str:
    """The texts drawn, as one line of words: a note's words are drawn one by one."""
    return " ".join(" ".join(texts).split())


def test_tie_notes_say_what_decided() -> None:
    notes = [tie_note(a, b) for a, b in pairwise(RESULT)]
    assert notes == [
        "",
        "cleo is ahead of bram: tie on 7 wounds and on the largest wound type count (3 each), "
        "decided by the second-largest wound type count (2 against 3)",
        "bram is ahead of dmitri: tie on 7 wounds, decided by the largest wound type count (3 against 4)",
        "dmitri is ahead of eve: tie on 7 wounds and on wound types, decided by fewer turns (9 against 10)",
    ]
    assert tie_note(RESULT[-1], RESULT[-1]) == "", "the last place is ahead of nobody"
    for (a, b), note in zip(pairwise(RESULT), notes, strict=False):
        assert not note or note.endswith(tie_break_text(a, b)), "the engine's own words"


def test_a_seat_tie_says_the_seat_decided() -> None:
    a = row("ada", 1, {"bite": 1, "burn": 0, "bleed": 0}, 3, "seat")
    b = row("bram", 2, {"bite": 0, "burn": 1, "bleed": 0}, 3, None)
    assert tie_note(a, b) == (
        "ada is ahead of bram: tie on 1 wound, on wound types and on turns (3 each), "
        "decided by seat: closest to the right of the first player"
    )


def test_a_row_stored_without_decided_by_is_worked_out_the_engines_way() -> None:
    bare = [{k: v for k, v in r.items() if k != "decided_by"} for r in RESULT]
    assert [tie_note(a, b) for a, b in pairwise(bare)] == [tie_note(a, b) for a, b in pairwise(RESULT)]


def test_the_note_names_the_second_largest_count_when_it_decided(drawn_texts: list[str]) -> None:
    """A built tie: 7 wounds each, largest counts equal (3), so the second-largest decides
    (justyna's 2 against bartek's 3). The step alone, "wound types", would once have been told
    as the largest count (3 against 3): the words drawn must name the second-largest."""
    pos = build(
        ["bartek", "justyna", "andrzej"],
        phase="claim",
        discards={
            "bartek": ["wound:bite"] * 3 + ["wound:burn"] * 3 + ["wound:bleed"],
            "justyna": ["wound:bite"] * 3 + ["wound:burn"] * 2 + ["wound:bleed"] * 2,
            "andrzej": ["wound:bite"] * 4 + ["wound:burn"] * 3,
        },
    )
    pos.game.s.phase = "over"
    view = pos.game.public_view()
    first = view["result"][0]
    assert (first["seat"], first["ahead_of_next_by"]) == ("justyna", "wound types")
    assert first["decided_by"] == "second-largest wound type"
    draw_results(view)
    drawn = words(drawn_texts)
    assert (
        "justyna is ahead of bartek: tie on 7 wounds and on the largest wound type count (3 each), "
        "decided by the second-largest wound type count (2 against 3)"
    ) in drawn
    assert "bartek is ahead of andrzej: tie on 7 wounds, decided by the largest wound type count (3 against 4)" in drawn
    assert "(3 against 3)" not in drawn and "largest type count" not in drawn


def test_counts_are_singular_or_plural(drawn_texts: list[str]) -> None:
    result = [
        row("ada", 1, {"bite": 1, "burn": 0, "bleed": 0}, 1, "fewer turns"),
        row("bram", 2, {"bite": 0, "burn": 1, "bleed": 0}, 2, "wounds"),
        row("cleo", 3, {"bite": 0, "burn": 1, "bleed": 1}, 2, None),
    ]
    draw_results(over(result))
    assert "winner · 1 turn" in drawn_texts and "2 turns" in drawn_texts
    # each row draws its counts by type, each word in its count's form (the last one bleeds), then its total and
    # the word under it
    bleeds = [i for i, text in enumerate(drawn_texts) if text in ("bleed", "bleeds")]
    assert [drawn_texts[i - 1 : i + 1] for i in bleeds] == [["0", "bleeds"], ["0", "bleeds"], ["1", "bleed"]]
    assert [drawn_texts[i - 3 : i - 1] for i in bleeds] == [["0", "burns"], ["1", "burn"], ["1", "burn"]]
    totals = [tuple(drawn_texts[i + 1 : i + 3]) for i in bleeds]
    assert totals == [("1", "wound"), ("1", "wound"), ("2", "wounds")]
    drawn = words(drawn_texts)
    assert "tie on 1 wound and on wound types, decided by fewer turns (1 against 2)" in drawn
    assert "1 turns" not in drawn and "1 wounds" not in drawn


def test_a_note_is_drawn_between_the_rows_of_each_tie() -> None:
    view = over(RESULT)
    boxes = results_layout(view)
    img = decode(render_results(view))
    assert img.size == (TABLE_WIDTH, results_height(view)) == (TABLE_WIDTH, boxes["image"][3])
    assert [f"note:{i}" in boxes for i in range(4)] == [False, True, True, True]
    for i in range(1, 4):
        note = boxes[f"note:{i}"]
        assert boxes[f"row:{i}"][3] < note[1] < note[3] < boxes[f"row:{i + 1}"][1]
        assert count_near(img, note, GOLD, 16) > 200, f"note {i} has its gold frame and heading"
    gap = (0, boxes["row:0"][3] + 1, TABLE_WIDTH, boxes["row:1"][1])
    assert count_near(img, gap, GOLD, 16) == 0, "fewer wounds needs no note"


def test_results_of_a_real_game() -> None:
    view = samples.finished_game().public_view()
    data = render_results(view)
    img = decode(data)
    assert img.size == (TABLE_WIDTH, results_height(view))
    assert len(data) <= 500 * 1024
    ties = [i for i, r in enumerate(view["result"]) if r["decided_by"] not in ("wounds", None)]
    assert ties and all(f"note:{i}" in results_layout(view) for i in ties)


def test_the_same_view_gives_the_same_bytes() -> None:
    view = samples.finished_game().public_view()
    first = render_results(view)
    clear_caches()
    assert render_results(view) == first == render_results(samples.finished_game().public_view())


def test_results_refuse_a_private_view_or_an_unfinished_game() -> None:
    game = samples.finished_game()
    with pytest.raises(ValueError, match="public_view"):
        render_results(game.private_view(game.seats[0]))
    with pytest.raises(ValueError, match="finished"):
        render_results(samples.five_player_link_decision().public_view())
