"""Full card faces drawn from the card data: frame, moons, cost, texts, kicker, pips, badges.

There is no printed art: each card gets a night sky in its colour instead. Faces never change
during a game: the hand and draft images cache the faces they paste, and ``render_card`` caches
its PNG bytes. A face is drawn in one language: the card's texts come from the data file
(``CardDef.text_in``), the words around them ("Chain:", "Minion · Vampire") from the "cards"
catalogue (``engine.nightfall.card_texts``).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from engine.nightfall import card_texts
from engine.nightfall.cards import CardDef, Kicker, card, card_set

from ..primitives import (
    Draw,
    Line,
    anchor_mark,
    coin,
    crescent,
    draw,
    draw_flow,
    fit,
    fit_lines,
    flow,
    paste,
    pips,
    shield,
    sword,
    wrap,
)
from ..theme import (
    BODY,
    COIN_R,
    HEALTH,
    HEALTH_LOST,
    MOON_R,
    NAME,
    RGB,
    SMALL,
    STRENGTH,
    TEXT,
    TEXT_DIM,
    Font,
    font,
    mix,
)
from .colours import WOUND_COLOURS, WOUND_FRAME, colour
from .icons import moon, wound_icon

#: The design unit: every measure below is for a 250 x 350 card and scales with the width.
BASE_W, BASE_H = 250, 350
CARD_BG: RGB = (24, 22, 36)
INK: RGB = (232, 230, 222)
#: Health below its maximum, and the "cannot be blocked" mark.
HURT: RGB = (232, 70, 70)
UNBLOCKABLE: RGB = (214, 150, 48)


def card_name(key: str, lang: str = "en") -> str:
    """A card's name in ``lang`` (English when the data has no such name)."""
    d = card_set().cards.get(key)
    if d is None:
        return key
    return d.name_in(lang)


def wound_name(wound_type: str, lang: str = "en") -> str:
    return card_set().wound_name(wound_type, lang)


def _texts(c: CardDef, lang: str) -> list[tuple[str, str]]:
    """(label, text) for each rules text the card has, in print order, in ``lang``."""
    texts = c.text_in(lang)
    return [(card_texts.label(part, lang), texts[part]) for part in card_texts.FIELDS if texts.get(part)]


def card_height(width: int) -> int:
    return round(width * BASE_H / BASE_W)


#: Quotation marks around a tagline, as each language prints them.
QUOTES = {"pl": ("„", "”"), "ru": ("«", "»")}
#: The type line's sizes on a full face, largest first (the design unit).
TYPE_SIZES = (10.5, 10, 9)


def quoted(text: str, lang: str = "en") -> str:
    """``text`` in the quotation marks of ``lang``: “…” / „…” / «…»."""
    start, end = QUOTES.get(lang, ("“", "”"))
    return f"{start}{text}{end}"


def wound_effect_lines(lang: str, f: Font, max_w: float) -> list[str]:
    """The wound effect wrapped for the full wound face."""
    return wrap(card_set().wound_effect_in(lang), f, max_w)


def _seed(key: str) -> int:
    """A stable number per card (``hash`` changes between runs; crc32 does not)."""
    return zlib.crc32(key.encode())


