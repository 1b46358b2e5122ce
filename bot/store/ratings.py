"""Ratings: the leaderboard of one game in one server, a person's rating and rank, and the games still to rate."""

from __future__ import annotations

from bot.ratings.rating import PROVISIONAL_GAMES
from bot.store.base import StorePart
from bot.store.rows import RatingRow
from bot.store.sql import _rate, lock_game
from bot.store.sqlite import Conn

#: a person's latest name in a server's results of the rating's game
_NAME = (
    "COALESCE((SELECT r.display_name FROM results r JOIN games g ON g.id = r.game_id WHERE g.guild_id = ratings.guild_id "
    "AND g.game = ratings.game AND r.user_id = ratings.user_id ORDER BY r.game_id DESC LIMIT 1), '')"
)
_COLS = f"user_id, mu, sigma, games, wins, {_NAME}"
#: the people of the leaderboard: AI levels never, and a person once their games make them no longer provisional
_RANKED = "guild_id = ? AND game = ? AND user_id IS NOT NULL AND games >= ?"
#: best first: the conservative estimate, then more games, then the earlier account (a stable order)
_ORDER = "ORDER BY mu - 3 * sigma DESC, games DESC, user_id"


class RatingStore(StorePart):
    """Ratings per server and game (``migrations/0015_ratings.sql``): written with a game's results
    (``sql._rate``), read here."""

    async def leaderboard(self, guild_id: int, game: str, limit: int, offset: int = 0) -> list[RatingRow]:
        """The ranked people of ``game`` in the server, best first, ``limit`` from the ``offset``-th on."""
        found = await self._read(
            f"SELECT {_COLS} FROM ratings WHERE {_RANKED} {_ORDER} LIMIT ? OFFSET ?",
            (guild_id, game, PROVISIONAL_GAMES, limit, offset),
        )
        return [RatingRow(*r) for r in found]

    async def ranked_count(self, guild_id: int, game: str) -> int:
        """How many people the server's leaderboard of ``game`` lists."""
        row = await self._read_one(f"SELECT COUNT(*) FROM ratings WHERE {_RANKED}", (guild_id, game, PROVISIONAL_GAMES))
        return int(row[0]) if row else 0

    async def rating_of(self, guild_id: int, game: str, user_id: int) -> tuple[RatingRow, int | None] | None:
        """A person's rating of ``game`` in the server and their rank on its leaderboard (None while provisional);
        None if they have no rated game of it there."""
        row = await self._read_one(
            f"SELECT {_COLS} FROM ratings WHERE guild_id = ? AND game = ? AND player = ?",
            (guild_id, game, str(user_id)),
        )
        if row is None:
            return None
        mine = RatingRow(*row)
        if mine.games < PROVISIONAL_GAMES:
            return mine, None
        ordinal = mine.mu - 3 * mine.sigma
        ahead = await self._read_one(
            f"SELECT COUNT(*) FROM ratings WHERE {_RANKED} AND (mu - 3 * sigma > ? OR (mu - 3 * sigma = ? "
            "AND (games > ? OR (games = ? AND user_id < ?))))",
            (guild_id, game, PROVISIONAL_GAMES, ordinal, ordinal, mine.games, mine.games, user_id),
        )
        return mine, 1 + (int(ahead[0]) if ahead else 0)

    async def games_unrated(self) -> list[int]:
        """Finished games with results whose ratings were never updated (those that ended before ratings were
        kept), oldest first: the order they are rated in at start-up."""
        found = await self._read(
            "SELECT id FROM games g WHERE status = 'over' AND rated = 0 "
            "AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY COALESCE(finished_at, updated_at), id"
        )
        return [int(r[0]) for r in found]

    async def rate_game(self, game_id: int) -> bool:
        """Rate one finished game from its stored results, if it was not yet (the start-up back-fill); under the
        game's lock, so two processes starting at once rate it once. True if ratings changed."""
        now = self.now()

        def run(conn: Conn) -> bool:
            lock_game(conn, game_id)
            return _rate(conn, game_id, now)

        return await self.writer.transaction(run)
