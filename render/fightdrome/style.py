"""What Fightdrome's images share: the phone type scale, the colours, names, and the card chip.

Every image here is at most ``WIDTH`` (620 px) wide, about twice what a phone shows (310 px), and no text
is below ``MIN_PX`` (22 px), so nothing comes out below 11 px on a phone. Colours are picked from the fixed
PNG palette (:mod:`render.palette`), so flat fills keep their exact colour after quantizing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from engine.fightdrome import cards

from .. import public
from ..primitives import Draw, ellipsize, fit, vertical_gradient
from ..theme import (
    BG_BOTTOM,
    BG_TOP,
    DECIDE,
    RGB,
    TEXT,
    Font,
    font,
)
from . import texts

View = dict[str, Any]

#: Image width: Discord shows it about PHONE wide on a phone.
WIDTH = 620
PHONE = 310
#: The smallest text on a phone, in its pixels, and so the smallest text here.
PHONE_MIN = 11
MIN_PX = math.ceil(PHONE_MIN * WIDTH / PHONE)
MARGIN = 12
GAP = 10
INNER = WIDTH - 2 * MARGIN

SMALL = MIN_PX  # labels, counts, notes
BODY = MIN_PX + 2  # names of Sleeves and Stacks, card names
NAME = MIN_PX + 6  # player names, the decision
HEAD = MIN_PX + 8
BIG = MIN_PX + 16  # Fame totals, strengths

#: The two owners' colours (seat order) and the dark fill of their panels and chips; all palette entries.
OWNER: tuple[RGB, RGB] = ((64, 160, 230), (236, 120, 72))
OWNER_FILL: tuple[RGB, RGB] = ((30, 44, 76), (69, 37, 46))
NEURO: RGB = (179, 135, 212)
NEURO_FILL: RGB = (42, 31, 60)
DECIDE_FILL: RGB = (35, 63, 73)
WIN_FILL: RGB = (47, 45, 52)
OK: RGB = (110, 210, 120)
#: Type colours of a hand's tiles (punch red, kick blue, grapple green, block silver, neuro purple, evasions gold).
FAMILY: dict[str, RGB] = {
    "punch": (214, 56, 52),
    "kick": (52, 120, 220),
    "grapple": (58, 170, 84),
    "block": (196, 200, 214),
    "neuro": (150, 84, 206),
    "evasion": (240, 196, 30),
}

#: Keys only a private view carries (besides ``"you"``, which every game's does); a view holding one must never be
#: drawn for a channel.
PRIVATE_KEYS = ("hand", "stun_pile", "deck_list", "mine", "pick")


def check_public(view: View) -> None:
    """Refuse a private view: the table and the results go to a channel, where no hand may appear."""
    public.check_public(view, PRIVATE_KEYS)


Namer = Callable[[str], str]


def namer(names: dict[str, str] | None) -> Namer:
    """A function seat -> display name: the bot's mapping, else the seat id itself."""
    table = dict(names or {})
    return lambda seat: str(table.get(seat, seat))


def owner_index(view: View, seat: str | None) -> int:
    """0 for the first seat, 1 for the second (the colour a seat's cards and panel get)."""
    seats = list(view.get("seats") or [])
    return seats.index(seat) if seat in seats else 0


def canvas(height: int, width: int = WIDTH) -> Image.Image:
    """The night background, drawn tall and cropped to what the layout used."""
    return vertical_gradient(width, height, BG_TOP, BG_BOTTOM)


def family_colour(face: str) -> RGB:
    """A card's type colour: neuro before type, Dodge and Feint gold."""
    k = cards.kind(face)
    if k.neuro:
        return FAMILY["neuro"]
    if k.family in ("dodge", "feint"):
        return FAMILY["evasion"]
    if k.family == "block":
        return FAMILY["block"]
    return FAMILY[k.type]


CHIP_GAP = 8
#: Four chips to a row of the fight line.
CHIP_W = (INNER - 3 * CHIP_GAP) // 4
CHIP_H = 74


