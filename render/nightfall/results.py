"""The final ranking: places, wounds by type, and the tie-break that decided a place, if any.

Made for a phone like the table (:mod:`render.nightfall.table`): TABLE_WIDTH wide, every text and icon at
least ``theme.MIN_PX`` (9 px once Discord shows the image 320 px wide), the same night sky,
header and panels. Top to bottom: the header, one row per place (the winner's with the turn's
gold border), and between two rows whose wounds are equal, what put the upper one ahead: the
ranking's own ``decided_by`` in words (:func:`engine.nightfall.scoring.tie_break_text`), so the note names
the wound-type count or the turns that decided, never a step that did not. Then the rule.

Drawn only from ``public_view()`` of a finished game; a private view is refused.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from PIL import Image

from engine.nightfall.cards import WOUND_TYPES
from engine.nightfall.scoring import DECIDERS, tie_break_text

from ..primitives import Box, Draw, Line, draw, draw_flow, ellipsize, fit, fit_lines, pill, to_png, wrap
from ..theme import (
    ACTIVE,
    BIG,
    BODY,
    GAP,
    GOLD,
    HEAD,
    MARGIN,
    NAME,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    RGB,
    SMALL,
    TABLE_WIDTH,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    font,
)
from . import texts
from .colours import PHASE_COLOURS
from .icons import wound_icon
from .table import ACTIVE_FILL, WOUND_INK, background, check_public

View = dict[str, Any]

INNER = TABLE_WIDTH - 2 * MARGIN
HEADER_H = 124
TITLE_H = 44
#: A row whose name fits one line, and one whose name takes two.
ROW_H = 108
ROW_H2 = 140
#: The band under a place's name with its wounds by type.
TYPES_H = 84
ROW_PAD = 20
MEDAL_R = 32
#: Where the name starts, from the row's left edge (after the medal).
NAME_X = 24 + 2 * MEDAL_R + 20
#: The wounds by type: one column per type (wider when a type's name is longer), then the total.
TYPE_W = 116
TOTAL_W = 150
WOUND_ICON = 30
#: A tie-break note between two rows: lines of BODY text.
NOTE_LINE_H = round(BODY * 1.4)
NOTE_PAD = 10
RULE_LINE_H = round(SMALL * 1.45)
MEDALS: dict[int, RGB] = {1: (240, 196, 60), 2: (196, 200, 214), 3: (200, 128, 72)}


def type_widths(lang: str = "en") -> list[int]:
    """The width of each wound type's column: its icon, its number, and its name beneath (TYPE_W,
    or more for a longer name)."""
    f = font(SMALL)
    # every plural form (1, 2, 5 take each of them in the three languages) must fit its column
    longest = [max(f.getlength(texts.type_word(t, k, lang)) for k in (1, 2, 5)) for t in WOUND_TYPES]
    return [max(TYPE_W, round(w) + WOUND_ICON + 10 + 12) for w in longest]


def decided_by(a: View, b: View) -> str | None:
    """What put ranking row ``a`` ahead of the next row ``b``: the row's ``decided_by`` (one of
    ``engine.nightfall.scoring.DECIDERS``), worked out the engine's way for a row stored without it."""
    if "decided_by" in a:
        how = a["decided_by"]
        return str(how) if how is not None else None
    if a.get("wounds") != b.get("wounds"):
        return "wounds"
    ta = sorted((a.get("by_type") or {}).values(), reverse=True)
    tb = sorted((b.get("by_type") or {}).values(), reverse=True)
    for k, (x, y) in enumerate(zip(ta, tb, strict=False)):
        if x != y:
            return DECIDERS[1 + k]
    return "fewer turns" if a.get("turns") != b.get("turns") else "seat"


def tie_reason(a: View, b: View, lang: str = "en") -> str:
    """What decided between ``a`` and the next row ``b`` when their wound totals are equal, in
    the engine's words; "" when fewer wounds decided (or ``a`` is the last place)."""
    how = decided_by(a, b)
    if how in (None, "wounds"):
        return ""
    return tie_break_text({**a, "decided_by": how}, b, lang)


