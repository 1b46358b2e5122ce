"""One test (or more) per minion card, named after the card: the 6 starting minions and the 12
draft minions. Each test builds an exact position, plays it through actions and checks exact
outcomes, kickers and edge cases as CARDS.md and RULES.md state them.

In the chain tests the active player keeps an unplayable wound in hand (``HOLD``), so the claim
phase waits for her and the position after the chain stays still while it is checked.
"""

from __future__ import annotations

from engine.nightfall.cards import card_set
from engine.nightfall.position import build

from .helpers import (
    HOLD,
    act,
    cid,
    damage,
    exiled,
    exiled_orders,
    fight_all,
    kinds,
    names,
    texts,
    where,
    wounds,
    zone,
)

# ====================================================================== starting minions


def test_bad_smoke_stays_in_play_after_combat() -> None:
    """Bad Smoke attacks like any minion but stays in play after combat; other starters are exiled."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["bad_smoke", "jj_mcteague"]},
    )
    g = pos.game
    fight_all(g)
    assert wounds(g, "bob") == 1 + 2
    assert g.phase == "claim"
    assert names(g, "alice", "play") == ["bad_smoke"]
    assert exiled_orders(g) == ["jj_mcteague"]
    assert names(g, "alice", "discard") == []


def test_bad_smoke_blocks_damage_inflicted_on_you() -> None:
    """Card-text damage on Bad Smoke's controller is absorbed by it; no wound is received."""
    pos = build(["alice", "bob"], hands={"alice": ["enraged_wight", HOLD]}, in_play={"bob": ["bad_smoke"]})
    g = pos.game
    smoke = pos.card("bob", "bad_smoke", "play")
    act(g, "alice", f"chain {pos.card('alice', 'enraged_wight')}")
    assert kinds(g) == [("alice", "target")]
    act(g, "alice", "target bob")
    assert wounds(g, "bob") == 0
    assert damage(g, smoke) == 1
    assert where(g, smoke) == ("bob", "play")


