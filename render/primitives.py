"""Small drawing pieces every image shares: moons with letters, coins, pips, badges, fitted text.

All of them draw onto a Pillow ``ImageDraw`` at given coordinates and return nothing or the
space they used, so the layout code reads top to bottom.

Every text and icon drawn here is also measured: each image remembers the smallest text size
(em pixels) and the smallest icon height drawn into it, and a tile pasted with :func:`paste`
hands its own smallest sizes on. :func:`smallest` and :func:`phone_px` read them back, so a
test can check that nothing in an image comes out below ``PHONE_MIN_PX`` on a phone.

Each image also remembers every text drawn into it: the words, where their ink lies, and the box
the layout gave them (:meth:`Draw.within`; a tile's own bounds otherwise). :func:`drawn_texts`
reads them back, so a test can check that a longer Polish or Russian text stays in its box and
runs into no other text, and which words an image shows.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from itertools import groupby
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from .palette import quantize
from .theme import (
    GOLD,
    GOLD_DARK,
    PANEL_DARK,
    PHONE_WIDTH,
    RGB,
    TEXT,
    Font,
    font,
    mix,
)

Box = tuple[int, int, int, int]

#: Key in ``Image.info`` of the smallest (text em size, icon height) drawn into an image. A tuple,
#: replaced and never changed in place, since ``Image.copy`` shares the values of ``info``.
SIZES = "render.smallest"
NONE_DRAWN = (math.inf, math.inf)


#: Key in ``Image.info`` of the texts drawn into an image: a tuple of :class:`Drawn`, replaced
#: (never appended to in place) for the same reason as ``SIZES``.
TEXTS = "render.texts"


class Drawn(NamedTuple):
    """A text drawn into an image: its words, the box its ink covers, and the box it was given."""

    text: str
    ink: Box
    region: Box


def drawn_texts(img: Image.Image) -> tuple[Drawn, ...]:
    """Every text drawn into ``img`` (and into the tiles pasted onto it), in drawing order."""
    return tuple(img.info.get(TEXTS, ()))


def _note_texts(img: Image.Image, drawn: Sequence[Drawn]) -> None:
    if drawn:
        img.info[TEXTS] = (*img.info.get(TEXTS, ()), *drawn)


def _shift(box: Box, dx: int, dy: int) -> Box:
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def note(img: Image.Image, text: float = math.inf, icon: float = math.inf) -> None:
    """Remember a text size or an icon height drawn into ``img``, if it is the smallest yet."""
    old = img.info.get(SIZES, NONE_DRAWN)
    if text < old[0] or icon < old[1]:
        img.info[SIZES] = (min(old[0], text), min(old[1], icon))


def smallest(img: Image.Image) -> tuple[float, float]:
    """The smallest text size and icon height drawn into ``img`` (inf when none was drawn)."""
    text, icon = img.info.get(SIZES, NONE_DRAWN)
    return float(text), float(icon)


def phone_px(img: Image.Image) -> float:
    """The smallest text or icon of ``img`` in pixels once Discord shows it PHONE_WIDTH wide."""
    return min(smallest(img)) * PHONE_WIDTH / img.width


#: Key in ``Image.info`` of a kept tile's paste plan (see :func:`paste`): the tile's and its mask's
#: pixel stores when it was made (a plan only serves the pixels it was made from) and its see-through parts.
PLAN = "render.paste_plan"

#: A part of a tile: its box in the tile, and whether it lets the background through (pasted through
#: its mask) or covers it (copied as it is).
Part = tuple[Box, bool]


#: Byte translation: 1 for an opaque alpha (255), 0 for any other.
_SOLID = bytes(int(a == 255) for a in range(256))


def _plan(alpha: Image.Image) -> list[Part]:
    """The parts of a tile whose opacity is ``alpha``: its fully opaque rows and, in the rows above and
    below them, the opaque run between the see-through pixels of each half (a rounded tile's corners)."""
    w, h = alpha.size
    data = alpha.tobytes()
    solid = b"\xff" * w
    rows = [data[y * w : (y + 1) * w] for y in range(h)]
    opaque = [row == solid for row in rows]
    if True not in opaque:
        return [((0, 0, w, h), True)]
    first = opaque.index(True)
    last = h - 1 - opaque[::-1].index(True)
    if not all(opaque[first : last + 1]):
        return [((0, 0, w, h), True)]
    parts: list[Part] = [((0, first, w, last + 1), False)]
    for y0, y1 in ((0, first), (last + 1, h)):
        if y0 == y1:
            continue
        band = [row.translate(_SOLID) for row in rows[y0:y1]]  # 1 where opaque, 0 where not
        left = max(row.rfind(0, 0, w // 2) + 1 for row in band)  # past the see-through pixels of the left half
        right = min(w if row.find(0, w // 2) < 0 else row.find(0, w // 2) for row in band)
        if left >= right or any(0 in row[left:right] for row in band):
            parts.append(((0, y0, w, y1), True))
            continue
        parts.append(((left, y0, right, y1), False))
        parts += [(box, True) for box in ((0, y0, left, y1), (right, y0, w, y1)) if box[0] < box[2]]
    return parts


def paste(
    base: Image.Image, tile: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None, *, kept: bool = False
) -> None:
    """Paste a tile (with its alpha, or ``mask``), handing on its smallest sizes.

    A ``kept`` tile (a cached one, pasted again and again; never drawn on afterwards) is pasted as
    a plain copy of its pixels, and only its see-through parts (a rounded tile's corners) are put
    back and pasted again through the mask: the same pixels as pasting it whole through its mask,
    which blends every pixel, at a fraction of the cost. Where those parts are is worked out once
    per tile (:func:`_plan`).
    """
    if mask is None and tile.mode == "RGBA":
        mask = tile
    if kept and mask is not None and base.mode == "RGB" and tile.mode in ("RGB", "RGBA"):
        plan = tile.info.get(PLAN)
        if plan is None or plan[0] is not tile.im or plan[1] is not mask.im:
            plan = (tile.im, mask.im, _corners(tile, mask))
            tile.info[PLAN] = plan
        corners = plan[2]
    else:
        corners = None
    if corners is None:
        base.paste(tile, xy, mask)
    else:
        x, y = xy
        out = base.im
        under = [out.crop((x + b[0], y + b[1], x + b[2], y + b[3])) for b, _, _ in corners]
        # a plain copy: an opaque RGBA pixel's alpha, 255, is what the unused fourth byte of an RGB pixel
        # holds, and every other pixel lies in a see-through part, written again below
        out.paste(tile.im, (x, y, x + tile.width, y + tile.height))
        for (b, part, part_mask), behind in zip(corners, under, strict=True):
            to = (x + b[0], y + b[1], x + b[2], y + b[3])
            out.paste(behind, to)
            out.paste(part, to, part_mask)
    note(base, *smallest(tile))
    dx, dy = xy
    _note_texts(base, [Drawn(d.text, _shift(d.ink, dx, dy), _shift(d.region, dx, dy)) for d in drawn_texts(tile)])


def _corners(tile: Image.Image, mask: Image.Image) -> list[tuple[Box, Any, Any]] | None:
    """The see-through parts of a tile: each one's box and its pixels and mask; None when they
    make up much of the tile (a plain masked paste is as quick then)."""
    alpha = mask.getchannel("A") if mask.mode == "RGBA" else mask
    if alpha.mode != "L":
        return None
    boxes = [box for box, see_through in _plan(alpha) if see_through]
    if sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes) * 4 > tile.width * tile.height:
        return None
    return [(b, tile.im.crop(b), mask.im.crop(b)) for b in boxes]


@lru_cache(maxsize=8192)
def _text_mask(text: str, f: Font, anchor: str) -> tuple[Image.Image, int, int]:
    """A string rendered once as an alpha mask, with its offset from the anchor point.

    The mask is FreeType's own bitmap of the text's box (what ``ImageDraw.text`` pastes), taken
    straight from the font: no second layout to measure the box, no blank image to draw it into.
    """
    core, (left, top) = f.getmask2(text, "L", anchor=anchor)
    if core.size[0] == 0 or core.size[1] == 0:  # nothing to draw (a space): an empty 1x1 mask
        return Image.new("L", (1, 1), 0), left, top
    return Image.Image()._new(core), left, top


def rasterise(text: str, f: Font, anchor: str = "la") -> None:
    """Render ``text`` into the cache of masks ahead of use (a start-up's priming)."""
    _text_mask(text, f, anchor)


class Draw(ImageDraw.ImageDraw):
    """ImageDraw whose text comes from a cache of rendered strings.

    The same names, numbers and labels appear on every table; rasterising each once makes a
    redraw mostly pastes. Positions snap to whole pixels, so equal views give equal pixels.
    Each text is recorded with the box it was given (see :meth:`within`).
    """

    #: The box the texts drawn now must stay in (None: the whole image).
    region: Box | None = None

    @contextmanager
    def within(self, box: tuple[float, float, float, float]) -> Iterator[None]:
        """Texts drawn inside this block belong in ``box``: the layout's own measure of their room."""
        old = self.region
        self.region = (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3]))
        try:
            yield
        finally:
            self.region = old

    def _record(self, text: str, ink: Box) -> None:
        if text.strip():
            region = self.region or (0, 0, *self._image.size)
            _note_texts(self._image, [Drawn(text, ink, region)])

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: str,
        fill: tuple[int, ...] | None = None,
        font: Font | None = None,
        anchor: str | None = None,
        **kwargs: Any,
    ) -> None:
        note(self._image, text=font.size if font is not None else 10)
        if font is None or kwargs or "\n" in text or not isinstance(fill, tuple):
            super().text(xy, text, fill=fill, font=font, anchor=anchor, **kwargs)
            box = self.textbbox(xy, text, font=font, anchor=anchor, **kwargs)
            self._record(text, (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3])))
            return
        mask, left, top = _text_mask(text, font, anchor or "la")
        ink = fill if self._image.mode != "RGBA" or len(fill) == 4 else (*fill, 255)
        x, y = round(xy[0]) + left, round(xy[1]) + top
        # the canvas is loaded and writable since this Draw was made: paste without Image.paste's checks
        self._image.im.paste(ink, (x, y, x + mask.width, y + mask.height), mask.im)
        self._record(text, (x, y, x + mask.width, y + mask.height))

    def icon(self, height: float) -> None:
        """Record an icon (a moon, coin, shield, mark) ``height`` pixels tall."""
        note(self._image, icon=height)


