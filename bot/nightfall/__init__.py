"""Nightfall on Discord: the game's face (``FACE``), found by the host through ``bot.games.FACES``.

Its prompts (``prompts``), turn summaries (``summary``), log events (``events``), images (``images``),
seats by name (``naming``), Apocalypse Cup and stats (``cup``), move commands (``play``) and ``/card`` and
``/rules`` (``info``, ``rules_text``).
"""

from bot.nightfall.face import FACE, NightfallFace

__all__ = ["FACE", "NightfallFace"]
