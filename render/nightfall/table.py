"""The table image: the whole public board in one picture, made to be read on a phone.

Discord shows it about PHONE_WIDTH (320 px) wide on a phone, 42 % of its TABLE_WIDTH (760, portrait: one
column of commons and of seats), so every text and icon here is at least ``theme.MIN_PX`` (22 px, 9.3 px on
the phone): sizes come from the type scale of :mod:`render.theme`, names wrap onto a second line instead of
shrinking. It is laid out to fit about one phone screen: what a decision needs comes first. Top to bottom: the
phase and whose turn, who must decide now and what (a band of its own), the wounds left, the commons (two
columns), the combat, the chain, then the players one to a row in turn order as compact cards (name, badges,
counts and wounds on one or two lines; archives then minions as chips, three to a row, each chip saying what it
is), and a legend of only the colours and marks the image holds.

Drawn only from ``public_view()``. A private view is refused outright, so a hand can never
reach the channel through this function. Tiles that rarely change (commons, archives, minions)
are drawn once per look and cached; each render pastes them onto a freshly painted background.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image

from engine.nightfall.cards import card_set, find_card
from engine.nightfall.texts import spectator_words

from .. import public
from ..primitives import (
    Box,
    Draw,
    Font,
    Line,
    anchor_mark,
    coin,
    draw,
    draw_flow,
    ellipsize,
    fit,
    fit_lines,
    flow,
    paste,
    pill,
    rasterise,
    shield,
    sword,
    to_png,
    vertical_gradient,
    wrap,
)
from ..theme import (
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
    MARGIN,
    MOON_R,
    NAME,
    OK,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    RGB,
    SMALL,
    STRENGTH,
    TABLE_WIDTH,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    font,
    mix,
)
from . import texts
from .cards import card_name, stats, unblockable_mark, wound_name
from .colours import LETTERS, PHASE_COLOURS, colour
from .icons import hidden_moon, moon, wound_icon

View = dict[str, Any]

#: Keys only a private view carries (besides ``"you"``, which every game's does): the view must not be drawn here.
PRIVATE_KEYS = ("hand", "decisions", "discard_pile")

INNER = TABLE_WIDTH - 2 * MARGIN
HEADER_H = 88
GAUGE_H = 68
TITLE_H = 38
#: Between the rows of a section (commons, fights, chain links).
ROW_GAP = 6
#: A common tile: its name on the top row, its colour, links, kicker, cost and copies on the bottom one.
TILE_H = 74
TILE_H2 = 98  # a common whose name takes two lines
COMMON_COLUMNS = 2
SEAT_COLUMNS = 1
SEAT_PAD = 8
CHIP_H = 80
CHIP_H2 = 104  # a chip whose name takes two lines
CHIP_GAP = 6
#: A seat's wound total, beside its name.
WOUNDS = BIG - 6
#: A seat's archives and minions share one grid of chips, this many to a row: each chip says what it is.
CHIP_COLUMNS = 3
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
    public.check_public(view, PRIVATE_KEYS, "the table image")


def waiting_groups(view: View, lang: str = "en") -> list[tuple[list[str], str]]:
    """Who must decide now and what, grouped by what is asked: ([seats], words)."""
    groups: dict[str, list[str]] = {}
    for p in view.get("pending") or []:
        # the engine says what each decision asks (a key and its English arguments), and words
        # it in the image's language
        ask = p.get("ask") or {"key": p["kind"], "args": {}}
        words = spectator_words(ask["key"], ask["args"], lang) if texts.has(f"engine.watch.{ask['key']}") else None
        words = words or str(p.get("asks", p["kind"]))
        groups.setdefault(words, []).append(p["seat"])
    return [(seats, words) for words, seats in groups.items()]


def decision_text(view: View, lang: str = "en") -> str:
    """Who must decide now and what, e.g. "bram: declare blockers"."""
    groups = waiting_groups(view, lang)
    if not groups:
        return texts.t("render.game_over", lang) if view.get("over") else ""
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


#: The columns of a common tile's bottom row, under its name (its own moon stands left of both rows), aligned
#: from tile to tile: links, kicker, then cost and copies at the right.
LINKS_X = 26 + 2 * MOON_R
LINKS_W = 2 * (2 * MOON_R + 4)
KICK_W = 20 + 2 * MOON_R
COST_W = 2 * COIN_R + 12
COUNT_W = 52


def common_name_w(w: int) -> int:
    return w - 26 - 2 * MOON_R - 12


def common_rows(h: int) -> tuple[float, float]:
    """The centres of a common tile's two rows: its moon and name, then its links, kicker, cost and copies."""
    return (22 if h == TILE_H else 34), h - 22


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
    lang: str = "en",
) -> Image.Image:
    """One common archive on one row: colour moon, name, link moons, kicker colour, cost, copies
    left (or EMPTY), in columns that line up from tile to tile.

    Drawn on a copy of the card's :func:`common_layer`, which a new count leaves as it is."""
    h = h or common_height(name, w)
    layer = common_layer(name, col, links, kicker, count == 0, w, h, lang)
    if count == 0:
        return layer
    img = layer.copy()
    d = draw(img)
    cy = common_rows(h)[1]
    d.text((w - 12, cy), f"×{count}", font=font(BODY + 2, "bold"), fill=TEXT, anchor="rm")
    if cost is not None:
        coin(d, w - 12 - COUNT_W - 6 - COIN_R, cy, COIN_R, cost)
    return img


@lru_cache(maxsize=192)
def common_layer(
    name: str, col: str | None, links: tuple[str, ...], kicker: str | None, empty: bool, w: int, h: int, lang: str
) -> Image.Image:
    """A common tile without its copies left and cost: the same for every count (EMPTY, and shaded, when ``empty``)."""
    img = _rounded(w, h, PANEL_DARK if empty else PANEL, mix(PANEL_LINE, colour(col), 0.35))
    d = draw(img)
    d.rounded_rectangle((0, 0, 8, h - 1), radius=4, fill=mix(colour(col), PANEL_DARK, 0.6 if empty else 0))
    top, cy = common_rows(h)
    moon(d, 16 + MOON_R, top, MOON_R, col)
    lines, f = chip_name(name, common_name_w(w))
    _name_lines(d, 26 + 2 * MOON_R, top, lines, f, TEXT_DIM if empty else TEXT)
    x = LINKS_X
    for link in links:
        moon(d, x + MOON_R, cy, MOON_R, link)
        x += 2 * MOON_R + 4
    x = LINKS_X + LINKS_W + 4
    if kicker:
        kf = font(SMALL, "bold")
        d.text((x, cy), texts.t("render.kicker_letter", lang), font=kf, fill=TEXT_DIM, anchor="lm")
        moon(d, x + KICK_W - MOON_R, cy, MOON_R, kicker)
    if empty:
        img.alpha_composite(Image.new("RGBA", img.size, (*PANEL_DARK, 90)))
        word, ef = fit(texts.t("render.archive.empty_tile", lang), COST_W + COUNT_W, (SMALL,))
        draw(img).text((w - 12, cy), word, font=ef, fill=DANGER, anchor="rm")
        img.putalpha(_rounded(w, h, (0, 0, 0)).getchannel("A"))
    return img


