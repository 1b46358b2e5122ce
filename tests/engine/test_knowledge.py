"""A seat's knowledge (``position``) and the games sampled from it (``determinize``).

The sampled game must keep every public count and every card the seat knows, give the seat the
same legal actions, be playable to the end; the position must not change when only hidden
cards change, and must change when something the seat sees changes.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable

import pytest

from engine.nightfall import Game, Options
from engine.nightfall.cards import card_set
from engine.nightfall.knowledge import HIDDEN, determinize, position
from engine.nightfall.position import build

from .invariants import check_state

VARIANTS = [
    ("standard", False),
    ("standard", True),
    ("two-player", True),
    ("quick-start", False),
    ("quick-start", True),
    ("open", True),
    ("common-ground", False),
]
DRAFT_KEYS = {c.key for c in card_set().draftable}


def new_game(players: int, seed: int, draft: str = "standard", secret: bool = False, auto_pass: bool = True) -> Game:
    seats = [f"p{i}" for i in range(players)]
    return Game.new(seats, seed=seed, options=Options(draft=draft, secret_archives=secret, auto_pass=auto_pass))


def step(game: Game, rnd: random.Random) -> None:
    """One random legal move of a random pending seat."""
    d = rnd.choice(game.pending())
    game.apply(rnd.choice(game.legal_actions(d.seat)))


def advance(game: Game, rnd: random.Random, moves: int) -> None:
    for _ in range(moves):
        if game.is_over():
            return
        step(game, rnd)


def play_until(game: Game, rnd: random.Random, ok: Callable[[Game], bool], limit: int = 3000) -> bool:
    """Random moves until ``ok(game)``; False if the game ended (or ran long) first."""
    for _ in range(limit):
        if ok(game):
            return True
        if game.is_over():
            return False
        step(game, rnd)
    return ok(game)


def play_to_end(game: Game, rnd: random.Random, limit: int = 20_000) -> None:
    for _ in range(limit):
        if game.is_over():
            return
        step(game, rnd)
    raise AssertionError("the sampled game did not end")


def asked(game: Game) -> list[tuple[int, str]]:
    """(seat index, kind) of every pending decision."""
    return [(game.seats.index(d.seat), d.kind) for d in game.pending()]


def kinds(game: Game) -> list[str]:
    return [d.kind for d in game.pending()]


def texts(game: Game, seat: str) -> list[str]:
    return [str(a) for a in game.legal_actions(seat)]


def assert_consistent(real: Game, sample: Game, seat: str, dealt: bool = True) -> None:
    """``sample`` keeps every public count and every card ``seat`` knows of ``real``."""
    r, s = real.s, sample.s
    me = r.seats.index(seat)
    for name in (
        "seats", "options", "version", "rules", "phase", "step", "active", "first", "turn", "turns_taken",
        "influence", "attacks", "blocks_open", "chain", "chain_builders", "chain_started", "no_text_blocks",
        "tasks", "ending", "quiet_turns", "damage", "discards", "in_play", "exiled", "wounds_up",
    ):  # fmt: skip
        assert getattr(s, name) == getattr(r, name), name
    assert len(s.cards) == len(r.cards)
    assert s.hands[me] == r.hands[me]
    assert sorted(s.decks[me]) == sorted(r.decks[me])
    public = [*r.hands[me], *r.decks[me], *r.wounds_up, *r.exiled, *(e["card"] for e in r.chain)]
    for i in range(len(r.seats)):
        public += r.discards[i] + r.in_play[i]
        if i != me:
            assert len(s.hands[i]) == len(r.hands[i]) and len(s.decks[i]) == len(r.decks[i])
            group_r, group_s = r.hands[i] + r.decks[i], s.hands[i] + s.decks[i]
            assert sorted(group_s) == sorted(group_r)
            assert Counter(s.cards[c] for c in group_s) == Counter(r.cards[c] for c in group_r)
    assert sorted(s.wounds_down) == sorted(r.wounds_down)
    assert Counter(s.cards[c] for c in s.wounds_down) == Counter(r.cards[c] for c in r.wounds_down)
    hidden_keys = []
    for ar, as_ in zip(r.archives, s.archives, strict=True):
        assert {k: v for k, v in as_.items() if k != "card"} == {k: v for k, v in ar.items() if k != "card"}
        if ar["revealed"] or ar["owner"] == me:
            assert as_["card"] == ar["card"]
            public += ar["cards"]
        else:
            hidden_keys.append(as_["card"])
        assert all(s.cards[c] == as_["card"] for c in as_["cards"])
    visible_keys = {a["card"] for a in s.archives if a["revealed"] or a["owner"] == me}
    assert len(s.left_game) == len(r.left_game)
    unseen = hidden_keys + s.left_game
    assert len(set(unseen)) == len(unseen) and not set(unseen) & visible_keys and set(unseen) <= DRAFT_KEYS
    for c in public:
        assert s.cards[c] == r.cards[c], f"c{c}"
    if dealt and s.options["draft"] == "quick-start":  # each player's private archives: a dealt pair
        pairs = {tuple(p) for p in card_set().quick_start_pairs}
        for i in range(len(s.seats)):
            assert tuple(a["card"] for a in s.archives if a["owner"] == i) in pairs
    # decisions in the state's JSON form; a built position's are not dated until it is loaded
    wait_r, wait_s = json.loads(real.to_json())["waiting"], json.loads(sample.to_json())["waiting"]
    if not dealt:
        wait_s = [
            {k: v for k, v in w.items() if k in wr or k != "opened"} for w, wr in zip(wait_s, wait_r, strict=True)
        ]
    assert [(w["seat"], w["kind"]) for w in wait_s] == [(w["seat"], w["kind"]) for w in wait_r]
    for ws, wr in zip(wait_s, wait_r, strict=True):
        if wr["seat"] == me or wr["kind"] != "choose":
            assert ws == wr
    if r.phase == "draft":
        dr, ds = r.draft, s.draft
        assert ds["packets"][me] == dr["packets"][me] and ds["picks"][me] == dr["picks"][me]
        assert ds["chosen"][me] == dr["chosen"][me] and ds["commons"] == dr["commons"]
        assert [len(p) for p in ds["packets"]] == [len(p) for p in dr["packets"]]
        assert [[d for d, _ in p] for p in ds["picks"]] == [[d for d, _ in p] for p in dr["picks"]]
        assert [c is None for c in ds["chosen"]] == [c is None for c in dr["chosen"]]
        assert len(ds["undealt"]) == len(dr["undealt"])
        for j, key in enumerate(ds["chosen"]):
            assert key is None or key in ds["packets"][j]
        everything = [*ds["commons"], *ds["undealt"], *(k for p in ds["packets"] for k in p)]
        everything += [k for p in ds["picks"] for _, k in p]
        assert sorted(everything) == sorted(DRAFT_KEYS)
    # the seat decides exactly as in the real game, and knows exactly the same of the sample
    assert texts(sample, seat) == texts(real, seat)
    if dealt:
        assert position(sample, seat) == position(real, seat)
    else:
        assert position(sample, seat) == position(Game.from_json(real.to_json()), seat)
    if dealt:
        check_state(sample)
    else:
        for d in sample.pending():
            assert sample.legal_actions(d.seat)


def check_samples(game: Game, rnd: random.Random, samples: int = 2, dealt: bool = True) -> None:
    for seat in game.seats:
        pos = position(game, seat)
        frozen = json.dumps(pos, sort_keys=True)
        for _ in range(samples):
            assert_consistent(game, determinize(pos, rnd), seat, dealt)
        assert json.dumps(pos, sort_keys=True) == frozen, "determinize changed the position"


# ---------------------------------------------------------------------- samples keep what is known


@pytest.mark.parametrize(("draft", "secret"), VARIANTS)
def test_samples_keep_public_counts_and_known_cards(draft: str, secret: bool) -> None:
    for seed in range(6):
        rnd = random.Random(seed)
        game = new_game(2 + seed % 4, seed, draft, secret, auto_pass=seed % 3 != 2)
        check_samples(game, rnd, samples=1)  # the start (the draft's first round, or the first turn)
        for _ in range(3):
            advance(game, rnd, rnd.randrange(0, 120))
            check_samples(game, rnd)


MOMENTS: dict[str, Callable[[Game], bool]] = {
    "draft, later round": lambda g: g.phase == "draft" and g.s.draft["round"] >= 1,
    "draft, some picked": lambda g: g.phase == "draft" and any(c is not None for c in g.s.draft["chosen"]),
    "mid-combat": lambda g: bool(g.s.attacks) and g.phase == "combat",
    "blocks": lambda g: "block" in kinds(g),
    "mid-chain": lambda g: g.phase == "chain" and len(g.s.chain) >= 2,
    "chain resolving": lambda g: g.phase == "chain" and any(e["status"] != "waiting" for e in g.s.chain),
    "target": lambda g: "target" in kinds(g),
    "choose": lambda g: "choose" in kinds(g),
    "wound effect": lambda g: "wound" in kinds(g),
    "claim": lambda g: g.phase == "claim",
    "ending": lambda g: g.s.ending and not g.is_over(),
    "over": lambda g: g.is_over(),
}


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_samples_at_every_moment(moment: str) -> None:
    found = 0
    for seed in range(40):
        if found == 4:
            break
        rnd = random.Random(1000 + seed)
        draft, secret = VARIANTS[seed % len(VARIANTS)]
        if moment.startswith("draft") and draft == "quick-start":
            continue
        game = new_game(2 + seed % 4, seed, draft, secret, auto_pass=seed % 2 == 0)
        if play_until(game, rnd, MOMENTS[moment], limit=20_000):
            found += 1
            check_samples(game, rnd, samples=3)
    assert found, f"no game reached {moment}"


def test_samples_of_built_positions() -> None:
    """Exact positions from ``engine.nightfall.position``: unused draft keys, secret archives, no draft."""
    pos = build(
        ["ann", "ben", "cat"],
        phase="claim",
        hands={"ann": ["furious_melee", "wound:bite"], "ben": ["vulko", "alton_hickman", "wound:burn"]},
        decks={"ben": ["genesis_one", "bad_smoke"], "cat": ["blood_rage"]},
        discards={"cat": ["marcus_toth"]},
        in_play={"ben": [("zacharias_sands", 1)]},
        commons=["death_grip", "vulko"],
        private={"ann": ["grim_siege"], "ben": ["lilith_lawrence", "leave_me"], "cat": ["franz_orlok"]},
        secret_archives=True,
        influence=4,
    )
    rnd = random.Random(7)
    check_samples(pos.game, rnd, samples=10, dealt=False)
    keys = set()
    for _ in range(40):
        sample = determinize(position(pos.game, "ann"), rnd)
        assert sample.s.left_game == []
        keys.add(tuple(a["card"] for a in sample.s.archives))
    assert len(keys) > 10  # any unused draft key can be in a secret archive


def test_a_card_the_chain_still_shows_keeps_its_kind_in_a_hidden_group() -> None:
    """A resolved chain entry whose card is back in its owner's hand or deck (a reshuffle and a
    draw while the chain resolves): the table saw its kind, so every sample keeps it."""

    def refers_into_a_group(g: Game) -> tuple[int, int] | None:
        for e in g.s.chain:
            for j in range(len(g.seats)):
                if e["card"] in g.s.hands[j] or e["card"] in g.s.decks[j]:
                    return e["card"], j
        return None

    for seed in [12, 22, 15, 10, 18, *range(40)]:
        rnd = random.Random(seed)
        draft, secret = VARIANTS[seed % len(VARIANTS)]
        game = new_game(2 + seed % 4, seed, draft, secret)
        if play_until(game, rnd, lambda g: refers_into_a_group(g) is not None, limit=20_000):
            break
    else:
        pytest.fail("no game had a chain entry back in a hand or deck")
    found = refers_into_a_group(game)
    assert found is not None
    cid, owner = found
    viewer = game.seats[(owner + 1) % len(game.seats)]
    pos = position(game, viewer)
    assert pos["cards"][cid] == game.s.cards[cid] != HIDDEN
    for _ in range(10):
        assert determinize(pos, rnd).s.cards[cid] == game.s.cards[cid]
    check_samples(game, rnd)


def test_own_legal_actions_are_the_same() -> None:
    for seed in range(12):
        rnd = random.Random(seed)
        draft, secret = VARIANTS[seed % len(VARIANTS)]
        game = new_game(2 + seed % 4, seed, draft, secret)
        for _ in range(25):
            advance(game, rnd, rnd.randrange(1, 40))
            if game.is_over():
                break
            for d in game.pending():
                pos = position(game, d.seat)
                for _ in range(3):
                    assert texts(determinize(pos, rnd), d.seat) == texts(game, d.seat)


def test_the_hidden_parts_are_really_sampled() -> None:
    game = new_game(3, 5, "standard", secret=True)
    rnd = random.Random(5)
    advance(game, rnd, 150)
    assert not game.is_over()
    pos = position(game, "p0")
    hands, downs, rngs = set(), set(), set()
    for _ in range(30):
        s = determinize(pos, rnd).s
        hands.add(tuple(sorted(s.cards[c] for c in s.hands[1])))
        downs.add(tuple(s.cards[c] for c in s.wounds_down[-5:]))
        rngs.add(s.rng)
    assert len(hands) > 3 and len(downs) > 3 and len(rngs) == 30
    assert game.s.rng not in rngs


# ---------------------------------------------------------------------- what the position shows


def test_position_is_json_native_and_masks_the_hidden() -> None:
    game = new_game(4, 11, "standard", secret=True)
    rnd = random.Random(11)
    advance(game, rnd, 200)
    me = 0
    pos = position(game, "p0")
    assert json.loads(json.dumps(pos)) == pos
    assert "rng" not in pos and str(game.s.rng) not in json.dumps(pos)
    s = game.s
    for j in range(1, 4):
        assert pos["hands"][j] == [None] * len(s.hands[j]) and pos["decks"][j] == [None] * len(s.decks[j])
    assert pos["hands"][me] == s.hands[me] and pos["decks"][me] == sorted(s.decks[me])
    assert all(pos["cards"][c] == HIDDEN for c in s.wounds_down)
    for a, real in zip(pos["archives"], s.archives, strict=True):
        if not real["revealed"] and real["owner"] != me:
            assert a["card"] is None and all(pos["cards"][c] == HIDDEN for c in real["cards"])
    assert pos["left_game"] == [None] * len(s.left_game)
    text = json.dumps(pos)
    for j in range(1, 4):
        assert f'"hand": {len(s.hands[j])}' in text  # counts are published per group


def test_draft_position_masks_other_packets() -> None:
    game = new_game(3, 2, "standard", secret=True)
    pos = position(game, "p1")
    d = pos["draft"]
    assert d["packets"][1] == game.s.draft["packets"][1]
    assert d["packets"][0] == [None] * 4 and d["packets"][2] == [None] * 4
    assert d["undealt"] == [None] * len(game.s.draft["undealt"])
    game.apply(game.legal_actions("p0")[0])
    pos = position(game, "p1")
    assert pos["draft"]["chosen"] == [HIDDEN, None, None]


def test_two_player_draft_deduces_the_opponents_pick() -> None:
    """With two players, the card missing from a packet that comes back was the opponent's pick."""
    game = new_game(2, 3, "two-player")
    rnd = random.Random(3)
    assert play_until(game, rnd, lambda g: g.phase == "draft" and g.s.draft["round"] == 2)
    pos = position(game, "p0")
    for _ in range(10):
        sample = determinize(pos, rnd)
        assert sample.s.draft["picks"][1][1] == game.s.draft["picks"][1][1]
        assert sorted(sample.s.draft["packets"][1]) == sorted(game.s.draft["packets"][1])


