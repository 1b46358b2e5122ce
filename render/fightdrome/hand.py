"""A player's hand for their DM, drawn from ``private_view(seat)``: what they hold and what they may play.

620 px wide like the table, no text below 22 px (11 px on a phone). Top to bottom: the round and the
format; the decision (their move, or whom they wait for); the top card of the fight line and what may
answer it; the hand as tiles, four to a row, each with its type colour, name, strength (or NEURO) and
Fame. When the decision is theirs, the cards they may play now are framed and the rest dimmed, and a Rest
tile joins them when Rest is allowed; then their own counts and the faces of their own stun pile.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import Image

from engine.fightdrome import cards

from ..primitives import Draw, draw, fit, fit_lines, to_png
from ..theme import DECIDE, GOLD, PANEL, PANEL_DARK, PANEL_LINE, TEXT, TEXT_DIM, TEXT_FAINT, font
from . import texts
from .style import (
    BIG,
    BODY,
    CHIP_H,
    CHIP_W,
    DECIDE_FILL,
    GAP,
    HEAD,
    INNER,
    MARGIN,
    NAME,
    NEURO,
    OK,
    SMALL,
    WIDTH,
    Piece,
    View,
    canvas,
    draw_chip,
    draw_rows,
    family_colour,
    fit_weights,
    namer,
    owner_index,
    pieces_to_rows,
)
from .table import decision_words, format_words

MAX_H = 1400
#: Key in ``Image.info`` of the tiles drawn (face or "rest", state, box), so tests can look at each one.
TILES = "render.fightdrome.tiles"


class Tile(NamedTuple):
    """A tile of the hand: its face ("rest" for the Rest tile), "play", "dim" or "show", and its box."""

    face: str
    state: str
    box: tuple[int, int, int, int]


ROW_H = 28
COLUMNS = 4
TILE_GAP = 10
TILE_W = (INNER - (COLUMNS - 1) * TILE_GAP) // COLUMNS
TILE_H = 146
BAND = 10
#: Dimmed tiles: a card the player may not play now.
DIM_FILL = PANEL_DARK
DIM_BAND = (58, 62, 92)


def _tile(d: Draw, x: int, y: int, card: View, lang: str, state: str) -> None:
    """One card of the hand; ``state`` is "play" (framed), "dim" (may not be played now) or "show"."""
    face = str(card["card"])
    dim = state == "dim"
    fill = DIM_FILL if dim else PANEL
    outline = DECIDE if state == "play" else PANEL_LINE
    d.rounded_rectangle(
        (x, y, x + TILE_W, y + TILE_H), radius=12, fill=fill, outline=outline, width=4 if state == "play" else 2
    )
    band = DIM_BAND if dim else family_colour(face)
    d.rounded_rectangle((x + 4, y + 4, x + TILE_W - 4, y + 4 + BAND), radius=4, fill=band)
    ink = TEXT_FAINT if dim else TEXT
    cx = x + TILE_W / 2
    inner = (x + 6, y + 4 + BAND, x + TILE_W - 6, y + TILE_H - 4)
    with d.within(inner):
        name = texts.short_name(face, lang)
        room = inner[2] - inner[0]
        one, nf = fit_weights(name, room, SMALL, ("condensed-bold", "condensed"))
        lines = [one] if nf.getlength(name) <= room else fit_lines(name, room, (SMALL,), "condensed-bold")[0]
        nf = nf if len(lines) == 1 else font(SMALL, "condensed-bold")
        top = y + BAND + 8 + (13 if len(lines) == 1 else 0)
        for k, line in enumerate(lines):
            d.text((cx, top + 13 + k * 26), line, font=nf, fill=ink, anchor="mm")
        mid = y + BAND + 8 + 52 + 24
        strength = card.get("strength")
        if card.get("neuro"):
            d.text(
                (cx, mid),
                texts.word("neuro", lang),
                font=font(BODY, "bold"),
                fill=TEXT_FAINT if dim else NEURO,
                anchor="mm",
            )
        elif strength is not None:
            d.text((cx, mid), str(strength), font=font(BIG, "bold"), fill=ink, anchor="mm")
        else:
            d.text((cx, mid), "—", font=font(BIG, "bold"), fill=TEXT_FAINT, anchor="mm")
        fame, ff = fit(
            f"{texts.word('fame', lang)} {card.get('fame', cards.fame(face))}",
            inner[2] - inner[0],
            (SMALL,),
            "condensed",
        )
        d.text((cx, y + TILE_H - 18), fame, font=ff, fill=TEXT_DIM if dim else GOLD, anchor="mm")


def _rest_tile(d: Draw, x: int, y: int, lang: str) -> None:
    """The Rest choice among the cards: draw a card instead of opening."""
    d.rounded_rectangle((x, y, x + TILE_W, y + TILE_H), radius=12, fill=DECIDE_FILL, outline=DECIDE, width=4)
    inner = (x + 6, y + 6, x + TILE_W - 6, y + TILE_H - 6)
    with d.within(inner):
        words, room = texts.word("rest_allowed", lang), inner[2] - inner[0]
        lines, f = fit_lines(words, room, (BODY, SMALL), "bold", 3)
        if any(line.endswith("…") for line in lines):  # a long word ("отдохнуть") in a condensed face, not cut
            lines, f = fit_lines(words, room, (SMALL,), "condensed-bold", 3)
        h = len(lines) * 28
        for k, line in enumerate(lines):
            d.text((x + TILE_W / 2, y + TILE_H / 2 - h / 2 + 14 + k * 28), line, font=f, fill=OK, anchor="mm")


def _header(d: Draw, view: View, lang: str, y: int) -> int:
    """ "Your hand" on the left, the round and the format in the room left on the right; returns the y below."""
    h = 40
    right = format_words(view, lang)
    if view.get("round"):
        right = f"{texts.word('round', lang, n=view['round'])} · {right}"
    with d.within((MARGIN, y, WIDTH - MARGIN, y + h)):
        title, tf = fit(texts.word("your_hand", lang), INNER * 0.45, (HEAD, NAME, SMALL), "bold")
        d.text((MARGIN, y + h / 2), title, font=tf, fill=TEXT, anchor="lm")
        room = INNER - tf.getlength(title) - 16
        shown, rf = fit_weights(right, room, SMALL, ("bold", "condensed-bold"))
        d.text((WIDTH - MARGIN, y + h / 2), shown, font=rf, fill=GOLD, anchor="rm")
    return y + h


def _band(d: Draw, view: View, lang: str, names: dict[str, str] | None, mine: bool, y: int) -> int:
    """Their move and what it is, or whom they are waiting for; returns the y below."""
    name = namer(names)
    who, what = decision_words(view, lang, name)
    if view.get("over"):
        pieces: list[Piece | list[Piece]] = [
            ("★ " + texts.word("wins_match", lang, name=name(str(view.get("winner")))), font(NAME, "bold"), GOLD)
        ]
        fill, outline = PANEL, GOLD
    elif mine:
        kind = str((view.get("decisions") or [{}])[0].get("kind", ""))
        if kind == "answer":  # the top card is drawn just below
            what = texts.word("kind.answer_short", lang)
        pieces = [("▶ " + texts.word("your_move", lang, what=what), font(BODY, "bold"), DECIDE)]
        fill, outline = DECIDE_FILL, DECIDE
    elif who:
        pieces = [
            (texts.word("waiting_for", lang, name=who) + ":", font(BODY, "bold"), TEXT_DIM),
            (what, font(BODY, "condensed"), TEXT_DIM),
        ]
        fill, outline = PANEL, PANEL_LINE
    else:
        return y
    rows = pieces_to_rows(pieces, INNER - 28)
    h = len(rows) * 32 + 14
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=14, fill=fill, outline=outline, width=3)
    with d.within((MARGIN + 8, y, WIDTH - MARGIN - 8, y + h)):
        draw_rows(d, MARGIN + 14, y + 7, rows, 32)
    return y + h


def _top(d: Draw, view: View, lang: str, mine: bool, y: int) -> int:
    """The top card of the fight line as a chip, and beside it what may answer it; returns the y below."""
    line = view.get("line") or []
    if not line:
        return y
    last = line[-1]
    label_f = font(SMALL, "bold")
    answering = view.get("kind") == "answer" and mine
    draw_chip(d, MARGIN, y, str(last["card"]), owner_index(view, last.get("seat")), lang, top=answering)
    groups = texts.requirement_groups(list(view.get("requirement") or []), lang)
    h = CHIP_H
    if groups:
        x = MARGIN + CHIP_W + 14
        gf = font(SMALL, "condensed")
        pieces: list[Piece | list[Piece]] = [(texts.word("to_answer", lang), label_f, DECIDE if mine else TEXT_DIM)]
        pieces += [(g + (" ·" if j < len(groups) - 1 else ""), gf, TEXT) for j, g in enumerate(groups)]
        rows = pieces_to_rows(pieces, WIDTH - MARGIN - x)
        h = max(h, len(rows) * ROW_H)
        with d.within((x, y, WIDTH - MARGIN, y + h)):
            draw_rows(d, x, y + (h - len(rows) * ROW_H) / 2, rows, ROW_H)
    else:  # nothing to answer: say what the chip is
        x = MARGIN + CHIP_W + 14
        with d.within((x, y, WIDTH - MARGIN, y + h)):
            d.text((x, y + h / 2), texts.word("top_card", lang), font=label_f, fill=TEXT_DIM, anchor="lm")
    return y + h


def _sleeves(d: Draw, view: View, lang: str, mine: bool, y: int) -> int:
    """A Grand Tournament's Sleeves to choose from (or the one chosen in secret); returns the y below."""
    f: View = (view.get("fighters") or {}).get(str(view.get("you"))) or {}
    picked = view.get("pick")
    team = [str(picked)] if picked else list(f.get("team") or [])
    for k, sleeve in enumerate(team):
        x = MARGIN + k * (TILE_W + TILE_GAP)
        box = (x, y, x + TILE_W, y + 96)
        d.rounded_rectangle(box, radius=12, fill=PANEL, outline=DECIDE if mine else GOLD, width=4 if mine else 2)
        inner = (x + 6, y + 6, x + TILE_W - 6, y + 90)
        with d.within(inner):
            lines, nf = fit_lines(texts.sleeve_name(sleeve, lang), inner[2] - inner[0], (BODY, SMALL), "condensed-bold")
            for j, line in enumerate(lines):
                d.text(
                    (x + TILE_W / 2, y + 48 + (j - (len(lines) - 1) / 2) * 28), line, font=nf, fill=TEXT, anchor="mm"
                )
    if picked:
        x = MARGIN + TILE_W + 14
        with d.within((x, y, WIDTH - MARGIN, y + 96)):
            d.text((x, y + 48), texts.word("chosen", lang), font=font(SMALL, "bold"), fill=GOLD, anchor="lm")
    return y + 96