def test_bad_smoke_absorbs_unblocked_attack_and_is_exiled_when_destroyed() -> None:
    """Unblocked combat damage goes to Bad Smoke first; destroyed, it is exiled, not discarded."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["jj_mcteague"], "bob": ["bad_smoke"]},
    )
    g = pos.game
    smoke = pos.card("bob", "bad_smoke", "play")
    assert kinds(g) == [("bob", "block")]
    act(g, "bob", "done")
    fight_all(g)
    assert wounds(g, "bob") == 0
    assert exiled(g, smoke)
    assert where(g, smoke) is None
    assert names(g, "bob", "discard") == []


def test_bad_smoke_discarded_from_hand_is_not_exiled() -> None:
    """Discarding Bad Smoke from hand for influence puts it in the discard pile (never in play)."""
    pos = build(["alice", "bob"], phase="claim", hands={"alice": ["bad_smoke", HOLD]})
    g = pos.game
    smoke = pos.card("alice", "bad_smoke")
    act(g, "alice", f"discard {smoke}")
    assert where(g, smoke) == ("alice", "discard")
    assert not exiled(g, smoke)
    assert g.s.influence[0] == 3


def test_charlotte_reyes_draws_a_card() -> None:
    """Charlotte Reyes' Chain text draws 1 card; she then enters play."""
    pos = build(["alice", "bob"], hands={"alice": ["charlotte_reyes", HOLD]}, decks={"alice": ["genesis_one"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'charlotte_reyes')}")
    assert g.phase == "claim"
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert names(g, "alice", "deck") == []
    assert names(g, "alice", "play") == ["charlotte_reyes"]


def test_charlotte_reyes_exiled_when_discarded_after_combat() -> None:
    """After attacking, Charlotte Reyes is discarded, so her own text exiles her."""
    pos = build(["alice", "bob"], phase="combat", hands={"alice": [HOLD]}, in_play={"alice": ["charlotte_reyes"]})
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1
    assert exiled_orders(g) == ["charlotte_reyes"]
    assert names(g, "alice", "discard") == []
    assert names(g, "alice", "play") == []


def test_charlotte_reyes_discarded_from_hand_is_not_exiled() -> None:
    """Discarding Charlotte Reyes from hand for influence does not exile her."""
    pos = build(["alice", "bob"], phase="claim", hands={"alice": ["charlotte_reyes", HOLD]})
    g = pos.game
    ch = pos.card("alice", "charlotte_reyes")
    act(g, "alice", f"discard {ch}")
    assert where(g, ch) == ("alice", "discard")
    assert not exiled(g, ch)


def test_enraged_wight_inflicts_one_damage_on_target_player() -> None:
    """Enraged Wight's Chain text: 1 damage on the chosen player (either player may be chosen)."""
    pos = build(["alice", "bob"], hands={"alice": ["enraged_wight", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'enraged_wight')}")
    assert sorted(texts(g, "alice")) == ["target alice", "target bob"]
    act(g, "alice", "target bob")
    assert wounds(g, "bob") == 1
    assert wounds(g, "alice") == 1  # the HOLD wound in her hand only
    assert names(g, "alice", "play") == ["enraged_wight"]


def test_enraged_wight_may_target_yourself() -> None:
    """'Target player' includes the card's own controller, who then receives the wound."""
    pos = build(["alice", "bob"], hands={"alice": ["enraged_wight", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'enraged_wight')}")
    act(g, "alice", "target alice")
    assert wounds(g, "alice") == 1 + 1
    assert wounds(g, "bob") == 0


def test_enraged_wight_exiled_when_discarded_after_combat() -> None:
    """Enraged Wight attacks for 2, then is exiled instead of discarded."""
    pos = build(["alice", "bob"], phase="combat", hands={"alice": [HOLD]}, in_play={"alice": ["enraged_wight"]})
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert exiled_orders(g) == ["enraged_wight"]
    assert names(g, "alice", "discard") == []


def test_genesis_one_inflicts_one_damage_on_target_minion() -> None:
    """Genesis One's Chain text: 1 damage on the only minion in play, chosen automatically."""
    pos = build(["alice", "bob"], hands={"alice": ["genesis_one", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'genesis_one')}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 1
    assert wounds(g, "bob") == 0


def test_genesis_one_with_no_minion_in_play_does_nothing() -> None:
    """Genesis One is still in the chain while its text resolves, so it cannot hit itself."""
    pos = build(["alice", "bob"], hands={"alice": ["genesis_one", HOLD]})
    g = pos.game
    genesis = pos.card("alice", "genesis_one")
    act(g, "alice", f"chain {genesis}")
    assert g.phase == "claim"
    assert damage(g, genesis) == 0


def test_genesis_one_destroys_a_starting_minion_which_is_exiled() -> None:
    """A starting minion destroyed in play (Charlotte Reyes) is exiled, not discarded."""
    pos = build(["alice", "bob"], hands={"alice": ["genesis_one", HOLD]}, in_play={"bob": ["charlotte_reyes"]})
    g = pos.game
    ch = pos.card("bob", "charlotte_reyes", "play")
    act(g, "alice", f"chain {pos.card('alice', 'genesis_one')}")
    assert exiled(g, ch)
    assert names(g, "bob", "discard") == []
    assert names(g, "bob", "play") == []


def test_genesis_one_exiled_when_discarded_after_combat() -> None:
    pos = build(["alice", "bob"], phase="combat", hands={"alice": [HOLD]}, in_play={"alice": ["genesis_one"]})
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1
    assert exiled_orders(g) == ["genesis_one"]
    assert names(g, "alice", "discard") == []


def test_jj_mcteague_attacks_for_two_and_is_exiled_after_combat() -> None:
    pos = build(["alice", "bob"], phase="combat", hands={"alice": [HOLD]}, in_play={"alice": ["jj_mcteague"]})
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert exiled_orders(g) == ["jj_mcteague"]
    assert names(g, "alice", "discard") == []


def test_jj_mcteague_exiled_when_destroyed() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["genesis_one", HOLD]}, in_play={"bob": [("jj_mcteague", 1)]})
    g = pos.game
    jj = pos.card("bob", "jj_mcteague", "play")
    act(g, "alice", f"chain {pos.card('alice', 'genesis_one')}")
    assert exiled(g, jj)
    assert where(g, jj) is None


def test_jj_mcteague_discarded_from_hand_is_not_exiled() -> None:
    pos = build(["alice", "bob"], phase="claim", hands={"alice": ["jj_mcteague", HOLD]})
    g = pos.game
    jj = pos.card("alice", "jj_mcteague")
    act(g, "alice", f"discard {jj}")
    assert where(g, jj) == ("alice", "discard")
    assert not exiled(g, jj)


def test_yuri_koroviev_your_chain_only_for_the_player_who_started_it() -> None:
    """Yuri gains 2 influence for the player who started the chain; a Yuri linked by an opponent
    onto that chain gains nothing."""
    pos = build(["alice", "bob"], hands={"alice": ["yuri_koroviev", HOLD], "bob": ["yuri_koroviev"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'yuri_koroviev')}")
    assert kinds(g) == [("bob", "chain")]
    act(g, "bob", f"chain {pos.card('bob', 'yuri_koroviev')}")
    assert g.phase == "claim"
    assert g.s.influence == [2 + 2, 0]
    assert names(g, "alice", "play") == ["yuri_koroviev"]
    assert names(g, "bob", "play") == ["yuri_koroviev"]


def test_yuri_koroviev_exiled_when_discarded_after_combat() -> None:
    pos = build(["alice", "bob"], phase="combat", hands={"alice": [HOLD]}, in_play={"alice": ["yuri_koroviev"]})
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1
    assert exiled_orders(g) == ["yuri_koroviev"]
    assert names(g, "alice", "discard") == []


# ====================================================================== draft minions


def test_alton_hickman_cannot_be_blocked() -> None:
    """Alton Hickman's attack cannot be blocked: the defender is not even asked to block."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["alton_hickman"], "bob": ["jj_mcteague"]},
    )
    g = pos.game
    jj = pos.card("bob", "jj_mcteague", "play")
    assert ("bob", "block") not in kinds(g)
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert damage(g, jj) == 0
    assert names(g, "alice", "discard") == ["alton_hickman"]  # not a starting minion: discarded


def test_alton_hickman_red_kicker_puts_a_discard_card_on_top_of_deck() -> None:
    """Linked onto a red card, Alton Hickman puts the chosen card of your discard pile on your deck."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["ghoul_summoning", "alton_hickman", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["shock_and_awe", "vulko"]},
    )
    g = pos.game
    shock = pos.card("alice", "shock_and_awe", "discard")
    vulko = pos.card("alice", "vulko", "discard")
    act(g, "alice", f"chain {pos.card('alice', 'ghoul_summoning')}")
    act(g, "alice", f"chain {pos.card('alice', 'alton_hickman')}")
    assert kinds(g) == [("alice", "target")]
    assert sorted(texts(g, "alice")) == sorted([f"target {shock}", f"target {vulko}"])
    act(g, "alice", f"target {shock}")
    assert g.phase == "claim"
    assert names(g, "alice", "deck") == ["genesis_one", "shock_and_awe"]
    assert zone(g, "alice", "deck")[-1] == cid(shock)
    assert names(g, "alice", "discard") == ["vulko", "ghoul_summoning"]
    assert names(g, "alice", "play") == ["alton_hickman"]


def test_alton_hickman_red_kicker_with_an_empty_discard_pile_does_nothing() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["ghoul_summoning", "alton_hickman", HOLD]},
        decks={"alice": ["genesis_one"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'ghoul_summoning')}")
    act(g, "alice", f"chain {pos.card('alice', 'alton_hickman')}")
    assert g.phase == "claim"
    assert names(g, "alice", "deck") == ["genesis_one"]
    assert names(g, "alice", "discard") == ["ghoul_summoning"]


def test_alton_hickman_without_kicker_leaves_the_discard_pile_alone() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["alton_hickman", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["shock_and_awe"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'alton_hickman')}")
    assert g.phase == "claim"
    assert names(g, "alice", "discard") == ["shock_and_awe"]
    assert names(g, "alice", "deck") == ["genesis_one"]


def test_blaine_cordell_inflicts_two_damage_on_target_minion() -> None:
    """Without its kicker Blaine Cordell damages but heals nothing."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["blaine_cordell", HOLD]},
        in_play={"alice": [("vulko", 2)], "bob": ["vulko"]},
    )
    g = pos.game
    mine, theirs = pos.card("alice", "vulko", "play"), pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'blaine_cordell')}")
    assert sorted(texts(g, "alice")) == sorted([f"target {mine}", f"target {theirs}"])
    act(g, "alice", f"target {theirs}")
    assert g.phase == "claim"
    assert damage(g, theirs) == 2
    assert damage(g, mine) == 2


def test_blaine_cordell_blue_kicker_heals_target_minion_you_control() -> None:
    """Linked onto a blue card (Bad Smoke), Blaine Cordell also heals all damage on your minion."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["bad_smoke", "blaine_cordell", HOLD]},
        in_play={"alice": [("vulko", 2)], "bob": ["vulko"]},
    )
    g = pos.game
    mine, theirs = pos.card("alice", "vulko", "play"), pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'bad_smoke')}")
    act(g, "alice", f"chain {pos.card('alice', 'blaine_cordell')}")
    act(g, "alice", f"target {theirs}")
    # the only minion she controls is her Vulko (Blaine and Bad Smoke are still in the chain)
    assert g.phase == "claim"
    assert damage(g, theirs) == 2
    assert damage(g, mine) == 0
    assert names(g, "alice", "play") == ["vulko", "blaine_cordell", "bad_smoke"]


