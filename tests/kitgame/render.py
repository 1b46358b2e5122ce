"""Sealed Bids' images, drawn with ``render.primitives``: the table and the results (public view only), and a
player's tokens (their private view). Words come in already translated: the images know no language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.primitives import coin, draw, pill, to_png, vertical_gradient
from render.public import check_public
from render.theme import (
    BG_BOTTOM,
    BG_TOP,
    BODY,
    COIN_R,
    GOLD,
    HEAD,
    MARGIN,
    PANEL,
    PANEL_LINE,
    TABLE_WIDTH,
    TEXT,
    TEXT_DIM,
    font,
)

PENALTY = (200, 80, 80)
ROW = 34


def _canvas(rows: int) -> Image.Image:
    return vertical_gradient(TABLE_WIDTH, 2 * MARGIN + HEAD * 2 + rows * ROW, BG_TOP, BG_BOTTOM)


def _prize(d: Any, x: float, y: float, prize: int) -> None:
    coin(d, x, y, COIN_R * 2, f"{prize:+d}", fill=GOLD if prize > 0 else PENALTY)


def render_table(view: Mapping[str, Any], names: Mapping[str, str], words: Mapping[str, str]) -> bytes:
    """The round, the prize turned up, and each player's points and whether they have bid."""
    check_public(view, ("my_bid",), "the Sealed Bids table")
    totals = view["totals"]
    img = _canvas(len(totals))
    d = draw(img)
    d.text((MARGIN, MARGIN), words["title"], fill=TEXT, font=font(HEAD, "bold"))
    if view["prize"] is not None:
        _prize(d, TABLE_WIDTH - MARGIN - COIN_R * 2, MARGIN + HEAD, view["prize"])
    y = MARGIN + HEAD * 2 + ROW // 2
    for seat, points in totals.items():
        d.text((MARGIN, y), names.get(seat, seat), fill=TEXT, font=font(BODY, "bold"), anchor="lm")
        d.text(
            (TABLE_WIDTH // 2, y), f"{points:+d}", fill=TEXT if points >= 0 else PENALTY, font=font(BODY), anchor="lm"
        )
        if view["bid"].get(seat):
            pill(d, TABLE_WIDTH * 3 // 4, y, words["sealed"], font(BODY), fill=PANEL, outline=PANEL_LINE)
        y += ROW
    return to_png(img)


def render_results(view: Mapping[str, Any], names: Mapping[str, str], words: Mapping[str, str]) -> bytes:
    """The final points, best first."""
    check_public(view, ("my_bid",), "the Sealed Bids results")
    ranked = sorted(view["totals"].items(), key=lambda kv: -kv[1])
    img = _canvas(len(ranked))
    d = draw(img)
    d.text((MARGIN, MARGIN), words["title"], fill=TEXT, font=font(HEAD, "bold"))
    y = MARGIN + HEAD * 2 + ROW // 2
    for place, (seat, points) in enumerate(ranked, start=1):
        d.text((MARGIN, y), f"{place}. {names.get(seat, seat)}", fill=TEXT, font=font(BODY, "bold"), anchor="lm")
        d.text(
            (TABLE_WIDTH // 2, y), f"{points:+d}", fill=TEXT if points >= 0 else PENALTY, font=font(BODY), anchor="lm"
        )
        y += ROW
    return to_png(img)


def render_tokens(view: Mapping[str, Any], words: Mapping[str, str]) -> bytes:
    """A player's DM: the prize and the bid tokens they have left."""
    img = _canvas(2)
    d = draw(img)
    d.text((MARGIN, MARGIN), words["title"], fill=TEXT, font=font(HEAD, "bold"))
    if view["prize"] is not None:
        _prize(d, TABLE_WIDTH - MARGIN - COIN_R * 2, MARGIN + HEAD, view["prize"])
    y = MARGIN + HEAD * 2 + ROW
    for i, token in enumerate(view["tokens"][view["you"]]):
        coin(d, MARGIN + COIN_R * 2 + i * COIN_R * 5, y, COIN_R * 2, token)
    if view["my_bid"] is not None:
        d.text((TABLE_WIDTH // 2, y), words["sealed"], fill=TEXT_DIM, font=font(BODY), anchor="lm")
    return to_png(img)


def prime() -> None:
    """Nothing to prepare: the fonts load on first use."""