def chip_height(names: list[str | None], w: int) -> int:
    """The height of a row of chips ``w`` wide: taller when one of the names takes two lines (None, a secret
    archive, takes one: its words have the chip's whole width)."""
    two = any(n is not None and len(chip_name(n, _chip_name_w(w))[0]) > 1 for n in names)
    return CHIP_H2 if two else CHIP_H


#: Where a chip's moon starts and its name starts (and ends short of the chip's right edge by CHIP_X).
CHIP_X = 7
CHIP_NAME_X = CHIP_X + 2 * MOON_R + 6


def _chip_name_w(w: int) -> int:
    return w - CHIP_NAME_X - CHIP_X


def chip_rows(h: int) -> tuple[int, int]:
    """The centres of a chip's name row (lower when the name takes two lines) and of its counts row: far enough
    apart that the colour moon above and the cost coin below it do not overlap."""
    return (24 if h == CHIP_H else 38), h - 21


@lru_cache(maxsize=256)
def archive_chip(
    name: str | None, col: str | None, cost: int | None, count: int, w: int, h: int, lang: str = "en"
) -> Image.Image:
    """A private archive in a seat panel; a face-down back while it is secret (``name`` None).

    Drawn on a copy of the card's :func:`archive_layer`, which a new count leaves as it is."""
    empty = count == 0 and name is not None
    img = archive_layer(name, col, cost, empty, w, h, lang).copy()
    d = draw(img)
    row2 = chip_rows(h)[1]
    if name is None:  # the copies beside the hidden moon (the words "secret archive" are under them)
        d.text((CHIP_NAME_X, chip_rows(h)[0]), f"×{count}", font=font(BODY, "bold"), fill=TEXT, anchor="lm")
        return img
    x = 12.0 if cost is None else 12.0 + 2 * COIN_R + 10
    word = texts.t("render.archive.empty", lang) if empty else texts.n("render.archive.left", count, lang)
    word, f = fit(word, w - x - 8, (SMALL,))
    d.text((x, row2), word, font=f, fill=DANGER if empty else TEXT, anchor="lm")
    return img


@lru_cache(maxsize=192)
def archive_layer(
    name: str | None, col: str | None, cost: int | None, empty: bool, w: int, h: int, lang: str
) -> Image.Image:
    """An archive chip without its copies left: frame, colour, name and cost, or the secret card back."""
    top, row2 = chip_rows(h)
    if name is None:
        img = _rounded(w, h, (36, 30, 58), radius=10)
        d = draw(img)
        for i in range(-h, w, 14):  # a hatched card back
            d.line((i, h, i + h, 0), fill=SECRET_BACK, width=5)
        img.putalpha(_rounded(w, h, (0, 0, 0), radius=10).getchannel("A"))
        d = draw(img)
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, outline=(92, 80, 140), width=2)
        hidden_moon(d, CHIP_X + MOON_R, top, MOON_R)
        # on the bottom row, the chip's whole width: one line where beside the moon it would take two
        words, f = fit(texts.t("render.secret_archive", lang), w - 2 * CHIP_X - 4, (SMALL,), "condensed-bold")
        d.text((CHIP_X + 4, row2), words, font=f, fill=(210, 200, 240), anchor="lm")
        return img
    img = _rounded(w, h, PANEL_DARK, mix(PANEL_LINE, colour(col), 0.45), radius=10)
    d = draw(img)
    moon(d, CHIP_X + MOON_R, top, MOON_R, col)
    lines, f = chip_name(name, _chip_name_w(w))
    _name_lines(d, CHIP_NAME_X, top, lines, f, TEXT_DIM if empty else TEXT)
    if cost is not None:
        coin(d, 12 + COIN_R, row2, COIN_R, cost)
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
    (stays in play, blocks damage, cannot be blocked).

    Drawn on a copy of the card's :func:`minion_layer`, which new strength and health leave as it is."""
    img = minion_layer(name, col, marks, w, h).copy()
    right = w - 12 - 14 - 34 * sum(marks) + 6 if any(marks) else w - 12
    stats(draw(img), 12, right, chip_rows(h)[1], strength, health_left, health, BODY + 2)
    return img


@lru_cache(maxsize=192)
def minion_layer(name: str, col: str | None, marks: tuple[bool, bool, bool], w: int, h: int) -> Image.Image:
    """A minion chip without its strength and health: frame, colour, name and marks."""
    stays, blocks, unblockable = marks
    img = _rounded(w, h, mix(PANEL, colour(col), 0.12), mix(PANEL_LINE, colour(col), 0.6), radius=10)
    d = draw(img)
    top, row2 = chip_rows(h)
    moon(d, CHIP_X + MOON_R, top, MOON_R, col)
    lines, f = chip_name(name, _chip_name_w(w))
    _name_lines(d, CHIP_NAME_X, top, lines, f, TEXT)
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
    return img


def prime_tiles(lang: str = "en") -> None:
    """Draw every card's common, archive and minion layers (and the secret back), and rasterise each
    card's name as the chain sets it: what the tables in ``lang`` paste whatever the game's state."""
    common_w = _columns(COMMON_COLUMNS, INNER)[0][1]
    seat_w = _columns(SEAT_COLUMNS, INNER, 12)[0][1] - 2 * SEAT_PAD
    chip_w = (seat_w - (CHIP_COLUMNS - 1) * CHIP_GAP) // CHIP_COLUMNS
    for h in (CHIP_H, CHIP_H2):
        archive_layer(None, None, None, False, chip_w, h, lang)
    chain_font = font(NAME, "condensed-bold")
    for card in card_set().cards.values():
        name = card_name(card.key, lang)
        kicker = card.kicker.colour if card.kicker else None
        for empty in (False, True):
            common_layer(name, card.colour, card.links, kicker, empty, common_w, common_height(name, common_w), lang)
        two_lines = len(chip_name(name, _chip_name_w(chip_w))[0]) > 1
        for h in (CHIP_H2,) if two_lines else (CHIP_H, CHIP_H2):
            archive_layer(name, card.colour, card.cost, False, chip_w, h, lang)
            if card.type == "minion":
                marks = (card.has("stays_in_play"), card.has("blocks_damage"), card.has("unblockable"))
                minion_layer(name, card.colour, marks, chip_w, h)
        for line in flow([(name, chain_font, TEXT)], chain_text_w(lang)):
            for _, word, f, _ in line:
                rasterise(word, f, "lm")


def background(w: int, h: int) -> Image.Image:
    """The night sky behind everything, with a few fixed stars above the header.

    Painted anew for each image (a few dozen filled bands, 40 dots): a little dearer than copying a
    kept one, but the same for the first image after a start as for the next, and for a table
    of a new height (a game's tables grow and shrink); nor does a bot keep a 12 MB layer per height.
    """
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
    if runs:  # "WAITING FOR" opens the first line rather than taking one of its own
        runs[0].insert(0, (texts.t("render.table.waiting", lang), font(SMALL, "bold"), DECIDE))
    lines: list[Line] = []
    for run in runs:
        lines.extend(flow(run, INNER - 40))
    return lines


#: A line of the waiting band, and where its words stand (their baseline) below the line's top.
WAITING_LINE = 36
WAITING_BASE = 27


