"""The table image: the whole public board in one picture, made to be read on a phone.

Discord shows it about PHONE_WIDTH (550 px) wide on a phone, half its TABLE_WIDTH, so every text
and icon here is at least ``theme.MIN_PX`` (22 px, 11 px on the phone): sizes come from the type
scale of :mod:`render.theme`, names wrap onto a second line instead of shrinking, and each
player's zones are labelled. Top to bottom: whose turn, who must decide now and what (a band of
its own), the wound stack, the commons, the combat, the chain, then the players two to a row in
turn order, and the legend (beside the last player when there is an odd number of them).

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

from .cards import card_name, stats, unblockable_mark
from .primitives import (
    Box,
    Draw,
    Line,
    anchor_mark,
    coin,
    draw,
    draw_flow,
    ellipsize,
    fit,
    fit_lines,
    flow,
    hidden_moon,
    moon,
    paste,
    pill,
    shield,
    sword,
    to_png,
    vertical_gradient,
    wound_icon,
)
from .theme import (
    ACTIVE,
    BG_BOTTOM,
    BG_TOP,
    BIG,
    BODY,
    COIN_R,
    DANGER,
    DECIDE,
    GAP,
    GOLD,
    HEAD,
    LETTERS,
    MARGIN,
    MOON_R,
    NAME,
    OK,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    PHASE_COLOURS,
    RGB,
    SMALL,
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
HEADER_H = 124
GAUGE_H = 92
TITLE_H = 44
TILE_H = 60
TILE_H2 = 84  # a common whose name takes two lines
COMMON_COLUMNS = 2
SEAT_COLUMNS = 2
SEAT_PAD = 14
CHIP_H = 84
CHIP_H2 = 108  # a chip whose name takes two lines
CHIP_GAP = 10
ZONE_LABEL_H = 34
LINE_H = round(SMALL * 1.4)
WOUND_INK: RGB = (240, 120, 120)
MOONLIGHT: RGB = (150, 176, 236)
GAUGE_TRACK: RGB = (44, 40, 60)
AMBER: RGB = (236, 164, 60)
SHIELD: RGB = (120, 170, 230)
#: The band that says who must decide now.
WAITING_FILL: RGB = mix(PANEL, DECIDE, 0.16)
#: A seat that must decide now: tinted, so it stands out even without the border.
DECIDING_FILL: RGB = mix(PANEL, DECIDE, 0.1)
ACTIVE_FILL: RGB = mix(PANEL, ACTIVE, 0.08)
SECRET_BACK: RGB = (48, 40, 76)


def check_public(view: View) -> None:
    """Refuse a private view: the table goes to a channel, where no hand may ever appear."""
    leaked = [k for k in PRIVATE_KEYS if k in view]
    if leaked:
        raise ValueError(f"the table image takes public_view() only; this view holds {', '.join(leaked)}")


def waiting_groups(view: View, lang: str = "en") -> list[tuple[list[str], str]]:
    """Who must decide now and what, grouped by what is asked: ([seats], words)."""
    groups: dict[str, list[str]] = {}
    for p in view.get("pending") or []:
        # the engine says what each decision asks (a key and its arguments); only a card's
        # name is put in the image's language here
        ask = p.get("ask") or {"key": p["kind"], "args": {}}
        args = {k: local_name(v, lang) if k == "source" else v for k, v in ask["args"].items()}
        words = SPECTATOR_WORDS.get(ask["key"], str(p.get("asks", p["kind"]))).format(**args)
        groups.setdefault(words, []).append(p["seat"])
    return [(seats, words) for words, seats in groups.items()]


def decision_text(view: View, lang: str = "en") -> str:
    """Who must decide now and what, e.g. "bram: declare blockers"."""
    groups = waiting_groups(view, lang)
    if not groups:
        return "Game over" if view.get("over") else ""
    return " · ".join(f"{', '.join(seats)}: {words}" for seats, words in groups)


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


@lru_cache(maxsize=1024)
def chip_name(name: str, w: int, sizes: tuple[int, ...] = (BODY, SMALL)) -> tuple[list[str], Any]:
    """A name on one line if it fits ``w`` at a size of ``sizes``, else on two at the smallest."""
    return fit_lines(name, w, sizes, "condensed-bold")


def _name_lines(d: Draw, x: float, cy: float, lines: list[str], f: Any, ink: RGB) -> None:
    """Lines of a name centred on ``cy``."""
    step = round(f.size * 1.1)
    y = cy - (len(lines) - 1) * step / 2
    for line in lines:
        d.text((x, y), line, font=f, fill=ink, anchor="lm")
        y += step


#: The right-hand columns of a common tile, aligned from tile to tile: links, kicker, cost, copies.
LINKS_W = 2 * (2 * MOON_R + 4)
KICK_W = 20 + 2 * MOON_R
COST_W = 2 * COIN_R + 12
COUNT_W = 52
COMMON_RIGHT = LINKS_W + KICK_W + COST_W + COUNT_W + 34


def common_name_w(w: int) -> int:
    return w - 26 - 2 * MOON_R - COMMON_RIGHT


def common_height(name: str, w: int) -> int:
    """A common tile's height: taller when its name takes two lines."""
    return TILE_H if len(chip_name(name, common_name_w(w))[0]) == 1 else TILE_H2


