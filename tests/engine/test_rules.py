"""Turn rules: combat, chain, claim, cleanup, drawing, refusals and the timeout defaults."""

from __future__ import annotations

import pytest

from engine.nightfall import Game, Options
from engine.nightfall.actions import Action, IllegalAction, ParseError
from engine.nightfall.position import build
from engine.nightfall.scoring import ApocalypseCup

from .helpers import act, keys, kinds, texts, wounds

# ---------------------------------------------------------------------------------------- combat


def test_only_opponent_is_attacked_automatically_and_all_minions_attack() -> None:
    pos = build(["a", "b"], phase="combat", in_play={"a": ["jj_mcteague", "enraged_wight"]}, hands={"a": ["vulko"]})
    g = pos.game
    assert wounds(g, "b") == 4  # Ruling 2: no decision, 2 + 2 unblocked damage
    assert kinds(g) == [("a", "chain")]
    assert keys(g, g.s.exiled) == ["jj_mcteague", "enraged_wight"]  # starters exiled when discarded


def test_several_blockers_on_one_attacker_absorb_in_the_defenders_order() -> None:
    pos = build(
        ["a", "b"],
        phase="combat",
        in_play={"a": ["great_spirit"], "b": ["vulko", "jj_mcteague"]},
        hands={"a": ["vulko"]},
    )
    g = pos.game
    spirit = pos.card("a", "great_spirit", "play")
    vulko, jj = pos.card("b", "vulko", "play"), pos.card("b", "jj_mcteague", "play")
    assert kinds(g) == [("b", "block")]
    assert texts(g, "b") == ["done", f"block {vulko} {spirit}", f"block {jj} {spirit}"]
    act(g, "b", f"block {jj} {spirit}")
    act(g, "b", f"block {vulko} {spirit}")
    # 5 damage: J. J. absorbs 2 (destroyed, exiled), Vulko 3 (destroyed, discarded); nothing left
    assert wounds(g, "b") == 0
    assert keys(g, g.s.exiled) == ["jj_mcteague"]
    assert keys(g, g.s.discards[1]) == ["vulko"]
    assert g.s.in_play[0] == []  # blockers dealt no damage back; a's minion was discarded after combat


def test_overflow_goes_to_the_defender_and_then_to_its_direct_damage_blocker() -> None:
    pos = build(
        ["a", "b"],
        phase="combat",
        in_play={"a": ["great_spirit"], "b": ["jj_mcteague", "vulko"]},
        hands={"a": ["vulko"]},
    )
    g = pos.game
    spirit, jj = pos.card("a", "great_spirit", "play"), pos.card("b", "jj_mcteague", "play")
    act(g, "b", f"block {jj} {spirit}")
    act(g, "b", "done")
    # 5 damage: J. J. absorbs 2; 3 unblocked are inflicted on b, Vulko must absorb them
    assert wounds(g, "b") == 0
    assert keys(g, g.s.discards[1]) == ["vulko"]


def test_two_direct_damage_blockers_their_controller_orders_them() -> None:
    pos = build(
        ["a", "b"],
        phase="combat",
        in_play={"a": ["great_spirit"], "b": ["vulko", "bad_smoke"]},
        hands={"a": ["vulko"]},
    )
    g = pos.game
    act(g, "b", "done")  # no blocks: 5 damage inflicted on b
    smoke = pos.card("b", "bad_smoke", "play")
    assert kinds(g) == [("b", "absorb-order")]
    act(g, "b", f"order {smoke}")
    # Bad Smoke absorbs 2 (destroyed, exiled by its own text), Vulko absorbs 3 (destroyed)
    assert wounds(g, "b") == 0
    assert keys(g, g.s.exiled) == ["bad_smoke"]
    assert keys(g, g.s.discards[1]) == ["vulko"]


def test_alton_hickman_cannot_be_blocked_not_even_by_direct_damage_blockers() -> None:
    pos = build(["a", "b"], phase="combat", in_play={"a": ["alton_hickman"], "b": ["vulko"]}, hands={"a": ["vulko"]})
    g = pos.game
    assert wounds(g, "b") == 2  # no block decision at all, Vulko does not absorb
    assert keys(g, g.s.in_play[1]) == ["vulko"]


