"""Colours, fonts and sizes shared by every image, so the table, hand and cards look like one product.

The palette is a dark "night" theme with high contrast: images are read on phones at half size.
A game's own colours (its card colours, its phases) live in its package under ``render/``.
"""

from __future__ import annotations

import math
from functools import cache
from importlib import resources
from io import BytesIO
from pathlib import Path
from typing import ClassVar
from weakref import WeakSet

from PIL import ImageFont

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont

#: Table width: portrait, so that the type scale below (22 px and up) still reads 9 px on a phone (320 px wide).
TABLE_WIDTH = 760
MARGIN = 16
GAP = 10

#: Discord shows an image about this wide in a phone's chat column (310-320 px on a 400 px phone)...
PHONE_WIDTH = 320
#: ...where no text (its em size) and no icon (its height) may come out smaller than this.
PHONE_MIN_PX = 9
#: The width of the private images (hand, draft, prompts): portrait, so that their type scale (MIN_PX, 22 px)
#: still reads 9 px when Discord shows them 320 px wide.
PRIVATE_WIDTH = 760


def min_px(width: int) -> int:
    """The smallest text or icon size, in pixels of an image ``width`` wide, still readable on a phone."""
    return math.ceil(PHONE_MIN_PX * width / PHONE_WIDTH)


#: The type scale of the phone images (table, hand, draft, prompts, results; all 760 px wide). Every size is at
#: least MIN_PX, 22 px: 9.3 px once Discord shows the image 320 px wide.
MIN_PX = min_px(PRIVATE_WIDTH)
SMALL = MIN_PX  # notes, zone labels, counts, rules text
BODY = MIN_PX + 2  # names on chips and tiles
NAME = MIN_PX + 6  # seat names, card names on compact faces
HEAD = MIN_PX + 10  # the asking sentence, the turn
BIG = MIN_PX + 24  # wound totals
#: Radius of the smallest colour moon whose letter is still MIN_PX (the letter is 1.15 r).
MOON_R = math.ceil((MIN_PX - 0.5) / 1.15)
#: Radius of the smallest cost coin whose digit is still MIN_PX (the digit is 1.25 r).
COIN_R = math.ceil((MIN_PX - 0.5) / 1.25)

BG_TOP: RGB = (14, 16, 30)
BG_BOTTOM: RGB = (26, 18, 36)
PANEL: RGB = (30, 32, 50)
PANEL_DARK: RGB = (21, 22, 36)
PANEL_LINE: RGB = (58, 62, 92)
TEXT: RGB = (238, 236, 228)
TEXT_DIM: RGB = (160, 162, 186)
TEXT_FAINT: RGB = (108, 110, 138)
GOLD: RGB = (244, 196, 72)
GOLD_DARK: RGB = (120, 88, 20)
#: Border of a seat whose turn it is.
ACTIVE: RGB = (244, 196, 72)
#: Border of a seat that must decide now, and of playable cards in a hand.
DECIDE: RGB = (64, 224, 196)
DANGER: RGB = (232, 70, 70)
OK: RGB = (110, 210, 120)
STRENGTH: RGB = (236, 120, 72)
HEALTH: RGB = (226, 76, 96)
HEALTH_LOST: RGB = (86, 60, 72)

_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
}


@cache
def _font_bytes(weight: str) -> bytes:
    """The bundled font file, read once: the images must not depend on the machine's fonts.

    Read through ``render.fonts`` (a plain resource folder), which resolves the same whether
    ``render`` is installed, run from a checkout, or mapped by an older editable install.
    """
    return resources.files("render.fonts").joinpath(_FONT_FILES[weight]).read_bytes()


@cache
def _font_source(weight: str) -> str | bytes:
    """Where a font is loaded from: the bundled file's path when it is a file on disk (FreeType maps
    the file, so the fonts of every size share its pages), else its bytes (each font then keeps a copy
    of the whole file, 0.7 MB, and every new one copies it again)."""
    found = resources.files("render.fonts").joinpath(_FONT_FILES[weight])
    return str(found) if isinstance(found, Path) and found.is_file() else _font_bytes(weight)


class _Font(ImageFont.FreeTypeFont):
    """A font that remembers the length of each text it has measured.

    Layout measures the same names and words again and again (fitting, wrapping, shortening,
    centring), and FreeType loads and hints every glyph of a text each time it measures it.
    Lengths depend only on the font and the text, so each is measured once per process.
    """

    #: Forget the remembered lengths past this many texts (a bound on memory: a few hundred KB a font).
    MAX_LENGTHS = 4096
    #: Every font made, for :func:`forget_lengths`.
    made: ClassVar[WeakSet[_Font]] = WeakSet()

    def __init__(self, source: str | bytes, size: int) -> None:
        loaded = source if isinstance(source, str) else BytesIO(source)
        super().__init__(loaded, size, layout_engine=ImageFont.Layout.BASIC)
        self._lengths: dict[str | bytes, float] = {}
        _Font.made.add(self)

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if mode or direction or features or language:
            return super().getlength(text, mode, direction, features, language)
        length = self._lengths.get(text)
        if length is None:
            if len(self._lengths) >= self.MAX_LENGTHS:
                self._lengths.clear()
            length = self._lengths[text] = super().getlength(text)
        return length


def forget_lengths() -> None:
    """Forget the lengths every font has measured (they are measured again when asked for)."""
    for f in list(_Font.made):
        f._lengths.clear()


#: Characters the bundled fonts have no glyph for, each with the one the images draw in its place: the AI
#: players' 🤖 (Discord's texts show the emoji; DejaVu has none and would draw an empty box).
STAND_INS = {"🤖": "⚙"}


def drawable(text: str) -> str:
    """``text`` as the bundled fonts can draw it: every character in ``STAND_INS`` replaced by its stand-in."""
    for missing, drawn in STAND_INS.items():
        text = text.replace(missing, drawn)
    return text


@cache
def font(size: int, weight: str = "regular") -> Font:
    """A bundled DejaVu font; the basic layout engine gives the same pixels on every machine."""
    return _Font(_font_source(weight), size)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
