"""The registry of every game the host can run: ``GAMES[key]`` is that game's ``Rules`` (``engine.protocol``).

Adding a game is a package under ``engine/`` with a ``Rules`` object, and one line here.
"""

from __future__ import annotations

from .fightdrome.rules import FIGHTDROME
from .nightfall.rules import NIGHTFALL
from .protocol import Rules

#: every game, by its key
GAMES: dict[str, Rules] = {NIGHTFALL.key: NIGHTFALL, FIGHTDROME.key: FIGHTDROME}