def test_blaine_cordell_blue_kicker_with_no_minion_of_yours_heals_nothing() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["bad_smoke", "blaine_cordell", HOLD]},
        in_play={"bob": [("vulko", 0)]},
    )
    g = pos.game
    theirs = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'bad_smoke')}")
    act(g, "alice", f"chain {pos.card('alice', 'blaine_cordell')}")
    assert g.phase == "claim"
    assert damage(g, theirs) == 2


def test_franz_orlok_inflicts_two_damage_on_target_player() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["franz_orlok", HOLD], "bob": ["grim_siege"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert names(g, "bob", "hand") == ["grim_siege"]  # no kicker: nothing exiled


def test_franz_orlok_purple_kicker_that_player_exiles_an_order_of_their_choice() -> None:
    """Linked onto a purple card, Franz Orlok makes the damaged player exile an order they choose
    from their hand; wounds in hand are not orders and cannot be chosen."""
    pos = build(
        ["alice", "bob"],
        hands={
            "alice": ["jj_mcteague", "franz_orlok", HOLD],
            "bob": ["wound:bite", "grim_siege", "charlotte_reyes"],
        },
    )
    g = pos.game
    siege, ch = pos.card("bob", "grim_siege"), pos.card("bob", "charlotte_reyes")
    act(g, "alice", f"chain {pos.card('alice', 'jj_mcteague')}")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", "target bob")
    assert kinds(g) == [("bob", "choose")]
    assert sorted(texts(g, "bob")) == sorted([f"choose {siege}", f"choose {ch}"])
    act(g, "bob", f"choose {siege}")
    assert g.phase == "claim"
    assert exiled(g, siege)
    assert sorted(names(g, "bob", "hand")) == ["charlotte_reyes", "wound:bite"]
    assert wounds(g, "bob") == 1 + 2
    assert names(g, "alice", "play") == ["franz_orlok", "jj_mcteague"]


def test_franz_orlok_purple_kicker_with_only_wounds_in_hand_exiles_nothing() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["jj_mcteague", "franz_orlok", HOLD], "bob": ["wound:bite", "wound:burn"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'jj_mcteague')}")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert sorted(names(g, "bob", "hand")) == ["wound:bite", "wound:burn"]
    assert [c for c in g.s.exiled if not g.s.cards[c].startswith("wound:")] == []