def _night_sky(img: Image.Image, box: tuple[int, int, int, int], tint: RGB, key: str, s: float) -> None:
    """The art band: a sky fading from the card's colour, a crescent moon and a few stars."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    top, bottom = mix(CARD_BG, tint, 0.55), mix(CARD_BG, (8, 8, 16), 0.3)
    column = Image.new("RGB", (1, 64))
    column.putdata([mix(top, bottom, i / 63) for i in range(64)])
    band = column.resize((w, h), Image.Resampling.BILINEAR)
    d = draw(band)
    seed = _seed(key)
    for i in range(14):
        sx = (seed >> (i % 24) ^ (i * 7919)) % max(1, w)
        sy = ((seed // (i + 3)) ^ (i * 104729)) % max(1, h - 4)
        r = 0.9 * s if i % 3 else 1.5 * s
        d.ellipse((sx - r, sy - r, sx + r, sy + r), fill=mix(TEXT, tint, 0.15))
    crescent(band, w * (0.62 + (seed % 20) / 100), h * 0.42, h * 0.3, (236, 232, 206))
    # a ridge of hills in the card's colour, darker, so the band reads as a landscape
    pts = [(0.0, float(h))]
    for i in range(9):
        px = w * i / 8
        py = h * (0.72 + 0.12 * (((seed >> (i * 3)) & 7) / 7))
        pts.append((px, py))
    pts.append((float(w), float(h)))
    d.polygon(pts, fill=mix(tint, (10, 10, 20), 0.72))
    mask = Image.new("L", (w, h), 0)
    draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=round(8 * s), fill=255)
    paste(img, band, (x0, y0), mask)


#: The text sizes a full face tries, largest first (the design unit; scaled with the width).
TEXT_SIZES = (12.5, 12, 11.5, 11, 10.5, 10, 9.5, 9, 8.5)


def _layout_text(
    c: CardDef, max_w: float, max_h: float, s: float, lang: str = "en"
) -> tuple[list[Line], list[Line], int, int]:
    """Choose the largest text size at which the texts and the kicker fit their area."""
    texts = _texts(c, lang)
    kicker = c.kicker_in(lang)
    for base in TEXT_SIZES:
        size = max(7, round(base * s))
        line_h = round(size * 1.28)
        bold, plain = font(size, "bold"), font(size, "regular")
        body: list[Line] = []
        for label, text in texts:
            body.extend(flow([(label, bold, INK), (text, plain, INK)], max_w))
            body.append([])  # paragraph gap marker
        kick = _kicker_lines(kicker, lang, bold, plain, max_w - 24 * s)
        if text_height(body, kick, line_h, s) <= max_h:
            return body, kick, size, line_h
    return body, kick, size, line_h


def _kicker_lines(kicker: Kicker | None, lang: str, bold: Font, plain: Font, max_w: float) -> list[Line]:
    if kicker is None:
        return []
    label = card_texts.label("kicker", lang)
    return flow([(label, bold, mix(colour(kicker.colour), INK, 0.35)), (kicker.text, plain, INK)], max_w)


def text_height(body: list[Line], kick: list[Line], line_h: int, s: float) -> float:
    """The height a full face's texts and kicker box take (what ``_layout_text`` fits to its area)."""
    paragraphs = sum(1 for line in body if not line)
    need = (len(body) - paragraphs) * line_h + paragraphs * line_h * 0.35
    if kick:
        need += len(kick) * line_h + 14 * s
    return need


def _draw_minion_stats(d: Draw, c: CardDef, w: int, y: float, s: float) -> None:
    """Strength on the left and health on the right, each as a number and pips."""
    strength, health = c.strength or 0, c.health or 0
    big = font(round(19 * s), "bold")
    icon = font(round(17 * s), "regular")
    d.text((16 * s, y), "⚔", font=icon, fill=STRENGTH, anchor="lm")
    d.text((36 * s, y), str(strength), font=big, fill=TEXT, anchor="lm")
    pips(d, 52 * s, y, strength, strength, 3.6 * s, fill=STRENGTH, empty=STRENGTH, step=9 * s, shape="diamond")
    right = w - 16 * s
    d.text((right, y), str(health), font=big, fill=TEXT, anchor="rm")
    heart_x = right - big.getlength(str(health)) - 4 * s
    d.text((heart_x, y), "♥", font=icon, fill=HEALTH, anchor="rm")
    start = heart_x - icon.getlength("♥") - 6 * s - health * 9 * s
    pips(d, start, y, health, health, 3.6 * s, fill=HEALTH, empty=HEALTH_LOST, step=9 * s)


#: A full face's name sizes, largest first (the design unit): a name too long for the smallest wraps onto two lines.
NAME_SIZES = (18, 17, 16, 15, 14)
TAGLINE_SIZE = 9.5


