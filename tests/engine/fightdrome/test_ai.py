"""Fightdrome's AI levels in exact positions and over seeded matches: hard takes a certain win and keeps its evasions,
normal makes the sensible choice, easy never harms itself yet plays like a beginner."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from engine.fightdrome import Match, Options
from engine.fightdrome.actions import Action
from engine.fightdrome.ai import EasyPlayer, HardPlayer, SteadyPlayer, ai_input, make_player
from engine.fightdrome.cards import box
from engine.fightdrome.knowledge import Opponent, opponent
from engine.fightdrome.match import Fighter
from engine.fightdrome.sense import harmless, self_harm, sense
from engine.rng import Rng


def position(
    a_hand: Sequence[str],
    b_hand: Sequence[str],
    *,
    b_discard: Sequence[str] = (),
    top: str = "",
    deck: Sequence[str] = ("G10", "G20", "K30"),
) -> Match:
    """A bout where seat "a" (Boxer, Headliner) decides: it must answer ``top`` (played by "b", Kickboxer, Slugger)
    or, with no ``top``, open. Faces become card ids of the box, each used once."""
    ids = {p: list(cards) for p, cards in box().items()}
    free = [c for cards in ids.values() for c in cards]

    def take(faces: Sequence[str]) -> list[str]:
        out = []
        for face in faces:
            card = next(c for c in free if c.rsplit("-", 1)[0] == face)
            free.remove(card)
            out.append(card)
        return out

    m = Match()
    m.seats, m.options, m.rng, m.version, m.round, m.opener = ["a", "b"], Options(format="bout"), Rng(1), 1, 1, "a"
    m.fighters = {
        "a": Fighter("SL1", "ST01", hand=take(a_hand), deck=take(deck)),
        "b": Fighter("SL3", "ST02", hand=take(b_hand), deck=take(("P10", "K10")), discard=take(b_discard)),
    }
    m.line = [("b", take([top])[0])] if top else []
    m.turn, m.kind = "a", "answer" if top else "open"
    return m


#: every neuro card of the opponent's deck (Slugger: 6) is in their discard pile: they can meet no neuro attack
ALL_THEIR_NEURO = ("NP", "NK", "NG", "NB", "NK", "NG")


def test_every_level_takes_a_certain_round_win() -> None:
    m = position(["P10", "K20", "NP"], ["P40"], b_discard=ALL_THEIR_NEURO)
    view, acts = ai_input(m, "a")
    them = opponent(view)
    assert them.left["N"] == 0 and them.sure_stun("NP") and not them.sure_stun("P10")
    assert self_harm(view, acts, Action("a", "open", "P10")) == "missed_win"
    assert harmless(view, acts) == [Action("a", "open", "NP")]
    for level in ("easy", "normal", "hard"):
        assert make_player(level, seed=3).choose(view, acts) == Action("a", "open", "NP"), level
    m.apply(Action("a", "open", "NP"))  # b's Punch 40 cannot meet it: stunned out of its last card
    assert m.is_over() and m.winner == "a" and m.history[-1]["ending"] == "empty"


def test_with_a_neuro_card_unseen_there_is_no_certain_win() -> None:
    m = position(["P10", "K20", "NP"], ["P40"], b_discard=ALL_THEIR_NEURO[:5])
    view, acts = ai_input(m, "a")
    assert not opponent(view).sure_stun("NP")
    assert self_harm(view, acts, Action("a", "open", "P10")) is None


def test_hard_keeps_its_feint_for_an_attack_that_needs_it_and_normal_spends_it() -> None:
    m = position(["FT", "P20", "K10", "G40"], ["K50", "P30", "G20"], top="P10")
    view, acts = ai_input(m, "a")
    assert HardPlayer(1).choose(view, acts) == Action("a", "answer", "P20")
    assert SteadyPlayer(1).choose(view, acts) == Action("a", "answer", "FT")
    assert sense(view, Action("a", "answer", "FT")) == "evasion_spent"
    # against the strongest Punch nothing ordinary fits but the Grapple 80: the Feint is what it was kept for
    m = position(["FT", "P20", "K10", "G80"], ["K50", "P30", "G20"], top="P80")
    view, acts = ai_input(m, "a")
    assert HardPlayer(1).choose(view, acts) == Action("a", "answer", "FT")


def test_normal_blocks_a_strong_kick_and_keeps_its_neuro_card() -> None:
    m = position(["KB90", "NK", "K10", "P30"], ["P40", "G20"], top="K80")
    view, acts = ai_input(m, "a")
    assert {str(a) for a in acts} == {"answer KB90", "answer NK"}
    assert SteadyPlayer(1).choose(view, acts) == Action("a", "answer", "KB90")
    assert sense(view, Action("a", "answer", "NK")) == "neuro_spent"


def test_a_neurochem_block_where_a_block_fits_is_self_harm() -> None:
    m = position(["PB60", "NB", "K10"], ["P40", "G20"], top="P50")
    view, acts = ai_input(m, "a")
    assert self_harm(view, acts, Action("a", "answer", "NB")) == "neuro_block"
    assert self_harm(view, acts, Action("a", "answer", "PB60")) is None
    assert Action("a", "answer", "NB") not in harmless(view, acts)


def test_a_stun_discard_of_a_better_card_than_one_kept_is_self_harm() -> None:
    m = position(["P80", "P10", "NG", "FT"], ["P40", "G20"])
    m.kind = "stun_discard"
    view, acts = ai_input(m, "a")
    verdicts = {a.arg: self_harm(view, acts, a) for a in acts}
    assert verdicts == {"P80": "discard", "P10": None, "NG": "discard", "FT": None}
    assert SteadyPlayer(1).choose(view, acts) == Action("a", "stun-discard", "P10")


def easy_against_normal(seed: int) -> tuple[int, int, int]:
    """A seeded match to 150, easy in seat "a": its self-harming moves, the decisions where one was on offer, and
    the decisions where it did not make normal's move."""
    m = Match.new(["a", "b"], seed=seed, options=Options(target=150))
    easy, normal, steady = EasyPlayer(seed), SteadyPlayer(seed), SteadyPlayer(seed)
    harm = chances = whims = 0
    while not m.is_over():
        seat = m.pending()[0].seat
        view, acts = ai_input(m, seat)
        if seat == "b":
            m.apply(normal.choose(view, acts))
            continue
        action = easy.choose(view, acts)
        harm += self_harm(view, acts, action) is not None
        chances += len(harmless(view, acts)) < len(acts)
        whims += action != steady.choose(view, acts)
        m.apply(action)
    return harm, chances, whims