def draw(img: Image.Image) -> Draw:
    return Draw(img)


#: zlib level of every PNG: 2 is within 5% of the smallest file level 3 gives, and faster.
PNG_COMPRESS_LEVEL = 2


def to_png(img: Image.Image, level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """PNG bytes with fixed options (no timestamp, no text chunks): equal images, equal bytes.

    The image is reduced to the one 256-colour palette of :mod:`render.palette`, chosen once
    for the night theme: the file is several times smaller and faster to write than RGB, and
    no time goes into choosing a palette per image. A higher zlib ``level`` trades a few
    milliseconds for a smaller file (an image posted to a channel again and again).
    """
    out = io.BytesIO()
    quantize(img).save(out, format="PNG", compress_level=level)
    return out.getvalue()


def vertical_gradient(width: int, height: int, top: RGB, bottom: RGB) -> Image.Image:
    """A background layer: one 256-pixel column stretched down (bilinear), then across.

    The colour changes by one level every few dozen rows, so the layer is painted as one filled
    band per run of equal rows, each pixel written once: the same pixels as stretching the column
    across with a resize into a cleared image, at about half the cost.
    """
    column = Image.new("RGB", (1, 256))
    column.putdata([mix(top, bottom, y / 255) for y in range(256)])
    rows = column.resize((1, height), Image.Resampling.BILINEAR).convert("RGBX").tobytes()
    img = Image.new("RGB", (width, height), None)  # not cleared: the bands cover every row
    y = 0
    for colour, run in groupby(memoryview(rows).cast("I")):  # one 32-bit int per row: equal rows, equal ints
        n = len(list(run))
        img.im.paste(tuple(colour.to_bytes(4, "little")[:3]), (0, y, width, y + n))
        y += n
    return img


def coin(d: Draw, cx: float, cy: float, r: float, value: int | str, *, fill: RGB = GOLD) -> None:
    """A cost or influence coin; two digits are condensed rather than smaller."""
    d.icon(2 * r)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=GOLD_DARK, width=max(1, round(r / 7)))
    text = str(value)
    f = font(round(r * 1.25), "bold") if len(text) < 2 else font(round(r * 1.15), "condensed-bold")
    d.text((cx, cy + r * 0.03), text, font=f, fill=(40, 28, 4), anchor="mm")


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
    if total:
        d.icon(2 * r)
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
    d.icon(h)
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
    d.icon(h)
    d.text((cx, cy), "⚓", font=font(max(8, round(h)), "regular"), fill=fill, anchor="mm")