def _tiles(d: Draw, view: View, lang: str, mine: bool, y: int, placed: list[Tile]) -> int:
    """The hand, four tiles a row (and the Rest tile when Rest is allowed); returns the y below."""
    hand = list(view.get("hand") or [])
    rest = mine and bool(view.get("can_rest"))
    sleeve = any(dec.get("kind") == "sleeve" for dec in view.get("decisions") or []) or view.get("pick")
    if not hand and sleeve:
        return _sleeves(d, view, lang, mine, y)
    if not hand and not rest:
        with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
            d.text(
                (MARGIN, y + ROW_H / 2),
                texts.word("no_cards", lang),
                font=font(SMALL, "condensed"),
                fill=TEXT_FAINT,
                anchor="lm",
            )
        return y + ROW_H
    n = len(hand) + (1 if rest else 0)
    for k in range(n):
        row, col = divmod(k, COLUMNS)
        x, ty = MARGIN + col * (TILE_W + TILE_GAP), y + row * (TILE_H + TILE_GAP)
        if k == len(hand):
            _rest_tile(d, x, ty, lang)
            placed.append(Tile("rest", "play", (x, ty, x + TILE_W, ty + TILE_H)))
            continue
        card = hand[k]
        state = ("play" if card.get("legal") else "dim") if mine else "show"
        _tile(d, x, ty, card, lang, state)
        placed.append(Tile(str(card["card"]), state, (x, ty, x + TILE_W, ty + TILE_H)))
    rows = (n + COLUMNS - 1) // COLUMNS
    y += rows * TILE_H + (rows - 1) * TILE_GAP
    if mine and any(c.get("legal") for c in hand):
        y += 6
        with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
            d.rounded_rectangle((MARGIN, y + 3, MARGIN + 22, y + ROW_H - 3), radius=5, outline=DECIDE, width=4)
            d.icon(22)
            d.text(
                (MARGIN + 32, y + ROW_H / 2),
                texts.word("playable", lang),
                font=font(SMALL, "condensed"),
                fill=TEXT_DIM,
                anchor="lm",
            )
        y += ROW_H
    return y