@lru_cache(maxsize=256)
def common_tile(
    name: str,
    col: str | None,
    links: tuple[str, ...],
    kicker: str | None,
    cost: int | None,
    count: int,
    w: int,
    h: int = 0,
) -> Image.Image:
    """One common archive on one row: colour moon, name, link moons, kicker colour, cost, copies
    left (or EMPTY), in columns that line up from tile to tile."""
    h = h or common_height(name, w)
    empty = count == 0
    img = _rounded(w, h, PANEL_DARK if empty else PANEL, mix(PANEL_LINE, colour(col), 0.35))
    d = draw(img)
    d.rounded_rectangle((0, 0, 8, h - 1), radius=4, fill=mix(colour(col), PANEL_DARK, 0.6 if empty else 0))
    cy = h / 2
    moon(d, 16 + MOON_R, cy, MOON_R, col)
    lines, f = chip_name(name, common_name_w(w))
    _name_lines(d, 26 + 2 * MOON_R, cy, lines, f, TEXT_DIM if empty else TEXT)
    x = w - COMMON_RIGHT + 10
    for link in links:
        moon(d, x + MOON_R, cy, MOON_R, link)
        x += 2 * MOON_R + 4
    x = w - COMMON_RIGHT + 10 + LINKS_W + 4
    if kicker:
        kf = font(SMALL, "bold")
        d.text((x, cy), "K", font=kf, fill=TEXT_DIM, anchor="lm")
        moon(d, x + KICK_W - MOON_R, cy, MOON_R, kicker)
    if empty:
        img.alpha_composite(Image.new("RGBA", img.size, (*PANEL_DARK, 90)))
        draw(img).text((w - 12, cy), "EMPTY", font=font(SMALL, "bold"), fill=DANGER, anchor="rm")
        img.putalpha(_rounded(w, h, (0, 0, 0)).getchannel("A"))
        return img
    d.text((w - 12, cy), f"×{count}", font=font(BODY + 2, "bold"), fill=TEXT, anchor="rm")
    if cost is not None:
        coin(d, w - 12 - COUNT_W - 6 - COIN_R, cy, COIN_R, cost)
    return img


def chip_height(names: list[str], w: int) -> int:
    """The height of a row of chips ``w`` wide: taller when one of the names takes two lines."""
    two = any(len(chip_name(n, _chip_name_w(w))[0]) > 1 for n in names)
    return CHIP_H2 if two else CHIP_H


def _chip_name_w(w: int) -> int:
    return w - 2 * MOON_R - 30


@lru_cache(maxsize=256)
def archive_chip(name: str | None, col: str | None, cost: int | None, count: int, w: int, h: int) -> Image.Image:
    """A private archive in a seat panel; a face-down back while it is secret (``name`` None)."""
    top = 27 if h == CHIP_H else 40  # the name row's centre: lower when the name takes two lines
    row2 = h - 25
    if name is None:
        img = _rounded(w, h, (36, 30, 58), radius=10)
        d = draw(img)
        for i in range(-h, w, 14):  # a hatched card back
            d.line((i, h, i + h, 0), fill=SECRET_BACK, width=5)
        img.putalpha(_rounded(w, h, (0, 0, 0), radius=10).getchannel("A"))
        d = draw(img)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, outline=(92, 80, 140), width=2)
        hidden_moon(d, 10 + MOON_R, top, MOON_R)
        d.text(
            (20 + 2 * MOON_R, top),
            "secret archive",
            font=font(SMALL, "condensed-bold"),
            fill=(210, 200, 240),
            anchor="lm",
        )
        d.text((12, row2), f"×{count}", font=font(BODY, "bold"), fill=TEXT, anchor="lm")
        return img
    empty = count == 0
    img = _rounded(w, h, PANEL_DARK, mix(PANEL_LINE, colour(col), 0.45), radius=10)
    d = draw(img)
    moon(d, 10 + MOON_R, top, MOON_R, col)
    lines, f = chip_name(name, _chip_name_w(w))
    _name_lines(d, 20 + 2 * MOON_R, top, lines, f, TEXT_DIM if empty else TEXT)
    x = 12.0
    if cost is not None:
        coin(d, x + COIN_R, row2, COIN_R, cost)
        x += 2 * COIN_R + 10
    if empty:
        d.text((x, row2), "empty", font=font(SMALL, "bold"), fill=DANGER, anchor="lm")
    else:
        d.text((x, row2), f"×{count} left", font=font(SMALL, "bold"), fill=TEXT, anchor="lm")
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
    h: int = CHIP_H,
) -> Image.Image:
    """A minion in play: colour and name; strength, health left of its maximum, and its marks
    (stays in play, blocks damage, cannot be blocked)."""
    stays, blocks, unblockable = marks
    img = _rounded(w, h, mix(PANEL, colour(col), 0.12), mix(PANEL_LINE, colour(col), 0.6), radius=10)
    d = draw(img)
    top = 27 if h == CHIP_H else 40
    moon(d, 10 + MOON_R, top, MOON_R, col)
    lines, f = chip_name(name, _chip_name_w(w))
    _name_lines(d, 20 + 2 * MOON_R, top, lines, f, TEXT)
    row2 = h - 25
    x = w - 12 - 14
    for on, mark in ((unblockable, "unblockable"), (blocks, "shield"), (stays, "anchor")):
        if not on:
            continue
        if mark == "unblockable":
            unblockable_mark(d, x, row2, 28)
        elif mark == "shield":
            shield(d, x, row2, 28, fill=SHIELD)
        else:
            anchor_mark(d, x, row2, 28, (210, 210, 230))
        x -= 34
    stats(d, 12, x + 6 if any(marks) else w - 12, row2, strength, health_left, health)
    return img


