"""Altered Carbon: Fightdrome, a two-player card duel of punches, kicks and grapples (``FIGHTDROME.md``).

The rules as a pure library: ``Match`` (``engine.protocol.Match``) with its ``Options`` (a series to 300 or
150 Fame, a single bout, a Grand Tournament; Breather, Last Breath), the card data (``data/cards.json``
read by ``cards``), the moves' text (``actions``), the views (``views``) and the AI levels (``ai``).

    from engine.fightdrome import Match, Options
    match = Match.new(["ana", "bo"], seed=7, options=Options(format="bout"))
"""

from .actions import Action, ActionError, IllegalAction, ParseError
from .match import KINDS, Decision, Match, Options

__all__ = ["KINDS", "Action", "ActionError", "Decision", "IllegalAction", "Match", "Options", "ParseError"]