def test_bad_smoke_stays_in_play_after_attacking() -> None:
    pos = build(["a", "b"], phase="combat", in_play={"a": ["bad_smoke"]}, hands={"a": ["vulko"]})
    g = pos.game
    assert wounds(g, "b") == 1
    assert keys(g, g.s.in_play[0]) == ["bad_smoke"]


def test_attack_assignment_and_combat_order_with_several_opponents() -> None:
    pos = build(["a", "b", "c"], phase="combat", in_play={"a": ["vulko", "jj_mcteague"]}, hands={"a": ["vulko"]})
    g = pos.game
    vulko, jj = pos.card("a", "vulko", "play"), pos.card("a", "jj_mcteague", "play")
    assert texts(g, "a") == [f"attack {vulko} b", f"attack {vulko} c", f"attack {jj} b", f"attack {jj} c"]
    act(g, "a", f"attack {vulko} c")
    assert texts(g, "a") == [f"attack {jj} b", f"attack {jj} c"]
    act(g, "a", f"attack {jj} c")
    # both attack c, who has no minions: the order cannot matter, so it is not asked
    assert kinds(g) == [("a", "chain")]
    assert wounds(g, "c") == 5 and wounds(g, "b") == 0


def test_combat_order_is_asked_when_attacks_go_to_different_defenders() -> None:
    pos = build(["a", "b", "c"], phase="combat", in_play={"a": ["vulko", "jj_mcteague"]}, hands={"a": ["vulko"]})
    g = pos.game
    vulko, jj = pos.card("a", "vulko", "play"), pos.card("a", "jj_mcteague", "play")
    act(g, "a", f"attack {vulko} b")
    act(g, "a", f"attack {jj} c")
    assert kinds(g) == [("a", "combat-order")]
    assert texts(g, "a") == [f"order {vulko}", f"order {jj}"]
    top = g.wound_type(g.s.wounds_up[-1])
    act(g, "a", f"order {jj}")  # c receives the top wounds of the stack first
    assert g.wound_type(g.s.discards[2][0]) == top
    assert wounds(g, "c") == 2 and wounds(g, "b") == 3


def test_marcus_toth_is_discarded_not_returned_after_his_own_combat() -> None:
    pos = build(["a", "b"], phase="combat", in_play={"a": ["marcus_toth"]}, hands={"a": ["vulko"]})
    g = pos.game
    assert keys(g, g.s.discards[0]) == ["marcus_toth"]  # discarding is not destroying
    assert keys(g, g.s.hands[0]) == ["vulko"]


# ---------------------------------------------------------------------------------------- chain


def test_chain_starts_with_any_card_and_links_only_to_the_last_card() -> None:
    pos = build(
        ["a", "b"],
        phase="chain",
        hands={"a": ["alton_hickman", "furious_melee", "shock_and_awe", "yuri_koroviev", "wound:bite"]},
    )
    g = pos.game
    alton, melee, shock = (pos.card("a", k) for k in ("alton_hickman", "furious_melee", "shock_and_awe"))
    yuri = pos.card("a", "yuri_koroviev")
    assert texts(g, "a") == [f"chain {alton}", f"chain {melee}", f"chain {shock}", f"chain {yuri}", "pass"]
    act(g, "a", f"chain {shock}")  # purple: links green, red
    assert texts(g, "a") == [f"chain {melee}", "pass"]
    act(g, "a", f"chain {melee}")  # red: links purple, yellow -- Alton (white) cannot follow
    with pytest.raises(IllegalAction, match="cannot link onto Furious Melee"):
        act(g, "a", f"chain {alton}")


def test_no_chain_means_nobody_plays_cards() -> None:
    pos = build(["a", "b"], phase="chain", hands={"a": ["vulko"], "b": ["vulko"]}, commons=["vulko"])
    g = pos.game
    act(g, "a", "pass")
    assert kinds(g) == [("a", "claim")]