def _waiting_height(lines: list[Line]) -> int:
    return 0 if not lines else 12 + len(lines) * WAITING_LINE + 8 + GAP


#: Room for a chain link's name and player, left of its kicker tag and status (in English).
CHAIN_TEXT_W = INNER - 2 * MOON_R - 34 - 400
CHAIN_LINE = 30
#: Room for a chain link's status at the right of its row (more when the words are longer).
STATUS_W = 190
#: The chain's statuses: the key of each one's words, and its colour.
STATUS = {
    "resolved": ("render.chain.resolved", OK),
    "resolving": ("render.chain.resolving", DECIDE),
    "cancelled": ("render.chain.cancelled", DANGER),
    "waiting": ("render.chain.waiting", TEXT_FAINT),
}


@cache
def status_w(lang: str) -> int:
    """The room for a link's status: the English 190 px, or the longest status in ``lang`` and a margin."""
    f = font(SMALL, "bold")
    return max(STATUS_W, max(round(f.getlength(texts.t(k, lang))) + 32 for k, _ in STATUS.values()))


@cache
def kicker_tag_w(lang: str) -> int:
    """The gold "★ KICKER" tag's width: its words, padding, and the kicker's moon."""
    return round(font(SMALL, "bold").getlength(texts.t("render.chain.kicker", lang))) + 24 + 2 * MOON_R


@cache
def chain_text_w(lang: str, kicker: str = "") -> int:
    """Room for a link's name and player: what the status leaves; with ``kicker`` "beside", what the status
    and the kicker tag beside it leave; with "under", what the status or the tag stacked under it leaves."""
    if kicker == "beside":
        right = status_w(lang) + kicker_tag_w(lang) + 12 + 30
    elif kicker == "under":
        right = max(status_w(lang), kicker_tag_w(lang) + 16) + 30
    else:
        right = status_w(lang) + 30
    return INNER - 2 * MOON_R - 34 - right


def _chain_rows(view: View, lang: str) -> list[tuple[list[Line], str]]:
    """Each chain link's text lines (its name, wrapping, then who played it) and where its kicker tag goes:
    "" (no kicker applies), "beside" the status when the text keeps its lines there, else "under" it."""
    out = []
    for e in view.get("chain") or []:
        key = e.get("card")
        name = card_name(key, lang) if key and key != "wound" else e.get("name", "?")
        by = texts.t("render.chain.by", lang, name=e.get("by", "?"))
        runs = [(name, font(NAME, "condensed-bold"), TEXT), (by, font(SMALL), TEXT_DIM)]
        if not e.get("kicker_active"):
            out.append((flow(runs, chain_text_w(lang)), ""))
            continue
        beside, under = flow(runs, chain_text_w(lang, "beside")), flow(runs, chain_text_w(lang, "under"))
        if _chain_row_h(beside) <= _chain_row_h(under, "under"):  # the lower row of the two
            out.append((beside, "beside"))
        else:
            out.append((under, "under"))
    return out


def _chain_row_h(lines: list[Line], kicker: str = "") -> int:
    """A link's row: its text lines; with the kicker's tag under the status, room for both."""
    return max(90 if kicker == "under" else 50, len(lines) * CHAIN_LINE + 18)


def _combat_lines(view: View, lang: str) -> list[list[Line]]:
    """Each attack's line(s): attacker, strength, defender, blockers."""
    names = _minion_names(view, lang)
    out = []
    for a in view.get("combat") or []:
        att = a.get("attacker") or {}
        key = att.get("card")
        name = card_name(key, lang) if key else att.get("name", "?")
        blockers = [names.get(b, b) for b in a.get("blockers") or []]
        if blockers:
            block = texts.t("render.combat.blocked_by", lang, names=", ".join(blockers))
        else:
            block = texts.t("render.combat.unblocked", lang)
        ink = TEXT_DIM if a.get("done") else TEXT
        runs = [
            (name, font(BODY, "condensed-bold"), ink),
            (texts.t("render.combat.strength", lang, n=att.get("strength", "?")), font(BODY, "condensed"), ink),
            (f"→ {a.get('defender', '?')}", font(BODY, "bold"), ink),
            (block, font(BODY, "condensed"), TEXT_DIM if a.get("done") else TEXT),
        ]
        out.append(flow(runs, INNER - 2 * MOON_R - 40 - fight_status_w(lang)))
    return out


@cache
def fight_status_w(lang: str) -> int:
    """Room for an attack's "✓ done" / "to fight" at the right of its row (150 px in English)."""
    f = font(SMALL, "bold")
    words = (texts.t("render.combat.done", lang), texts.t("render.combat.to_fight", lang))
    return max(150, max(round(f.getlength(w)) + 40 for w in words))


def _combat_row_h(lines: list[Line]) -> int:
    return max(56, len(lines) * 32 + 20)


def _seat_names(seat: View, lang: str) -> tuple[list[str | None], list[str | None]]:
    """The names on a seat's chips: its archives' (None for a secret one), then its minions'."""
    archives = [card_name(a["card"], lang) if a.get("card") else None for a in seat.get("archives") or []]
    minions: list[str | None] = [
        card_name(m["card"], lang) if m.get("card") else m.get("name", "?") for m in seat.get("in_play") or []
    ]
    return archives, minions


def _has_badges(seat: View, pending: set[str]) -> bool:
    """Whose turn it is and who must decide get a row of badges under the name."""
    return bool(seat.get("active")) or seat["seat"] in pending


def seat_layout(view: View, seat: View, x: int, y: int, w: int, lang: str, pending: set[str]) -> dict[str, Box]:
    """Where a seat panel's parts go: ``name``, ``badges`` (whose turn, deciding, influence),
    ``counts``, ``archive:<i>`` and ``minion:<i>`` chips, and ``panel``, the whole panel.

    The archives, then the minions, share one grid of CHIP_COLUMNS chips a row, without zone labels: an
    archive's chip shows its cost and copies left, a minion's its strength and health."""
    boxes: dict[str, Box] = {}
    left, right = x + SEAT_PAD, x + w - SEAT_PAD
    cy = y + SEAT_PAD
    lines, nf = _seat_name(seat, w, lang)
    h = 46 if len(lines) == 1 else 76
    boxes["name"] = (left, cy, right, cy + h)
    ww = _wounds_w(seat, lang)
    seat_wounds = int(seat.get("wounds", 0))
    bx = left + round(nf.getlength(lines[0])) + 16  # right of a one-line name
    if _has_badges(seat, pending):
        # beside a one-line name when they fit before the wounds, else on a row of their own
        if len(lines) == 1 and bx + _badges_w(view, seat, pending, lang) <= right - ww:
            boxes["badges"] = (bx, cy, right - ww, cy + h)
        else:
            boxes["badges"] = (left, cy + h, right, cy + h + 42)
            cy += 42
    elif len(lines) == 1 and bx + _counts_w(seat, lang, True) <= right - _wounds_room(seat_wounds, lang, 0) - 12:
        # the counts beside a short name, before the wounds: one row for the seat's numbers
        boxes["counts"] = (bx, cy, right - _wounds_room(seat_wounds, lang, 0) - 12, cy + h)
    cy += h
    if "counts" not in boxes:
        boxes["counts"] = (left, cy, right, cy + 36)
        cy += 40
    else:
        cy += 4
    archives, minions = _seat_names(seat, lang)
    chips = [("archive", i, n) for i, n in enumerate(archives)] + [("minion", i, n) for i, n in enumerate(minions)]
    cw = (right - left - (CHIP_COLUMNS - 1) * CHIP_GAP) // CHIP_COLUMNS
    for row in range(0, len(chips), CHIP_COLUMNS):
        cells = chips[row : row + CHIP_COLUMNS]
        ch = chip_height([n for _, _, n in cells], cw)
        for col, (part, i, _) in enumerate(cells):
            cx = left + col * (cw + CHIP_GAP)
            boxes[f"{part}:{i}"] = (cx, cy, cx + cw, cy + ch)
        cy += ch + CHIP_GAP
    boxes["panel"] = (x, y, x + w, cy + SEAT_PAD - (CHIP_GAP if chips else 4))
    return boxes


