"""Waking time (``bot.clocks.waking``): quiet hours in a person's zone, across midnight and daylight-saving changes."""

from __future__ import annotations

from datetime import datetime

import pytest

from bot.clocks.waking import (
    BadQuiet,
    Quiet,
    is_quiet,
    next_change,
    next_digest,
    parse_quiet,
    quiet_end,
    waking_add,
    waking_between,
    zone,
)

HOUR = 3600.0
NIGHT = Quiet(23 * 60, 8 * 60)


def at(text: str, tz: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=zone(tz)).timestamp()


def wall(epoch: float, tz: str) -> str:
    return datetime.fromtimestamp(epoch, zone(tz)).strftime("%Y-%m-%d %H:%M")


def test_parse() -> None:
    assert parse_quiet("23-8") == Quiet(23 * 60, 8 * 60)
    assert parse_quiet(" 23:30-7 ") == Quiet(23 * 60 + 30, 7 * 60)
    assert parse_quiet("1:15-06:45") == Quiet(75, 405)
    assert parse_quiet("off") is None and parse_quiet("OFF") is None
    assert parse_quiet("23-8").text() == "23:00-08:00"  # type: ignore[union-attr]
    for bad, key in [
        ("", "quiet.format"),
        ("23", "quiet.format"),
        ("25-8", "quiet.format"),
        ("23:60-8", "quiet.format"),
        ("eleven-eight", "quiet.format"),
        ("２３-８", "quiet.format"),
        ("8-8", "quiet.empty"),
        ("0:00-0:00", "quiet.empty"),
        ("0-23", "quiet.too_long"),
        ("8-7", "quiet.too_long"),
    ]:
        with pytest.raises(BadQuiet) as e:
            parse_quiet(bad)
        assert e.value.key == key, bad
    assert parse_quiet("8-0") == Quiet(8 * 60, 0)  # exactly 16 hours: the longest accepted


def test_no_quiet_hours_is_plain_time() -> None:
    tz = zone(None)
    assert waking_add(1000.0, 86400, tz, None) == 1000.0 + 86400
    assert waking_between(0.0, 5000.0, tz, None) == 5000.0
    assert not is_quiet(0.0, tz, None) and quiet_end(7.0, tz, None) == 7.0


def test_a_day_of_waking_time_across_midnight() -> None:
    tz = "Europe/Warsaw"
    start = at("2026-06-10 12:00", tz)
    # 11 waking hours to 23:00, 13 more from 08:00 to 21:00 the next day
    assert wall(waking_add(start, 24 * HOUR, zone(tz), NIGHT), tz) == "2026-06-11 21:00"
    # a start inside the quiet hours counts from their end
    night = at("2026-06-10 02:00", tz)
    assert wall(waking_add(night, HOUR, zone(tz), NIGHT), tz) == "2026-06-10 09:00"
    assert is_quiet(night, zone(tz), NIGHT) and not is_quiet(start, zone(tz), NIGHT)
    assert is_quiet(at("2026-06-10 23:00", tz), zone(tz), NIGHT)
    assert not is_quiet(at("2026-06-10 08:00", tz), zone(tz), NIGHT)
    assert wall(quiet_end(night, zone(tz), NIGHT), tz) == "2026-06-10 08:00"
    assert next_change(start, zone(tz), NIGHT) == (False, at("2026-06-10 23:00", tz))
    assert waking_between(start, waking_add(start, 24 * HOUR, zone(tz), NIGHT), zone(tz), NIGHT) == 24 * HOUR


def test_quiet_hours_within_one_day() -> None:
    tz = "Asia/Tokyo"
    siesta = Quiet(13 * 60, 15 * 60)
    start = at("2026-06-10 12:00", tz)
    assert wall(waking_add(start, 2 * HOUR, zone(tz), siesta), tz) == "2026-06-10 16:00"


@pytest.mark.parametrize(
    ("tz", "spring", "fall"),
    [("Europe/Warsaw", "2026-03-28", "2026-10-24"), ("America/Los_Angeles", "2026-03-07", "2026-10-31")],
)
def test_daylight_saving_changes(tz: str, spring: str, fall: str) -> None:
    """The night the clocks go forward is an hour shorter in real time, the night they go back an hour longer; a
    deadline still falls due at the same wall-clock time, and never in the quiet hours."""
    for day, night_hours in ((spring, 8), (fall, 10), ("2026-06-13", 9)):
        start = at(f"{day} 12:00", tz)
        due = waking_add(start, 24 * HOUR, zone(tz), NIGHT)
        assert wall(due, tz)[11:] == "21:00"
        assert due - start == (24 + night_hours) * HOUR
        assert not is_quiet(due, zone(tz), NIGHT)
        assert waking_between(start, due, zone(tz), NIGHT) == 24 * HOUR


def test_quiet_hours_over_the_skipped_hour() -> None:
    """Quiet hours that begin at a time the clocks skip begin when the clocks have skipped it."""
    tz = "Europe/Warsaw"
    odd = Quiet(2 * 60 + 30, 7 * 60)
    start = at("2026-03-28 12:00", tz)
    due = waking_add(start, 24 * HOUR, zone(tz), odd)
    assert waking_between(start, due, zone(tz), odd) == 24 * HOUR
    assert not is_quiet(due, zone(tz), odd)


def test_every_due_instant_is_waking_time() -> None:
    """Whatever the start and the length, the due instant is outside the quiet hours (or exactly at their begin,
    the last waking instant), and the waking seconds add up."""
    for tz in ("Europe/Warsaw", "America/Los_Angeles", "Asia/Tokyo"):
        base = at("2026-03-01 00:00", tz)
        for k in range(0, 24 * 70, 7):
            start = base + k * 1800.0
            for length in (300.0, 12 * HOUR, 24 * HOUR, 3 * 24 * HOUR):
                due = waking_add(start, length, zone(tz), NIGHT)
                assert abs(waking_between(start, due, zone(tz), NIGHT) - length) < 1e-6
                assert not is_quiet(due - 1e-3, zone(tz), NIGHT)


def test_the_daily_digest_goes_when_the_quiet_hours_end_else_at_nine() -> None:
    """``/me notify mode:digest``: the next digest after an instant, in the person's zone, across a clock change."""
    warsaw = zone("Europe/Warsaw")
    assert (
        wall(next_digest(at("2026-03-28 07:59", "Europe/Warsaw"), warsaw, NIGHT), "Europe/Warsaw") == "2026-03-28 08:00"
    )
    # at 08:00 itself the next one is the next day's, which comes 23 hours later (the clocks go forward that night)
    eight = at("2026-03-28 08:00", "Europe/Warsaw")
    assert wall(next_digest(eight, warsaw, NIGHT), "Europe/Warsaw") == "2026-03-29 08:00"
    assert next_digest(eight, warsaw, NIGHT) - eight == 23 * HOUR
    assert wall(next_digest(eight, warsaw, None), "Europe/Warsaw") == "2026-03-28 09:00"  # no quiet hours: 09:00
    assert wall(next_digest(at("2026-03-28 12:00", "UTC"), zone(None), None), "UTC") == "2026-03-29 09:00"