def _name_w(s: float) -> float:
    """The width between the colour moon and the cost coin."""
    return BASE_W * s - 60 * s - 54 * s


def _type_w(s: float) -> float:
    return BASE_W * s - 66 * s - 16 * s


def _art_box(s: float) -> tuple[int, int, int, int]:
    return round(12 * s), round(84 * s), round(BASE_W * s - 12 * s), round(150 * s)


def _text_box(c: CardDef, s: float) -> tuple[float, float, float, float]:
    """Left, top, width and height of the area for the rules texts and the kicker box."""
    stats_h = 34 * s if c.is_minion else 10 * s
    tx, top = 16 * s, 160 * s
    bottom = card_height(round(BASE_W * s)) - round(6 * s) - stats_h - 6 * s
    return tx, top, BASE_W * s - 2 * tx, bottom - top


def _name_lines(name: str, s: float) -> tuple[list[str], Font]:
    """The name on one line at the largest size that fits, else on two at the smallest."""
    text, f = fit(name, _name_w(s), [round(v * s) for v in NAME_SIZES], "condensed-bold")
    if text == name:
        return [text], f
    f = font(round(NAME_SIZES[-1] * s), "condensed-bold")
    return wrap(name, f, _name_w(s)), f


def _subtitle(c: CardDef, lang: str) -> str | None:
    """The English name under a translated one, so a player can match the printed card."""
    return c.name if lang != "en" and c.name_in(lang) != c.name else None


def face_problems(key: str, lang: str = "en", width: int = 500) -> list[str]:
    """What of a full face would not fit its box at ``width``, in the face's own measures (empty
    when all fits): the name on at most two lines, the English name, type line and tagline
    unshortened, the texts and kicker in their area at one of ``TEXT_SIZES``, no word wider than its line."""
    c = card(key)
    s = width / BASE_W
    problems = []
    lines, _f = _name_lines(c.name_in(lang), s)
    if len(lines) > 2 or any("…" in line for line in lines):
        problems.append(f"name {lines}")
    shown = [
        (_subtitle(c, lang), _name_w(s), 9, "italic"),
        (card_texts.type_line(c, lang), _type_w(s), TYPE_SIZES[-1], "condensed"),
        (quoted(c.tagline_in(lang) or "", lang), _art_box(s)[2] - _art_box(s)[0] - 16 * s, TAGLINE_SIZE, "italic"),
    ]
    for text, max_w, size, weight in shown:
        if text and font(round(size * s), weight).getlength(text) > max_w:
            problems.append(f"shortened: {text!r}")
    _tx, _top, text_w, text_h = _text_box(c, s)
    body, kick, _size, line_h = _layout_text(c, text_w, text_h, s, lang)
    if text_height(body, kick, line_h, s) > text_h:
        problems.append("the texts overflow their area at the smallest size")
    for lines_, max_w in ((body, text_w), (kick, text_w - 24 * s)):
        for line in lines_:
            if line and line[-1][0] + line[-1][2].getlength(line[-1][1]) > max_w:
                problems.append(f"a line is wider than its box: {' '.join(w for _x, w, _f, _i in line)!r}")
    return problems


def compact_problems(key: str, lang: str = "en", width: int = 346) -> list[str]:
    """What of a compact face would not fit at ``width`` (a compact face grows taller instead, so
    only widths can fail): the name on at most two lines unshortened, the type line unshortened,
    no word wider than its line."""
    lay = compact_layout(key, lang, width)
    inner = width - 2 * PAD
    problems = [f"shortened: {line!r}" for line in (*lay.name, *lay.kind) if "…" in line]
    for lines, max_w in ((lay.body, inner), (lay.kick, inner - KICK_INDENT - 8)):
        for line in lines:
            if line and line[-1][0] + line[-1][2].getlength(line[-1][1]) > max_w:
                problems.append(f"a line is wider than its box: {' '.join(w for _x, w, _f, _i in line)!r}")
    return problems


