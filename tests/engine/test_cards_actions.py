"""One test (or more) per action card, named after the card: the 12 draft actions. Each test
builds an exact position, plays it through actions and checks exact outcomes, kickers and edge
cases as CARDS.md and RULES.md state them.

The active player keeps an unplayable wound in hand (``HOLD``), so the claim phase waits for her
and the position after the chain stays still while it is checked.
"""

from __future__ import annotations

from engine.nightfall.position import build

from .helpers import (
    HOLD,
    act,
    archive_cards,
    damage,
    exiled_orders,
    kinds,
    names,
    texts,
    where,
    wounded_order,
    wounds,
)

# ====================================================================== Flank Attack


def test_flank_attack_target_order_does_not_resolve() -> None:
    """An opponent's Flank Attack stops Marcus Toth from resolving: it goes to its owner's discard
    pile, never into play. (Linked onto green, Flank Attack has no kicker.)"""
    pos = build(["alice", "bob"], hands={"alice": ["marcus_toth", HOLD], "bob": ["flank_attack"]}, commons=["vulko"])
    g = pos.game
    marcus = pos.card("alice", "marcus_toth")
    act(g, "alice", f"chain {marcus}")
    assert kinds(g) == [("bob", "chain")]
    events = act(g, "bob", f"chain {pos.card('bob', 'flank_attack')}")
    assert g.phase == "claim"
    assert [e["card"] for e in events if e["type"] == "does_not_resolve"] == [marcus]
    assert where(g, marcus) == ("alice", "discard")
    assert names(g, "alice", "play") == []
    assert names(g, "bob", "discard") == ["flank_attack"]
    assert names(g, "bob", "play") == []
    assert len(archive_cards(g, pos.archive("vulko"))) == 7  # no free claim without the kicker


def test_flank_attack_cancelled_starting_minion_is_discarded_not_exiled() -> None:
    """A starting minion that never entered play is not exiled when it fails to resolve."""
    pos = build(["alice", "bob"], hands={"alice": ["bad_smoke", HOLD], "bob": ["flank_attack"]})
    g = pos.game
    smoke = pos.card("alice", "bad_smoke")
    act(g, "alice", f"chain {smoke}")
    act(g, "bob", f"chain {pos.card('bob', 'flank_attack')}")
    assert g.phase == "claim"
    assert where(g, smoke) == ("alice", "discard")
    assert exiled_orders(g) == []


def test_flank_attack_kicker_of_card_linked_onto_cancelled_order_still_applies() -> None:
    """Marcus Toth, then Bite and Tear (green kicker); bob's Flank Attack cancels Marcus Toth.
    Bite and Tear still resolves with its kicker: 2 damage, 1 on the controller, 1 card drawn."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["marcus_toth", "bite_and_tear", HOLD], "bob": ["flank_attack"]},
        decks={"alice": ["genesis_one"]},
        in_play={"bob": ["jj_mcteague"]},
    )
    g = pos.game
    marcus, bite = pos.card("alice", "marcus_toth"), pos.card("alice", "bite_and_tear")
    act(g, "alice", f"chain {marcus}")
    act(g, "alice", f"chain {bite}")
    act(g, "bob", f"chain {pos.card('bob', 'flank_attack')}")
    assert kinds(g) == [("bob", "target")]
    assert texts(g, "bob") == [f"target {bite}", f"target {marcus}"]  # not Flank Attack itself
    act(g, "bob", f"target {marcus}")
    assert g.phase == "claim"
    assert where(g, marcus) == ("alice", "discard")
    assert exiled_orders(g) == ["jj_mcteague"]
    assert wounds(g, "bob") == 1
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert names(g, "alice", "discard") == ["marcus_toth", "bite_and_tear"]


def test_flank_attack_purple_kicker_free_claim_in_another_players_turn() -> None:
    """Linked onto purple (Lilith Lawrence), bob's Flank Attack claims for free in alice's turn,
    from the commons or his own private archive, never from alice's."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["lilith_lawrence", HOLD], "bob": ["flank_attack"]},
        decks={"alice": ["genesis_one"]},
        commons=["vulko"],
        private={"alice": ["franz_orlok"], "bob": ["great_spirit"]},
    )
    g = pos.game
    commons, hers, his = pos.archive("vulko"), pos.archive("franz_orlok"), pos.archive("great_spirit")
    act(g, "alice", f"chain {pos.card('alice', 'lilith_lawrence')}")
    act(g, "bob", f"chain {pos.card('bob', 'flank_attack')}")
    # Lilith Lawrence is the only other order in the chain: cancelled without asking
    assert kinds(g) == [("bob", "target")]
    assert sorted(texts(g, "bob")) == sorted([f"target {commons}", f"target {his}"])
    act(g, "bob", f"target {his}")
    assert g.phase == "claim"
    assert names(g, "bob", "discard") == ["great_spirit", "flank_attack"]
    assert [len(archive_cards(g, a)) for a in (commons, hers, his)] == [7, 7, 6]
    assert g.s.influence == [2, 0]
    assert names(g, "alice", "discard") == ["lilith_lawrence"]
    assert names(g, "alice", "hand") == [HOLD]  # Lilith's draw never happened
    assert names(g, "alice", "play") == []


