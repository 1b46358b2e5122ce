"""Card definitions, loaded from ``data/cards.json`` so a group can correct a row without code."""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

COLOURS = ("red", "white", "blue", "yellow", "purple", "green")
#: One letter per colour, so links read without colour vision.
COLOUR_LETTERS = {"red": "R", "white": "W", "blue": "B", "yellow": "Y", "purple": "P", "green": "G"}
WOUND_TYPES = ("bite", "burn", "bleed")


@dataclass(frozen=True)
class Kicker:
    colour: str
    text: str


@dataclass(frozen=True)
class CardDef:
    """One kind of order card, exactly as the data file says."""

    key: str
    type: str  # "minion" or "action"
    starting: bool
    names: dict[str, str]
    colour: str
    links: tuple[str, ...]
    cost: int
    strength: int | None
    health: int | None
    keywords: tuple[str, ...]
    text: dict[str, str]
    kicker: Kicker | None
    statics: frozenset[str]
    effects: dict[str, list[dict[str, Any]]]
    marks: dict[str, str]
    tagline: str | None = None
    reconstructed_fields: tuple[str, ...] = field(default=())

    @property
    def name(self) -> str:
        return self.names["en"]

    @property
    def is_minion(self) -> bool:
        return self.type == "minion"

    @property
    def reconstructed(self) -> bool:
        """True when any rules field of this card was reconstructed, not printed."""
        return bool(self.reconstructed_fields)

    def has(self, static: str) -> bool:
        return static in self.statics

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly description used by views and the renderer."""
        return {
            "key": self.key,
            "name": self.name,
            "names": dict(self.names),
            "type": self.type,
            "starting": self.starting,
            "colour": self.colour,
            "links": list(self.links),
            "cost": self.cost,
            "strength": self.strength,
            "health": self.health,
            "keywords": list(self.keywords),
            "tagline": self.tagline,
            "text": dict(self.text),
            "kicker": {"colour": self.kicker.colour, "text": self.kicker.text} if self.kicker else None,
            "marks": dict(self.marks),
            "reconstructed": self.reconstructed,
        }


@dataclass(frozen=True)
class CardSet:
    cards: dict[str, CardDef]
    quick_start_pairs: tuple[tuple[str, str], ...]
    archive_size: int
    wound_types: tuple[str, ...]
    wounds_per_type: int
    wound_effect: str
    wound_names: dict[str, dict[str, str]]

    @property
    def starting(self) -> list[CardDef]:
        return [c for c in self.cards.values() if c.starting]

    @property
    def draftable(self) -> list[CardDef]:
        return [c for c in self.cards.values() if not c.starting]


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _parse(raw: dict[str, Any]) -> CardDef:
    marks = dict(raw.get("marks") or {})
    kick = raw.get("kicker")
    return CardDef(
        key=raw["id"],
        type=raw["type"],
        starting=bool(raw["starting"]),
        names=dict(raw["names"]),
        colour=raw["colour"],
        links=tuple(raw["links"]),
        cost=int(raw["cost"]),
        strength=raw.get("strength"),
        health=raw.get("health"),
        keywords=tuple(raw.get("keywords") or ()),
        text={k: v for k, v in (raw.get("text") or {}).items() if v},
        kicker=Kicker(kick["colour"], kick["text"]) if kick else None,
        statics=frozenset(raw.get("statics") or ()),
        effects={k: list(v) for k, v in (raw.get("effects") or {}).items()},
        marks=marks,
        tagline=raw.get("tagline"),
        reconstructed_fields=tuple(
            f
            for f in (
                "chain",
                "your_chain",
                "in_play",
                "kicker",
                "strength",
                "health",
                "cost",
                "links",
                "colour",
            )
            if f in marks and marks[f] == "reconstructed"
        ),
    )


def load_cards(text: str) -> CardSet:
    """Parse a card data document (the format of ``data/cards.json``)."""
    doc = json.loads(text)
    cards = {raw["id"]: _parse(raw) for raw in doc["cards"]}
    for c in cards.values():
        bad = [x for x in (c.colour, *c.links) if x not in COLOURS]
        if bad:
            raise ValueError(f"card {c.key}: unknown colour {bad}")
        if c.kicker and c.kicker.colour not in COLOURS:
            raise ValueError(f"card {c.key}: unknown kicker colour {c.kicker.colour}")
    w = doc["wounds"]
    return CardSet(
        cards=cards,
        quick_start_pairs=tuple((a, b) for a, b in doc["quick_start_pairs"]),
        archive_size=int(doc["archive_size"]),
        wound_types=tuple(w["types"]),
        wounds_per_type=int(w["per_type"]),
        wound_effect=w["effect"],
        wound_names=w["names"],
    )


@cache
def card_set() -> CardSet:
    """The base set, read once from the package data."""
    data = resources.files("engine").joinpath("data/cards.json").read_text(encoding="utf-8")
    return load_cards(data)


def card(key: str) -> CardDef:
    return card_set().cards[key]


def find_card(name: str) -> CardDef | None:
    """Look a card up by key or by its English, Polish or Russian name (case and accents ignored)."""
    cs = card_set()
    if name in cs.cards:
        return cs.cards[name]
    want = _fold(name)
    if not want:
        return None
    for c in cs.cards.values():
        if want == _fold(c.key) or any(want == _fold(n) for n in c.names.values()):
            return c
    for c in cs.cards.values():
        if any(want in _fold(n) for n in c.names.values()):
            return c
    return None
