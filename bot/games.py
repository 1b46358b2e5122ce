"""The registry of every game's Discord face: ``FACES[key]`` for the key each stored game keeps.

The first face is the default of ``/game new``. Adding a game is its rules in ``engine/`` (registered in
``engine.games``), its images in ``render/``, its face in ``bot/`` — and one line here.
"""

from __future__ import annotations

from bot.face import Face
from bot.fightdrome import FACE as FIGHTDROME
from bot.nightfall import FACE as NIGHTFALL
from engine.games import GAMES

#: every game's face, by its key, the default first
FACES: dict[str, Face] = {NIGHTFALL.key: NIGHTFALL, FIGHTDROME.key: FIGHTDROME}

assert set(FACES) == set(GAMES), "every game of engine.games has a face, and no face plays an unknown game"


def game_name(key: str) -> str:
    """A stored game's name as players know it ("Nightfall"), for the host's texts that name the game played."""
    face = FACES.get(key)
    return face.rules.name if face is not None else key


def seats_text(key: str) -> str:
    """How many players a game takes, as the host's texts print it: "2–5", or "2" for a duel."""
    seats = FACES[key].rules.seats
    low, high = min(seats), max(seats)
    return str(low) if low == high else f"{low}–{high}"
