"""What a replay reads: the games that can be replayed, a game's first snapshot with every action after it, and
its whole public log.

A game is replayable once dealt: its first snapshot is written with the deal (``_begin``) and no snapshot,
action or log line is ever deleted, so the deal and the actions rebuild every moment of the game."""

from __future__ import annotations

from bot.store.base import StorePart
from bot.store.rows import _G_GAME_COLS, GameRow
from bot.store.sql import read_position
from bot.store.sqlite import Conn
from bot.words.logline import LogLine

#: the games a replay can show: dealt (a snapshot exists), running or ended
_DEALT = "g.status IN ('active', 'over', 'abandoned') AND EXISTS (SELECT 1 FROM snapshots p WHERE p.game_id = g.id)"


class ReplayStore(StorePart):
    """Reads for ``/game replay``; it writes nothing."""

    async def replayable_in(self, channel_id: int) -> GameRow | None:
        """The game ``/game replay`` means in a channel: the running one, else the latest that ended."""
        found = await self._games(
            f"SELECT {_G_GAME_COLS} FROM games g WHERE g.channel_id = ? AND {_DEALT} "
            "ORDER BY CASE WHEN g.status = 'active' THEN 0 ELSE 1 END, g.id DESC LIMIT 1",
            (channel_id,),
        )
        return found[0] if found else None

    async def replayable_in_guild(self, guild_id: int, limit: int) -> list[GameRow]:
        """A server's dealt games, newest first (the ``game`` option's autocomplete filters them by who may see)."""
        return await self._games(
            f"SELECT {_G_GAME_COLS} FROM games g WHERE g.guild_id = ? AND {_DEALT} ORDER BY g.id DESC LIMIT ?",
            (guild_id, limit),
        )

    async def seated_in(self, user_id: int, game_ids: list[int]) -> set[int]:
        """Which of ``game_ids`` the person held a seat in (one read for a whole autocomplete list)."""
        if not game_ids:
            return set()
        marks = ", ".join("?" for _ in game_ids)
        found = await self._read(
            f"SELECT DISTINCT game_id FROM seats WHERE user_id = ? AND game_id IN ({marks})", (user_id, *game_ids)
        )
        return {int(r[0]) for r in found}

    async def replay_source(self, game_id: int, version: int) -> tuple[int, str, list[tuple[int, str, str]]]:
        """(version, state) of the game's first snapshot (the deal) and every action after it up to ``version``
        as (seq, seat, text), read in one transaction. ``LookupError`` for a game never dealt."""

        def read(conn: Conn) -> tuple[int, str, list[tuple[int, str, str]]]:
            return read_position(conn, game_id, first=True, upto=version)

        return await self.reader.call(read)

    async def whole_log(self, game_id: int) -> list[tuple[str, LogLine]]:
        """Every public log line of a game, oldest first, with the time it was written."""
        found = await self._read("SELECT at, text, data FROM log WHERE game_id = ? ORDER BY seq", (game_id,))
        return [(str(r[0]), LogLine.stored(r[1], r[2])) for r in found]
