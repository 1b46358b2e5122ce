"""Hand and draft images for a player's DMs, drawn from ``private_view(seat)``.

Made for a phone: the image is PRIVATE_WIDTH (760 px) wide, portrait, Discord shows it about 320 px wide, so
every text is at least ``theme.MIN_PX`` (9 px there). Cards are compact faces (no art band, no provenance
badge: those stay on ``/card``), two to a row. The cards that a legal ``chain <id>`` action names
right now are framed and labelled, the rest dimmed, so a player sees at a glance what they may
play or link. Faces come from a cache, so a hand is mostly pasting.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.nightfall.texts import ask_text, card_key_text

from ..primitives import Box, Draw, draw, fit_lines, paste, to_png, wrap
from ..theme import (
    ACTIVE,
    BG_TOP,
    DECIDE,
    GOLD,
    HEAD,
    MARGIN,
    MOON_R,
    NAME,
    PRIVATE_WIDTH,
    RGB,
    SMALL,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    font,
)
from . import texts
from .cards import AGAIN, DIM, card_name, compact_face, compact_layout
from .icons import moon

View = dict[str, Any]

#: Phone images share one width, so one type scale (``theme.MIN_PX``) serves them all.
WIDTH = PRIVATE_WIDTH
CARD_GAP = 20
LABEL_H = 42
#: The label band under a row of cards when a label takes two lines (longer words in Polish, Russian).
LABEL_H2 = 72
MAX_COLUMNS = 2
FRAME = 7


def playable_ids(view: View) -> dict[str, str]:
    """Hand card ids a legal ``chain <id>`` action names now, with the action's label."""
    out: dict[str, str] = {}
    for decision in view.get("decisions") or []:
        for action in decision.get("actions") or []:
            words = str(action.get("text", "")).split()
            if len(words) == 2 and words[0] == "chain":
                out[words[1]] = str(action.get("label", ""))
    return out


def kicks(view: View, card: View) -> bool:
    """Whether linking ``card`` now brings its kicker: its kicker colour is the colour of the card
    the chain ends with (the label's English "kicker" for a view without those facts)."""
    for decision in view.get("decisions") or []:
        facts = decision.get("facts") or {}
        if "chain_end" in facts:
            end = facts["chain_end"] or {}
            return bool(card.get("kicker")) and card.get("kicker") == end.get("colour")
    return "kicker" in playable_ids(view).get(str(card.get("id")), "")


def columns(n: int) -> int:
    """Two cards a row on a phone (a portrait image: each card as wide as three a row on the old landscape one)."""
    return MAX_COLUMNS


def card_width(cols: int) -> int:
    return (WIDTH - 2 * MARGIN - 2 * FRAME - (cols - 1) * CARD_GAP) // cols


def hand_layout(
    keys: Sequence[str], lang: str = "en", top: int = 0, labels: Sequence[tuple[str, bool]] = ()
) -> tuple[int, int, list[Box]]:
    """Width, height and the box of each card (face keys, ``wound:<type>`` for wounds), below a
    header ``top`` tall: rows as tall as their tallest face, a label band under each (taller
    when one of the row's ``labels``, the words under its cards, takes two lines)."""
    n = len(keys)
    cols = columns(n)
    cw = card_width(cols)
    cards_w = cols * cw + (cols - 1) * CARD_GAP
    x0 = (WIDTH - cards_w) // 2
    boxes: list[Box] = []
    y = top + FRAME
    for row in range(0, n, cols):
        h = max(compact_layout(k, lang, cw).height for k in keys[row : row + cols])
        for i in range(row, min(n, row + cols)):
            x = x0 + (i - row) * (cw + CARD_GAP)
            boxes.append((x, y, x + cw, y + h))
        two = any(len(label_lines(text, cw, bold)[0]) > 1 for text, bold in labels[row : row + cols] if text)
        y += h + (LABEL_H2 if two else LABEL_H) + CARD_GAP
    height = (y - CARD_GAP if n else top + 120) + MARGIN
    return WIDTH, height, boxes


