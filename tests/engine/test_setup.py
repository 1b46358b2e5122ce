"""Setup: wounds, starting decks and every draft method, with secret archives on top."""

from __future__ import annotations

import json

import pytest

from engine.nightfall import Game, IllegalAction, Options
from engine.nightfall.cards import card_set, find_card
from engine.nightfall.state import DRAFTS

from .helpers import act, kinds, texts


def draft_all(game: Game) -> None:
    """Every seat picks the first card offered until the draft is over."""
    while game.phase == "draft":
        for d in game.pending():
            act(game, d.seat, texts(game, d.seat)[0])


def archives(game: Game) -> tuple[list[str], dict[int, list[str]]]:
    commons = [a["card"] for a in game.s.archives if a["owner"] == -1]
    private: dict[int, list[str]] = {}
    for a in game.s.archives:
        if a["owner"] >= 0:
            private.setdefault(a["owner"], []).append(a["card"])
    return commons, private


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_wounds_decks_and_hands_after_setup(players: int) -> None:
    game = Game.new([f"p{i}" for i in range(players)], seed=players, options=Options(draft="quick-start"))
    s = game.s
    assert len(s.wounds_up) == 10 * players
    assert len(s.wounds_up) + len(s.wounds_down) == 60
    for i in range(players):
        assert len(s.hands[i]) == 5 and len(s.decks[i]) == 7
        kinds_ = sorted(s.cards[c] for c in s.hands[i] + s.decks[i])
        assert kinds_ == sorted([c.key for c in card_set().starting] * 2)
    assert all(len(a["cards"]) == 7 for a in s.archives)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_standard_draft_three_simultaneous_rounds(players: int) -> None:
    game = Game.new([f"p{i}" for i in range(players)], seed=11, options=Options(draft="standard"))
    for round_ in range(3):
        assert sorted(kinds(game)) == [(f"p{i}", "draft") for i in range(players)]
        assert all(len(texts(game, f"p{i}")) == 4 - round_ for i in range(players))
        first = texts(game, "p0")[0]
        act(game, "p0", first)
        assert ("p0", "draft") not in kinds(game)  # p0 waits for the others
        assert first.split()[1] not in json.dumps(game.public_view())  # picks stay hidden
        for i in range(1, players):
            act(game, f"p{i}", texts(game, f"p{i}")[0])
    commons, private = archives(game)
    assert len(commons) == 8 and len(set(commons)) == 8
    assert all(len(private[i]) == 2 for i in range(players))
    every = commons + [k for keys in private.values() for k in keys]
    assert len(set(every)) == len(every)
    assert game.phase in ("chain", "combat")


def test_cards_pass_left_between_picks() -> None:
    game = Game.new(["a", "b", "c"], seed=5, options=Options(draft="standard"))
    packets = [list(p) for p in game.s.draft["packets"]]
    picks = {seat: texts(game, seat)[0].split()[1] for seat in ("a", "b", "c")}
    for seat, key in picks.items():
        act(game, seat, f"draft {key}")
    # b now holds what a did not pick, c what b did not pick, a what c did not pick
    for giver, taker in ((0, 1), (1, 2), (2, 0)):
        rest = sorted(k for k in packets[giver] if k != picks["abc"[giver]])
        assert sorted(game.s.draft["packets"][taker]) == rest


def test_two_player_draft_first_pick_leaves_the_game_last_card_to_commons() -> None:
    game = Game.new(["a", "b"], seed=3, options=Options(draft="two-player"))
    first = {seat: texts(game, seat)[0].split()[1] for seat in ("a", "b")}
    draft_all(game)
    commons, private = archives(game)
    assert set(first.values()) <= set(game.s.left_game)
    assert len(commons) == 8 and all(len(p) == 2 for p in private.values())


def test_quick_start_deals_the_fixed_pairs() -> None:
    game = Game.new(["a", "b", "c"], seed=9, options=Options(draft="quick-start"))
    commons, private = archives(game)
    pairs = {frozenset(p) for p in card_set().quick_start_pairs}
    assert all(frozenset(private[i]) in pairs for i in range(3))
    assert len(commons) == 8 and not set(commons) & {k for p in private.values() for k in p}
    assert game.phase != "draft"