# ---------------------------------------------------------------------- hidden changes change nothing


def mid_game(seed: int = 21, players: int = 3, secret: bool = True) -> tuple[Game, random.Random]:
    rnd = random.Random(seed)
    game = new_game(players, seed, "standard", secret)
    ok = play_until(game, rnd, lambda g: g.phase == "chain" and g.s.turn > 6 and len(g.s.decks[1]) >= 2)
    assert ok
    return game, rnd


def twin(game: Game) -> Game:
    return Game.from_json(game.to_json())


def test_swapping_an_opponents_hand_and_deck_cards_changes_nothing() -> None:
    game, _ = mid_game()
    other = twin(game)
    s = other.s
    assert s.hands[1] and s.decks[1]
    s.hands[1][0], s.decks[1][0] = s.decks[1][0], s.hands[1][0]
    assert other.to_json() != game.to_json()
    assert position(other, "p0") == position(game, "p0")
    assert position(other, "p1") != position(game, "p1")  # the owner sees its own hand


def test_reordering_an_opponents_deck_changes_nothing() -> None:
    game, _ = mid_game()
    other = twin(game)
    deck = other.s.decks[2]
    deck[0], deck[-1] = deck[-1], deck[0]
    assert position(other, "p0") == position(game, "p0")


def test_reordering_the_own_deck_changes_nothing() -> None:
    game, _ = mid_game()
    other = twin(game)
    deck = other.s.decks[0]
    deck[0], deck[-1] = deck[-1], deck[0]
    assert position(other, "p0") == position(game, "p0")


