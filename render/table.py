"""The table image: the whole public board in one picture, readable at half size on a phone.

Drawn only from ``public_view()``. A private view is refused outright, so a hand can never
reach the channel through this function. Tiles that rarely change (commons, archives, minions)
are drawn once per look and cached; each render pastes them onto a cached background.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.cards import find_card
from engine.views import SPECTATOR_WORDS

from .cards import card_name
from .primitives import (
    Box,
    Draw,
    anchor_mark,
    coin,
    draw,
    ellipsize,
    fit,
    hidden_moon,
    moon,
    pill,
    shield,
    to_png,
    vertical_gradient,
    wound_icon,
)
from .theme import (
    ACTIVE,
    BG_BOTTOM,
    BG_TOP,
    DANGER,
    DECIDE,
    GAP,
    GOLD,
    HEALTH,
    LETTERS,
    MARGIN,
    OK,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    PHASE_COLOURS,
    RGB,
    STRENGTH,
    TABLE_WIDTH,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    colour,
    font,
    mix,
)

View = dict[str, Any]

#: Keys only a private view carries; their presence means the view must not be drawn here.
PRIVATE_KEYS = ("you", "hand", "decisions", "discard_pile")

INNER = TABLE_WIDTH - 2 * MARGIN
HEADER_H = 104
GAUGE_H = 74
TITLE_H = 30
TILE_H = 86
SEAT_H = 128
CHIP_H = 56
CHAIN_H = 100
WOUNDS_W = 108
COMBAT_ROW = 38
WOUND_INK: RGB = (240, 120, 120)
MOONLIGHT: RGB = (150, 176, 236)
GAUGE_TRACK: RGB = (44, 40, 60)
AMBER: RGB = (236, 164, 60)
SHIELD: RGB = (120, 170, 230)
UNBLOCKABLE: RGB = (214, 150, 48)

def check_public(view: View) -> None:
    """Refuse a private view: the table goes to a channel, where no hand may ever appear."""
    leaked = [k for k in PRIVATE_KEYS if k in view]
    if leaked:
        raise ValueError(f"the table image takes public_view() only; this view holds {', '.join(leaked)}")


def decision_text(view: View, lang: str = "en") -> str:
    """Who must decide now and what, e.g. "bram: declare blockers"."""
    pending = view.get("pending") or []
    if not pending:
        return "Game over" if view.get("over") else ""
    groups: dict[str, list[str]] = {}
    for p in pending:
        # the engine says what each decision asks (a key and its arguments); only a card's
        # name is put in the image's language here
        ask = p.get("ask") or {"key": p["kind"], "args": {}}
        args = {k: local_name(v, lang) if k == "source" else v for k, v in ask["args"].items()}
        words = SPECTATOR_WORDS.get(ask["key"], str(p.get("asks", p["kind"]))).format(**args)
        groups.setdefault(words, []).append(p["seat"])
    return " · ".join(f"{', '.join(seats)}: {ask}" for ask, seats in groups.items())


def local_name(english: str, lang: str) -> str:
    """A card's name in ``lang``, from the English name a view gives (unchanged if unknown)."""
    if lang == "en":
        return english
    found = find_card(english)
    return found.names.get(lang, english) if found else english


# ---------------------------------------------------------------- cached tiles


def _rounded(w: int, h: int, fill: RGB, outline: RGB | None = None, radius: int = 12, width: int = 2) -> Image.Image:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw(img).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=radius, fill=fill, outline=outline, width=width if outline else 0
    )
    return img