def _ahead(a: View, b: View, lang: str = "en") -> str:
    return texts.t("render.results.ahead", lang, name=a.get("seat", "?"), next=b.get("seat", "?"))


def tie_note(a: View, b: View, lang: str = "en") -> str:
    """The note drawn between ``a`` and ``b`` when a tie-break decided: who is ahead and why."""
    reason = tie_reason(a, b, lang)
    return f"{_ahead(a, b, lang)} {reason}" if reason else ""


def _note_lines(a: View, b: View, lang: str = "en") -> list[Line]:
    reason = tie_reason(a, b, lang)
    if not reason:
        return []
    bold, plain = font(BODY, "bold"), font(BODY)
    words = [(w, bold, GOLD) for w in f"⚖ {_ahead(a, b, lang)}".split()]
    # a figure in brackets, "(3 against 4)", stays on one line
    words += [(w, plain, TEXT) for w in re.findall(r"\([^)]*\)\S*|\S+", reason)]
    max_w = INNER - NAME_X - ROW_PAD
    lines: list[Line] = [[]]
    x = 0.0
    for word, f, ink in words:
        w = f.getlength(word)
        if x > 0 and x + w > max_w:
            lines.append([])
            x = 0.0
        if w > max_w:
            word, w = ellipsize(word, f, max_w), max_w
        lines[-1].append((x, word, f, ink))
        x += w + f.getlength(" ")
    return lines


def _name_w(lang: str = "en") -> int:
    """The name's room: beside the medal, left of the total (the wound types have a band of their own under it)."""
    return INNER - NAME_X - TOTAL_W - 2 * ROW_PAD


def _name(r: View, lang: str = "en") -> tuple[list[str], Any]:
    return fit_lines(str(r.get("seat", "?")), _name_w(lang), (HEAD + 4, HEAD, NAME), "bold")


def _rule_lines(lang: str = "en") -> list[str]:
    return wrap(texts.t("render.results.rule", lang), font(SMALL), INNER - 8)


def results_layout(view: View, lang: str = "en") -> dict[str, Box]:
    """Where everything goes: ``header``, ``title``, ``row:i``, ``note:i`` (under row i, when a
    tie-break decided), ``rule`` and the whole ``image``."""
    result = list(view.get("result") or [])
    boxes: dict[str, Box] = {
        "header": (MARGIN, 0, TABLE_WIDTH - MARGIN, HEADER_H),
        "title": (MARGIN, HEADER_H, TABLE_WIDTH - MARGIN, HEADER_H + TITLE_H),
    }
    y = HEADER_H + TITLE_H
    for i, r in enumerate(result):
        h = (ROW_H if len(_name(r, lang)[0]) == 1 else ROW_H2) + TYPES_H
        boxes[f"row:{i}"] = (MARGIN, y, TABLE_WIDTH - MARGIN, y + h)
        y += h + GAP
        if i + 1 < len(result):
            lines = _note_lines(r, result[i + 1], lang)
            if lines:
                nh = 2 * NOTE_PAD + len(lines) * NOTE_LINE_H
                boxes[f"note:{i}"] = (MARGIN, y, TABLE_WIDTH - MARGIN, y + nh)
                y += nh + GAP
    rule_h = 2 * NOTE_PAD + len(_rule_lines(lang)) * RULE_LINE_H
    boxes["rule"] = (MARGIN, y, TABLE_WIDTH - MARGIN, y + rule_h)
    boxes["image"] = (0, 0, TABLE_WIDTH, y + rule_h + MARGIN)
    return boxes


def results_height(view: View, lang: str = "en") -> int:
    return results_layout(view, lang)["image"][3]


# ---------------------------------------------------------------- sections


