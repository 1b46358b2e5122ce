"""What a game's web page shows, as plain data: sections of short texts that the page's template escapes.

A game's face says its table in these (``Face.web_sections``), from its public view only; the page lays them
out (a wide section across the page, the others as cards in a grid on a desktop, one column on a phone). Texts
are plain: no markdown, no HTML, never a card-instance id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

#: the tones an item may take, each a style of the page (anything else is shown plainly)
TONES = frozenset({"", "active", "deciding", "good", "bad", "muted"})


@dataclass(frozen=True)
class Item:
    """One line of a section: its ``text``, a smaller ``note`` after it, and a ``tone`` of ``TONES``."""

    text: str
    note: str = ""
    tone: str = ""


@dataclass(frozen=True)
class Section:
    """A titled list of items; ``wide`` spans the page's width (the state of play, the commons), else it is a card
    in the grid (a player)."""

    title: str
    items: list[Item] = field(default_factory=list)
    wide: bool = False
    #: the section's tone (``TONES``): "active" for the player whose turn it is
    tone: str = ""


#: Discord's markup that a chat line may carry and a page must not show: bold, underline, strike, code
_MARKUP = re.compile(r"\*\*|__|~~|`")
#: a Discord timestamp, ``<t:1700000000:R>``
_STAMP = re.compile(r"<t:(\d+)(?::[tTdDfFR])?>")
#: a quote's mark at a line's start
_QUOTE = re.compile(r"^> ?", re.MULTILINE)


def plain(text: str) -> str:
    """A chat text as plain words for a page: without Discord's markup, its timestamps as UTC dates."""

    def stamp(m: re.Match[str]) -> str:
        return datetime.fromtimestamp(int(m.group(1)), UTC).strftime("%Y-%m-%d %H:%M UTC")

    return _QUOTE.sub("", _MARKUP.sub("", _STAMP.sub(stamp, text))).strip()


def sentences(text: str) -> list[str]:
    """A text split into its sentences (at a full stop, "!", "?" or "…" followed by a space, or a line break)."""
    parts = re.split(r"(?<=[.!?…])\s+|\n+", text)
    return [p.strip() for p in parts if p.strip()]