def _frame(d: Draw, box: Box, colour_: RGB) -> None:
    """A bright frame around a card the player can use now."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle((x0 - FRAME, y0 - FRAME, x1 + FRAME, y1 + FRAME), radius=22, outline=colour_, width=6)


@lru_cache(maxsize=256)
def shown_face(key: str, lang: str, width: int, height: int, dim: bool) -> Image.Image:
    """A compact face as a hand shows it, dimmed when it cannot be used now; ``key`` may be ``wound:<type>``."""
    face = compact_face(key, lang, width, height)
    if dim:
        info = dict(face.info)
        face = Image.blend(face, Image.new("RGB", face.size, DIM), 0.5)
        face.info.update(info)
    return face


@lru_cache(maxsize=64)
def card_mask(size: tuple[int, int]) -> Image.Image:
    """Rounded corners for a pasted face."""
    m = Image.new("L", size, 0)
    draw(m).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=16, fill=255)
    return m


def _paste_face(img: Image.Image, key: str, lang: str, box: Box, dim: bool) -> None:
    x0, y0, x1, y1 = box
    face = shown_face(key, lang, x1 - x0, y1 - y0, dim)
    paste(img, face, (x0, y0), card_mask(face.size), kept=True)


def _keys(hand: Sequence[View]) -> list[str]:
    """The face key of each card of a hand: every wound after the first without the effect all wounds share
    (``cards.AGAIN``), so a hand of many wounds does not repeat it on each of them."""
    keys, wound_seen = [], False
    for c in hand:
        key = _key(c)
        if key.startswith("wound:"):
            key, wound_seen = (key + AGAIN if wound_seen else key), True
        keys.append(key)
    return keys


def _key(view_card: View) -> str:
    """The face key of a card as a view shows it."""
    if view_card.get("card") == "wound":
        return f"wound:{view_card.get('wound_type') or 'bite'}"
    return str(view_card["card"])


Block = list[tuple[str, Any, RGB]]


def _header_block(title: str, line: str, ink: RGB, note: str = "", links: Sequence[str] = ()) -> tuple[Block, int]:
    """The header's lines (text, font, ink), wrapped to the width, and the height they take.

    The decision line ends with the link colours that apply, as moons (drawn by :func:`_header`).
    """
    inner = WIDTH - 2 * MARGIN
    block: Block = [("☾ NIGHTFALL", font(SMALL + 2, "bold"), GOLD)]
    tl, tf = fit_lines(title, inner, (HEAD + 4, HEAD, NAME), "bold")
    block += [(t, tf, TEXT) for t in tl]
    if line:
        lf = font(NAME, "condensed-bold")
        moons = len(links) * (2 * MOON_R + 8)
        block += [(t, lf, ink) for t in wrap(line, lf, inner - moons)]
    if note:
        nf = font(SMALL, "condensed")
        block += [(t, nf, TEXT_DIM) for t in wrap(note, nf, inner)]
    return block, 14 + sum(round(f.size * 1.3) for _, f, _ in block) + 12


def _header(d: Draw, block: Block, links: Sequence[str]) -> None:
    with d.within((MARGIN, 0, WIDTH - MARGIN, 14 + sum(round(f.size * 1.3) for _, f, _ in block) + 12)):
        _header_lines(d, block, links)


def _header_lines(d: Draw, block: Block, links: Sequence[str]) -> None:
    y = 14.0
    for i, (text, f, ink) in enumerate(block):
        h = round(f.size * 1.3)
        d.text((MARGIN, y + h / 2), text, font=f, fill=ink, anchor="lm")
        if links and ink == DECIDE and (i + 1 == len(block) or block[i + 1][2] != DECIDE):
            x = MARGIN + f.getlength(text) + 14 + MOON_R
            for link in links:
                moon(d, x, y + h / 2, MOON_R, link)
                x += 2 * MOON_R + 8
        y += h


def _hint(view: View, lang: str) -> tuple[str, RGB, list[str]]:
    """What the hand's decision is, in words, and the link colours that apply."""
    decisions = view.get("decisions") or []
    if decisions:
        dec = decisions[0]
        facts = dec.get("facts") or {}
        if facts.get("chain_end"):  # a chain to link onto: show where it ends
            last = facts["chain_end"]
            name = card_key_text(last["card"], lang) if last.get("card") else last.get("name", "?")
            return texts.t("render.hand.link_onto", lang, name=name), DECIDE, list(last.get("links") or [])
        return ask_words(dec, lang), DECIDE, []
    pending = view.get("pending") or []
    if pending:
        who = ", ".join(sorted({p["seat"] for p in pending}))
        return texts.t("render.hand.waiting_for", lang, names=who), TEXT_DIM, []
    return "", TEXT_DIM, []


