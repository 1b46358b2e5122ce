"""Fightdrome's images as Discord files: the table and the results (from the public view only), a player's hand
(from their seat's private view), a card for ``/card``. Drawn through the host's image pool and cache."""

from __future__ import annotations

from typing import Any, cast

import render.fightdrome
from bot.table import Table
from bot.workers.images import Picture
from engine.fightdrome import Match
from render.fightdrome import alt


def match_of(table: Table) -> Match:
    assert table.game is not None
    return cast(Match, table.game)


def table_picture(table: Table, lang: str | None = None) -> Picture:
    """The public table: only ``public_view`` ever reaches it; in the game's language unless a reader's is given."""
    view = match_of(table).public_view()
    name = f"fightdrome-{table.id}-table.png"
    lang = lang or table.lang
    words = alt.table_words(view, lang, table.drawn_names)
    return Picture(
        "fd-table", render.fightdrome.render_table, (view, lang, table.drawn_names), name, **words.described()
    )


def hand_picture(table: Table, seat: str, lang: str, view: dict[str, Any] | None = None) -> Picture:
    """A player's hand, the top card and their counts, from their seat's private view (their DM only)."""
    own = view if view is not None else match_of(table).private_view(seat)
    name = f"fightdrome-{table.id}-hand.png"
    words = alt.hand_words(own, lang, table.drawn_names)
    return Picture("fd-hand", render.fightdrome.render_hand, (own, lang, table.drawn_names), name, **words.described())


def results_picture(table: Table, lang: str | None = None) -> Picture:
    view = match_of(table).public_view()
    name = f"fightdrome-{table.id}-results.png"
    lang = lang or table.lang
    words = alt.results_words(view, lang, table.drawn_names)
    args = (view, lang, table.drawn_names)
    return Picture("fd-results", render.fightdrome.render_results, args, name, **words.described())


def card_picture(face: str, lang: str) -> Picture:
    words = alt.card_words(face, lang)
    return Picture(
        "fd-card", render.fightdrome.render_card, (face, lang), f"fightdrome-{face}.png", **words.described()
    )
