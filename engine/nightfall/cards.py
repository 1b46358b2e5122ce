"""Card definitions, loaded from ``data/cards.json`` so a group can correct a row without code.

The data file keeps each card's texts in English and, beside them, in Polish and Russian
(``text_i18n``, ``kicker_i18n``, ``tagline_i18n``, the set's keyword and wound names): ask a card
for them with ``name_in``, ``text_in``, ``kicker_in``, ``keywords_in`` and ``tagline_in``, which fall
back to English where a translation is missing.
"""

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
    #: Translations by language: rules texts ({lang: {part: text}}), kicker text, tagline, keywords.
    text_i18n: dict[str, dict[str, str]] = field(default_factory=dict)
    kicker_i18n: dict[str, str] = field(default_factory=dict)
    tagline_i18n: dict[str, str] = field(default_factory=dict)
    keywords_i18n: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.names["en"]

    def name_in(self, lang: str) -> str:
        """The card's name in ``lang`` (English when the data has none)."""
        return self.names.get(lang) or self.name

    def text_in(self, lang: str) -> dict[str, str]:
        """The rules texts (``chain``, ``your_chain``, ``in_play``) in ``lang``, each English where untranslated."""
        tr = self.text_i18n.get(lang, {})
        return {part: tr.get(part) or text for part, text in self.text.items()}

    def kicker_in(self, lang: str) -> Kicker | None:
        """The kicker with its text in ``lang`` (its colour is the same in every language)."""
        if self.kicker is None:
            return None
        return Kicker(self.kicker.colour, self.kicker_i18n.get(lang) or self.kicker.text)

    def keywords_in(self, lang: str) -> tuple[str, ...]:
        """The creature keywords in ``lang``: ("Vampire",) → ("Wampir",) / ("Вампир",)."""
        return self.keywords_i18n.get(lang) or self.keywords

    def tagline_in(self, lang: str) -> str | None:
        """The tagline (the words after the keyword on the printed card) in ``lang``."""
        if self.tagline is None:
            return None
        return self.tagline_i18n.get(lang) or self.tagline

    def translated_in(self, lang: str) -> bool:
        """Whether a text of this card in ``lang`` is our own translation, not the wording printed
        in that language's rulebook (its mark ``<field>_<lang>`` says "translated")."""
        fields = [*self.text, *(("kicker",) if self.kicker else ()), *(("tagline",) if self.tagline else ())]
        return lang != "en" and any(self.marks.get(f"{f}_{lang}") == "translated" for f in fields)

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
    wound_effect_i18n: dict[str, str] = field(default_factory=dict)
    #: Creature keywords by language: {"pl": {"Vampire": "Wampir"}, ...}.
    keyword_names: dict[str, dict[str, str]] = field(default_factory=dict)

    @property
    def starting(self) -> list[CardDef]:
        return [c for c in self.cards.values() if c.starting]

    @property
    def draftable(self) -> list[CardDef]:
        return [c for c in self.cards.values() if not c.starting]

    def wound_effect_in(self, lang: str) -> str:
        """The base-set wound effect in ``lang`` (English when untranslated)."""
        return self.wound_effect_i18n.get(lang) or self.wound_effect

    def wound_name(self, wound_type: str, lang: str) -> str:
        """A wound type's word in ``lang``: "bite", "ugryzienie", "укус"."""
        return (self.wound_names.get(lang) or self.wound_names.get("en") or {}).get(wound_type, wound_type)

    def keyword_in(self, keyword: str, lang: str) -> str:
        """A creature keyword in ``lang``: "Lycanthrope" → "Wilkołak" / "Оборотень"."""
        return self.keyword_names.get(lang, {}).get(keyword, keyword)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _parse(raw: dict[str, Any], keyword_names: dict[str, dict[str, str]]) -> CardDef:
    marks = dict(raw.get("marks") or {})
    kick = raw.get("kicker")
    keywords = tuple(raw.get("keywords") or ())
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
        keywords=keywords,
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
        text_i18n={lang: {k: v for k, v in texts.items() if v} for lang, texts in (raw.get("text_i18n") or {}).items()},
        kicker_i18n={lang: v for lang, v in (raw.get("kicker_i18n") or {}).items() if v} if kick else {},
        tagline_i18n={lang: v for lang, v in (raw.get("tagline_i18n") or {}).items() if v},
        keywords_i18n={
            lang: tuple(names.get(k, k) for k in keywords) for lang, names in keyword_names.items() if keywords
        },
    )


def load_cards(text: str) -> CardSet:
    """Parse a card data document (the format of ``data/cards.json``)."""
    doc = json.loads(text)
    keyword_names: dict[str, dict[str, str]] = (doc.get("keywords") or {}).get("names") or {}
    cards = {raw["id"]: _parse(raw, keyword_names) for raw in doc["cards"]}
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
        wound_effect_i18n=dict(w.get("effect_i18n") or {}),
        keyword_names=keyword_names,
    )


@cache
def card_set() -> CardSet:
    """The base set, read once from the package data."""
    data = resources.files("engine.nightfall").joinpath("data/cards.json").read_text(encoding="utf-8")
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
