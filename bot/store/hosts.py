"""The bot's processes as the database sees them: who is alive, who plays a game's AI seats, and the few facts
of the bot as a whole (``bot_state``). On SQLite there is one process, and these rows only describe it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.base import StorePart
from bot.store.sqlite import Conn


class HostStore(StorePart):
    """Processes, the AI seats' owner per game, and the duties one process at a time carries out."""

    # ------------------------------------------------------------------ processes
    async def host_seen(self, host_id: str, shards: str) -> None:
        """This process is alive (written at start and by every heartbeat)."""
        epoch = self.epoch()
        await self._write(
            "INSERT INTO hosts (id, shards, started_at, seen_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at, shards = excluded.shards",
            (host_id, shards, epoch, epoch),
            wait=False,
        )

    async def live_hosts(self, within: float) -> int:
        """How many processes were seen alive in the last ``within`` seconds (a process that stops deletes its row:
        ``release_host``)."""
        now = self.epoch()
        row = await self._read_one("SELECT COUNT(*) FROM hosts WHERE seen_at >= ?", (now - within,))
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ a game's AI seats
    async def claim_ai(self, game_id: int, host_id: str, lease: float) -> bool:
        """Take (or keep) the right to play the game's AI seats for ``lease`` seconds: True unless another live
        process holds it. The task that holds it renews it once half of it has passed."""
        now = self.epoch()

        def claim(conn: Conn) -> bool:
            cur = conn.execute(
                "UPDATE games SET ai_host = ?, ai_until = ? WHERE id = ? AND (ai_until <= ? OR ai_host = ?)",
                (host_id, now + lease, game_id, now, host_id),
            )
            return bool(cur.rowcount == 1)

        return await self.writer.transaction(claim)

    async def release_host(
        self,
        host_id: str,
        deliveries: Sequence[tuple[int, str, int]],
        deadlines: Sequence[tuple[int, str, int]] = (),
        digests: Sequence[int] = (),
    ) -> None:
        """This process stops (a restart, a deploy): the deliveries, the deadlines (game, seat, since) and the
        people's digests it leased and did not finish, and the AI seats it played, are free for the others at once,
        not when their leases run out. Another process's move may hold one of those rows for a moment (it asks for
        the row's next delivery): this waits it out as any write does, since a give-back that failed once would
        leave the rows to nobody for a lease's length."""

        def run(conn: Conn) -> None:
            conn.executemany(
                "UPDATE deliveries SET lease_until = 0 WHERE game_id = ? AND kind = ? AND target = ?", deliveries
            )
            conn.executemany(
                "UPDATE deadlines SET lease_until = 0 WHERE game_id = ? AND seat = ? AND since = ?", deadlines
            )
            conn.executemany("UPDATE players SET digest_lease = 0 WHERE user_id = ?", [(u,) for u in digests])
            conn.execute("UPDATE games SET ai_until = 0 WHERE ai_host = ? AND ai_until > 0", (host_id,))
            conn.execute("DELETE FROM hosts WHERE id = ?", (host_id,))

        await self.writer.transaction(run)

    async def release_ai(self, game_id: int, host_id: str) -> None:
        """The task stopped (a person must decide, or the game ended): another process may start one at once."""
        await self._write(
            "UPDATE games SET ai_until = 0 WHERE id = ? AND ai_host = ? AND ai_until > 0",
            (game_id, host_id),
            wait=False,
        )

    # ------------------------------------------------------------------ duties of the bot as a whole
    async def claim_duty(self, name: str, holder: str, seconds: float) -> bool:
        """Take a duty only one process may carry out at a time (syncing the slash commands) for ``seconds``:
        False while another process holds it."""
        now = self.epoch()

        def claim(conn: Conn) -> bool:
            cur = conn.execute(
                "INSERT INTO duties (name, holder, until) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
                "holder = excluded.holder, until = excluded.until WHERE duties.until <= ? OR duties.holder = excluded.holder",
                (name, holder, now + seconds, now),
            )
            return bool(cur.rowcount == 1)

        return await self.writer.transaction(claim)

    async def release_duty(self, name: str, holder: str) -> None:
        await self._write("DELETE FROM duties WHERE name = ? AND holder = ?", (name, holder), wait=False)
