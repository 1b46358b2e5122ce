"""The whole game as plain, JSON-native data.

Every field holds only ints, strings, bools, lists and dicts with string keys, so
``to_json``/``from_json`` are a flat ``json.dumps`` of the fields and round-trip exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from typing import Any

DRAFTS = ("standard", "two-player", "quick-start", "open", "common-ground")


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
    waiting: list[dict[str, Any]] = field(default_factory=list)
    ending: bool = False
    draft: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(
            {f.name: getattr(self, f.name) for f in fields(self)}, separators=(",", ":"), ensure_ascii=False
        )

    @classmethod
    def from_json(cls, text: str) -> State:
        return cls(**json.loads(text))
