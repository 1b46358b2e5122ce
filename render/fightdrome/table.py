"""The table image for the channel: the whole public state of a Fightdrome match, read on a phone.

620 px wide (Discord shows it about 310 px wide on a phone) and no text below 22 px, so nothing comes out
below 11 px there; short enough (about 600 px) to fit a phone screen without scrolling. Top to bottom:
the round and the format; who must decide now and what (a band of its own); the two fighters side by side
in their owners' colours (Sleeve, Stack, Fame or team, the counts of hand, deck, discard and stun pile,
whether Rest is open to them); the exchange on the fight line in order, with what may answer its top card;
then the last round's result, what just happened, and the optional rules in play.

Drawn only from ``public_view()``: a private view is refused, so a hand can never reach a channel.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from ..primitives import Draw, draw, fit, pips, to_png
from ..theme import DECIDE, GOLD, PANEL, PANEL_LINE, TEXT, TEXT_DIM, TEXT_FAINT, font
from . import texts
from .style import (
    BODY,
    CHIP_GAP,
    CHIP_H,
    CHIP_W,
    DECIDE_FILL,
    GAP,
    HEAD,
    INNER,
    MARGIN,
    NAME,
    OK,
    OWNER,
    OWNER_FILL,
    SMALL,
    WIDTH,
    WIN_FILL,
    Namer,
    Piece,
    View,
    canvas,
    check_public,
    draw_chip,
    draw_rows,
    fit_name,
    fit_weights,
    namer,
    owner_index,
    pieces_to_rows,
)

#: The canvas is drawn this tall and cropped to what the layout used.
MAX_H = 1600
ROW_H = 28
HEADER_ROW_H = 28
#: Rows inside a fighter's panel are a little tighter than the rest.
PANEL_ROW_H = 28
HEADER_ROW_H = 28
PANEL_PAD = 8
NAME_ROW_H = 38
#: At most this many chips of the exchange are drawn (two rows); earlier cards are counted in a "+n" chip.
MAX_CHIPS = 8
#: Events worth a line of their own, most telling first; draws and plays show in the counts and the line.
EVENTS = ("tie_over_target", "eliminated", "overload", "cannot_open", "stunned", "rest", "last_breath", "reshuffle")


def format_words(view: View, lang: str) -> str:
    """ "to 300 Fame", "single bout" or "Grand Tournament"."""
    options = view.get("options") or {}
    fmt = options.get("format", "series")
    if fmt == "bout":
        return texts.word("bout", lang)
    if fmt == "tournament":
        return texts.word("tournament", lang)
    return texts.word("target", lang, n=options.get("target", 300))


def decision_words(view: View, lang: str, name: Namer) -> tuple[str, str]:
    """Who must decide now (names) and what, in words: ("Bo", "answer Kick 60")."""
    decisions = view.get("decisions") or []
    if not decisions:
        return "", ""
    kind = str(decisions[0].get("kind", ""))
    who = ", ".join(name(str(d["seat"])) for d in decisions)
    if kind == "answer" and view.get("top"):
        what = texts.word("kind.answer", lang, card=texts.card_name(str(view["top"]), lang))
    elif kind == "sleeve" and not view.get("round"):
        what = texts.word("kind.first_sleeve", lang)
    elif f"kind.{kind}" in texts.WORDS["en"]:
        what = texts.word(f"kind.{kind}", lang)
    else:
        what = kind
    return who, what


def event_words(view: View, lang: str, name: Namer) -> list[str]:
    """The telling events of the last move, in words, most telling first (at most two)."""
    out: list[str] = []
    for kind in EVENTS:
        for e in view.get("last") or []:
            if e.get("type") != kind:
                continue
            if kind == "tie_over_target":
                text = texts.word("event.tie", lang)
            elif kind == "eliminated":
                text = texts.word("event.eliminated", lang, sleeve=texts.sleeve_name(str(e.get("sleeve")), lang))
            else:
                key = {"cannot_open": "event.cannot_open", "last_breath": "event.last_breath"}.get(
                    kind, f"event.{kind}"
                )
                text = texts.word(key, lang, name=name(str(e.get("seat"))))
            if text not in out:
                out.append(text)
    return out[:2]


def _header(d: Draw, view: View, lang: str, name: Namer, y: int) -> int:
    """Two rows: the round and the format, then who opened it and the optional rules; who opened takes a third row
    of its own when it does not fit beside the rules (Polish names both rules at length). Returns the y below."""
    h = HEADER_ROW_H
    options = view.get("options") or {}
    right = format_words(view, lang)
    flags = " · ".join(texts.word(k, lang) for k in ("breather", "last_breath") if options.get(k))
    rf, ff, lf, of = (
        font(SMALL, "bold"),
        font(SMALL, "condensed-bold"),
        font(SMALL + 4, "bold"),
        font(SMALL, "condensed"),
    )
    opener = texts.word("opener", lang, name=name(str(view["opener"]))) if view.get("opener") else ""
    beside = not flags or of.getlength(opener) <= INNER - ff.getlength(flags) - 16
    rows = 2 if beside else 3
    with d.within((MARGIN, y, WIDTH - MARGIN, y + rows * h)):
        d.text((WIDTH - MARGIN, y + h / 2), right, font=rf, fill=GOLD, anchor="rm")
        if flags:
            d.text((WIDTH - MARGIN, y + h * 1.5), flags, font=ff, fill=OK, anchor="rm")
        if view.get("round"):
            left, _ = fit(texts.word("round", lang, n=view["round"]), INNER - rf.getlength(right) - 16, (SMALL + 4,))
            d.text((MARGIN, y + h / 2), left, font=lf, fill=TEXT, anchor="lm")
        if opener:
            room = INNER - ff.getlength(flags) - 16 if beside and flags else INNER
            shown, _ = fit(opener, room, (SMALL,), "condensed")
            d.text((MARGIN, y + h * (1.5 if beside else 2.5)), shown, font=of, fill=TEXT_DIM, anchor="lm")
    return y + rows * h


def _band(d: Draw, view: View, lang: str, name: Namer, y: int) -> int:
    """Who must decide now and what (or who won), in a band of its own; returns the y below."""
    if view.get("over"):
        text = "★ " + texts.word("wins_match", lang, name=name(str(view.get("winner"))))
        pieces: list[Piece] = [(text, font(NAME, "bold"), GOLD)]
        fill, outline = WIN_FILL, GOLD
    else:
        who, what = decision_words(view, lang, name)
        if not who:
            return y
        # a long display name is shortened rather than pushing the decision onto a third line
        who_text, who_font = fit(f"▶ {who}:", INNER * 0.6, (NAME, BODY), "bold")
        pieces = [(who_text, who_font, DECIDE), (what, font(BODY, "bold"), TEXT)]
        fill, outline = DECIDE_FILL, DECIDE
    rows = pieces_to_rows(pieces, INNER - 28)
    h = len(rows) * 34 + 16
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=14, fill=fill, outline=outline, width=3)
    with d.within((MARGIN + 8, y, WIDTH - MARGIN - 8, y + h)):
        draw_rows(d, MARGIN + 14, y + 8, rows, 34)
    return y + h


def panel_rows(view: View) -> int:
    """How many rows of text a fighter's panel holds below its name (the same for both fighters)."""
    fmt = (view.get("options") or {}).get("format")
    return 5 + (2 if fmt == "tournament" else 0)


