"""The match result for the channel: who won, the Fame totals (or fighters left), and every round.

620 px wide like the table, no text below 22 px (11 px on a phone). Top to bottom: the winner in a gold
band; both fighters side by side with their final Fame (series), fighters left (Grand Tournament) or the
bout's outcome, and their character; then one row per round: its number, its winner, how it ended (a hand
emptied, or the end after a Rest) and, in a series, the Fame each fighter scored in it.

Drawn only from ``public_view()``: a private view is refused.
"""

from __future__ import annotations

from PIL import Image

from ..primitives import Draw, draw, fit, fit_lines, to_png
from ..theme import GOLD, PANEL, PANEL_DARK, PANEL_LINE, TEXT, TEXT_DIM, TEXT_FAINT, font
from . import texts
from .style import (
    BIG,
    BODY,
    GAP,
    INNER,
    MARGIN,
    NAME,
    OWNER,
    OWNER_FILL,
    SMALL,
    WIDTH,
    WIN_FILL,
    Namer,
    View,
    canvas,
    check_public,
    fit_name,
    namer,
    owner_index,
)
from .table import format_words, titled

MAX_H = 2400
ROW_H = 34
CARD_H = 158


def _header(d: Draw, view: View, lang: str, y: int) -> int:
    """The title and the format; returns the y below."""
    h = 36
    with d.within((MARGIN, y, WIDTH - MARGIN, y + h)):
        right, rf = fit(format_words(view, lang), INNER / 2, (SMALL,), "bold")
        d.text((WIDTH - MARGIN, y + h / 2), right, font=rf, fill=GOLD, anchor="rm")
        title, tf = fit(texts.word("result", lang), INNER - rf.getlength(right) - 16, (SMALL + 4, SMALL), "bold")
        d.text((MARGIN, y + h / 2), title, font=tf, fill=TEXT_DIM, anchor="lm")
    return y + h


def _winner(d: Draw, view: View, lang: str, name: Namer, y: int) -> int:
    """The winner in a gold band (nothing while the match goes on); returns the y below."""
    if not view.get("over"):
        return y
    # a long name takes a second line rather than being cut
    lines, f = fit_lines(
        "★ " + texts.word("wins_match", lang, name=name(str(view.get("winner")))),
        INNER - 28,
        (NAME + 2, NAME, BODY, SMALL),
        "bold",
    )
    line_h = 30
    h = 56 + (len(lines) - 1) * line_h
    d.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + h), radius=14, fill=WIN_FILL, outline=GOLD, width=3)
    with d.within((MARGIN + 8, y, WIDTH - MARGIN - 8, y + h)):
        for k, line in enumerate(lines):
            d.text((WIDTH / 2, y + 28 + k * line_h), line, font=f, fill=GOLD, anchor="mm")
    return y + h


def _score(view: View, seat: str, lang: str) -> tuple[str, str]:
    """The big number of a fighter's card and its label: Fame, fighters left, or rounds won."""
    f: View = (view.get("fighters") or {}).get(seat) or {}
    fmt = (view.get("options") or {}).get("format")
    if fmt == "series":
        return str(f.get("fame", 0)), texts.word("fame", lang)
    if fmt == "tournament":
        return str(len(f.get("team") or []) + (1 if f.get("sleeve") else 0)), texts.word("fighters_left", lang)
    return str(f.get("wins", 0)), texts.word("rounds_won", lang)


def _fighter(d: Draw, view: View, seat: str, box: tuple[int, int, int, int], lang: str, name: Namer) -> None:
    """One fighter's final card: name, score, Sleeve and Stack."""
    x0, y0, x1, y1 = box
    i = owner_index(view, seat)
    won = view.get("over") and view.get("winner") == seat
    d.rounded_rectangle(box, radius=14, fill=OWNER_FILL[i], outline=GOLD if won else OWNER[i], width=4 if won else 2)
    x, w = x0 + 12, x1 - x0 - 24
    f: View = (view.get("fighters") or {}).get(seat) or {}
    with d.within((x0 + 4, y0 + 2, x1 - 4, y1 - 2)):
        shown, nf = fit_name(name(seat), w)
        d.text((x, y0 + 26), shown, font=nf, fill=OWNER[i], anchor="lm")
        value, label = _score(view, seat, lang)
        vf = font(BIG, "bold")
        d.text((x, y0 + 74), value, font=vf, fill=GOLD, anchor="lm")
        vw = vf.getlength(value) + 10
        shown, lf = fit(label, w - vw, (SMALL,), "condensed")
        d.text((x + vw, y0 + 78), shown, font=lf, fill=TEXT_DIM, anchor="lm")
        sleeve = f.get("sleeve") or (f.get("lost") or [""])[-1]
        if sleeve:
            titled(d, x, y0 + 112, texts.word("sleeve", lang), texts.sleeve_name(str(sleeve), lang), w)
        titled(d, x, y0 + 140, texts.word("stack", lang), texts.stack_name(str(f.get("stack")), lang), w)


COL_GAP = 14
#: A Fame column is at most this wide; a longer name over it is shortened with ….
FAME_COL_MAX = 110


