"""The declared decision model: every kind declared once, and views that carry whole decisions."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from engine.nightfall import Game, Options
from engine.nightfall.actions import VERBS, Action, is_archive_ref, is_card_ref
from engine.nightfall.decisions import KINDS, NEEDS, SHOWS, Kind, Waiting, check_declarations
from engine.nightfall.state import DRAFTS
from engine.nightfall.views import ASKING_WORDS, SPECTATOR_WORDS

from .helpers import act

#: seeded random games over every draft, with and without secret archives
GAMES = [
    (players, seed, draft, secret)
    for seed, draft in enumerate(DRAFTS)
    for players in (2, 4)
    for secret in (False, True)
]


def positions(players: int, seed: int, draft: str, secret: bool) -> Iterator[Game]:
    """Every position of one random game, played to its end (the same Game, moved on each time)."""
    game = Game.new([f"p{i}" for i in range(players)], seed=seed, options=Options(draft=draft, secret_archives=secret))
    rnd = random.Random(seed)
    while not game.is_over():
        yield game
        decision = rnd.choice(game.pending())
        game.apply(rnd.choice(game.legal_actions(decision.seat)))


def test_every_kind_is_declared_whole() -> None:
    check_declarations()
    for name, kind in KINDS.items():
        assert isinstance(kind, Kind) and kind.name == name
        assert set(kind.verbs) <= set(VERBS)
        assert kind.shows in SHOWS and set(kind.needs) <= set(NEEDS)
        assert kind.asks and kind.spectators
        assert name in SPECTATOR_WORDS
    # every verb answers some kind, and every asking key has words
    assert {v for k in KINDS.values() for v in k.verbs} == set(VERBS)
    for key, words in ASKING_WORDS.items():
        assert words.strip(), key


def test_a_declaration_that_misses_something_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = Kind(
        name="broken",
        verbs=("pass",),
        options=lambda g, i, w: [],
        handle=lambda g, i, w, a: None,
        default=lambda g, i, w, o: "pass",
        asks="do it",
        spectators="do it",
        public_options=True,
        shows="hand",
        needs=("the weather",),
    )
    monkeypatch.setitem(KINDS, "broken", broken)
    with pytest.raises(AssertionError, match="unknown facts"):
        check_declarations()


@pytest.mark.parametrize(("players", "seed", "draft", "secret"), GAMES)
def test_private_view_carries_each_decision_whole(players: int, seed: int, draft: str, secret: bool) -> None:
    """At every position: a seat's view holds its decisions with exactly its legal actions, their
    labels, copies, the passive one and the Ruling 5 default; the public view hides hand options."""
    for step, game in enumerate(positions(players, seed, draft, secret)):
        if step % 3:
            continue
        public = game.public_view()
        for d in game.pending():
            view = game.private_view(d.seat)
            (decision,) = view["decisions"]
            kind = KINDS[d.kind]
            legal = game.legal_actions(d.seat)
            assert decision["kind"] == d.kind and decision["seat"] == d.seat
            assert decision["id"] == d.id == f"{d.opened}:{d.seat}"
            assert decision["shows"] == kind.shows and decision["verbs"] == list(kind.verbs)
            assert [a["text"] for a in decision["actions"]] == [str(a) for a in legal]
            assert [a["label"] for a in decision["actions"]] == [game.describe(a) for a in legal]
            default = game.default_action(d.seat)
            assert [a["text"] for a in decision["actions"] if a["default"]] == [str(default)]
            for a in decision["actions"]:
                assert a["passive"] == (a["text"] in kind.passive)
                same = [b for b in decision["actions"] if b["label"] == a["label"]]
                assert a["copies"] == len(same) and 1 <= a["copy"] <= a["copies"]
                # every card, archive and seat the move names is described
                named = [x for x in a["args"] if is_card_ref(x) or is_archive_ref(x) or x in game.seats]
                assert [r["ref"] for r in a["refs"]] == named
            assert set(kind.needs) <= set(decision["facts"])
            assert decision["asks"] == ASKING_WORDS[decision["ask"]["key"]].format(**decision["ask"]["args"])
            (mine,) = [p for p in public["pending"] if p["seat"] == d.seat]
            assert mine["kind"] == (kind.public_as or d.kind)
            assert "wound" not in json.dumps(mine)  # a wound decision is not named to the others
            assert ("options" in mine) == (kind.public_options and d.options is not None)
            assert mine["asks"] == SPECTATOR_WORDS[mine["ask"]["key"]].format(**mine["ask"]["args"])
            json.dumps(view)


def test_every_kind_is_reached_in_play() -> None:
    """The declarations are not dead rows: seeded games reach every kind."""
    seen: set[str] = set()
    for players, seed, draft, secret in GAMES:
        for game in positions(players, seed, draft, secret):
            seen.update(d.kind for d in game.pending())
        if seen == set(KINDS):
            break
    assert seen == set(KINDS)


def test_the_facts_a_prompt_needs_are_in_the_view() -> None:
    """The claim prompt gets the claimable archives with cost and affordability, and the
    influence; the chain prompt the card it links onto; a draft prompt its round."""
    found: set[str] = set()
    for game in positions(3, 11, "standard", False):
        for d in game.pending():
            facts = game.private_view(d.seat)["decisions"][0]["facts"]
            if d.kind == "claim":
                i = game.seats.index(d.seat)
                influence = game.s.influence[i]
                assert facts["influence"] == influence
                claims = {str(a).split(" ")[1] for a in game.legal_actions(d.seat) if a.verb == "claim"}
                assert {a["id"] for a in facts["claimable"] if a["affordable"]} == claims
                assert all(a["affordable"] == (a["cost"] <= influence) for a in facts["claimable"])
                found.add("claim")
            elif d.kind == "chain" and game.s.chain:
                last = game.s.chain[-1]["card"]
                assert facts["chain_end"]["id"] == f"c{last}"
                assert facts["chain_end"]["links"] == list(game.d(last).links)
                found.add("chain")
            elif d.kind == "draft":
                assert facts["round"] == (d.round or 0) + 1 and facts["rounds"] == game.s.draft["rounds"]
                found.add("draft")
            elif d.kind == "block":
                assert facts["attacks"] and all(x["attacker"]["id"] for x in facts["attacks"])
                found.add("block")
    assert found == {"claim", "chain", "draft", "block"}


def test_a_decision_keeps_its_id_while_it_stands_and_the_mover_gets_a_new_one() -> None:
    game = Game.new(["ada", "bram", "cleo"], seed=3)
    ids = {d.seat: d.id for d in game.pending()}
    assert set(ids) == {"ada", "bram", "cleo"} and all(i.startswith("0:") for i in ids.values())
    pick = game.legal_actions("ada")[0]
    game.apply(pick)
    after = {d.seat: d.id for d in game.pending()}
    assert after == {"bram": ids["bram"], "cleo": ids["cleo"]}  # the others' draft picks stand
    # the same question asked again of the seat that just moved is a new decision
    while game.phase == "draft":
        d = game.pending()[0]
        game.apply(game.legal_actions(d.seat)[0])
    while not any(d.kind == "claim" for d in game.pending()):
        d = game.pending()[0]
        game.apply(game.default_action(d.seat) or game.legal_actions(d.seat)[0])
    (claim,) = game.pending()
    discard = next(a for a in game.legal_actions(claim.seat) if a.verb == "discard")
    game.apply(discard)
    (again,) = game.pending()
    assert again.kind == "claim" and again.seat == claim.seat
    assert again.opened == game.version != claim.opened


def test_dates_survive_json_and_undated_states_get_the_load_version() -> None:
    game = Game.new(["ada", "bram"], seed=4)
    game.apply(game.legal_actions("ada")[0])
    copy = Game.from_json(game.to_json())
    assert [d.id for d in copy.pending()] == [d.id for d in game.pending()]
    state = json.loads(game.to_json())
    for w in state["waiting"]:
        del w["opened"]
    old = Game.from_json(json.dumps(state))
    assert [d.opened for d in old.pending()] == [game.version]


def test_waiting_round_trips_as_the_same_dict_and_refuses_unknown_kinds() -> None:
    w = Waiting(2, "target", options=["c1", "a3"], what="minion", source="c9")
    data = w.to_dict()
    assert data == {"seat": 2, "kind": "target", "options": ["c1", "a3"], "what": "minion", "source": "c9"}
    assert Waiting.from_dict(data) == w
    with pytest.raises(ValueError, match="unknown decision kind"):
        Waiting.from_dict({"seat": 0, "kind": "dance"})


def test_legality_compares_moves_not_regenerated_strings() -> None:
    """A hand-made Action equal to a legal one is applied; one no option names is refused."""
    game = Game.new(["ada", "bram"], seed=8)
    legal = game.legal_actions("ada")[0]
    version = game.version
    act(game, "ada", str(legal))
    assert game.version == version + 1
    from engine.nightfall.actions import IllegalAction

    with pytest.raises(IllegalAction):
        game.apply(Action("bram", "draft", ("not_a_card_here",)))
