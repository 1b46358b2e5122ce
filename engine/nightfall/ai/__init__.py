"""Computer players. Each sees only what its seat may see: its private view and the legal actions.

    from engine.nightfall.ai import decide, make_player, play_out
    players = {"ada": make_player("hard", seed=1), "bram": make_player("easy", seed=2)}
    steps = play_out(game, players)                   # or, one move at a time:
    action = decide(players["ada"], game, "ada")

A player's ``choose(view, actions)`` gets ``ai_input(game, seat)``'s view — the
seat's private view with its knowledge of the game under ``"position"`` — and returns one of
``actions``. It never holds the ``Game``, so it cannot peek at a hand, a deck, a secret
archive or the shuffles to come. Levels (``LEVELS``): ``easy`` (``EasyPlayer``, greedy with
noise and whims), ``normal`` (``GreedyPlayer``, cheap heuristics) and ``hard``
(``HardPlayer``, a search over sampled games with greedy rollouts); ``RandomPlayer`` is a
baseline and a fuzzer.
"""

from .base import Events, Player, RandomPlayer, ai_input, decide, play_out
from .greedy import WORTH, GreedyPlayer, card_worth
from .levels import LEVELS, EasyPlayer, make_player
from .search import DEFAULT_BUDGET, HardPlayer

__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "WORTH",
    "EasyPlayer",
    "Events",
    "GreedyPlayer",
    "HardPlayer",
    "Player",
    "RandomPlayer",
    "ai_input",
    "card_worth",
    "decide",
    "make_player",
    "play_out",
]