def test_franz_orlok_purple_kicker_single_order_is_exiled_without_asking() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["jj_mcteague", "franz_orlok", HOLD], "bob": ["wound:bite", "grim_siege"]},
    )
    g = pos.game
    siege = pos.card("bob", "grim_siege")
    act(g, "alice", f"chain {pos.card('alice', 'jj_mcteague')}")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert exiled(g, siege)
    assert names(g, "bob", "hand") == ["wound:bite"]


def test_indigo_six_your_chain_gains_one_influence() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["indigo_six", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'indigo_six')}")
    assert g.phase == "claim"
    assert g.s.influence[0] == 3


def test_indigo_six_yellow_kicker_doubles_influence_and_claim_discards_add_after() -> None:
    """Indigo Six on Yuri: 2 + 1 = 3, doubled to 6; then Yuri adds 2 (8); a claim discard adds 1 (9)."""
    pos = build(["alice", "bob"], hands={"alice": ["yuri_koroviev", "indigo_six", HOLD]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'yuri_koroviev')}")
    act(g, "alice", f"chain {pos.card('alice', 'indigo_six')}")
    assert g.phase == "claim"
    assert g.s.influence[0] == 8
    act(g, "alice", f"discard {pos.card('alice', HOLD)}")
    assert g.s.influence[0] == 9


def test_indigo_six_two_kickers_double_twice() -> None:
    """Yuri, Indigo Six (kicker), Watcher Two, Yuri, Indigo Six (kicker), resolved last-in-first-out:
    3 -> 6, +2 = 8, +1 = 9 -> 18, +2 = 20."""
    pos = build(
        ["alice", "bob"],
        hands={
            "alice": ["yuri_koroviev", "indigo_six", "watcher_two", "yuri_koroviev", "indigo_six", HOLD],
        },
        decks={"alice": ["genesis_one"]},
    )
    g = pos.game
    for key, nth in (
        ("yuri_koroviev", 0),
        ("indigo_six", 0),
        ("watcher_two", 0),
        ("yuri_koroviev", 0),
        ("indigo_six", 0),
    ):
        act(g, "alice", f"chain {pos.card('alice', key, nth=nth)}")
    assert kinds(g) == [("alice", "target")]  # Watcher Two's yellow kicker
    assert g.s.influence[0] == 8
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert g.s.influence[0] == 20
    act(g, "alice", f"discard {pos.card('alice', HOLD)}")
    assert g.s.influence[0] == 21


def test_ivan_radinski_without_kicker_does_nothing_but_enter_play() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["ivan_radinski", HOLD]}, in_play={"bob": ["jj_mcteague"]})
    g = pos.game
    jj = pos.card("bob", "jj_mcteague", "play")
    act(g, "alice", f"chain {pos.card('alice', 'ivan_radinski')}")
    assert g.phase == "claim"
    assert damage(g, jj) == 0
    assert names(g, "alice", "play") == ["ivan_radinski"]


def test_ivan_radinski_green_kicker_inflicts_two_damage_on_target_minion() -> None:
    """Ivan Radinski on Grim Siege: 2 damage on the chosen minion; then Grim Siege's 1 damage on bob
    is absorbed by his Vulko."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["grim_siege", "ivan_radinski", HOLD]},
        in_play={"bob": ["vulko", "jj_mcteague"]},
    )
    g = pos.game
    vulko, jj = pos.card("bob", "vulko", "play"), pos.card("bob", "jj_mcteague", "play")
    act(g, "alice", f"chain {pos.card('alice', 'grim_siege')}")
    act(g, "alice", f"chain {pos.card('alice', 'ivan_radinski')}")
    assert sorted(texts(g, "alice")) == sorted([f"target {vulko}", f"target {jj}"])
    act(g, "alice", f"target {jj}")
    assert g.phase == "claim"
    assert exiled(g, jj)
    assert damage(g, vulko) == 1
    assert wounds(g, "bob") == 0
    assert names(g, "alice", "play") == ["ivan_radinski"]


def test_lilith_lawrence_draws_a_card() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["lilith_lawrence", HOLD]}, decks={"alice": ["vulko"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'lilith_lawrence')}")
    assert g.phase == "claim"
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "vulko"])
    assert names(g, "alice", "play") == ["lilith_lawrence"]


def test_lilith_lawrence_gives_other_vampires_plus_one_strength() -> None:
    """Lilith (2) + J. J. McTeague (2 + 1) + Bad Smoke (1, not a Vampire) = 6 wounds."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["lilith_lawrence", "jj_mcteague", "bad_smoke"]},
    )
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2 + 3 + 1


