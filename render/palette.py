"""The one 256-colour palette every PNG uses, chosen once from sample images and stored.

Each image used to get its own palette (an octree over a sample of its pixels, then a second
pass to map the pixels): about a fifth of a render's time. The night theme draws with the same
few dozen colours plus their anti-aliased blends in every image, so one palette serves all of
them: flat fills keep their exact colour, edges move by a few levels at most, and a render only
maps its pixels to it.

The colours live in :mod:`render.palette_data`, chosen offline from a game's sample images by that
game's ``palette_build`` module (``python -m render.<game>.palette_build`` reports the fit,
``--write`` chooses the palette again and rewrites ``render/palette_data.py``).

Rewrite it after adding or changing a colour; ``tests/render/test_palette.py`` fails when
a named colour has no entry or the samples drift too far.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from PIL import Image

from .palette_data import PALETTE_HEX
from .theme import RGB

SIZE = 256


def colours() -> list[RGB]:
    """The stored palette: ``SIZE`` RGB colours."""
    return list(_colours())


@cache
def _colours() -> tuple[RGB, ...]:
    raw = bytes.fromhex("".join(PALETTE_HEX.split()))
    if len(raw) != 3 * SIZE:
        raise ValueError(f"render/palette_data.py holds {len(raw) // 3} colours, not {SIZE}")
    return tuple((raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3))


@cache
def palette_image() -> Image.Image:
    """A 1x1 "P" image carrying the palette, for ``Image.quantize(palette=...)``.

    Built once per process and only read afterwards (``quantize`` copies its palette), so
    threads may share it.
    """
    return as_image(_colours())


def as_image(entries: Iterable[RGB]) -> Image.Image:
    """A 1x1 "P" image whose palette is ``entries`` (padded with black to ``SIZE``)."""
    flat = [v for c in entries for v in c]
    flat += [0] * (3 * SIZE - len(flat))
    img = Image.new("P", (1, 1))
    img.putpalette(flat)
    img.load()
    return img


def quantize(img: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """``img`` as a "P" image over the fixed palette (nearest colour, no dithering)."""
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    return rgb.quantize(palette=palette if palette is not None else palette_image(), dither=Image.Dither.NONE)