def ellipsize(text: str, f: Font, max_w: float) -> str:
    """``text`` cut to ``max_w`` with …: between words when a whole word fits (a name is never cut mid-word
    then), inside the one word otherwise; a bracket it would leave open goes with the rest."""
    if f.getlength(text) <= max_w:
        return text
    cut = text
    while cut and f.getlength(cut + "…") > max_w:
        cut = cut[:-1]
    if " " in cut.strip() and not text[len(cut) : len(cut) + 1].isspace():
        cut = cut[: cut.rstrip().rfind(" ")]  # back to the last whole word
    for opening, closing in ("()", "[]", "«»", "“”", "„”"):
        while cut.count(opening) > cut.count(closing):
            cut = cut[: cut.rfind(opening)]
    return cut.rstrip(" ,;:·–—-(") + "…"


def fit(text: str, max_w: float, sizes: Sequence[int], weight: str = "bold") -> tuple[str, Font]:
    """The largest of ``sizes`` at which ``text`` fits ``max_w``; shortened with … if none does."""
    for size in sizes:
        f = font(size, weight)
        if f.getlength(text) <= max_w:
            return text, f
    f = font(sizes[-1], weight)
    return ellipsize(text, f, max_w), f


def fit_lines(
    text: str, max_w: float, sizes: Sequence[int], weight: str = "bold", max_lines: int = 2
) -> tuple[list[str], Font]:
    """``text`` on one line at the largest of ``sizes`` that fits, else wrapped at the smallest.

    Names wrap onto up to ``max_lines`` lines rather than shrinking below the last size (the
    phone minimum); only what still does not fit is shortened with ….
    """
    for size in sizes:
        f = font(size, weight)
        if f.getlength(text) <= max_w:
            return [text], f
    f = font(sizes[-1], weight)
    lines = wrap(text, f, max_w)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], ellipsize(" ".join(lines[max_lines - 1 :]), f, max_w)]
    return lines, f


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