def _header(d: Draw, view: View, lang: str = "en") -> None:
    """As the table's: the brand and what was played, then the phase pill and who won."""
    bf = font(SMALL + 2, "bold")
    brand = "☾ NIGHTFALL"
    d.text((MARGIN, 28), brand, font=bf, fill=GOLD, anchor="lm")
    opts = view.get("options") or {}
    about = []
    if view.get("turn") is not None:
        about.append(texts.t("render.turn", lang, turn=view["turn"]))
    about.append(texts.variant(opts.get("draft", "standard"), lang))
    if opts.get("secret_archives"):
        about.append(texts.t("render.secret_archives", lang))
    af = font(SMALL)
    about_text = ellipsize(" · ".join(about), af, INNER - bf.getlength(brand) - 30)
    d.text((TABLE_WIDTH - MARGIN, 28), about_text, font=af, fill=TEXT_DIM, anchor="rm")
    cy = 86
    label = texts.phase("over", lang)
    pw = pill(
        d, MARGIN, cy, label, font(HEAD - 2, "bold"), fill=PHASE_COLOURS["over"], ink=PANEL_DARK, pad=16, height=54
    )
    x = MARGIN + pw + 18
    result = view.get("result") or []
    if result:
        headline = texts.t("render.wins", lang, name=result[0].get("seat", "?"))
    else:
        headline = texts.t("render.game_over", lang)
    text, f = fit(headline, TABLE_WIDTH - MARGIN - x, (HEAD + 8, HEAD + 4, HEAD, NAME), "bold")
    d.text((x, cy), text, font=f, fill=TEXT, anchor="lm")


def _title(d: Draw, box: Box, lang: str = "en") -> None:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    title, f = fit(texts.t("render.results.title", lang), x1 - x0 - 4, (BODY,))
    d.text((x0 + 2, cy), title, font=f, fill=TEXT_DIM, anchor="lm")
    nf = font(SMALL)
    note = ellipsize(texts.t("render.results.note", lang), nf, x1 - x0 - 20 - f.getlength(title))
    d.text((x0 + 16 + f.getlength(title), cy), note, font=nf, fill=TEXT_FAINT, anchor="lm")


def _row(d: Draw, r: View, box: Box, winner: bool, lang: str = "en") -> None:
    """A place: the medal, the name and the total on top; the wounds by type in a band under them (a portrait
    image has no room for all of it on one line)."""
    x0, y0, x1, y1 = box
    band_y = y1 - TYPES_H  # where the wound types' band starts
    cy = (y0 + band_y) / 2 + 4
    d.rounded_rectangle(
        box,
        radius=16,
        fill=ACTIVE_FILL if winner else PANEL,
        outline=ACTIVE if winner else PANEL_LINE,
        width=6 if winner else 2,
    )
    place = int(r.get("place", 0))
    mx = x0 + 24 + MEDAL_R
    d.icon(2 * MEDAL_R)
    d.ellipse(
        (mx - MEDAL_R, cy - MEDAL_R, mx + MEDAL_R, cy + MEDAL_R),
        fill=MEDALS.get(place, TEXT_FAINT),
        outline=PANEL_DARK,
        width=3,
    )
    d.text((mx, cy + 1), str(place), font=font(HEAD, "bold"), fill=PANEL_DARK, anchor="mm")
    # the name (on two lines if it must), and under it "winner" and the turns played
    widths = type_widths(lang)
    name_end = x1 - ROW_PAD - TOTAL_W
    lines, nf = _name(r, lang)
    step = round(nf.size * 1.1)
    sub_h = 34
    y = cy - (len(lines) * step + sub_h) / 2 + step / 2
    with d.within((x0 + NAME_X, y0, name_end, band_y)):
        for line in lines:
            d.text((x0 + NAME_X, y), line, font=nf, fill=TEXT, anchor="lm")
            y += step
        sub = [texts.t("render.results.winner", lang)] if winner else []
        if r.get("turns") is not None:
            sub.append(texts.n("render.results.turns", int(r["turns"]), lang))
        if sub:
            sf = font(SMALL, "bold") if winner else font(SMALL)
            d.text(
                (x0 + NAME_X, y - step / 2 + sub_h / 2 + 6),
                ellipsize(" · ".join(sub), sf, name_end - x0 - NAME_X - 8),
                font=sf,
                fill=GOLD if winner else TEXT_DIM,
                anchor="lm",
            )
    # wounds by type, each a shape, a number and its name; then the total
    by_type = r.get("by_type") or {}
    nf2, lf = font(NAME, "bold"), font(SMALL)
    tx, ty = x0 + NAME_X, band_y + TYPES_H / 2 - 10
    for t, tw in zip(WOUND_TYPES, widths, strict=True):
        wound_icon(d, tx + WOUND_ICON / 2, ty, WOUND_ICON, t)
        with d.within((tx, band_y - 10, tx + tw, y1)):
            d.text((tx + WOUND_ICON + 10, ty - 13), str(by_type.get(t, 0)), font=nf2, fill=TEXT, anchor="lm")
            word = texts.type_word(t, int(by_type.get(t, 0)), lang)
            d.text((tx + WOUND_ICON + 10, ty + 19), word, font=lf, fill=TEXT_DIM, anchor="lm")
        tx += tw
    wounds = int(r.get("wounds", 0))
    right = x1 - ROW_PAD
    with d.within((name_end, y0, x1, band_y)):
        d.text((right, cy - 12), str(wounds), font=font(BIG, "bold"), fill=WOUND_INK if wounds else TEXT, anchor="rm")
        d.text((right, cy + 26), texts.wounds_word(wounds, lang), font=lf, fill=TEXT_DIM, anchor="rm")


