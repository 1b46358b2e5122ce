"""The guard every channel image goes through: only a public view may be drawn for a channel.

A game's table and results images go to a channel, where everyone sees them, so they must be drawn from
``public_view()`` alone. The protocol (``engine.protocol``) has every ``private_view(seat)`` carry ``"you"``, the
seat it is for, and no public view carry it: that one key tells any game's private view from its public one. A
game adds the keys only its private views hold (a hand, a pick), so that a view assembled by hand from private
parts is refused too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: the key every private view carries and no public view does (``engine.protocol``)
PRIVATE_MARK = "you"


def check_public(view: Mapping[str, Any], private_keys: Iterable[str] = (), what: str = "this image") -> None:
    """Refuse a view that is not public: one that carries ``"you"`` or any of the game's ``private_keys``."""
    leaked = [k for k in (PRIVATE_MARK, *private_keys) if k in view]
    if leaked:
        raise ValueError(f"{what} takes public_view() only; the view holds {', '.join(dict.fromkeys(leaked))}")