def test_lilith_lawrence_strength_bonus_shows_in_the_public_view() -> None:
    """Only other Vampires get +1: Lilith herself stays at 2, Bad Smoke (Lycanthrope) at 1; an
    opponent's Vampire gets nothing."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": [HOLD]},
        in_play={"alice": ["lilith_lawrence", "jj_mcteague", "bad_smoke"], "bob": ["yuri_koroviev"]},
    )
    seats = pos.game.public_view()["seats"]
    assert [(m["card"], m["strength"]) for m in seats[0]["in_play"]] == [
        ("lilith_lawrence", 2),
        ("jj_mcteague", 3),
        ("bad_smoke", 1),
    ]
    assert [(m["card"], m["strength"]) for m in seats[1]["in_play"]] == [("yuri_koroviev", 1)]


def test_lilith_lawrence_two_liliths_stack() -> None:
    """Two Liliths: each has +1 from the other (3 each), J. J. McTeague has +2 (4): 10 wounds."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["lilith_lawrence", "lilith_lawrence", "jj_mcteague"]},
    )
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 3 + 3 + 4


def test_marcus_toth_goes_to_hand_when_destroyed() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["shock_and_awe", HOLD]}, in_play={"bob": ["marcus_toth"]})
    g = pos.game
    marcus = pos.card("bob", "marcus_toth", "play")
    act(g, "alice", f"chain {pos.card('alice', 'shock_and_awe')}")
    assert g.phase == "claim"
    assert where(g, marcus) == ("bob", "hand")
    assert names(g, "bob", "discard") == []


def test_marcus_toth_destroyed_while_blocking_returns_to_hand() -> None:
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["franz_orlok"], "bob": ["marcus_toth"]},
    )
    g = pos.game
    franz, marcus = pos.card("alice", "franz_orlok", "play"), pos.card("bob", "marcus_toth", "play")
    act(g, "bob", f"block {marcus} {franz}")
    fight_all(g)
    assert g.phase == "claim"
    assert where(g, marcus) == ("bob", "hand")
    assert wounds(g, "bob") == 4 - 2


def test_marcus_toth_discarded_after_combat_goes_to_discard_pile() -> None:
    """Discarding after combat is not destroying: Marcus Toth goes to the discard pile."""
    pos = build(["alice", "bob"], phase="combat", hands={"alice": [HOLD]}, in_play={"alice": ["marcus_toth"]})
    g = pos.game
    fight_all(g)
    assert g.phase == "claim"
    assert wounds(g, "bob") == 3
    assert names(g, "alice", "discard") == ["marcus_toth"]
    assert names(g, "alice", "hand") == [HOLD]


def test_watcher_two_draws_a_card() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["watcher_two", HOLD]}, decks={"alice": ["vulko"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'watcher_two')}")
    assert g.phase == "claim"
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "vulko"])
    assert names(g, "alice", "play") == ["watcher_two"]


def test_watcher_two_yellow_kicker_card_damage_ignores_direct_blockers() -> None:
    """Watcher Two, Team Elimination (white kicker), Watcher Two (yellow kicker on bob): Team
    Elimination's 1 damage on bob is not absorbed by his Vulko (which still takes its own 1)."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["watcher_two", "team_elimination", "watcher_two", HOLD]},
        decks={"alice": ["genesis_one", "charlotte_reyes"]},
        in_play={"bob": ["vulko"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'watcher_two', nth=0)}")
    act(g, "alice", f"chain {pos.card('alice', 'team_elimination')}")
    act(g, "alice", f"chain {pos.card('alice', 'watcher_two')}")
    assert kinds(g) == [("alice", "target")]
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert damage(g, vulko) == 1
    assert wounds(g, "bob") == 1
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one", "charlotte_reyes"])


def test_watcher_two_kicker_does_not_stop_direct_blockers_in_combat() -> None:
    """With bob under Watcher Two's kicker effect, unblocked combat damage is still absorbed by his
    Vulko: the effect covers only damage from card text. (Combat comes before the chain in a turn,
    so the position sets the effect directly.)"""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["jj_mcteague"], "bob": ["vulko"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    g.s.no_text_blocks = [1]
    act(g, "bob", "done")
    fight_all(g)
    assert damage(g, vulko) == 2
    assert wounds(g, "bob") == 0


def test_watcher_two_kicker_lasts_until_end_of_turn() -> None:
    """Next turn the player's direct-damage blocker absorbs card-text damage again."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["indigo_six", "watcher_two"], "bob": ["enraged_wight"]},
        decks={"alice": ["genesis_one"] * 6, "bob": ["charlotte_reyes"] * 6},
        in_play={"bob": ["bad_smoke"]},
    )
    g = pos.game
    smoke = pos.card("bob", "bad_smoke", "play")
    act(g, "alice", f"chain {pos.card('alice', 'indigo_six')}")
    act(g, "alice", f"chain {pos.card('alice', 'watcher_two')}")
    act(g, "alice", "target bob")
    # bob had his chance to link: enraged_wight is red, Indigo Six links white and purple
    assert g.phase == "claim"
    act(g, "alice", "done")
    # bob's turn: Bad Smoke attacks alice (1 wound) and stays; then bob's Enraged Wight hits himself
    assert g.s.active == 1
    assert kinds(g) == [("alice", "block")]
    act(g, "alice", "done")
    assert wounds(g, "alice") == 1
    assert kinds(g) == [("bob", "chain")]
    act(g, "bob", f"chain {pos.card('bob', 'enraged_wight')}")
    act(g, "bob", "target bob")
    assert damage(g, smoke) == 1
    assert wounds(g, "bob") == 0