def _count_parts(seat: View, lang: str) -> list[tuple[str, str, str]]:
    """Each of hand, deck and discard as the language words it: (words before, number, words after)."""
    parts = []
    for zone in ("hand", "deck", "discard"):
        before, after = texts.around(f"render.seat.{zone}", lang)
        parts.append((before.strip(), str(seat.get(zone, 0)), after.strip()))
    return parts


def _counts_w(seat: View, lang: str, condensed: bool = False) -> float:
    """The width of a seat's counts and wounds by type in their full faces, or the condensed ones
    :func:`_counts` falls back on (see there)."""
    nf = font(BODY, "bold")
    num_f, lf, gap = (
        (font(BODY, "condensed-bold"), font(SMALL, "condensed"), 12) if condensed else (nf, font(SMALL), 18)
    )
    by_type = seat.get("wounds_by_type") or {}
    types = sum(nf.getlength(str(by_type.get(t, 0))) + 4 + 26 + 16 for t in ("bleed", "burn", "bite"))
    words = sum(
        lf.getlength(a + b) + num_f.getlength(n) + 6 * (1 + bool(a) + bool(b)) for a, n, b in _count_parts(seat, lang)
    )
    return types + words + 2 * gap - 18


def _badges_w(view: View, seat: View, pending: set[str], lang: str) -> int:
    """The width of a seat's badges: TURN and DECIDING pills, and the influence while it can be spent."""
    bf = font(SMALL, "bold")
    words = [texts.t("render.seat.turn", lang)] if seat.get("active") else []
    words += [texts.t("render.seat.deciding", lang)] if seat["seat"] in pending else []
    w = sum(round(bf.getlength(word)) + 24 + 10 for word in words)
    if seat.get("active") and seat.get("influence") is not None and view.get("phase") in ("claim", "chain"):
        w += 2 * COIN_R + 14 + round(bf.getlength(texts.t("render.seat.influence", lang))) + 4
    return w


def _wounds_w(seat: View, lang: str) -> int:
    """Room for a seat's wound total and its word at the right of the name (150 px in English)."""
    return _wounds_room(int(seat.get("wounds", 0)), lang)


@lru_cache(maxsize=256)
def _wounds_room(wounds: int, lang: str, least: int = 150) -> int:
    """Room for a wound total and its word: at least ``least`` (150 px lines the totals up from seat to seat)."""
    word = texts.wounds_word(wounds, lang)
    return max(least, round(font(WOUNDS, "bold").getlength(str(wounds)) + 8 + font(SMALL).getlength(word)) + 16)


def _seat_name(seat: View, w: int, lang: str = "en") -> tuple[list[str], Any]:
    return fit_lines(seat["seat"], w - 2 * SEAT_PAD - _wounds_w(seat, lang), (HEAD, NAME, BODY), "bold")


#: The legend's marks: (what the view must hold for the mark to be drawn, kind, key of its words). A sword,
#: a heart and a tag reading "★ KICKER" say what they are: the legend keeps to the marks that do not.
LEGEND_MARKS = (
    ("kicker", "kicker", "render.legend.kicker"),
    ("stays_in_play", "anchor", "render.legend.stays"),
    ("blocks_damage", "shield", "render.legend.blocks"),
    ("unblockable", "unblockable", "render.legend.unblockable"),
)
LEGEND_LINE = 36


def legend_shown(view: View) -> tuple[str, ...]:
    """What the table of ``view`` draws that the legend explains: its colours (in LETTERS' order), then
    "kicker", "stays_in_play", "blocks_damage", "unblockable" when it has them.
    The legend names only these: a line about a mark not in the image is a line the phone scrolls past."""
    found: set[str] = set()

    def colours(*cols: Any) -> None:
        found.update(c for c in cols if c)

    for a in view.get("commons") or []:
        colours(a.get("colour"), a.get("kicker"), *(a.get("links") or ()))
        if a.get("kicker"):
            found.add("kicker")
    for e in view.get("chain") or []:
        colours(e.get("colour"), e.get("kicker") if e.get("kicker_active") else None, *(e.get("links") or ()))
    for a in view.get("combat") or []:
        colours((a.get("attacker") or {}).get("colour"))
    for seat in view.get("seats") or []:
        colours(*(a.get("colour") for a in seat.get("archives") or [] if a.get("card")))
        for m in seat.get("in_play") or []:
            colours(m.get("colour"))
            found.update(k for k in ("stays_in_play", "blocks_damage", "unblockable") if m.get(k))
    marks = [need for need, _, _ in LEGEND_MARKS if need in found]
    return (*(c for c in LETTERS if c in found), *marks)


def _legend_items(lang: str = "en", shown: tuple[str, ...] | None = None) -> list[tuple[str, str, str | None]]:
    """(kind, text, colour) for each legend entry: colour moons (the letter in the moon is the
    English initial in every language, named beside it), then the marks; only those in ``shown``
    (:func:`legend_shown`) when it is given."""
    wanted = set(LETTERS) | {need for need, _, _ in LEGEND_MARKS} if shown is None else set(shown)
    # a moon whose letter is its colour's initial in ``lang`` (every one in English) names itself
    named = [(name, texts.colour_name(name, lang)) for name in LETTERS if name in wanted]
    items: list[tuple[str, str, str | None]] = [
        ("moon", word, name) for name, word in named if not word.upper().startswith(LETTERS[name])
    ]
    items += [(kind, texts.t(key, lang), None) for need, kind, key in LEGEND_MARKS if need in wanted]
    return items


@lru_cache(maxsize=128)
def _legend_lines(
    width: int, lang: str = "en", shown: tuple[str, ...] | None = None
) -> list[list[tuple[float, tuple[str, str, str | None]]]]:
    """The legend's entries laid out in lines ``width`` wide (each language once per width and set of entries)."""
    f = font(SMALL, "condensed")
    lines: list[list[tuple[float, tuple[str, str, str | None]]]] = [[]]
    x = 0.0
    for item in _legend_items(lang, shown):
        kind, text, _ = item
        w = f.getlength(text) + (0 if kind == "text" else 2 * MOON_R + 6) + 18
        if x + w > width and lines[-1]:
            lines.append([])
            x = 0.0
        lines[-1].append((x, item))
        x += w
    return [line for line in lines if line]