@lru_cache(maxsize=4)
def background(w: int, h: int) -> Image.Image:
    """The night sky behind everything, with a few fixed stars above the header."""
    img = vertical_gradient(w, h, BG_TOP, BG_BOTTOM)
    d = draw(img)
    for i in range(40):
        x = (i * 7919 + 13) % w
        y = (i * 104729 + 7) % 110
        r = 1.4 if i % 5 == 0 else 0.8
        d.ellipse((x - r, y - r, x + r, y + r), fill=(90, 92, 130))
    return img


# ---------------------------------------------------------------- layout


def _columns(n: int, width: int, gap: int = GAP, left: int = MARGIN) -> list[tuple[int, int]]:
    """x and width of ``n`` equal columns filling ``width`` from ``left``, without drift."""
    unit = (width - gap * (n - 1)) / n
    out = []
    for i in range(n):
        x0 = round(left + i * (unit + gap))
        x1 = round(left + i * (unit + gap) + unit)
        out.append((x0, x1 - x0))
    return out


def _waiting_lines(view: View, lang: str) -> list[Line]:
    """The waiting band's lines: each group's seats in bold, then what they must do."""
    if view.get("over"):
        return []
    runs = []
    for seats, words in waiting_groups(view, lang):
        runs.append(
            [(", ".join(seats), font(HEAD - 2, "bold"), TEXT), (f"— {words}", font(HEAD - 2, "condensed-bold"), DECIDE)]
        )
    lines: list[Line] = []
    for run in runs:
        lines.extend(flow(run, INNER - 40))
    return lines


def _waiting_height(lines: list[Line]) -> int:
    return 0 if not lines else 12 + LINE_H + len(lines) * 40 + 14 + GAP


#: Room for a chain link's name and player, left of its kicker tag and status.
CHAIN_TEXT_W = INNER - 2 * MOON_R - 34 - 400
CHAIN_LINE = 34


def _chain_rows(view: View, lang: str) -> list[list[Line]]:
    """Each chain link's text lines: its name (wrapping), then who played it."""
    out = []
    for e in view.get("chain") or []:
        key = e.get("card")
        name = card_name(key, lang) if key and key != "wound" else e.get("name", "?")
        runs = [(name, font(NAME, "condensed-bold"), TEXT), (f"by {e.get('by', '?')}", font(SMALL), TEXT_DIM)]
        out.append(flow(runs, CHAIN_TEXT_W))
    return out


def _chain_row_h(lines: list[Line]) -> int:
    return max(64, len(lines) * CHAIN_LINE + 24)


def _combat_lines(view: View, lang: str) -> list[list[Line]]:
    """Each attack's line(s): attacker, strength, defender, blockers."""
    names = _minion_names(view, lang)
    out = []
    for a in view.get("combat") or []:
        att = a.get("attacker") or {}
        key = att.get("card")
        name = card_name(key, lang) if key else att.get("name", "?")
        blockers = [names.get(b, b) for b in a.get("blockers") or []]
        block = f"· blocked by {', '.join(blockers)}" if blockers else "· unblocked"
        ink = TEXT_DIM if a.get("done") else TEXT
        runs = [
            (name, font(BODY, "condensed-bold"), ink),
            (f"strength {att.get('strength', '?')}", font(BODY, "condensed"), ink),
            (f"→ {a.get('defender', '?')}", font(BODY, "bold"), ink),
            (block, font(BODY, "condensed"), TEXT_DIM if a.get("done") else TEXT),
        ]
        out.append(flow(runs, INNER - 2 * MOON_R - 40 - 150))
    return out


def _combat_row_h(lines: list[Line]) -> int:
    return max(56, len(lines) * 32 + 20)


def _seat_names(seat: View, lang: str) -> tuple[list[str], list[str]]:
    archives = [card_name(a["card"], lang) if a.get("card") else "secret archive" for a in seat.get("archives") or []]
    minions = [card_name(m["card"], lang) if m.get("card") else m.get("name", "?") for m in seat.get("in_play") or []]
    return archives, minions


def _has_badges(seat: View, pending: set[str]) -> bool:
    """Whose turn it is and who must decide get a row of badges under the name."""
    return bool(seat.get("active")) or seat["seat"] in pending


def seat_layout(view: View, seat: View, x: int, y: int, w: int, lang: str, pending: set[str]) -> dict[str, Box]:
    """Where a seat panel's parts go: ``name``, ``badges`` (whose turn, deciding, influence),
    ``counts``, the zone labels ``archives`` and ``in-play``, ``archive:<i>`` and ``minion:<i>``
    chips, and ``panel``, the whole panel."""
    boxes: dict[str, Box] = {}
    left, right = x + SEAT_PAD, x + w - SEAT_PAD
    cy = y + SEAT_PAD
    lines, _ = _seat_name(seat["seat"], w)
    h = 56 if len(lines) == 1 else 88
    boxes["name"] = (left, cy, right, cy + h)
    cy += h
    if _has_badges(seat, pending):
        boxes["badges"] = (left, cy, right, cy + 46)
        cy += 46
    boxes["counts"] = (left, cy, right, cy + 40)
    cy += 44
    archives, minions = _seat_names(seat, lang)
    cw = (right - left - CHIP_GAP) // 2
    for zone, names, part in (("archives", archives, "archive"), ("in-play", minions, "minion")):
        boxes[zone] = (left, cy, right, cy + ZONE_LABEL_H)
        cy += ZONE_LABEL_H
        for row in range(0, len(names), 2):
            ch = chip_height(names[row : row + 2], cw)
            for i in range(row, min(row + 2, len(names))):
                cx = left + (i - row) * (cw + CHIP_GAP)
                boxes[f"{part}:{i}"] = (cx, cy, cx + cw, cy + ch)
            cy += ch + CHIP_GAP
        if names:
            cy += 2
        else:
            cy += 4
    boxes["panel"] = (x, y, x + w, cy + SEAT_PAD - CHIP_GAP + 4)
    return boxes


