"""The two work queues: deliveries (what Discord must be told) and deadlines (each decision's clock)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.base import StorePart
from bot.store.rows import (
    _DEADLINE_COLS,
    _NOT_HELD,
    _RUNNING,
    Deadline,
    Delivery,
    Want,
)
from bot.store.sql import (
    _want,
    mark_delivered,
)
from bot.store.sqlite import Conn, one, rows


def _delivery(r: Sequence[Any]) -> Delivery:
    """A claimed row: the delivery's six columns, then its game's mark (``Delivery.mark``)."""
    game_id, kind, target, wanted, attempts, hint = r[:6]
    return Delivery(game_id, kind, target, wanted, attempts, hint, (int(r[6]), str(r[7]), r[8], int(r[9])))


class WorkStore(StorePart):
    """The two work queues: deliveries (what Discord must be told) and deadlines (each decision's clock)."""

    # ------------------------------------------------------------------ deliveries
    async def want_once(self, game_id: int, kind: str, target: int, hint: str = "") -> bool:
        """A one-time delivery (a notice): True if it was new, False if it was asked for before."""
        return (
            await self._write(
                "INSERT INTO deliveries (game_id, kind, target, due_at, hint) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, kind, target, self.epoch(), hint),
            )
            == 1
        )

    async def want(self, game_id: int, kind: str, target: int, hint: str = "") -> None:
        """Ask for one more delivery outside a move (e.g. a mention a prompt delivery found due)."""
        epoch = self.epoch()
        await self.writer.transaction(lambda conn: _want(conn, game_id, [Want(kind, target, hint=hint)], epoch))

    async def due_now(self, game_id: int, kind: str) -> None:
        """Bring a game's undelivered rows of ``kind`` forward to now (they waited for another delivery)."""
        await self._write(
            "UPDATE deliveries SET due_at = MIN(due_at, ?) WHERE game_id = ? AND kind = ? AND wanted > done AND attempts = 0",
            (self.epoch(), game_id, kind),
        )

    async def release_leases(self) -> None:
        """At start-up of the only process (a SQLite file): the leases and holds of the one that stopped are void,
        and so is its hold on the AI seats. Never on a shared database, where they may be another live process's."""
        assert not self.shared, "a shared database's leases run out; they are never freed wholesale"

        def run(conn: Conn) -> None:
            conn.execute(
                "UPDATE deliveries SET lease_until = 0, answer_until = 0 WHERE lease_until > 0 OR answer_until > 0"
            )
            conn.execute("UPDATE games SET ai_until = 0 WHERE ai_until > 0")

        await self.writer.transaction(run)

    async def release_answer(self, game_id: int, user_id: int) -> None:
        """The interaction that made a move could not show its result in the DM: the prompt's delivery is free
        to do it now (its mark, the usual end of the hold, was not written)."""
        await self._write(
            "UPDATE deliveries SET answer_until = 0 WHERE game_id = ? AND kind = 'prompt' AND target = ? "
            "AND answer_until > 0",
            (game_id, user_id),
        )

    async def claim_deliveries(
        self, limit: int, lease: float, skip: Sequence[tuple[int, str, int]] = (), retries: bool = True
    ) -> list[Delivery]:
        """Lease up to ``limit`` due deliveries (oldest due first) for ``lease`` seconds; without ``retries``,
        only those that have not failed yet."""
        if limit <= 0:
            return []
        now = self.epoch()
        sql = (
            "SELECT d.game_id, d.kind, d.target, d.wanted, d.attempts, d.hint, g.version, g.status, g.paused, "
            "g.channel_id FROM deliveries d JOIN games g ON g.id = d.game_id WHERE d.wanted > d.done AND d.due_at <= ? AND d.lease_until <= ? "
            f"AND d.answer_until <= ? AND {_NOT_HELD} {'' if retries else 'AND d.attempts = 0'} ORDER BY d.due_at LIMIT ?"
        )
        params = (now, now, now, limit + len(skip))
        skipped = set(skip)
        # most looks find nothing new (the worker is woken after every commit): a read answers them, and only a
        # look that finds work takes the write lock and commits its leases
        found = await self._read(sql, params)
        if not self.shared:  # this process's workers are the only ones: what they run is in ``skip``
            return [_delivery(r) for r in found if (r[0], r[1], r[2]) not in skipped][:limit]
        if all((r[0], r[1], r[2]) in skipped for r in found):
            return []

        # on PostgreSQL two processes claim at the same moment (SQLite's writer lock serialises them): each skips
        # the rows the other is claiming, instead of both reading them as free and leasing them twice
        claim_sql = sql + (" FOR UPDATE OF d SKIP LOCKED" if self.dialect == "postgresql" else "")

        def claim(conn: Conn) -> list[Delivery]:
            found = rows(conn, claim_sql, params)
            claimed = [_delivery(r) for r in found if (r[0], r[1], r[2]) not in skipped][:limit]
            for d in claimed:
                conn.execute(
                    "UPDATE deliveries SET lease_until = ? WHERE game_id = ? AND kind = ? AND target = ?",
                    (now + lease, *d.key),
                )
            return claimed

        return await self.writer.transaction(claim)

    async def next_due(self, skip: Sequence[tuple[int, str, int]] = ()) -> float | None:
        """The epoch second at which the next delivery falls due (None: nothing waits), leaving out ``skip``: the
        rows this process is carrying out (unleased in a store of one process, they would read as due now)."""
        found = await self._read(
            "SELECT d.game_id, d.kind, d.target, MAX(d.due_at, d.lease_until, d.answer_until) AS at FROM deliveries d "
            f"JOIN games g ON g.id = d.game_id WHERE d.wanted > d.done AND {_NOT_HELD} ORDER BY at LIMIT ?",
            (len(skip) + 1,),
        )
        skipped = set(skip)
        return next((float(r[3]) for r in found if (r[0], r[1], r[2]) not in skipped), None)

    async def delivered(self, d: Delivery, gap: float = 0.0) -> None:
        """Mark what was claimed as delivered; requests that came meanwhile wait at least ``gap`` seconds.
        A delivery to the game's channel that went through also clears its count of refused calls."""
        epoch = self.epoch()
        await self.writer.transaction(lambda conn: mark_delivered(conn, d, epoch + gap))

    async def hold_delivery(self, d: Delivery, until: float) -> None:
        """Nothing of ``d`` before ``until`` (the end of its person's quiet hours): not a failure, no back-off."""
        await self._write(
            "UPDATE deliveries SET due_at = MAX(due_at, ?), lease_until = 0 WHERE game_id = ? AND kind = ? AND target = ?",
            (until, *d.key),
        )

    async def retry_later(self, d: Delivery, delay: float, error: str) -> None:
        await self._write(
            "UPDATE deliveries SET attempts = attempts + 1, due_at = ?, last_error = ?, lease_until = 0 "
            "WHERE game_id = ? AND kind = ? AND target = ?",
            (self.epoch() + delay, error[:500], *d.key),
        )

    async def pending_deliveries(self) -> list[tuple[int, str, int, int, int, float, str | None]]:
        """(game, kind, target, wanted, done, due_at, last error) of every undelivered row (for checks and tests)."""
        found = await self._read(
            "SELECT game_id, kind, target, wanted, done, due_at, last_error FROM deliveries WHERE wanted > done"
        )
        return [tuple(r) for r in found]

    async def owed(self) -> tuple[int, float]:
        """How many deliveries are owed (due now or later), and the age in seconds of the oldest one due now (0 when
        none is late): the metrics' ``nightfall_deliveries_owed`` and ``nightfall_delivery_oldest_seconds``."""
        now = self.epoch()
        found = await self._read_one(
            "SELECT COUNT(*), MIN(CASE WHEN due_at <= ? THEN due_at END) FROM deliveries WHERE wanted > done", (now,)
        )
        if found is None:
            return 0, 0.0
        count, oldest = found
        return int(count or 0), max(0.0, now - float(oldest)) if oldest is not None else 0.0

    # ------------------------------------------------------------------ deadlines
    async def deadlines(self, game_id: int) -> list[Deadline]:
        """The decision clocks running in a game (for ``/game status``)."""
        found = await self._read(
            f"SELECT {_DEADLINE_COLS} FROM deadlines WHERE game_id = ? ORDER BY due_at", (game_id,)
        )
        return [Deadline(*r) for r in found]

    async def deadline_stands(self, game_id: int, user_id: int, since: int) -> float | None:
        """When that decision of the user falls due, if it still waits (a reminder for an answered one is
        dropped); the clock's own time, which a pause may have moved on since the reminder was asked for."""
        row = await self._read_one(
            "SELECT due_at FROM deadlines WHERE game_id = ? AND user_id = ? AND since = ?", (game_id, user_id, since)
        )
        return float(row[0]) if row is not None else None

    async def release_deadline_leases(self) -> None:
        """At start-up of the only process (a SQLite file): the leases of the one that stopped are void."""
        assert not self.shared, "a shared database's leases run out; they are never freed wholesale"
        await self._write("UPDATE deadlines SET lease_until = 0 WHERE lease_until > 0")

    async def claim_deadline(self, lease: float) -> Deadline | None:
        """Lease the deadline whose next stage fell due first (oldest first, so catch-up keeps order)."""
        now = self.epoch()
        # ordered by the time of the stage that will be handled (the latest one due: after
        # downtime an overdue decision times out at once), so catch-up keeps the real order
        sql = (
            f"SELECT {_DEADLINE_COLS} FROM deadlines WHERE next_at <= ? AND lease_until <= ? AND {_RUNNING} "
            "ORDER BY CASE WHEN due_at <= ? THEN due_at WHEN warn_at <= ? AND stage < 2 THEN warn_at "
            "ELSE next_at END, game_id, seat LIMIT 1"
        )
        params = (now, now, now, now)
        seen = await self._read_one(sql, params)
        if seen is None:
            return None  # nothing due: answered by a read, no write lock taken and nothing committed
        if not self.shared:
            return Deadline(*seen)  # the only deadline worker handles one at a time: nothing to lease

        claim_sql = sql + (" FOR UPDATE SKIP LOCKED" if self.dialect == "postgresql" else "")  # as for deliveries

        def claim(conn: Conn) -> Deadline | None:
            row = one(conn, claim_sql, params)
            if row is None:
                return None
            d = Deadline(*row)
            conn.execute(
                "UPDATE deadlines SET lease_until = ? WHERE game_id = ? AND seat = ? AND since = ?",
                (now + lease, d.game_id, d.seat, d.since),
            )
            return d

        return await self.writer.transaction(claim)

    async def next_deadline(self) -> float | None:
        """The epoch second at which the next deadline stage falls due (None: no clock runs)."""
        row = await self._read_one(f"SELECT MIN(MAX(next_at, lease_until)) FROM deadlines WHERE {_RUNNING}")
        return float(row[0]) if row and row[0] is not None else None

    async def advance_deadline(self, d: Deadline, stage: int, want: Want) -> bool:
        """Record that ``stage`` (1 reminded, 2 warned) is done and ask for its delivery, in one transaction.

        False (and nothing written) if the decision moved on meanwhile.
        """
        epoch = self.epoch()
        next_at = d.warn_at if stage == 1 else d.due_at

        def run(conn: Conn) -> bool:
            cur = conn.execute(
                "UPDATE deadlines SET stage = ?, next_at = ?, lease_until = 0, attempts = 0, last_error = NULL "
                "WHERE game_id = ? AND seat = ? AND since = ?",
                (stage, next_at, d.game_id, d.seat, d.since),
            )
            if cur.rowcount != 1:
                return False
            _want(conn, d.game_id, [want], epoch)
            return True

        return await self.writer.transaction(run)

    async def drop_deadline(self, d: Deadline) -> None:
        """Forget a clock whose decision no longer waits (only that decision's: a newer one keeps its row)."""
        await self._write(
            "DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND since = ?", (d.game_id, d.seat, d.since)
        )

    async def deadline_later(self, d: Deadline, at: float) -> None:
        """Nothing of this clock before ``at`` (the end of the person's quiet hours): no failure, no back-off."""
        await self._write(
            "UPDATE deadlines SET next_at = MAX(next_at, ?), lease_until = 0 WHERE game_id = ? AND seat = ? AND since = ?",
            (at, d.game_id, d.seat, d.since),
        )

    async def deadline_retry(self, d: Deadline, delay: float, error: str) -> None:
        await self._write(
            "UPDATE deadlines SET attempts = attempts + 1, next_at = ?, last_error = ?, lease_until = 0 "
            "WHERE game_id = ? AND seat = ? AND since = ?",
            (self.epoch() + delay, error[:500], d.game_id, d.seat, d.since),
        )
