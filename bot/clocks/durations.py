"""Decision deadlines as people type them: ``30m``, ``12h``, ``2d``, ``1d12h`` or ``none``.

The parser is strict on purpose: what a player types decides when someone else's move is
made for them, so anything odd (other digits than ASCII, units out of order or repeated,
huge numbers, spaces inside) is refused with a sentence saying what is accepted, never guessed.
"""

from __future__ import annotations

import re

from bot.words.i18n import count, noun, t

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR

#: the shortest and longest deadline a game may have
MIN_DEADLINE = 5 * MINUTE
MAX_DEADLINE = 14 * DAY
DEFAULT_DEADLINE = DAY
NONE_WORDS = ("none", "off")
MAX_TEXT = 16

# ASCII digits only ([0-9], not \d, which takes any script's digits); units in the order d, h, m,
# each at most once; at most 4 digits each, so no number can be huge before the bounds check
_PATTERN = re.compile(r"(?:([0-9]{1,4})d)?(?:([0-9]{1,4})h)?(?:([0-9]{1,4})m)?")


class BadDuration(ValueError):
    """A duration the parser refuses; ``key`` and ``fields`` say why, as a catalogue sentence."""

    def __init__(self, key: str, **fields: str) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


def parse_duration(text: str) -> int | None:
    """Seconds for ``text`` (``30m``, ``12h``, ``2d``, ``1d12h``), or None for ``none``.

    Raises ``BadDuration`` for anything else, or for a duration outside 5 minutes to 14 days.
    """
    raw = text.strip().lower() if text.isascii() else ""
    if raw in NONE_WORDS:
        return None
    match = _PATTERN.fullmatch(raw) if 0 < len(raw) <= MAX_TEXT else None
    if match is None or not any(match.groups()):
        raise BadDuration("duration.format")
    days, hours, minutes = (int(g) if g else 0 for g in match.groups())
    seconds = days * DAY + hours * HOUR + minutes * MINUTE
    if not MIN_DEADLINE <= seconds <= MAX_DEADLINE:
        low, high = format_duration(MIN_DEADLINE), format_duration(MAX_DEADLINE)
        raise BadDuration("duration.range", low=low, high=high)
    return seconds


def format_duration(seconds: int | None) -> str:
    """The short form the parser reads back: 86400 → ``1d``, 129600 → ``1d12h``, None → ``none``."""
    if seconds is None:
        return "none"
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // MINUTE
    out = "".join(f"{n}{unit}" for n, unit in ((days, "d"), (hours, "h"), (minutes, "m")) if n)
    return out or "0m"


def duration_text(seconds: int, lang: str = "en") -> str:
    """A deadline in words in the reader's language: 86400 → "1 day", 129600 → "1 dzień 12 godzin"."""
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // MINUTE
    parts = [count(n, unit, lang) for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    return " ".join(parts) or count(0, "minute", lang)


def deadline_text(seconds: int | None, turns_to_ai: int, game: str, lang: str = "en") -> str:
    """How a game's deadline really works, in one sentence: per decision, a missed one plays the rest of the
    game's stretch of play by default, and after ``turns_to_ai`` of them missed in a row the AI takes the seat.
    ``game`` is the game's key: the sentence takes the game's own nouns (``noun``)."""
    if seconds is None:
        return t("status.deadline_none", lang)
    deadline = duration_text(seconds, lang)
    until_end = noun(game, "span.until_end", lang)
    if turns_to_ai <= 0:
        return t("status.deadline_noai", lang, deadline=deadline, until_end=until_end)
    turns = noun(game, "span.count", lang, n=turns_to_ai)
    return t("status.deadline", lang, deadline=deadline, until_end=until_end, turns=turns)