def card_face(key: str, lang: str = "en", width: int = 500) -> Image.Image:
    """The face of one order card at ``width`` pixels (callers cache what they reuse)."""
    c = card(key)
    s = width / BASE_W
    w, h = width, card_height(width)
    tint = colour(c.colour)
    img = Image.new("RGB", (w, h), (0, 0, 0))
    d = draw(img)
    frame = mix(tint, (0, 0, 0), 0.15)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(14 * s), fill=frame)
    inset = round(6 * s)
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=round(10 * s), fill=CARD_BG)
    # header: big colour moon, link moons beneath it, name, type line, cost coin
    moon(d, 32 * s, 34 * s, 21 * s, c.colour)
    for i, link in enumerate(c.links):
        moon(d, (21 + i * 22) * s, 69 * s, 9.5 * s, link)
    coin(d, w - 32 * s, 33 * s, 17 * s, c.cost)
    name_x = 60 * s
    lines, f = _name_lines(c.name_in(lang), s)
    if len(lines) > 1:
        d.text((name_x, 26 * s), lines[0], font=f, fill=TEXT, anchor="ls")
        d.text((name_x, 42 * s), lines[1], font=f, fill=TEXT, anchor="ls")
    else:
        d.text((name_x, 36 * s), lines[0], font=f, fill=TEXT, anchor="ls")
    subtitle = _subtitle(c, lang)
    if subtitle:
        sub, sf = fit(subtitle, _name_w(s), [round(9 * s)], "italic")
        d.text((name_x, 55 * s), sub, font=sf, fill=TEXT_DIM, anchor="ls")
    tl, tf = fit(card_texts.type_line(c, lang), _type_w(s), [round(v * s) for v in TYPE_SIZES], "condensed")
    d.text((66 * s, 69 * s), tl, font=tf, fill=TEXT_DIM, anchor="lm")
    # art band
    art = _art_box(s)
    _night_sky(img, art, tint, key, s)
    d = draw(img)
    tagline = c.tagline_in(lang)
    if tagline:
        tag, tgf = fit(quoted(tagline, lang), art[2] - art[0] - 16 * s, [round(TAGLINE_SIZE * s)], "italic")
        d.text((art[0] + 8 * s, art[3] - 6 * s), tag, font=tgf, fill=(236, 232, 220), anchor="ls")
    # texts and kicker
    tx, text_top, text_w, text_h = _text_box(c, s)
    text_bottom = text_top + text_h
    stats_h = 34 * s if c.is_minion else 10 * s
    body, kick, _size, line_h = _layout_text(c, text_w, text_h, s, lang)
    y = text_top
    for line in body:
        if not line:
            y += line_h * 0.35
            continue
        draw_flow(d, tx, y, [line], line_h)
        y += line_h
    if c.kicker and kick:
        kc = colour(c.kicker.colour)
        kh = len(kick) * line_h + 10 * s
        ky = text_bottom - kh
        d.rounded_rectangle(
            (tx - 6 * s, ky, w - tx + 6 * s, text_bottom),
            radius=round(7 * s),
            fill=mix(CARD_BG, kc, 0.14),
            outline=kc,
            width=max(1, round(1.6 * s)),
        )
        moon(d, tx + 5 * s, ky + 5 * s + line_h / 2, 8 * s, c.kicker.colour)
        draw_flow(d, tx + 18 * s, ky + 5 * s, kick, line_h)
    if not c.text and not c.kicker:
        d.text((w / 2, (text_top + text_bottom) / 2), "—", font=font(round(16 * s)), fill=TEXT_DIM, anchor="mm")
    if c.is_minion:
        sy = h - inset - stats_h / 2 - 2 * s
        d.line((tx, sy - stats_h / 2, w - tx, sy - stats_h / 2), fill=mix(CARD_BG, tint, 0.4), width=1)
        _draw_minion_stats(d, c, w, sy, s)
        if c.has("blocks_damage"):
            shield(d, w / 2 - 8 * s, sy, 16 * s, fill=(120, 170, 230))
        if c.has("stays_in_play"):
            d.text((w / 2 + 10 * s, sy), "⚓", font=font(round(15 * s)), fill=(200, 200, 220), anchor="mm")
    return img