def test_flank_attack_purple_kicker_never_claims_from_an_opponents_archive() -> None:
    """With only alice's private archive in the game, bob's free claim has no target: nothing."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["lilith_lawrence", HOLD], "bob": ["flank_attack"]},
        private={"alice": ["franz_orlok"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'lilith_lawrence')}")
    act(g, "bob", f"chain {pos.card('bob', 'flank_attack')}")
    assert g.phase == "claim"
    assert len(archive_cards(g, pos.archive("franz_orlok"))) == 7
    assert names(g, "bob", "discard") == ["flank_attack"]


def test_flank_attack_alone_in_the_chain_does_nothing() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["flank_attack", HOLD]}, commons=["vulko"])
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'flank_attack')}")
    assert g.phase == "claim"
    assert names(g, "alice", "discard") == ["flank_attack"]
    assert len(archive_cards(g, pos.archive("vulko"))) == 7


# ====================================================================== Bite and Tear


def test_bite_and_tear_hits_the_controller_even_if_the_minion_dies() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["bite_and_tear", HOLD]}, in_play={"bob": ["jj_mcteague"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'bite_and_tear')}")
    assert g.phase == "claim"
    assert exiled_orders(g) == ["jj_mcteague"]
    assert wounds(g, "bob") == 1


def test_bite_and_tear_controller_damage_is_absorbed_by_vulko() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["bite_and_tear", HOLD]}, in_play={"bob": ["jj_mcteague", "vulko"]})
    g = pos.game
    jj, vulko = pos.card("bob", "jj_mcteague", "play"), pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'bite_and_tear')}")
    act(g, "alice", f"target {jj}")
    assert g.phase == "claim"
    assert exiled_orders(g) == ["jj_mcteague"]
    assert damage(g, vulko) == 1
    assert wounds(g, "bob") == 0


def test_bite_and_tear_green_kicker_draws_a_card() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["charlotte_reyes", "bite_and_tear", HOLD]},
        decks={"alice": ["genesis_one", "yuri_koroviev"]},
        in_play={"bob": ["jj_mcteague"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'charlotte_reyes')}")
    act(g, "alice", f"chain {pos.card('alice', 'bite_and_tear')}")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1
    # Bite and Tear's kicker draws the top card, then Charlotte Reyes draws the next
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "yuri_koroviev", "genesis_one"])
    assert names(g, "alice", "play") == ["charlotte_reyes"]


# ====================================================================== Hypnotic Presence


def test_hypnotic_presence_target_minion_strikes_another_target_minion() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["hypnotic_presence", HOLD]},
        in_play={"bob": ["vulko", "jj_mcteague"]},
    )
    g = pos.game
    vulko, jj = pos.card("bob", "vulko", "play"), pos.card("bob", "jj_mcteague", "play")
    act(g, "alice", f"chain {pos.card('alice', 'hypnotic_presence')}")
    assert sorted(texts(g, "alice")) == sorted([f"target {vulko}", f"target {jj}"])
    act(g, "alice", f"target {vulko}")  # the other target is then the only one left
    assert g.phase == "claim"
    assert exiled_orders(g) == ["jj_mcteague"]
    assert damage(g, vulko) == 0
    assert wounds(g, "bob") == 0


def test_hypnotic_presence_uses_the_strikers_current_strength() -> None:
    """J. J. McTeague with Lilith Lawrence beside it strikes for 3 and destroys a Vulko."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["hypnotic_presence", HOLD]},
        in_play={"alice": ["lilith_lawrence", "jj_mcteague"], "bob": ["vulko"]},
    )
    g = pos.game
    vulko, lilith = pos.card("bob", "vulko", "play"), pos.card("alice", "lilith_lawrence", "play")
    jj = pos.card("alice", "jj_mcteague", "play")
    act(g, "alice", f"chain {pos.card('alice', 'hypnotic_presence')}")
    act(g, "alice", f"target {jj}")
    assert sorted(texts(g, "alice")) == sorted([f"target {vulko}", f"target {lilith}"])
    act(g, "alice", f"target {vulko}")
    assert g.phase == "claim"
    assert where(g, vulko) == ("bob", "discard")
    assert damage(g, jj) == 0


