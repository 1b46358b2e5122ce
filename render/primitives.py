"""Small drawing pieces every image shares: moons with letters, coins, pips, badges, fitted text.

All of them draw onto a Pillow ``ImageDraw`` at given coordinates and return nothing or the
space they used, so the layout code reads top to bottom.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .palette import quantize
from .theme import (
    GOLD,
    GOLD_DARK,
    LETTERS,
    ON_COLOUR,
    PANEL_DARK,
    RGB,
    TEXT,
    WOUND_COLOURS,
    Font,
    colour,
    font,
    mix,
)

Box = tuple[int, int, int, int]


@lru_cache(maxsize=8192)
def _text_mask(text: str, f: Font, anchor: str) -> tuple[Image.Image, int, int]:
    """A string rendered once as an alpha mask, with its offset from the anchor point."""
    left, top, right, bottom = (round(v) for v in f.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


class Draw(ImageDraw.ImageDraw):
    """ImageDraw whose text comes from a cache of rendered strings.

    The same names, numbers and labels appear on every table; rasterising each once makes a
    redraw mostly pastes. Positions snap to whole pixels, so equal views give equal pixels.
    """

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: tuple[int, ...] | None = None,
        font: Font | None = None,
        anchor: str | None = None,
        **kwargs: Any,
    ) -> None:
        if font is None or kwargs or "\n" in text or not isinstance(fill, tuple):
            super().text(xy, text, fill=fill, font=font, anchor=anchor, **kwargs)
            return
        mask, left, top = _text_mask(text, font, anchor or "la")
        ink = fill if self._image.mode != "RGBA" or len(fill) == 4 else (*fill, 255)
        self._image.paste(ink, (round(xy[0]) + left, round(xy[1]) + top), mask)


def draw(img: Image.Image) -> Draw:
    return Draw(img)


#: zlib level of every PNG: 2 is within 5% of the smallest file level 3 gives, and faster.
PNG_COMPRESS_LEVEL = 2


def to_png(img: Image.Image) -> bytes:
    """PNG bytes with fixed options (no timestamp, no text chunks): equal images, equal bytes.

    The image is reduced to the one 256-colour palette of :mod:`render.palette`, chosen once
    for the night theme: the file is several times smaller and faster to write than RGB, and
    no time goes into choosing a palette per image.
    """
    out = io.BytesIO()
    quantize(img).save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def vertical_gradient(width: int, height: int, top: RGB, bottom: RGB) -> Image.Image:
    """A background layer: one 256-pixel column stretched, about a millisecond."""
    column = Image.new("RGB", (1, 256))
    column.putdata([mix(top, bottom, y / 255) for y in range(256)])
    return column.resize((width, height), Image.Resampling.BILINEAR)


def moon(d: Draw, cx: float, cy: float, r: float, name: str | None, *, ring: RGB = PANEL_DARK) -> None:
    """A colour moon with its letter (R W B Y P G), so a colour never depends on colour vision."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour(name), outline=ring, width=max(1, round(r / 8)))
    if name in LETTERS:
        f = font(max(8, round(r * 1.15)), "bold")
        d.text((cx, cy + r * 0.04), LETTERS[name], font=f, fill=ON_COLOUR[name], anchor="mm")


def hidden_moon(d: Draw, cx: float, cy: float, r: float) -> None:
    """A moon for a colour nobody may see yet (a secret archive)."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(60, 62, 84), outline=PANEL_DARK, width=2)
    d.text((cx, cy), "?", font=font(max(8, round(r * 1.2)), "bold"), fill=(170, 170, 200), anchor="mm")


def coin(d: Draw, cx: float, cy: float, r: float, value: int | str, *, fill: RGB = GOLD) -> None:
    """A cost or influence coin."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=GOLD_DARK, width=max(1, round(r / 7)))
    text = str(value)
    size = round(r * (1.25 if len(text) < 2 else 1.0))
    d.text((cx, cy + r * 0.03), text, font=font(size, "bold"), fill=(40, 28, 4), anchor="mm")


def pill(
    d: Draw,
    x: float,
    y: float,
    text: str,
    f: Font,
    *,
    fill: RGB,
    ink: RGB = TEXT,
    pad: int = 8,
    height: int | None = None,
    outline: RGB | None = None,
) -> int:
    """A rounded label with its left edge at ``x`` and vertical centre at ``y``; returns its width."""
    w = round(f.getlength(text)) + 2 * pad
    h = height or round(f.size * 1.45)
    d.rounded_rectangle((x, y - h / 2, x + w, y + h / 2), radius=h // 2, fill=fill, outline=outline, width=2)
    d.text((x + w / 2, y), text, font=f, fill=ink, anchor="mm")
    return w


def pips(
    d: Draw,
    x: float,
    cy: float,
    filled: int,
    total: int,
    r: float,
    *,
    fill: RGB,
    empty: RGB,
    step: float | None = None,
    shape: str = "circle",
) -> float:
    """``total`` pips from ``x``, the first ``filled`` solid; returns the x after the last pip."""
    step = step or r * 2.5
    for i in range(total):
        cx = x + r + i * step
        colour_ = fill if i < filled else empty
        if shape == "diamond":
            d.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=colour_)
        else:
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour_)
    return x + total * step