def wound_face(wound_type: str, lang: str = "en", width: int = 500) -> Image.Image:
    """A wound card: its type in words and colour, and the base-set wound effect."""
    s = width / BASE_W
    w, h = width, card_height(width)
    tint = WOUND_COLOURS.get(wound_type, WOUND_FRAME)
    img = Image.new("RGB", (w, h), (0, 0, 0))
    d = draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(14 * s), fill=WOUND_FRAME)
    inset = round(6 * s)
    d.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=round(10 * s), fill=(30, 14, 20))
    word = card_texts.wound_word(lang)
    d.text((w / 2, 34 * s), word.upper(), font=font(round(22 * s), "bold"), fill=TEXT, anchor="mm")
    d.text(
        (w / 2, 60 * s),
        wound_name(wound_type, lang),
        font=font(round(16 * s), "bold"),
        fill=tint,
        anchor="mm",
    )
    wound_icon(d, w / 2, 128 * s, 84 * s, wound_type)
    f = font(round(11.5 * s))
    y = 196 * s
    for line in wound_effect_lines(lang, f, w - 32 * s):
        d.text((16 * s, y), line, font=f, fill=INK, anchor="la")
        y += round(11.5 * s * 1.3)
    return img


# ---------------------------------------------------------------- compact faces (hand, draft, prompts)

#: Padding inside a compact face, and the line height of its rules text.
PAD = 12
TEXT_LINE = round(SMALL * 1.27)
KICK_INDENT = 2 * MOON_R + 12
STATS_H = 46
#: The darkening of a face that cannot be used now.
DIM: RGB = (12, 12, 22)


@dataclass(frozen=True)
class Compact:
    """A compact face laid out at one width: its lines and the height it needs.

    The hand, the draft and the prompts show cards this way: name, cost, colour, links, rules
    text and kicker at the phone's minimum size or larger, without the art band and the
    provenance badge of the full ``/card`` face.
    """

    key: str
    name: tuple[str, ...]
    name_font: Font
    kind: tuple[str, ...]
    body: tuple[Line, ...]
    kick: tuple[Line, ...]
    height: int

    @property
    def header_h(self) -> int:
        return max(2 * MOON_R + 10, len(self.name) * round(self.name_font.size * 1.12))


@lru_cache(maxsize=512)
def compact_layout(key: str, lang: str, width: int) -> Compact:
    """Where a compact face's texts go at ``width``, and its natural height (cached per card)."""
    if key.startswith("wound:"):
        return _wound_layout(key[6:], lang, width)
    c = card(key)
    inner = width - 2 * PAD
    name_w = inner - 2 * (MOON_R + 3) - 2 * (COIN_R + 2) - 20
    name, nf = fit_lines(c.name_in(lang), name_w, (NAME, NAME - 2, BODY, SMALL), "condensed-bold")
    links_w = len(c.links) * (2 * MOON_R + 4) + 8
    kind = wrap(card_texts.type_line(c, lang), font(SMALL, "condensed"), inner - links_w)
    bold, plain = font(SMALL, "condensed-bold"), font(SMALL, "condensed")
    body: list[Line] = []
    for label, text in _texts(c, lang):
        if body:
            body.append([])
        body.extend(flow([(label, bold, INK), (text, plain, INK)], inner))
    kick = _kicker_lines(c.kicker_in(lang), lang, bold, plain, inner - KICK_INDENT - 8)
    layout = Compact(key, tuple(name), nf, tuple(kind), tuple(body), tuple(kick), 0)
    return _with_height(layout, c.is_minion)