def test_which_id_holds_which_hidden_kind_changes_nothing() -> None:
    game, _ = mid_game()
    other = twin(game)
    s = other.s
    group = s.hands[1] + s.decks[1]
    a = next(c for c in group if s.cards[c] != s.cards[group[0]])
    s.cards[group[0]], s.cards[a] = s.cards[a], s.cards[group[0]]
    assert position(other, "p0") == position(game, "p0")


def test_swapping_face_down_wound_types_changes_nothing() -> None:
    game, _ = mid_game()
    other = twin(game)
    s = other.s
    down = s.wounds_down
    b = next(c for c in down if s.cards[c] != s.cards[down[0]])
    s.cards[down[0]], s.cards[b] = s.cards[b], s.cards[down[0]]
    assert other.to_json() != game.to_json()
    assert position(other, "p0") == position(game, "p0")
    s.wounds_down.reverse()
    assert position(other, "p0") == position(game, "p0")


def test_a_secret_archive_key_changes_nothing_for_its_opponents() -> None:
    game, _ = mid_game()
    s = game.s
    k = next(k for k, a in enumerate(s.archives) if a["owner"] == 1 and not a["revealed"])
    # with a card that left the game (face down: its key is just as unknown)
    other = twin(game)
    out = other.s.left_game[0]
    old = other.s.archives[k]["card"]
    other.s.archives[k]["card"] = out
    other.s.left_game = sorted([old, *other.s.left_game[1:]])
    for c in other.s.archives[k]["cards"]:
        other.s.cards[c] = out
    assert position(other, "p0") == position(game, "p0")
    assert position(other, "p1") != position(game, "p1")  # its owner sees it
    # with the key of another secret archive of another seat
    m = next(m for m, a in enumerate(s.archives) if a["owner"] == 2 and not a["revealed"])
    other = twin(game)
    a, b = other.s.archives[k], other.s.archives[m]
    a["card"], b["card"] = b["card"], a["card"]
    for arch in (a, b):
        for c in arch["cards"]:
            other.s.cards[c] = arch["card"]
    assert position(other, "p0") == position(game, "p0")