def ask_words(dec: View, lang: str = "en") -> str:
    """What a decision asks, in ``lang``: the engine words its ``ask`` (a key and English
    arguments); a view without one gives its ``asks`` sentence as it is."""
    ask = dec.get("ask")
    if ask and texts.has(f"engine.ask.{ask.get('key')}"):
        return ask_text(ask["key"], ask.get("args") or {}, lang)
    return str(dec.get("asks") or texts.t("render.hand.your_decision", lang))


def label_lines(text: str, w: int, bold: bool = True) -> tuple[list[str], Any]:
    """The word under a card on one line (as large as fits), else on two at the smallest size,
    broken where the words leave two spaces ("▶ LINK  ★ KICKER") when the parts fit."""
    sizes = (SMALL + 2, SMALL) if bold else (SMALL,)
    weight = "bold" if bold else "regular"
    lines, f = fit_lines(text, w, sizes, weight)
    parts = text.split("  ")
    if len(lines) > 1 and len(parts) == 2 and all(f.getlength(p.strip()) <= w for p in parts):
        return [p.strip() for p in parts], f
    return lines, f


#: The word under a card: its text, its colour, and whether it is bold (a card one may use now).
Label = tuple[str, RGB, bool]


def card_labels(view: View, lang: str = "en") -> list[Label]:
    """The word under each card of the hand: how a framed card may be used (start or link, with its
    kicker), why a dimmed one may not; "" when the hand has no chain decision."""
    playable = playable_ids(view)
    # a chain decision: the cards that can't be played now are dimmed
    choosing = any(a.get("verb") == "chain" for dec in view.get("decisions") or [] for a in dec.get("actions") or [])
    out: list[Label] = []
    for c in view["hand"]:
        if c.get("id") in playable:
            kick = kicks(view, c)
            key = ("render.hand.start" if not view.get("chain") else "render.hand.link") + ("_kicker" if kick else "")
            out.append((texts.t(key, lang), GOLD if kick else DECIDE, True))
        elif choosing:
            key = "render.hand.wound" if c.get("card") == "wound" else "render.hand.cannot_link"
            out.append((texts.t(key, lang), TEXT_FAINT, False))
        else:
            out.append(("", TEXT_FAINT, False))
    return out


def _label(d: Draw, box: Box, label: Label) -> None:
    """The word under a card (why it is framed, or why it is not), on two lines if it must."""
    text, ink, bold = label
    if not text:
        return
    x0, _, x1, y1 = box
    lines, f = label_lines(text, x1 - x0, bold)
    step = round(f.size * 1.2)
    y = y1 + FRAME + (LABEL_H - FRAME) / 2
    with d.within((x0 - FRAME, y1 + FRAME, x1 + FRAME, y1 + LABEL_H2)):
        for line in lines:
            d.text(((x0 + x1) / 2, y), line, font=f, fill=ink, anchor="mm")
            y += step


def _hand_header(view: View, lang: str) -> tuple[Block, int, list[str]]:
    hand = view["hand"]
    line, ink, links = _hint(view, lang)
    title = texts.n("render.hand.title", len(hand), lang, you=view.get("you", "?"))
    block, top = _header_block(title, line, ink, "", links)
    return block, top, links


def hand_boxes(view: View, lang: str = "en") -> tuple[int, int, list[Box]]:
    """Width, height and each card's box of the hand image of ``view`` (for the drawing and tests)."""
    if "hand" not in view:
        raise ValueError("the hand image needs private_view(seat)")
    _, top, _ = _hand_header(view, lang)
    labels = [(text, bold) for text, _, bold in card_labels(view, lang)]
    return hand_layout(_keys(view["hand"]), lang, top, labels)


def draw_hand(view: View, lang: str = "en") -> Image.Image:
    """The seat's hand as compact cards, the playable ones framed (see :func:`render.render_hand`)."""
    width, height, boxes = hand_boxes(view, lang)
    hand = list(view["hand"])
    playable = playable_ids(view)
    block, top, links = _hand_header(view, lang)
    img = Image.new("RGB", (width, height), BG_TOP)
    d = draw(img)
    _header(d, block, links)
    labels = card_labels(view, lang)
    choosing = any(not bold and text for text, _, bold in labels)
    for c, key, box, label in zip(hand, _keys(hand), boxes, labels, strict=True):
        ok = c.get("id") in playable
        _paste_face(img, key, lang, box, dim=choosing and not ok)
        if ok:
            _frame(d, box, DECIDE)
        _label(d, box, label)
    if not hand:
        empty = texts.t("render.hand.empty", lang)
        d.text((WIDTH / 2, top + 60), empty, font=font(NAME), fill=TEXT_FAINT, anchor="mm")
    return img


