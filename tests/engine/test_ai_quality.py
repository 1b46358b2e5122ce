"""How sensibly the levels play: easy never aims damage at itself, and the arena's measures of a move."""

from __future__ import annotations

import pytest

from engine.nightfall import Game, Options
from engine.nightfall.ai import EasyPlayer, decide, make_player
from engine.nightfall.ai.audit import (
    aimed_at_self,
    costly_block,
    harmful_target,
    kicker_link,
    kicker_offered,
    self_harm,
)
from engine.nightfall.ai.search import score
from engine.nightfall.position import build

from .helpers import act


def shock_and_awe_aimed() -> tuple[Game, str, str]:
    """ada's Shock and Awe resolves with her Vulko and bram's J. J. McTeague in play: (game, own, theirs)."""
    pos = build(
        ["ada", "bram"],
        phase="chain",
        hands={"ada": ["shock_and_awe"]},
        in_play={"ada": ["vulko"], "bram": ["jj_mcteague"]},
    )
    g = pos.game
    act(g, "ada", f"chain {pos.card('ada', 'shock_and_awe')}")  # bram holds nothing: the chain resolves
    return g, pos.card("ada", "vulko", "play"), pos.card("bram", "jj_mcteague", "play")


def test_the_audit_knows_which_targets_hurt() -> None:
    assert harmful_target("shock_and_awe", "minion") and harmful_target("franz_orlok", "player")
    assert harmful_target("bite_and_tear", "minion") and harmful_target("hypnotic_presence", "other_minion")
    assert not harmful_target("hypnotic_presence", "minion")  # the striker strikes, it is not struck
    assert not harmful_target("blaine_cordell", "own_minion") and not harmful_target("leave_me", "opposing_minion")
    g, own, theirs = shock_and_awe_aimed()
    assert [str(a) for a in g.legal_actions("ada")] == [f"target {theirs}", f"target {own}"]
    assert aimed_at_self(g, "ada", own) and aimed_at_self(g, "ada", "ada")
    assert not aimed_at_self(g, "ada", theirs) and not aimed_at_self(g, "ada", "bram")
    assert self_harm(g, next(a for a in g.legal_actions("ada") if a.args[0] == own))
    assert not self_harm(g, next(a for a in g.legal_actions("ada") if a.args[0] == theirs))


def test_easy_never_aims_shock_and_awe_at_its_own_minion_however_the_noise_falls() -> None:
    """With the noise at its loudest, easy picks among the opposing targets only."""
    g, _, theirs = shock_and_awe_aimed()
    for seed in range(200):
        player = EasyPlayer(seed, temperature=50.0)
        assert decide(player, g, "ada").args[0] == theirs


def test_easy_aims_nothing_at_itself_over_seeded_games() -> None:
    """Easy against normal, two and three players: every target decision easy answers while an
    opposing target is offered. The count of such decisions where a self-aimed choice was on
    offer shows the test had something to catch."""
    harmful_choices = self_aimed = 0
    for seed in range(12):
        seats = ["ada", "bram"] if seed % 2 else ["ada", "bram", "cleo"]
        levels = {seat: "easy" if k % 2 == seed % 2 else "normal" for k, seat in enumerate(seats)}
        draft = "two-player" if len(seats) == 2 else "standard"
        g = Game.new(seats, seed=seed, options=Options(draft=draft))
        players = {seat: make_player(levels[seat], seed=seed * 10 + k) for k, seat in enumerate(seats)}
        while not g.is_over():
            seat = g.pending()[0].seat
            action = decide(players[seat], g, seat)
            if levels[seat] == "easy":
                harmful_choices += any(self_harm(g, a) for a in g.legal_actions(seat))
                self_aimed += self_harm(g, action)
            g.apply(action)
    assert harmful_choices > 10
    assert self_aimed == 0


def test_a_blocker_lost_for_less_than_its_strength_is_a_costly_block() -> None:
    """bram's Great Spirit (5) attacks ada. Her Vulko (3 strength, 3 health) dies absorbing 3:
    not costly. Her Franz Orlok (4 strength, 2 health) dies absorbing 2: costly. Her Genesis One
    (1 strength, 2 health) blocking after Vulko survives the 2 left: not costly."""
    pos = build(
        ["ada", "bram"],
        active=1,
        phase="combat",
        in_play={"bram": ["great_spirit"], "ada": ["vulko", "franz_orlok", "genesis_one"]},
    )
    g = pos.game
    spirit = pos.card("bram", "great_spirit", "play")
    vulko, franz = pos.card("ada", "vulko", "play"), pos.card("ada", "franz_orlok", "play")
    genesis = pos.card("ada", "genesis_one", "play")
    moves = {a.args[0]: a for a in g.legal_actions("ada") if a.verb == "block"}
    assert not costly_block(g, moves[vulko]) and costly_block(g, moves[franz]) and not costly_block(g, moves[genesis])
    act(g, "ada", f"block {vulko} {spirit}")
    after = {a.args[0]: a for a in g.legal_actions("ada") if a.verb == "block"}
    assert not costly_block(g, after[genesis])  # 2 left against 2 health: it dies, but 1 < 2
    assert costly_block(g, after[franz])


@pytest.mark.parametrize(("onto", "kick"), [("franz_orlok", True), ("vulko", False)])
def test_a_link_is_a_kicker_link_when_it_lands_on_its_kickers_colour(onto: str, kick: bool) -> None:
    """Franz Orlok's kicker is purple: Franz linked onto J. J. McTeague (purple) kicks. Vulko has
    no kicker: Vulko linked onto Enraged Wight (red) does not."""
    first = "jj_mcteague" if onto == "franz_orlok" else "enraged_wight"
    pos = build(["ada", "bram"], phase="chain", hands={"ada": [first, onto]})
    g = pos.game
    start = next(a for a in g.legal_actions("ada") if a.args and a.args[0] == pos.card("ada", first))
    assert kicker_link(g, start) is None  # starting a chain is not a link
    g.apply(start)
    link = next(a for a in g.legal_actions("ada") if a.args and a.args[0] == pos.card("ada", onto))
    assert kicker_link(g, link) is kick
    assert kicker_offered(g, "ada") is kick  # the only card left to link decides whether one is offered
    assert not kicker_offered(g, "bram")  # nothing to decide


def test_a_rollout_cut_short_counts_the_cards_each_seat_owns() -> None:
    """Same wounds, but ada owns a Franz Orlok more: a game not over scores better for her, and
    the same standings at the end of a game count the wounds alone (a tie, broken by seat)."""
    pos = build(
        ["ada", "bram"],
        phase="chain",
        decks={"ada": ["franz_orlok", "jj_mcteague"], "bram": ["jj_mcteague"]},
        discards={"ada": ["wound:bite"], "bram": ["wound:bite"]},
    )
    g = pos.game
    assert not g.is_over()
    assert score(g, 0) > 0.5 > score(g, 1)
    g.s.phase = "over"
    assert [g.name(i) for i in g.ranking()] == ["bram", "ada"]  # the tie goes to fewer turns
    assert score(g, 1) > 0.5 > score(g, 0)