def test_an_unused_key_in_a_built_secret_archive_changes_nothing() -> None:
    def table(key: str) -> Game:
        return build(
            ["ann", "ben"],
            hands={"ann": ["furious_melee"], "ben": ["vulko"]},
            commons=["death_grip"],
            private={"ann": ["grim_siege"], "ben": [key]},
            secret_archives=True,
        ).game

    assert position(table("leave_me"), "ann") == position(table("blood_rage"), "ann")
    assert position(table("leave_me"), "ben") != position(table("blood_rage"), "ben")


def test_an_unseen_draft_card_changes_nothing() -> None:
    game = new_game(3, 8, "standard")
    other = twin(game)
    d = other.s.draft
    d["packets"][2][0], d["undealt"][0] = d["undealt"][0], d["packets"][2][0]
    assert position(other, "p0") == position(game, "p0")
    assert position(other, "p2") != position(game, "p2")


def test_a_masked_choice_changes_nothing() -> None:
    """An opponent choosing a card from its hand: its options (its hand's ids) are not shown, so
    another hand (with the options that go with it) gives the same position."""

    def choosing(g: Game) -> bool:
        return any(kind == "choose" and g.s.decks[j] for j, kind in asked(g))

    for seed in range(60):
        rnd = random.Random(seed)
        game = new_game(3, seed, "standard")
        if play_until(game, rnd, choosing, limit=20_000):
            break
    else:
        pytest.fail("no game reached a choice from hand")
    data = json.loads(game.to_json())
    w = next(w for w in data["waiting"] if w["kind"] == "choose" and data["decks"][w["seat"]])
    j = w["seat"]
    hand, deck = data["hands"][j], data["decks"][j]
    hand[0], deck[0] = deck[0], hand[0]
    exile = w.get("purpose") == "exile"
    w["options"] = [f"c{c}" for c in hand if not (exile and data["cards"][c].startswith("wound:"))]
    other = Game.from_json(json.dumps(data))
    mine = game.seats[j]
    assert texts(other, mine) != texts(game, mine)
    for viewer in game.seats:
        if viewer != mine:
            pos = position(game, viewer)
            assert all("options" not in x for x in pos["waiting"] if x["seat"] == j)
            assert position(other, viewer) == pos
    assert position(other, mine) != position(game, mine)