def test_each_opponent_gets_one_opportunity_in_turn_order() -> None:
    pos = build(
        ["a", "b", "c"],
        phase="chain",
        hands={"a": ["vulko"], "b": ["zacharias_sands", "indigo_six"], "c": ["yuri_koroviev"]},
    )
    g = pos.game
    act(g, "a", f"chain {pos.card('a', 'vulko')}")  # red: links yellow, green
    assert kinds(g) == [("b", "chain")]  # a had nothing left: b, on a's left, is next
    act(g, "b", f"chain {pos.card('b', 'zacharias_sands')}")  # green: links red, yellow
    act(g, "b", "pass")
    assert kinds(g) == [("c", "chain")]
    events = act(g, "c", f"chain {pos.card('c', 'yuri_koroviev')}")  # yellow onto Zacharias's yellow link
    # the chain is closed: b does not get a second chance to link Indigo Six (yellow) onto Yuri
    assert [e["type"] for e in events][:3] == ["chain_link", "chain_pass", "chain_closed"]
    assert keys(g, g.s.hands[1]) == ["indigo_six"]


def test_without_auto_pass_everyone_is_asked_even_with_nothing_to_link() -> None:
    pos = build(["a", "b"], phase="chain", hands={"a": ["vulko"], "b": ["jj_mcteague"]})
    g = pos.game
    g.s.options["auto_pass"] = False
    act(g, "a", f"chain {pos.card('a', 'vulko')}")
    assert kinds(g) == [("a", "chain")] and texts(g, "a") == ["pass"]
    act(g, "a", "pass")
    assert kinds(g) == [("b", "chain")] and texts(g, "b") == ["pass"]


def test_a_minion_enters_play_only_when_it_resolves_and_in_play_text_works_then() -> None:
    pos = build(["a", "b"], phase="chain", hands={"a": ["vulko", "zacharias_sands"]}, in_play={"b": ["jj_mcteague"]})
    g = pos.game
    act(g, "a", f"chain {pos.card('a', 'vulko')}")
    act(g, "a", "pass")
    assert keys(g, g.s.in_play[0]) == ["vulko"]
    assert g.phase == "claim"


def test_your_chain_text_only_for_the_player_who_started_the_chain() -> None:
    pos = build(["a", "b"], phase="chain", hands={"a": ["vulko", "jj_mcteague"], "b": ["indigo_six"]})
    g = pos.game
    act(g, "a", f"chain {pos.card('a', 'vulko')}")
    act(g, "b", f"chain {pos.card('b', 'indigo_six')}")  # yellow onto red's yellow link
    assert g.s.influence[1] == 0  # Indigo Six's Your Chain did not resolve for b
    assert keys(g, g.s.in_play[1]) == ["indigo_six"]


# ---------------------------------------------------------------------------------------- claim, cleanup


def test_claim_with_two_influence_plus_discards_top_of_discard_pile() -> None:
    pos = build(
        ["a", "b"],
        phase="claim",
        hands={"a": ["jj_mcteague", "wound:bite"]},
        decks={"a": ["vulko"] * 4},
        commons=["alton_hickman", "vulko"],
        private={"b": ["shock_and_awe"]},
    )
    g = pos.game
    alton, vulko, shock = (pos.archive(k) for k in ("alton_hickman", "vulko", "shock_and_awe"))
    assert f"claim {alton}" not in texts(g, "a")  # costs 3, a has 2
    act(g, "a", f"discard {pos.card('a', 'jj_mcteague')}")  # a starter discarded from hand: not exiled
    assert keys(g, g.s.discards[0]) == ["jj_mcteague"] and g.s.exiled == []
    act(g, "a", f"claim {alton}")
    assert keys(g, g.s.discards[0]) == ["jj_mcteague", "alton_hickman"]
    assert g.s.influence[0] == 0
    with pytest.raises(IllegalAction, match="only claim from the commons and your own"):
        act(g, "a", f"claim {shock}")
    with pytest.raises(IllegalAction, match="costs 5 influence; you have 0"):
        act(g, "a", f"claim {vulko}")
    act(g, "a", "done")
    assert len(g.s.hands[0]) == 5  # cleanup drew up to 5 (the wound stays, 4 drawn)


