"""Fightdrome's moves and their canonical text: ``open K30``, ``answer KB80``, ``rest``, ``stun-discard FT``,
``sleeve SL3``.

A move names a card's face, not its copy: two ``K10`` in a hand are one move. The text form is strict and
ASCII (case is forgiven on reading: ``answer kb80`` is ``answer KB80``); anything else is a ``ParseError``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# the refusals are every game's (``engine.protocol``): here for ``from engine.fightdrome import IllegalAction``
from ..protocol import ActionError as ActionError
from ..protocol import IllegalAction as IllegalAction
from ..protocol import ParseError as ParseError
from .cards import is_face, sleeves

#: every verb, and whether it names a card (``True``), a Sleeve (``"sleeve"``) or nothing (``False``)
VERBS: dict[str, bool | str] = {
    "open": True,  # open an exchange with an attack (also the follow-up after a Feint)
    "answer": True,  # play a card on the top card of the fight line
    "rest": False,  # draw a card instead of opening, after the opponent was stunned
    "stun-discard": True,  # stunned: put a card of your hand face down on your stun pile
    "sleeve": "sleeve",  # Grand Tournament: the next fighter
}

#: the longest text read at all, and how much of it a refusal quotes back
MAX_TEXT = 40
CLIP = 30

_TEXT = re.compile(r"([a-z-]+)(?: ([A-Za-z0-9]+))?")


@dataclass(frozen=True, slots=True)
class Action:
    """One move of one seat: a verb and the card face (or Sleeve) it names."""

    seat: str
    verb: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.arg}" if self.arg else self.verb


def parse(seat: str, text: str) -> Action:
    """The move ``text`` names for ``seat``; a ``ParseError`` that says why otherwise."""
    shown = text[:CLIP]
    cleaned = text.strip(" \t\n\r")
    if len(cleaned) > MAX_TEXT:
        raise ParseError(f"{shown!r}… is not a move")
    m = _TEXT.fullmatch(cleaned.lower() if cleaned.split(" ")[0].isascii() else cleaned)
    if m is None:
        raise ParseError(f"{shown!r} is not a move (like 'open K30', 'answer PB80' or 'rest')")
    verb, arg = m.group(1), m.group(2) or ""
    if verb not in VERBS:
        raise ParseError(f"unknown move {verb!r}: the moves are {', '.join(VERBS)}")
    wants = VERBS[verb]
    if not wants:
        if arg:
            raise ParseError(f"'{verb}' takes nothing after it")
        return Action(seat, verb)
    if not arg:
        raise ParseError(f"'{verb}' needs a {'Sleeve (like SL3)' if wants == 'sleeve' else 'card (like K30)'}")
    arg = arg.upper()
    if wants == "sleeve":
        if arg not in sleeves():
            raise ParseError(f"{arg[:CLIP]!r} is not a Sleeve (SL1 to SL6)")
    elif not is_face(arg):
        raise ParseError(f"{arg[:CLIP]!r} is not a card (like K30, PB80, NP, DG, FT)")
    return Action(seat, verb, arg)