def _seat_name(name: str, w: int) -> tuple[list[str], Any]:
    return fit_lines(name, w - 2 * SEAT_PAD - 150, (HEAD, NAME, BODY), "bold")


def _legend_items() -> list[tuple[str, str, str | None]]:
    """(kind, text, colour) for each legend entry: colour moons, then the marks."""
    items: list[tuple[str, str, str | None]] = [("moon", name, name) for name in LETTERS]
    items += [
        ("kicker", "kicker colour", None),
        ("anchor", "stays in play", None),
        ("shield", "blocks damage", None),
        ("unblockable", "cannot be blocked", None),
        ("sword", "strength", None),
        ("text", "♥ health left", None),
        ("text", "★ kicker applies", None),
    ]
    return items


def _legend_lines(width: int) -> list[list[tuple[float, tuple[str, str, str | None]]]]:
    f = font(SMALL)
    lines: list[list[tuple[float, tuple[str, str, str | None]]]] = [[]]
    x = 0.0
    for item in _legend_items():
        kind, text, _ = item
        w = f.getlength(text) + (0 if kind == "text" else 2 * MOON_R + 8) + 22
        if x + w > width and lines[-1]:
            lines.append([])
            x = 0.0
        lines[-1].append((x, item))
        x += w
    return lines


def legend_height(width: int = INNER) -> int:
    return 8 + len(_legend_lines(width - 8)) * 44


def _common_rows(view: View, lang: str) -> list[int]:
    """The height of each row of common tiles: the taller of its two."""
    w = _columns(COMMON_COLUMNS, INNER)[0][1]
    heights = [common_height(_common_name(a, lang), w) for a in view.get("commons") or []]
    return [max(heights[i : i + COMMON_COLUMNS]) for i in range(0, len(heights), COMMON_COLUMNS)]


def _common_name(a: View, lang: str) -> str:
    key = a.get("card")
    return card_name(key, lang) if key else "?"


