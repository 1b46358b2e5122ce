"""The rulebook's worked examples, played move by move with exact outcomes."""

from __future__ import annotations

from engine.nightfall.position import build

from .helpers import act, keys, kinds, texts, wounds


def test_combat_example_vulko_and_ivan_into_three_blockers_great_spirit_unblocked() -> None:
    """Rulebook p.16-20: blockers absorb in the defender's order; unblocked Great Spirit wounds 5."""
    pos = build(
        ["andrzej", "bartek", "justyna"],
        phase="combat",
        in_play={
            "andrzej": ["vulko", "ivan_radinski", "great_spirit"],
            "bartek": ["indigo_six", "alton_hickman", "zacharias_sands"],
        },
        hands={"andrzej": ["bad_smoke"]},
    )
    g = pos.game
    vulko, ivan, spirit = (pos.card("andrzej", k, "play") for k in ("vulko", "ivan_radinski", "great_spirit"))
    indigo, alton, zach = (pos.card("bartek", k, "play") for k in ("indigo_six", "alton_hickman", "zacharias_sands"))
    assert kinds(g) == [("andrzej", "attack")]
    act(g, "andrzej", f"attack {vulko} bartek")
    act(g, "andrzej", f"attack {ivan} bartek")
    act(g, "andrzej", f"attack {spirit} justyna")
    assert kinds(g) == [("bartek", "block")]  # Justyna has no minions: nothing to ask her
    act(g, "bartek", f"block {indigo} {ivan}")
    act(g, "bartek", f"block {alton} {ivan}")
    act(g, "bartek", f"block {zach} {vulko}")  # his last free minion: blocks end by themselves
    assert kinds(g) == [("andrzej", "combat-order")]
    act(g, "andrzej", f"order {ivan}")
    bartek = g.seats.index("bartek")
    assert keys(g, g.s.discards[bartek]) == ["indigo_six"]  # destroyed after absorbing 2
    assert g.s.damage[int(alton[1:])] == 2  # Alton Hickman is down to 1 health
    act(g, "andrzej", f"order {vulko}")
    assert keys(g, g.s.discards[bartek]) == [
        "indigo_six",
        "zacharias_sands",
        "wound:" + g.wound_type(g.s.discards[bartek][-1]),
    ]
    assert wounds(g, "bartek") == 1  # 3 strength, 2 absorbed by Zacharias Sands
    assert wounds(g, "justyna") == 5  # Great Spirit resolves last, unblocked
    assert keys(g, g.s.in_play[bartek]) == ["alton_hickman"]
    andrzej = g.seats.index("andrzej")
    assert g.s.in_play[andrzej] == []  # after combat every attacker is discarded
    assert sorted(keys(g, g.s.discards[andrzej])) == ["great_spirit", "ivan_radinski", "vulko"]
    assert g.phase == "chain" and kinds(g) == [("andrzej", "chain")]


