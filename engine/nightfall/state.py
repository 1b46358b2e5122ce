"""The whole game as plain, JSON-native data.

Every field holds only ints, strings, bools, lists and dicts with string keys, so
``to_json``/``from_json`` are a flat ``json.dumps`` of the fields and round-trip exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

from .decisions import Waiting

DRAFTS = ("standard", "two-player", "quick-start", "open", "common-ground")

#: The rules a game is played under. Every game keeps the version it was started under
#: (``State.rules``), so a stored game replays move for move; new games get ``RULES``.
#:
#: 1. The first release. Common-ground draft: two rounds, both picks to the commons, the last
#:    two cards of each hand leave the game, the commons filled up to 8 from the undealt cards.
#:    Sir John Travail's kicker resolves the chosen action's Kicker only if that kicker's colour
#:    is the colour Sir John was linked onto (purple).
#: 2. Common ground per Ruling 8 (corrected): three rounds, all three picks to the commons, the
#:    last card of each hand and the undealt cards leave the game, no fill-up. Sir John
#:    Travail's kicker resolves the action's Chain text and its Kicker, whatever its colour.
#: 3. A game in which nobody can act ends as stalled whatever ``auto_pass`` says: a decision
#:    ``auto_pass`` would have skipped (a chain opportunity with no linkable card, a claim phase
#:    with only "done") counts as no decision, so a seat asked to pass forever no longer is.
RULES = 3
#: the version of a state written before states said which rules they follow
LEGACY_RULES = 1
RULES_VERSIONS = (1, 2, 3)
#: the first rules version whose stalled-game count outlives one move (``State.quiet_turns``)
QUIET_RULES = 3


@dataclass(frozen=True)
class Options:
    """How a game is set up. ``first_player`` names a seat, or None for a random one."""

    draft: str = "standard"
    secret_archives: bool = False
    first_player: str | None = None
    #: Skip a player's chain opportunity (or claim phase) when they have nothing they could do.
    #: Faster for asynchronous play; reveals only that they had no linkable card.
    auto_pass: bool = True

    def __post_init__(self) -> None:
        if self.draft not in DRAFTS:
            raise ValueError(f"unknown draft '{self.draft}'; choose one of {', '.join(DRAFTS)}")

    def to_dict(self) -> dict[str, Any]:
        return {
            "draft": self.draft,
            "secret_archives": self.secret_archives,
            "first_player": self.first_player,
            "auto_pass": self.auto_pass,
        }


@dataclass
class State:
    seats: list[str]
    options: dict[str, Any]
    rng: int
    version: int = 0
    #: the rules version this game was started under (see ``RULES``)
    rules: int = RULES
    #: kind of every card instance, indexed by card id: a card key, or "wound:<type>"
    cards: list[str] = field(default_factory=list)
    #: damage marked on each card id (only meaningful while a minion is in play)
    damage: list[int] = field(default_factory=list)
    decks: list[list[int]] = field(default_factory=list)  # top of deck = end of list
    hands: list[list[int]] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)  # top = end
    in_play: list[list[int]] = field(default_factory=list)
    #: {"id": "a1", "card": key, "owner": seat index or -1 for commons, "cards": [...], "revealed": bool}
    archives: list[dict[str, Any]] = field(default_factory=list)
    wounds_up: list[int] = field(default_factory=list)  # top = end
    wounds_down: list[int] = field(default_factory=list)
    exiled: list[int] = field(default_factory=list)
    left_game: list[str] = field(default_factory=list)  # draft cards out of the game
    phase: str = "draft"  # draft, combat, chain, claim, cleanup, over
    step: str = ""
    active: int = 0
    first: int = 0
    turn: int = 0
    turns_taken: list[int] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    #: {"a": attacker id, "d": defender seat, "blockers": [ids in damage order], "done": bool}
    attacks: list[dict[str, Any]] = field(default_factory=list)
    blocks_open: list[int] = field(default_factory=list)  # defenders still declaring
    #: {"card": id, "by": seat, "onto": colour or None, "kick": bool, "status": str}
    chain: list[dict[str, Any]] = field(default_factory=list)
    chain_builders: list[int] = field(default_factory=list)  # seats still to get their opportunity
    chain_started: bool = False
    no_text_blocks: list[int] = field(default_factory=list)  # Watcher Two, until end of turn
    tasks: list[dict[str, Any]] = field(default_factory=list)
    #: the decisions waiting for a seat (see ``engine.nightfall.decisions``)
    waiting: list[Waiting] = field(default_factory=list)
    ending: bool = False
    #: turns begun since the last decision that was more than a forced pass (rules 3 on): over
    #: twice the number of seats, nobody can act any more and the game ends as stalled
    quiet_turns: int = 0
    draft: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["waiting"] = [w.to_dict() for w in self.waiting]
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> State:
        data = json.loads(text)
        data.setdefault("rules", LEGACY_RULES)  # stored before the field existed
        check_rules(data["rules"])
        waiting = [Waiting.from_dict(w) for w in data.pop("waiting", [])]
        for w in waiting:
            if w.opened is None:  # stored before decisions were dated: date them now
                w.opened = data.get("version", 0)
        return cls(**data, waiting=waiting)


def check_rules(rules: object) -> None:
    """Refuse a rules version this engine cannot play (e.g. a state from a newer engine)."""
    if type(rules) is not int or rules not in RULES_VERSIONS:
        known = ", ".join(map(str, RULES_VERSIONS))
        raise ValueError(f"rules version {rules!r} is unknown to this engine (it plays {known})")