def _draft_header(view: View, lang: str) -> tuple[Block, int]:
    draft = view.get("draft") or {}
    if "packet" not in draft:
        raise ValueError("the draft image needs private_view(seat) during the draft")
    chosen = draft.get("chosen")
    rnd, rounds = draft.get("round", 1), draft.get("rounds", "?")
    dest = draft.get("destination") or _destination(view)
    title = texts.t("render.draft.header", lang, you=view.get("you", "?"), round=rnd, rounds=rounds)
    picks = draft.get("picks") or []
    done = ", ".join(_pick_words(p, lang) for p in picks)
    if chosen:
        line = texts.t("render.draft.picked", lang, card=card_key_text(chosen, lang))
    else:
        key = f"render.draft.pick.{dest}"
        line = texts.t(key if texts.has(key) else "render.draft.pick", lang)
    note = texts.t("render.draft.your_picks", lang, picks=done) if done else ""
    return _header_block(title, line, DECIDE if not chosen else TEXT_DIM, note)


def _pick_words(pick: View, lang: str) -> str:
    """A pick so far and where it went: "Vulko (private)"."""
    key = f"render.draft.to.{pick.get('to')}"
    name = card_name(str(pick["card"]), lang)
    return texts.t(key, lang, card=name) if texts.has(key) else f"{name} ({pick.get('to')})"


def _packet_keys(view: View) -> list[str]:
    return [str(c.get("key") or c.get("card")) for c in (view.get("draft") or {}).get("packet") or []]


def draft_boxes(view: View, lang: str = "en") -> tuple[int, int, list[Box]]:
    """Width, height and each card's box of the draft image of ``view`` (for the drawing and tests)."""
    _, top = _draft_header(view, lang)
    chosen = (view.get("draft") or {}).get("chosen")
    labels = [(texts.t("render.draft.your_pick", lang) if key == chosen else "", True) for key in _packet_keys(view)]
    return hand_layout(_packet_keys(view), lang, top, labels)


def draw_draft(view: View, lang: str = "en") -> Image.Image:
    """The draft packet to pick from, and the picks so far (see :func:`render.render_draft`)."""
    block, _ = _draft_header(view, lang)
    width, height, boxes = draft_boxes(view, lang)
    chosen = (view.get("draft") or {}).get("chosen")
    img = Image.new("RGB", (width, height), BG_TOP)
    d = draw(img)
    _header(d, block, ())
    for key, box in zip(_packet_keys(view), boxes, strict=True):
        mine = chosen == key
        _paste_face(img, key, lang, box, dim=bool(chosen) and not mine)
        if mine:
            _frame(d, box, ACTIVE)
            _label(d, box, (texts.t("render.draft.your_pick", lang), GOLD, True))
    return img


#: Where each round's pick goes, by draft variant (the rulebook's draft methods), as a draft plan
#: says it: "private", "commons" or "out" (for views written before the plan was shown).
PICK_GOES = {
    "standard": ("private", "private", "commons"),
    "two-player": ("out", "private", "private"),
    "open": ("private", "private"),
    "common-ground": ("commons", "commons"),
}


def _destination(view: View) -> str:
    """Where this round's pick goes ("private", "commons", "out"): from the view's draft plan (the
    game's own rules version), else from the rulebook's draft for the variant (views written
    before the plan was shown)."""
    draft = view.get("draft") or {}
    rnd = int(draft.get("round", 1)) - 1
    plan = draft.get("plan")
    if plan:
        return str(plan[rnd]) if 0 <= rnd < len(plan) else ""
    variant = (view.get("options") or {}).get("draft", "standard")
    goes = PICK_GOES.get(variant, ())
    return goes[rnd] if 0 <= rnd < len(goes) else ""


def render_hand(view: View, lang: str = "en") -> bytes:
    return to_png(draw_hand(view, lang))


def render_draft(view: View, lang: str = "en") -> bytes:
    return to_png(draw_draft(view, lang))
