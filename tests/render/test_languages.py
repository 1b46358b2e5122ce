"""Every image in every language, at the phone's width: texts stay in their boxes, run into no other
text, stay above the phone's minimum size, and a Polish image speaks Polish.

Polish and Russian run longer than English. Each text the renderer draws is recorded with the box
the layout gave it (``primitives.drawn_texts``), so these tests measure by the layout's own boxes:
a text that leaves its box, or overlaps another, is a text cut off or drawn over on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import pytest
from PIL import Image

from engine import i18n
from render.nightfall import render_draft, render_hand, render_prompt, render_results, render_table, samples, texts
from render.nightfall.hand import draft_boxes, draw_draft, draw_hand, hand_boxes
from render.nightfall.prompt import draw_prompt
from render.nightfall.results import draw_results, results_layout
from render.nightfall.table import draw_table, table_layout
from render.primitives import TEXTS, Box, Drawn, drawn_texts
from render.theme import TABLE_WIDTH

from .conftest import View, decode
from .test_phone import HANDS, PROMPT_SHOWS, RESULTS, TABLES, assert_readable_on_a_phone

LANGS = ("en", "pl", "ru")
#: Glyphs reach a pixel or two past their pen position (a "J" to the left, an accent above).
SLACK = 2


def _inside(ink: Box, box: Box, slack: int = SLACK) -> bool:
    return (
        ink[0] >= box[0] - slack and ink[1] >= box[1] - slack and ink[2] <= box[2] + slack and ink[3] <= box[3] + slack
    )


def text_problems(img: Image.Image) -> list[str]:
    """Texts outside the box the layout gave them or off the image, and texts drawn over each other."""
    drawn = drawn_texts(img)
    assert drawn, "no text was recorded"
    whole = (0, 0, img.width, img.height)
    out = [f"{d.text!r} at {d.ink} leaves its box {d.region}" for d in drawn if not _inside(d.ink, d.region)]
    out += [f"{d.text!r} at {d.ink} leaves the image" for d in drawn if not _inside(d.ink, whole, 0)]
    by_top = sorted(drawn, key=lambda d: d.ink[1])
    for i, a in enumerate(by_top):
        for b in by_top[i + 1 :]:
            if b.ink[1] >= a.ink[3]:
                break
            across = min(a.ink[2], b.ink[2]) - max(a.ink[0], b.ink[0])
            down = min(a.ink[3], b.ink[3]) - max(a.ink[1], b.ink[1])
            if across > SLACK and down > SLACK:
                out.append(f"{a.text!r} at {a.ink} runs into {b.text!r} at {b.ink}")
    return out


def outside_boxes(img: Image.Image, boxes: Iterable[Box]) -> list[str]:
    """Texts in none of the layout's ``boxes`` (the table's bands and seats, the results' rows)."""
    boxes = list(boxes)
    return [f"{d.text!r} at {d.ink}" for d in drawn_texts(img) if not any(_inside(d.ink, b) for b in boxes)]


def check(img: Image.Image, what: str) -> None:
    assert img.width == TABLE_WIDTH
    assert_readable_on_a_phone(img, what)
    problems = text_problems(img)
    assert not problems, f"{what}:\n" + "\n".join(problems[:20])


# ---------------------------------------------------------------- every image, every language


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(TABLES))
def test_tables_keep_their_texts_in_their_boxes(name: str, lang: str) -> None:
    view = TABLES[name]()
    img = draw_table(view, lang)
    check(img, f"table, {name}, {lang}")
    boxes = table_layout(view, lang)
    bands = ("header", "waiting", "gauge", "commons", "draft", "combat", "chain", "players", "legend")
    regions = [b for k, b in boxes.items() if k in bands or k.startswith("seat:")]
    stray = outside_boxes(img, regions)
    assert not stray, f"table, {name}, {lang}: texts outside every band and seat: {stray[:10]}"
    assert decode(render_table(view, lang)).size == img.size


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(HANDS))
def test_hands_keep_their_texts_in_their_boxes(name: str, lang: str) -> None:
    view, _ = HANDS[name]()
    img = draw_hand(view, lang)
    check(img, f"hand, {name}, {lang}")
    assert (img.width, img.height) == hand_boxes(view, lang)[:2]
    assert decode(render_hand(view, lang)).size == img.size


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seat", ["ada", "cleo"], ids=["picking", "picked"])
def test_drafts_keep_their_texts_in_their_boxes(seat: str, lang: str) -> None:
    view = samples.draft_game().private_view(seat)
    img = draw_draft(view, lang)
    check(img, f"draft, {seat}, {lang}")
    assert (img.width, img.height) == draft_boxes(view, lang)[:2]
    assert decode(render_draft(view, lang)).size == img.size


