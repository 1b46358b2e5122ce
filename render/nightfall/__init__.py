"""Nightfall's images: pure functions of engine views to PNG bytes.

    render_table(game.public_view(), lang)        # the board, for the channel
    render_hand(game.private_view(seat), lang)    # a hand, for that seat's DM
    render_card("vulko", lang="pl")               # one card face, for /card
    render_results(game.public_view(), lang)      # the final ranking
    render_draft(game.private_view(seat), lang)   # the draft packet, for the DM
    render_prompt(game.private_view(seat), lang)  # a decision's choices (claim, candidates, combat), for the DM

Every image is drawn in one language, ``lang`` ("en", "pl" or "ru"; English by default): the caller
passes the game's language for the table and the results, the player's for the rest. The words
the images draw are the "render" text domain (:mod:`render.nightfall.texts`, translations in
``render/nightfall/locales``); what a decision asks comes from the engine's domain, card names from the
card data.

The table, hand, draft, prompt and results images are made for a phone: Discord shows them about 320 px
wide, and nothing in them is smaller than 9 px there (``theme.PHONE_MIN_PX``; each image
records its smallest text and icon, see ``primitives.phone_px``).
The table and results images refuse a private view, so a hand never reaches a channel.
Nothing here imports discord; every function returns the same bytes for the same view.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..primitives import to_png
from .cards import card_face, wound_face
from .hand import render_draft, render_hand
from .prompt import render_prompt
from .results import render_results
from .table import render_table

__all__ = [
    "clear_caches",
    "prime",
    "render_card",
    "render_draft",
    "render_hand",
    "render_prompt",
    "render_results",
    "render_table",
]

CARD_WIDTH = 500


def render_card(key: str, lang: str = "en", width: int = CARD_WIDTH) -> bytes:
    """One full card face from the card data; ``key`` is a card key or ``wound:<type>``."""
    return _card_png(key, lang, width)


@lru_cache(maxsize=256)
def _card_png(key: str, lang: str, width: int) -> bytes:
    """Card faces never change, so their PNG bytes are kept (about 20 KB each)."""
    if key.startswith("wound:"):
        return to_png(wound_face(key.split(":", 1)[1], lang, width))
    return to_png(card_face(key, lang, width))


def clear_caches(fonts: bool = True) -> None:
    """Forget every cached face, tile, layer, text mask and measured length, and with ``fonts`` the loaded
    fonts too: the benchmark's "cold" start, as after a restart. ``fonts=False`` keeps the fonts (a
    process-long resource, not a cache that fills with new game states)."""
    from .. import primitives, theme
    from . import cards, hand, prompt, table

    for fn in (
        table.common_tile,
        table.common_layer,
        table.archive_chip,
        table.archive_layer,
        table.minion_chip,
        table.minion_layer,
        table.chip_name,
        table._legend_lines,
        table._wounds_room,
        table.status_w,
        table.kicker_tag_w,
        table.chain_text_w,
        table.fight_status_w,
        _card_png,
        cards.compact_layout,
        hand.shown_face,
        hand.card_mask,
        prompt.card_chip,
        primitives._text_mask,
    ):
        fn.cache_clear()
    if fonts:
        theme.font.cache_clear()
        theme._font_bytes.cache_clear()
        theme._font_source.cache_clear()
    else:
        theme.forget_lengths()


def prime(langs: Iterable[str] = ("en",)) -> None:
    """Draw a few images nobody asked for, so that a process just started has loaded its fonts and
    rasterised the words every image carries (titles, zone labels, the legend, digits, statuses)
    before its first real image, and draw every card's tile layers
    (:func:`render.nightfall.table.prime_tiles`: a table's commons and chips are then a layer's copy
    with its counts on). The start-up's work, for the background (a bot's thread, or each of its
    worker processes): a few hundred milliseconds of CPU per language, once.

    The images are of two games of its own, a two-player one a few turns in and a five-player draft,
    between seats named for the compass: none of the benchmark's views, nor its players' names.
    """
    import random

    from engine.nightfall import Game, Options

    from .samples import play_random
    from .table import prime_tiles

    two = Game.new(["north", "south"], seed=11, options=Options(draft="two-player"))
    play_random(two, random.Random(11), 80)
    seat = two.pending()[0].seat if two.pending() else "north"
    compass = ["north", "east", "south", "west", "centre"]
    draft = Game.new(compass, seed=4, options=Options())
    for s in compass:
        draft.apply(draft.legal_actions(s)[0])
    for lang in langs:
        render_table(two.public_view(), lang)
        render_hand(two.private_view(seat, lang=lang), lang)
        if two.pending():
            render_prompt(two.private_view(seat, lang=lang), lang)
        render_table(draft.public_view(), lang)
        render_draft(draft.private_view("north", lang=lang), lang)
        prime_tiles(lang)