def fit_weights(text: str, max_w: float, size: int, weights: tuple[str, ...]) -> tuple[str, Font]:
    """``text`` at ``size`` in the first of ``weights`` it fits (a condensed face before a smaller size)."""
    for weight in weights:
        if font(size, weight).getlength(text) <= max_w:
            return text, font(size, weight)
    return fit(text, max_w, (size,), weights[-1])


def fit_name(text: str, max_w: float) -> tuple[str, Font]:
    """A fighter's name at the largest size it fits, then in the condensed face, shortened only after both."""
    shown, f = fit(text, max_w, (NAME, BODY, SMALL), "bold")
    return fit_weights(text, max_w, SMALL, ("condensed-bold",)) if shown != text else (shown, f)


def draw_chip(d: Draw, x: int, y: int, face: str, owner: int, lang: str, *, top: bool = False) -> None:
    """One card on the fight line: its type in the owner's colour over its strength (or NEURO)."""
    w, h = CHIP_W, CHIP_H
    neuro = cards.is_neuro(face)
    fill = NEURO_FILL if neuro else OWNER_FILL[owner]
    outline = DECIDE if top else OWNER[owner]
    d.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=fill, outline=outline, width=4 if top else 2)
    inner = (x + 5, y + 4, x + w - 5, y + h - 4)
    name = texts.short_name(face, lang)
    strength = cards.strength(face)
    with d.within(inner):
        sub = texts.word("neuro", lang) if neuro else str(strength if strength is not None else "")
        shown, f = fit_weights(name, inner[2] - inner[0], SMALL, ("bold", "condensed-bold", "condensed"))
        cx = (inner[0] + inner[2]) / 2
        d.text((cx, y + 22), shown, font=f, fill=OWNER[owner], anchor="mm")
        sf = font(SMALL + 4, "bold") if neuro else font(BIG - 6, "bold")
        d.text((cx, y + 52), sub, font=sf, fill=NEURO if neuro else TEXT, anchor="mm")


Piece = tuple[str, Font, RGB]
#: One laid-out line: (x offset, text, font, ink) for each piece.
Row = list[tuple[float, str, Font, RGB]]


def pieces_to_rows(pieces: Sequence[Piece | list[Piece]], max_w: float) -> list[Row]:
    """Lay out unbreakable pieces ("Punch/Grapple ≥ 60 ·", a coloured name) into lines.

    A list of pieces is a group kept on one line (a label and its coloured numbers); a piece wider than a
    line is split at its spaces, and a word still too wide is shortened with ….
    """
    groups: list[list[Piece]] = []
    for item in pieces:
        if isinstance(item, list):
            groups.append(item)
            continue
        text, f, ink = item
        if f.getlength(text) <= max_w:
            groups.append([item])
        else:
            groups += [[(ellipsize(w, f, max_w), f, ink)] for w in text.split()]
    rows: list[Row] = [[]]
    x = 0.0
    for group in groups:
        w = sum(f.getlength(t) for t, f, _ in group) + sum(f.getlength(" ") for _, f, _ in group[:-1])
        if rows[-1] and x + w > max_w:
            rows.append([])
            x = 0.0
        if not rows[-1] and group[0][0].startswith("· "):  # no separator at the start of a line
            group = [(group[0][0][2:], group[0][1], group[0][2]), *group[1:]]
        for text, f, ink in group:
            rows[-1].append((x, text, f, ink))
            x += f.getlength(text) + f.getlength(" ")
    return [r for r in rows if r]


def draw_rows(d: Draw, x: float, y: float, rows: list[Row], line_h: int) -> float:
    """Draw :func:`pieces_to_rows` lines, each centred on its own band ``line_h`` tall; the y below them."""
    for row in rows:
        for dx, text, f, ink in row:
            d.text((x + dx, y + line_h / 2), text, font=f, fill=ink, anchor="lm")
        y += line_h
    return y