#: The four counts as two columns: the short labels (hand, deck) left, the long ones (discard, stun) right.
COUNT_ROWS = (("hand", "discard"), ("deck", "stun"))


def _counts(d: Draw, x: float, y: float, w: float, f: View, lang: str) -> float:
    """The counts two by two, each a bold number then its dim label ("25 deck"); columns as wide as
    their words, so a long Polish or Russian label keeps its room. Returns the y below."""
    lf = font(SMALL, "condensed")
    for size in (BODY, SMALL):
        vf = font(size, "bold")
        cells = [[(str(f.get(k, 0)), texts.word(k, lang)) for k in row] for row in COUNT_ROWS]
        cols = [max(vf.getlength(v) + 6 + lf.getlength(label) for v, label in (r[j] for r in cells)) for j in (0, 1)]
        if cols[0] + 12 + cols[1] <= w:
            break
    x1 = x + max(cols[0] + 12, w - cols[1])
    for row in cells:
        cy = y + PANEL_ROW_H / 2
        for cx, (value, label) in zip((x, x1), row, strict=True):
            d.text((cx, cy), value, font=vf, fill=TEXT, anchor="lm")
            vw = vf.getlength(value) + 6
            shown, f_ = fit(label, x + w - cx - vw if cx == x1 else x1 - cx - vw - 8, (SMALL,), "condensed")
            d.text((cx + vw, cy + 1), shown, font=f_, fill=TEXT_DIM, anchor="lm")
        y += PANEL_ROW_H
    return y