# ---------------------------------------------------------------------- what the seat sees changes it


def test_visible_changes_change_the_position() -> None:
    game, _ = mid_game()
    s = game.s
    assert s.hands[0] and s.decks[0]
    other = twin(game)  # a card of my own hand swapped with one of my deck
    o = other.s
    b = next(c for c in o.decks[0] if o.cards[c] != o.cards[o.hands[0][0]])
    o.decks[0][o.decks[0].index(b)], o.hands[0][0] = o.hands[0][0], b
    assert position(other, "p0") != position(game, "p0")
    assert position(other, "p1") == position(game, "p1")  # the others see none of it
    other = twin(game)  # another kind in an opponent's hand
    o = other.s
    o.cards[o.hands[1][0]] = "wound:bite" if o.cards[o.hands[1][0]] != "wound:bite" else "wound:burn"
    assert position(other, "p0") != position(game, "p0")
    if s.discards[1]:
        other = twin(game)  # the top of an opponent's discard pile
        other.s.discards[1].pop()
        assert position(other, "p0") != position(game, "p0")


# ---------------------------------------------------------------------- samples play on


def test_sampled_games_play_to_the_end() -> None:
    for seed in range(36):
        rnd = random.Random(500 + seed)
        draft, secret = VARIANTS[seed % len(VARIANTS)]
        game = new_game(2 + seed % 4, seed, draft, secret, auto_pass=seed % 5 != 0)
        advance(game, rnd, rnd.randrange(0, 300))
        seat = rnd.choice(game.seats)
        sample = determinize(position(game, seat), rnd)
        play_to_end(sample, rnd)
        assert sample.is_over() and len(sample.result()) == len(game.seats)