@lru_cache(maxsize=256)
def common_tile(
    name: str,
    col: str | None,
    links: tuple[str, ...],
    kicker: str | None,
    cost: int | None,
    count: int,
    w: int,
) -> Image.Image:
    """One common archive: colour moon, name, link moons, kicker colour, cost, copies left (or EMPTY)."""
    empty = count == 0
    img = _rounded(w, TILE_H, PANEL_DARK if empty else PANEL, mix(PANEL_LINE, colour(col), 0.3))
    d = draw(img)
    d.rounded_rectangle((0, 0, 9, TILE_H - 1), radius=5, fill=mix(colour(col), PANEL_DARK, 0.6 if empty else 0))
    moon(d, 40, TILE_H / 2, 24, col)
    text, f = fit(name, w - 72 - 10, (22, 21, 20, 19, 18, 17, 16, 15, 14), "condensed-bold")
    d.text((72, 27), text, font=f, fill=TEXT_DIM if empty else TEXT, anchor="lm")
    x = 72
    for link in links:
        moon(d, x + 12, 62, 12, link)
        x += 27
    if kicker:
        d.text((x + 2, 62), "K", font=font(15, "bold"), fill=TEXT_DIM, anchor="lm")
        moon(d, x + 21, 62, 8, kicker)
    if empty:
        d.text((w - 12, 62), "EMPTY", font=font(20, "bold"), fill=DANGER, anchor="rm")
        img.alpha_composite(Image.new("RGBA", img.size, (*PANEL_DARK, 90)))
        draw(img).text((w - 12, 62), "EMPTY", font=font(20, "bold"), fill=DANGER, anchor="rm")
        img.putalpha(_rounded(w, TILE_H, (0, 0, 0)).getchannel("A"))
        return img
    num = f"×{count}"
    nf = font(24, "bold")
    d.text((w - 12, 62), num, font=nf, fill=TEXT, anchor="rm")
    if cost is not None:
        coin(d, w - 12 - nf.getlength(num) - 24, 62, 15, cost)
    return img


@lru_cache(maxsize=256)
def archive_chip(name: str | None, col: str | None, cost: int | None, count: int, w: int, h: int) -> Image.Image:
    """A private archive in a seat panel; a face-down back while it is secret (``name`` None)."""
    if name is None:
        img = _rounded(w, h, (36, 30, 58), radius=10)
        d = draw(img)
        for i in range(-h, w, 12):  # a hatched card back
            d.line((i, h, i + h, 0), fill=(48, 40, 76), width=4)
        img.putalpha(_rounded(w, h, (0, 0, 0), radius=10).getchannel("A"))
        d = draw(img)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, outline=(92, 80, 140), width=2)
        hidden_moon(d, 26, h / 2, 16)
        d.text((52, h / 2 - 11), "secret", font=font(18, "condensed-bold"), fill=(196, 186, 230), anchor="lm")
        d.text((52, h / 2 + 12), "archive", font=font(16, "condensed"), fill=(160, 150, 200), anchor="lm")
        d.text((w - 12, h / 2), f"×{count}", font=font(23, "bold"), fill=TEXT, anchor="rm")
        return img
    empty = count == 0
    img = _rounded(w, h, PANEL_DARK, mix(PANEL_LINE, colour(col), 0.4), radius=10)
    d = draw(img)
    moon(d, 26, h / 2, 17, col)
    text, f = fit(name, w - 52 - 8, (19, 18, 17, 16, 15, 14), "condensed-bold")
    d.text((52, 17), text, font=f, fill=TEXT_DIM if empty else TEXT, anchor="lm")
    if cost is not None:
        coin(d, 64, 40, 12, cost)
    if empty:
        d.text((84, 40), "empty", font=font(17, "bold"), fill=DANGER, anchor="lm")
    else:
        d.text((84, 40), f"×{count}", font=font(19, "bold"), fill=TEXT, anchor="lm")
    return img


@lru_cache(maxsize=512)
def minion_chip(
    name: str,
    col: str | None,
    strength: int,
    health_left: int,
    health: int,
    marks: tuple[bool, bool, bool],
    w: int,
) -> Image.Image:
    """A minion in play: name, strength, current/maximum health, and its marks
    (stays in play, blocks damage, cannot be blocked)."""
    stays, blocks, unblockable = marks
    hurt = health_left < health
    img = _rounded(w, CHIP_H, mix(PANEL, colour(col), 0.12), mix(PANEL_LINE, colour(col), 0.55), radius=9)
    d = draw(img)
    text, f = fit(name, w - 16, (18, 17, 16, 15, 14), "condensed-bold")
    d.text((8, 16), text, font=f, fill=TEXT, anchor="lm")
    y = 41
    moon(d, 15, y, 10, col)
    d.text((29, y), "⚔", font=font(18), fill=STRENGTH, anchor="lm")
    d.text((47, y), str(strength), font=font(22, "bold"), fill=TEXT, anchor="lm")
    d.text((68, y), "♥", font=font(18), fill=HEALTH, anchor="lm")
    d.text((85, y), f"{health_left}/{health}", font=font(20, "bold"), fill=DANGER if hurt else TEXT, anchor="lm")
    x = w - 14
    if unblockable:
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=UNBLOCKABLE)
        d.text((x, y), "➜", font=font(13, "bold"), fill=PANEL_DARK, anchor="mm")
        x -= 21
    if blocks:
        shield(d, x, y, 19, fill=SHIELD)
        x -= 19
    if stays:
        anchor_mark(d, x, y, 17, (210, 210, 230))
    return img


