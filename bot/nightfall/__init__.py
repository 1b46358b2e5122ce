"""Nightfall on Discord: the game's face (``FACE``), found by the host through ``bot.games.FACES``.

Its prompts (``prompts``), turn summaries (``summary``), log events (``events``), images (``images``),
seats by name (``naming``), its words (``words``), Apocalypse Cup and stats (``cup``), move commands (``play``)
and ``/card`` and ``/rules`` (``info``, ``rules_text``).
"""

from bot.nightfall import words  # noqa: F401  (registers the game's words, domain "nightfall")
from bot.nightfall.face import FACE, NightfallFace

__all__ = ["FACE", "NightfallFace"]