def test_open_archives_commons_are_known_before_the_draft() -> None:
    game = Game.new(["a", "b", "c", "d", "e"], seed=2, options=Options(draft="open"))
    shown = game.public_view()["draft"]["commons"]
    assert len(shown) == 8
    assert all(len(texts(game, seat)) == 3 for seat in game.seats)
    draft_all(game)
    commons, private = archives(game)
    assert [card_set().cards[k].name for k in commons] == shown
    assert all(len(p) == 2 for p in private.values())
    assert len(game.s.left_game) == 24 - 8 - 10  # the last card of each hand (Ruling 7) and the rest


#: an exact common-ground deal for two players: ann's and ben's hands, then the undealt cards
CG_ANN = ["alton_hickman", "blaine_cordell", "franz_orlok", "indigo_six"]
CG_BEN = ["flank_attack", "bite_and_tear", "hypnotic_presence", "blood_rage"]
CG_UNDEALT = [
    "ivan_radinski",
    "lilith_lawrence",
    "marcus_toth",
    "watcher_two",
    "sir_john_travail",
    "vulko",
    "great_spirit",
    "zacharias_sands",
    "death_grip",
    "dark_awakening",
    "grim_siege",
    "furious_melee",
    "shock_and_awe",
    "ghoul_summoning",
    "team_elimination",
    "leave_me",
]


def common_ground_deal(**new: int) -> Game:
    """A two-player common-ground draft dealt exactly ``CG_ANN``/``CG_BEN``/``CG_UNDEALT``."""
    game = Game.new(["ann", "ben"], seed=4, options=Options(draft="common-ground"), **new)
    game.s.draft["packets"] = [list(CG_ANN), list(CG_BEN)]
    game.s.draft["undealt"] = list(CG_UNDEALT)
    return game


def test_common_ground_all_three_picks_go_to_the_commons_and_the_rest_leave() -> None:
    """Ruling 8 (corrected): three rounds; every pick is a commons; the last card of each hand
    and every undealt card leave the game; no fill-up to 8."""
    game = common_ground_deal()
    view = game.public_view()["draft"]
    assert (view["round"], view["rounds"], view["plan"], view["leftover"]) == (1, 3, ["commons"] * 3, "out")
    act(game, "ann", "draft franz_orlok")
    act(game, "ben", "draft blood_rage")
    # the rest passes left: ann gets ben's three, ben gets ann's
    assert texts(game, "ann") == ["draft bite_and_tear", "draft flank_attack", "draft hypnotic_presence"]
    act(game, "ann", "draft flank_attack")
    act(game, "ben", "draft indigo_six")
    assert game.phase == "draft" and game.public_view()["draft"]["round"] == 3
    assert texts(game, "ann") == ["draft alton_hickman", "draft blaine_cordell"]
    assert texts(game, "ben") == ["draft bite_and_tear", "draft hypnotic_presence"]
    assert [p["to"] for p in game.private_view("ann")["draft"]["picks"]] == ["commons", "commons"]
    act(game, "ann", "draft blaine_cordell")
    act(game, "ben", "draft hypnotic_presence")
    assert game.phase != "draft"
    commons, private = archives(game)
    assert commons == ["franz_orlok", "flank_attack", "blaine_cordell", "blood_rage", "indigo_six", "hypnotic_presence"]
    assert private == {}
    assert game.s.left_game == sorted(["alton_hickman", "bite_and_tear", *CG_UNDEALT])
    assert all(len(a["cards"]) == 7 for a in game.s.archives)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_common_ground_makes_three_commons_per_player_and_no_fill_up(players: int) -> None:
    game = Game.new([f"p{i}" for i in range(players)], seed=4, options=Options(draft="common-ground"))
    draft_all(game)
    commons, private = archives(game)
    assert private == {}
    assert len(commons) == len(set(commons)) == 3 * players  # 6, 9, 12 or 15: never filled up to 8
    assert len(game.s.left_game) == 24 - 3 * players
    assert not set(commons) & set(game.s.left_game)