@lru_cache(maxsize=4)
def background(w: int, h: int) -> Image.Image:
    """The night sky behind everything, with a few fixed stars above the header."""
    img = vertical_gradient(w, h, BG_TOP, BG_BOTTOM)
    d = draw(img)
    for i in range(40):
        x = (i * 7919 + 13) % w
        y = (i * 104729 + 7) % 96
        r = 1.4 if i % 5 == 0 else 0.8
        d.ellipse((x - r, y - r, x + r, y + r), fill=(90, 92, 130))
    return img


def paste(base: Image.Image, tile: Image.Image, x: int, y: int) -> None:
    base.paste(tile, (x, y), tile if tile.mode == "RGBA" else None)


# ---------------------------------------------------------------- sections


def _header(img: Image.Image, d: Draw, view: View, lang: str) -> None:
    phase = view.get("phase", "")
    pc = PHASE_COLOURS.get(phase, TEXT_DIM)
    d.text((MARGIN, 24), "☾ NIGHTFALL", font=font(20, "bold"), fill=GOLD, anchor="lm")
    opts = view.get("options") or {}
    about = [f"turn {view.get('turn', 1)}", f"{opts.get('draft', 'standard')} draft"]
    if opts.get("secret_archives"):
        about.append("secret archives")
    d.text((TABLE_WIDTH - MARGIN, 24), " · ".join(about), font=font(19), fill=TEXT_DIM, anchor="rm")
    label = phase.upper() or "?"
    pw = pill(d, MARGIN, 70, label, font(28, "bold"), fill=pc, ink=PANEL_DARK, pad=14, height=46)
    x: float = MARGIN + pw + 16
    if view.get("over"):
        result = view.get("result") or []
        who = f"{result[0]['seat']} wins" if result else "Game over"
        d.text((x, 70), who, font=font(32, "bold"), fill=TEXT, anchor="lm")
        return
    if phase == "draft":
        dr = view.get("draft") or {}
        main = f"round {dr.get('round', 1)} of {dr.get('rounds', '?')}"
    else:
        main = f"{view.get('active', '?')}'s turn"
    text, f = fit(main, 360, (32, 30, 28, 26), "bold")
    d.text((x, 70), text, font=f, fill=TEXT, anchor="lm")
    x += f.getlength(text) + 22
    ask = decision_text(view, lang)
    if ask:
        dot = "▶ "
        rest = TABLE_WIDTH - MARGIN - x
        text, f = fit(dot + ask, rest, (24, 22, 20, 19, 18), "condensed-bold")
        d.text((x, 70), text, font=f, fill=DECIDE, anchor="lm")


def _gauge(img: Image.Image, d: Draw, view: View, top: int) -> None:
    ws = view.get("wound_stack") or {}
    up, start, down = (
        int(ws.get("face_up", 0)),
        max(1, int(ws.get("face_up_start", 1))),
        ws.get("face_down", 0),
    )
    frac = max(0.0, min(1.0, up / start))
    d.rounded_rectangle((MARGIN, top, TABLE_WIDTH - MARGIN, top + GAUGE_H - 8), radius=12, fill=PANEL_DARK)
    cy = top + (GAUGE_H - 8) / 2
    d.text((MARGIN + 16, cy - 2), str(up), font=font(40, "bold"), fill=TEXT, anchor="lm")
    nx = MARGIN + 16 + font(40, "bold").getlength(str(up)) + 8
    d.text((nx, cy - 12), f"of {start}", font=font(17), fill=TEXT_DIM, anchor="lm")
    d.text((nx, cy + 12), "wounds left", font=font(17), fill=TEXT_DIM, anchor="lm")
    x0, by0, x1, by1 = gauge_bar(top)
    d.rounded_rectangle((x0, by0, x1, by1), radius=13, fill=GAUGE_TRACK)
    if up:  # moonlight while more than half is left, amber past half, red in the last quarter
        fill = MOONLIGHT if frac > 0.5 else AMBER if frac > 0.25 else DANGER
        d.rounded_rectangle((x0, by0, x0 + max(26, (x1 - x0) * frac), by1), radius=13, fill=fill)
    for k in range(10, start, 10):  # one notch per player's ten wounds
        tx = x0 + (x1 - x0) * k / start
        d.line((tx, by0 + 4, tx, by1 - 4), fill=PANEL_DARK, width=2)
    if view.get("ending") or up == 0:
        msg = "NIGHTFALL: the last face-up wound is gone"
        d.text(((x0 + x1) / 2, cy), msg, font=font(20, "bold"), fill=TEXT, anchor="mm")
    rx = TABLE_WIDTH - MARGIN - 16
    top_type = ws.get("top")
    d.text((rx, cy - 12), f"+{down} face down", font=font(17), fill=TEXT_DIM, anchor="rm")
    if top_type:
        nf = font(17)
        d.text((rx, cy + 12), f"next: {top_type}", font=nf, fill=TEXT_DIM, anchor="rm")
        wound_icon(d, rx - nf.getlength(f"next: {top_type}") - 14, cy + 12, 18, top_type)


