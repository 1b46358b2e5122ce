"""People and their preferences: language, notifications, images or text, DMs found closed."""

from __future__ import annotations

from bot.clocks.waking import Quiet, next_digest, quiet_end, stored_quiet, zone
from bot.store.base import StoreBase, StorePart
from bot.store.sql import _come_back, _go_away, _move_clocks, person_time
from bot.store.sqlite import Conn, one

#: people whose images setting a store that no other process writes to keeps in memory (a bool each)
IMAGES_KEPT = 10_000


class PeopleStore(StorePart):
    """People and their preferences: language, notifications, images or text, DMs found closed."""

    def __init__(self, base: StoreBase) -> None:
        super().__init__(base)
        #: user → images on, for a store only this process writes to (``images_on``)
        self._images: dict[int, bool] = {}
        #: counts the changes of that setting, so that a read begun before a change never keeps the old value
        self._images_changes = 0

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
        """How the person wants to hear of a new decision: 'dm' (default), 'mention', 'digest' (one DM a day; kept
        as 'quiet' with a next digest time) or 'quiet'."""
        row = await self._read_one("SELECT notify, digest_at FROM players WHERE user_id = ?", (user_id,))
        if row is None:
            return "dm"
        return "digest" if row[1] is not None else str(row[0])

    async def set_notify_mode(self, user_id: int, mode: str) -> None:
        """A new mode; 'digest' plans the person's first digest (a digest already planned keeps its time)."""
        epoch = self.epoch()

        def run(conn: Conn) -> None:
            conn.execute("INSERT INTO players (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING", (user_id,))
            if mode != "digest":
                conn.execute(
                    "UPDATE players SET notify = ?, digest_at = NULL, digest_lease = 0, digest_tries = 0 "
                    "WHERE user_id = ?",
                    (mode, user_id),
                )
                return
            row = one(conn, "SELECT digest_at FROM players WHERE user_id = ?", (user_id,))
            at = row[0] if row is not None and row[0] is not None else _next_digest(conn, user_id, epoch)
            conn.execute("UPDATE players SET notify = 'quiet', digest_at = ? WHERE user_id = ?", (at, user_id))

        await self.writer.transaction(run)

    # ------------------------------------------------------------------ people: images or text (/me images)
    async def images_on(self, user_id: int) -> bool:
        """Whether the person's DMs and private replies carry images (the default) or the images' words instead
        (``/me images off``). Read for every DM and changed rarely, so a store only this process writes to (a
        SQLite file) keeps it in memory; a shared one reads it each time, as another process may have changed it."""
        if not self.shared and user_id in self._images:
            return self._images[user_id]
        changes = self._images_changes
        row = await self._read_one("SELECT images FROM players WHERE user_id = ?", (user_id,))
        on = row is None or bool(row[0])
        if not self.shared and changes == self._images_changes:
            if len(self._images) >= IMAGES_KEPT:
                self._images.clear()
            self._images[user_id] = on
        return on

    async def set_images(self, user_id: int, on: bool) -> None:
        """Images on, or their words instead: from the person's next DM."""
        await self._write(
            "INSERT INTO players (user_id, images) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET images = excluded.images",
            (user_id, int(on)),
        )
        self._images_changes += 1
        self._images.pop(user_id, None)

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
            # a digest goes when the quiet hours end, in the person's zone: the next one follows the new setting
            conn.execute(
                "UPDATE players SET digest_at = ? WHERE user_id = ? AND digest_at IS NOT NULL",
                (_next_digest(conn, user_id, epoch), user_id),
            )

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

    # ------------------------------------------------------------------ people: the daily digest
    async def digest_at(self, user_id: int) -> float | None:
        """When the person's next daily digest goes (None: they take none)."""
        row = await self._read_one("SELECT digest_at FROM players WHERE user_id = ?", (user_id,))
        return float(row[0]) if row and row[0] is not None else None

    async def claim_digest(self, lease: float) -> tuple[int, float, int] | None:
        """(person, when their digest fell due, failed tries) of the digest due first, leased for ``lease``
        seconds (on PostgreSQL two processes skip each other's)."""
        now = self.epoch()
        sql = (
            "SELECT user_id, digest_at, digest_tries FROM players WHERE digest_at <= ? AND digest_lease <= ? "
            "ORDER BY digest_at, user_id LIMIT 1"
        )
        if await self._read_one(sql, (now, now)) is None:
            return None  # nothing due: answered by a read, no write lock taken
        claim_sql = sql + (" FOR UPDATE SKIP LOCKED" if self.dialect == "postgresql" else "")

        def claim(conn: Conn) -> tuple[int, float, int] | None:
            row = one(conn, claim_sql, (now, now))
            if row is None:
                return None
            conn.execute("UPDATE players SET digest_lease = ? WHERE user_id = ?", (now + lease, row[0]))
            return int(row[0]), float(row[1]), int(row[2])

        return await self.writer.transaction(claim)

    async def next_digest_due(self) -> float | None:
        """When the next digest falls due (None: nobody takes one)."""
        row = await self._read_one("SELECT MIN(MAX(digest_at, digest_lease)) FROM players WHERE digest_at IS NOT NULL")
        return float(row[0]) if row and row[0] is not None else None

    async def digest_sent(self, user_id: int, at: float, next_at: float) -> None:
        """The digest due at ``at`` is done: the next one goes at ``next_at`` (unless the setting changed since)."""
        await self._write(
            "UPDATE players SET digest_at = ?, digest_lease = 0, digest_tries = 0 WHERE user_id = ? AND digest_at = ?",
            (next_at, user_id, at),
        )

    async def digest_retry(self, user_id: int, delay: float) -> None:
        """The digest failed for a passing reason: tried again in ``delay`` seconds."""
        await self._write(
            "UPDATE players SET digest_lease = ?, digest_tries = digest_tries + 1 WHERE user_id = ?",
            (self.epoch() + delay, user_id),
        )

    async def release_digest_leases(self) -> None:
        """At start-up of the only process (a SQLite file): the leases of the one that stopped are void."""
        assert not self.shared, "a shared database's leases run out; they are never freed wholesale"
        await self._write("UPDATE players SET digest_lease = 0 WHERE digest_lease > 0")

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


def _next_digest(conn: Conn, user_id: int, epoch: float) -> float:
    """When the person's next digest goes after ``epoch``, by their zone and quiet hours as stored now."""
    tz, quiet = person_time(conn, user_id)
    return next_digest(epoch, tz, quiet)
