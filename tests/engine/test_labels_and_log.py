"""Move labels that tell every option apart, log sentences that read right, and a public log
that never tells what a hand holds or that a private choice was made."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.nightfall import Game, Options
from engine.nightfall.actions import Action
from engine.nightfall.log import describe_event, public_events
from engine.nightfall.position import build
from engine.nightfall.setup import draft_plan
from engine.nightfall.state import DRAFTS

from .helpers import act, kinds

pytestmark = pytest.mark.engine


def labels(g: Game, seat: str) -> list[str]:
    return [g.describe(a) for a in g.legal_actions(seat)]


def label(g: Game, seat: str, text: str) -> str:
    return g.describe(Action.parse(text, seat))


# ---------------------------------------------------------------------------------------- labels


def test_two_attackers_of_one_name_say_whom_they_attack() -> None:
    pos = build(["a", "b", "c"], phase="combat", in_play={"a": ["charlotte_reyes", "charlotte_reyes"]})
    g = pos.game
    first, second = (pos.card("a", "charlotte_reyes", "play", n) for n in (0, 1))
    assert labels(g, "a") == ["Charlotte Reyes attacks b", "Charlotte Reyes attacks c"] * 2  # identical twins
    act(g, "a", f"attack {first} b")
    act(g, "a", f"attack {second} c")
    assert kinds(g) == [("a", "combat-order")]
    assert labels(g, "a") == ["Next: Charlotte Reyes attacking b", "Next: Charlotte Reyes attacking c"]


def test_identical_copies_read_the_same_and_count_as_copies() -> None:
    pos = build(["a", "b"], hands={"a": ["yuri_koroviev", "yuri_koroviev", "vulko"]})
    g = pos.game
    assert labels(g, "a") == [
        "Start the chain with Yuri Koroviev",
        "Start the chain with Yuri Koroviev",
        "Start the chain with Vulko",
        "Start no chain",
    ]
    actions = g.private_view("a")["decisions"][0]["actions"]
    assert [(x["copies"], x["copy"]) for x in actions] == [(2, 1), (2, 2), (1, 1), (1, 1)]


def test_cards_say_whose_they_are_and_what_tells_twins_apart() -> None:
    pos = build(
        ["a", "b"],
        hands={"a": ["death_grip"]},
        in_play={"a": ["vulko"], "b": [("vulko", 1), "vulko", "charlotte_reyes"]},
    )
    g = pos.game
    mine = pos.card("a", "vulko", "play")
    hurt, fresh = (pos.card("b", "vulko", "play", n) for n in (0, 1))
    charlotte = pos.card("b", "charlotte_reyes", "play")
    assert label(g, "a", f"target {mine}") == "Target Vulko (yours)"  # beside another player's Vulko: whose it is
    assert label(g, "a", f"target {hurt}") == "Target Vulko (b's, 1 damage)"
    assert label(g, "a", f"target {fresh}") == "Target Vulko (b's, undamaged)"
    assert label(g, "a", f"target {charlotte}") == "Target Charlotte Reyes (b's)"
    assert label(g, "a", "target a") == "Target yourself"
    assert label(g, "a", "target b") == "Target b"


def test_archives_say_whose_they_are_and_your_own_is_yours() -> None:
    pos = build(
        ["a", "b"],
        phase="claim",
        influence=9,
        hands={"a": ["wound:bite"]},
        commons=["flank_attack"],
        private={"a": ["vulko"], "b": ["death_grip", "leave_me"]},
    )
    g = pos.game
    commons, own, theirs = pos.archive("flank_attack"), pos.archive("vulko"), pos.archive("death_grip")
    assert label(g, "a", f"target {commons}") == "Target Flank Attack (commons)"
    assert label(g, "a", f"target {own}") == "Target Vulko (your archive)"
    assert label(g, "a", f"target {theirs}") == "Target Death Grip (b's archive)"
    assert label(g, "b", f"target {theirs}") == "Target Death Grip (your archive)"
    assert "Claim Vulko from your archive for 5 influence" in labels(g, "a")
    cost = g.claim_cost(0, g.archive_index(commons))
    assert f"Claim Flank Attack for {cost} influence" in labels(g, "a")
    assert "Discard wound (bite) (+1 influence)" in labels(g, "a")


def test_secret_archives_are_named_without_their_card_and_numbered() -> None:
    pos = build(
        ["a", "b"],
        secret_archives=True,
        hands={"a": ["death_grip"]},
        private={"a": ["vulko"], "b": ["death_grip", "leave_me"]},
    )
    g = pos.game
    first, second = pos.archive("death_grip"), pos.archive("leave_me")
    assert label(g, "a", f"target {first}") == "Target b's secret archive 1"
    assert label(g, "a", f"target {second}") == "Target b's secret archive 2"
    assert label(g, "a", f"target {pos.archive('vulko')}") == "Target Vulko (your archive)"


def test_the_wound_effect_label_counts_in_the_right_number() -> None:
    pos = build(["a", "b"], phase="claim", hands={"a": ["wound:bite"], "b": ["vulko"]}, decks={"a": ["vulko"] * 8})
    g = pos.game
    act(g, "a", "done")
    assert kinds(g) == [("a", "wound")]
    assert labels(g, "a") == ["Use wound effect (discard 1 wound, draw 2 cards)", "Skip wound effect"]


# ---------------------------------------------------------------------------------------- log sentences


def test_a_claim_says_influence_and_what_is_left_in_the_archive() -> None:
    claimed = {"type": "claimed", "seat": "ada", "name": "Death Grip", "paid": 5, "left": 6}
    assert describe_event(claimed) == "ada claims Death Grip, paying 5 influence (6 left in the archive)."
    free = {**claimed, "paid": None, "left": 1}
    assert describe_event(free) == "ada claims Death Grip for free (1 left in the archive)."
    assert describe_event({**claimed, "left": 0}).endswith("(the archive is now empty).")


def test_counts_are_singular_for_one() -> None:
    one = {"type": "wounded", "seat": "ada", "n": 1, "types": ["bite"]}
    assert describe_event(one) == "ada receives 1 wound (bite)."
    effect = {"type": "wound_effect", "seat": "ada", "n": 1}
    assert describe_event(effect) == "ada discards 1 wound from hand to draw 2 cards."
    assert describe_event({"type": "reshuffled", "seat": "ada", "n": 1}).endswith("a new deck of 1 card.")
    assert describe_event({"type": "chain_closed", "n": 1}).startswith("The chain closes with 1 card;")


# ---------------------------------------------------------------------------------------- hidden information


def test_the_public_log_cannot_tell_a_skipped_wound_effect_from_no_wound() -> None:
    """Skipping is a choice only a wound in hand offers: after it the public log reads exactly as
    after a turn without any wound in hand."""

    def turn_end(hand: list[str], skip: bool) -> list[str]:
        pos = build(["a", "b"], phase="claim", hands={"a": hand, "b": ["vulko"]}, decks={"a": ["vulko"] * 5})
        g = pos.game
        events = act(g, "a", "done")
        if skip:
            assert kinds(g) == [("a", "wound")]
            events += act(g, "a", "wound skip")
        assert kinds(g) == [("b", "chain")]
        return [describe_event(e, g) for e in public_events(events)]

    assert turn_end(["wound:bite", "vulko"], skip=True) == turn_end(["vulko", "vulko"], skip=False)


def test_an_automatic_pass_reads_as_a_chosen_one() -> None:
    auto = {"type": "chain_pass", "seat": "bob", "auto": True}
    assert describe_event(auto) == describe_event({**auto, "auto": False}) == "bob adds no more cards."


#: what a public sentence must never say: what a hand holds or lacks
LEAKS = re.compile(r"in (their )?hand|keeps? .*wound|nothing to link")


def _seeded_game(seed: int) -> Game:
    players = 2 + seed % 4
    opts = Options(draft=DRAFTS[seed % len(DRAFTS)], secret_archives=seed % 2 == 0, auto_pass=seed % 3 != 0)
    return Game.new([f"p{i}" for i in range(1, players + 1)], seed=seed, options=opts)


@pytest.mark.parametrize("seed", range(8))
def test_no_public_log_line_tells_a_hand_or_a_private_choice(seed: int) -> None:
    """Seeded random games: no public sentence mentions a wound kept in hand, a card a hand lacks,
    or a secret draft pick; a skipped wound effect and a draft pick leave no public trace of what
    was chosen."""
    g, rnd = _seeded_game(seed), random.Random(seed)
    secret = bool(g.s.options["secret_archives"])
    plan = draft_plan(g.s.options["draft"], g.rules)
    lines: list[str] = [describe_event(e, g) for e in public_events(g.setup_events)]
    while not g.is_over():
        seat = rnd.choice(g.pending()).seat
        action = rnd.choice(g.legal_actions(seat))
        round_ = g.s.draft.get("round") if g.phase == "draft" else None
        events: list[dict[str, Any]] = g.apply(action)
        shown = public_events(events)
        texts = [describe_event(e, g) for e in shown]
        lines += texts
        assert all(e["type"] != "wound_skip" for e in shown)
        if str(action) == "wound skip":
            assert not any(e.get("seat") == seat and e["type"] in ("wound_skip", "wound_effect") for e in shown)
        if action.verb == "draft" and secret and plan is not None and plan.rounds[round_ or 0] == "private":
            name = g._defs[action.args[0]].name
            assert not any(name in text for text in texts), (action, texts)
            assert not any(e.get("card_key") == action.args[0] for e in shown)
    assert [line for line in lines if LEAKS.search(line)] == []


def test_seeded_random_games_do_skip_the_wound_effect() -> None:
    """The test above is not vacuous: random play skips the wound effect in these games."""
    skipped = 0
    for seed in range(8):
        g, rnd = _seeded_game(seed), random.Random(seed)
        while not g.is_over():
            seat = rnd.choice(g.pending()).seat
            action = rnd.choice(g.legal_actions(seat))
            skipped += str(action) == "wound skip"
            g.apply(action)
    assert skipped > 0
