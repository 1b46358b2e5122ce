"""Nightfall's colours: the six card colours with their letters, the wound types, the phases.

Every card colour also has a letter (the engine's ``COLOUR_LETTERS``), drawn inside each moon, so
links read without colour vision.
"""

from __future__ import annotations

from engine.nightfall.cards import COLOUR_LETTERS

from ..theme import RGB, TEXT_FAINT

#: Card colours: distinct in hue and in lightness, readable on the dark background.
COLOURS: dict[str, RGB] = {
    "red": (214, 56, 52),
    "white": (232, 230, 218),
    "blue": (52, 120, 220),
    "yellow": (240, 196, 30),
    "purple": (150, 84, 206),
    "green": (58, 170, 84),
}
LETTERS: dict[str, str] = dict(COLOUR_LETTERS)
#: Letter colour inside a moon of each colour (dark on light moons).
ON_COLOUR: dict[str, RGB] = {
    "red": (255, 255, 255),
    "white": (24, 24, 32),
    "blue": (255, 255, 255),
    "yellow": (30, 24, 8),
    "purple": (255, 255, 255),
    "green": (255, 255, 255),
}
WOUND_COLOURS: dict[str, RGB] = {"bite": (196, 60, 80), "burn": (232, 128, 40), "bleed": (150, 24, 40)}
WOUND_FRAME: RGB = (110, 28, 36)
PHASE_COLOURS: dict[str, RGB] = {
    "draft": (120, 120, 200),
    "combat": (214, 70, 60),
    "chain": (64, 160, 230),
    "claim": (240, 190, 60),
    "cleanup": (140, 140, 160),
    "over": (180, 60, 200),
}


def colour(name: str | None) -> RGB:
    """A card colour by name; a faint grey for none (a wound, a hidden card)."""
    return COLOURS.get(name or "", TEXT_FAINT)