def test_several_copies_and_empty_archives() -> None:
    pos = build(
        ["a", "b"],
        phase="claim",
        commons=["genesis_one", "watcher_two"],
        influence=9,
        archive_sizes={"watcher_two": 2},
        hands={"a": ["vulko"]},
    )
    g = pos.game
    watcher = pos.archive("watcher_two")
    act(g, "a", f"claim {watcher}")
    act(g, "a", f"claim {watcher}")
    assert f"claim {watcher}" not in texts(g, "a")
    with pytest.raises(IllegalAction, match="empty"):
        act(g, "a", f"claim {watcher}")
    assert keys(g, g.s.discards[0]) == ["watcher_two", "watcher_two"]
    assert g.s.influence[0] == 5


def test_unspent_influence_is_lost_and_the_next_player_starts_with_two() -> None:
    pos = build(["a", "b"], phase="claim", commons=["vulko"], influence=7, hands={"a": ["vulko"], "b": ["vulko"]})
    g = pos.game
    act(g, "a", "done")
    assert g.s.active == 1 and g.s.influence == [0, 2]


def test_draw_reshuffles_only_when_the_deck_is_empty() -> None:
    pos = build(
        ["a", "b"],
        phase="claim",
        decks={"a": ["vulko", "jj_mcteague"]},
        hands={"a": ["marcus_toth"], "b": ["vulko"]},
        discards={"a": ["yuri_koroviev", "bad_smoke", "genesis_one"]},
    )
    g = pos.game
    events = act(g, "a", "done")
    hand = keys(g, g.s.hands[0])
    assert hand[:3] == ["marcus_toth", "jj_mcteague", "vulko"]  # the deck first, top card first
    assert len(hand) == 5 and len(g.s.decks[0]) == 1 and g.s.discards[0] == []
    assert [e["type"] for e in events].count("reshuffled") == 1


def test_no_wound_in_hand_no_wound_decision() -> None:
    pos = build(["a", "b"], phase="claim", decks={"a": ["vulko"] * 5}, hands={"a": ["vulko"], "b": ["vulko"]})
    g = pos.game
    act(g, "a", "done")
    assert kinds(g) == [("b", "chain")]


# ---------------------------------------------------------------------------------------- refusals


def test_refusals_are_clear_and_change_nothing() -> None:
    pos = build(["a", "b"], phase="chain", hands={"a": ["vulko"], "b": ["vulko"]})
    g = pos.game
    before = g.to_json()
    with pytest.raises(IllegalAction, match="Nothing is waiting for b"):
        act(g, "b", "pass")
    with pytest.raises(IllegalAction, match="not a card in this game"):
        act(g, "a", "chain c9999")
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(g, "a", f"chain {pos.card('b', 'vulko')}")
    with pytest.raises(IllegalAction, match="doesn't fit now"):
        act(g, "a", "done")
    with pytest.raises(IllegalAction, match="not a player"):
        g.apply(Action("zed", "pass"))
    with pytest.raises(ParseError, match="not a move I know"):
        g.parse_action("a", "fly away")
    with pytest.raises(ParseError, match="takes 1 argument"):
        g.parse_action("a", "chain")
    assert g.to_json() == before
    assert issubclass(IllegalAction, ValueError) and issubclass(ParseError, ValueError)


def test_version_counts_applied_actions() -> None:
    pos = build(["a", "b"], phase="chain", hands={"a": ["vulko", "jj_mcteague"]})
    g = pos.game
    v = g.version
    act(g, "a", f"chain {pos.card('a', 'vulko')}")
    assert g.version == v + 1


# ---------------------------------------------------------------------------------------- Ruling 5


