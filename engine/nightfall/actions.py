"""Atomic actions, their canonical text form, and the two kinds of refusal (``engine.protocol``'s).

The text form is strict: only what ``str(action)`` prints is read back. A verb from ``VERBS``
in lowercase, then its arguments, separated by single ASCII spaces; each argument has the shape
the engine prints for it (``c12`` a card, ``a3`` an archive, a seat name, a card key, ``use`` or
``skip``), ASCII only and short. Whatever else a player types is a ``ParseError``, never some other
exception, and no refusal echoes more than a few dozen characters of what was typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# the refusals are every game's (``engine.protocol``): here for ``from engine.nightfall import IllegalAction``
from ..protocol import ActionError as ActionError
from ..protocol import IllegalAction as IllegalAction
from ..protocol import ParseError as ParseError

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

#: the longest move text read at all (the longest the engine prints is far shorter:
#: ``attack c123456 <40-character seat>`` is 55)
MAX_TEXT = 64
#: at most this many digits in a card or archive number
MAX_DIGITS = 6
#: how much of a player's text a refusal quotes back
CLIP = 40

#: what ``str.strip`` may remove around a move: ASCII whitespace only
ASCII_SPACE = " \t\n\r\f\v"

# Every pattern is used with ``fullmatch`` and spells out ASCII classes: no ``\d`` (any Unicode
# digit), no ``$`` (which also matches before a final newline), no ``\s`` (Unicode whitespace).
_NUMBER = rf"(?:0|[1-9][0-9]{{0,{MAX_DIGITS - 1}}})"
#: ``c<digits>`` and ``a<digits>`` name cards and archives, never seats or card keys
_NOT_RESERVED = r"(?![ca][0-9]+(?: |\Z))"
#: a seat name: ASCII letters, digits, ``_ . -`` (``Game.new`` also refuses the reserved shapes)
SEAT_RE = re.compile(r"[A-Za-z0-9_.-]{1,40}")

#: the shapes of arguments, each a pattern for one word
_CARD, _ARCHIVE, _SEAT, _KEY, _USE = "card", "archive", "seat", "key", "use"
_SHAPE_PATTERNS: dict[str, str] = {
    _CARD: rf"c{_NUMBER}",  # c12: a card instance
    _ARCHIVE: rf"a{_NUMBER}",  # a3: an archive
    _SEAT: _NOT_RESERVED + SEAT_RE.pattern,  # a seat, as the game names it
    _KEY: _NOT_RESERVED + r"[a-z][a-z0-9_]{0,39}",  # vulko: a card key, in a draft
    _USE: r"use|skip",
}
_SHAPE_RES = {shape: re.compile(pattern) for shape, pattern in _SHAPE_PATTERNS.items()}
_SHAPE_NAMES = {
    _CARD: "a card (like c12)",
    _ARCHIVE: "an archive (like a3)",
    _SEAT: "a player",
    _KEY: "a card name (like vulko)",
    _USE: "'use' or 'skip'",
}
#: the shapes each argument of each verb may take (what the engine prints, nothing more)
_SHAPES: dict[str, tuple[tuple[str, ...], ...]] = {
    "draft": ((_KEY,),),
    "attack": ((_CARD,), (_SEAT,)),
    "block": ((_CARD,), (_CARD,)),
    "chain": ((_CARD,),),
    "pass": (),
    "target": ((_CARD, _ARCHIVE, _SEAT),),
    "order": ((_CARD, _SEAT),),
    "choose": ((_CARD,),),
    "claim": ((_ARCHIVE,),),
    "discard": ((_CARD,),),
    "done": (),
    "wound": ((_USE,),),
}
assert _SHAPES.keys() == VERBS.keys() and all(len(_SHAPES[v]) == n for v, n in VERBS.items())


def _move_pattern(verb: str) -> str:
    args = "".join(" (?:" + "|".join(_SHAPE_PATTERNS[shape] for shape in shapes) + ")" for shapes in _SHAPES[verb])
    return f"{verb}{args}"


#: verb -> the pattern of every canonical move with that verb, and nothing else
MOVE_RES: dict[str, re.Pattern[str]] = {verb: re.compile(_move_pattern(verb)) for verb in VERBS}
#: a line of printable ASCII words separated by single spaces
_WORDS_RE = re.compile(r"[!-~]+(?: [!-~]+)*")


def clip(text: object, limit: int = CLIP) -> str:
    """``text`` made safe to quote in a message: at most ``limit`` characters (then an ellipsis),
    with control and other unprintable characters shown as escapes."""
    s = text if isinstance(text, str) else repr(text)
    head = s[: limit + 1]
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in head)
    if len(s) > limit or len(shown) > limit:
        return shown[:limit] + "…"
    return shown


def is_card_ref(ref: object) -> bool:
    """Whether ``ref`` is a canonical card reference: ``c`` and up to ``MAX_DIGITS`` ASCII digits,
    no leading 0."""
    return isinstance(ref, str) and _SHAPE_RES[_CARD].fullmatch(ref) is not None


def is_archive_ref(ref: object) -> bool:
    """Whether ``ref`` is a canonical archive reference such as ``a3``."""
    return isinstance(ref, str) and _SHAPE_RES[_ARCHIVE].fullmatch(ref) is not None


def is_seat_name(name: object) -> bool:
    """Whether ``name`` has the shape of a seat name (not whether such a seat plays)."""
    return isinstance(name, str) and _SHAPE_RES[_SEAT].fullmatch(name) is not None


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
        """Inverse of ``str``: ``Action.parse(str(a), a.seat) == a``. ASCII whitespace around
        the text is ignored; anything else that is not exactly a move's text is a ``ParseError``."""
        if not isinstance(text, str):
            raise ParseError("A move is a line of text, like 'pass' or 'chain c12'.")
        text = text.strip(ASCII_SPACE)
        if _is_move(text):
            verb, *args = text.split(" ")
            return cls(seat, verb, tuple(args))
        raise _why_not(text)

    def check(self) -> None:
        """Raise ``ParseError`` unless this action is exactly what parsing its own text gives
        (text fields, a known verb, the right number and shape of arguments). ``Game.apply``
        looks no further at an action that fails this, so a hand-made one is as safe as a parsed one."""
        seat, verb, args = self.seat, self.verb, self.args
        if not (isinstance(seat, str) and isinstance(verb, str) and isinstance(args, tuple)):
            raise ParseError("That is not a move.")
        if not all(isinstance(arg, str) for arg in args):
            raise ParseError("That is not a move.")
        text = " ".join((verb, *args))
        if not _is_move(text):
            raise _why_not(text)
        if text.split(" ") != [verb, *args]:  # e.g. one argument "c12 p2" standing for two
            raise ParseError(f"'{clip(text)}' is not written the way moves are.")


