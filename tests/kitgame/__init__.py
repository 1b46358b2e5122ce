"""A third game as a test fixture, Sealed Bids (secret simultaneous bids for 2–4 players), to prove that a new game
is its own packages and a line in each registry, with no host change: its rules (``engine``), images (``render``),
Discord face (``face``) and words (``words``, ``locales/``), in the same three layers as the real games.

``registered`` puts it in ``engine.games.GAMES`` and ``bot.games.FACES`` (and its words in the catalogues) for one
test's duration; ``tests/bot/test_host_contract.py`` then plays it as it plays every registered game.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

#: the kit game's registry key
KIT_KEY = "kitgame"


@contextmanager
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kit game in both registries (until ``monkeypatch`` undoes its changes) and its words known (until the
    block ends)."""
    from bot.games import FACES
    from engine.games import GAMES
    from tests.kitgame import words
    from tests.kitgame.engine import SEALED_BIDS
    from tests.kitgame.face import FACE

    words.register()
    monkeypatch.setitem(GAMES, KIT_KEY, SEALED_BIDS)
    monkeypatch.setitem(FACES, KIT_KEY, FACE)
    try:
        yield
    finally:
        words.unregister()  # the registries are restored by ``monkeypatch`` itself