def test_default_actions_are_the_most_passive() -> None:
    pos = build(
        ["a", "b", "c"],
        phase="combat",
        in_play={"a": ["vulko", "jj_mcteague"], "b": ["vulko"]},
        hands={"a": ["vulko"]},
    )
    g = pos.game
    assert str(g.default_action("a")) == f"attack {pos.card('a', 'vulko', 'play')} b"  # next on the left
    while kinds(g) == [("a", "attack")]:
        act(g, "a", str(g.default_action("a")))
    assert str(g.default_action("b")) == "done"  # no blocks
    assert g.default_action("c") is None


def test_default_plays_whole_games_to_the_end() -> None:
    g = Game.new(["a", "b", "c"], seed=3, options=Options())
    for _ in range(20_000):
        if g.is_over():
            break
        d = g.pending()[0]
        action = g.default_action(d.seat)
        assert action in g.legal_actions(d.seat)
        g.apply(action)
    assert not g.is_over() or g.result()


# ---------------------------------------------------------------------------------------- Apocalypse Cup


def test_apocalypse_cup_adds_wounds_until_someone_reaches_100() -> None:
    cup = ApocalypseCup(["a", "b", "c"])
    game_result = [("a", 20, {}), ("b", 30, {}), ("c", 45, {})]
    cup.add_game(game_result)
    assert not cup.is_over() and cup.winners() == []
    cup.add_game([("c", 60, {}), ("a", 25, {}), ("b", 20, {})])
    assert cup.totals() == {"a": 45, "b": 50, "c": 105}
    assert cup.is_over() and cup.winners() == ["a"]
    assert cup.standings() == [("a", 45), ("b", 50), ("c", 105)]
    assert ApocalypseCup.from_dict(cup.to_dict()) == cup
    with pytest.raises(ValueError, match="no result for"):
        cup.add_game([("a", 1, {})])


def test_apocalypse_cup_tie_gives_several_winners() -> None:
    cup = ApocalypseCup(["a", "b", "c"], target=10)
    cup.add_game([("a", 5, {}), ("b", 5, {}), ("c", 10, {})])
    assert cup.winners() == ["a", "b"]


# ---------------------------------------------------------------------------------------- regressions


def test_a_game_where_nobody_can_ever_act_again_ends_instead_of_hanging() -> None:
    """No cards anywhere for anyone: a whole round passes with no decision, so the game ends."""
    pos = build(["ada", "bram"], phase="combat", in_play={"ada": ["jj_mcteague"], "bram": ["genesis_one"]})
    g = pos.game
    events = act(g, "bram", f"block {pos.card('bram', 'genesis_one', 'play')} {pos.card('ada', 'jj_mcteague', 'play')}")
    assert g.is_over()
    assert [e["type"] for e in events][-2:] == ["stalled", "game_over"]


@pytest.mark.parametrize("auto_pass", [True, False])
def test_a_game_nobody_can_act_in_ends_as_stalled_whatever_auto_pass_says(auto_pass: bool) -> None:
    """The same exact position with ``auto_pass`` on and off: ada's J. J. McTeague is blocked by
    bram's Genesis One, and then nobody holds or owns a card. With ``auto_pass`` on no decision
    comes again; with it off each seat is asked only to pass its chain and end its claim. Either
    way the game ends as stalled when the fifth turn (more than two per seat) would begin, with
    the same result: no wounds, bram first (the tie goes to fewer turns)."""
    pos = build(
        ["ada", "bram"],
        phase="combat",
        in_play={"ada": ["jj_mcteague"], "bram": ["genesis_one"]},
        auto_pass=auto_pass,
    )
    g = pos.game
    events = act(g, "bram", f"block {pos.card('bram', 'genesis_one', 'play')} {pos.card('ada', 'jj_mcteague', 'play')}")
    asked: list[tuple[str, str, list[str]]] = []
    while not g.is_over():
        (d,) = g.pending()
        asked.append((d.seat, d.kind, texts(g, d.seat)))
        events = act(g, d.seat, texts(g, d.seat)[0])
        assert len(asked) <= 10, "the seats are asked to pass forever"
    turns = ["ada", "bram", "ada", "bram", "ada"]  # the rest of ada's turn, then four more
    expected = [(seat, kind, [move]) for seat in turns for kind, move in (("chain", "pass"), ("claim", "done"))]
    assert asked == ([] if auto_pass else expected)
    assert [e["type"] for e in events][-2:] == ["stalled", "game_over"]
    assert g.turn == 6 and g.s.turns_taken == [3, 2]
    assert [(seat, n) for seat, n, _ in g.result()] == [("bram", 0), ("ada", 0)]


