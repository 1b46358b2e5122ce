"""The words scanner finds what it is meant to find (a scanner that finds nothing proves nothing)."""

from __future__ import annotations

import pytest

from render.nightfall import texts as render_texts
from tests.words import defects, image_texts, plural_errors


@pytest.mark.parametrize(
    "text",
    ["5 ugryzienie", "0 poparzenie", "1 wounds", "2 rana", "21 ранений", "5 ранения", "1 ходов", "побеждает: 5 укус"],
)
def test_a_wrong_plural_is_found(text: str) -> None:
    assert plural_errors(text), text


@pytest.mark.parametrize(
    "text",
    ["5 ugryzień", "0 poparzeń", "1 wound", "2 rany", "21 ранение", "5 ранений", "22 хода", "Tura 5 · ola", "2 dni"],
)
def test_a_right_plural_is_not(text: str) -> None:
    assert not plural_errors(text), text


@pytest.mark.parametrize(
    "text",
    [
        "_Some of this card is reconstructed: no printed copy was at hand._",
        "Nie ma err.stale tutaj",
        "Hello {name}",
    ],
)
def test_notes_keys_and_placeholders_are_found(text: str) -> None:
    assert defects(text), text


def test_the_results_image_counts_each_wound_type_in_its_form() -> None:
    """The results image draws a number above its word: "0 poparzeń", not "0 poparzenie"."""
    for lang in ("en", "pl", "ru"):
        for n in (0, 1, 2, 5, 21, 22):
            for kind in ("bite", "burn", "bleed"):
                pair = list(image_texts([str(n), render_texts.type_word(kind, n, lang)]))
                assert not plural_errors(pair[0]), pair


@pytest.mark.parametrize(
    ("text", "limit"),
    [
        ("«Bad Smoke» атакует игрока Vesper (AI, poziom: normalny) (×2)", 40),
        ('Block "Bad Smoke" (bob\'s) with Enraged Wight (one of 4)', 30),
        ("Lucan (AI, poziom: trudny)", 20),
        ("Supercalifragilisticexpialidocious", 10),
    ],
)
def test_a_shortened_label_ends_between_words_with_no_bracket_open(text: str, limit: int) -> None:
    from bot.words.i18n import shorten

    short = shorten(text, limit)
    assert len(short) <= limit and short.endswith("…")
    kept = short[:-1]
    assert kept.count("(") == kept.count(")") and kept.count("«") == kept.count("»")
    if " " in text[:limit]:
        assert text.startswith(kept) and text[len(kept)] in " ,(«", (kept, text)
