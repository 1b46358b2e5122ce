"""The leaderboard image (``/game top``): 620 px wide, every text at least 11 px on a phone, inside the box the
layout gave it and clear of the others, long names on two lines or shortened, at most one page of rows."""

from __future__ import annotations

import pytest
from PIL import Image

from render.leaderboard import MIN_PX, PAGE, WIDTH, Entry, Labels, draw_leaderboard, render_leaderboard
from render.primitives import drawn_texts, phone_px
from render.theme import PHONE_WIDTH

from .conftest import decode
from .test_languages import text_problems

pytestmark = pytest.mark.render

ENGLISH = Labels(
    title="Nightfall leaderboard",
    subtitle="Night Owls · ranked after 3 games",
    rank="#",
    name="Player",
    rating="Rating",
    games="Games",
    wins="Wins",
    empty="Nobody is ranked yet.",
    footer="Page 1 of 2 · a careful estimate of skill: newcomers start at 1000",
)
#: the longest words the catalogues give, and a server name longer than the image
RUSSIAN = Labels(
    title="Рейтинг Altered Carbon: Fightdrome",
    subtitle="Очень длинное название сервера любителей настольных игр · для рейтинга нужно: 3 игры",
    rank="#",
    name="Игрок",
    rating="Рейтинг",
    games="Игры",
    wins="Победы",
    empty="В рейтинге пока никого нет.",
    footer="Страница 12 из 40 · осторожная оценка мастерства: новички начинают с 1000",
)
LONG = "Alexandria Montgomery the Third"


def board(n: int, first: int = 1) -> list[Entry]:
    names = ["ada", LONG, "Дмитрий Александрович", "x" * 40, "Łucja"]
    return [Entry(first + k, names[k % len(names)], 1400 - 37 * k, 40 - k, 20 - k) for k in range(n)]


def texts(img: Image.Image) -> list[str]:
    return [d.text for d in drawn_texts(img)]


@pytest.mark.parametrize("labels", [ENGLISH, RUSSIAN], ids=["en", "ru"])
@pytest.mark.parametrize("rows", [0, 1, 3, PAGE])
def test_every_board_reads_on_a_phone_and_keeps_its_texts_apart(labels: Labels, rows: int) -> None:
    img = draw_leaderboard(board(rows), labels)
    assert img.width == WIDTH
    assert phone_px(img) >= MIN_PX * PHONE_WIDTH / WIDTH >= 11
    problems = text_problems(img)
    assert not problems, "\n".join(problems[:20])


def test_rows_come_in_rank_order_with_their_numbers() -> None:
    entries = board(4, first=11)
    shown = texts(draw_leaderboard(entries, ENGLISH))
    for e in entries:
        assert str(e.rank) in shown and str(e.rating) in shown and str(e.games) in shown and str(e.wins) in shown
    ranks = [shown.index(str(e.rank)) for e in entries]
    assert ranks == sorted(ranks), "top to bottom, best first"


def test_a_long_name_takes_two_lines_and_only_what_does_not_fit_is_cut() -> None:
    shown = texts(draw_leaderboard([Entry(1, LONG, 1200, 3, 1), Entry(2, "x" * 40, 1100, 3, 0)], ENGLISH))
    assert "Alexandria Montgomery" in shown and "the Third" in shown  # wrapped between words, whole
    assert any(t.startswith("xxxx") and t.endswith("…") for t in shown)  # one word longer than the room: cut


def test_a_board_holds_one_page_and_grows_with_its_rows() -> None:
    heights = [draw_leaderboard(board(n), ENGLISH).height for n in (1, 5, PAGE)]
    assert heights == sorted(heights) and len(set(heights)) == 3
    assert draw_leaderboard(board(PAGE + 5), ENGLISH).height == heights[-1]
    assert "Nobody is ranked yet." in texts(draw_leaderboard([], ENGLISH))


def test_the_png_is_the_drawn_image() -> None:
    data = render_leaderboard(board(3), ENGLISH)
    img = decode(data)
    assert img.size == draw_leaderboard(board(3), ENGLISH).size
    assert render_leaderboard(board(3), ENGLISH) == data, "equal boards, equal bytes"