def test_play_out_with_ai_players_on_a_sample() -> None:
    from engine.nightfall.ai import RandomPlayer, play_out

    game = new_game(4, 9, "open", secret=True)
    rnd = random.Random(9)
    advance(game, rnd, 120)
    sample = determinize(position(game, "p2"), rnd)
    play_out(sample, {seat: RandomPlayer(k) for k, seat in enumerate(sample.seats)})
    assert sample.is_over()


def test_pending_hands_hold_what_their_decision_shows() -> None:
    """An opponent asked for the wound effect holds a wound; one asked to chain (auto pass) holds a
    card it can chain: every sample agrees."""
    seen = {"wound": 0, "chain": 0}
    for seed in range(100):
        if min(seen.values()) >= 20:
            break
        rnd = random.Random(seed)
        game = new_game(2 + seed % 3, seed, "quick-start")
        for _ in range(30):
            advance(game, rnd, rnd.randrange(1, 30))
            if game.is_over():
                break
            for j, kind in asked(game):
                if kind not in seen:
                    continue
                pos = position(game, game.seats[(j + 1) % len(game.seats)])
                for _ in range(3):
                    sample = determinize(pos, rnd)
                    hand = [sample.s.cards[c] for c in sample.s.hands[j]]
                    if kind == "wound":
                        assert any(k.startswith("wound:") for k in hand)
                    else:
                        assert any(a.startswith("chain ") for a in texts(sample, game.seats[j]))
                seen[kind] += 1
    assert min(seen.values()) >= 20, seen


def test_an_opponent_asked_to_exile_holds_two_orders() -> None:
    """Franz Orlok's kicker: ben must exile an order from his hand, so he holds two or more (one
    would have been exiled for him); few orders among many wounds make the sampler build it."""
    pos = build(
        ["ann", "ben"],
        hands={"ann": ["jj_mcteague", "franz_orlok"], "ben": ["vulko", "alton_hickman", *["wound:bite"] * 3]},
        decks={"ben": ["wound:burn"] * 20 + ["wound:bleed"] * 10},
    )
    game = pos.game
    act = game.parse_action
    game.apply(act("ann", f"chain {pos.card('ann', 'jj_mcteague')}"))
    game.apply(act("ann", f"chain {pos.card('ann', 'franz_orlok')}"))
    while asked(game)[0][1] == "chain":
        game.apply(act(game.seats[asked(game)[0][0]], "pass"))
    game.apply(act("ann", "target ben"))
    assert [(d.seat, d.kind) for d in game.pending()] == [("ben", "choose")]
    rnd = random.Random(4)
    pos_ann = position(game, "ann")
    for _ in range(30):
        sample = determinize(pos_ann, rnd)
        hand = [sample.s.cards[c] for c in sample.s.hands[1]]
        assert sorted(k for k in hand if not k.startswith("wound:")) == ["alton_hickman", "vulko"]
        assert sorted(texts(sample, "ben")) == sorted(
            f"choose c{c}" for c in sample.s.hands[1] if not sample.s.cards[c].startswith("wound:")
        )
    check_samples(game, rnd, samples=5, dealt=False)