def test_chain_example_alton_furious_melee_shock_and_awe() -> None:
    """Rulebook p.24-25: LIFO resolution, targets chosen at resolution, the white kicker exiles 2."""
    pos = build(
        ["justyna", "andrzej", "bartek"],
        phase="chain",
        hands={"justyna": ["alton_hickman", "furious_melee", "yuri_koroviev"], "andrzej": ["shock_and_awe"]},
        in_play={"andrzej": ["vulko", "jj_mcteague"], "bartek": ["zacharias_sands"]},
        private={"andrzej": ["shock_and_awe", "blaine_cordell"]},
    )
    g = pos.game
    act(g, "justyna", f"chain {pos.card('justyna', 'alton_hickman')}")
    assert texts(g, "justyna") == [f"chain {pos.card('justyna', 'furious_melee')}", "pass"]  # not Yuri
    events = act(g, "justyna", f"chain {pos.card('justyna', 'furious_melee')}")
    assert any(e["type"] == "chain_link" and e["kicker"] for e in events)  # red onto white: kicker
    assert texts(g, "justyna") == [f"chain {pos.card('justyna', 'yuri_koroviev')}", "pass"]
    act(g, "justyna", "pass")  # she decides to add no more cards
    assert kinds(g) == [("andrzej", "chain")]  # the opponent on her left goes first
    act(g, "andrzej", f"chain {pos.card('andrzej', 'shock_and_awe')}")
    # andrzej has nothing left, bartek has nothing linkable: the chain closes and resolves.
    # 1. Shock and Awe: Alton Hickman is still in the chain, so it cannot be targeted.
    assert kinds(g) == [("andrzej", "target")]
    zach = pos.card("bartek", "zacharias_sands", "play")
    options = texts(g, "andrzej")
    assert f"target {zach}" in options and len(options) == 3  # vulko, jj, zacharias
    act(g, "andrzej", f"target {zach}")
    bartek = g.seats.index("bartek")
    assert keys(g, g.s.discards[bartek]) == ["zacharias_sands"]
    # 2. Furious Melee: 2 damage to each of Andrzej's minions, then the kicker
    act(g, "justyna", "target andrzej")
    andrzej = g.seats.index("andrzej")
    assert keys(g, g.s.in_play[andrzej]) == ["vulko"]
    assert g.s.damage[g.s.in_play[andrzej][0]] == 2
    assert "jj_mcteague" in keys(g, g.s.exiled)  # a starting minion destroyed is exiled
    act(g, "justyna", f"target {pos.archive('shock_and_awe')}")
    archive = next(a for a in g.s.archives if a["card"] == "shock_and_awe")
    assert len(archive["cards"]) == 5
    assert keys(g, g.s.exiled).count("shock_and_awe") == 2
    # 3. Alton Hickman resolves last and enters play in front of Justyna
    justyna = g.seats.index("justyna")
    assert keys(g, g.s.in_play[justyna]) == ["alton_hickman"]
    assert g.phase == "claim" and kinds(g) == [("justyna", "claim")]


def test_furious_melee_kicker_exiles_what_is_left_of_a_one_card_archive() -> None:
    """Rulebook p.24: 'exile 2' from an archive holding only one card exiles that one."""
    pos = build(
        ["justyna", "andrzej"],
        phase="chain",
        hands={"justyna": ["alton_hickman", "furious_melee"]},
        private={"andrzej": ["blaine_cordell"]},
        archive_sizes={"blaine_cordell": 1},
        commons=["vulko"],
    )
    g = pos.game
    act(g, "justyna", f"chain {pos.card('justyna', 'alton_hickman')}")
    act(g, "justyna", f"chain {pos.card('justyna', 'furious_melee')}")  # her last card: the chain closes
    act(g, "justyna", "target andrzej")
    act(g, "justyna", f"target {pos.archive('blaine_cordell')}")
    archive = next(a for a in g.s.archives if a["card"] == "blaine_cordell")
    assert archive["cards"] == []
    assert keys(g, g.s.exiled) == ["blaine_cordell"]


def test_linking_example_resolves_in_reverse_turn_order() -> None:
    """Rulebook p.22-23: Blaine Cordell, Franz Orlok, Ivan Radinski, Charlotte Reyes resolve backwards."""
    pos = build(
        ["andrzej", "bartek", "justyna"],
        phase="chain",
        hands={
            "andrzej": ["blaine_cordell"],
            "bartek": ["franz_orlok"],
            "justyna": ["ivan_radinski", "charlotte_reyes"],
        },
        decks={"justyna": ["bad_smoke"]},
    )
    g = pos.game
    act(g, "andrzej", f"chain {pos.card('andrzej', 'blaine_cordell')}")
    act(g, "bartek", f"chain {pos.card('bartek', 'franz_orlok')}")  # purple onto Blaine's purple link
    act(g, "justyna", f"chain {pos.card('justyna', 'ivan_radinski')}")  # white onto Franz's white link
    events = act(g, "justyna", f"chain {pos.card('justyna', 'charlotte_reyes')}")  # green onto Ivan
    resolved = [e["name"] for e in events if e["type"] == "resolves"]
    assert resolved == ["Charlotte Reyes", "Ivan Radinski", "Franz Orlok"]  # stops at Franz's target
    assert kinds(g) == [("bartek", "target")]
    events = act(g, "bartek", "target andrzej")
    assert [e["name"] for e in events if e["type"] == "resolves"] == ["Blaine Cordell"]
    assert kinds(g) == [("andrzej", "target")]  # Blaine: Ivan, Charlotte and Franz are in play now
    assert len(texts(g, "andrzej")) == 3
    assert wounds(g, "andrzej") == 2
    justyna = g.seats.index("justyna")
    assert keys(g, g.s.hands[justyna]) == ["bad_smoke"]  # Charlotte Reyes drew a card


