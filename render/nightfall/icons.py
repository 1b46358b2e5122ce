"""Nightfall's icons: colour moons with their letters, and one shape per wound type."""

from __future__ import annotations

from ..primitives import Draw
from ..theme import PANEL_DARK, RGB, TEXT, font, mix
from .colours import LETTERS, ON_COLOUR, WOUND_COLOURS, colour


def moon(d: Draw, cx: float, cy: float, r: float, name: str | None, *, ring: RGB = PANEL_DARK) -> None:
    """A colour moon with its letter (R W B Y P G), so a colour never depends on colour vision."""
    d.icon(2 * r)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour(name), outline=ring, width=max(1, round(r / 8)))
    if name in LETTERS:
        f = font(max(8, round(r * 1.15)), "bold")
        d.text((cx, cy + r * 0.04), LETTERS[name], font=f, fill=ON_COLOUR[name], anchor="mm")


def hidden_moon(d: Draw, cx: float, cy: float, r: float) -> None:
    """A moon for a colour nobody may see yet (a secret archive)."""
    d.icon(2 * r)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(60, 62, 84), outline=PANEL_DARK, width=2)
    d.text((cx, cy), "?", font=font(max(8, round(r * 1.2)), "bold"), fill=(170, 170, 200), anchor="mm")


def wound_icon(d: Draw, cx: float, cy: float, size: float, wound_type: str | None) -> None:
    """A shape per wound type, so types differ by more than colour: fangs, flame, drop."""
    d.icon(size)
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
