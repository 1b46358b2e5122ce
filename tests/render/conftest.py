"""Views shared by the render tests: built once per session, since building plays a game."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.nightfall import Game
from render.nightfall import samples

View = dict[str, Any]
RGB = tuple[int, int, int]


def near(px: Any, want: RGB, tol: int = 14) -> bool:
    """``px`` is within ``tol`` of ``want`` on every channel (palette PNGs shift colours a little)."""
    return all(abs(a - b) <= tol for a, b in zip(tuple(px)[:3], want, strict=True))


def count_near(img: Image.Image, box: tuple[int, int, int, int], want: RGB, tol: int = 14) -> int:
    """How many pixels of ``box`` are within ``tol`` of ``want`` on every channel."""
    data = img.crop(box).convert("RGB").tobytes()
    r, g, b = want
    return sum(
        1
        for i in range(0, len(data), 3)
        if abs(data[i] - r) <= tol and abs(data[i + 1] - g) <= tol and abs(data[i + 2] - b) <= tol
    )


def decode(data: bytes) -> Image.Image:
    """Open PNG bytes as an RGB image (fails the test if they are not a PNG)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


@pytest.fixture(scope="session")
def chain_game() -> Game:
    return samples.five_player_chain()


@pytest.fixture(scope="session")
def link_game() -> Game:
    return samples.five_player_link_decision()


@pytest.fixture(scope="session")
def chain_view(chain_game: Game) -> View:
    return chain_game.public_view()