def test_easy_never_harms_itself_yet_plays_on_whims() -> None:
    runs = [easy_against_normal(seed) for seed in (1, 2, 3, 4)]
    assert [harm for harm, _, _ in runs] == [0, 0, 0, 0]
    assert sum(chances for _, chances, _ in runs) >= 5, "the matches offered easy self-harming moves to refuse"
    assert sum(whims for _, _, whims in runs) >= 15, "easy is not the normal player"


def test_the_hard_level_keeps_the_budget_it_is_given() -> None:
    hard = make_player("hard", seed=2, budget=0.3)
    assert isinstance(hard, HardPlayer) and hard.budget == 0.3
    assert isinstance(make_player("hard"), HardPlayer)
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("expert")


def test_the_chance_that_the_opponent_can_answer_counts_their_unseen_cards() -> None:
    # two unseen Punches among P10, P10, P10, P80 (one in four fits a 50) and their last Dodge; two cards in hand
    them = Opponent(
        hand=2, left={"P": 2, "DG": 1}, faces={"P": Counter({"P10": 3, "P80": 1}), "DG": Counter({"DG": 1})}
    )
    # 1.5 fitting cards expected among 3: both cards miss with chance (1.5 / 3) * (0.5 / 2)
    assert them.answering("P50") == pytest.approx(1.5)
    assert them.can_answer("P50") == pytest.approx(1 - 0.125)
    assert them.can_answer("P10") == pytest.approx(1.0)
    assert them.sure_stun("NP") and not them.sure_stun("K80")  # the Dodge meets any ordinary attack
