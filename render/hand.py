"""Hand and draft images for a player's DMs, drawn from ``private_view(seat)``.

The hand shows every card as a full face; the cards that a legal ``chain <id>`` action names
right now are framed and labelled, the rest dimmed, so a player sees at a glance what they may
play or link. Faces come from the card cache, so a hand is mostly pasting.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from .cards import card_face, card_height, card_name, wound_face
from .primitives import Box, Draw, draw, fit, moon, to_png
from .theme import (
    ACTIVE,
    BG_TOP,
    DECIDE,
    GOLD,
    MARGIN,
    RGB,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    font,
)

View = dict[str, Any]

CARD_W = 250
CARD_GAP = 14
LABEL_H = 40
HEADER_H = 150
MIN_WIDTH = 720
MAX_COLUMNS = 4
DIM: RGB = (12, 12, 22)
LINE_Y = 102


def playable_ids(view: View) -> dict[str, str]:
    """Hand card ids a legal ``chain <id>`` action names now, with the action's label."""
    out: dict[str, str] = {}
    for decision in view.get("decisions") or []:
        for action in decision.get("actions") or []:
            words = str(action.get("text", "")).split()
            if len(words) == 2 and words[0] == "chain":
                out[words[1]] = str(action.get("label", ""))
    return out


def _grid(n: int) -> tuple[int, int]:
    """Columns and rows for ``n`` cards, rows as even as possible."""
    if n <= 0:
        return 1, 0
    rows = -(-n // MAX_COLUMNS)
    cols = -(-n // rows)
    return cols, rows


def hand_layout(n: int) -> tuple[int, int, list[Box]]:
    """Width, height and the box of each of ``n`` cards (shared by the drawing and the tests)."""
    cols, rows = _grid(n)
    cards_w = cols * CARD_W + (cols - 1) * CARD_GAP
    width = max(MIN_WIDTH, cards_w + 2 * MARGIN)
    ch = card_height(CARD_W)
    height = HEADER_H + max(1, rows) * (ch + LABEL_H + CARD_GAP) + MARGIN
    x0 = (width - cards_w) // 2
    boxes = []
    for i in range(n):
        x = x0 + (i % cols) * (CARD_W + CARD_GAP)
        y = HEADER_H + (i // cols) * (ch + LABEL_H + CARD_GAP)
        boxes.append((x, y, x + CARD_W, y + ch))
    return width, height, boxes


def _frame(d: Draw, x: int, y: int, ch: int, colour_: RGB) -> None:
    """A bright frame around a card the player can use now."""
    d.rounded_rectangle((x - 7, y - 7, x + CARD_W + 7, y + ch + 7), radius=20, outline=colour_, width=6)


@lru_cache(maxsize=128)
def shown_face(key: str, lang: str, width: int, dim: bool) -> Image.Image:
    """A face as the hand shows it, dimmed when it cannot be used now; ``key`` may be ``wound:<type>``."""
    if key.startswith("wound:"):
        face = wound_face(key[6:], lang, width)
    else:
        face = card_face(key, lang, width)
    if dim:
        face = Image.blend(face, Image.new("RGB", face.size, DIM), 0.55)
    return face


@lru_cache(maxsize=8)
def card_mask(size: tuple[int, int]) -> Image.Image:
    """Rounded corners for a pasted face."""
    m = Image.new("L", size, 0)
    draw(m).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=round(14 * size[0] / 250), fill=255)
    return m


def _paste_face(img: Image.Image, key: str, lang: str, x: int, y: int, dim: bool) -> None:
    face = shown_face(key, lang, CARD_W, dim)
    img.paste(face, (x, y), card_mask(face.size))


def _key(view_card: View) -> str:
    """The face key of a card as a view shows it."""
    if view_card.get("card") == "wound":
        return f"wound:{view_card.get('wound_type') or 'bite'}"
    return str(view_card["card"])


def _header(d: Draw, width: int, title: str, line: str, ink: RGB, note: str = "") -> None:
    d.text((MARGIN, 26), "☾ NIGHTFALL", font=font(19, "bold"), fill=GOLD, anchor="lm")
    text, f = fit(title, width - 2 * MARGIN, (34, 32, 30, 28), "bold")
    d.text((MARGIN, 64), text, font=f, fill=TEXT, anchor="lm")
    text, f = fit(line, width - 2 * MARGIN, (24, 22, 21, 20, 19, 18), "condensed-bold")
    d.text((MARGIN, LINE_Y), text, font=f, fill=ink, anchor="lm")
    if note:
        text, f = fit(note, width - 2 * MARGIN, (19, 18, 17, 16), "condensed")
        d.text((MARGIN, LINE_Y + 28), text, font=f, fill=TEXT_DIM, anchor="lm")


def _hint(view: View, lang: str) -> tuple[str, RGB, list[str]]:
    """What the hand's decision is, in words, and the link colours that apply."""
    decisions = view.get("decisions") or []
    if decisions:
        dec = decisions[0]
        facts = dec.get("facts") or {}
        if facts.get("chain_end"):  # a chain to link onto: show where it ends
            last = facts["chain_end"]
            name = card_name(last["card"], lang) if last.get("card") else last.get("name", "?")
            return f"Link onto {name} — it links to", DECIDE, list(last.get("links") or [])
        return str(dec.get("asks") or "Your decision"), DECIDE, []
    pending = view.get("pending") or []
    if pending:
        who = ", ".join(sorted({p["seat"] for p in pending}))
        return f"Waiting for {who}", TEXT_DIM, []
    return "", TEXT_DIM, []


def draw_hand(view: View, lang: str = "en") -> Image.Image:
    """The seat's hand as full cards, the playable ones framed (see :func:`render.render_hand`)."""
    if "hand" not in view:
        raise ValueError("the hand image needs private_view(seat)")
    hand = list(view["hand"])
    playable = playable_ids(view)
    width, height, boxes = hand_layout(len(hand))
    img = Image.new("RGB", (width, height), BG_TOP)
    d = draw(img)
    line, ink, links = _hint(view, lang)
    you = view.get("you", "?")
    _header(d, img.width, f"{you} · your hand · {len(hand)} card{'s' * (len(hand) != 1)}", line, ink)
    if links:
        lf = font(24, "condensed-bold")
        lx = MARGIN + min(lf.getlength(line), img.width) + 22
        for link in links:
            moon(d, lx, LINE_Y, 14, link)
            lx += 34
    # a chain decision: the cards that can't be played now are dimmed
    choosing = any(
        a.get("verb") == "chain" for dec in view.get("decisions") or [] for a in dec.get("actions") or []
    )
    for i, c in enumerate(hand):
        x, y, _, y1 = boxes[i]
        ch = y1 - y
        ok = c.get("id") in playable
        _paste_face(img, _key(c), lang, x, y, dim=choosing and not ok)
        label_y = y + ch + LABEL_H / 2 + 2
        if ok:
            _frame(d, x, y, ch, DECIDE)
            label = playable[c["id"]]
            kicker = "kicker" in label
            word = ("▶ START" if not view.get("chain") else "▶ LINK") + ("  ★ KICKER" if kicker else "")
            d.text((x + CARD_W / 2, label_y), word, font=font(20, "bold"), fill=GOLD if kicker else DECIDE, anchor="mm")
        elif choosing:
            why = "wound" if c.get("card") == "wound" else "can't link"
            d.text((x + CARD_W / 2, label_y), why, font=font(17), fill=TEXT_FAINT, anchor="mm")
    if not hand:
        d.text((img.width / 2, HEADER_H + 120), "no cards in hand", font=font(26), fill=TEXT_FAINT, anchor="mm")
    return img


def draw_draft(view: View, lang: str = "en") -> Image.Image:
    """The draft packet to pick from, and the picks so far (see :func:`render.render_draft`)."""
    draft = view.get("draft") or {}
    if "packet" not in draft:
        raise ValueError("the draft image needs private_view(seat) during the draft")
    packet = list(draft.get("packet") or [])
    chosen = draft.get("chosen")
    width, height, boxes = hand_layout(len(packet))
    img = Image.new("RGB", (width, height), BG_TOP)
    d = draw(img)
    rnd, rounds = draft.get("round", 1), draft.get("rounds", "?")
    dest = draft.get("destination") or _destination(view)
    title = f"{view.get('you', '?')} · draft round {rnd} of {rounds}"
    picks = draft.get("picks") or []
    done = ", ".join(f"{card_name(p['card'], lang)} ({p['to']})" for p in picks)
    if chosen:
        line = f"You picked {card_name(chosen, lang)} — waiting for the others"
    else:
        line = f"Pick one card{f' for {dest}' if dest else ''}"
    note = f"Your picks so far: {done}" if done else ""
    _header(d, img.width, title, line, DECIDE if not chosen else TEXT_DIM, note)
    for i, c in enumerate(packet):
        key = c.get("key") or c.get("card")
        x, y, _, y1 = boxes[i]
        ch = y1 - y
        mine = chosen == key
        _paste_face(img, str(key), lang, x, y, dim=bool(chosen) and not mine)
        if mine:
            _frame(d, x, y, ch, ACTIVE)
            d.text(
                (x + CARD_W / 2, y + ch + LABEL_H / 2 + 2), "★ YOUR PICK", font=font(20, "bold"), fill=GOLD, anchor="mm"
            )
    return img


#: Where each round's pick goes, by draft variant (the rulebook's draft methods).
PICK_GOES = {
    "standard": ("your private archives", "your private archives", "the commons"),
    "two-player": ("leaving the game", "your private archives", "your private archives"),
    "open": ("your private archives", "your private archives"),
    "common-ground": ("the commons", "the commons"),
}


PLAN_WORDS = {"private": "your private archives", "commons": "the commons", "out": "leaving the game"}


def _destination(view: View) -> str:
    """Where this round's pick goes: from the view's draft plan (the game's own rules version),
    else from the rulebook's draft for the variant (views written before the plan was shown)."""
    draft = view.get("draft") or {}
    rnd = int(draft.get("round", 1)) - 1
    plan = draft.get("plan")
    if plan:
        return PLAN_WORDS.get(str(plan[rnd]), "") if 0 <= rnd < len(plan) else ""
    variant = (view.get("options") or {}).get("draft", "standard")
    goes = PICK_GOES.get(variant, ())
    return goes[rnd] if 0 <= rnd < len(goes) else ""


def render_hand(view: View, lang: str = "en") -> bytes:
    return to_png(draw_hand(view, lang))


def render_draft(view: View, lang: str = "en") -> bytes:
    return to_png(draw_draft(view, lang))
