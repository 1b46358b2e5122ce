"""One card face for ``/card``: what the card is, what it may be played on, and how sure its numbers are.

620 px wide like the other images (no text below 22 px, 11 px on a phone). Top to bottom: a band in the
card's type colour; its name and family; its strength and its Fame, each with its provenance mark in words
(``✓`` printed in the rulebook, ``~`` inferred from it, ``R`` reconstructed by us); what it may be played on,
worked out from the engine's own rule (``engine.fightdrome.cards.answers``), so the face and the game never
disagree; and what playing it does.
"""

from __future__ import annotations

import re
from functools import cache

from PIL import Image

from engine.fightdrome import cards

from ..primitives import Draw, draw, fit, to_png
from ..theme import GOLD, PANEL, PANEL_LINE, TEXT, TEXT_DIM, TEXT_FAINT, font
from . import texts
from .style import (
    BIG,
    BODY,
    GAP,
    HEAD,
    INNER,
    MARGIN,
    NEURO,
    NEURO_FILL,
    SMALL,
    WIDTH,
    Piece,
    View,
    canvas,
    draw_rows,
    family_colour,
    fit_weights,
    pieces_to_rows,
)

MAX_H = 1000
ROW_H = 30
BOX_H = 124
MARK_INK = {"✓": (110, 210, 120), "~": GOLD, "R": (236, 120, 72)}


@cache
def seen_faces() -> frozenset[str]:
    """Faces the rulebook's worked example shows (their strength is inferred, ``~``), read from the data's notes."""
    data = cards.data()
    notes = " ".join(str(data[k].get("note", "")) for k in ("attack_strengths", "block_strengths"))
    return frozenset(re.findall(r"\b(?:PB|KB|P|K|G)[1-9][0-9]*\b", notes))


def marks(face: str) -> dict[str, str]:
    """The provenance mark of the card's name, strength and Fame (``✓``, ``~`` or ``R``), from the data."""
    k = cards.kind(face)
    data = cards.data()
    strength = ""
    if cards.strength(face) is not None:
        spread = "block_strengths" if k.family == "block" else "attack_strengths"
        strength = "~" if face in seen_faces() else str(data[spread]["mark"])
    # the kind's record holds its Fame rule (strength, 25, 50 or 0), printed as the kind's mark says
    return {"name": k.mark, "strength": strength, "fame": k.mark}


def plays_on(face: str, lang: str = "en") -> list[str]:
    """What ``face`` may be played on, in short words: "Kick/Grapple ≤ 30", "Neuro: Punch/Grapple"."""
    spread = [int(s) for s, _ in cards.data()["attack_strengths"]["spread"]]
    by_rule: dict[str, list[str]] = {}
    for code in ("P", "K", "G"):
        ok = [s for s in spread if cards.answers(face, f"{code}{s}")]
        if ok:
            rule = "any" if len(ok) == len(spread) else str(max(ok))
            by_rule.setdefault(rule, []).append(texts.short_name(code, lang))
    out = []
    for rule, names in by_rule.items():
        who = texts.word("any_attack", lang) if len(names) == 3 else "/".join(names)
        out.append(
            texts.word("any_strength", lang, type=who) if rule == "any" else texts.word("up_to", lang, type=who, n=rule)
        )
    neuro = [c for c in ("NP", "NK", "NG") if cards.answers(face, c)]
    if len(neuro) == 3 and len(by_rule) == 1 and "any" in by_rule and len(by_rule["any"]) == 3:
        return [texts.word("every_attack", lang)]
    if neuro:
        types = "/".join(texts.type_word(cards.kind(c).type, lang) for c in neuro)
        out.append(texts.word("neuro_of", lang, types=types))
    elif out:
        out.append(texts.word("not_neuro", lang))
    return out


def effect(face: str, lang: str = "en") -> list[str]:
    """What playing ``face`` does, in one or two sentences."""
    k = cards.kind(face)
    out = [texts.word({"attack": "opens", "feint": "feint_does"}.get(k.family, "ends"), lang)]
    if k.neuro:
        out.append(texts.word("no_draw", lang))
    return out