def legend_height(width: int = INNER, lang: str = "en", shown: tuple[str, ...] | None = None) -> int:
    lines = _legend_lines(width - 8, lang, shown)
    return 8 + len(lines) * LEGEND_LINE if lines else 0


def _common_rows(view: View, lang: str) -> list[int]:
    """The height of each row of common tiles: the taller of its two."""
    w = _columns(COMMON_COLUMNS, INNER)[0][1]
    heights = [common_height(_common_name(a, lang), w) for a in view.get("commons") or []]
    return [max(heights[i : i + COMMON_COLUMNS]) for i in range(0, len(heights), COMMON_COLUMNS)]


def _common_name(a: View, lang: str) -> str:
    key = a.get("card")
    return card_name(key, lang) if key else "?"


def _common_tile(a: View, lang: str, w: int, h: int) -> Image.Image:
    """A common archive of the view as its tile, in ``lang``."""
    links = tuple(a.get("links") or ())
    count = int(a.get("count", 0))
    return common_tile(_common_name(a, lang), a.get("colour"), links, a.get("kicker"), a.get("cost"), count, w, h, lang)


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
    boxes["gauge-bar"] = gauge_bar(y, view, lang)
    band("gauge", GAUGE_H)
    phase = view.get("phase")
    commons = view.get("commons") or []
    if phase == "draft" and not commons:
        band("draft", TITLE_H + 110 + GAP)
    else:
        common_rows = _common_rows(view, lang)
        th = title_h(texts.t("render.commons.title", lang), texts.t("render.commons.note", lang))
        top = band("commons", th + sum(h + ROW_GAP for h in common_rows) + GAP - ROW_GAP + (0 if common_rows else 48))
        cols = _columns(COMMON_COLUMNS, INNER)
        ty = top + th
        for i in range(len(commons)):
            x, w = cols[i % COMMON_COLUMNS]
            rh = common_rows[i // COMMON_COLUMNS]
            boxes[f"common:{i}"] = (x, ty, x + w, ty + rh)
            if i % COMMON_COLUMNS == COMMON_COLUMNS - 1:
                ty += rh + ROW_GAP
    if view.get("combat"):
        fights = _combat_lines(view, lang)
        th = title_h(*_combat_title(view, lang))
        top = band("combat", th + sum(_combat_row_h(r) + ROW_GAP for r in fights) + GAP)
        cy = top + th
        for i, r in enumerate(fights):
            boxes[f"fight:{i}"] = (left, cy, right, cy + _combat_row_h(r))
            cy += _combat_row_h(r) + ROW_GAP
    chain = view.get("chain") or []
    if chain or phase == "chain":
        heights = [_chain_row_h(lines, kicker) for lines, kicker in _chain_rows(view, lang)]
        th = title_h(texts.t("render.chain.title", lang), *_chain_note(view, lang))
        h = th + (sum(rh + ROW_GAP for rh in heights) if chain else 48) + GAP
        top = band("chain", h)
        cy = top + th
        for i, rh in enumerate(heights):
            boxes[f"link:{i}"] = (left, cy, right, cy + rh)
            cy += rh + ROW_GAP
    shown = legend_shown(view)
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
            boxes["legend"] = (x, y, x + w, y + max(row_h, legend_height(w, lang, shown)))
            row_h = max(row_h, legend_height(w, lang, shown))
        y += row_h + 8
    if "legend" not in boxes:
        band("legend", legend_height(INNER, lang, shown))
    else:
        y -= 8
    boxes["image"] = (0, 0, TABLE_WIDTH, y + MARGIN)
    return boxes


def table_height(view: View, lang: str = "en") -> int:
    return table_layout(view, lang)["image"][3]


def _gauge_words(view: View, lang: str) -> tuple[str, str, str, str]:
    """The gauge's words: "of 30" and "wounds left" beside the count, "+N face down" and "next: bite"
    at the right ("" when no type is next)."""
    ws = view.get("wound_stack") or {}
    start = max(1, int(ws.get("face_up_start", 1)))
    down = int(ws.get("face_down", 0))
    top_type = ws.get("top")
    nxt = texts.t("render.gauge.next", lang, type=wound_name(top_type, lang)) if top_type else ""
    return (
        texts.t("render.gauge.of", lang, start=start),
        texts.n("render.gauge.left", start, lang),
        texts.n("render.gauge.face_down", down, lang),
        nxt,
    )


def gauge_bar(top: int, view: View | None = None, lang: str = "en") -> Box:
    """The wound gauge's track inside the gauge band starting at ``top``: 250 px from the left and
    230 px from the right, or more when the words beside it need it (longer in Polish and Russian)."""
    cy = top + (GAUGE_H - 10) // 2
    x0, x1 = MARGIN + 250, TABLE_WIDTH - MARGIN - 230
    if view is not None:
        of, left, down, nxt = _gauge_words(view, lang)
        up = str(int((view.get("wound_stack") or {}).get("face_up", 0)))
        sf = font(SMALL)
        words_w = max(sf.getlength(of), sf.getlength(left))
        x0 = max(x0, round(MARGIN + 16 + font(BIG, "bold").getlength(up) + 10 + words_w + 20))
        right_w = max(sf.getlength(down), sf.getlength(nxt) + 36 if nxt else 0)
        x1 = min(x1, round(TABLE_WIDTH - MARGIN - 16 - right_w - 20))
    return (x0, cy - 16, x1, cy + 16)


# ---------------------------------------------------------------- sections


def _header(d: Draw, view: View, lang: str = "en") -> None:
    phase = view.get("phase", "")
    pc = PHASE_COLOURS.get(phase, TEXT_DIM)
    brand = "☾ NIGHTFALL"
    bf = font(SMALL + 2, "bold")
    d.text((MARGIN, 20), brand, font=bf, fill=GOLD, anchor="lm")
    opts = view.get("options") or {}
    about = [texts.t("render.turn", lang, turn=view.get("turn", 1)), texts.variant(opts.get("draft", "standard"), lang)]
    if opts.get("secret_archives"):
        about.append(texts.t("render.secret_archives", lang))
    about_room = INNER - bf.getlength(brand) - 30
    af = next(
        (f for f in (font(SMALL), font(SMALL, "condensed")) if f.getlength(" · ".join(about)) <= about_room), None
    )
    if af is None:  # what does not fit even condensed goes whole, never cut in the middle of a word
        af = font(SMALL, "condensed")
        while len(about) > 1 and af.getlength(" · ".join(about)) > about_room:
            about.pop()
    about_text = ellipsize(" · ".join(about), af, about_room)
    d.text((TABLE_WIDTH - MARGIN, 20), about_text, font=af, fill=TEXT_DIM, anchor="rm")
    label = texts.phase(phase, lang)
    cy = 60
    pw = pill(d, MARGIN, cy, label, font(HEAD - 2, "bold"), fill=pc, ink=PANEL_DARK, pad=16, height=46)
    x = MARGIN + pw + 18
    if view.get("over"):
        result = view.get("result") or []
        main = texts.t("render.wins", lang, name=result[0]["seat"]) if result else texts.t("render.game_over", lang)
    elif phase == "draft":
        dr = view.get("draft") or {}
        main = texts.t("render.round", lang, round=dr.get("round", 1), rounds=dr.get("rounds", "?"))
    else:
        main = texts.t("render.turn_of", lang, name=view.get("active", "?"))
    room = TABLE_WIDTH - MARGIN - x
    for sizes, weight in (((HEAD + 8, HEAD + 4, HEAD, NAME), "bold"), ((NAME, BODY), "condensed-bold")):
        text, f = fit(main, room, sizes, weight)
        if not text.endswith("…"):
            d.text((x, cy), text, font=f, fill=TEXT, anchor="lm")
            return
    lines = wrap(main, f, room)[:2]  # a long player's name: two condensed lines rather than "turn…"
    for i, line in enumerate(lines):
        d.text((x, cy + (i - (len(lines) - 1) / 2) * (f.size + 4)), line, font=f, fill=TEXT, anchor="lm")


def _waiting(d: Draw, view: View, box: Box, lang: str) -> None:
    """The band that says who must decide now and what: the first thing under the turn."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0, y0, x1, y1 - GAP), radius=14, fill=WAITING_FILL, outline=DECIDE, width=4)
    with d.within((x0 + 4, y0 + 4, x1 - 4, y1 - GAP - 4)):
        y = y0 + 10
        for line in _waiting_lines(view, lang):  # on one baseline: the small "WAITING FOR" and the larger names
            for dx, word, f, ink in line:
                d.text((x0 + 20 + dx, y + WAITING_BASE), word, font=f, fill=ink, anchor="ls")
            y += WAITING_LINE


def _gauge(d: Draw, view: View, top: int, lang: str = "en") -> None:
    ws = view.get("wound_stack") or {}
    up, start = int(ws.get("face_up", 0)), max(1, int(ws.get("face_up_start", 1)))
    frac = max(0.0, min(1.0, up / start))
    d.rounded_rectangle((MARGIN, top, TABLE_WIDTH - MARGIN, top + GAUGE_H - 10), radius=14, fill=PANEL_DARK)
    cy = top + (GAUGE_H - 10) / 2
    of, left, down, nxt = _gauge_words(view, lang)
    x0, by0, x1, by1 = gauge_bar(top, view, lang)
    with d.within((MARGIN, top, x0, top + GAUGE_H - 10)):
        bf = font(BIG, "bold")
        d.text((MARGIN + 16, cy), str(up), font=bf, fill=TEXT, anchor="lm")
        nx = MARGIN + 16 + bf.getlength(str(up)) + 10
        d.text((nx, cy - 13), of, font=font(SMALL), fill=TEXT_DIM, anchor="lm")
        d.text((nx, cy + 13), left, font=font(SMALL), fill=TEXT_DIM, anchor="lm")
    d.rounded_rectangle((x0, by0, x1, by1), radius=16, fill=GAUGE_TRACK)
    if up:  # moonlight while more than half is left, amber past half, red in the last quarter
        fill = MOONLIGHT if frac > 0.5 else AMBER if frac > 0.25 else DANGER
        d.rounded_rectangle((x0, by0, x0 + max(32, (x1 - x0) * frac), by1), radius=16, fill=fill)
    for k in range(10, start, 10):  # one notch per player's ten wounds
        tx = x0 + (x1 - x0) * k / start
        d.line((tx, by0 + 4, tx, by1 - 4), fill=PANEL_DARK, width=3)
    if view.get("ending") or up == 0:
        with d.within((x0, by0, x1, by1)):
            mf = font(SMALL, "bold")
            msg = texts.t("render.gauge.nightfall", lang)
            if mf.getlength(msg) > x1 - x0 - 16:  # the word alone, on an empty track, rather than a cut sentence
                msg = ellipsize(msg.split(":")[0], mf, x1 - x0 - 16)
            d.text(((x0 + x1) / 2, cy), msg, font=mf, fill=TEXT, anchor="mm")
    rx = TABLE_WIDTH - MARGIN - 16
    sf = font(SMALL)
    with d.within((x1, top, TABLE_WIDTH - MARGIN, top + GAUGE_H - 10)):
        d.text((rx, cy - 13), down, font=sf, fill=TEXT_DIM, anchor="rm")
        if nxt:
            d.text((rx, cy + 14), nxt, font=sf, fill=TEXT_DIM, anchor="rm")
            wound_icon(d, rx - sf.getlength(nxt) - 18, cy + 14, 26, ws.get("top"))


def _title_note(text: str, note: str, room: float | None = None) -> tuple[Font, list[str]]:
    """A title's note as :func:`note_lines` lays it out in ``room``, or in what the title leaves of the line."""
    width = INNER - font(BODY, "bold").getlength(text) - 20 if room is None else room
    return note_lines(note, width) if note else (font(SMALL), [])


def title_h(text: str, note: str = "", room: float | None = None) -> int:
    """A section title's height: taller when its note takes two lines."""
    return TITLE_H + 10 if len(_title_note(text, note, room)[1]) > 1 else TITLE_H


def _title(d: Draw, y: int, text: str, note: str = "", room: float | None = None) -> None:
    """A section's title and its note (in ``room``, or the rest of the line): a note too long for one line
    takes two (split at its " · " when it can), in a condensed face if need be, rather than being cut."""
    f = font(BODY, "bold")
    h = title_h(text, note, room)
    with d.within((MARGIN, y, TABLE_WIDTH - MARGIN, y + h)):
        text, f = fit(text, INNER - 4, (BODY,))
        d.text((MARGIN + 2, y + h / 2), text, font=f, fill=TEXT_DIM, anchor="lm")
        if note:
            nf, lines = _title_note(text, note, room)
            x, step = MARGIN + 16 + f.getlength(text), h / 2
            for i, line in enumerate(lines):
                ny = y + h / 2 + (i - (len(lines) - 1) / 2) * step
                d.text((x, ny), line, font=nf, fill=TEXT_FAINT, anchor="lm")


def note_lines(note: str, width: float) -> tuple[Font, list[str]]:
    """``note`` on one line of ``width``, or two (at its " · " if both halves fit), in the small face or a
    condensed one; cut only when even that does not hold it."""
    for nf in (font(SMALL), font(SMALL, "condensed")):  # one line, condensed if need be, before two
        if nf.getlength(note) <= width:
            return nf, [note]
    for nf in (font(SMALL), font(SMALL, "condensed")):
        head, dot, tail = note.partition(" · ")
        if dot and nf.getlength(head + " ·") <= width and nf.getlength(tail) <= width:
            return nf, [head + " ·", tail]
        lines = wrap(note, nf, width)
        if len(lines) <= 2 and not any(line.endswith("…") for line in lines):
            return nf, lines
    nf = font(SMALL, "condensed")
    return nf, [ellipsize(line, nf, width) for line in wrap(note, nf, width)[:1]]


def _commons(img: Image.Image, d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    _title(d, boxes["commons"][1], texts.t("render.commons.title", lang), texts.t("render.commons.note", lang))
    commons = view.get("commons") or []
    for i, a in enumerate(commons):
        x, y, x1, y1 = boxes[f"common:{i}"]
        paste(img, _common_tile(a, lang, x1 - x, y1 - y), (x, y), kept=True)
    if not commons:
        none = texts.t("render.none", lang)
        d.text((MARGIN + 4, boxes["commons"][1] + TITLE_H + 22), none, font=font(BODY), fill=TEXT_FAINT, anchor="lm")


def _draft_band(d: Draw, view: View, top: int, lang: str = "en") -> None:
    """The draft's plan and the commons picked so far (who is still picking is in the waiting band)."""
    dr = view.get("draft") or {}
    rnd, plan = int(dr.get("round", 1)), dr.get("plan") or []
    note = texts.t("render.round", lang, round=rnd, rounds=dr.get("rounds", "?"))
    _title(d, top, texts.t("render.draft.title", lang), note)
    y = top + TITLE_H
    d.rounded_rectangle((MARGIN, y, TABLE_WIDTH - MARGIN, y + 110), radius=14, fill=PANEL)
    goes = f"render.draft.goes.{plan[rnd - 1]}" if 0 < rnd <= len(plan) else ""
    line = texts.t(goes, lang) if goes and texts.has(goes) else texts.t("render.draft.picking", lang)
    with d.within((MARGIN, y, TABLE_WIDTH - MARGIN, y + 110)):
        lines, f = fit_lines(line, INNER - 36, (BODY, SMALL))  # two lines rather than a cut one
        for i, part in enumerate(lines):
            d.text((MARGIN + 18, y + (32 if len(lines) == 1 else 20 + 26 * i)), part, font=f, fill=TEXT, anchor="lm")
        commons = dr.get("commons") or []
        if commons:
            names = ", ".join(local_name(str(c), lang) for c in commons)
            cl = texts.t("render.draft.commons_so_far", lang, names=names)
        else:
            cl = texts.t("render.draft.commons_none", lang)
        cf = font(SMALL, "condensed")
        d.text((MARGIN + 18, y + 78), ellipsize(cl, cf, INNER - 36), font=cf, fill=TEXT_DIM, anchor="lm")


def _chain(d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    """The chain in play order, top to bottom: each link with its owner, kicker and status."""
    chain = view.get("chain") or []
    top = boxes["chain"][1]
    note, room = _chain_note(view, lang)
    title = texts.t("render.chain.title", lang)
    th = title_h(title, note, room)
    if chain and view.get("step") == "build":  # while links are added: which colours may come next
        rx = TABLE_WIDTH - MARGIN - 4
        for link in reversed(chain[-1].get("links") or []):
            moon(d, rx - MOON_R, top + th / 2, MOON_R, link)
            rx -= 2 * MOON_R + 6
        d.text(
            (rx - 6, top + th / 2),
            texts.t("render.chain.next_link", lang),
            font=font(SMALL, "bold"),
            fill=TEXT_DIM,
            anchor="rm",
        )
    _title(d, top, title, note, room)
    if not chain:
        d.text(
            (MARGIN + 4, top + th + 22),
            texts.t("render.chain.empty", lang),
            font=font(BODY),
            fill=TEXT_FAINT,
            anchor="lm",
        )
        return
    rows = _chain_rows(view, lang)
    sw, kw = status_w(lang), kicker_tag_w(lang)
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
        lines, kicker = rows[i]
        tx = x0 + 2 * MOON_R + 34
        ty = cy - (len(lines) - 1) * CHAIN_LINE / 2
        with d.within((tx - 8, y0, tx + chain_text_w(lang, kicker), y1)):  # a "J" reaches left of its pen
            for line in lines:
                for dx, word, f, ink in line:
                    d.text((tx + dx, ty), word, font=f, fill=TEXT_DIM if done and ink == TEXT else ink, anchor="lm")
                ty += CHAIN_LINE
        if status == "cancelled" and lines:  # the name struck through
            name_end = max((dx + f.getlength(w) for dx, w, f, ink in lines[0] if ink == TEXT), default=0)
            sy = cy - (len(lines) - 1) * CHAIN_LINE / 2
            d.line((tx, sy, tx + name_end, sy), fill=DANGER, width=3)
        key, ink = STATUS.get(status, ("", TEXT_FAINT))
        label = texts.t(key, lang) if key else status
        sy = cy - 24 if kicker == "under" else cy
        with d.within((x1 - sw, y0, x1, y1)):
            d.text((x1 - 16, sy), label, font=font(SMALL, "bold"), fill=ink, anchor="rm")
        if kicker:  # a gold tag beside the status, or under it: this link's kicker applies
            kf = font(SMALL, "bold")
            kx, ky = (x1 - sw - 12 - kw, cy) if kicker == "beside" else (x1 - 16 - kw, cy + 20)
            d.rounded_rectangle((kx, ky - 22, kx + kw, ky + 22), radius=22, fill=GOLD, outline=PANEL_DARK, width=2)
            with d.within((kx, ky - 22, kx + kw, ky + 22)):
                d.text((kx + 12, ky), texts.t("render.chain.kicker", lang), font=kf, fill=PANEL_DARK, anchor="lm")
            moon(d, kx + kw - 4 - MOON_R, ky, MOON_R, e.get("kicker"))


def _chain_note(view: View, lang: str) -> tuple[str, float | None]:
    """The chain title's note and its room: while links are added, the note gives way to "next link:" and
    the colours that may come next (and is left out when too little room is left)."""
    chain = view.get("chain") or []
    note = texts.t("render.chain.note", lang)
    if not (chain and view.get("step") == "build"):
        return note, None
    rx = TABLE_WIDTH - MARGIN - 4 - len(chain[-1].get("links") or []) * (2 * MOON_R + 6)
    words_w = font(SMALL, "bold").getlength(texts.t("render.chain.next_link", lang))
    title_w = font(BODY, "bold").getlength(texts.t("render.chain.title", lang))
    room = rx - 6 - words_w - 20 - MARGIN - 16 - title_w
    return (note if room > 40 else ""), room


def _combat_title(view: View, lang: str) -> tuple[str, str]:
    """The combat section's title and note (who attacks)."""
    return texts.t("render.combat.title", lang), texts.t("render.combat.attacks", lang, name=view.get("active", "?"))


def _minion_names(view: View, lang: str) -> dict[str, str]:
    names: dict[str, str] = {}
    for seat in view.get("seats") or []:
        for m in seat.get("in_play") or []:
            key = m.get("card")
            names[m["id"]] = card_name(key, lang) if key else m.get("name", "?")
    return names


def _combat(d: Draw, view: View, boxes: dict[str, Box], lang: str) -> None:
    attacks = view.get("combat") or []
    _title(d, boxes["combat"][1], *_combat_title(view, lang))
    fw = fight_status_w(lang)
    for i, (a, lines) in enumerate(zip(attacks, _combat_lines(view, lang), strict=True)):
        x0, y0, x1, y1 = boxes[f"fight:{i}"]
        att = a.get("attacker") or {}
        d.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=PANEL_DARK if a.get("done") else PANEL)
        cy = (y0 + y1) / 2
        moon(d, x0 + 14 + MOON_R, cy, MOON_R, att.get("colour"))
        tx = x0 + 2 * MOON_R + 28
        with d.within((x0, y0, x1 - fw, y1)):
            draw_flow(d, tx, cy - len(lines) * 32 / 2 + 2, lines, 32)
        done = texts.t("render.combat.done" if a.get("done") else "render.combat.to_fight", lang)
        with d.within((x1 - fw, y0, x1, y1)):
            d.text((x1 - 16, cy), done, font=font(SMALL, "bold"), fill=OK if a.get("done") else TEXT_FAINT, anchor="rm")


def _counts(d: Draw, box: Box, seat: View, lang: str = "en") -> None:
    """hand / deck / discard counts on the left, wounds by type on the right: numbers bold."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    nf, lf = font(BODY, "bold"), font(SMALL)
    by_type = seat.get("wounds_by_type") or {}
    rx = float(x1)
    for t in ("bleed", "burn", "bite"):
        num = str(by_type.get(t, 0))
        d.text((rx, cy), num, font=nf, fill=TEXT_DIM, anchor="rm")
        rx -= nf.getlength(num) + 4
        wound_icon(d, rx - 13, cy, 26, t)
        rx -= 26 + 16
    # each count as the language words it ("4 hand", "ręka 4"); condensed when the row is short of room
    parts = _count_parts(seat, lang)
    # the last word ends at x0 + (its parts and their 6 px spaces) + two gaps - 18: at rx at most,
    # which is 16 px short of the first wound icon
    room = rx - x0
    fonts = ((nf, lf, 18.0), (font(BODY, "condensed-bold"), font(SMALL, "condensed"), 12.0))
    for num_f, label_f, gap in fonts:
        widths = [label_f.getlength(a + b) + num_f.getlength(n) + 6 * (1 + bool(a) + bool(b)) for a, n, b in parts]
        if sum(widths) + 2 * gap - 18 <= room:
            break
    x = float(x0)
    fits = sum(widths) + 2 * gap - 18 <= room
    with d.within((x0, y0, rx, y1)):
        for before, num, after in parts:
            for part, f, ink in ((before, label_f, TEXT_DIM), (num, num_f, TEXT), (after, label_f, TEXT_DIM)):
                if part:
                    shown = part if fits else ellipsize(part, f, max(f.getlength("…"), rx - x))
                    d.text((x, cy), shown, font=f, fill=ink, anchor="lm")
                    x += f.getlength(part) + 6
            x += gap - 6


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
    lines, nf = _seat_name(seat, right - left, lang)
    ww = _wounds_w(seat, lang)
    with d.within((nx0, ny0, nx1 - ww, ny1)):
        _name_lines(d, nx0, (ny0 + ny1) / 2, lines, nf, TEXT)
    wounds = int(seat.get("wounds", 0))
    wf, lf = font(WOUNDS, "bold"), font(SMALL)
    word = texts.wounds_word(wounds, lang)
    with d.within((nx1 - ww, ny0, nx1, ny1)):
        d.text((nx1, ny0 + 25), word, font=lf, fill=TEXT_DIM, anchor="rm")
        d.text(
            (nx1 - lf.getlength(word) - 8, ny0 + 23),
            str(wounds),
            font=wf,
            fill=WOUND_INK if wounds else TEXT,
            anchor="rm",
        )
    if f"badges:{name}" in boxes:
        bx0, by0, bx1, by1 = boxes[f"badges:{name}"]
        cy = (by0 + by1) / 2
        x = float(bx0)
        bf = font(SMALL, "bold")
        with d.within((bx0, by0, bx1, by1)):
            if active:
                turn = texts.t("render.seat.turn", lang)
                x += pill(d, x, cy, turn, bf, fill=ACTIVE, ink=PANEL_DARK, pad=12, height=38) + 10
            if deciding:
                deciding_word = texts.t("render.seat.deciding", lang)
                x += pill(d, x, cy, deciding_word, bf, fill=DECIDE, ink=PANEL_DARK, pad=12, height=38) + 10
            influence = seat.get("influence")
            if active and influence is not None and view.get("phase") in ("claim", "chain"):
                coin(d, x + 4 + COIN_R + 2, cy, COIN_R + 2, influence)
                tx = x + 2 * COIN_R + 14
                word = ellipsize(texts.t("render.seat.influence", lang), bf, bx1 - tx)
                d.text((tx, cy), word, font=bf, fill=GOLD, anchor="lm")
    _counts(d, boxes[f"counts:{name}"], seat, lang)
    archives = seat.get("archives") or []
    minions = seat.get("in_play") or []
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
            lang,
        )
        paste(img, chip, (x0, y0), kept=True)
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
        paste(img, chip, (x0, y0), kept=True)


def _legend(d: Draw, box: Box, shown: tuple[str, ...], lang: str = "en") -> None:
    """What the letters and marks in the image mean, for spectators new to the game."""
    x0, y0, x1, _ = box
    f = font(SMALL, "condensed")
    kicker_letter = texts.t("render.kicker_letter", lang)
    with d.within(box):
        for row, line in enumerate(_legend_lines(x1 - x0 - 8, lang, shown)):
            y = y0 + 4 + LEGEND_LINE / 2 + row * LEGEND_LINE
            for dx, (kind, text, name) in line:
                x = x0 + 4 + dx
                if kind == "moon":
                    moon(d, x + MOON_R, y, MOON_R, name)
                elif kind == "kicker":
                    d.text((x + MOON_R, y), kicker_letter, font=font(SMALL, "bold"), fill=TEXT_DIM, anchor="mm")
                elif kind == "anchor":
                    anchor_mark(d, x + MOON_R, y, 28, TEXT_DIM)
                elif kind == "shield":
                    shield(d, x + MOON_R, y, 28, fill=SHIELD)
                elif kind == "unblockable":
                    unblockable_mark(d, x + MOON_R, y, 28)
                elif kind == "sword":
                    sword(d, x + MOON_R, y, 28, STRENGTH)
                tx = x if kind == "text" else x + 2 * MOON_R + 6
                d.text((tx, y), ellipsize(text, f, x1 - 4 - tx), font=f, fill=TEXT_DIM, anchor="lm")


def draw_table(view: View, lang: str = "en") -> Image.Image:
    """The table as an image in ``lang`` (see :func:`render.render_table` for the bytes)."""
    check_public(view)
    boxes = table_layout(view, lang)
    img = background(TABLE_WIDTH, boxes["image"][3])
    d = draw(img)
    _header(d, view, lang)
    if "waiting" in boxes:
        _waiting(d, view, boxes["waiting"], lang)
    _gauge(d, view, boxes["gauge"][1], lang)
    if "draft" in boxes:
        _draft_band(d, view, boxes["draft"][1], lang)
    else:
        _commons(img, d, view, boxes, lang)
    if "combat" in boxes:
        _combat(d, view, boxes, lang)
    if "chain" in boxes:
        _chain(d, view, boxes, lang)
    pending = {p["seat"] for p in view.get("pending") or []}
    for seat in view.get("seats") or []:
        _seat(img, d, view, seat, boxes, lang, pending)
    _legend(d, boxes["legend"], legend_shown(view), lang)
    return img


#: The table's zlib level: a fifth smaller than the default level's file, for about 12 ms more on a 5-player
#: table. The table is the image a channel receives after every move, on phones too.
TABLE_PNG_LEVEL = 6


def render_table(view: View, lang: str = "en") -> bytes:
    return to_png(draw_table(view, lang), TABLE_PNG_LEVEL)