def sword(d: Draw, cx: float, cy: float, h: float, fill: RGB) -> None:
    """The strength mark: a sword held diagonally, ``h`` tall (the ⚔ glyph reads as × on a phone)."""
    d.icon(h)
    length = h * 1.3  # along the diagonal, so the sword spans ``h`` upright
    bw, gw, gt = length * 0.075, length * 0.2, length * 0.06
    c, s = math.cos(math.radians(45)), math.sin(math.radians(45))

    def at(u: float, v: float) -> tuple[float, float]:
        """A point ``u`` along the blade (tip at -length/2) and ``v`` across it, turned 45 degrees."""
        return (cx + v * c - u * s, cy + v * s + u * c)

    tip, guard, end = -length / 2, length * 0.2, length * 0.44
    d.polygon([at(tip, 0), at(tip + bw * 2, bw), at(guard, bw), at(guard, -bw), at(tip + bw * 2, -bw)], fill=fill)
    d.polygon([at(guard, -gw), at(guard, gw), at(guard + gt, gw), at(guard + gt, -gw)], fill=fill)
    d.polygon([at(guard, -bw * 0.8), at(guard, bw * 0.8), at(end, bw * 0.8), at(end, -bw * 0.8)], fill=fill)
    px, py = at(end, 0)
    r = length * 0.06
    d.ellipse((px - r, py - r, px + r, py + r), fill=fill)