def _is_move(text: str) -> bool:
    """Whether ``text`` is exactly the canonical text of some move."""
    pattern = MOVE_RES.get(text.partition(" ")[0])
    return pattern is not None and len(text) <= MAX_TEXT and pattern.fullmatch(text) is not None


def _why_not(text: str) -> ParseError:
    """The refusal of a text that is not a move, saying what is wrong with it."""
    if not text:
        return ParseError("That is an empty move.")
    if len(text) > MAX_TEXT:
        return ParseError(f"'{clip(text)}' is too long for a move (at most {MAX_TEXT} characters).")
    if not text.isascii():
        return ParseError(f"'{clip(text)}' is not a move: use plain letters and digits, like 'chain c12'.")
    if _WORDS_RE.fullmatch(text) is None:
        return ParseError(f"'{clip(text)}' is not a move: separate its words with single spaces.")
    verb, *args = text.split(" ")
    if verb not in VERBS:
        if verb.lower() in VERBS:
            return ParseError(f"Moves are written in lowercase: '{verb.lower()}', not '{clip(verb)}'.")
        return ParseError(f"'{clip(verb)}' is not a move I know.")
    if len(args) != VERBS[verb]:
        return ParseError(f"'{verb}' takes {VERBS[verb]} argument(s), not {len(args)}.")
    for arg, shapes in zip(args, _SHAPES[verb], strict=True):
        if not any(_SHAPE_RES[shape].fullmatch(arg) for shape in shapes):
            wanted = " or ".join(_SHAPE_NAMES[shape] for shape in shapes)
            return ParseError(f"'{clip(arg)}' is not {wanted}.")
    return ParseError(f"'{clip(text)}' is not a move I know.")  # not reached: MOVE_RES say the same
