"""Altered Carbon: Fightdrome on Discord: the game's face (``FACE``), found by the host through ``bot.games.FACES``.

Its words (``texts``, domain "fightdrome"), prompts (``prompts``), round summaries (``summary``), log events
(``events``), images (``images``), move commands (``play``) and its part of ``/card`` and ``/rules`` (``info``).
"""

from bot.fightdrome.face import FACE, FightdromeFace

__all__ = ["FACE", "FightdromeFace"]