def test_a_seat_that_can_act_restarts_the_count_of_turns_nobody_could_act_in() -> None:
    """Without ``auto_pass``: a real choice (bram's Vulko may chain) is acting, so the game goes on
    past the point where passes alone would have ended it."""
    pos = build(["ada", "bram"], phase="chain", hands={"bram": ["vulko"]}, auto_pass=False)
    g = pos.game
    assert texts(g, "ada") == ["pass"]
    act(g, "ada", "pass")
    act(g, "ada", "done")  # ada's claim: nothing in hand, nothing to claim
    assert g.s.quiet_turns == 1  # bram's turn has begun
    assert texts(g, "bram") == [f"chain {pos.card('bram', 'vulko')}", "pass"]
    act(g, "bram", "pass")  # choosing not to chain is still a choice
    assert g.s.quiet_turns == 0


def test_resolved_chain_cards_lose_their_id_in_views_so_a_redrawn_card_stays_hidden() -> None:
    """Lilith's draw reshuffles a resolved Blood Rage back into the hand: the chain must not name it."""
    pos = build(["ada", "bram"], phase="chain", hands={"ada": ["blood_rage", "lilith_lawrence", "blood_rage"]})
    g = pos.game
    first, second = pos.card("ada", "blood_rage"), pos.card("ada", "blood_rage", nth=1)
    act(g, "ada", f"chain {first}")
    act(g, "ada", f"chain {pos.card('ada', 'lilith_lawrence')}")
    act(g, "ada", f"chain {second}")
    act(g, "ada", "target bram")  # the second Blood Rage resolves; Lilith's draw reshuffles and draws it
    assert keys(g, g.s.hands[0]) == ["blood_rage"]
    public = g.public_view()
    assert [e["status"] for e in public["chain"]] == ["resolving", "resolved", "resolved"]
    assert "id" not in public["chain"][2] and public["chain"][0]["id"] == first
    from .invariants import check_views

    check_views(g)


def test_setup_events_are_kept_for_the_log() -> None:
    g = Game.new(["a", "b"], seed=1, options=Options(draft="quick-start"))
    types = [e["type"] for e in g.setup_events]
    assert "archives_ready" in types and "first_player" in types
    assert Game.from_json(g.to_json()).setup_events == []


def test_summoned_yuri_gains_influence_when_the_summoner_started_the_chain() -> None:
    """Ruling: a summoned minion's Your Chain text resolves if its controller started this chain."""
    pos = build(
        ["a", "b"], phase="chain", hands={"a": ["ghoul_summoning", "jj_mcteague"]}, discards={"a": ["yuri_koroviev"]}
    )
    g = pos.game
    act(g, "a", f"chain {pos.card('a', 'ghoul_summoning')}")  # J. J. cannot link: the chain resolves
    assert keys(g, g.s.in_play[0]) == ["yuri_koroviev"]
    assert g.s.influence[0] == 4  # 2 to start with, 2 from Yuri


def test_summoned_yuri_in_an_opponents_chain_gains_nothing() -> None:
    pos = build(
        ["a", "b"],
        phase="chain",
        hands={"a": ["death_grip", "jj_mcteague"], "b": ["ghoul_summoning"]},
        discards={"b": ["yuri_koroviev"]},
    )
    g = pos.game
    act(g, "a", f"chain {pos.card('a', 'death_grip')}")  # white: Ghoul Summoning (red) links onto it
    act(g, "b", f"chain {pos.card('b', 'ghoul_summoning')}")
    assert keys(g, g.s.in_play[1]) == ["yuri_koroviev"]
    assert g.s.influence[1] == 0  # b did not start this chain
