"""Turns to identify with Discord (``identify_buckets``), for processes sharing a PostgreSQL database.

Discord lets a bot start ``max_concurrency`` sessions every 5 seconds, one for each rate-limit bucket
(``shard_id % max_concurrency``). A turn is a bucket's row held until a time; it is taken in one statement, only
once the holder's time has passed, so two processes asking at once never both get it. Every time is read from the
database's clock, which all processes share, whatever their machines' clocks say. Holding a turn is its whole
window and nothing is given back: the turn of a process killed meanwhile ends by itself."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.base import StorePart
from bot.store.sqlite import Conn, one

#: the database's clock, in epoch seconds, read when the statement reaches it (not when its transaction began)
_CLOCK = {
    "postgresql": "extract(epoch from clock_timestamp())",
    "sqlite": "((julianday('now') - 2440587.5) * 86400.0)",
}


@dataclass(frozen=True)
class IdentifyTurn:
    """A bucket's turn as the database answered it, in epoch seconds of its clock."""

    #: whether the process that asked got the turn
    taken: bool
    #: the database's clock when it answered: the turn's start when it was taken
    at: float
    #: when the turn ends: the asker's own when taken, else the holder's
    until: float
    #: whose turn it is
    holder: str

    @property
    def wait(self) -> float:
        """Seconds until the holder's turn ends (0 once taken)."""
        return 0.0 if self.taken else max(0.0, self.until - self.at)


class IdentifyStore(StorePart):
    """The identify buckets: one turn at a time in each."""

    async def take_turn(self, bucket: int, holder: str, window: float) -> IdentifyTurn:
        """Take ``bucket``'s turn for ``window`` seconds if its holder's has ended (or it never had one); else say
        whose it is and until when."""
        clock = _CLOCK[self.dialect]

        def take(conn: Conn) -> IdentifyTurn:
            # the new row's time is read before a concurrent insert is waited for; the update's, after the row's
            # lock is held: a turn never starts before the one it follows has ended
            taken = one(
                conn,
                f"INSERT INTO identify_buckets (bucket, holder, until) VALUES (?, ?, {clock} + ?) "
                f"ON CONFLICT (bucket) DO UPDATE SET holder = excluded.holder, until = {clock} + ? "
                f"WHERE identify_buckets.until <= {clock} RETURNING until",
                (bucket, holder, window, window),
            )
            if taken is not None:
                until = float(taken[0])
                return IdentifyTurn(True, until - window, until, holder)
            row = one(conn, f"SELECT holder, until, {clock} FROM identify_buckets WHERE bucket = ?", (bucket,))
            assert row is not None  # the insert met this row
            return IdentifyTurn(False, float(row[2]), float(row[1]), str(row[0]))

        return await self.writer.transaction(take)