def _own(d: Draw, view: View, lang: str, y: int) -> int:
    """Their own counts (and Fame in a series), then the faces of their stun pile; returns the y below."""
    f: View = (view.get("fighters") or {}).get(str(view.get("you"))) or {}
    vf, lf = font(BODY, "bold"), font(SMALL, "condensed")
    items: list[Piece | list[Piece]] = []
    for key in ("hand", "deck", "discard", "stun"):
        items.append([(str(f.get(key, 0)), vf, TEXT), (texts.word(key, lang) + "  ", lf, TEXT_DIM)])
    if (view.get("options") or {}).get("format") == "series":
        items.append([(texts.word("fame", lang), lf, TEXT_DIM), (str(f.get("fame", 0)), vf, GOLD)])
    rows = pieces_to_rows(items, INNER)
    with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows) * 32)):
        y = int(draw_rows(d, MARGIN, y, rows, 32))
    stun = [texts.card_name(face, lang) for face in view.get("stun_pile") or []]
    pieces: list[Piece | list[Piece]] = [(texts.word("stun_pile", lang), font(SMALL, "bold"), TEXT_DIM)]
    cf = font(SMALL, "condensed")
    pieces += [(s + ("," if j < len(stun) - 1 else ""), cf, TEXT) for j, s in enumerate(stun)] or [
        (texts.word("none", lang), cf, TEXT_FAINT)
    ]
    rows = pieces_to_rows(pieces, INNER)
    with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows) * ROW_H)):
        y = int(draw_rows(d, MARGIN, y, rows, ROW_H))
    return y


def draw_hand(view: View, lang: str = "en", names: dict[str, str] | None = None) -> Image.Image:
    """The hand as an image (before PNG), for tests that read its recorded sizes and texts."""
    if "you" not in view:
        raise ValueError("the hand image takes private_view(seat)")
    lang = texts.lang_of(lang)
    you = str(view["you"])
    mine = any(dec.get("seat") == you for dec in view.get("decisions") or [])
    img = canvas(MAX_H)
    d = draw(img)
    y = _header(d, view, lang, MARGIN)
    y = _band(d, view, lang, names, mine, y + 2) + GAP
    top = _top(d, view, lang, mine, y)
    y = (top + GAP + 4) if top != y else y
    placed: list[Tile] = []
    y = _tiles(d, view, lang, mine, y, placed) + GAP
    y = _own(d, view, lang, y)
    out = img.crop((0, 0, WIDTH, min(MAX_H, y + MARGIN)))
    out.info[TILES] = tuple(placed)
    return out


def render_hand(private_view: View, lang: str = "en", names: dict[str, str] | None = None) -> bytes:
    """A player's hand for their DM as PNG bytes (``private_view(seat)`` only)."""
    return to_png(draw_hand(private_view, lang, names))
