"""A game's log lines, kept as what happened rather than as English, so each reader gets their language.

A line is a public engine event (with seat ids already replaced by display names) or a bot sentence
(a catalogue key and its fields). A field that itself reads differently per language (a move's
label) is stored as ``{"en": …, "pl": …, "ru": …}``. The channel's thread and ``/game log`` show the
lines in the game's language, the "since your last move" block of a DM in the player's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.words.i18n import rename, t
from engine.i18n import LANGUAGES

Data = dict[str, Any]
#: a game's wording of one of its kept events in a language (``Face.describe``)
Describe = Callable[[dict[str, Any], str], str]


@dataclass(frozen=True)
class LogLine:
    data: Data
    #: the line in English, as the ``log.text`` column keeps it (for an event: worded when it was made)
    english: str = field(default="", compare=False)

    @classmethod
    def event(cls, event: dict[str, Any], names: dict[str, str], describe: Describe) -> LogLine:
        """A public engine event as its game keeps it (card names per language), its seats named."""
        data = {"event": rename(event, names)}
        return cls(data, describe(data["event"], "en"))

    @classmethod
    def say(cls, key: str, **fields: Any) -> LogLine:
        """A bot sentence; a field given as ``{lang: text}`` is picked per reader."""
        return cls({"key": key, "fields": fields})

    @classmethod
    def stored(cls, text: str, data: str | None) -> LogLine:
        """A line as the database keeps it; lines from before languages have only their English ``text``."""
        return cls(json.loads(data) if data else {"text": text}, text)

    def dumps(self) -> str:
        return json.dumps(self.data, ensure_ascii=False, separators=(",", ":"))

    def text(self, lang: str = "en", describe: Describe | None = None) -> str:
        """The line in ``lang``: an event in its game's words (``describe``: without it, the English kept)."""
        d = self.data
        if "event" in d:
            return describe(d["event"], lang) if describe is not None else self.english
        if "key" in d:
            return t(d["key"], lang, **d.get("fields", {}))
        return str(d.get("text", ""))


def per_language(make: Any) -> dict[str, str]:
    """``{lang: make(lang)}`` for every language: a field that must read in each reader's language."""
    return {lang: make(lang) for lang in LANGUAGES}
