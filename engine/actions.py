"""Atomic actions, their canonical text form, and the two kinds of refusal."""

from __future__ import annotations

from dataclasses import dataclass

#: verb -> number of arguments it takes
VERBS: dict[str, int] = {
    "draft": 1,  # draft <card key>
    "attack": 2,  # attack <minion> <seat>
    "block": 2,  # block <blocker> <attacker>
    "chain": 1,  # chain <card>          start or link a chain
    "pass": 0,  # add no (more) cards to the chain
    "target": 1,  # target <card|archive|seat>
    "order": 1,  # order <card|seat>     which one goes next
    "choose": 1,  # choose <card>         a card of your choice from your own hand
    "claim": 1,  # claim <archive>
    "discard": 1,  # discard <card>        for 1 influence in your claim phase
    "done": 0,  # end blocks / end claim
    "wound": 1,  # wound use | wound skip
}


class ActionError(ValueError):
    """Base of every refusal; the message is a sentence a player can read."""


class ParseError(ActionError):
    """The text is not an action at all."""


class IllegalAction(ActionError):
    """A well-formed action that is not legal now."""


@dataclass(frozen=True, slots=True)
class Action:
    """One small choice by one seat, e.g. ``Action("s1", "chain", ("c17",))``."""

    seat: str
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    @classmethod
    def parse(cls, text: str, seat: str) -> Action:
        """Inverse of ``str``: ``Action.parse(str(a), a.seat) == a``."""
        words = text.split()
        if not words:
            raise ParseError("That is an empty move.")
        verb = words[0].lower()
        if verb not in VERBS:
            raise ParseError(f"'{words[0]}' is not a move I know.")
        args = tuple(words[1:])
        if len(args) != VERBS[verb]:
            raise ParseError(f"'{verb}' takes {VERBS[verb]} argument(s), not {len(args)}.")
        return cls(seat, verb, args)
