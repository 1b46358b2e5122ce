"""The final ranking: places, wounds by type, and the tie-break that decided a place, if any."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from PIL import Image

from .primitives import Draw, draw, fit, to_png, vertical_gradient, wound_icon
from .table import check_public
from .theme import (
    BG_BOTTOM,
    BG_TOP,
    GOLD,
    MARGIN,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    RGB,
    TABLE_WIDTH,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    font,
    mix,
)

View = dict[str, Any]

HEADER_H = 120
ROW_H = 104
NOTE_H = 40
FOOTER_H = 56
MEDALS: dict[int, RGB] = {1: (240, 196, 60), 2: (196, 200, 214), 3: (200, 128, 72)}
WOUND_TYPES = ("bite", "burn", "bleed")


def tie_note(a: View, b: View) -> str:
    """Why ``a`` is ranked ahead of ``b`` when their wound totals are equal; "" when they differ."""
    how = a.get("ahead_of_next_by")
    if how in (None, "wounds"):
        return ""
    total = a.get("wounds", 0)
    if how == "wound types":
        ta = sorted((a.get("by_type") or {}).values(), reverse=True)
        tb = sorted((b.get("by_type") or {}).values(), reverse=True)
        for x, y in zip(ta, tb, strict=False):
            if x != y:
                return f"Tie on {total} wounds: {a['seat']} ahead on wound types (largest type count {x} against {y})"
        return f"Tie on {total} wounds: {a['seat']} ahead on wound types"
    turns = ""
    if a.get("turns") is not None and b.get("turns") is not None and a["turns"] != b["turns"]:
        turns = f", {a['turns']} turns against {b['turns']}"
    return f"Tie on {total} wounds and wound types: {a['seat']} ahead by seat order (fewer turns{turns})"


def results_height(result: list[View]) -> int:
    notes = sum(1 for a, b in pairwise(result) if tie_note(a, b))
    return HEADER_H + len(result) * (ROW_H + 10) + notes * NOTE_H + FOOTER_H


def _row(d: Draw, r: View, y: int, winner: bool) -> None:
    place = int(r.get("place", 0))
    fill = mix(PANEL, GOLD, 0.1) if winner else PANEL
    d.rounded_rectangle(
        (MARGIN, y, TABLE_WIDTH - MARGIN, y + ROW_H),
        radius=16,
        fill=fill,
        outline=GOLD if winner else PANEL_LINE,
        width=4 if winner else 2,
    )
    cx, cy = MARGIN + 56, y + ROW_H / 2
    medal = MEDALS.get(place, (110, 112, 140))
    d.ellipse((cx - 34, cy - 34, cx + 34, cy + 34), fill=medal, outline=PANEL_DARK, width=3)
    d.text((cx, cy + 1), str(place), font=font(36, "bold"), fill=PANEL_DARK, anchor="mm")
    name, f = fit(str(r.get("seat", "?")), 380, (40, 36, 32, 28), "bold")
    d.text((MARGIN + 110, cy - 14), name, font=f, fill=TEXT, anchor="lm")
    sub = "winner" if winner else f"place {place}"
    if r.get("turns") is not None:
        sub += f" · {r['turns']} turns"
    d.text((MARGIN + 110, cy + 24), sub, font=font(19), fill=GOLD if winner else TEXT_DIM, anchor="lm")
    # wounds by type, then the total
    by_type = r.get("by_type") or {}
    x = TABLE_WIDTH - MARGIN - 170 - 3 * 118
    for t in WOUND_TYPES:
        wound_icon(d, x + 16, cy, 30, t)
        d.text((x + 38, cy - 10), str(by_type.get(t, 0)), font=font(26, "bold"), fill=TEXT, anchor="lm")
        d.text((x + 38, cy + 17), t, font=font(16), fill=TEXT_DIM, anchor="lm")
        x += 118
    right = TABLE_WIDTH - MARGIN - 24
    d.text((right, cy - 8), str(r.get("wounds", 0)), font=font(52, "bold"), fill=TEXT, anchor="rm")
    d.text((right, cy + 32), "wounds", font=font(17), fill=TEXT_DIM, anchor="rm")


def draw_results(view: View) -> Image.Image:
    """The final ranking image (see :func:`render.render_results`)."""
    check_public(view)
    result = list(view.get("result") or [])
    if not result:
        raise ValueError("the results image needs the view of a finished game (view['result'])")
    h = results_height(result)
    img = vertical_gradient(TABLE_WIDTH, h, BG_TOP, BG_BOTTOM)
    d = draw(img)
    d.text((MARGIN, 28), "☾ NIGHTFALL", font=font(20, "bold"), fill=GOLD, anchor="lm")
    d.text((MARGIN, 76), "Night has fallen — final ranking", font=font(38, "bold"), fill=TEXT, anchor="lm")
    y = HEADER_H
    for i, r in enumerate(result):
        _row(d, r, y, winner=i == 0)
        y += ROW_H + 10
        if i + 1 < len(result):
            note = tie_note(r, result[i + 1])
            if note:
                text, f = fit("⚖ " + note, TABLE_WIDTH - 2 * MARGIN - 40, (20, 19, 18, 17), "condensed-bold")
                d.text((MARGIN + 40, y + NOTE_H / 2 - 5), text, font=f, fill=GOLD, anchor="lm")
                y += NOTE_H
    rule = "Fewest wounds wins · ties: largest wound type lower, then the next · then seat order"
    text, f = fit(rule, TABLE_WIDTH - 2 * MARGIN, (18, 17, 16), "regular")
    d.text((MARGIN, y + FOOTER_H / 2 - 4), text, font=f, fill=TEXT_FAINT, anchor="lm")
    return img


def render_results(view: View) -> bytes:
    return to_png(draw_results(view))