def shield(d: Draw, cx: float, cy: float, h: float, fill: RGB, outline: RGB = PANEL_DARK) -> None:
    """The "blocks damage inflicted on you" mark: a heater shield."""
    w = h * 0.8
    top, bottom = cy - h / 2, cy + h / 2
    pts = [
        (cx - w / 2, top),
        (cx + w / 2, top),
        (cx + w / 2, cy),
        (cx + w / 4, cy + h * 0.32),
        (cx, bottom),
        (cx - w / 4, cy + h * 0.32),
        (cx - w / 2, cy),
    ]
    d.polygon(pts, fill=fill, outline=outline, width=max(1, round(h / 14)))
    d.line([(cx, top + h * 0.15), (cx, bottom - h * 0.18)], fill=outline, width=max(1, round(h / 12)))


def anchor_mark(d: Draw, cx: float, cy: float, h: float, fill: RGB) -> None:
    """The "stays in play until destroyed" mark."""
    d.text((cx, cy), "⚓", font=font(max(8, round(h)), "regular"), fill=fill, anchor="mm")


def ellipsize(text: str, f: Font, max_w: float) -> str:
    if f.getlength(text) <= max_w:
        return text
    while text and f.getlength(text + "…") > max_w:
        text = text[:-1]
    return text.rstrip() + "…"


def fit(text: str, max_w: float, sizes: Sequence[int], weight: str = "bold") -> tuple[str, Font]:
    """The largest of ``sizes`` at which ``text`` fits ``max_w``; shortened with … if none does."""
    for size in sizes:
        f = font(size, weight)
        if f.getlength(text) <= max_w:
            return text, f
    f = font(sizes[-1], weight)
    return ellipsize(text, f, max_w), f


def wrap(text: str, f: Font, max_w: float) -> list[str]:
    """Greedy word wrap; a word longer than a line is shortened rather than overflowing."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if f.getlength(trial) <= max_w or not line:
            line = trial if f.getlength(trial) <= max_w else ellipsize(trial, f, max_w)
        else:
            lines.append(line)
            line = word if f.getlength(word) <= max_w else ellipsize(word, f, max_w)
    if line:
        lines.append(line)
    return lines


Run = tuple[str, Font, RGB]
#: One laid-out line: (x offset, word, font, colour) for each word.
Line = list[tuple[float, str, Font, RGB]]


def flow(runs: Sequence[Run], max_w: float) -> list[Line]:
    """Lay out mixed-font runs (a bold "Chain:" then plain text) into lines of positioned words."""
    lines: list[Line] = [[]]
    x = 0.0
    for text, f, ink in runs:
        space = f.getlength(" ")
        for word in text.split():
            w = f.getlength(word)
            if x > 0 and x + w > max_w:
                lines.append([])
                x = 0.0
            lines[-1].append((x, word, f, ink))
            x += w + space
    return [line for line in lines if line]


def draw_flow(d: Draw, x: float, y: float, lines: list[Line], line_h: float) -> float:
    """Draw lines from :func:`flow` with their tops at ``y``; returns the y below the last line."""
    for line in lines:
        for dx, word, f, ink in line:
            d.text((x + dx, y), word, font=f, fill=ink, anchor="la")
        y += line_h
    return y


def wound_icon(d: Draw, cx: float, cy: float, size: float, wound_type: str | None) -> None:
    """A shape per wound type, so types differ by more than colour: fangs, flame, drop."""
    c = WOUND_COLOURS.get(wound_type or "", (120, 120, 140))
    r = size / 2
    if wound_type == "bite":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c)
        for sx in (-0.38, 0.38):
            x = cx + sx * r
            d.polygon([(x - r * 0.26, cy - r * 0.55), (x + r * 0.26, cy - r * 0.55), (x, cy + r * 0.6)], fill=TEXT)
    elif wound_type == "burn":
        d.ellipse((cx - r * 0.72, cy - r * 0.2, cx + r * 0.72, cy + r), fill=c)
        d.polygon(
            [
                (cx - r * 0.72, cy + r * 0.35),
                (cx - r * 0.35, cy - r * 0.45),
                (cx - r * 0.1, cy - r * 0.05),
                (cx + r * 0.05, cy - r),
                (cx + r * 0.5, cy - r * 0.3),
                (cx + r * 0.72, cy + r * 0.35),
            ],
            fill=c,
        )
        d.ellipse((cx - r * 0.3, cy + r * 0.2, cx + r * 0.3, cy + r * 0.85), fill=(252, 214, 90))
    else:
        d.ellipse((cx - r * 0.7, cy - r * 0.15, cx + r * 0.7, cy + r), fill=c)
        d.polygon([(cx - r * 0.66, cy + r * 0.2), (cx, cy - r), (cx + r * 0.66, cy + r * 0.2)], fill=c)
        d.ellipse((cx - r * 0.36, cy + r * 0.2, cx - r * 0.12, cy + r * 0.5), fill=mix(c, TEXT, 0.5))


def crescent(img: Image.Image, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A crescent moon painted through a mask, so it works on any background."""
    box = (round(cx - r * 1.6), round(cy - r * 1.6), round(cx + r * 1.6), round(cy + r * 1.6))
    size = (box[2] - box[0], box[3] - box[1])
    mask = Image.new("L", size, 0)
    md = ImageDraw.Draw(mask)
    ox, oy = cx - box[0], cy - box[1]
    md.ellipse((ox - r, oy - r, ox + r, oy + r), fill=255)
    off = r * 0.48
    md.ellipse((ox - r + off, oy - r - off * 0.45, ox + r + off, oy + r - off * 0.45), fill=0)
    img.paste(fill, box, mask)
