"""A server's leaderboard of one game (``/game top``): rank, name, rating, games and wins, best first.

Generic: it knows no game. The caller hands it the rows and every word already in the reader's language
(:class:`Labels`), so this module draws and never translates. 620 px wide, no text below 22 px: 11 px once
Discord shows it on a phone (310 px). Top to bottom: the title and its subtitle (the server), the column heads,
one row per person (the first three ranks on gold, silver and bronze), and a footer line (the page, how the
rating reads). A board with nobody on it says so in one row.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from .alt import HIGH, LOW, MUST, Words, sentence
from .primitives import Draw, draw, ellipsize, fit, fit_lines, to_png, vertical_gradient
from .theme import (
    BG_BOTTOM,
    BG_TOP,
    GOLD,
    PANEL,
    PANEL_DARK,
    PANEL_LINE,
    PHONE_WIDTH,
    RGB,
    TEXT,
    TEXT_DIM,
    TEXT_FAINT,
    Font,
    font,
)

#: about twice what a phone shows (310-320 px)
WIDTH = 620
#: the smallest text, in this image's pixels: 11 px on a phone
MIN_PX = math.ceil(11 * WIDTH / PHONE_WIDTH)
SMALL = MIN_PX
BODY = MIN_PX + 4
TITLE = MIN_PX + 12
MARGIN = 16
ROW_H = 52
HEAD_H = 36
#: the most rows one image shows (``/game top`` pages by it)
PAGE = 10
#: the medals of the first three ranks
MEDALS: tuple[RGB, ...] = ((244, 196, 72), (196, 200, 212), (205, 127, 50))
#: the right edges of the number columns (rating, games, wins) and the left edge of the name
_WINS_R = WIDTH - MARGIN - 10
_GAMES_R = _WINS_R - 80
_RATING_R = _GAMES_R - 88
_NAME_X = MARGIN + 54
#: each number column's room (a four-digit rating needs 66 px); the rating's head may take more, over the name's
_WINS_ROOM, _GAMES_ROOM, _RATING_ROOM = 72, 76, 80
_RATING_HEAD_ROOM = 124
#: the name's room in a row, up to a four-digit rating and a gap
_NAME_ROOM = _RATING_R - 80 - _NAME_X
#: a long name's two lines, each this far apart
NAME_LINE_H = 23
#: the footer's lines at most, and their height
FOOT_LINES = 2
FOOT_LINE_H = 28


@dataclass(frozen=True)
class Entry:
    """One person's row: their rank, name, rating and rated games and wins."""

    rank: int
    name: str
    rating: int
    games: int
    wins: int


@dataclass(frozen=True)
class Labels:
    """Every word of the image, in the reader's language."""

    title: str
    subtitle: str
    rank: str
    name: str
    rating: str
    games: str
    wins: str
    #: the one row of a board with nobody on it
    empty: str
    footer: str


def draw_leaderboard(entries: Sequence[Entry], labels: Labels) -> Image.Image:
    """The board as an image (at most :data:`PAGE` rows)."""
    shown = list(entries)[:PAGE]
    rows_h = ROW_H * max(1, len(shown))
    foot, foot_font = fit_lines(labels.footer, WIDTH - 2 * MARGIN, (SMALL,), "regular", max_lines=FOOT_LINES)
    height = MARGIN + 40 + 34 + 12 + HEAD_H + rows_h + 12 + FOOT_LINE_H * len(foot) + MARGIN
    img = vertical_gradient(WIDTH, height, BG_TOP, BG_BOTTOM)
    d = draw(img)
    y = _title(d, labels, MARGIN)
    y = _heads(d, labels, y + 12)
    if shown:
        for n, entry in enumerate(shown):
            _row(d, entry, y + n * ROW_H, n % 2 == 1)
    else:
        with d.within((MARGIN, y, WIDTH - MARGIN, y + ROW_H)):
            text, f = fit(labels.empty, WIDTH - 2 * MARGIN - 24, (BODY, SMALL), "regular")
            d.rounded_rectangle((MARGIN, y + 4, WIDTH - MARGIN, y + ROW_H - 4), radius=10, fill=PANEL_DARK)
            d.text((WIDTH / 2, y + ROW_H / 2), text, font=f, fill=TEXT_DIM, anchor="mm")
    y += rows_h + 12
    with d.within((MARGIN, y, WIDTH - MARGIN, y + FOOT_LINE_H * len(foot))):
        for n, line in enumerate(foot):
            line_mid = y + FOOT_LINE_H * n + FOOT_LINE_H / 2
            d.text((WIDTH / 2, line_mid), line, font=foot_font, fill=TEXT_FAINT, anchor="mm")
    return img


def render_leaderboard(entries: Sequence[Entry], labels: Labels) -> bytes:
    """The board as PNG bytes (a pure function: the bot draws it off its event loop)."""
    return to_png(draw_leaderboard(entries, labels))


