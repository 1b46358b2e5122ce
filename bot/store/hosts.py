"""The bot's processes as the database sees them: who is alive, who plays a game's AI seats, and the few facts
of the bot as a whole (``bot_state``). On SQLite there is one process, and these rows only describe it."""

from __future__ import annotations

from ..database import Conn
from .base import StoreBase


class HostStore(StoreBase):
    """Processes, the AI seats' owner per game, and the bot's own small facts."""

    # ------------------------------------------------------------------ processes
    async def host_seen(self, host_id: str, shards: str) -> None:
        """This process is alive (written at start and by every watchdog round)."""
        epoch = self.epoch()
        await self._write(
            "INSERT INTO hosts (id, shards, started_at, seen_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at, shards = excluded.shards",
            (host_id, shards, epoch, epoch),
            wait=False,
        )

    async def host_gone(self, host_id: str) -> None:
        """This process stops: its share of the budget goes back to the others at their next look."""
        await self._write("DELETE FROM hosts WHERE id = ?", (host_id,), wait=False)

    async def live_hosts(self, within: float) -> int:
        """How many processes were seen alive in the last ``within`` seconds (forgetting those long gone)."""
        now = self.epoch()
        row = await self._read_one("SELECT COUNT(*) FROM hosts WHERE seen_at >= ?", (now - within,))
        return int(row[0]) if row else 0

    async def forget_hosts(self, older_than: float) -> None:
        await self._write("DELETE FROM hosts WHERE seen_at < ?", (self.epoch() - older_than,), wait=False)

    # ------------------------------------------------------------------ a game's AI seats
    async def claim_ai(self, game_id: int, host_id: str, lease: float) -> bool:
        """Take (or keep) the right to play the game's AI seats for ``lease`` seconds: True unless another live
        process holds it. The task that holds it renews it before each move."""
        now = self.epoch()

        def claim(conn: Conn) -> bool:
            cur = conn.execute(
                "UPDATE games SET ai_host = ?, ai_until = ? WHERE id = ? AND (ai_until <= ? OR ai_host = ?)",
                (host_id, now + lease, game_id, now, host_id),
            )
            return bool(cur.rowcount == 1)

        return await self.writer.transaction(claim)

    async def release_ai(self, game_id: int, host_id: str) -> None:
        """The task stopped (a person must decide, or the game ended): another process may start one at once."""
        await self._write(
            "UPDATE games SET ai_until = 0 WHERE id = ? AND ai_host = ? AND ai_until > 0", (game_id, host_id), wait=False
        )

    # ------------------------------------------------------------------ the bot's own facts
    async def bot_state(self, key: str) -> str | None:
        row = await self._read_one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return str(row[0]) if row else None

    async def set_bot_state(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )
