"""Every card face: frame, moons with letters, cost, texts, kicker, pips and the reconstructed badge."""

from __future__ import annotations

import dataclasses

import pytest

import render.cards as cards_module
from engine.cards import card, card_set
from render import render_card
from render.cards import card_face
from render.theme import COLOURS, GOLD, HEALTH, STRENGTH, WOUND_FRAME, mix

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


def _badge_pixels(key: str) -> int:
    img = card_face(key, "en", 250 * S)
    return count_near(img.convert("RGB"), (150 * S, 88 * S, 236 * S, 102 * S), (200, 200, 214), 30)


def test_reconstructed_badge_follows_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    key = "death_grip"
    assert card(key).reconstructed
    with_badge = _badge_pixels(key)
    printed = dataclasses.replace(card(key), reconstructed_fields=())
    monkeypatch.setattr(cards_module, "card", lambda k: printed)
    assert with_badge > 40
    assert _badge_pixels(key) < 5


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