def test_sir_john_travail_one_copy_makes_claims_cost_one_less() -> None:
    pos = build(
        ["alice", "bob"],
        phase="claim",
        hands={"alice": [HOLD]},
        in_play={"alice": ["sir_john_travail"]},
        commons=["lilith_lawrence", "watcher_two"],
    )
    g = pos.game
    lilith, watcher = pos.archive("lilith_lawrence"), pos.archive("watcher_two")
    assert f"claim {lilith}" not in texts(g, "alice")  # 4 - 1 = 3 > 2
    act(g, "alice", f"claim {watcher}")
    assert g.s.influence[0] == 1


def test_sir_john_travail_discounts_stack_to_a_minimum_of_zero() -> None:
    """Two copies: Lilith costs 4 - 2 = 2, Watcher Two 2 - 2 = 0 (never below 0), Vulko 3."""
    pos = build(
        ["alice", "bob"],
        phase="claim",
        hands={"alice": [HOLD]},
        in_play={"alice": ["sir_john_travail", "sir_john_travail"]},
        commons=["lilith_lawrence", "watcher_two", "vulko"],
    )
    g = pos.game
    lilith, watcher, vulko = pos.archive("lilith_lawrence"), pos.archive("watcher_two"), pos.archive("vulko")
    assert f"claim {vulko}" not in texts(g, "alice")
    act(g, "alice", f"claim {lilith}")
    assert g.s.influence[0] == 0
    act(g, "alice", f"claim {watcher}")
    act(g, "alice", f"claim {watcher}")
    assert g.s.influence[0] == 0
    assert sorted(names(g, "alice", "discard")) == ["lilith_lawrence", "watcher_two", "watcher_two"]


def test_sir_john_travail_three_copies_never_make_a_claim_pay_you() -> None:
    """Watcher Two (2) with three copies in play costs 0, not -1: influence stays where it was."""
    pos = build(
        ["alice", "bob"],
        phase="claim",
        hands={"alice": [HOLD]},
        in_play={"alice": ["sir_john_travail"] * 3},
        commons=["lilith_lawrence", "watcher_two"],
    )
    g = pos.game
    act(g, "alice", f"claim {pos.archive('watcher_two')}")
    assert g.s.influence[0] == 2
    act(g, "alice", f"claim {pos.archive('lilith_lawrence')}")
    assert g.s.influence[0] == 1


