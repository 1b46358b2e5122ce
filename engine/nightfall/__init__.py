"""Nightfall, the deck-building game of vampires, werewolves, ghouls and hunters (2–5 players).

The rules as a pure library: ``Game`` is a Nightfall match (``engine.protocol.Match``), built from
the modules here — the state and options (``state``), setup and the draft (``setup``), turns,
combat, chains and card effects, scoring and the Apocalypse Cup, views, the log's events, texts in
three languages, the card data (``data/cards.json``) and the AI levels (``ai``).

    from engine.nightfall import Game, Options, IllegalAction
"""

from .game import Action, ActionError, ApocalypseCup, Decision, Game, IllegalAction, Options, ParseError

__all__ = [
    "Action",
    "ActionError",
    "ApocalypseCup",
    "Decision",
    "Game",
    "IllegalAction",
    "Options",
    "ParseError",
]