def _note(d: Draw, lines: list[Line], box: Box, above: Box, below: Box) -> None:
    """A tie-break note, tied to the two rows it is about by a gold line between their medals."""
    x0, y0, x1, y1 = box
    mx = x0 + 24 + MEDAL_R
    d.line((mx, above[3], mx, below[1]), fill=GOLD, width=4)
    d.rounded_rectangle((x0 + NAME_X - 16, y0, x1, y1), radius=12, fill=PANEL_DARK, outline=GOLD, width=2)
    with d.within((x0 + NAME_X - 16, y0, x1, y1)):
        draw_flow(d, x0 + NAME_X, y0 + NOTE_PAD + (NOTE_LINE_H - BODY) / 2 - 2, lines, NOTE_LINE_H)


def _rule(d: Draw, box: Box, lang: str = "en") -> None:
    x0, y0, _, _ = box
    f = font(SMALL)
    with d.within(box):
        for i, line in enumerate(_rule_lines(lang)):
            d.text((x0 + 4, y0 + NOTE_PAD + (i + 0.5) * RULE_LINE_H), line, font=f, fill=TEXT_FAINT, anchor="lm")


def draw_results(view: View, lang: str = "en") -> Image.Image:
    """The final ranking image in ``lang`` (see :func:`render.render_results`)."""
    check_public(view)
    result = list(view.get("result") or [])
    if not result:
        raise ValueError("the results image needs the view of a finished game (view['result'])")
    boxes = results_layout(view, lang)
    img = background(TABLE_WIDTH, boxes["image"][3])
    d = draw(img)
    with d.within(boxes["header"]):
        _header(d, view, lang)
    with d.within(boxes["title"]):
        _title(d, boxes["title"], lang)
    for i, r in enumerate(result):
        _row(d, r, boxes[f"row:{i}"], winner=i == 0, lang=lang)
    for i, (a, b) in enumerate(pairwise(result)):
        if f"note:{i}" in boxes:
            _note(d, _note_lines(a, b, lang), boxes[f"note:{i}"], boxes[f"row:{i}"], boxes[f"row:{i + 1}"])
    _rule(d, boxes["rule"], lang)
    return img


def render_results(view: View, lang: str = "en") -> bytes:
    """PNG bytes of the final ranking of a finished game's ``public_view()``, drawn in ``lang``."""
    return to_png(draw_results(view, lang))
