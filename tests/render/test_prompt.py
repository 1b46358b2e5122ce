"""Prompt images: drawn from the seat's first decision, by what it shows and what its actions name."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image

from engine.nightfall import Game
from render.nightfall import clear_caches, render_prompt, samples
from render.nightfall.prompt import button_label, draw_prompt
from render.palette import palette_image
from render.theme import DECIDE, TABLE_WIDTH

from .conftest import View, count_near, decode


@pytest.fixture(scope="module")
def claim() -> View:
    return samples.claim_decision().private_view("ada")


@pytest.fixture(scope="module")
def target(chain_game: Game) -> View:
    return chain_game.private_view("cleo")


def test_a_prompt_needs_a_private_view_with_a_decision(chain_game: Game, chain_view: View) -> None:
    with pytest.raises(ValueError, match="private_view"):
        render_prompt(chain_view)
    waiting = chain_game.private_view("ada")
    assert not waiting["decisions"]
    with pytest.raises(ValueError, match="decision"):
        render_prompt(waiting)


def test_decisions_with_their_own_image_are_refused(link_game: Game) -> None:
    view = link_game.private_view("cleo")
    assert view["decisions"][0]["shows"] == "hand"
    with pytest.raises(ValueError, match="render_hand"):
        render_prompt(view)


def test_equal_views_give_identical_bytes(target: View) -> None:
    first = render_prompt(target)
    assert render_prompt(copy.deepcopy(target)) == first
    clear_caches()
    assert render_prompt(samples.five_player_chain().private_view("cleo")) == first


def test_prompts_use_the_one_palette_and_stay_small(claim: View, target: View) -> None:
    for view in (claim, target):
        data = render_prompt(view)
        img = Image.open(io.BytesIO(data))
        assert img.mode == "P" and img.getpalette() == palette_image().getpalette()
        assert img.width == TABLE_WIDTH
        assert len(data) <= 500 * 1024


def _renamed_kind(view: View, kind: str) -> View:
    out = copy.deepcopy(view)
    out["decisions"][0]["kind"] = kind
    return out


@pytest.mark.parametrize("which", ["claim", "target"])
def test_the_picture_follows_what_the_decision_shows_not_its_kind(which: str, claim: View, target: View) -> None:
    """No list of decision kinds: a kind the renderer has never heard of draws the same."""
    view = claim if which == "claim" else target
    assert render_prompt(_renamed_kind(view, "a-kind-from-the-future")) == render_prompt(view)


def test_every_candidate_gets_a_tile(target: View) -> None:
    """One framed tile per candidate: fewer candidates, a shorter image and less of the frame colour."""
    dec = target["decisions"][0]
    assert dec["shows"] == "candidates" and len(dec["actions"]) > 4
    fewer = copy.deepcopy(target)
    fewer["decisions"][0]["actions"] = dec["actions"][:2]
    full, short = decode(render_prompt(target)), decode(render_prompt(fewer))
    assert short.height < full.height
    frame = count_near(full, (0, 0, *full.size), DECIDE, 10) / len(dec["actions"])
    assert count_near(short, (0, 0, *short.size), DECIDE, 10) < 3 * frame + 5000


def test_claim_frames_what_can_be_afforded_and_dims_the_rest(claim: View) -> None:
    facts = claim["decisions"][0]["facts"]
    yes = [a for a in facts["claimable"] if a["affordable"]]
    no = [a for a in facts["claimable"] if not a["affordable"]]
    assert yes and no, "the sample needs both"
    none_affordable = copy.deepcopy(claim)
    for a in none_affordable["decisions"][0]["facts"]["claimable"]:
        a["affordable"] = False
    framed = count_near(decode(render_prompt(claim)), (0, 0, TABLE_WIDTH, 10_000), DECIDE, 10)
    unframed = count_near(decode(render_prompt(none_affordable)), (0, 0, TABLE_WIDTH, 10_000), DECIDE, 10)
    # two a row: each frame (a 4 px outline round a tile half the image wide) and its button's words
    assert framed > unframed + len(yes) * 5000, "each affordable archive is framed in the decision's colour"


def test_copies_of_one_card_are_merged_like_their_buttons() -> None:
    action: dict[str, Any] = {"label": "Start the chain with Yuri Koroviev", "verb": "chain", "copies": 2, "copy": 1}
    # worded as the DM's merged button (bot.nightfall.prompts.prompt_moves): it plays one of the copies
    assert button_label(action) == "Start the chain with Yuri Koroviev (one of 2)"
    assert button_label(action, "pl").endswith(" (jedna z 2)")
    assert button_label(action, "ru").endswith(" (одна из 2)")
    assert button_label({**action, "copies": 1}) == "Start the chain with Yuri Koroviev"
    discard = {"label": "Discard J. J. McTeague (+1 influence)", "verb": "discard", "copies": 2, "copy": 2}
    assert button_label(discard) == "Discard J. J. McTeague (+1 influence)"  # each card its own menu entry


def test_names_in_a_view_are_drawn_as_given(target: View) -> None:
    """The bot renames seats (``named_view``): the prompt draws whatever names the view holds."""
    renamed = copy.deepcopy(target)
    renamed["you"] = "Cleopatra the Seventh"
    for action in renamed["decisions"][0]["actions"]:
        action["label"] = action["label"].replace("dmitri", "Dmitri Mendeleev")
    assert draw_prompt(renamed).size[0] == TABLE_WIDTH
    assert render_prompt(renamed) != render_prompt(target)
