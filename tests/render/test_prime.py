"""Priming a started process changes what is cached, never what is drawn."""

from __future__ import annotations

from render import primitives, theme
from render.nightfall import clear_caches, prime, render_table, samples


def test_prime_loads_fonts_and_words_and_draws_the_same() -> None:
    view = samples.five_player_chain().public_view()
    clear_caches()
    unprimed = render_table(view)
    clear_caches()
    prime()
    assert theme.font.cache_info().currsize > 5
    assert primitives._text_mask.cache_info().currsize > 100
    assert render_table(view) == unprimed