def _team(d: Draw, x: float, y: float, w: float, f: View, lang: str) -> None:
    """The Grand Tournament's team on up to two rows: the Sleeves still to fight, then the lost ones struck out."""
    title = texts.word("team", lang)
    tf, nf, lf = font(SMALL, "condensed"), font(SMALL, "condensed-bold"), font(SMALL, "condensed")
    pieces: list[Piece] = [(title, tf, TEXT_DIM)]
    pieces += [(texts.sleeve_name(s, lang), nf, TEXT) for s in f.get("team") or []]
    pieces += [(texts.sleeve_name(s, lang), lf, TEXT_FAINT) for s in f.get("lost") or []]
    if len(pieces) == 1:
        pieces.append(("—", nf, TEXT_FAINT))
    rows = pieces_to_rows(pieces, w)[:2]
    for row in rows:
        cy = y + PANEL_ROW_H / 2
        for dx, text, f_, ink in row:
            d.text((x + dx, cy), text, font=f_, fill=ink, anchor="lm")
            if ink == TEXT_FAINT and f_ is lf and text != "—":
                d.line((x + dx - 2, cy + 1, x + dx + f_.getlength(text) + 2, cy + 1), fill=TEXT_DIM, width=2)
        y += PANEL_ROW_H


def titled(d: Draw, x: float, cy: float, title: str, value: str, max_w: float, ink: Any = TEXT) -> None:
    """A dim title then its value ("Sleeve Boxer"), the value shortened to what is left."""
    tf = font(SMALL, "condensed")
    d.text((x, cy + 1), title, font=tf, fill=TEXT_DIM, anchor="lm")
    tw = tf.getlength(title) + 8
    shown, vf = fit_weights(value, max_w - tw, BODY, ("condensed-bold",))
    if vf.getlength(value) > max_w - tw:
        shown, vf = fit_weights(value, max_w - tw, SMALL, ("condensed-bold", "condensed"))
    d.text((x + tw, cy), shown, font=vf, fill=ink, anchor="lm")


