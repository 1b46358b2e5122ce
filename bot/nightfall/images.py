"""Nightfall's images as Discord files: the table, a seat's hand, draft or decision, the results, a card.

Drawn through the host's image pool and cache (``bot.workers.images``) from the views the engine gives: the
channel's images only ever from ``public_view`` (with seats by name), a player's from their seat's
private view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import discord

import render.nightfall
from bot.nightfall.naming import named_view
from bot.table import Table
from bot.workers.images import Picture, file_of, render_png
from engine.nightfall import Game
from render.alt import ALT_LIMIT, Words
from render.nightfall import alt


def game_of(table: Table) -> Game:
    """The table's match as the Nightfall game it is."""
    assert table.game is not None
    return cast(Game, table.game)


def table_picture(table: Table, lang: str | None = None) -> Picture:
    """The public table: only ``public_view`` ever reaches this image. In the game's language, unless
    a reader's is given (the table a player's prompt shows is in the player's)."""
    view = named_view(game_of(table).public_view(), table.drawn_names)
    name = f"nightfall-{table.id}-table.png"
    lang = lang or table.lang
    return Picture(
        "table", render.nightfall.render_table, (view, lang), name, **alt.table_words(view, lang).described()
    )


async def table_file(table: Table, lang: str | None = None) -> discord.File:
    return await table_picture(table, lang).file()


#: the words of each private image, by its kind
PRIVATE_WORDS: dict[str, Callable[..., Words]] = {
    "hand": alt.hand_words,
    "draft": alt.draft_words,
    "prompt": alt.prompt_words,
}

#: the images drawn from a seat's private view, by the name their file and cache key carry
PRIVATE_DRAWERS: dict[str, Callable[..., bytes]] = {
    "hand": render.nightfall.render_hand,
    "draft": render.nightfall.render_draft,
    "prompt": render.nightfall.render_prompt,  # a decision's claimable archives, candidates or fights
}


def private_picture(
    table: Table, seat: str, kind: str, view: dict[str, Any] | None = None, lang: str = "en"
) -> Picture:
    """One of ``seat``'s private images (``PRIVATE_DRAWERS``) in the player's ``lang``; ``view`` is the
    seat's private view when the caller has just built it, so it is not built twice."""
    own = view if view is not None else game_of(table).private_view(seat, lang=lang)
    named = named_view(own, table.drawn_names)
    words = PRIVATE_WORDS[kind](named, lang)
    return Picture(kind, PRIVATE_DRAWERS[kind], (named, lang), f"nightfall-{table.id}-{kind}.png", **words.described())


async def hand_file(table: Table, seat: str, lang: str = "en") -> discord.File:
    return await private_picture(table, seat, "hand", lang=lang).file()


def results_picture(table: Table, lang: str | None = None) -> Picture:
    view = named_view(game_of(table).public_view(), table.drawn_names)
    name = f"nightfall-{table.id}-results.png"
    lang = lang or table.lang
    words = alt.results_words(view, lang)
    return Picture("results", render.nightfall.render_results, (view, lang), name, **words.described())


async def card_file(key: str, lang: str = "en") -> discord.File:
    png = await render_png("card", render.nightfall.render_card, key, lang)
    return file_of(png, f"{key}.png", alt.card_words(key, lang).fit(ALT_LIMIT))