def test_end_of_game_during_a_chain_finishes_the_chain_with_face_down_wounds() -> None:
    """Rulebook p.28: Death Grip takes the last face-up wounds; the chain still finishes."""
    pos = build(
        ["andrzej", "bartek", "justyna"],
        phase="chain",
        hands={"andrzej": ["franz_orlok"], "bartek": ["death_grip"]},
        wounds_up=2,
    )
    g = pos.game
    act(g, "andrzej", f"chain {pos.card('andrzej', 'franz_orlok')}")
    act(g, "bartek", f"chain {pos.card('bartek', 'death_grip')}")  # white onto Franz's white link
    assert kinds(g) == [("bartek", "target")]
    face_down = len(g.s.wounds_down)
    act(g, "bartek", "target justyna")
    assert wounds(g, "justyna") == 3  # the last 2 face-up wounds and 1 face-down
    assert g.s.wounds_up == [] and len(g.s.wounds_down) == face_down - 1
    assert g.s.ending and not g.is_over()  # Andrzej's Franz Orlok still resolves
    act(g, "andrzej", "target bartek")
    assert wounds(g, "bartek") == 2
    assert len(g.s.wounds_down) == face_down - 3
    assert g.is_over()
    assert [seat for seat, _, _ in g.result()] == ["andrzej", "bartek", "justyna"]
    assert g.pending() == []


def test_tie_break_example_largest_wound_type_count_loses() -> None:
    """Rulebook p.28: 7 wounds each; 3/3/1 beats 4/3/0 because 3 < 4."""
    pos = build(
        ["bartek", "justyna"],
        phase="claim",
        discards={
            "bartek": ["wound:bite"] * 3 + ["wound:burn"] * 3 + ["wound:bleed"],
            "justyna": ["wound:bite"] * 3 + ["wound:burn"] * 4,
        },
    )
    g = pos.game
    assert g.result() == [
        ("bartek", 7, {"bite": 3, "burn": 3, "bleed": 1}),
        ("justyna", 7, {"bite": 3, "burn": 4, "bleed": 0}),
    ]
    assert g.ranking_details()[0]["ahead_of_next_by"] == "wound types"


def test_tie_break_last_resort_is_the_seat_closest_to_the_right_of_the_first_player() -> None:
    """Fully tied players: the one who had the fewest turns (right of the first player) wins."""
    pos = build(
        ["p0", "p1", "p2", "p3"],
        phase="claim",
        active=1,
        first=1,
        discards={p: ["wound:bite", "wound:burn"] for p in ("p0", "p1", "p2", "p3")},
    )
    g = pos.game
    # play passes left (p1, p2, p3, p0): p0 sits right of the first player, then p3, p2, p1
    assert [seat for seat, _, _ in g.result()] == ["p0", "p3", "p2", "p1"]
    assert [d["ahead_of_next_by"] for d in g.ranking_details()] == ["seat", "seat", "seat", None]


def test_cleanup_wound_effect_example_only_once_per_turn() -> None:
    """Rulebook p.27: draw 2 wounds, discard both, draw 4; a wound among those cannot be used."""
    pos = build(
        ["bartek", "justyna"],
        phase="claim",
        hands={"bartek": ["vulko", "jj_mcteague", "genesis_one"], "justyna": ["vulko"]},
        # top of the deck is the end of the list
        decks={
            "bartek": [
                "yuri_koroviev",
                "wound:bleed",
                "charlotte_reyes",
                "bad_smoke",
                "wound:bite",
                "wound:burn",
            ]
        },
    )
    g = pos.game
    act(g, "bartek", "done")
    assert kinds(g) == [("bartek", "wound")]
    assert texts(g, "bartek") == ["wound use", "wound skip"]
    act(g, "bartek", "wound use")
    bartek = g.seats.index("bartek")
    hand = keys(g, g.s.hands[bartek])
    assert len(hand) == 7 and hand.count("wound:bleed") == 1
    assert sorted(keys(g, g.s.discards[bartek])) == ["wound:bite", "wound:burn"]
    assert g.s.active == 1  # no second wound effect: the turn passed to justyna
    assert kinds(g) == [("justyna", "chain")]