@pytest.fixture(scope="module")
def decision_views() -> dict[str, View]:
    views = samples.decision_views(PROMPT_SHOWS)
    views["claim (sample)"] = samples.claim_decision().private_view("ada")
    views["target (sample)"] = samples.five_player_chain().private_view("cleo")
    views["block (sample)"] = samples.five_player_combat().private_view("ada")
    return views


@pytest.mark.parametrize("lang", LANGS)
def test_prompts_keep_their_texts_in_their_boxes(lang: str, decision_views: dict[str, View]) -> None:
    for kind, view in sorted(decision_views.items()):
        check(draw_prompt(view, lang), f"prompt, {kind}, {lang}")
    view = decision_views["claim (sample)"]
    assert decode(render_prompt(view, lang)).size == draw_prompt(view, lang).size


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(RESULTS))
def test_results_keep_their_texts_in_their_boxes(name: str, lang: str) -> None:
    view = RESULTS[name]()
    img = draw_results(view, lang)
    check(img, f"results, {name}, {lang}")
    boxes = results_layout(view, lang)
    stray = outside_boxes(img, [b for k, b in boxes.items() if k != "image"])
    assert not stray, f"results, {name}, {lang}: texts outside the header, rows, notes and rule: {stray[:10]}"
    assert decode(render_results(view, lang)).size == img.size


def test_the_checks_catch_a_text_that_leaves_its_box_or_runs_into_another() -> None:
    img = Image.new("RGB", (100, 100))
    img.info[TEXTS] = (
        Drawn("fits", (10, 10, 40, 20), (0, 0, 50, 50)),
        Drawn("too long", (30, 30, 80, 40), (0, 0, 50, 50)),
        Drawn("over", (35, 32, 60, 42), (0, 0, 100, 100)),
    )
    problems = text_problems(img)
    assert any("'too long'" in p and "leaves its box" in p for p in problems)
    assert any("runs into 'over'" in p for p in problems)
    assert not any("'fits'" in p for p in problems)


def test_a_long_word_is_wrapped_not_shrunk_below_the_phone_minimum() -> None:
    """A name longer than its chip wraps, and a word longer than a line is cut with …, at the
    phone's smallest size at least."""
    view = samples.five_player_chain().public_view()
    long = "Konstantynopolitańczykowianeczkowiczównakowska Wierzchosławiczanin"
    for seat in view["seats"]:
        seat["seat"] = seat["seat"] if seat["seat"] != "ada" else long
    for p in view.get("pending") or []:
        p["seat"] = long if p["seat"] == "ada" else p["seat"]
    for lang in LANGS:
        img = draw_table(view, lang)
        check(img, f"table with a long name, {lang}")
        assert any(d.text.endswith("…") for d in drawn_texts(img)), "the longest word is cut"


# ---------------------------------------------------------------- a Polish image speaks Polish


def _forms(template: i18n.Template) -> tuple[str, ...]:
    return (template,) if isinstance(template, str) else template


def _words(text: str) -> set[str]:
    """The words of a text (letters only, 3 or more), its ``{fields}`` left out."""
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\{\w+\}", " ", text))}


def english_only_words() -> set[str]:
    """Words of the images' English texts that no Polish or Russian text of theirs uses."""
    english = {w for template in texts.ENGLISH.values() for s in _forms(template) for w in _words(s)}
    translated: set[str] = set()
    for lang in ("pl", "ru"):
        for m in i18n.read_catalog(texts.DOMAIN, lang):
            if m.id:
                for s in m.string if isinstance(m.string, tuple) else (m.string,):
                    translated |= _words(str(s))
    return english - translated