def _panel(d: Draw, view: View, seat: str, box: tuple[int, int, int, int], lang: str, name: Namer) -> None:
    """One fighter: name and Fame (or fighters left), Sleeve, Stack, the four counts, Rest, the team."""
    x0, y0, x1, y1 = box
    i = owner_index(view, seat)
    f: View = (view.get("fighters") or {}).get(seat) or {}
    fmt = (view.get("options") or {}).get("format")
    deciding = seat in {d_["seat"] for d_ in view.get("decisions") or []}
    won = bool(view.get("over")) and view.get("winner") == seat
    outline = GOLD if won else DECIDE if deciding else OWNER[i]
    d.rounded_rectangle(box, radius=14, fill=OWNER_FILL[i], outline=outline, width=4 if deciding or won else 2)
    x, w = x0 + PANEL_PAD + 2, x1 - x0 - 2 * PANEL_PAD - 4
    y = y0 + PANEL_PAD
    with d.within((x0 + 4, y0 + 2, x1 - 4, y1 - 2)):
        # name, and Fame (series) or fighters left (tournament) on the right
        cy = y + NAME_ROW_H / 2
        right_w = 0.0
        if fmt == "series":
            value, vf = str(f.get("fame", 0)), font(HEAD, "bold")
            label, lf = texts.word("fame", lang), font(SMALL, "condensed")
            d.text((x + w, cy), value, font=vf, fill=GOLD, anchor="rm")
            d.text((x + w - vf.getlength(value) - 6, cy + 2), label, font=lf, fill=TEXT_DIM, anchor="rm")
            right_w = vf.getlength(value) + 6 + lf.getlength(label) + 10
        elif fmt == "tournament":
            team = list(f.get("team") or [])
            left = len(team) + (1 if f.get("sleeve") else 0)
            total = left + len(f.get("lost") or [])
            r = SMALL / 2
            right_w = total * r * 2.6 + 10
            pips(d, x + w - total * r * 2.6 + r * 0.6, cy, left, total, r, fill=GOLD, empty=PANEL_LINE, shape="diamond")
        shown, nf = fit_name(name(seat), w - right_w)
        d.text((x, cy), shown, font=nf, fill=OWNER[i], anchor="lm")
        y += NAME_ROW_H
        # the character
        if f.get("sleeve"):
            titled(d, x, y + PANEL_ROW_H / 2, texts.word("sleeve", lang), texts.sleeve_name(str(f["sleeve"]), lang), w)
        else:
            picked = seat in (view.get("picked") or [])
            titled(
                d,
                x,
                y + PANEL_ROW_H / 2,
                texts.word("sleeve", lang),
                texts.word("chosen" if picked else "choosing", lang),
                w,
                TEXT_FAINT,
            )
        y += PANEL_ROW_H
        stack = texts.stack_name(str(f.get("stack", "")), lang)
        titled(d, x, y + PANEL_ROW_H / 2, texts.word("stack", lang), stack, w)
        y += PANEL_ROW_H
        y = round(_counts(d, x, y, w, f, lang))
        rest = bool(f.get("can_rest"))
        rf = font(SMALL, "bold" if rest else "condensed")
        d.text(
            (x, y + PANEL_ROW_H / 2),
            texts.word("rest_yes" if rest else "rest_no", lang),
            font=rf,
            fill=OK if rest else TEXT_DIM,
            anchor="lm",
        )
        y += PANEL_ROW_H
        if fmt == "tournament":
            _team(d, x, y, w, f, lang)


def _fighters(d: Draw, view: View, lang: str, name: Namer, y: int) -> int:
    """Both fighters side by side, in seat order; returns the y below."""
    seats = list(view.get("seats") or [])[:2]
    w = (INNER - GAP) // 2
    h = 2 * PANEL_PAD + NAME_ROW_H + panel_rows(view) * PANEL_ROW_H
    for i, seat in enumerate(seats):
        x = MARGIN + i * (w + GAP)
        _panel(d, view, seat, (x, y, x + w, y + h), lang, name)
    return y + h