def test_sir_john_travail_purple_kicker_replays_action_and_its_purple_kicker() -> None:
    """Sir John on Franz Orlok replays Blood Rage from the discard pile: 1 damage per minion alice
    controls (J. J.; Sir John is not yet in play) and, its kicker being purple, 1 card drawn.
    Blood Rage stays in the discard pile."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["franz_orlok", "sir_john_travail", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["blood_rage"]},
        in_play={"alice": ["jj_mcteague"]},
    )
    g = pos.game
    rage = pos.card("alice", "blood_rage", "discard")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", f"chain {pos.card('alice', 'sir_john_travail')}")
    assert kinds(g) == [("alice", "target")]  # Blood Rage's target player
    act(g, "alice", "target bob")
    assert wounds(g, "bob") == 1
    assert sorted(names(g, "alice", "hand")) == sorted([HOLD, "genesis_one"])
    assert where(g, rage) == ("alice", "discard")
    act(g, "alice", "target bob")  # Franz Orlok
    assert g.phase == "claim"
    assert wounds(g, "bob") == 1 + 2
    assert names(g, "alice", "discard") == ["blood_rage"]
    assert names(g, "alice", "play") == ["jj_mcteague", "sir_john_travail", "franz_orlok"]


def test_sir_john_travail_kicker_resolves_chain_text_and_kicker_of_any_colour() -> None:
    """The Polish FAQ (p.33): Sir John's kicker resolves the chosen action's text and its kicker
    if it has one. Shock and Awe's kicker is yellow, yet it applies: 3 damage destroy bob's
    Vulko, and alice draws 1 card. Shock and Awe stays in the discard pile."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["franz_orlok", "sir_john_travail", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["shock_and_awe"]},
        in_play={"bob": ["vulko"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    shock = pos.card("alice", "shock_and_awe", "discard")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    events = act(g, "alice", f"chain {pos.card('alice', 'sir_john_travail')}")
    assert [(e["name"], e["kicker"]) for e in events if e["type"] == "replays"] == [("Shock and Awe", True)]
    # Shock and Awe's only target is bob's Vulko: destroyed; then Franz Orlok asks for its player
    assert where(g, vulko) == ("bob", "discard")
    assert names(g, "alice", "hand") == [HOLD, "genesis_one"]
    assert names(g, "alice", "deck") == []
    assert where(g, shock) == ("alice", "discard")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert names(g, "alice", "discard") == ["shock_and_awe"]
    assert names(g, "alice", "play") == ["sir_john_travail", "franz_orlok"]


def test_sir_john_travail_replayed_death_grip_red_kicker_gives_two_wounds_instead_of_damage() -> None:
    """Death Grip's kicker is red: replayed through Sir John (linked onto purple) it still applies,
    so bob receives 2 wounds, which his Vulko cannot block, instead of 3 damage Vulko would
    absorb."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["franz_orlok", "sir_john_travail", HOLD]},
        discards={"alice": ["death_grip"]},
        in_play={"bob": ["vulko"]},
        wounds_up=["bleed", "bleed", "burn", "bite", "bite", "burn", "bleed", "bite"],
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", f"chain {pos.card('alice', 'sir_john_travail')}")
    assert kinds(g) == [("alice", "target")]  # Death Grip's target player
    events = act(g, "alice", "target bob")
    assert [(e["seat"], e["types"]) for e in events if e["type"] == "wounded"] == [("bob", ["bite", "bleed"])]
    assert damage(g, vulko) == 0
    assert kinds(g) == [("alice", "target")]  # now Franz Orlok's target player
    act(g, "alice", "target bob")  # 2 damage: this time Vulko absorbs them
    assert g.phase == "claim"
    assert damage(g, vulko) == 2
    assert wounds(g, "bob") == 2
    assert names(g, "bob", "discard") == ["wound:bite", "wound:bleed"]
    assert names(g, "alice", "discard") == ["death_grip"]


def test_sir_john_travail_under_rules_1_keeps_the_kicker_colour_condition() -> None:
    """A game started under rules version 1 keeps that version's reading: the replayed action's
    kicker applies only if its colour is the one Sir John was linked onto (purple), so Shock
    and Awe's yellow kicker draws nothing."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["franz_orlok", "sir_john_travail", HOLD]},
        decks={"alice": ["genesis_one"]},
        discards={"alice": ["shock_and_awe"]},
        in_play={"bob": ["vulko"]},
        rules=1,
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    events = act(g, "alice", f"chain {pos.card('alice', 'sir_john_travail')}")
    assert [(e["name"], e["kicker"]) for e in events if e["type"] == "replays"] == [("Shock and Awe", False)]
    assert where(g, vulko) == ("bob", "discard")
    assert names(g, "alice", "hand") == [HOLD]
    assert names(g, "alice", "deck") == ["genesis_one"]
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert names(g, "alice", "discard") == ["shock_and_awe"]


def test_sir_john_travail_card_text_says_the_kicker_resolves_whatever_its_colour() -> None:
    kicker = card_set().cards["sir_john_travail"].kicker
    assert kicker is not None and kicker.colour == "purple"
    assert kicker.text == (
        "Resolve the Chain text of target action in your discard pile and, if it has a Kicker, "
        "that Kicker too, whatever its colour. The action stays in your discard pile."
    )


def test_sir_john_travail_kicker_without_action_in_discard_does_nothing() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["franz_orlok", "sir_john_travail", HOLD]},
        discards={"alice": ["vulko", "wound:burn"]},
    )
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", f"chain {pos.card('alice', 'sir_john_travail')}")
    act(g, "alice", "target bob")  # Franz Orlok: the kicker found no action to replay
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2
    assert names(g, "alice", "discard") == ["vulko", "wound:burn"]


def test_vulko_absorbs_chain_damage() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["enraged_wight", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'enraged_wight')}")
    act(g, "alice", "target bob")
    assert g.phase == "claim"
    assert damage(g, vulko) == 1
    assert wounds(g, "bob") == 0


