"""Fightdrome's moves as slash commands and its ``/game new`` options, declared as data: ``/open``, ``/answer``,
``/rest``, ``/stun`` (a stunned player's face-down discard) and ``/fighter`` (the Grand Tournament's next Sleeve),
each listing only the caller's legal moves; the host makes the commands (``bot.cogs.verbs``), the words'
translations are in ``bot.fightdrome.commands``.

A card may be typed as autocomplete gives it, by its code (``K30``, ``pb80``) or by its name in any of the
three languages ("kick 30", "Kopnięcie 30", "удар ногой 30"): the host's ``typed_move`` reads it through the
face's ``move_names``.
"""

from __future__ import annotations

from bot.face import NewOption
from bot.verbs import Verb
from engine.fightdrome.match import FORMATS

VERBS: tuple[Verb, ...] = (
    Verb("open", "Open an exchange with an attack from your hand", ("open",), "card", "An attack from your hand"),
    Verb(
        "answer",
        "Answer the top card of the fight line",
        ("answer",),
        "card",
        "A card from your hand that may be played on it",
    ),
    Verb("rest", "Rest instead of opening: draw a card (after your opponent was stunned)", ("rest",)),
    Verb("stun", "Stunned: choose the card you discard face down", ("stun-discard",), "card", "A card from your hand"),
    Verb(
        "fighter",
        "Grand Tournament: pick your next fighter",
        ("sleeve",),
        "sleeve",
        "One of your Sleeves still to fight",
    ),
)

NEW_OPTIONS: tuple[NewOption, ...] = (
    NewOption(
        "format",
        str,
        "Fightdrome: a match to a Fame target, a single bout, or a Grand Tournament",
        "series",
        FORMATS,
        ("match to a Fame target", "single bout", "Grand Tournament"),
    ),
    NewOption("fame_counts", bool, "Fightdrome: the match is won at 150 Fame instead of 300", False),
    NewOption("breather", bool, "Fightdrome: after a Rest the stunned player may rest back", False),
    NewOption("last_breath", bool, "Fightdrome: draw after a neuro card that was your last", False),
)
