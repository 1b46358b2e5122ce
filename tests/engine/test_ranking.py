"""The final ranking as it is printed: what decided each place, and the turns each player had.

The rulebook's tie-break (p.28; RULES.md "End of the game"): fewer wounds; then the largest
wound-type count, then the second (lower wins); then the seat closest to the right of the
starting player, who had the fewest turns. A turn counts from its start: the turn the game ends
in is one its player had.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.nightfall import Game
from engine.nightfall.demo import ranking_lines
from engine.nightfall.position import build
from engine.nightfall.scoring import tie_break_text

from .helpers import act, kinds

RIGHT_OF_FIRST = "closest to the right of the first player"


def reasons(g: Game) -> list[str]:
    rows = g.ranking_details()
    return [tie_break_text(a, b) for a, b in pairwise(rows)]


def column(g: Game, key: str) -> list[Any]:
    return [row[key] for row in g.ranking_details()]


def test_ranking_reason_names_what_decided() -> None:
    """Four players fully tied, p1 first and in its first turn: p1 has had 1 turn, the others
    none. p0, p3 and p2 are tied on turns too, so the seat decides between them; p2 is ahead
    of p1 by fewer turns."""
    pos = build(
        ["p0", "p1", "p2", "p3"],
        phase="claim",
        active=1,
        first=1,
        discards={p: ["wound:bite", "wound:burn"] for p in ("p0", "p1", "p2", "p3")},
    )
    g = pos.game
    assert column(g, "seat") == ["p0", "p3", "p2", "p1"]
    assert column(g, "turns") == [0, 0, 0, 1]
    assert column(g, "ahead_of_next_by") == ["seat", "seat", "seat", None]
    assert column(g, "decided_by") == ["seat", "seat", "fewer turns", None]
    by_seat = "tie on 2 wounds, on wound types and on turns (0 each), decided by seat: " + RIGHT_OF_FIRST
    assert reasons(g) == [by_seat, by_seat, "tie on 2 wounds and on wound types, decided by fewer turns (0 against 1)"]


def test_ranking_reason_names_the_wound_type_count_that_decided() -> None:
    """7 wounds each; the largest counts are equal (3), so the second largest decides: 2 < 3."""
    pos = build(
        ["bartek", "justyna", "andrzej"],
        phase="claim",
        discards={
            "bartek": ["wound:bite"] * 3 + ["wound:burn"] * 3 + ["wound:bleed"],
            "justyna": ["wound:bite"] * 3 + ["wound:burn"] * 2 + ["wound:bleed"] * 2,
            "andrzej": ["wound:bite"] * 4 + ["wound:burn"] * 3,
        },
    )
    g = pos.game
    assert column(g, "seat") == ["justyna", "bartek", "andrzej"]
    assert column(g, "ahead_of_next_by") == ["wound types", "wound types", None]
    assert column(g, "decided_by") == ["second-largest wound type", "largest wound type", None]
    assert reasons(g) == [
        "tie on 7 wounds and on the largest wound type count (3 each), "
        "decided by the second-largest wound type count (2 against 3)",
        "tie on 7 wounds, decided by the largest wound type count (3 against 4)",
    ]


def ending_position(active: int, turns_taken: list[int]) -> Game:
    """ada went first; the active player's Enraged Wight gives the other player the last face-up
    wound, so the game ends with that chain. Both end on 1 bite."""
    seats = ["ada", "bram"]
    me, other = seats[active], seats[1 - active]
    pos = build(
        seats,
        phase="chain",
        active=active,
        first=0,
        hands={me: ["enraged_wight"]},
        discards={me: ["wound:bite"]},
        wounds_up=["bite"],
    )
    g = pos.game
    g.s.turns_taken = list(turns_taken)
    g.s.turn = sum(turns_taken)
    act(g, me, f"chain {pos.card(me, 'enraged_wight')}")
    assert kinds(g) == [(me, "target")]
    act(g, me, f"target {other}")
    assert g.is_over() and g.s.ending
    return g


def test_ranking_turns_count_the_turn_the_game_ended_in() -> None:
    """ada's 4th turn ends the game: ada has had 4 turns, bram 3, and bram (right of ada, the
    first player) wins the tie by fewer turns."""
    g = ending_position(active=0, turns_taken=[3, 3])
    assert column(g, "seat") == ["bram", "ada"]
    assert column(g, "turns") == [3, 4]
    assert column(g, "decided_by") == ["fewer turns", None]
    assert reasons(g) == ["tie on 1 wound and on wound types, decided by fewer turns (3 against 4)"]
    assert ranking_lines(g) == [
        "Final ranking:",
        "  1. bram   1 wound (1 bite, 0 burn, 0 bleed), 3 turns  ahead of the next: "
        "tie on 1 wound and on wound types, decided by fewer turns (3 against 4)",
        "  2. ada    1 wound (1 bite, 0 burn, 0 bleed), 4 turns",
    ]


def test_ranking_says_seat_decided_when_the_turns_were_equal() -> None:
    """bram's 4th turn ends the game: both have had 4 turns, so only the seat decides (bram sits
    right of ada, the first player); the print-out must not claim fewer turns."""
    g = ending_position(active=1, turns_taken=[4, 3])
    assert column(g, "seat") == ["bram", "ada"]
    assert column(g, "turns") == [4, 4]
    assert column(g, "ahead_of_next_by") == ["seat", None]
    assert column(g, "decided_by") == ["seat", None]
    assert ranking_lines(g) == [
        "Final ranking:",
        "  1. bram   1 wound (1 bite, 0 burn, 0 bleed), 4 turns  ahead of the next: "
        "tie on 1 wound, on wound types and on turns (4 each), decided by seat: " + RIGHT_OF_FIRST,
        "  2. ada    1 wound (1 bite, 0 burn, 0 bleed), 4 turns",
    ]


def test_ranking_turns_leave_out_a_turn_that_never_began() -> None:
    """A game that stalls ends before the next turn begins: nobody had that turn."""
    pos = build(["ada", "bram"], phase="combat", in_play={"ada": ["jj_mcteague"], "bram": ["genesis_one"]})
    g = pos.game
    act(g, "bram", f"block {pos.card('bram', 'genesis_one', 'play')} {pos.card('ada', 'jj_mcteague', 'play')}")
    assert g.is_over() and not g.s.ending
    assert [g.turns_played(i) for i in range(2)] == g.s.turns_taken
    assert g.s.turn > 0 and sum(column(g, "turns")) == g.s.turn
