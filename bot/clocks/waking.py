"""A person's own time: their time zone, their quiet hours, and the waking time between two instants.

A person may set quiet hours (``/me quiet hours:23-8``) in their own time zone (``/me timezone``, UTC when none is
set). Their deadline clocks run only outside those hours: a deadline of one day is 24 hours of their waking time,
so it never falls due, reminds nor hands a seat over while they sleep. Everything here works on epoch seconds and
the zone's rules (``zoneinfo``), so clocks survive restarts and daylight-saving changes: a night whose clocks go
forward is an hour shorter, one whose clocks go back an hour longer. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

#: at least this many waking minutes a day: quiet hours longer than 16 hours are refused
MAX_QUIET_MINUTES = 16 * 60
OFF_WORDS = ("off", "none")
_RANGE = re.compile(r"([0-9]{1,2})(?::([0-9]{2}))?-([0-9]{1,2})(?::([0-9]{2}))?")


class BadQuiet(ValueError):
    """Quiet hours the parser refuses; ``key`` names the catalogue sentence that says why."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Quiet:
    """Quiet hours as minutes after local midnight: from ``start`` to ``end``, across midnight when end < start."""

    start: int
    end: int

    @property
    def minutes(self) -> int:
        return (self.end - self.start) % (24 * 60)

    def text(self) -> str:
        """The form the parser reads back: ``23:00-08:00``."""
        return f"{self.start // 60:02d}:{self.start % 60:02d}-{self.end // 60:02d}:{self.end % 60:02d}"


def parse_quiet(text: str) -> Quiet | None:
    """``23-8``, ``23:30-7``, ``22:00-06:30`` as quiet hours, or None for ``off``. Raises ``BadQuiet``: the format,
    a range of no length, or one that leaves fewer than 8 waking hours a day."""
    raw = text.strip().lower().replace(" ", "") if text.isascii() else ""
    if raw in OFF_WORDS:
        return None
    match = _RANGE.fullmatch(raw.replace("–", "-")) if len(raw) <= 16 else None
    if match is None:
        raise BadQuiet("quiet.format")
    h1, m1, h2, m2 = (int(g) if g else 0 for g in match.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        raise BadQuiet("quiet.format")
    quiet = Quiet(h1 * 60 + m1, h2 * 60 + m2)
    if quiet.minutes == 0:
        raise BadQuiet("quiet.empty")
    if quiet.minutes > MAX_QUIET_MINUTES:
        raise BadQuiet("quiet.too_long")
    return quiet


def stored_quiet(start: int | None, end: int | None) -> Quiet | None:
    """Quiet hours as the store keeps them (two columns of minutes, both NULL when none)."""
    return Quiet(int(start), int(end)) if start is not None and end is not None else None


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone name the machine knows, sorted (the ``/me timezone`` autocomplete)."""
    return tuple(sorted(n for n in available_timezones() if "/" in n or n == "UTC"))


def zone(name: str | None) -> ZoneInfo:
    """The zone of that name; UTC for None or a name no longer known."""
    if not name:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def valid_zone(name: str) -> str | None:
    """The IANA zone's own spelling for ``name`` (case aside), or None if there is none such."""
    wanted = name.strip().replace(" ", "_").lower()
    return next((n for n in zone_names() if n.lower() == wanted), None)


def local(epoch: float, tz: ZoneInfo) -> datetime:
    return datetime.fromtimestamp(epoch, UTC).astimezone(tz)


def _at(day: date, minutes: int, tz: ZoneInfo) -> float:
    """The epoch second of a wall-clock time on a local day (a time the clocks skip reads as the same wall time
    before the change, i.e. just after the gap; a time that happens twice, the first one)."""
    wall = datetime(day.year, day.month, day.day, minutes // 60, minutes % 60, tzinfo=tz)
    return wall.timestamp()


def quiet_spans(after: float, tz: ZoneInfo, quiet: Quiet) -> Iterator[tuple[float, float]]:
    """The quiet spans (begin, end) in epoch seconds, in order, from the one that holds or follows ``after``."""
    day = local(after, tz).date() - timedelta(days=1)
    while True:
        begin = _at(day, quiet.start, tz)
        end = _at(day + timedelta(days=1 if quiet.end <= quiet.start else 0), quiet.end, tz)
        if end > after and end > begin:
            yield begin, end
        day += timedelta(days=1)


def is_quiet(epoch: float, tz: ZoneInfo, quiet: Quiet | None) -> bool:
    """Whether ``epoch`` falls in the quiet hours (the begin inside, the end outside)."""
    if quiet is None:
        return False
    begin, end = next(quiet_spans(epoch, tz, quiet))
    return begin <= epoch < end


def quiet_end(epoch: float, tz: ZoneInfo, quiet: Quiet | None) -> float:
    """When the quiet hours that hold ``epoch`` end; ``epoch`` itself outside them."""
    if quiet is None:
        return epoch
    begin, end = next(quiet_spans(epoch, tz, quiet))
    return end if begin <= epoch < end else epoch


def next_change(epoch: float, tz: ZoneInfo, quiet: Quiet) -> tuple[bool, float]:
    """(quiet now, when that changes): the end of the quiet hours that hold ``epoch``, else when the next begin."""
    begin, end = next(quiet_spans(epoch, tz, quiet))
    return (True, end) if begin <= epoch < end else (False, begin)


def waking_add(start: float, seconds: float, tz: ZoneInfo, quiet: Quiet | None) -> float:
    """The instant at which ``seconds`` of waking time have passed since ``start``: the clock stands still through
    quiet hours. A start inside quiet hours starts counting when they end."""
    if quiet is None:
        return start + seconds
    cursor, left = start, float(seconds)
    for begin, end in quiet_spans(start, tz, quiet):
        if begin > cursor:
            if begin - cursor >= left:
                return cursor + left
            left -= begin - cursor
        cursor = max(cursor, end)
    raise AssertionError("unreachable: quiet spans never end")


def waking_between(a: float, b: float, tz: ZoneInfo, quiet: Quiet | None) -> float:
    """The waking seconds from ``a`` to ``b`` (0 when b is not after a)."""
    if b <= a:
        return 0.0
    total = b - a
    if quiet is None:
        return total
    for begin, end in quiet_spans(a, tz, quiet):
        if begin >= b:
            break
        total -= max(0.0, min(end, b) - max(begin, a))
    return total


#: when a person with no quiet hours gets their daily digest (``/me notify mode:digest``): 09:00 their time
DIGEST_MINUTES = 9 * 60


def next_digest(after: float, tz: ZoneInfo, quiet: Quiet | None) -> float:
    """When the person's daily digest next goes, after ``after``: the end of their quiet hours, else 09:00 their
    time."""
    minutes = quiet.end if quiet is not None else DIGEST_MINUTES
    day = local(after, tz).date() - timedelta(days=1)
    while (at := _at(day, minutes, tz)) <= after:
        day += timedelta(days=1)
    return at