def words_drawn(img: Image.Image, leave_out: Iterable[Box] = ()) -> set[str]:
    """Every word drawn into ``img``, but those in ``leave_out`` (card faces: the card data's texts)."""
    skip = list(leave_out)
    return {w for d in drawn_texts(img) if not any(_inside(d.ink, b, 0) for b in skip) for w in _words(d.text)}


POLISH_IMAGES: dict[str, Callable[[], tuple[Image.Image, list[Box]]]] = {
    "table, chain": lambda: (draw_table(samples.five_player_chain().public_view(), "pl"), []),
    "table, combat": lambda: (draw_table(samples.five_player_combat().public_view(), "pl"), []),
    "table, draft": lambda: (draw_table(samples.draft_game().public_view(), "pl"), []),
    "table, over": lambda: (draw_table(samples.finished_game().public_view(), "pl"), []),
    "hand, linking": lambda: _hand(samples.five_player_link_decision().private_view("cleo")),
    "hand, waiting": lambda: _hand(samples.five_player_chain().private_view("ada")),
}


def _hand(view: View) -> tuple[Image.Image, list[Box]]:
    return draw_hand(view, "pl"), hand_boxes(view, "pl")[2]


@pytest.mark.parametrize("name", sorted(POLISH_IMAGES))
def test_a_polish_image_has_no_english_words_of_its_own(name: str) -> None:
    img, faces = POLISH_IMAGES[name]()
    english = english_only_words() & words_drawn(img, faces)
    assert not english, f"{name}: English words in a Polish image: {sorted(english)}"


def test_a_polish_table_and_hand_speak_polish() -> None:
    drawn_in_order = [d.text for d in drawn_texts(draw_table(samples.five_player_chain().public_view(), "pl"))]
    table = set(drawn_in_order)
    for words in ("ARCHIWA WSPÓLNE", "ŁAŃCUCH", "ręka", "talia", "odrzucone", "tura: bram"):
        assert words in table, words
    assert "CZEKAMY NA DECYZJĘ" in " ".join(drawn_in_order), "the waiting band's words, word by word"
    assert {"ran", "rany"} & table and "zakrytych" in " ".join(table)
    hand = draw_hand(samples.five_player_link_decision().private_view("cleo"), "pl")
    drawn = {d.text for d in drawn_texts(hand)}
    assert "cleo · twoja ręka · 10 kart" in drawn
    assert "▶ DOŁĄCZ" in drawn and "nie można dołączyć" in drawn


def test_counted_words_take_each_languages_forms() -> None:
    """No English "s": Polish and Russian pick one of three forms by the number."""
    assert [texts.wounds_word(n, "pl") for n in (1, 2, 5, 22, 25)] == ["rana", "rany", "ran", "rany", "ran"]
    assert [texts.wounds_word(n, "ru") for n in (1, 2, 5, 21)] == ["ранение", "ранения", "ранений", "ранение"]
    assert texts.n("render.hand.title", 4, "pl", you="ada") == "ada · twoja ręka · 4 karty"
    assert texts.n("render.results.turns", 5, "ru") == "5 ходов"
    assert [texts.wounds_word(n) for n in (1, 2)] == ["wound", "wounds"]


def test_the_moons_keep_their_letters_in_every_language() -> None:
    """A colour's moon shows the same letter in every language (the table is in the game's language,
    a hand in the player's: one player may see both); the legend names the colour in the language."""
    view = samples.five_player_chain().public_view()
    letters = {
        lang: {d.text for d in drawn_texts(draw_table(view, lang)) if len(d.text) == 1 and d.text.isupper()}
        for lang in LANGS
    }
    assert {"R", "W", "B", "Y", "P", "G"} <= letters["en"]
    assert letters["pl"] - {"D"} == letters["ru"] - {"Д"} == letters["en"] - {"K"}
    legend = {d.text for d in drawn_texts(draw_table(view, "ru"))}
    assert {"красный", "белый", "синий", "жёлтый", "сиреневый", "зелёный"} <= legend