def _with_height(layout: Compact, minion: bool) -> Compact:
    h = PAD + layout.header_h + 6 + max(2 * MOON_R, len(layout.kind) * TEXT_LINE) + 12
    h += _body_h(layout.body)
    if layout.kick:
        h += 10 + _kick_h(layout.kick)
    h += 10 + (STATS_H if minion else 0) + PAD
    return Compact(layout.key, layout.name, layout.name_font, layout.kind, layout.body, layout.kick, round(h))


def _body_h(body: tuple[Line, ...]) -> int:
    gaps = sum(1 for line in body if not line)
    return (len(body) - gaps) * TEXT_LINE + gaps * 8


def _kick_h(kick: tuple[Line, ...]) -> int:
    return max(2 * MOON_R + 8, len(kick) * TEXT_LINE + 12)


#: The tail of a wound's face key (``wound:<type>:again``) for a wound whose effect its hand already shows.
AGAIN = ":again"


def _wound_layout(wound_type: str, lang: str, width: int) -> Compact:
    """A wound's compact face; ``<type>:again`` without the wound effect, which every wound shares: a hand
    spells it out on its first wound only."""
    inner = width - 2 * PAD
    again = wound_type.endswith(AGAIN)
    wound_type = wound_type.removesuffix(AGAIN)
    word = f"{card_texts.wound_word(lang)} · {wound_name(wound_type, lang)}"
    name, nf = fit_lines(word, inner - 2 * MOON_R - 12, (NAME, BODY, SMALL), "bold")
    plain = font(SMALL, "condensed")
    body = () if again else tuple(flow([(card_set().wound_effect_in(lang), plain, INK)], inner))
    layout = Compact(f"wound:{wound_type}", tuple(name), nf, (), body, (), 0)
    h = PAD + layout.header_h + (10 + _body_h(body) + 10 if body else 4) + PAD
    return Compact(layout.key, layout.name, nf, (), body, (), round(h))


def compact_face(key: str, lang: str = "en", width: int = 346, height: int | None = None) -> Image.Image:
    """A compact face ``width`` wide (and ``height`` tall, at least its natural height).

    ``key`` is a card key or ``wound:<type>``. Extra height goes above the minion's stats, so
    faces in one row of a hand line up.
    """
    lay = compact_layout(key, lang, width)
    h = max(lay.height, height or 0)
    if key.startswith("wound:"):
        return _compact_wound(lay, key[6:].removesuffix(AGAIN), width, h)
    c = card(key)
    tint = colour(c.colour)
    img = Image.new("RGB", (width, h), (0, 0, 0))
    d = draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=16, fill=mix(tint, (0, 0, 0), 0.15))
    d.rounded_rectangle((4, 4, width - 5, h - 5), radius=13, fill=CARD_BG)
    head_bottom = PAD + lay.header_h
    d.rounded_rectangle((4, 4, width - 5, head_bottom + 4), radius=13, fill=mix(CARD_BG, tint, 0.22))
    cy = PAD + lay.header_h / 2
    moon(d, PAD + MOON_R + 3, cy, MOON_R + 3, c.colour)
    coin(d, width - PAD - COIN_R - 2, cy, COIN_R + 2, c.cost)
    line_h = round(lay.name_font.size * 1.12)
    y = cy - (len(lay.name) - 1) * line_h / 2
    for name_line in lay.name:
        d.text((PAD + 2 * MOON_R + 16, y), name_line, font=lay.name_font, fill=TEXT, anchor="lm")
        y += line_h
    # links, then the type line beside them
    ry = head_bottom + 6
    row_h = max(2 * MOON_R, len(lay.kind) * TEXT_LINE)
    x = PAD
    for link in c.links:
        moon(d, x + MOON_R, ry + row_h / 2, MOON_R, link)
        x += 2 * MOON_R + 4
    kf = font(SMALL, "condensed")
    ty = ry + row_h / 2 - (len(lay.kind) - 1) * TEXT_LINE / 2
    for kind_line in lay.kind:
        d.text((x + 8, ty), kind_line, font=kf, fill=TEXT_DIM, anchor="lm")
        ty += TEXT_LINE
    y = ry + row_h + 6
    d.line((PAD, y, width - PAD, y), fill=mix(CARD_BG, tint, 0.45), width=2)
    y += 6
    for line in lay.body:
        if not line:
            y += 8
            continue
        draw_flow(d, PAD, y, [line], TEXT_LINE)
        y += TEXT_LINE
    if c.kicker and lay.kick:
        y += 10
        kc = colour(c.kicker.colour)
        kh = _kick_h(lay.kick)
        d.rounded_rectangle(
            (PAD - 4, y, width - PAD + 4, y + kh), radius=10, fill=mix(CARD_BG, kc, 0.14), outline=kc, width=2
        )
        moon(d, PAD + 4 + MOON_R, y + 4 + MOON_R, MOON_R, c.kicker.colour)
        draw_flow(d, PAD + KICK_INDENT, y + 7, list(lay.kick), TEXT_LINE)
    if c.is_minion:
        sy = h - PAD - STATS_H / 2
        d.line((PAD, sy - STATS_H / 2, width - PAD, sy - STATS_H / 2), fill=mix(CARD_BG, tint, 0.45), width=2)
        stats(d, PAD, width - PAD, sy, c.strength or 0, c.health or 0, c.health or 0)
        marks_x = width / 2
        if c.has("blocks_damage"):
            shield(d, marks_x - 18, sy, 28, fill=(120, 170, 230))
        if c.has("stays_in_play"):
            anchor_mark(d, marks_x + 18, sy, 28, (200, 200, 220))
        if c.has("unblockable"):
            unblockable_mark(d, marks_x, sy, 28)
    return img


