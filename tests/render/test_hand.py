"""Hand and draft images for DMs: compact cards, the legal ones framed."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.nightfall import Game
from render.nightfall import render_card, render_draft, render_hand, samples
from render.nightfall.hand import FRAME, LABEL_H, draft_boxes, hand_boxes, playable_ids
from render.theme import ACTIVE, DECIDE, GOLD, TABLE_WIDTH

from .conftest import View, count_near, decode, near


@pytest.fixture(scope="module")
def cleo(link_game: Game) -> View:
    return link_game.private_view("cleo")


@pytest.fixture(scope="module")
def hand(cleo: View) -> Image.Image:
    return decode(render_hand(cleo))


def test_hand_decodes_at_its_layout_size(cleo: View, hand: Image.Image) -> None:
    assert len(cleo["hand"]) == 10
    width, height, _ = hand_boxes(cleo)
    assert hand.size == (width, height) == (TABLE_WIDTH, height), "one width for every phone image"


#: The crescent moon of a full face's art band (``render.nightfall.cards.card_face``).
CRESCENT = (236, 232, 206)


def test_compact_faces_have_no_art_band(cleo: View, hand: Image.Image) -> None:
    """The hand shows compact faces: no art band (its crescent moon), which ``/card`` keeps."""
    full = decode(render_card(cleo["hand"][0]["card"], width=250))
    assert count_near(full, (0, 0, *full.size), CRESCENT, 4) > 100, "the full face draws its crescent"
    _, _, boxes = hand_boxes(cleo)
    for card, box in zip(cleo["hand"], boxes, strict=True):
        assert count_near(hand, box, CRESCENT, 4) < 10, card["card"]


def test_playable_cards_are_exactly_the_legal_chain_actions(link_game: Game, cleo: View) -> None:
    legal = {str(a).split()[1] for a in link_game.legal_actions("cleo") if a.verb == "chain"}
    assert legal and set(playable_ids(cleo)) == legal
    assert len(legal) < len(cleo["hand"]), "the sample needs cards that cannot be linked"


def test_playable_cards_are_framed_and_others_are_not(cleo: View, hand: Image.Image) -> None:
    ids = playable_ids(cleo)
    _, _, boxes = hand_boxes(cleo)
    for card, (x0, y0, _, y1) in zip(cleo["hand"], boxes, strict=True):
        frame = hand.getpixel((x0 - FRAME + 2, (y0 + y1) // 2))
        assert near(frame, DECIDE) == (card["id"] in ids), card["card"]


def test_a_link_with_its_kicker_is_labelled_in_gold(cleo: View, hand: Image.Image) -> None:
    ids = playable_ids(cleo)
    _, _, boxes = hand_boxes(cleo)
    for card, (x0, _, x1, y1) in zip(cleo["hand"], boxes, strict=True):
        gold = count_near(hand, (x0, y1 + FRAME, x1, y1 + LABEL_H), GOLD, 12)
        assert (gold > 30) == ("kicker" in ids.get(card["id"], "")), card["card"]


def test_hand_needs_a_private_view(chain_view: View) -> None:
    with pytest.raises(ValueError, match="private_view"):
        render_hand(chain_view)


def test_hand_without_a_decision_dims_nothing(chain_game: Game) -> None:
    view = chain_game.private_view("ada")
    assert not view["decisions"]
    img = decode(render_hand(view))
    _, _, boxes = hand_boxes(view)
    for x0, y0, _, y1 in boxes:
        assert not near(img.getpixel((x0 - FRAME + 2, (y0 + y1) // 2)), DECIDE)


def test_hand_bytes_are_deterministic(cleo: View) -> None:
    assert render_hand(cleo) == render_hand(dict(cleo))


def test_draft_shows_the_packet_and_the_pick() -> None:
    game = samples.draft_game()
    picked = game.private_view("cleo")
    assert picked["draft"]["chosen"]
    img = decode(render_draft(picked))
    packet = picked["draft"]["packet"]
    width, height, boxes = draft_boxes(picked)
    assert img.size == (width, height)
    for c, (x0, y0, _, y1) in zip(packet, boxes, strict=True):
        framed = near(img.getpixel((x0 - FRAME + 2, (y0 + y1) // 2)), ACTIVE)
        assert framed == (c["key"] == picked["draft"]["chosen"]), c["key"]
    ada = game.private_view("ada")
    waiting = decode(render_draft(ada))
    assert waiting.size == draft_boxes(ada)[:2]


def test_draft_needs_a_draft_packet(cleo: View) -> None:
    with pytest.raises(ValueError, match="draft"):
        render_draft(cleo)