def _columns(view: View, lang: str, name: Namer) -> list[tuple[str, int]]:
    """The rounds table's columns (key, x offset from the margin): number, winner, ending, and in a series
    each one's Fame. Each column is as wide as its widest word; the winner's names give way first."""
    series = (view.get("options") or {}).get("format") == "series"
    seats = list(view.get("seats") or [])[:2]
    history = list(view.get("history") or [])
    bold, cond, cb = font(SMALL, "bold"), font(SMALL, "condensed"), font(SMALL, "condensed-bold")
    endings = [texts.word(f"ending.{e}", lang) for e in ("empty", "rest")]
    widths = {
        "round": max([bold.getlength(str(h.get("round", ""))) + 8 for h in history] + [cb.getlength("#") + 8]),
        "winner": max([bold.getlength(name(s)) for s in seats] + [cb.getlength(texts.word("col.winner", lang))]),
        "ending": max([cond.getlength(e) for e in endings] + [cb.getlength(texts.word("col.ending", lang))]),
    }
    keys = ["round", "winner", "ending"]
    if series:
        for j, seat in enumerate(seats):
            scores = [bold.getlength(f"+{(h.get('scored') or {}).get(seat, 0)}") for h in history]
            widths[f"fame{j}"] = max([min(cb.getlength(name(seat)), FAME_COL_MAX), *scores])
            keys.append(f"fame{j}")
    spare = INNER - sum(widths.values()) - COL_GAP * (len(keys) - 1)
    if spare < 0:
        widths["winner"] = max(80.0, widths["winner"] + spare)
    out, x = [], 0.0
    for key in keys:
        out.append((key, round(x)))
        # room to spare goes between the words: after the winner and the ending, at most 40 px each
        x += widths[key] + COL_GAP + (min(40.0, max(0.0, spare) / 2) if key in ("winner", "ending") else 0)
    return out


def _rounds(d: Draw, view: View, lang: str, name: Namer, y: int) -> int:
    """One row per round, under a row of column heads; returns the y below."""
    history = list(view.get("history") or [])
    seats = list(view.get("seats") or [])[:2]
    cols = _columns(view, lang, name)
    edges = [x for _, x in cols[1:]] + [INNER]
    tf = font(SMALL, "bold")
    with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
        d.text((MARGIN, y + ROW_H / 2), texts.word("rounds", lang), font=tf, fill=TEXT_DIM, anchor="lm")
    y += ROW_H
    heads = {"round": "#", "winner": texts.word("col.winner", lang), "ending": texts.word("col.ending", lang)}
    hf = font(SMALL, "condensed-bold")
    with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
        for (key, x), right in zip(cols, edges, strict=True):
            room = right - x - (COL_GAP - 4 if right < INNER else 0)
            if key.startswith("fame"):
                seat = seats[int(key[-1])] if len(seats) > int(key[-1]) else ""
                shown, f = fit(name(seat), room, (SMALL,), "condensed-bold")
                d.text((MARGIN + x, y + ROW_H / 2), shown, font=f, fill=OWNER[int(key[-1])], anchor="lm")
            else:
                shown, f = fit(heads[key], room, (SMALL,), "condensed-bold")
                d.text((MARGIN + x, y + ROW_H / 2), shown, font=hf, fill=TEXT_FAINT, anchor="lm")
    y += ROW_H
    rf, bf = font(SMALL, "condensed"), font(SMALL, "bold")
    for k, h in enumerate(history):
        d.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 2), fill=PANEL if k % 2 == 0 else PANEL_DARK)
        with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
            cy = y + ROW_H / 2
            for (key, x), right in zip(cols, edges, strict=True):
                room = right - x - (COL_GAP - 4 if right < INNER else 0)
                if key == "round":
                    d.text((MARGIN + x + 6, cy), str(h.get("round", k + 1)), font=bf, fill=TEXT, anchor="lm")
                elif key == "winner":
                    winner = str(h.get("winner"))
                    shown, f = fit(name(winner), room, (SMALL,), "bold")
                    d.text((MARGIN + x, cy), shown, font=f, fill=OWNER[owner_index(view, winner)], anchor="lm")
                elif key == "ending":
                    ending = h.get("ending")
                    words = texts.word(f"ending.{ending}", lang) if ending in ("empty", "rest") else str(ending)
                    shown, f = fit(words, room, (SMALL,), "condensed")
                    d.text((MARGIN + x, cy), shown, font=f, fill=TEXT_DIM, anchor="lm")
                else:
                    j = int(key[-1])
                    scored = (h.get("scored") or {}).get(seats[j] if len(seats) > j else "", 0)
                    d.text(
                        (MARGIN + x, cy),
                        f"+{scored}",
                        font=bf if scored else rf,
                        fill=OWNER[j] if scored else TEXT_FAINT,
                        anchor="lm",
                    )
        y += ROW_H
    if not history:
        with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
            d.text((MARGIN, y + ROW_H / 2), texts.word("none", lang), font=rf, fill=TEXT_FAINT, anchor="lm")
        y += ROW_H
    d.line((MARGIN, y + 2, WIDTH - MARGIN, y + 2), fill=PANEL_LINE, width=2)
    return y + 4


def draw_results(view: View, lang: str = "en", names: dict[str, str] | None = None) -> Image.Image:
    """The result as an image (before PNG), for tests that read its recorded sizes and texts."""
    check_public(view)
    lang = texts.lang_of(lang)
    name = namer(names)
    img = canvas(MAX_H)
    d = draw(img)
    y = _header(d, view, lang, MARGIN)
    y = _winner(d, view, lang, name, y + 4) + GAP
    w = (INNER - GAP) // 2
    for i, seat in enumerate(list(view.get("seats") or [])[:2]):
        x = MARGIN + i * (w + GAP)
        _fighter(d, view, seat, (x, y, x + w, y + CARD_H), lang, name)
    y += CARD_H + GAP
    y = _rounds(d, view, lang, name, y)
    return img.crop((0, 0, WIDTH, min(MAX_H, y + MARGIN)))


def render_results(public_view: View, lang: str = "en", names: dict[str, str] | None = None) -> bytes:
    """The match result as PNG bytes; refuses a private view (``ValueError``)."""
    return to_png(draw_results(public_view, lang, names))