def stats(
    d: Draw, left: float, right: float, cy: float, strength: int, left_hp: int, health: int, size: int = NAME
) -> None:
    """Strength at ``left`` and health (left of total) ending at ``right``, as icons and numbers ``size`` px
    (smaller on a table's chips, three to a row)."""
    icon, num = font(BODY), font(size, "bold")
    sword(d, left + 13, cy, 26, STRENGTH)
    d.text((left + 32, cy), str(strength), font=num, fill=TEXT, anchor="lm")
    hp = str(left_hp) if left_hp == health else f"{left_hp}/{health}"
    d.text((right, cy), hp, font=num, fill=HURT if left_hp < health else TEXT, anchor="rm")
    d.text((right - num.getlength(hp) - 6, cy), "♥", font=icon, fill=HEALTH, anchor="rm")


def unblockable_mark(d: Draw, cx: float, cy: float, h: float) -> None:
    """The "cannot be blocked" mark: an arrow on an amber disc."""
    d.icon(h)
    d.ellipse((cx - h / 2, cy - h / 2, cx + h / 2, cy + h / 2), fill=UNBLOCKABLE)
    d.text((cx, cy), "➜", font=font(max(SMALL, round(h * 0.8)), "bold"), fill=(21, 22, 36), anchor="mm")


def _compact_wound(lay: Compact, wound_type: str, width: int, h: int) -> Image.Image:
    tint = WOUND_COLOURS.get(wound_type, WOUND_FRAME)
    img = Image.new("RGB", (width, h), (0, 0, 0))
    d = draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=16, fill=WOUND_FRAME)
    d.rounded_rectangle((4, 4, width - 5, h - 5), radius=13, fill=(30, 14, 20))
    cy = PAD + lay.header_h / 2
    wound_icon(d, PAD + MOON_R + 2, cy, 2 * MOON_R + 4, wound_type)
    line_h = round(lay.name_font.size * 1.12)
    y = cy - (len(lay.name) - 1) * line_h / 2
    for line in lay.name:
        d.text((PAD + 2 * MOON_R + 14, y), line, font=lay.name_font, fill=mix(tint, TEXT, 0.45), anchor="lm")
        y += line_h
    y = PAD + lay.header_h + 10
    draw_flow(d, PAD, y, list(lay.body), TEXT_LINE)
    return img
