"""The fixed palette: at most 256 colours, the same bytes every time, the colours of the drawing."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.nightfall import Game
from render.nightfall import clear_caches, render_card, render_hand, render_table
from render.nightfall.cards import card_face
from render.nightfall.hand import draw_hand
from render.nightfall.palette_build import channel_error, fit, named_colours
from render.nightfall.table import draw_table
from render.palette import SIZE, colours, palette_image

from .conftest import View, decode


def adaptive_png(img: Image.Image) -> bytes:
    """The PNG as it was written before the fixed palette: a palette per image, from an octree."""
    sample = img.resize((max(1, img.width // 3), max(1, img.height // 3)), Image.Resampling.NEAREST)
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    img.quantize(palette=palette, dither=Image.Dither.NONE).save(out, format="PNG", compress_level=2)
    return out.getvalue()


def share_within(a: Image.Image, b: Image.Image, tol: int) -> float:
    """The share of pixels where ``a`` and ``b`` differ by at most ``tol`` on every channel."""
    hist = channel_error(a, b).histogram()
    return sum(hist[: tol + 1]) / sum(hist)


@pytest.fixture(scope="module")
def drawings(chain_view: View, link_game: Game) -> dict[str, tuple[Image.Image, bytes]]:
    """Each kind's unquantized drawing (what the PNG should look like) and its PNG."""
    hand = link_game.private_view("cleo")
    return {
        "table": (draw_table(chain_view), render_table(chain_view)),
        "hand": (draw_hand(hand), render_hand(hand)),
        "card": (card_face("sir_john_travail", "en", 500), render_card("sir_john_travail")),
    }


def test_the_palette_has_256_colours_and_every_named_colour_exactly() -> None:
    entries = colours()
    assert len(entries) == SIZE
    assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in entries)
    missing = [c for c in named_colours() if c not in set(entries)]
    assert not missing, f"run `python -m render.nightfall.palette_build --write`: no entry for {missing}"


def test_every_png_uses_the_one_palette(chain_view: View, link_game: Game) -> None:
    want = palette_image().getpalette()
    for data in (
        render_table(chain_view),
        render_hand(link_game.private_view("cleo")),
        render_card("vulko"),
        render_card("wound:bite", lang="ru"),
    ):
        img = Image.open(io.BytesIO(data))
        assert img.mode == "P"
        assert img.getpalette() == want
        colours_used = img.convert("RGB").getcolors(256)
        assert colours_used is not None, "more than 256 colours"
        assert len(colours_used) <= 256


def test_equal_drawings_give_identical_bytes(chain_view: View, link_game: Game) -> None:
    table, hand = render_table(chain_view), render_hand(link_game.private_view("cleo"))
    clear_caches()
    assert render_table(chain_view) == table
    assert render_hand(link_game.private_view("cleo")) == hand


@pytest.mark.parametrize("kind", ["table", "hand", "card"])
def test_colours_stay_as_drawn_and_as_before(kind: str, drawings: dict[str, tuple[Image.Image, bytes]]) -> None:
    """Against the drawing, the fixed palette does as well as the per-image palette did: flat
    areas exact, only anti-aliased edges off, and then by a few levels."""
    drawn, png = drawings[kind]
    now = decode(png)
    before = decode(adaptive_png(drawn))
    assert now.size == before.size == drawn.size
    exact = share_within(now, drawn, 0)
    assert exact > 0.7, "flat areas keep their exact colour"
    assert exact >= share_within(before, drawn, 0)
    assert share_within(now, drawn, 8) > 0.99
    assert share_within(now, drawn, 14) > 0.997
    assert share_within(now, before, 14) > 0.995, "the image looks as it did with a palette per image"
    f = fit([drawn])
    assert f["mean"] < 1.2
    assert f["max"] <= 60


def test_the_stored_palette_fits_every_sample() -> None:
    """Tables, hands, drafts and results of sample and random games, and every card face: if a
    new colour drifts too far, regenerate the palette (``python -m render.nightfall.palette_build --write``)."""
    from render.nightfall.palette_build import sample_images

    f = fit(sample_images())
    assert f["mean"] < 1.2
    assert f["over8"] < 0.01
    assert f["over14"] < 0.003
    assert f["max"] <= 60