def _exchange(d: Draw, view: View, lang: str, y: int) -> int:
    """The fight line in order (the top card framed when it must be answered) and what may answer it."""
    line = list(view.get("line") or [])
    tf = font(SMALL, "bold")
    with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
        d.text((MARGIN, y + ROW_H / 2), texts.word("exchange", lang), font=tf, fill=TEXT_DIM, anchor="lm")
    y += ROW_H
    if not line:
        with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
            d.text(
                (MARGIN, y + ROW_H / 2),
                texts.word("no_exchange", lang),
                font=font(SMALL, "condensed"),
                fill=TEXT_FAINT,
                anchor="lm",
            )
        return y + ROW_H
    hidden = max(0, len(line) - MAX_CHIPS) + (1 if len(line) > MAX_CHIPS else 0)
    slots: list[View | None] = [None] * (1 if hidden else 0) + line[hidden:]
    answering = view.get("kind") == "answer"
    for k, card in enumerate(slots):
        row, col = divmod(k, 4)
        cx, cy = MARGIN + col * (CHIP_W + CHIP_GAP), y + row * (CHIP_H + CHIP_GAP)
        if card is None:
            d.rounded_rectangle((cx, cy, cx + CHIP_W, cy + CHIP_H), radius=12, fill=PANEL, outline=PANEL_LINE, width=2)
            with d.within((cx, cy, cx + CHIP_W, cy + CHIP_H)):
                d.text(
                    (cx + CHIP_W / 2, cy + CHIP_H / 2),
                    texts.word("earlier", lang, n=hidden),
                    font=font(SMALL, "condensed-bold"),
                    fill=TEXT_DIM,
                    anchor="mm",
                )
            continue
        last = k == len(slots) - 1
        draw_chip(d, cx, cy, str(card["card"]), owner_index(view, card.get("seat")), lang, top=last and answering)
    rows = (len(slots) + 3) // 4
    y += rows * CHIP_H + (rows - 1) * CHIP_GAP + 6
    groups = texts.requirement_groups(list(view.get("requirement") or []), lang)
    if groups:
        gf = font(SMALL, "condensed")
        pieces: list[Piece] = [(texts.word("to_answer", lang), font(SMALL, "bold"), DECIDE)]
        pieces += [(g + (" ·" if j < len(groups) - 1 else ""), gf, TEXT) for j, g in enumerate(groups)]
        rows_ = pieces_to_rows(pieces, INNER)
        with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows_) * ROW_H)):
            y = int(draw_rows(d, MARGIN, y, rows_, ROW_H))
    return y


def _footer(d: Draw, view: View, lang: str, name: Namer, y: int) -> int:
    """The last round's result, what just happened, and the optional rules in play; returns the y below."""
    history = view.get("history") or []
    bf, cf = font(SMALL, "bold"), font(SMALL, "condensed")
    if history:
        h = history[-1]
        pieces: list[Piece] = [
            (texts.word("last_round", lang, n=h.get("round"), name=name(str(h.get("winner")))) + " ·", bf, TEXT),
            (
                texts.word(f"ending.{h.get('ending')}", lang) if h.get("ending") in ("empty", "rest") else "",
                cf,
                TEXT_DIM,
            ),
        ]
        scored = h.get("scored") or {}
        seats = [s for s in view.get("seats") or [] if s in scored]
        items: list[Piece | list[Piece]] = [p for p in pieces if p[0]]
        if seats:  # each fighter's Fame for the round, in their own colour, kept together: "Fame +85 / +0"
            group: list[Piece] = [("· " + texts.word("fame", lang), cf, TEXT_DIM)]
            for j, seat in enumerate(seats):
                tail = " /" if j < len(seats) - 1 else ""
                group.append((f"+{scored[seat]}{tail}", bf, OWNER[owner_index(view, seat)]))
            items.append(group)
        rows = pieces_to_rows(items, INNER)
        with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows) * ROW_H)):
            y = int(draw_rows(d, MARGIN, y, rows, ROW_H))
    events = event_words(view, lang, name)
    if events:
        rows = pieces_to_rows([("▸ " + " · ".join(events), cf, TEXT_DIM)], INNER)
        with d.within((MARGIN, y, WIDTH - MARGIN, y + len(rows) * ROW_H)):
            y = int(draw_rows(d, MARGIN, y, rows, ROW_H))
    return y


def draw_table(view: View, lang: str = "en", names: dict[str, str] | None = None) -> Image.Image:
    """The table as an image (before PNG), for tests that read its recorded sizes and texts."""
    check_public(view)
    lang = texts.lang_of(lang)
    name = namer(names)
    img = canvas(MAX_H)
    d = draw(img)
    y = _header(d, view, lang, name, MARGIN)
    y = _band(d, view, lang, name, y + 4) + GAP
    y = _fighters(d, view, lang, name, y) + 6
    y = _exchange(d, view, lang, y) + 4
    y = _footer(d, view, lang, name, y)
    return img.crop((0, 0, WIDTH, min(MAX_H, y + MARGIN)))


def render_table(public_view: View, lang: str = "en", names: dict[str, str] | None = None) -> bytes:
    """The table for the channel as PNG bytes; refuses a private view (``ValueError``)."""
    return to_png(draw_table(public_view, lang, names))


__all__ = ["draw_table", "render_table"]
