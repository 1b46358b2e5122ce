"""Finished games' results, series (a game's cups) and players' stats."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from bot.store.base import StorePart
from bot.store.rows import (
    _GAME_COLS,
    GameRow,
    PlayerStats,
    ResultRow,
    SeriesOver,
    SeriesRow,
    reached,
)
from bot.store.sql import (
    _SERIES_COLS,
    _add_results,
    lock_game,
)
from bot.store.sqlite import Conn, one


class SeriesStore(StorePart):
    """Finished games' results, series (a game's cups) and players' stats."""

    # ------------------------------------------------------------------ results, series, stats
    async def series(self, series_id: int) -> SeriesRow | None:
        row = await self._read_one(f"SELECT {_SERIES_COLS} FROM series WHERE id = ?", (series_id,))
        return SeriesRow(*row) if row else None

    async def series_in(self, channel_id: int) -> SeriesRow | None:
        """The channel's latest series, running or not (``/game next``, ``/game cup``)."""
        row = await self._read_one(
            f"SELECT {_SERIES_COLS} FROM series WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return SeriesRow(*row) if row else None

    async def series_games(self, series_id: int) -> list[GameRow]:
        """Every game of a series, the first one first (abandoned ones too)."""
        return await self._games(f"SELECT {_GAME_COLS} FROM games WHERE series_id = ? ORDER BY id", (series_id,))

    async def series_results(self, series_id: int, up_to: int | None = None) -> list[tuple[int, ResultRow]]:
        """(game id, row) of every finished game of a series (up to game ``up_to``), in game and seat order."""
        found = await self._read(
            "SELECT r.game_id, r.seat, r.user_id, r.display_name, r.place, r.score FROM results r "
            "JOIN games g ON g.id = r.game_id WHERE g.series_id = ? AND r.game_id <= ? ORDER BY r.game_id, r.seat",
            (series_id, up_to if up_to is not None else 2**62),
        )
        return [(r[0], ResultRow(*r[1:])) for r in found]

    async def results(self, game_id: int) -> list[ResultRow]:
        found = await self._read(
            "SELECT seat, user_id, display_name, place, score FROM results WHERE game_id = ? ORDER BY place",
            (game_id,),
        )
        return [ResultRow(*r) for r in found]

    async def games_missing_results(self) -> list[int]:
        """Finished games without results rows: those that ended before results were kept."""
        found = await self._read(
            "SELECT id FROM games g WHERE status = 'over' AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) "
            "ORDER BY id"
        )
        return [int(r[0]) for r in found]

    async def add_results(self, game_id: int, results: Sequence[ResultRow], series_over: SeriesOver = reached) -> bool:
        """Write a finished game's results if it has none yet (the back-fill); False if it had them. ``series_over``
        is the game's rule for the end of its series."""
        now = self.now()

        def run(conn: Conn) -> bool:
            lock_game(conn, game_id)  # two processes starting at once: one writes them (and rates the game)
            if one(conn, "SELECT 1 FROM results WHERE game_id = ?", (game_id,)):
                return False
            _add_results(conn, game_id, results, now, series_over)
            return True

        return await self.writer.transaction(run)

    async def player_stats(
        self, guild_id: int, user_id: int, game: str, best: Literal["low", "high"] = "low"
    ) -> PlayerStats:
        """A person's finished games of ``game`` in one server; AI seats have no user id and never count.
        ``best`` says which scores win, so which one game is their best."""
        pick = "MIN" if best == "low" else "MAX"
        row = await self._read_one(
            f"SELECT COUNT(*), COALESCE(SUM(CASE WHEN r.place = 1 THEN 1 ELSE 0 END), 0), COALESCE(SUM(r.score), 0), {pick}(r.score) "
            "FROM results r JOIN games g ON g.id = r.game_id WHERE g.guild_id = ? AND r.user_id = ? AND g.game = ?",
            (guild_id, user_id, game),
        )
        return PlayerStats(*row) if row else PlayerStats(0, 0, 0, None)

    async def player_results(self, guild_id: int, user_id: int, game: str) -> list[tuple[dict[str, Any], int, int]]:
        """A person's finished games of ``game`` in one server, oldest first, each as (its options, their place, their
        score): for a game whose scores mean something else in each of its formats, to count them apart. AI seats
        have no user id and never count."""
        found = await self._read(
            "SELECT g.options, r.place, r.score FROM results r JOIN games g ON g.id = r.game_id "
            "WHERE g.guild_id = ? AND r.user_id = ? AND g.game = ? ORDER BY r.game_id",
            (guild_id, user_id, game),
        )
        return [(json.loads(options), int(place), int(score)) for options, place, score in found]
