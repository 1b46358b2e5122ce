"""A game's log lines, kept as what happened rather than as English, so each reader gets their language.

A line is a public engine event (with seat ids already replaced by display names) or a bot sentence
(a catalogue key and its fields). A field that itself reads differently per language (a move's
label) is stored as ``{"en": …, "pl": …, "ru": …}``. The channel's thread and ``/game log`` show the
lines in the game's language, the "since your last move" block of a DM in the player's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.i18n import LANGUAGES
from engine.nightfall.cards import card_set
from engine.nightfall.log import describe_event
from engine.nightfall.texts import card_by_english_name, wound_text

from .i18n import pick, rename, t

Data = dict[str, Any]


@dataclass(frozen=True)
class LogLine:
    data: Data

    @classmethod
    def event(cls, event: dict[str, Any], names: dict[str, str]) -> LogLine:
        """A public engine event, its seats named (its card names per language: see ``localised``)."""
        return cls({"event": rename(event, names)})

    @classmethod
    def say(cls, key: str, **fields: Any) -> LogLine:
        """A bot sentence; a field given as ``{lang: text}`` is picked per reader."""
        return cls({"key": key, "fields": fields})

    @classmethod
    def stored(cls, text: str, data: str | None) -> LogLine:
        """A line as the database keeps it; lines from before languages have only their English ``text``."""
        return cls(json.loads(data)) if data else cls({"text": text})

    def dumps(self) -> str:
        return json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))

    def text(self, lang: str = "en") -> str:
        d = self.data
        if "event" in d:
            # the engine words the event and puts the card names it carries (in English) into ``lang``
            return describe_event(in_language(d["event"], "en"), lang=lang)
        if "key" in d:
            return t(d["key"], lang, **d.get("fields", {}))
        return str(d.get("text", ""))


def per_language(make: Any) -> dict[str, str]:
    """``{lang: make(lang)}`` for every language: a field that must read in each reader's language."""
    return {lang: make(lang) for lang in LANGUAGES}


#: The fields of an engine event that name cards (in English), each with the field holding the card's
#: reference when there is one.
NAME_FIELDS = {"name": "card", "attacker_name": "attacker", "source_name": "source", "target_name": "target"}
LIST_FIELDS = ("names", "commons")


def localised(event: dict[str, Any], card_of: Any) -> dict[str, Any]:
    """The event with every card name it carries as ``{lang: name}``, so a line or a summary made from
    it later reads in any language. ``card_of(ref)`` gives the card view of a reference ("c12") in
    the game (``Game.card_view``), which tells a card's kind even where two kinds share a name."""
    out = dict(event)
    for name_field, ref_field in NAME_FIELDS.items():
        value = event.get(name_field)
        if isinstance(value, str):
            out[name_field] = _names_of(value, event.get(ref_field), card_of)
    for list_field in LIST_FIELDS:
        values = event.get(list_field)
        if isinstance(values, list):
            out[list_field] = [_names_of(v, None, card_of) if isinstance(v, str) else v for v in values]
    private = event.get("private")
    if isinstance(private, dict):
        out["private"] = {
            k: [_names_of(v, None, card_of) for v in vs] if isinstance(vs, list) else vs for k, vs in private.items()
        }
    return out


def in_language(event: dict[str, Any], lang: str) -> dict[str, Any]:
    """A stored event with its per-language names taken in ``lang`` (what ``describe_event`` reads)."""
    out: dict[str, Any] = {}
    for k, v in event.items():
        if isinstance(v, list):
            out[k] = [pick(x, lang) for x in v]
        elif isinstance(v, dict) and "en" not in v:
            out[k] = {
                kk: [pick(x, lang) for x in vv] if isinstance(vv, list) else pick(vv, lang) for kk, vv in v.items()
            }
        else:
            out[k] = pick(v, lang)
    return out


def _names_of(name: str, ref: Any, card_of: Any) -> Any:
    """``{lang: name}`` for a card named ``name`` (found by its reference, else by its English name);
    the name itself when it is no card's (a player's name in ``target_name``)."""
    key: str | None = None
    wound: str | None = None
    if isinstance(ref, str) and ref[:1] == "c" and ref[1:].isdigit():
        try:
            view = card_of(int(ref[1:]))
        except (IndexError, ValueError):
            view = None
        if view is not None:
            key, wound = view.get("card"), view.get("wound_type")
    if key is None:
        found = card_by_english_name(name)
        key = found.key if found is not None else None
    cards = card_set()
    if wound is not None:  # English as the engine words it, so its own lines find the wound again
        return {lang: name if lang == "en" else wound_text(wound, lang) for lang in LANGUAGES}
    if key in cards.cards:
        return per_language(cards.cards[key].name_in)
    return name