def test_hypnotic_presence_needs_two_different_minions() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["hypnotic_presence", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'hypnotic_presence')}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 0
    assert names(g, "alice", "discard") == ["hypnotic_presence"]


def test_hypnotic_presence_without_minions_does_nothing() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["hypnotic_presence", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'hypnotic_presence')}")
    assert g.phase == "claim"
    assert names(g, "alice", "discard") == ["hypnotic_presence"]
    assert wounds(g, "bob") == 0


def test_hypnotic_presence_blue_kicker_draws_a_card() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["flank_attack", "hypnotic_presence", HOLD]},
        decks={"alice": ["genesis_one"]},
        in_play={"bob": ["vulko", "jj_mcteague"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'flank_attack')}")
    act(g, "alice", f"chain {pos.card('alice', 'hypnotic_presence')}")
    act(g, "alice", f"target {vulko}")
    assert g.phase == "claim"
    assert exiled_orders(g) == ["jj_mcteague"]
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert names(g, "alice", "discard") == ["hypnotic_presence", "flank_attack"]


# ====================================================================== Blood Rage


def test_blood_rage_one_damage_per_minion_you_control() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["blood_rage", HOLD]},
        in_play={"alice": ["jj_mcteague", "genesis_one"], "bob": ["charlotte_reyes"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'blood_rage')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2


def test_blood_rage_with_no_minion_inflicts_nothing() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["blood_rage", HOLD]}, in_play={"bob": ["charlotte_reyes"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'blood_rage')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 0


def test_blood_rage_purple_kicker_draws_and_counts_minions_at_resolution() -> None:
    """Blood Rage on Lilith Lawrence: Lilith is not in play yet when Blood Rage resolves (1 damage
    for J. J. McTeague); the kicker draws 1, then Lilith draws 1."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["lilith_lawrence", "blood_rage", HOLD]},
        decks={"alice": ["genesis_one", "yuri_koroviev"]},
        in_play={"alice": ["jj_mcteague"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'lilith_lawrence')}")
    act(g, "alice", f"chain {pos.card('alice', 'blood_rage')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one", "yuri_koroviev"])
    assert names(g, "alice", "play") == ["jj_mcteague", "lilith_lawrence"]


# ====================================================================== Death Grip


def test_death_grip_inflicts_three_damage_on_target_player() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["death_grip", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'death_grip')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 3


def test_death_grip_damage_is_absorbed_by_vulko() -> None:
    """A Vulko with 1 damage absorbs 2 of the 3 and is destroyed; the last point is a wound."""
    pos = build(["alice", "bob"], hands={"alice": ["death_grip", HOLD]}, in_play={"bob": [("vulko", 1)]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'death_grip')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert where(g, vulko) == ("bob", "discard")
    assert wounds(g, "bob") == 1


def test_death_grip_linked_onto_white_has_no_kicker() -> None:
    """The second Death Grip is linked onto a white card, not a red one: 3 damage, not 2 wounds."""
    pos = build(["alice", "bob"], hands={"alice": ["death_grip", "death_grip", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'death_grip')}")
    act(g, "alice", f"chain {pos.card('alice', 'death_grip')}")
    act(g, "alice", "target bob")
    assert wounds(g, "bob") == 3
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 3 + 3


def test_death_grip_red_kicker_two_wounds_instead_that_cannot_be_blocked() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["ghoul_summoning", "death_grip", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'ghoul_summoning')}")
    act(g, "alice", f"chain {pos.card('alice', 'death_grip')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert damage(g, vulko) == 0


# ====================================================================== Dark Awakening


def test_dark_awakening_puts_minion_into_play_and_resolves_its_chain_text() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["dark_awakening", HOLD]},
        discards={"alice": ["zacharias_sands"]},
        in_play={"bob": ["vulko"]},
    )
    g = pos.game
    zach, vulko = pos.card("alice", "zacharias_sands", "discard"), pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'dark_awakening')}")
    # Zacharias Sands is in play now and its Chain text asks for a minion (itself included)
    assert sorted(texts(g, "alice")) == sorted([f"target {vulko}", f"target {zach}"])
    act(g, "alice", f"target {vulko}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 2
    assert where(g, zach) == ("alice", "play")
    assert names(g, "alice", "discard") == ["dark_awakening"]


def test_dark_awakening_never_resolves_the_minions_kicker() -> None:
    """Dark Awakening linked onto yellow brings back Watcher Two: its Chain text draws, its yellow
    kicker does not apply (no target is asked, bob's blockers are untouched)."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["indigo_six", "dark_awakening", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["watcher_two"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'indigo_six')}")
    events = act(g, "alice", f"chain {pos.card('alice', 'dark_awakening')}")
    assert g.phase == "claim"
    assert [e for e in events if e["type"] == "no_text_blocks"] == []
    assert g.s.no_text_blocks == []
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert names(g, "alice", "play") == ["watcher_two", "indigo_six"]
    assert g.s.influence[0] == 3


def test_dark_awakening_with_no_minion_in_discard_does_nothing() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["dark_awakening", HOLD]},
        discards={"alice": ["shock_and_awe", "wound:burn"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'dark_awakening')}")
    assert g.phase == "claim"
    assert names(g, "alice", "play") == []
    assert names(g, "alice", "discard") == ["shock_and_awe", "wound:burn", "dark_awakening"]


# ====================================================================== Grim Siege


def test_grim_siege_each_opponent_in_the_order_the_controller_chooses() -> None:
    pos = build(["alice", "bob", "carol"], hands={"alice": ["grim_siege", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'grim_siege')}")
    assert kinds(g) == [("alice", "player-order")]
    assert sorted(texts(g, "alice")) == ["order bob", "order carol"]
    events = act(g, "alice", "order carol")
    assert g.phase == "claim"
    assert wounded_order(events) == [("carol", 1), ("bob", 1)]
    assert (wounds(g, "bob"), wounds(g, "carol")) == (1, 1)


def test_grim_siege_damage_is_absorbed_by_vulko() -> None:
    """With one opponent no order is asked; his Vulko absorbs the 1 damage."""
    pos = build(["alice", "bob"], hands={"alice": ["grim_siege", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'grim_siege')}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 1
    assert wounds(g, "bob") == 0


def test_grim_siege_red_kicker_each_opponent_discards_a_card_of_their_choice() -> None:
    """Grim Siege on Vulko: each opponent discards 1 card they choose (one with a single card
    discards it without asking); a starting minion discarded from hand is not exiled."""
    pos = build(
        ["alice", "bob", "carol"],
        hands={
            "alice": ["vulko", "grim_siege", HOLD],
            "bob": ["charlotte_reyes", "jj_mcteague"],
            "carol": ["yuri_koroviev"],
        },
    )
    g = pos.game
    ch, jj = pos.card("bob", "charlotte_reyes"), pos.card("bob", "jj_mcteague")
    yuri = pos.card("carol", "yuri_koroviev")
    act(g, "alice", f"chain {pos.card('alice', 'vulko')}")
    act(g, "alice", f"chain {pos.card('alice', 'grim_siege')}")
    act(g, "alice", "order bob")
    assert kinds(g) == [("bob", "choose")]
    assert sorted(texts(g, "bob")) == sorted([f"choose {ch}", f"choose {jj}"])
    assert where(g, yuri) == ("carol", "discard")
    act(g, "bob", f"choose {ch}")
    assert g.phase == "claim"
    assert where(g, ch) == ("bob", "discard")
    assert names(g, "bob", "hand") == ["jj_mcteague"]
    assert names(g, "carol", "hand") == []
    assert exiled_orders(g) == []
    assert (wounds(g, "bob"), wounds(g, "carol")) == (1, 1)
    assert names(g, "alice", "play") == ["vulko"]


def test_grim_siege_red_kicker_with_an_empty_hand_discards_nothing() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["vulko", "grim_siege", HOLD]}, discards={"bob": ["vulko"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'vulko')}")
    act(g, "alice", f"chain {pos.card('alice', 'grim_siege')}")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1
    assert names(g, "bob", "discard")[0] == "vulko"
    assert len(names(g, "bob", "discard")) == 2


# ====================================================================== Furious Melee


def test_furious_melee_two_damage_on_each_minion_of_target_player() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["furious_melee", HOLD]},
        in_play={"alice": ["genesis_one"], "bob": ["vulko", "jj_mcteague", "charlotte_reyes"]},
    )
    g = pos.game
    vulko, genesis = pos.card("bob", "vulko", "play"), pos.card("alice", "genesis_one", "play")
    act(g, "alice", f"chain {pos.card('alice', 'furious_melee')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert damage(g, vulko) == 2
    assert sorted(exiled_orders(g)) == ["charlotte_reyes", "jj_mcteague"]
    assert names(g, "bob", "play") == ["vulko"]
    assert damage(g, genesis) == 0
    assert wounds(g, "bob") == 0


def test_furious_melee_white_kicker_exiles_two_orders_from_target_archive() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["alton_hickman", "furious_melee", HOLD]},
        commons=["watcher_two"],
        private={"bob": ["vulko"]},
    )
    g = pos.game
    commons, his = pos.archive("watcher_two"), pos.archive("vulko")
    top_two = archive_cards(g, his)[-2:]
    act(g, "alice", f"chain {pos.card('alice', 'alton_hickman')}")
    act(g, "alice", f"chain {pos.card('alice', 'furious_melee')}")
    act(g, "alice", "target bob")
    assert kinds(g) == [("alice", "target")]
    assert sorted(texts(g, "alice")) == sorted([f"target {commons}", f"target {his}"])
    act(g, "alice", f"target {his}")
    assert g.phase == "claim"
    assert len(archive_cards(g, his)) == 5
    assert len(archive_cards(g, commons)) == 7
    assert sorted(top_two) == sorted(c for c in g.s.exiled if g.s.cards[c] == "vulko")
    assert names(g, "alice", "play") == ["alton_hickman"]


