"""The bundled fonts draw Polish and Cyrillic letters, on any machine, with their licence shipped."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from bot.store.rows import AI_MARK, SeatRow
from render.theme import _FONT_FILES, STAND_INS, _font_bytes, _font_source, drawable, font

POLISH = "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"
CYRILLIC = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя"
FONTS = Path(__file__).resolve().parents[2] / "render" / "fonts"


def glyph(ch: str, weight: str) -> bytes:
    img = Image.new("L", (48, 48), 0)
    ImageDraw.Draw(img).text((8, 4), ch, font=font(28, weight), fill=255)
    return img.tobytes()


@pytest.mark.parametrize("weight", sorted(_FONT_FILES))
def test_polish_and_cyrillic_are_not_blank_boxes(weight: str) -> None:
    box = glyph("\ue000", weight)  # a private-use code point: the font's "missing glyph" box
    for ch in POLISH + CYRILLIC:
        g = glyph(ch, weight)
        assert any(g), f"{ch!r} is blank in {weight}"
        assert g != box, f"{ch!r} is a missing-glyph box in {weight}"


@pytest.mark.parametrize("weight", sorted(_FONT_FILES))
def test_the_stand_ins_are_drawn_where_the_fonts_have_no_glyph(weight: str) -> None:
    box = glyph("\ue000", weight)
    for missing, drawn in STAND_INS.items():
        assert glyph(missing, weight) == box, f"{missing!r} has a glyph now: its stand-in is not needed"
        assert any(glyph(drawn, weight)) and glyph(drawn, weight) != box
    assert drawable("Vesper 🤖") == "Vesper ⚙"


@pytest.mark.parametrize("weight", sorted(_FONT_FILES))
def test_an_ai_player_reads_the_same_in_texts_and_images(weight: str) -> None:
    """The mark after an AI player's name is one the fonts draw: the images show the texts' name unchanged."""
    ai = SeatRow(1, "p2", None, "Vesper", True)
    assert ai.shown == f"Vesper {AI_MARK}"
    assert drawable(ai.shown) == ai.shown  # no stand-in: the image says what the DM and the channel say
    box = glyph("\ue000", weight)
    assert any(glyph(AI_MARK, weight)) and glyph(AI_MARK, weight) != box


def test_fonts_come_from_the_package_with_their_licence() -> None:
    for weight, name in _FONT_FILES.items():
        assert _font_bytes(weight) == (FONTS / name).read_bytes()
        source = _font_source(weight)  # the file itself, when it is one on disk (as here)
        assert isinstance(source, str) and Path(source).read_bytes() == (FONTS / name).read_bytes()
    licence = resources.files("render.fonts").joinpath("LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "Arev" in licence
