"""Every card's texts in Polish and Russian, marked with their source, and the accessors that fall back to English."""

from __future__ import annotations

import dataclasses

import pytest

from engine.nightfall import card_texts
from engine.nightfall.cards import Kicker, card, card_set, find_card

KEYS = sorted(card_set().cards)
TRANSLATED = ("pl", "ru")
SOURCES = {"rulebook", "translated"}


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("key", KEYS)
def test_every_text_of_every_card_is_translated_and_marked(key: str, lang: str) -> None:
    c = card(key)
    texts = c.text_in(lang)
    assert set(texts) == set(c.text)
    for part, english in c.text.items():
        assert c.text_i18n[lang][part] and texts[part] != english, f"{part} untranslated"
        assert c.marks[f"{part}_{lang}"] in SOURCES
    if c.kicker:
        kicker = c.kicker_in(lang)
        assert kicker is not None and kicker.colour == c.kicker.colour and kicker.text == c.kicker_i18n[lang]
        assert c.marks[f"kicker_{lang}"] in SOURCES
    if c.tagline:
        assert c.tagline_i18n[lang] and c.marks[f"tagline_{lang}"] in SOURCES
    assert len(c.keywords_in(lang)) == len(c.keywords)
    assert not set(c.keywords_in(lang)) & {"Vampire", "Lycanthrope", "Ghoul", "Hunter"}


def test_the_polish_texts_printed_in_the_rulebook_are_quoted_as_printed() -> None:
    assert card("furious_melee").text_in("pl")["chain"] == "Zadaj 2 obrażenia każdemu sługusowi wybranego gracza."
    assert card("furious_melee").marks["chain_pl"] == "rulebook"
    assert card("zacharias_sands").kicker_in("pl") == Kicker("green", "Zniszcz tego sługusa.")
    assert card("alton_hickman").text_in("pl") == {"in_play": "Tej karty nie można zablokować."}
    assert card("zacharias_sands").tagline_in("pl") == "Morderca z Kedzie Street"
    assert card("vulko").keywords_in("pl") == ("Wilkołak",) and card("vulko").keywords_in("ru") == ("Оборотень",)
    assert card_set().wound_effect_in("pl") == (
        "Twoja faza sprzątania: możesz odrzucić wszystkie rany z ręki i dobrać 2 karty za każdą z nich. "
        "Limit: 1 efekt ran na turę."
    )
    assert "ранени" in card_set().wound_effect_in("ru")


def test_english_and_a_missing_translation_read_the_english_row() -> None:
    c = card("death_grip")
    assert c.text_in("en") == c.text and c.kicker_in("en") == c.kicker
    assert c.name_in("de") == c.name == "Death Grip" and c.text_in("de") == c.text
    bare = dataclasses.replace(c, text_i18n={}, kicker_i18n={})
    assert bare.text_in("pl") == c.text and bare.kicker_in("pl") == c.kicker
    vulko = card("vulko")
    assert vulko.keywords_in("en") == ("Lycanthrope",) and vulko.tagline_in("xx") == vulko.tagline
    assert card_set().wound_effect_in("en") == card_set().wound_effect
    assert card_set().wound_name("bite", "ru") == "укус" and card_set().keyword_in("Ghoul", "pl") == "Ghul"


def test_a_translation_of_our_own_is_told_apart_from_a_printed_one() -> None:
    assert card("franz_orlok").translated_in("pl")  # the kicker adds "of their choice" to the printed text
    assert not card("furious_melee").translated_in("pl")
    assert not card("furious_melee").translated_in("en")
    assert card("furious_melee").translated_in("ru")


def test_cards_are_found_by_any_of_their_names() -> None:
    assert find_card("ciezki dym") is card("bad_smoke")
    assert find_card("Szaleńcza bijatyka") is card("furious_melee")
    assert find_card('"Bad Smoke"') is card("bad_smoke")


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "Minion · Vampire"), ("pl", "Sługus · Wampir"), ("ru", "Миньон · Вампир")],
)
def test_the_type_line_and_labels_are_in_the_language(lang: str, line: str) -> None:
    assert card_texts.type_line(card("franz_orlok"), lang) == line
    assert card_texts.type_line(card("bad_smoke"), "pl") == "Sługus startowy · Wilkołak"
    assert card_texts.type_line(card("death_grip"), "ru") == "Воздействие"
    assert [card_texts.label(p, "pl") for p in (*card_texts.FIELDS, "kicker")] == [
        "Łańcuch:",
        "Twój łańcuch:",
        "W grze:",
        "Dopalacz:",
    ]
    assert card_texts.wound_word("ru") == "Ранение"
    assert card_texts.colour_name("purple", "pl", action=True) == "fioletowa"