def test_vulko_absorbs_unblocked_combat_damage() -> None:
    """Franz Orlok (4) unblocked: Vulko absorbs 3 and is destroyed (to the discard pile); 1 wound."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["franz_orlok"], "bob": ["vulko"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    assert kinds(g) == [("bob", "block")]
    act(g, "bob", "done")
    fight_all(g)
    assert g.phase == "claim"
    assert where(g, vulko) == ("bob", "discard")
    assert wounds(g, "bob") == 1


def test_vulko_absorbs_damage_left_over_after_blockers() -> None:
    """Franz Orlok (4) blocked by Charlotte Reyes (1 health): the 3 left over go to Vulko first."""
    pos = build(
        ["alice", "bob"],
        phase="combat",
        hands={"alice": [HOLD]},
        in_play={"alice": ["franz_orlok"], "bob": ["charlotte_reyes", "vulko"]},
    )
    g = pos.game
    franz = pos.card("alice", "franz_orlok", "play")
    ch, vulko = pos.card("bob", "charlotte_reyes", "play"), pos.card("bob", "vulko", "play")
    act(g, "bob", f"block {ch} {franz}")
    act(g, "bob", "done")
    fight_all(g)
    assert g.phase == "claim"
    assert exiled_orders(g) == ["charlotte_reyes"]
    assert where(g, vulko) == ("bob", "discard")
    assert wounds(g, "bob") == 0


def test_vulko_with_bad_smoke_the_owner_chooses_who_absorbs_first() -> None:
    """Two direct-damage blockers: the damaged player picks the order; Vulko takes all 2."""
    pos = build(["alice", "bob"], hands={"alice": ["franz_orlok", HOLD]}, in_play={"bob": ["bad_smoke", "vulko"]})
    g = pos.game
    vulko, smoke = pos.card("bob", "vulko", "play"), pos.card("bob", "bad_smoke", "play")
    act(g, "alice", f"chain {pos.card('alice', 'franz_orlok')}")
    act(g, "alice", "target bob")
    assert kinds(g) == [("bob", "absorb-order")]
    assert sorted(texts(g, "bob")) == sorted([f"order {vulko}", f"order {smoke}"])
    act(g, "bob", f"order {vulko}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 2
    assert damage(g, smoke) == 0
    assert wounds(g, "bob") == 0


def test_great_spirit_without_kicker_harms_no_minion() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["great_spirit", HOLD]}, in_play={"bob": ["jj_mcteague"]})
    g = pos.game
    act(g, "alice", f"chain {pos.card('alice', 'great_spirit')}")
    assert g.phase == "claim"
    assert damage(g, pos.card("bob", "jj_mcteague", "play")) == 0


def test_great_spirit_red_kicker_damages_each_opposing_minion() -> None:
    """Great Spirit on Blood Rage: 1 damage on each of bob's minions, none on alice's; Blood Rage
    then counts alice's minions at its resolution, Great Spirit included (2)."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["blood_rage", "great_spirit", HOLD]},
        in_play={"alice": ["genesis_one"], "bob": ["jj_mcteague", "charlotte_reyes"]},
    )
    g = pos.game
    genesis = pos.card("alice", "genesis_one", "play")
    jj, ch = pos.card("bob", "jj_mcteague", "play"), pos.card("bob", "charlotte_reyes", "play")
    act(g, "alice", f"chain {pos.card('alice', 'blood_rage')}")
    act(g, "alice", f"chain {pos.card('alice', 'great_spirit')}")
    assert damage(g, jj) == 1
    assert exiled(g, ch)
    assert damage(g, genesis) == 0
    act(g, "alice", "target bob")  # Blood Rage
    assert g.phase == "claim"
    assert wounds(g, "bob") == 2


def test_zacharias_sands_inflicts_two_damage_on_target_minion() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["zacharias_sands", HOLD]}, in_play={"bob": ["vulko"]})
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'zacharias_sands')}")
    assert g.phase == "claim"
    assert damage(g, vulko) == 2
    assert where(g, vulko) == ("bob", "play")


def test_zacharias_sands_green_kicker_destroys_that_minion() -> None:
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["charlotte_reyes", "zacharias_sands", HOLD]},
        in_play={"bob": ["vulko"]},
    )
    g = pos.game
    vulko = pos.card("bob", "vulko", "play")
    act(g, "alice", f"chain {pos.card('alice', 'charlotte_reyes')}")
    act(g, "alice", f"chain {pos.card('alice', 'zacharias_sands')}")
    assert g.phase == "claim"
    assert where(g, vulko) == ("bob", "discard")


def test_zacharias_sands_with_no_minion_in_play_does_nothing_even_with_kicker() -> None:
    pos = build(["alice", "bob"], hands={"alice": ["charlotte_reyes", "zacharias_sands", HOLD]})
    g = pos.game
    zach = pos.card("alice", "zacharias_sands")
    act(g, "alice", f"chain {pos.card('alice', 'charlotte_reyes')}")
    act(g, "alice", f"chain {zach}")
    assert g.phase == "claim"
    assert names(g, "alice", "play") == ["zacharias_sands", "charlotte_reyes"]
    assert damage(g, zach) == 0


def test_zacharias_sands_kicker_does_nothing_if_the_minion_already_died() -> None:
    """The 2 damage destroys Marcus Toth (to bob's hand); 'destroy that minion' then does nothing."""
    pos = build(
        ["alice", "bob"],
        hands={"alice": ["charlotte_reyes", "zacharias_sands", HOLD]},
        in_play={"bob": ["marcus_toth"]},
    )
    g = pos.game
    marcus = pos.card("bob", "marcus_toth", "play")
    act(g, "alice", f"chain {pos.card('alice', 'charlotte_reyes')}")
    events = act(g, "alice", f"chain {pos.card('alice', 'zacharias_sands')}")
    assert g.phase == "claim"
    assert where(g, marcus) == ("bob", "hand")
    assert [e["card"] for e in events if e["type"] == "destroyed"] == [marcus]
