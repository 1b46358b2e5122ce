"""The statistics the arenas share: the Wilson score interval of a win rate.

Its own module, below both arenas: ``bench/arena.py`` runs ``bench/arena_fightdrome.py`` and both report
intervals, so the interval lives where neither has to import the other for it.
"""

from __future__ import annotations

import math

#: the normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``wins`` in ``n`` (0..1 each end)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
