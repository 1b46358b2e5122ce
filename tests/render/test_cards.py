"""Every card face: frame, moons with letters, cost, texts, kicker and pips."""

from __future__ import annotations

import dataclasses

import pytest

import render.nightfall.cards as cards_module
from engine.nightfall.card_texts import FIELDS
from engine.nightfall.cards import card, card_set
from render.nightfall import render_card
from render.nightfall.cards import (
    BASE_W,
    card_face,
    card_height,
    compact_layout,
    compact_problems,
    face_problems,
    wound_effect_lines,
)
from render.nightfall.colours import COLOURS, WOUND_FRAME
from render.nightfall.hand import card_width
from render.nightfall.prompt import SOURCE_W
from render.theme import GOLD, HEALTH, STRENGTH, font, mix

from .conftest import count_near, decode, near

KEYS = sorted(card_set().cards)
S = 2  # the /card image is drawn at twice the 250 x 350 design unit


@pytest.mark.parametrize("key", KEYS)
def test_card_face_shows_its_data(key: str) -> None:
    c = card(key)
    img = decode(render_card(key))
    assert img.size == (250 * S, 350 * S)
    assert near(img.getpixel((4, 350)), mix(COLOURS[c.colour], (0, 0, 0), 0.15)), "colour frame"
    assert near(img.getpixel((32 * S, 34 * S + 30)), COLOURS[c.colour]), "colour moon"
    for i, link in enumerate(c.links):
        assert near(img.getpixel(((21 + 22 * i) * S, 69 * S + 14)), COLOURS[link]), f"link moon {link}"
    assert near(img.getpixel((250 * S - 32 * S, 33 * S + 25)), GOLD), "cost coin"
    text_area = (14 * S, 156 * S, 236 * S, (304 if c.is_minion else 330) * S)
    if c.kicker:
        assert count_near(img, text_area, COLOURS[c.kicker.colour], 12) > 300, "kicker frame in its colour"
    bottom_left, bottom_right = (10 * S, 310 * S, 110 * S, 340 * S), (140 * S, 310 * S, 240 * S, 340 * S)
    pips_drawn = count_near(img, bottom_left, STRENGTH, 16) > 50 and count_near(img, bottom_right, HEALTH, 16) > 50
    assert pips_drawn == c.is_minion, "strength and health pips on minions only"


def test_a_reconstructed_card_looks_like_any_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which parts of the card data are reconstructed is for ``/card``'s note, in players' words: the face shows
    no badge (it read as a development note)."""
    key = "death_grip"
    assert card(key).reconstructed
    shown = card_face(key, "en", 250 * S).tobytes()
    printed = dataclasses.replace(card(key), reconstructed_fields=())
    monkeypatch.setattr(cards_module, "card", lambda k: printed)
    assert card_face(key, "en", 250 * S).tobytes() == shown


def test_polish_names_are_drawn() -> None:
    assert card("bad_smoke").names["pl"] == "„Ciężki Dym”"
    en, pl = decode(render_card("bad_smoke")), decode(render_card("bad_smoke", lang="pl"))
    name_area = (60 * S, 10 * S, 196 * S, 58 * S)
    assert en.crop(name_area).tobytes() != pl.crop(name_area).tobytes()


@pytest.mark.parametrize("wound", ["bite", "burn", "bleed"])
def test_wound_cards(wound: str) -> None:
    img = decode(render_card(f"wound:{wound}", lang="ru"))
    assert img.size == (250 * S, 350 * S)
    assert near(img.getpixel((4, 350)), WOUND_FRAME)


def test_card_bytes_are_stable() -> None:
    assert render_card("vulko") == render_card("vulko")
    assert render_card("vulko") != render_card("vulko", lang="pl") or card("vulko").names["pl"] == "Vulko"


# ------------------------------------------------------------------------------------- faces in every language

LANGS = ("en", "pl", "ru")
WOUNDS = [f"wound:{w}" for w in card_set().wound_types]
#: The widths compact faces are drawn at: a hand (two a row on the portrait image), and a prompt's source card.
COMPACT_WIDTHS = sorted({card_width(2), SOURCE_W})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS)
def test_every_full_face_fits_its_boxes(key: str, lang: str) -> None:
    """The face's own measures: texts and kicker in their area at an allowed size, nothing shortened."""
    assert face_problems(key, lang, 250 * S) == []
    assert face_problems(key, lang, 250) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", KEYS + WOUNDS)
def test_every_compact_face_fits_its_width(key: str, lang: str) -> None:
    for width in COMPACT_WIDTHS:
        assert compact_problems(key, lang, width) == [], width


@pytest.mark.parametrize("lang", LANGS)
def test_the_wound_effect_fits_the_wound_face(lang: str) -> None:
    f = font(round(11.5 * S))
    lines = wound_effect_lines(lang, f, BASE_W * S - 32 * S)
    bottom = 196 * S + len(lines) * round(11.5 * S * 1.3)
    assert bottom <= card_height(250 * S) - 14 * S, "the effect ends inside the inner frame"
    assert all(f.getlength(line) <= BASE_W * S - 32 * S and "…" not in line for line in lines)


def _words(key: str, lang: str) -> str:
    lay = compact_layout(key, lang, 346)
    return " ".join([*lay.name, *lay.kind] + [w for line in (*lay.body, *lay.kick) for _x, w, _f, _i in line])


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Your Chain:", "In play:", "Starting minion · Vampire", "Gain 2 influence."]),
        ("pl", ["Twój łańcuch:", "W grze:", "Sługus startowy · Wampir", "Zyskaj 2 punkty wpływów."]),
        ("ru", ["Ваша цепочка:", "В игре:", "Стартовый миньон · Вампир", "Получите 2 пункта влияния."]),
    ],
)
def test_faces_show_the_labels_and_texts_of_their_language(lang: str, words: list[str]) -> None:
    shown = _words("yuri_koroviev", lang)
    assert all(w in shown for w in words), shown


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", ["Łańcuch:", "Dopalacz:", "Akcja", "Szaleńcza bijatyka", "Usuń 2 rozkazy"]),
        ("ru", ["Цепочка:", "Доп. эффект:", "Воздействие", "Furious Melee", "Изгоните 2 приказа"]),
    ],
)
def test_an_action_face_shows_its_kicker_in_the_language(lang: str, words: list[str]) -> None:
    shown = _words("furious_melee", lang)
    assert all(w in shown for w in words), shown


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "Wound · bite"), ("pl", "Rana · ugryzienie"), ("ru", "Ранение · укус")]
)
def test_wound_faces_are_in_the_language(lang: str, title: str) -> None:
    lay = compact_layout("wound:bite", lang, 346)
    assert " ".join(lay.name) == title
    body = " ".join(w for line in lay.body for _x, w, _f, _i in line)
    assert body == card_set().wound_effect_in(lang)


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_translated_full_faces_draw_other_texts(lang: str) -> None:
    """The text area of a translated face differs from the English one (the labels and texts are drawn)."""
    text_area = (14 * S, 156 * S, 236 * S, 300 * S)
    for key in ("charlotte_reyes", "death_grip"):
        assert set(card(key).text) <= set(FIELDS)
        en, tr = decode(render_card(key)), decode(render_card(key, lang=lang))
        assert en.crop(text_area).tobytes() != tr.crop(text_area).tobytes()
