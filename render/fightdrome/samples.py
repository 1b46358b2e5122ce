"""Real Fightdrome matches in known positions, for the sample images and the tests.

Each function plays a seeded match with two ``normal`` computer players up to a fixed move, so the same
call always gives the same position (the engine and the players are seeded; no clock, no randomness).
The move numbers were chosen by looking: each lands on the position its name says.
"""

from __future__ import annotations

from typing import Any

from engine.fightdrome import Match, Options
from engine.fightdrome.ai import ai_input, make_player

View = dict[str, Any]
SEATS = ["ana", "bo"]
NAMES = {"ana": "Ana", "bo": "Bolesław"}


def play(seed: int, moves: int | None, options: Options | None = None, seats: list[str] | None = None) -> Match:
    """A match with ``seed`` played by two normal players for ``moves`` moves (None: to its end)."""
    seats = seats or SEATS
    m = Match.new(seats, seed=seed, options=options or Options())
    players = {s: make_player("normal", seed=seed * 10 + i) for i, s in enumerate(seats)}
    done = 0
    while not m.is_over() and (moves is None or done < moves):
        seat = m.pending()[0].seat
        view, actions = ai_input(m, seat)
        m.apply(players[seat].choose(view, actions))
        done += 1
    return m


def mid_exchange() -> Match:
    """A series to 300 in its second round: a long exchange on the line, an answer due, Breather on."""
    return play(6, 73, Options(breather=True))


def later_round() -> Match:
    """A series to 300 in a later round: four cards on the line, an answer due, a stun pile, Breather on
    (the README's picture: the usual size of a table)."""
    return play(9, 306, Options(breather=True))


def answer_decision() -> Match:
    """A series to 150 with Last Breath: a short exchange, the next player must answer its top card."""
    return play(7, 14, Options(target=150, last_breath=True))


def open_or_rest() -> Match:
    """A series right after a stun: the other player may open or rest."""
    return play(3, 56)


def tournament() -> Match:
    """A Grand Tournament after the first elimination."""
    return play(5, 76, Options(format="tournament"))


def tournament_pick() -> Match:
    """A Grand Tournament at its start: both players pick their first Sleeve in secret."""
    return play(5, 0, Options(format="tournament"))


def bout() -> Match:
    """A single bout in the middle of its only round."""
    return play(2, 30, Options(format="bout"))


def finished() -> Match:
    """A series to 300 played to its end: five rounds, two of them ended after a Rest (both players scored)."""
    return play(18, None)


def finished_tournament() -> Match:
    """A Grand Tournament played to its end."""
    return play(5, None, Options(format="tournament"))


def all_matches() -> dict[str, Match]:
    """Every sample by name (for tests that draw each position)."""
    return {
        "mid_exchange": mid_exchange(),
        "later_round": later_round(),
        "answer_decision": answer_decision(),
        "open_or_rest": open_or_rest(),
        "tournament": tournament(),
        "tournament_pick": tournament_pick(),
        "bout": bout(),
        "finished": finished(),
        "finished_tournament": finished_tournament(),
    }