def test_common_ground_under_rules_1_keeps_two_rounds_and_the_fill_up_to_8() -> None:
    """A game started under rules version 1 drafts as that version did: two rounds, both picks to
    the commons, the last two cards of each hand out, the commons filled up to 8."""
    game = common_ground_deal(rules=1)
    view = game.public_view()["draft"]
    assert (view["rounds"], view["plan"]) == (2, ["commons"] * 2)
    act(game, "ann", "draft franz_orlok")
    act(game, "ben", "draft blood_rage")
    act(game, "ann", "draft flank_attack")
    act(game, "ben", "draft indigo_six")
    assert game.phase != "draft"
    commons, private = archives(game)
    assert commons == ["franz_orlok", "flank_attack", "blood_rage", "indigo_six", *CG_UNDEALT[:4]]
    assert private == {}
    leftovers = ["alton_hickman", "blaine_cordell", "bite_and_tear", "hypnotic_presence"]
    assert game.s.left_game == sorted([*leftovers, *CG_UNDEALT[4:]])


def test_first_player_named_or_random() -> None:
    named = Game.new(["a", "b", "c"], seed=1, options=Options(draft="quick-start", first_player="c"))
    assert named.public_view()["first"] == "c"
    firsts = {Game.new(["a", "b", "c"], seed=s, options=Options(draft="quick-start")).s.first for s in range(30)}
    assert firsts == {0, 1, 2}


def test_secret_archives_hidden_from_opponents_until_claimed() -> None:
    game = Game.new(["a", "b"], seed=8, options=Options(draft="quick-start", secret_archives=True))
    s = game.s
    a_archives = [x for x in s.archives if x["owner"] == 0]
    public = json.dumps(game.public_view())
    b_view = json.dumps(game.private_view("b"))
    a_view = game.private_view("a")
    for x in a_archives:
        assert f'"{x["card"]}"' not in public and f'"{x["card"]}"' not in b_view
        assert x["card"] in [v["card"] for v in a_view["seats"][0]["archives"]]
    # give a enough influence and claim from one of them: it is revealed to everyone
    while not (s.phase == "claim" and s.active == 0):
        d = game.pending()[0]
        act(game, d.seat, str(game.default_action(d.seat)))
    s.influence[0] = 10
    act(game, "a", f"claim {a_archives[0]['id']}")
    assert f'"{a_archives[0]["card"]}"' in json.dumps(game.public_view())
    assert f'"{a_archives[1]["card"]}"' not in json.dumps(game.public_view())


def test_bad_setups_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="2 to 5"):
        Game.new(["a"], seed=1)
    with pytest.raises(ValueError, match="2 to 5"):
        Game.new(list("abcdef"), seed=1)
    with pytest.raises(ValueError, match="different"):
        Game.new(["a", "a"], seed=1)
    with pytest.raises(ValueError, match="seat name"):
        Game.new(["a", "c12"], seed=1)
    with pytest.raises(ValueError, match="unknown draft"):
        Options(draft="mega")
    with pytest.raises(ValueError, match="first player"):
        Game.new(["a", "b"], seed=1, options=Options(first_player="z"))


def test_draft_refuses_a_card_not_offered() -> None:
    game = Game.new(["a", "b"], seed=1)
    offered = {t.split()[1] for t in texts(game, "a")}
    missing = next(k for k in card_set().cards if k not in offered)
    with pytest.raises(IllegalAction, match="not one of your choices"):
        act(game, "a", f"draft {missing}")


def test_card_data_has_all_thirty_with_names_and_provenance() -> None:
    cs = card_set()
    assert len(cs.cards) == 30
    assert len(cs.starting) == 6 and len(cs.draftable) == 24
    assert sum(1 for c in cs.draftable if c.is_minion) == 12
    for c in cs.cards.values():
        assert set(c.names) == {"en", "pl", "ru"}
        assert c.marks and set(c.marks.values()) <= {"rulebook", "inferred", "reconstructed", "translated"}
        assert c.links and (
            c.kicker is None or c.kicker.colour in ("red", "white", "blue", "yellow", "purple", "green")
        )
    assert cs.cards["furious_melee"].marks["kicker"] == "rulebook"
    assert cs.cards["bite_and_tear"].reconstructed


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Szaleńcza bijatyka", "furious_melee"),
        ("szalencza bijatyka", "furious_melee"),
        ("VULKO", "vulko"),
        ("Wielki Duch", "great_spirit"),
        ("leave me", "leave_me"),
        ("zzz", None),
    ],
)
def test_find_card_by_english_or_polish_name(name: str, key: str | None) -> None:
    found = find_card(name)
    assert (found.key if found else None) == key


def test_all_drafts_are_listed() -> None:
    assert DRAFTS == ("standard", "two-player", "quick-start", "open", "common-ground")
