"""People and their preferences: language, notifications, DMs found closed."""

from __future__ import annotations

from ..database import Conn
from ..waking import Quiet, quiet_end, stored_quiet, zone
from .base import StoreBase
from .sql import _come_back, _go_away, _move_clocks, person_time


class PeopleStore(StoreBase):
    """People and their preferences: language, notifications, DMs found closed."""

    # ------------------------------------------------------------------ people: notifications, recent lines
    async def language_of(self, user_id: int) -> tuple[str | None, str | None]:
        """The person's chosen language (``/game language``) and the one their Discord client last showed."""
        row = await self._read_one("SELECT language, seen_language FROM players WHERE user_id = ?", (user_id,))
        return (row[0], row[1]) if row else (None, None)

    async def language_for(self, user_id: int) -> str:
        """The person's language for texts sent outside an interaction (DMs): chosen, else seen, else English."""
        row = await self._read_one(
            "SELECT COALESCE(language, seen_language) FROM players WHERE user_id = ?", (user_id,)
        )
        return str(row[0]) if row and row[0] else "en"

    async def set_language(self, user_id: int, language: str | None) -> None:
        await self._write(
            "INSERT INTO players (user_id, language) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    async def see_language(self, user_id: int, language: str) -> None:
        """Remember the language the person's Discord client speaks (from their last interaction)."""
        await self._write(
            "INSERT INTO players (user_id, seen_language) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET seen_language = excluded.seen_language",
            (user_id, language),
            wait=False,
        )

    async def notify_mode(self, user_id: int) -> str:
        """How the person wants to hear of a new decision: 'dm' (default), 'mention' or 'quiet'."""
        row = await self._read_one("SELECT notify FROM players WHERE user_id = ?", (user_id,))
        return str(row[0]) if row else "dm"

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        await self._write(
            "INSERT INTO players (user_id, notify) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
            (user_id, mode),
        )

    # ------------------------------------------------------------------ people: their own time (/me)
    async def my_time(self, user_id: int) -> tuple[str | None, Quiet | None]:
        """The person's time zone (None: UTC) and quiet hours (None: none)."""
        row = await self._read_one("SELECT timezone, quiet_start, quiet_end FROM players WHERE user_id = ?", (user_id,))
        return (row[0], stored_quiet(row[1], row[2])) if row else (None, None)

    async def quiet_until(self, user_id: int) -> float | None:
        """When the person's quiet hours end, if they are in them now (None: they are not)."""
        name, quiet = await self.my_time(user_id)
        now = self.epoch()
        end = quiet_end(now, zone(name), quiet)
        return end if end > now else None

    async def set_timezone(self, user_id: int, name: str | None) -> None:
        """A new time zone; the person's running clocks keep the waking time they have left."""
        await self._set_my_time(
            user_id,
            "INSERT INTO players (user_id, timezone) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone",
            (user_id, name),
        )

    async def set_quiet(self, user_id: int, quiet: Quiet | None) -> None:
        """New quiet hours (None: none); the person's running clocks keep the waking time they have left."""
        start, end = (quiet.start, quiet.end) if quiet is not None else (None, None)
        await self._set_my_time(
            user_id,
            "INSERT INTO players (user_id, quiet_start, quiet_end) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE "
            "SET quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end",
            (user_id, start, end),
        )

    async def _set_my_time(self, user_id: int, sql: str, params: tuple[object, ...]) -> None:
        epoch = self.epoch()

        def run(conn: Conn) -> None:
            before = person_time(conn, user_id)
            conn.execute(sql, params)
            _move_clocks(conn, "WHERE user_id = ?", (user_id,), epoch, epoch, before)

        await self.writer.transaction(run)

    # ------------------------------------------------------------------ people: time away (/me away)
    async def away_until(self, user_id: int) -> float | None:
        """Until when the person said they are away, if that is still ahead."""
        row = await self._read_one("SELECT away_until FROM players WHERE user_id = ?", (user_id,))
        return float(row[0]) if row and row[0] is not None and float(row[0]) > self.epoch() else None

    async def go_away(self, user_id: int, until: float) -> list[tuple[int, float]]:
        """The person is away until ``until``: (game, when its clock runs again) for each running game of theirs."""
        epoch, now = self.epoch(), self.now()
        return await self.writer.transaction(lambda conn: _go_away(conn, user_id, until, epoch, now))

    async def come_back(self, user_id: int) -> list[int]:
        """The person is back before their time away ends: the games whose clocks run again."""
        epoch, now = self.epoch(), self.now()
        return await self.writer.transaction(lambda conn: _come_back(conn, user_id, epoch, now))

    async def away_seats(self, game_id: int) -> dict[str, float]:
        """Seat → when its clock runs again, for the game's seats whose person is away now."""
        found = await self._read(
            "SELECT seat, away_until FROM seats WHERE game_id = ? AND away_until > ? AND is_ai = 0",
            (game_id, self.epoch()),
        )
        return {str(r[0]): float(r[1]) for r in found}

    # ------------------------------------------------------------------ lessons
    async def taught(self, user_id: int) -> set[str]:
        """The lessons ("game:kind") the person has been shown with a first prompt of their kind."""
        row = await self._read_one("SELECT taught FROM players WHERE user_id = ?", (user_id,))
        return set(str(row[0]).split()) if row else set()

    async def add_taught(self, user_id: int, lesson: str) -> None:
        """Remember a lesson shown (once: a second call changes nothing)."""
        await self._write(
            "INSERT INTO players (user_id, taught) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET "
            "taught = TRIM(players.taught || ' ' || excluded.taught) "
            "WHERE replace(' ' || players.taught || ' ', ' ' || excluded.taught || ' ', '') = ' ' || players.taught || ' '",
            (user_id, lesson),
        )

    # ------------------------------------------------------------------ closed DMs
    async def dm_closed_until(self, user_id: int) -> float | None:
        """Until when no DM is tried for this person (their DMs were found closed), if that is still ahead."""
        row = await self._read_one("SELECT dm_closed_until FROM players WHERE user_id = ?", (user_id,))
        return float(row[0]) if row and row[0] is not None and float(row[0]) > self.epoch() else None

    async def set_dm_closed(self, user_id: int, seconds: float) -> None:
        """Their DMs are closed: try again no sooner than ``seconds`` from now."""
        await self._write(
            "INSERT INTO players (user_id, dm_closed_until) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dm_closed_until = excluded.dm_closed_until",
            (user_id, self.epoch() + seconds),
        )