def test_furious_melee_white_kicker_exiles_as_many_as_there_are() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["alton_hickman", "furious_melee", HOLD]},
        private={"bob": ["vulko"]},
        archive_sizes={"vulko": 1},
    )
    g = pos.game
    his = pos.archive("vulko")
    act(g, "alice", f"chain {pos.card('alice', 'alton_hickman')}")
    act(g, "alice", f"chain {pos.card('alice', 'furious_melee')}")
    act(g, "alice", "target bob")  # the only archive is then chosen without asking
    assert g.phase == "claim"
    assert archive_cards(g, his) == []
    assert exiled_orders(g) == ["vulko"]


# ====================================================================== Shock and Awe


def test_shock_and_awe_inflicts_three_damage_on_target_minion() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["shock_and_awe", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'shock_and_awe')}")
    assert g.phase == "claim"
    assert where(g, vulko) == ("bob", "discard")
    assert wounds(g, "bob") == 0


def test_shock_and_awe_without_a_minion_does_nothing() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["shock_and_awe", HOLD]}, decks={"alice": ["genesis_one"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'shock_and_awe')}")
    assert g.phase == "claim"
    assert names(g, "alice", "discard") == ["shock_and_awe"]
    assert names(g, "alice", "hand") == [HOLD]


def test_shock_and_awe_yellow_kicker_draws_a_card() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["indigo_six", "shock_and_awe", HOLD]},
        decks={"alice": ["genesis_one"]},
        in_play={"bob": ["jj_mcteague"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'indigo_six')}")
    act(g, "alice", f"chain {pos.card('alice', 'shock_and_awe')}")
    assert g.phase == "claim"
    assert exiled_orders(g) == ["jj_mcteague"]
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert g.s.influence[0] == 3


