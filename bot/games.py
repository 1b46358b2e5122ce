"""The registry of every game's Discord face: ``FACES[key]`` for the key each stored game keeps.

The first face is the default of ``/game new``. Adding a game is its rules in ``engine/`` (registered in
``engine.games``), its images in ``render/``, its face in ``bot/`` — and one line here.
"""

from __future__ import annotations

from engine.games import GAMES

from .face import Face
from .nightfall import FACE as NIGHTFALL

#: every game's face, by its key, the default first
FACES: dict[str, Face] = {NIGHTFALL.key: NIGHTFALL}

assert set(FACES) == set(GAMES), "every game of engine.games has a face, and no face plays an unknown game"
