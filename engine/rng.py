"""A tiny seeded generator kept inside the game state.

We do not use :mod:`random` because its state is 2.5 KB of JSON and its algorithms
may change between Python versions; SplitMix64 is one integer and stable forever.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


def next_state(state: int) -> tuple[int, int]:
    """Advance ``state`` and return ``(new_state, 64-bit output)``."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


class Rng:
    """SplitMix64 with the helpers the game needs (below, shuffle, choice)."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n > 0)."""
        self.state, out = next_state(self.state)
        return (out * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