def leaderboard_words(entries: Sequence[Entry], labels: Labels) -> Words:
    """The board in words, for readers who cannot see it: the title, then each row's rank, name, rating, games
    and wins under the column heads' words, and the footer (the image's words, so its language too)."""
    words = Words()
    words.add(sentence(labels.title), MUST)
    words.add(sentence(labels.subtitle), LOW)
    shown = list(entries)[:PAGE]
    for e in shown:
        said = f"{e.rank}. {e.name}: {labels.rating} {e.rating}, {labels.games} {e.games}, {labels.wins} {e.wins}"
        words.add(sentence(said), HIGH)
    if not shown:
        words.add(sentence(labels.empty), MUST)
    words.add(sentence(labels.footer), LOW)
    return words


def _title(d: Draw, labels: Labels, y: int) -> int:
    """The title in gold and the subtitle under it; returns the y below."""
    with d.within((MARGIN, y, WIDTH - MARGIN, y + 40)):
        text, f = fit("★ " + labels.title, WIDTH - 2 * MARGIN, (TITLE, BODY, SMALL), "bold")
        d.text((WIDTH / 2, y + 20), text, font=f, fill=GOLD, anchor="mm")
    y += 40
    with d.within((MARGIN, y, WIDTH - MARGIN, y + 34)):
        text, f = fit(labels.subtitle, WIDTH - 2 * MARGIN, (SMALL,), "regular")
        d.text((WIDTH / 2, y + 17), text, font=f, fill=TEXT_DIM, anchor="mm")
    return y + 34


def _heads(d: Draw, labels: Labels, y: int) -> int:
    """The column heads on a line; returns the y below."""
    f = font(SMALL, "bold")
    mid = y + HEAD_H / 2
    d.line((MARGIN, y + HEAD_H - 1, WIDTH - MARGIN, y + HEAD_H - 1), fill=PANEL_LINE, width=2)
    with d.within((MARGIN, y, _NAME_X - 4, y + HEAD_H)):
        d.text((MARGIN + 24, mid), ellipsize(labels.rank, f, 44), font=f, fill=TEXT_DIM, anchor="mm")
    room = _RATING_R - _RATING_HEAD_ROOM - 8 - _NAME_X
    with d.within((_NAME_X, y, _NAME_X + room, y + HEAD_H)):
        d.text((_NAME_X, mid), ellipsize(labels.name, f, room), font=f, fill=TEXT_DIM, anchor="lm")
    heads = (
        (_RATING_R, labels.rating, _RATING_HEAD_ROOM),
        (_GAMES_R, labels.games, _GAMES_ROOM),
        (_WINS_R, labels.wins, _WINS_ROOM),
    )
    for right, word, room in heads:
        with d.within((right - room, y, right, y + HEAD_H)):
            text, hf = fit(word, room, (SMALL,), "bold")
            if text != word:  # condensed rather than cut
                text, hf = fit(word, room, (SMALL,), "condensed-bold")
            d.text((right, mid), text, font=hf, fill=TEXT_DIM, anchor="rm")
    return y + HEAD_H


def _row(d: Draw, entry: Entry, y: int, shaded: bool) -> None:
    """One person's row: the rank (on a medal for the first three), the name, the rating, games and wins."""
    mid = y + ROW_H / 2
    d.rounded_rectangle((MARGIN, y + 3, WIDTH - MARGIN, y + ROW_H - 3), radius=10, fill=PANEL if shaded else PANEL_DARK)
    rank = str(entry.rank)
    cx = MARGIN + 24
    with d.within((MARGIN, y, _NAME_X - 4, y + ROW_H)):
        if entry.rank <= len(MEDALS):
            r = 19
            d.icon(2 * r)
            d.ellipse((cx - r, mid - r, cx + r, mid + r), fill=MEDALS[entry.rank - 1])
            d.text((cx, mid), rank, font=font(BODY, "bold"), fill=PANEL_DARK, anchor="mm")
        else:
            text, f = fit(rank, 44, (BODY, SMALL), "condensed-bold")
            d.text((cx, mid), text, font=f, fill=TEXT_DIM, anchor="mm")
    with d.within((_NAME_X, y, _NAME_X + _NAME_ROOM, y + ROW_H)):
        lines, f = _name(entry.name)
        for n, line in enumerate(lines):
            d.text((_NAME_X, mid + (n - (len(lines) - 1) / 2) * NAME_LINE_H), line, font=f, fill=TEXT, anchor="lm")
    for right, value, colour, room in (
        (_RATING_R, entry.rating, GOLD, _RATING_ROOM),
        (_GAMES_R, entry.games, TEXT, _GAMES_ROOM),
        (_WINS_R, entry.wins, TEXT, _WINS_ROOM),
    ):
        with d.within((right - room, y, right, y + ROW_H)):
            text, f = fit(str(value), room, (BODY, SMALL), "bold" if colour == GOLD else "regular")
            d.text((right, mid), text, font=f, fill=colour, anchor="rm")


def _name(name: str) -> tuple[list[str], Font]:
    """A name's lines: one at the row's size, condensed and then smaller when long; past that two lines (a name
    is cut between words), and only what still does not fit is shortened with …."""
    for size, weight in ((BODY, "bold"), (BODY, "condensed-bold")):
        f = font(size, weight)
        if f.getlength(name) <= _NAME_ROOM:
            return [name], f
    return fit_lines(name, _NAME_ROOM, (SMALL,), "condensed-bold", max_lines=2)
