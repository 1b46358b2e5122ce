"""Invariants every reachable game state must satisfy; the playout tests check them at each step."""

from __future__ import annotations

import json
import re
from itertools import pairwise

from engine.nightfall import Game
from engine.nightfall.actions import Action
from engine.nightfall.cards import card_set
from engine.nightfall.core import cref

CARD_REF = re.compile(r'"(c\d+)"')


def zones(game: Game) -> dict[int, str]:
    """Every card id with the one zone that holds it; fails if an id is in two zones."""
    s = game.s
    where: dict[int, str] = {}

    def put(ids: list[int], name: str) -> None:
        for c in ids:
            assert c not in where, f"{cref(c)} is both in {where[c]} and {name}"
            where[c] = name

    for i, seat in enumerate(s.seats):
        put(s.decks[i], f"{seat}.deck")
        put(s.hands[i], f"{seat}.hand")
        put(s.discards[i], f"{seat}.discard")
        put(s.in_play[i], f"{seat}.play")
    for a in s.archives:
        put(a["cards"], f"archive {a['id']}")
    put(s.wounds_up, "wounds up")
    put(s.wounds_down, "wounds down")
    put(s.exiled, "exiled")
    put([e["card"] for e in s.chain if e["status"] in ("waiting", "resolving")], "chain")
    return where


def check_state(game: Game) -> None:
    s = game.s
    where = zones(game)
    assert len(where) == len(s.cards), f"{len(s.cards) - len(where)} card(s) in no zone"
    cs = card_set()
    wounds = [c for c in range(len(s.cards)) if game.is_wound(c)]
    assert len(wounds) == len(cs.wound_types) * cs.wounds_per_type
    starters = [c for c in range(len(s.cards)) if not game.is_wound(c) and game.d(c).starting]
    assert len(starters) == 12 * len(s.seats)
    others = len(s.cards) - len(wounds) - len(starters)
    assert others == cs.archive_size * len(s.archives)
    for c in range(len(s.cards)):
        if s.damage[c]:
            assert game.in_play(c), f"{cref(c)} has damage outside play"
    for zone in s.in_play:
        for m in zone:
            assert game.health_left(m) > 0, f"{cref(m)} is in play with no health left"
    if not game.is_over():
        pend = game.pending()
        assert pend, "the game is not over but nobody must act"
        for d in pend:
            acts = game.legal_actions(d.seat)
            assert acts, f"{d.seat} must decide {d.kind} but has no legal action"
            for a in acts:
                assert Action.parse(str(a), a.seat) == a


def check_ranking(game: Game) -> None:
    """Turns count the turn the game ended in; the last tie-break (the seat closest to the right
    of the first player) never puts a player with more turns ahead, and it says "fewer turns"
    exactly when the turns differ."""
    s = game.s
    rows = game.ranking_details()
    assert sum(r["turns"] for r in rows) == s.turn + (1 if s.ending else 0)
    for a, b in pairwise(rows):
        if a["ahead_of_next_by"] == "seat":
            assert a["turns"] <= b["turns"], (a, b)
            assert (a["decided_by"] == "fewer turns") == (a["turns"] < b["turns"]), (a, b)


def check_views(game: Game) -> None:
    """No seat's hand or any deck appears in another seat's view or in the public view; the
    final ranking of a finished game is consistent (``check_ranking``)."""
    s = game.s
    if game.is_over():
        check_ranking(game)
    public = json.dumps(game.public_view())
    assert '"hand": [' not in public and '"you"' not in public
    privates = {seat: json.dumps(game.private_view(seat)) for seat in s.seats}
    secret_decks = {cref(c) for d in s.decks for c in d}
    for i, seat in enumerate(s.seats):
        hand = {cref(c) for c in s.hands[i]}
        for viewer, text in [("public", public), *((v, t) for v, t in privates.items() if v != seat)]:
            leaked = (set(CARD_REF.findall(text)) & hand) | (set(CARD_REF.findall(text)) & secret_decks)
            assert not leaked, f"{viewer}'s view shows hidden cards {sorted(leaked)} of {seat}"
    for a in s.archives:
        if not a["revealed"]:
            assert f'"{a["card"]}"' not in public, f"secret archive {a['id']} shown in public"
            for viewer, text in privates.items():
                if s.seats.index(viewer) != a["owner"]:
                    assert f'"{a["card"]}"' not in text, f"secret archive shown to {viewer}"