def _box(
    d: Draw, box: tuple[int, int, int, int], title: str, value: str, mark: str, lang: str, neuro: bool, note: str = ""
) -> None:
    """A stat: its title, the value big, and the provenance mark in words under it (or ``note``)."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=14, fill=NEURO_FILL if neuro else PANEL, outline=PANEL_LINE, width=2)
    cx = (x0 + x1) / 2
    with d.within((x0 + 6, y0 + 4, x1 - 6, y1 - 4)):
        d.text((cx, y0 + 20), title, font=font(SMALL, "condensed-bold"), fill=TEXT_DIM, anchor="mm")
        vf = font(BIG + 4, "bold") if len(value) <= 4 else fit(value, x1 - x0 - 16, (BODY, SMALL), "bold")[1]
        d.text((cx, y0 + 62), value, font=vf, fill=NEURO if neuro else TEXT, anchor="mm")
        if mark:
            words, mf = fit(texts.word(f"mark.{mark}", lang), x1 - x0 - 16, (SMALL,), "condensed-bold")
            d.text((cx, y1 - 20), words, font=mf, fill=MARK_INK.get(mark, TEXT_DIM), anchor="mm")
        elif note:
            words, mf = fit(note, x1 - x0 - 16, (SMALL,), "condensed")
            d.text((cx, y1 - 20), words, font=mf, fill=TEXT_FAINT, anchor="mm")


def card_face(face: str, lang: str = "en") -> Image.Image:
    """The card as an image (before PNG); ``ValueError`` for a face the data does not know."""
    lang = texts.lang_of(lang)
    k = cards.kind(face)  # raises ValueError for an unknown face
    neuro = k.neuro
    img = canvas(MAX_H)
    d = draw(img)
    colour = family_colour(face)
    d.rounded_rectangle((MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + 14), radius=6, fill=colour)
    y = MARGIN + 22
    m = marks(face)
    with d.within((MARGIN, y, WIDTH - MARGIN, y + 48)):
        name, nf = fit_weights(texts.card_name(face, lang), INNER, HEAD + 4, ("bold", "condensed-bold"))
        if nf.getlength(name) > INNER:
            name, nf = fit(texts.card_name(face, lang), INNER, (HEAD, BODY, SMALL), "condensed-bold")
        d.text((MARGIN, y + 24), name, font=nf, fill=TEXT, anchor="lm")
    y += 48
    family = texts.word(f"family.{k.family}", lang)
    kind_words = family if k.type == "any" else f"{family} · {texts.type_word(k.type, lang).lower()}"
    if kind_words == texts.card_name(face, lang).lower():  # "Dodge" is a dodge: say it once
        kind_words = ""
    with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
        sf = font(SMALL, "condensed-bold")
        d.text((MARGIN, y + ROW_H / 2), kind_words, font=sf, fill=colour, anchor="lm")
        x = MARGIN + sf.getlength(kind_words) + 12
        if neuro:
            d.text((x, y + ROW_H / 2), texts.word("neuro", lang), font=font(SMALL, "bold"), fill=NEURO, anchor="lm")
    y += ROW_H + 8
    w = (INNER - GAP) // 2
    strength = cards.strength(face)
    value = str(strength) if strength is not None else "—"
    _box(
        d,
        (MARGIN, y, MARGIN + w, y + BOX_H),
        texts.word("strength", lang),
        value,
        m["strength"],
        lang,
        False,
        note="" if strength is not None else texts.word("no_strength", lang),
    )
    _box(
        d,
        (MARGIN + w + GAP, y, WIDTH - MARGIN, y + BOX_H),
        texts.word("fame", lang),
        str(cards.fame(face)),
        m["fame"],
        lang,
        False,
    )
    y += BOX_H + 10
    label = font(SMALL, "bold")
    body = font(SMALL, "condensed")
    groups = plays_on(face, lang)
    pieces: list[Piece | list[Piece]] = [(texts.word("answers", lang), label, TEXT_DIM)]
    pieces += [(g + (" ·" if j < len(groups) - 1 else ""), body, TEXT) for j, g in enumerate(groups)]
    rows = pieces_to_rows(pieces, INNER)
    with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows) * ROW_H)):
        y = int(draw_rows(d, MARGIN, y, rows, ROW_H))
    rows = pieces_to_rows([(" ".join(effect(face, lang)), body, TEXT_DIM)], INNER)
    with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows) * ROW_H)):
        y = int(draw_rows(d, MARGIN, y, rows, ROW_H))
    return img.crop((0, 0, WIDTH, min(MAX_H, y + MARGIN)))


def render_card(face: str, lang: str = "en") -> bytes:
    """One card face for ``/card`` as PNG bytes."""
    return to_png(card_face(face, lang))


__all__ = ["View", "card_face", "effect", "marks", "plays_on", "render_card"]