def table_layout(view: View, lang: str = "en") -> dict[str, Box]:
    """Where each part of the table goes: one source for the drawing and for tests that look at pixels.

    Keys: ``header``, ``waiting`` (who must decide now, when someone must), ``gauge``,
    ``commons`` or ``draft``, ``combat``, ``chain``, ``players``, ``seat:<name>``, ``legend``;
    ``common:<i>`` / ``link:<i>`` / ``fight:<i>`` for each tile of the commons, the chain and the
    combat; ``<part>:<name>`` for the parts of each seat panel (``name``, ``badges``, ``counts``,
    ``archives``, ``in-play``) and ``archive:<name>:<i>`` / ``minion:<name>:<i>`` for its chips;
    ``gauge-bar``, the wound gauge's track; ``image``, the whole image. Boxes are
    (left, top, right, bottom).
    """
    boxes: dict[str, Box] = {}
    left, right = MARGIN, TABLE_WIDTH - MARGIN
    y = 0

    def band(name: str, h: int) -> int:
        nonlocal y
        top = y
        boxes[name] = (left, y, right, y + h)
        y += h
        return top

    band("header", HEADER_H)
    waiting = _waiting_height(_waiting_lines(view, lang))
    if waiting:
        band("waiting", waiting)
    boxes["gauge-bar"] = gauge_bar(y)
    band("gauge", GAUGE_H)
    phase = view.get("phase")
    commons = view.get("commons") or []
    if phase == "draft" and not commons:
        band("draft", TITLE_H + 110 + GAP)
    else:
        common_rows = _common_rows(view, lang)
        top = band("commons", TITLE_H + sum(h + 8 for h in common_rows) + GAP - 8 + (0 if common_rows else 48))
        cols = _columns(COMMON_COLUMNS, INNER)
        ty = top + TITLE_H
        for i in range(len(commons)):
            x, w = cols[i % COMMON_COLUMNS]
            rh = common_rows[i // COMMON_COLUMNS]
            boxes[f"common:{i}"] = (x, ty, x + w, ty + rh)
            if i % COMMON_COLUMNS == COMMON_COLUMNS - 1:
                ty += rh + 8
    if view.get("combat"):
        fights = _combat_lines(view, lang)
        top = band("combat", TITLE_H + sum(_combat_row_h(r) + 8 for r in fights) + GAP)
        cy = top + TITLE_H
        for i, r in enumerate(fights):
            boxes[f"fight:{i}"] = (left, cy, right, cy + _combat_row_h(r))
            cy += _combat_row_h(r) + 8
    chain = view.get("chain") or []
    if chain or phase == "chain":
        links = _chain_rows(view, lang)
        h = TITLE_H + (sum(_chain_row_h(r) + 8 for r in links) if chain else 48) + GAP
        top = band("chain", h)
        cy = top + TITLE_H
        for i, r in enumerate(links):
            boxes[f"link:{i}"] = (left, cy, right, cy + _chain_row_h(r))
            cy += _chain_row_h(r) + 8
    band("players", TITLE_H)
    seats = view.get("seats") or []
    pending = {p["seat"] for p in view.get("pending") or []}
    cols = _columns(SEAT_COLUMNS, INNER, 12)
    for row in range(0, len(seats), SEAT_COLUMNS):
        row_h = 0
        parts = []
        for k, seat in enumerate(seats[row : row + SEAT_COLUMNS]):
            x, w = cols[k]
            sb = seat_layout(view, seat, x, y, w, lang, pending)
            parts.append((seat, sb))
            row_h = max(row_h, sb["panel"][3] - y)
        for seat, sb in parts:
            name = seat["seat"]
            x0, y0, x1, _ = sb["panel"]
            boxes[f"seat:{name}"] = (x0, y0, x1, y0 + row_h)
            for part, box in sb.items():
                if part == "panel":
                    continue
                kind, _, idx = part.partition(":")
                boxes[f"{kind}:{name}:{idx}" if idx else f"{part}:{name}"] = box
        if len(parts) < SEAT_COLUMNS:  # the legend fills the last row's empty cell
            x, w = cols[len(parts)]
            boxes["legend"] = (x, y, x + w, y + max(row_h, legend_height(w)))
            row_h = max(row_h, legend_height(w))
        y += row_h + 12
    if "legend" not in boxes:
        band("legend", legend_height())
    else:
        y -= 12
    boxes["image"] = (0, 0, TABLE_WIDTH, y + MARGIN)
    return boxes


def table_height(view: View, lang: str = "en") -> int:
    return table_layout(view, lang)["image"][3]


def gauge_bar(top: int) -> Box:
    """The wound gauge's track inside the gauge band starting at ``top``."""
    cy = top + (GAUGE_H - 10) // 2
    return (MARGIN + 250, cy - 16, TABLE_WIDTH - MARGIN - 230, cy + 16)


# ---------------------------------------------------------------- sections


def _header(d: Draw, view: View) -> None:
    phase = view.get("phase", "")
    pc = PHASE_COLOURS.get(phase, TEXT_DIM)
    brand = "☾ NIGHTFALL"
    bf = font(SMALL + 2, "bold")
    d.text((MARGIN, 28), brand, font=bf, fill=GOLD, anchor="lm")
    opts = view.get("options") or {}
    about = [f"turn {view.get('turn', 1)}", f"{opts.get('draft', 'standard')} draft"]
    if opts.get("secret_archives"):
        about.append("secret archives")
    af = font(SMALL)
    about_text = ellipsize(" · ".join(about), af, INNER - bf.getlength(brand) - 30)
    d.text((TABLE_WIDTH - MARGIN, 28), about_text, font=af, fill=TEXT_DIM, anchor="rm")
    label = phase.upper() or "?"
    cy = 86
    pw = pill(d, MARGIN, cy, label, font(HEAD - 2, "bold"), fill=pc, ink=PANEL_DARK, pad=16, height=54)
    x = MARGIN + pw + 18
    if view.get("over"):
        result = view.get("result") or []
        main = f"{result[0]['seat']} wins" if result else "Game over"
    elif phase == "draft":
        dr = view.get("draft") or {}
        main = f"round {dr.get('round', 1)} of {dr.get('rounds', '?')}"
    else:
        main = f"{view.get('active', '?')}'s turn"
    text, f = fit(main, TABLE_WIDTH - MARGIN - x, (HEAD + 8, HEAD + 4, HEAD, NAME), "bold")
    d.text((x, cy), text, font=f, fill=TEXT, anchor="lm")


def _waiting(d: Draw, view: View, box: Box, lang: str) -> None:
    """The band that says who must decide now and what: the first thing under the turn."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0, y0, x1, y1 - GAP), radius=14, fill=WAITING_FILL, outline=DECIDE, width=4)
    d.text((x0 + 20, y0 + 12 + LINE_H / 2), "WAITING FOR", font=font(SMALL, "bold"), fill=DECIDE, anchor="lm")
    draw_flow(d, x0 + 20, y0 + 12 + LINE_H + 4, _waiting_lines(view, lang), 40)


def _gauge(d: Draw, view: View, top: int) -> None:
    ws = view.get("wound_stack") or {}
    up, start, down = (
        int(ws.get("face_up", 0)),
        max(1, int(ws.get("face_up_start", 1))),
        ws.get("face_down", 0),
    )
    frac = max(0.0, min(1.0, up / start))
    d.rounded_rectangle((MARGIN, top, TABLE_WIDTH - MARGIN, top + GAUGE_H - 10), radius=14, fill=PANEL_DARK)
    cy = top + (GAUGE_H - 10) / 2
    bf = font(BIG, "bold")
    d.text((MARGIN + 16, cy), str(up), font=bf, fill=TEXT, anchor="lm")
    nx = MARGIN + 16 + bf.getlength(str(up)) + 10
    d.text((nx, cy - 14), f"of {start}", font=font(SMALL), fill=TEXT_DIM, anchor="lm")
    d.text((nx, cy + 14), "wounds left", font=font(SMALL), fill=TEXT_DIM, anchor="lm")
    x0, by0, x1, by1 = gauge_bar(top)
    d.rounded_rectangle((x0, by0, x1, by1), radius=16, fill=GAUGE_TRACK)
    if up:  # moonlight while more than half is left, amber past half, red in the last quarter
        fill = MOONLIGHT if frac > 0.5 else AMBER if frac > 0.25 else DANGER
        d.rounded_rectangle((x0, by0, x0 + max(32, (x1 - x0) * frac), by1), radius=16, fill=fill)
    for k in range(10, start, 10):  # one notch per player's ten wounds
        tx = x0 + (x1 - x0) * k / start
        d.line((tx, by0 + 4, tx, by1 - 4), fill=PANEL_DARK, width=3)
    if view.get("ending") or up == 0:
        msg = "NIGHTFALL: the last face-up wound is gone"
        d.text(((x0 + x1) / 2, cy), msg, font=font(SMALL, "bold"), fill=TEXT, anchor="mm")
    rx = TABLE_WIDTH - MARGIN - 16
    top_type = ws.get("top")
    sf = font(SMALL)
    d.text((rx, cy - 14), f"+{down} face down", font=sf, fill=TEXT_DIM, anchor="rm")
    if top_type:
        d.text((rx, cy + 16), f"next: {top_type}", font=sf, fill=TEXT_DIM, anchor="rm")
        wound_icon(d, rx - sf.getlength(f"next: {top_type}") - 18, cy + 16, 26, top_type)


def _title(d: Draw, y: int, text: str, note: str = "") -> None:
    f = font(BODY, "bold")
    d.text((MARGIN + 2, y + TITLE_H / 2), text, font=f, fill=TEXT_DIM, anchor="lm")
    if note:
        nf = font(SMALL)
        note = ellipsize(note, nf, INNER - f.getlength(text) - 20)
        d.text((MARGIN + 16 + f.getlength(text), y + TITLE_H / 2), note, font=nf, fill=TEXT_FAINT, anchor="lm")


def _commons(img: Image.Image, d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    _title(d, boxes["commons"][1], "COMMONS", "anyone may claim · cost · copies left")
    commons = view.get("commons") or []
    for i, a in enumerate(commons):
        x, y, x1, y1 = boxes[f"common:{i}"]
        links = tuple(a.get("links") or ())
        count = int(a.get("count", 0))
        name = _common_name(a, lang)
        tile = common_tile(name, a.get("colour"), links, a.get("kicker"), a.get("cost"), count, x1 - x, y1 - y)
        paste(img, tile, (x, y))
    if not commons:
        d.text((MARGIN + 4, boxes["commons"][1] + TITLE_H + 22), "none", font=font(BODY), fill=TEXT_FAINT, anchor="lm")


#: Where a draft round's picks go, by the plan in the view (``draft.plan``).
PLAN_WORDS = {"private": "each player's private archives", "commons": "the commons", "out": "out of the game"}


def _draft_band(d: Draw, view: View, top: int) -> None:
    """The draft's plan and the commons picked so far (who is still picking is in the waiting band)."""
    dr = view.get("draft") or {}
    rnd, plan = int(dr.get("round", 1)), dr.get("plan") or []
    _title(d, top, "DRAFT", f"round {rnd} of {dr.get('rounds', '?')}")
    y = top + TITLE_H
    d.rounded_rectangle((MARGIN, y, TABLE_WIDTH - MARGIN, y + 110), radius=14, fill=PANEL)
    goes = PLAN_WORDS.get(str(plan[rnd - 1]), "") if 0 < rnd <= len(plan) else ""
    line = f"this round's picks go to {goes}" if goes else "picking"
    f = font(BODY, "bold")
    d.text((MARGIN + 18, y + 32), ellipsize(line, f, INNER - 36), font=f, fill=TEXT, anchor="lm")
    commons = dr.get("commons") or []
    cl = "commons so far: " + (", ".join(commons) if commons else "none yet")
    cf = font(SMALL, "condensed")
    d.text((MARGIN + 18, y + 78), ellipsize(cl, cf, INNER - 36), font=cf, fill=TEXT_DIM, anchor="lm")


STATUS = {
    "resolved": ("✓ resolved", OK),
    "resolving": ("▶ resolving", DECIDE),
    "cancelled": ("✗ cancelled", DANGER),
    "waiting": ("waiting", TEXT_FAINT),
}


def _chain(d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    """The chain in play order, top to bottom: each link with its owner, kicker and status."""
    chain = view.get("chain") or []
    top = boxes["chain"][1]
    _title(d, top, "CHAIN", "played top to bottom · resolves from the bottom up")
    if chain and view.get("step") == "build":  # while links are added: which colours may come next
        rx = TABLE_WIDTH - MARGIN - 4
        for link in reversed(chain[-1].get("links") or []):
            moon(d, rx - MOON_R, top + TITLE_H / 2, MOON_R, link)
            rx -= 2 * MOON_R + 6
        d.text((rx - 6, top + TITLE_H / 2), "next link:", font=font(SMALL, "bold"), fill=TEXT_DIM, anchor="rm")
    if not chain:
        d.text(
            (MARGIN + 4, top + TITLE_H + 22), "no card in the chain yet", font=font(BODY), fill=TEXT_FAINT, anchor="lm"
        )
        return
    rows = _chain_rows(view, lang)
    for i, e in enumerate(chain):
        x0, y0, x1, y1 = boxes[f"link:{i}"]
        status = e.get("status", "waiting")
        done = status in ("resolved", "cancelled")
        col = e.get("colour")
        resolving = status == "resolving"
        d.rounded_rectangle(
            (x0, y0, x1, y1),
            radius=12,
            fill=PANEL_DARK if done else PANEL,
            outline=DECIDE if resolving else mix(PANEL_LINE, colour(col), 0.5),
            width=4 if resolving else 2,
        )
        d.rounded_rectangle(
            (x0 + 2, y0 + 2, x0 + 10, y1 - 2), radius=4, fill=mix(colour(col), PANEL_DARK, 0.5 if done else 0)
        )
        cy = (y0 + y1) / 2
        moon(d, x0 + 20 + MOON_R, cy, MOON_R, col)
        lines = rows[i]
        tx = x0 + 2 * MOON_R + 34
        ty = cy - (len(lines) - 1) * CHAIN_LINE / 2
        for line in lines:
            for dx, word, f, ink in line:
                d.text((tx + dx, ty), word, font=f, fill=TEXT_DIM if done and ink == TEXT else ink, anchor="lm")
            ty += CHAIN_LINE
        if status == "cancelled" and lines:  # the name struck through
            name_end = max((dx + f.getlength(w) for dx, w, f, ink in lines[0] if ink == TEXT), default=0)
            sy = cy - (len(lines) - 1) * CHAIN_LINE / 2
            d.line((tx, sy, tx + name_end, sy), fill=DANGER, width=3)
        label, ink = STATUS.get(status, (status, TEXT_FAINT))
        d.text((x1 - 16, cy), label, font=font(SMALL, "bold"), fill=ink, anchor="rm")
        if e.get("kicker_active"):  # a gold tag: this link's kicker applies
            kf = font(SMALL, "bold")
            kw = round(kf.getlength("★ KICKER")) + 24 + 2 * MOON_R
            kx = x1 - 190 - kw
            d.rounded_rectangle((kx, cy - 22, kx + kw, cy + 22), radius=22, fill=GOLD, outline=PANEL_DARK, width=2)
            d.text((kx + 12, cy), "★ KICKER", font=kf, fill=PANEL_DARK, anchor="lm")
            moon(d, kx + kw - 4 - MOON_R, cy, MOON_R, e.get("kicker"))


def _minion_names(view: View, lang: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for seat in view.get("seats") or []:
        for m in seat.get("in_play") or []:
            key = m.get("card")
            names[m["id"]] = card_name(key, lang) if key else m.get("name", "?")
    return names


def _combat(d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    attacks = view.get("combat") or []
    _title(d, boxes["combat"][1], "COMBAT", f"{view.get('active', '?')} attacks")
    for i, (a, lines) in enumerate(zip(attacks, _combat_lines(view, lang), strict=True)):
        x0, y0, x1, y1 = boxes[f"fight:{i}"]
        att = a.get("attacker") or {}
        d.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=PANEL_DARK if a.get("done") else PANEL)
        cy = (y0 + y1) / 2
        moon(d, x0 + 14 + MOON_R, cy, MOON_R, att.get("colour"))
        draw_flow(d, x0 + 2 * MOON_R + 28, cy - len(lines) * 32 / 2 + 2, lines, 32)
        done = "✓ done" if a.get("done") else "to fight"
        d.text((x1 - 16, cy), done, font=font(SMALL, "bold"), fill=OK if a.get("done") else TEXT_FAINT, anchor="rm")


def _counts(d: Draw, box: Box, seat: View) -> None:
    """hand / deck / discard counts on the left, wounds by type on the right: numbers bold."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    nf, lf = font(BODY, "bold"), font(SMALL)
    x = float(x0)
    for i, label in enumerate(("hand", "deck", "discard")):
        num = str(seat.get(label, 0))
        d.text((x, cy), num, font=nf, fill=TEXT, anchor="lm")
        x += nf.getlength(num) + 6
        d.text((x, cy), label, font=lf, fill=TEXT_DIM, anchor="lm")
        x += lf.getlength(label) + (18 if i < 2 else 0)
    by_type = seat.get("wounds_by_type") or {}
    rx = float(x1)
    for t in ("bleed", "burn", "bite"):
        num = str(by_type.get(t, 0))
        d.text((rx, cy), num, font=nf, fill=TEXT_DIM, anchor="rm")
        rx -= nf.getlength(num) + 4
        wound_icon(d, rx - 13, cy, 26, t)
        rx -= 26 + 16


def _seat(
    img: Image.Image, d: Draw, view: View, seat: View, boxes: dict[str, Box], lang: str, pending: set[str]
) -> None:
    """One player's panel: name and wounds; turn and decision badges; counts; labelled zones."""
    name = seat["seat"]
    left, top, right, bottom = boxes[f"seat:{name}"]
    active = bool(seat.get("active"))
    deciding = name in pending
    border = DECIDE if deciding else ACTIVE if active else PANEL_LINE
    fill = DECIDING_FILL if deciding else ACTIVE_FILL if active else PANEL
    d.rounded_rectangle(
        (left, top, right, bottom), radius=16, fill=fill, outline=border, width=6 if active or deciding else 2
    )
    if active and deciding:  # the turn's gold inside the decision's border
        d.rounded_rectangle((left + 6, top + 6, right - 6, bottom - 6), radius=12, outline=ACTIVE, width=3)
    nx0, ny0, nx1, ny1 = boxes[f"name:{name}"]
    lines, nf = _seat_name(name, right - left)
    _name_lines(d, nx0, (ny0 + ny1) / 2, lines, nf, TEXT)
    wounds = int(seat.get("wounds", 0))
    wf, lf = font(BIG, "bold"), font(SMALL)
    d.text((nx1, ny0 + 30), "wounds", font=lf, fill=TEXT_DIM, anchor="rm")
    d.text(
        (nx1 - lf.getlength("wounds") - 8, ny0 + 28),
        str(wounds),
        font=wf,
        fill=WOUND_INK if wounds else TEXT,
        anchor="rm",
    )
    if f"badges:{name}" in boxes:
        bx0, by0, _, by1 = boxes[f"badges:{name}"]
        cy = (by0 + by1) / 2
        x = float(bx0)
        bf = font(SMALL, "bold")
        if active:
            x += pill(d, x, cy, "▶ TURN", bf, fill=ACTIVE, ink=PANEL_DARK, pad=12, height=38) + 10
        if deciding:
            x += pill(d, x, cy, "DECIDING", bf, fill=DECIDE, ink=PANEL_DARK, pad=12, height=38) + 10
        influence = seat.get("influence")
        if active and influence is not None and view.get("phase") in ("claim", "chain"):
            coin(d, x + 4 + COIN_R + 2, cy, COIN_R + 2, influence)
            d.text((x + 2 * COIN_R + 14, cy), "influence", font=bf, fill=GOLD, anchor="lm")
    _counts(d, boxes[f"counts:{name}"], seat)
    archives = seat.get("archives") or []
    minions = seat.get("in_play") or []
    zf = font(SMALL, "bold")
    for zone, items, label in (("archives", archives, "ARCHIVES"), ("in-play", minions, "IN PLAY")):
        zx0, zy0, _, zy1 = boxes[f"{zone}:{name}"]
        zy = (zy0 + zy1) / 2
        d.text((zx0, zy), label, font=zf, fill=TEXT_DIM, anchor="lm")
        if not items:
            d.text((zx0 + zf.getlength(label) + 14, zy), "none", font=font(SMALL), fill=TEXT_FAINT, anchor="lm")
    for i, a in enumerate(archives):
        key = a.get("card")
        x0, y0, x1, y1 = boxes[f"archive:{name}:{i}"]
        chip = archive_chip(
            card_name(key, lang) if key else None,
            a.get("colour"),
            a.get("cost"),
            int(a.get("count", 0)),
            x1 - x0,
            y1 - y0,
        )
        paste(img, chip, (x0, y0))
    for i, m in enumerate(minions):
        key = m.get("card")
        health = int(m.get("health") or 0)
        left_hp = m.get("health_left")
        x0, y0, x1, y1 = boxes[f"minion:{name}:{i}"]
        chip = minion_chip(
            card_name(key, lang) if key else m.get("name", "?"),
            m.get("colour"),
            int(m.get("strength") or 0),
            int(health if left_hp is None else left_hp),
            health,
            (bool(m.get("stays_in_play")), bool(m.get("blocks_damage")), bool(m.get("unblockable"))),
            x1 - x0,
            y1 - y0,
        )
        paste(img, chip, (x0, y0))


def _legend(d: Draw, box: Box) -> None:
    """What the letters and marks mean, for spectators new to the game."""
    x0, y0, x1, _ = box
    f = font(SMALL)
    for row, line in enumerate(_legend_lines(x1 - x0 - 8)):
        y = y0 + 26 + row * 44
        for dx, (kind, text, name) in line:
            x = x0 + 4 + dx
            if kind == "moon":
                moon(d, x + MOON_R, y, MOON_R, name)
            elif kind == "kicker":
                d.text((x + MOON_R, y), "K", font=font(SMALL, "bold"), fill=TEXT_DIM, anchor="mm")
            elif kind == "anchor":
                anchor_mark(d, x + MOON_R, y, 28, TEXT_DIM)
            elif kind == "shield":
                shield(d, x + MOON_R, y, 28, fill=SHIELD)
            elif kind == "unblockable":
                unblockable_mark(d, x + MOON_R, y, 28)
            elif kind == "sword":
                sword(d, x + MOON_R, y, 28, STRENGTH)
            tx = x if kind == "text" else x + 2 * MOON_R + 8
            d.text((tx, y), text, font=f, fill=TEXT_DIM, anchor="lm")


def draw_table(view: View, lang: str = "en") -> Image.Image:
    """The table as an image (see :func:`render.render_table` for the bytes)."""
    check_public(view)
    boxes = table_layout(view, lang)
    img = background(TABLE_WIDTH, boxes["image"][3]).copy()
    d = draw(img)
    _header(d, view)
    if "waiting" in boxes:
        _waiting(d, view, boxes["waiting"], lang)
    _gauge(d, view, boxes["gauge"][1])
    if "draft" in boxes:
        _draft_band(d, view, boxes["draft"][1])
    else:
        _commons(img, d, view, boxes, lang)
    if "combat" in boxes:
        _combat(d, view, boxes, lang)
    if "chain" in boxes:
        _chain(d, view, boxes, lang)
    _title(d, boxes["players"][1], "PLAYERS", "in turn order")
    pending = {p["seat"] for p in view.get("pending") or []}
    for seat in view.get("seats") or []:
        _seat(img, d, view, seat, boxes, lang, pending)
    _legend(d, boxes["legend"])
    return img


def render_table(view: View, lang: str = "en") -> bytes:
    return to_png(draw_table(view, lang))
