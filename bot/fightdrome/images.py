"""Fightdrome's images as Discord files: the table and the results (from the public view only), a player's hand
(from their seat's private view), a card for ``/card``. Drawn through the host's image pool and cache."""

from __future__ import annotations

from typing import Any, cast

import render.fightdrome
from bot.table import Table
from bot.workers.images import Picture
from engine.fightdrome import Match


def match_of(table: Table) -> Match:
    assert table.game is not None
    return cast(Match, table.game)


def table_picture(table: Table, lang: str | None = None) -> Picture:
    """The public table: only ``public_view`` ever reaches it; in the game's language unless a reader's is given."""
    view = match_of(table).public_view()
    name = f"fightdrome-{table.id}-table.png"
    return Picture("fd-table", render.fightdrome.render_table, (view, lang or table.lang, table.drawn_names), name)


def hand_picture(table: Table, seat: str, lang: str, view: dict[str, Any] | None = None) -> Picture:
    """A player's hand, the top card and their counts, from their seat's private view (their DM only)."""
    own = view if view is not None else match_of(table).private_view(seat)
    name = f"fightdrome-{table.id}-hand.png"
    return Picture("fd-hand", render.fightdrome.render_hand, (own, lang, table.drawn_names), name)


def results_picture(table: Table, lang: str | None = None) -> Picture:
    view = match_of(table).public_view()
    name = f"fightdrome-{table.id}-results.png"
    return Picture("fd-results", render.fightdrome.render_results, (view, lang or table.lang, table.drawn_names), name)


def card_picture(face: str, lang: str) -> Picture:
    return Picture("fd-card", render.fightdrome.render_card, (face, lang), f"fightdrome-{face}.png")