def gauge_bar(top: int) -> Box:
    """The wound gauge's track inside the gauge band starting at ``top``."""
    cy = top + (GAUGE_H - 8) // 2
    return (MARGIN + 210, cy - 13, TABLE_WIDTH - MARGIN - 170, cy + 13)


def _title(d: Draw, y: int, text: str, note: str = "") -> int:
    f = font(18, "bold")
    d.text((MARGIN + 2, y + 14), text, font=f, fill=TEXT_DIM, anchor="lm")
    if note:
        d.text((MARGIN + 14 + f.getlength(text), y + 14), note, font=font(17), fill=TEXT_FAINT, anchor="lm")
    return TITLE_H


def _columns(n: int, width: int, gap: int = GAP) -> list[tuple[int, int]]:
    """x and width of ``n`` equal columns filling ``width`` from the margin, without drift."""
    unit = (width - gap * (n - 1)) / n
    out = []
    for i in range(n):
        x0 = round(MARGIN + i * (unit + gap))
        x1 = round(MARGIN + i * (unit + gap) + unit)
        out.append((x0, x1 - x0))
    return out


def _commons(img: Image.Image, d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    _title(d, boxes["commons"][1], "COMMONS", "anyone may claim · cost · copies left")
    for i, a in enumerate(view.get("commons") or []):
        x, y, x1, _ = boxes[f"common:{i}"]
        key = a.get("card")
        name = card_name(key, lang) if key else "?"
        links = tuple(a.get("links") or ())
        count = int(a.get("count", 0))
        paste(img, common_tile(name, a.get("colour"), links, a.get("kicker"), a.get("cost"), count, x1 - x), x, y)


def _draft_band(d: Draw, view: View, top: int) -> None:
    dr = view.get("draft") or {}
    y = top + _title(d, top, "DRAFT", f"round {dr.get('round', 1)} of {dr.get('rounds', '?')}")
    d.rounded_rectangle((MARGIN, y, TABLE_WIDTH - MARGIN, y + 70), radius=12, fill=PANEL)
    waiting = dr.get("waiting") or []
    line = f"waiting for: {', '.join(waiting)}" if waiting else "everyone has picked"
    text, f = fit(line, INNER - 32, (24, 22, 20), "bold")
    d.text((MARGIN + 16, y + 22), text, font=f, fill=DECIDE, anchor="lm")
    commons = dr.get("commons") or []
    cl = "commons so far: " + (", ".join(commons) if commons else "none yet")
    text, f = fit(cl, INNER - 32, (19, 18, 17, 16), "condensed")
    d.text((MARGIN + 16, y + 52), text, font=f, fill=TEXT_DIM, anchor="lm")


MINIONS_PER_ROW = 3
ARCHIVE_W = 204
TOP_TIER = 50


def _seat_height(seat: View) -> int:
    rows = max(1, (len(seat.get("in_play") or []) + MINIONS_PER_ROW - 1) // MINIONS_PER_ROW)
    return max(SEAT_H, TOP_TIER + rows * CHIP_H + (rows - 1) * 8 + 14)


def _counts(d: Draw, right: float, cy: float, seat: View) -> None:
    """hand / deck / discard counts, right-aligned: numbers big, words small."""
    x = right
    num_f, lab_f = font(23, "bold"), font(17)
    for label in ("discard", "deck", "hand"):
        d.text((x, cy + 1), label, font=lab_f, fill=TEXT_DIM, anchor="rm")
        x -= lab_f.getlength(label) + 5
        num = str(seat.get(label, 0))
        d.text((x, cy), num, font=num_f, fill=TEXT, anchor="rm")
        x -= num_f.getlength(num) + 16


def _wounds_column(d: Draw, x0: int, top: int, h: int, seat: View) -> None:
    """The score: wounds received, big, with the count of each type beneath."""
    d.line((x0, top + 12, x0, top + h - 12), fill=PANEL_LINE, width=2)
    cx = x0 + WOUNDS_W / 2
    wounds = int(seat.get("wounds", 0))
    d.text((cx, top + 40), str(wounds), font=font(46, "bold"), fill=WOUND_INK if wounds else TEXT, anchor="mm")
    d.text((cx, top + 76), "wounds", font=font(16), fill=TEXT_DIM, anchor="mm")
    by_type = seat.get("wounds_by_type") or {}
    bx = cx - 51
    for t in ("bite", "burn", "bleed"):
        wound_icon(d, bx + 7, top + 104, 15, t)
        d.text((bx + 17, top + 104), str(by_type.get(t, 0)), font=font(16, "bold"), fill=TEXT_DIM, anchor="lm")
        bx += 35


def _seat(img: Image.Image, d: Draw, view: View, seat: View, top: int, lang: str, pending: set[str]) -> None:
    """One player's panel: name and state on top; archives and minions beneath; wounds on the right."""
    h = _seat_height(seat)
    active = bool(seat.get("active"))
    deciding = seat["seat"] in pending
    border = ACTIVE if active else DECIDE if deciding else PANEL_LINE
    fill = mix(PANEL, ACTIVE, 0.07) if active else PANEL
    left, right = MARGIN, TABLE_WIDTH - MARGIN
    d.rounded_rectangle(
        (left, top, right, top + h),
        radius=14,
        fill=fill,
        outline=border,
        width=4 if active or deciding else 2,
    )
    x = left + 16
    body_right = right - WOUNDS_W
    cy = top + 28
    name, nf = fit(seat["seat"], 250, (32, 30, 28, 26, 24, 22), "bold")
    d.text((x, cy), name, font=nf, fill=TEXT, anchor="lm")
    tx = x + nf.getlength(name) + 14
    if active:
        tx += pill(d, tx, cy, "▶ TURN", font(17, "bold"), fill=ACTIVE, ink=PANEL_DARK, pad=8, height=28) + 6
    if deciding:
        tx += pill(d, tx, cy, "DECIDING", font(17, "bold"), fill=DECIDE, ink=PANEL_DARK, pad=8, height=28) + 6
    influence = seat.get("influence")
    if active and influence is not None and view.get("phase") in ("claim", "chain"):
        coin(d, tx + 16, cy, 15, influence)
        d.text((tx + 36, cy), "influence", font=font(18, "bold"), fill=GOLD, anchor="lm")
    _counts(d, body_right - 14, cy, seat)
    _wounds_column(d, body_right, top, h, seat)
    # private archives, then minions in play
    boxes = seat_boxes(seat, top)
    by = top + TOP_TIER
    archives = seat.get("archives") or []
    for i, a in enumerate(archives[:2]):
        key = a.get("card")
        name_ = card_name(key, lang) if key else None
        x0, y0, x1, y1 = boxes[f"archive:{i}"]
        chip = archive_chip(name_, a.get("colour"), a.get("cost"), int(a.get("count", 0)), x1 - x0, y1 - y0)
        paste(img, chip, x0, y0)
    if not archives:
        d.text((x, by + CHIP_H / 2), "no private archives", font=font(17), fill=TEXT_FAINT, anchor="lm")
    minions = seat.get("in_play") or []
    if not minions:
        d.text(
            (_minions_left() + 6, by + CHIP_H / 2), "no minions in play", font=font(18), fill=TEXT_FAINT, anchor="lm"
        )
    for i, m in enumerate(minions):
        key = m.get("card")
        health = int(m.get("health") or 0)
        left_hp = m.get("health_left")
        x0, y0, x1, _ = boxes[f"minion:{i}"]
        chip = minion_chip(
            card_name(key, lang) if key else m.get("name", "?"),
            m.get("colour"),
            int(m.get("strength") or 0),
            int(health if left_hp is None else left_hp),
            health,
            (bool(m.get("stays_in_play")), bool(m.get("blocks_damage")), bool(m.get("unblockable"))),
            x1 - x0,
        )
        paste(img, chip, x0, y0)


def _minions_left() -> int:
    return MARGIN + 12 + 2 * (ARCHIVE_W + 8) + 8


def seat_boxes(seat: View, top: int) -> dict[str, Box]:
    """Boxes of a seat panel's private archives (``archive:<i>``) and minions (``minion:<i>``)."""
    boxes: dict[str, Box] = {}
    by = top + TOP_TIER
    for i in range(min(2, len(seat.get("archives") or []))):
        ax = MARGIN + 12 + i * (ARCHIVE_W + 8)
        boxes[f"archive:{i}"] = (ax, by, ax + ARCHIVE_W, by + CHIP_H)
    mx0 = _minions_left()
    avail = TABLE_WIDTH - MARGIN - WOUNDS_W - 12 - mx0
    cw = (avail - (MINIONS_PER_ROW - 1) * 8) // MINIONS_PER_ROW
    for i in range(len(seat.get("in_play") or [])):
        col, row = i % MINIONS_PER_ROW, i // MINIONS_PER_ROW
        mx, my = mx0 + col * (cw + 8), by + row * (CHIP_H + 8)
        boxes[f"minion:{i}"] = (mx, my, mx + cw, my + CHIP_H)
    return boxes


STATUS = {
    "resolved": ("✓ resolved", OK),
    "resolving": ("▶ resolving", DECIDE),
    "cancelled": ("✗ cancelled", DANGER),
    "waiting": ("waiting", TEXT_FAINT),
}


def _chain(img: Image.Image, d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    """The chain in play order, each link with its owner, kicker and whether it has resolved."""
    chain = view.get("chain") or []
    top = boxes["chain"][1]
    _title(d, top, "CHAIN", "played left to right · resolves right to left")
    if chain and view.get("step") == "build":  # while links are added: which colours may come next
        rx = TABLE_WIDTH - MARGIN - 4
        for link in reversed(chain[-1].get("links") or []):
            moon(d, rx - 11, top + 14, 11, link)
            rx -= 27
        d.text((rx - 4, top + 14), "next link:", font=font(17, "bold"), fill=TEXT_DIM, anchor="rm")
    if not chain:
        d.text(
            (MARGIN + 4, top + TITLE_H + 20), "no card in the chain yet", font=font(20), fill=TEXT_FAINT, anchor="lm"
        )
        return
    per_row = 5
    for i, e in enumerate(chain):
        x, cy, x1, _ = boxes[f"link:{i}"]
        w = x1 - x
        status = e.get("status", "waiting")
        done = status in ("resolved", "cancelled")
        col = e.get("colour")
        outline = DECIDE if status == "resolving" else mix(PANEL_LINE, colour(col), 0.5)
        d.rounded_rectangle(
            (x, cy, x + w, cy + CHAIN_H),
            radius=12,
            fill=PANEL_DARK if done else PANEL,
            outline=outline,
            width=4 if status == "resolving" else 2,
        )
        d.rounded_rectangle(
            (x + 2, cy + 2, x + w - 2, cy + 9),
            radius=4,
            fill=mix(colour(col), PANEL_DARK, 0.5 if done else 0),
        )
        moon(d, x + 27, cy + 36, 18, col)
        key = e.get("card")
        name = card_name(key, lang) if key and key != "wound" else e.get("name", "?")
        text, f = fit(name, w - 60, (20, 19, 18, 17, 16, 15, 14, 13), "condensed-bold")
        d.text((x + 52, cy + 30), text, font=f, fill=TEXT_DIM if done else TEXT, anchor="lm")
        if status == "cancelled":
            d.line((x + 52, cy + 31, x + 52 + f.getlength(text), cy + 31), fill=DANGER, width=3)
        by = ellipsize(f"by {e.get('by', '?')}", font(18), w - 60)
        d.text((x + 52, cy + 55), by, font=font(18), fill=TEXT_DIM, anchor="lm")
        label, ink = STATUS.get(status, (status, TEXT_FAINT))
        sf = font(16, "bold")
        d.text((x + 12, cy + 82), label, font=sf, fill=ink, anchor="lm")
        if e.get("kicker_active"):  # a gold tag on the top edge: this link's kicker applies
            kf = font(15, "bold")
            kw = round(kf.getlength("★ KICKER")) + 14 + 22
            kx, ky = x + w - 10 - kw, cy + 2
            d.rounded_rectangle((kx, ky - 11, kx + kw, ky + 13), radius=12, fill=GOLD, outline=PANEL_DARK, width=2)
            d.text((kx + 8, ky + 1), "★ KICKER", font=kf, fill=PANEL_DARK, anchor="lm")
            moon(d, kx + kw - 13, ky + 1, 8, e.get("kicker"))
        if i % per_row != per_row - 1 and i + 1 < len(chain):  # arrow to the next link
            ax, ay = x + w + 2, cy + CHAIN_H / 2
            d.polygon([(ax, ay - 7), (ax + 10, ay), (ax, ay + 7)], fill=TEXT_DIM)


def _minion_names(view: View, lang: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for seat in view.get("seats") or []:
        for m in seat.get("in_play") or []:
            key = m.get("card")
            names[m["id"]] = card_name(key, lang) if key else m.get("name", "?")
    return names


def _combat(d: Draw, view: View, top: int, lang: str) -> None:
    attacks = view.get("combat") or []
    y = top + _title(d, top, "COMBAT", f"{view.get('active', '?')} attacks")
    names = _minion_names(view, lang)
    row = COMBAT_ROW
    for a in attacks:
        att = a.get("attacker") or {}
        key = att.get("card")
        name = card_name(key, lang) if key else att.get("name", "?")
        d.rounded_rectangle(
            (MARGIN, y, TABLE_WIDTH - MARGIN, y + row - 4),
            radius=10,
            fill=PANEL_DARK if a.get("done") else PANEL,
        )
        moon(d, MARGIN + 20, y + (row - 4) / 2, 11, att.get("colour"))
        blockers = [names.get(b, b) for b in a.get("blockers") or []]
        block = f"blocked by {', '.join(blockers)}" if blockers else "unblocked"
        line = f"{name} (⚔{att.get('strength', '?')}) → {a.get('defender', '?')} · {block}"
        text, f = fit(line, INNER - 140, (20, 19, 18, 17), "condensed-bold")
        d.text(
            (MARGIN + 40, y + (row - 4) / 2),
            text,
            font=f,
            fill=TEXT_DIM if a.get("done") else TEXT,
            anchor="lm",
        )
        done = "✓ done" if a.get("done") else "to fight"
        d.text(
            (TABLE_WIDTH - MARGIN - 14, y + (row - 4) / 2),
            done,
            font=font(17, "bold"),
            fill=OK if a.get("done") else TEXT_FAINT,
            anchor="rm",
        )
        y += row


def _legend_items() -> list[tuple[str, str, str | None]]:
    """(kind, text, colour) for each legend entry: colour moons, then the marks."""
    items: list[tuple[str, str, str | None]] = [("moon", name, name) for name in LETTERS]
    items += [
        ("anchor", "stays in play", None),
        ("shield", "blocks damage", None),
        ("unblockable", "cannot be blocked", None),
        ("text", "⚔ strength  ♥ health  ★ kicker applies", None),
    ]
    return items


def _legend_lines(width: int) -> list[list[tuple[float, tuple[str, str, str | None]]]]:
    f = font(16)
    lines: list[list[tuple[float, tuple[str, str, str | None]]]] = [[]]
    x = 0.0
    for item in _legend_items():
        kind, text, _ = item
        w = f.getlength(text) + (0 if kind == "text" else 24) + 16
        if x + w > width and lines[-1]:
            lines.append([])
            x = 0.0
        lines[-1].append((x, item))
        x += w
    return lines


def _legend(d: Draw, top: int) -> None:
    """What the letters and marks mean, for spectators new to the game."""
    f = font(16)
    lines = _legend_lines(INNER - 8)
    for row, line in enumerate(lines):
        y = top + 20 + row * 26
        for dx, (kind, text, name) in line:
            x = MARGIN + 4 + dx
            if kind == "moon":
                moon(d, x + 10, y, 10, name)
            elif kind == "anchor":
                anchor_mark(d, x + 9, y, 17, TEXT_DIM)
            elif kind == "shield":
                shield(d, x + 9, y, 17, fill=SHIELD)
            elif kind == "unblockable":
                d.ellipse((x + 1, y - 9, x + 19, y + 9), fill=UNBLOCKABLE)
                d.text((x + 10, y), "➜", font=font(13, "bold"), fill=PANEL_DARK, anchor="mm")
            tx = x if kind == "text" else x + 24
            d.text((tx, y), text, font=f, fill=TEXT_FAINT, anchor="lm")


def legend_height() -> int:
    return 14 + len(_legend_lines(INNER - 8)) * 26


def _commons_height(n: int) -> int:
    rows = (n + 3) // 4
    return TITLE_H + rows * TILE_H + max(0, rows - 1) * GAP + GAP


def _chain_height(n: int) -> int:
    rows = (n + 4) // 5
    return TITLE_H + (rows * CHAIN_H + (rows - 1) * GAP + GAP if n else 44)


def table_layout(view: View) -> dict[str, Box]:
    """Where each part of the table goes: one source for the drawing and for tests that look at pixels.

    Keys: ``header``, ``gauge``, ``commons`` or ``draft``, ``combat``, ``chain``, ``players``,
    ``seat:<name>``, ``legend``; ``common:<i>`` / ``link:<i>`` for each tile of the commons and
    of the chain; ``archive:<name>:<i>`` / ``minion:<name>:<i>`` inside each seat panel; and
    ``gauge-bar``, the wound gauge's track. Boxes are (left, top, right, bottom).
    """
    boxes: dict[str, Box] = {}
    left, right = MARGIN, TABLE_WIDTH - MARGIN
    y = 0

    def band(name: str, h: int) -> None:
        nonlocal y
        boxes[name] = (left, y, right, y + h)
        y += h

    band("header", HEADER_H)
    boxes["gauge-bar"] = gauge_bar(y)
    band("gauge", GAUGE_H)
    phase = view.get("phase")
    commons = view.get("commons") or []
    if phase == "draft" and not commons:
        band("draft", TITLE_H + 70 + GAP)
    else:
        top = y
        band("commons", _commons_height(len(commons)))
        for i, (x, w) in enumerate(_columns(4, INNER) * ((len(commons) + 3) // 4)):
            if i < len(commons):
                ty = top + TITLE_H + (i // 4) * (TILE_H + GAP)
                boxes[f"common:{i}"] = (x, ty, x + w, ty + TILE_H)
    if view.get("combat"):
        band("combat", TITLE_H + len(view["combat"]) * COMBAT_ROW + GAP)
    chain = view.get("chain") or []
    if chain or phase == "chain":
        top = y
        band("chain", _chain_height(len(chain)))
        cols = _columns(5, INNER, 14)
        for i in range(len(chain)):
            x, w = cols[i % 5]
            cy = top + TITLE_H + (i // 5) * (CHAIN_H + GAP)
            boxes[f"link:{i}"] = (x, cy, x + w, cy + CHAIN_H)
    band("players", TITLE_H)
    for seat in view.get("seats") or []:
        h = _seat_height(seat)
        boxes[f"seat:{seat['seat']}"] = (left, y, right, y + h)
        for part, box in seat_boxes(seat, y).items():
            boxes[f"{part.split(':')[0]}:{seat['seat']}:{part.split(':')[1]}"] = box
        y += h + GAP
    band("legend", legend_height())
    boxes["image"] = (0, 0, TABLE_WIDTH, y + MARGIN)
    return boxes


def table_height(view: View) -> int:
    return table_layout(view)["image"][3]


def draw_table(view: View, lang: str = "en") -> Image.Image:
    """The table as an image (see :func:`render.render_table` for the bytes)."""
    check_public(view)
    boxes = table_layout(view)
    img = background(TABLE_WIDTH, boxes["image"][3]).copy()
    d = draw(img)
    _header(img, d, view, lang)
    _gauge(img, d, view, boxes["gauge"][1])
    if "draft" in boxes:
        _draft_band(d, view, boxes["draft"][1])
    else:
        _commons(img, d, view, boxes, lang)
    if "combat" in boxes:
        _combat(d, view, boxes["combat"][1], lang)
    if "chain" in boxes:
        _chain(img, d, view, boxes, lang)
    _title(d, boxes["players"][1], "PLAYERS", "in turn order")
    pending = {p["seat"] for p in view.get("pending") or []}
    for seat in view.get("seats") or []:
        _seat(img, d, view, seat, boxes[f"seat:{seat['seat']}"][1], lang, pending)
    _legend(d, boxes["legend"][1])
    return img


def render_table(view: View, lang: str = "en") -> bytes:
    return to_png(draw_table(view, lang))
