"""No subtitle, note or header line of the table is cut with "…" in any of the three languages: a note too long for
its line takes two lines (or a condensed face), checked on the texts the renderer records as it draws them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.nightfall import Game
from render.nightfall import samples
from render.nightfall.prompt import draw_prompt
from render.nightfall.table import draw_table
from render.primitives import drawn_texts

GAMES: dict[str, Callable[[], Game]] = {
    "chain": samples.five_player_chain,
    "linking": samples.five_player_link_decision,
    "combat": samples.five_player_combat,
    "draft": samples.draft_game,
    "midgame": samples.two_player_midgame,
    "over": samples.finished_game,
}


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_table_text_is_cut(name: str, lang: str) -> None:
    img = draw_table(GAMES[name]().public_view(), lang)
    drawn = [d.text for d in drawn_texts(img)]
    assert drawn, "the renderer records what it draws"
    assert [text for text in drawn if text.rstrip().endswith("…")] == []


def test_the_chain_note_reads_whole_in_polish_and_russian() -> None:
    """The issue's two cut notes: 'zagrywany z góry…' and 'разыграна сверху вниз · первой…'."""
    for lang, note in (
        ("pl", "najpierw rozpatrywana ostatnio zagrana"),
        ("ru", "первой разрешается последняя сыгранная"),
    ):
        drawn = " ".join(d.text for d in drawn_texts(draw_table(samples.five_player_chain().public_view(), lang)))
        assert note in drawn, lang


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_no_prompt_note_is_cut(lang: str) -> None:
    """A prompt image's section notes (the claim's 'cost to you · copies left' in Russian was cut)."""
    views = samples.decision_views(("claim", "candidates", "combat"))
    views["claim (sample)"] = samples.claim_decision().private_view("ada")
    views["block (sample)"] = samples.five_player_combat().private_view("ada")
    for name, view in views.items():
        drawn = [d.text for d in drawn_texts(draw_prompt(view, lang))]
        assert [text for text in drawn if text.rstrip().endswith("…")] == [], name
