"""A kept tile pastes to the same pixels as a plain masked paste, whatever its shape and place."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from render.primitives import PLAN, paste


def _tile(rnd: random.Random, kind: int) -> tuple[Image.Image, Image.Image | None]:
    w, h = rnd.randint(1, 60), rnd.randint(1, 60)
    if kind == 0:  # a rounded tile with an outline, as the table's chips
        tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        ImageDraw.Draw(tile).rounded_rectangle(
            (0, 0, w - 1, h - 1), radius=rnd.randint(0, 12), fill=(40, 50, 60), outline=(200, 10, 10), width=2
        )
        return tile, None
    if kind == 1:  # see-through pixels anywhere
        data = bytes(rnd.choice([0, 128, 255, 255, 255]) for _ in range(4 * w * h))
        return Image.frombytes("RGBA", (w, h), data), None
    if kind == 2:  # a rounded tile with a half-transparent pixel inside
        tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        d = ImageDraw.Draw(tile)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=rnd.randint(0, 12), fill=(30, 40, 50))
        d.point((rnd.randrange(w), rnd.randrange(h)), fill=(0, 0, 0, 100))
        return tile, None
    tile = Image.new("RGB", (w, h), (rnd.randrange(256), 90, 30))  # a face and its rounded mask, as the hand's
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=rnd.randint(0, 10), fill=255)
    return tile, mask


@pytest.mark.parametrize("kind", range(4))
def test_kept_paste_matches_a_masked_paste(kind: int) -> None:
    rnd = random.Random(kind)
    for _ in range(60):
        tile, mask = _tile(rnd, kind)
        noise = bytes(rnd.randrange(256) for _ in range(3 * 80 * 80))
        plain, kept = Image.frombytes("RGB", (80, 80), noise), Image.frombytes("RGB", (80, 80), noise)
        xy = (rnd.randint(-10, 40), rnd.randint(-10, 40))  # partly outside too
        for _ in range(2):  # the second paste uses the plan the first one made
            paste(plain, tile, xy, mask)
            paste(kept, tile, xy, mask, kept=True)
        assert kept.tobytes() == plain.tobytes()
        assert PLAN in tile.info


def test_a_plan_serves_only_the_pixels_it_was_made_from() -> None:
    tile = Image.new("RGBA", (40, 30), (0, 0, 0, 0))
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, 39, 29), radius=8, fill=(200, 200, 200))
    base = Image.new("RGB", (60, 60), (10, 20, 30))
    paste(base, tile, (5, 5), kept=True)
    other = tile.copy()  # a copy carries the plan in its info, but not the pixels it was made from
    ImageDraw.Draw(other).rectangle((0, 0, 39, 29), fill=(0, 0, 0, 0))
    plain, kept = base.copy(), base.copy()
    paste(plain, other, (5, 5))
    paste(kept, other, (5, 5), kept=True)
    assert kept.tobytes() == plain.tobytes()
