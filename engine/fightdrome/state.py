"""The pieces of a Fightdrome match that the match and its views share: its options, a fighter's cards, a
decision waiting on a seat.

They sit below both ``match`` (which plays) and ``views`` (which shows what each reader may see of it), so the
views can name what they read without importing the match that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import face_of, sort_key

FORMATS = ("series", "bout", "tournament")
TARGETS = (300, 150)
#: a decision waiting on a seat, by kind (section 9.1)
KINDS = ("open", "follow_up", "open_or_rest", "rest_or_open", "answer", "stun_discard", "sleeve")


@dataclass(frozen=True)
class Options:
    """How a match is played: a ``series`` to ``target`` Fame (300, or 150 with "Fame Counts"), a single
    ``bout``, or a Grand ``tournament`` of three fighters each; and the optional rules of section 5."""

    format: str = "series"
    target: int = 300
    breather: bool = False
    last_breath: bool = False

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}")
        if self.target not in TARGETS:
            raise ValueError("target must be 300 or 150 (Fame Counts)")


@dataclass(frozen=True)
class Decision:
    """Who must act and on what; ``opened`` is the version at which it reached the seat."""

    seat: str
    kind: str
    opened: int = field(default=0, compare=False)


@dataclass
class Fighter:
    """One player's fighter and cards. ``team`` holds the Grand Tournament's Sleeves still to fight."""

    sleeve: str
    stack: str
    team: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    stun: list[str] = field(default_factory=list)
    fame: int = 0
    wins: int = 0

    def faces(self) -> list[str]:
        """The hand's faces, once each, in hand order."""
        return sorted({face_of(c) for c in self.hand}, key=sort_key)
