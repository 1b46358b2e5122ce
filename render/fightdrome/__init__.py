"""Altered Carbon: Fightdrome's images: pure functions of engine views to PNG bytes.

    render_table(match.public_view(), lang, names)        # the table, for the channel
    render_hand(match.private_view(seat), lang, names)    # a hand, for that seat's DM
    render_results(match.public_view(), lang, names)      # the match result
    render_card("K30", lang)                              # one card face, for /card

``lang`` is "en", "pl" or "ru" (English for anything else); the words are in :mod:`render.fightdrome.texts`,
card and character names come from the card data. ``names`` maps seat ids to the display names the bot
shows (a seat missing from it is drawn as its id).

Made for a phone: every image is 620 px wide, which Discord shows about 310 px wide, and no text is below
22 px, so nothing is below 11 px there (each image records its smallest text, ``primitives.smallest``).
The table and the results refuse a private view, so a hand never reaches a channel. Nothing here imports
discord; the same view gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable

from .card import render_card
from .hand import render_hand
from .results import render_results
from .table import render_table

__all__ = ["prime", "render_card", "render_hand", "render_results", "render_table"]


def prime(langs: Iterable[str] = ("en",)) -> None:
    """Draw a table and a hand of a match of its own (between "north" and "south", a few exchanges in)
    nobody asked for, so that a process just started has loaded the fonts and rasterised the words every
    image carries before its first real image: the start-up's work, for the background."""
    from .samples import play

    match = play(3, 30, seats=["north", "south"])
    seat = match.pending()[0].seat if match.pending() else "north"
    for lang in langs:
        render_table(match.public_view(), lang)
        render_hand(match.private_view(seat), lang)