# ====================================================================== Ghoul Summoning


def test_ghoul_summoning_starting_minion_into_play_its_chain_text_and_green_kicker() -> None:
    """Grim Siege, then Ghoul Summoning (green kicker): only the starting minion of the discard pile
    can be chosen (Enraged Wight, not Vulko); its Chain text hits bob, the kicker draws."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["grim_siege", "ghoul_summoning", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["vulko", "enraged_wight"]},
    )
    g = pos.game
    wight = pos.card("alice", "enraged_wight", "discard")
    act(g, "alice", f"chain {pos.card('alice', 'grim_siege')}")
    act(g, "alice", f"chain {pos.card('alice', 'ghoul_summoning')}")
    assert kinds(g) == [("alice", "target")]  # Enraged Wight's target player
    assert where(g, wight) == ("alice", "play")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1 + 1  # Enraged Wight, then Grim Siege
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert names(g, "alice", "discard") == ["vulko", "ghoul_summoning", "grim_siege"]
    assert names(g, "alice", "play") == ["enraged_wight"]


def test_ghoul_summoning_ignores_draft_minions() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["ghoul_summoning", HOLD]}, discards={"alice": ["vulko"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'ghoul_summoning')}")
    assert g.phase == "claim"
    assert names(g, "alice", "play") == []
    assert names(g, "alice", "discard") == ["vulko", "ghoul_summoning"]


# ====================================================================== Team Elimination


def test_team_elimination_one_damage_on_each_opposing_minion() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["team_elimination", HOLD]},
        in_play={"alice": ["genesis_one"], "bob": ["vulko", "charlotte_reyes"]},
    )
    g = pos.game
    vulko, genesis = pos.card("bob", "vulko", "play"), pos.card("alice", "genesis_one", "play")
    act(g, "alice", f"chain {pos.card('alice', 'team_elimination')}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 1
    assert exiled_orders(g) == ["charlotte_reyes"]
    assert damage(g, genesis) == 0
    assert wounds(g, "bob") == 0


def test_team_elimination_white_kicker_one_damage_on_each_opponent() -> None:
    """Team Elimination on Watcher Two: bob's Vulko takes 1 as a minion, then absorbs the 1 damage
    on bob; carol, with no blocker, receives 1 wound."""
    pos = build(
        ["alice", "bob", "carol"],
        hands={"alice": ["watcher_two", "team_elimination", HOLD]},
        decks={"alice": ["genesis_one"]},
        in_play={"bob": ["vulko"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'watcher_two')}")
    act(g, "alice", f"chain {pos.card('alice', 'team_elimination')}")
    assert kinds(g) == [("alice", "player-order")]
    assert damage(g, vulko) == 1
    act(g, "alice", "order bob")
    assert g.phase == "claim"
    assert damage(g, vulko) == 2
    assert (wounds(g, "bob"), wounds(g, "carol")) == (0, 1)
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])


# ====================================================================== Leave Me!


def test_leave_me_returns_target_opposing_minion_to_its_owners_hand() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["leave_me", HOLD]},
        in_play={"alice": ["genesis_one"], "bob": [("vulko", 2)]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'leave_me')}")
    assert g.phase == "claim"
    assert where(g, vulko) == ("bob", "hand")
    assert names(g, "alice", "play") == ["genesis_one"]


def test_leave_me_white_kicker_resolves_chain_text_once_more_with_a_new_target() -> None:
    """Leave Me! on Ivan Radinski returns two of bob's three minions, one at a time; a starting
    minion returned to hand is not exiled."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["ivan_radinski", "leave_me", HOLD]},
        in_play={"bob": ["vulko", "jj_mcteague", "charlotte_reyes"]},
    )
    g = pos.game
    vulko, jj = pos.card("bob", "vulko", "play"), pos.card("bob", "jj_mcteague", "play")
    ch = pos.card("bob", "charlotte_reyes", "play")
    act(g, "alice", f"chain {pos.card('alice', 'ivan_radinski')}")
    act(g, "alice", f"chain {pos.card('alice', 'leave_me')}")
    assert sorted(texts(g, "alice")) == sorted([f"target {vulko}", f"target {jj}", f"target {ch}"])
    act(g, "alice", f"target {vulko}")
    assert sorted(texts(g, "alice")) == sorted([f"target {jj}", f"target {ch}"])
    act(g, "alice", f"target {jj}")
    assert g.phase == "claim"
    assert sorted(names(g, "bob", "hand")) == ["jj_mcteague", "vulko"]
    assert names(g, "bob", "play") == ["charlotte_reyes"]
    assert exiled_orders(g) == []
    assert names(g, "alice", "play") == ["ivan_radinski"]


def test_leave_me_white_kicker_with_one_opposing_minion_returns_just_it() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["ivan_radinski", "leave_me", HOLD]},
        in_play={"bob": ["vulko"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'ivan_radinski')}")
    act(g, "alice", f"chain {pos.card('alice', 'leave_me')}")
    assert g.phase == "claim"
    assert names(g, "bob", "hand") == ["vulko"]
    assert names(g, "bob", "play") == []
    assert names(g, "alice", "play") == ["ivan_radinski"]


def test_leave_me_never_returns_your_own_minion() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["leave_me", HOLD]}, in_play={"alice": ["genesis_one"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'leave_me')}")
    assert g.phase == "claim"
    assert names(g, "alice", "play") == ["genesis_one"]
    assert names(g, "alice", "hand") == [HOLD]
