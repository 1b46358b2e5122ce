"""Games, lobbies and seats: which game a channel has, who sits where, who the AI plays for."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.base import StorePart
from bot.store.loading import StoredGame, acted_at, game_row, read_game, seat_rows
from bot.store.rows import (
    _G_GAME_COLS,
    _GAME_COLS,
    GameRow,
    SeatRow,
    Want,
    _game,
)
from bot.store.sql import (
    _add_log,
    _hand_to_ai,
    _log_rows,
    _sync_deadlines,
    _want,
    lock_game,
)
from bot.store.sqlite import CONSTRAINT_ERRORS, Conn, one, rows
from bot.words.logline import LogLine


class GameStore(StorePart):
    """Games, lobbies and seats: which game a channel has, who sits where, who the AI plays for."""

    # ------------------------------------------------------------------ games
    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        channel_name: str,
        host_id: int,
        host_name: str,
        game: str,
        options: dict[str, Any],
        seed: int,
        deadline: int | None = None,
        series_target: int | None = None,
        language: str = "en",
        tutorial: bool = False,
    ) -> int | None:
        """A new lobby with its host in the first seat; None if the channel already has an open game
        (decided inside the transaction, so two ``/game new`` at once open one lobby, not an error).

        With ``series_target`` the lobby is the first game of a new series of ``game`` (its kind: the game's key),
        and a series still running in the channel is abandoned in the same transaction (``/game next`` means the
        new one).
        """
        now = self.now()

        def create(conn: Conn) -> int | None:
            if one(conn, "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)):
                return None
            series_id = None
            if series_target is not None:
                conn.execute(
                    "UPDATE series SET status = 'abandoned', finished_at = ? WHERE channel_id = ? AND status = 'running'",
                    (now, channel_id),
                )
                made = one(
                    conn,
                    "INSERT INTO series (guild_id, channel_id, host_id, kind, target, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, host_id, game, series_target, now),
                )
                series_id = made[0] if made else None
            row = one(
                conn,
                "INSERT INTO games (guild_id, channel_id, channel_name, host_id, status, game, "
                "options, seed, created_at, updated_at, deadline_seconds, series_id, language, tutorial) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    channel_name,
                    host_id,
                    game,
                    json.dumps(options, sort_keys=True),
                    seed,
                    now,
                    now,
                    deadline,
                    series_id,
                    language,
                    int(tutorial),
                ),
            )
            assert row is not None
            game_id = int(row[0])
            conn.execute(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai) VALUES (?, 0, 'p1', ?, ?, 0)",
                (game_id, host_id, host_name),
            )
            return game_id

        try:
            return await self.writer.transaction(create)
        except CONSTRAINT_ERRORS:  # another process opened one first (the one-open-game index)
            return None

    async def game(self, game_id: int) -> GameRow | None:
        return await self.reader.call(lambda c: game_row(c, game_id))

    async def game_mark(self, game_id: int) -> tuple[int, str, str | None, int] | None:
        """What tells whether a cached game is the stored one: (version, status, paused, channel id); one
        indexed read of four columns, made before each delivery."""
        row = await self._read_one("SELECT version, status, paused, channel_id FROM games WHERE id = ?", (game_id,))
        return (int(row[0]), str(row[1]), row[2], int(row[3])) if row else None

    async def open_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return _game(row) if row else None

    async def last_game_in(self, channel_id: int) -> GameRow | None:
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        return _game(row) if row else None

    async def games_awaiting_ai(self) -> list[int]:
        """The running, unpaused games in which an AI seat has a decision now (read from the stored decisions,
        without loading any game): the only ones the AI must be started for."""
        if self.dialect == "postgresql":
            decides = "(g.decision_since::jsonb ->> s.seat) IS NOT NULL"
        else:
            decides = "json_extract(g.decision_since, '$.\"' || s.seat || '\"') IS NOT NULL"
        found = await self._read(
            "SELECT g.id FROM games g WHERE g.status = 'active' AND g.paused IS NULL AND EXISTS ("
            f"SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.is_ai = 1 AND {decides}) ORDER BY g.id"
        )
        return [int(r[0]) for r in found]

    async def games_with_status(self, status: str) -> list[GameRow]:
        return await self._games(f"SELECT {_GAME_COLS} FROM games WHERE status = ? ORDER BY id", (status,))

    async def count_by_status(self) -> dict[tuple[str, str], int]:
        """(game, status) -> how many games (the metrics' ``nightfall_games``)."""
        found = await self._read("SELECT game, status, COUNT(*) FROM games GROUP BY game, status")
        return {(str(game), str(status)): int(n) for game, status, n in found}

    async def active_games_of(self, user_id: int) -> list[GameRow]:
        return await self._games(
            f"SELECT {_G_GAME_COLS} FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE s.user_id = ? AND g.status = 'active' ORDER BY g.id",
            (user_id,),
        )

    async def games_of_user(self, user_id: int) -> list[GameRow]:
        """Every lobby and running game the user holds a seat in, in any server or channel (for ``/game mine``)."""
        return await self._games(
            f"SELECT DISTINCT {_G_GAME_COLS} FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE s.user_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id",
            (user_id,),
        )

    async def abandon(self, game_id: int, user_ids: Sequence[int]) -> bool:
        """End a game by hand; every player's prompt loses its buttons (a delivery). False if it had ended."""
        now, epoch = self.now(), self.epoch()

        def run(conn: Conn) -> bool:
            lock_game(conn, game_id)
            cur = conn.execute(
                "UPDATE games SET status = 'abandoned', updated_at = ?, finished_at = ? "
                "WHERE id = ? AND status IN ('lobby', 'active')",
                (now, now, game_id),
            )
            if cur.rowcount != 1:
                return False
            # every prompt loses its buttons; a started game's channel posts the log lines still owed and
            # its table says the game was abandoned (a lobby has no table)
            started = one(conn, "SELECT 1 FROM snapshots WHERE game_id = ? LIMIT 1", (game_id,)) is not None
            _want(
                conn, game_id, [*([Want("channel")] if started else []), *(Want("prompt", u) for u in user_ids)], epoch
            )
            conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
            return True

        return await self.writer.transaction(run)

    async def log_since(self, game_id: int) -> list[tuple[int, LogLine]]:
        """Log lines not yet posted to the channel, as (seq, line)."""
        found = await self._read(
            "SELECT l.seq, l.text, l.data FROM log l JOIN games g ON g.id = l.game_id "
            "WHERE l.game_id = ? AND l.seq > g.log_posted_seq ORDER BY l.seq",
            (game_id,),
        )
        return [(int(r[0]), LogLine.stored(r[1], r[2])) for r in found]

    async def log_owed(self, game_id: int) -> list[tuple[int, LogLine]]:
        """The log lines the thread is owed now and has not got: those of the turns that ended (a running game's
        current turn waits for its end), every one once the game is over (for checks and tests)."""
        found = await self._read(
            "SELECT l.seq, l.text, l.data FROM log l JOIN games g ON g.id = l.game_id WHERE l.game_id = ? "
            "AND l.seq > g.log_posted_seq AND (l.seq <= g.log_due_seq OR g.status IN ('over', 'abandoned')) "
            "ORDER BY l.seq",
            (game_id,),
        )
        return [(int(r[0]), LogLine.stored(r[1], r[2])) for r in found]

    async def set_log_posted(self, game_id: int, seq: int) -> None:
        await self._write("UPDATE games SET log_posted_seq = MAX(log_posted_seq, ?) WHERE id = ?", (seq, game_id))

    async def results_posted(self, game_id: int) -> bool:
        row = await self._read_one("SELECT results_posted FROM games WHERE id = ?", (game_id,))
        return bool(row and row[0])

    async def set_results_posted(self, game_id: int, message_id: int | None = None) -> None:
        """Recorded only after the results message was sent, so a failed send is retried."""
        await self._write(
            "UPDATE games SET results_posted = 1, results_message_id = COALESCE(?, results_message_id) WHERE id = ?",
            (message_id, game_id),
        )

    async def set_table_message(self, game_id: int, message_id: int | None, turn: int | None = None) -> None:
        """The game's table message; ``turn``: the turn it was posted for (when that turn is summarised,
        this message becomes the summary and a fresh table is posted below it)."""
        if turn is None:
            await self._write("UPDATE games SET table_message_id = ? WHERE id = ?", (message_id, game_id))
        else:
            await self._write(
                "UPDATE games SET table_message_id = ?, table_turn = ? WHERE id = ?", (message_id, turn, game_id)
            )

    async def lines_since_move(self, game_id: int, user_id: int, limit: int) -> tuple[list[LogLine], int]:
        """The last ``limit`` log lines after the person's own last move, and how many earlier ones were
        left out; nothing before their first move (the game's start is no news to them)."""
        mark = (
            "COALESCE((SELECT MAX(seq) FROM actions WHERE game_id = ? AND user_id = ? "
            "AND source NOT IN ('ai', 'timeout', 'missed')), 1e18)"
        )
        total = await self._read_one(
            f"SELECT COUNT(*) FROM log WHERE game_id = ? AND version > {mark}", (game_id, game_id, user_id)
        )
        found = await self._read(
            f"SELECT text, data FROM (SELECT seq, text, data FROM log WHERE game_id = ? AND version > {mark} "
            "ORDER BY seq DESC LIMIT ?) AS tail ORDER BY seq",
            (game_id, game_id, user_id, limit),
        )
        lines = [LogLine.stored(r[0], r[1]) for r in found]
        return lines, max(0, int(total[0] if total else 0) - len(lines))

    async def acted_at(self, game_id: int) -> dict[str, float]:
        """When each seat's person last made a move of their own (not the AI's, not a timeout), in epoch seconds."""
        return await self.reader.call(lambda c: acted_at(c, game_id))

    async def set_deadline(self, game_id: int, seconds: int | None) -> bool:
        """The game's deadline for decisions from now on (the clocks already running keep theirs)."""
        return (
            await self._write(
                "UPDATE games SET deadline_seconds = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
                (seconds, self.now(), game_id),
            )
            == 1
        )

    async def set_away_days(self, game_id: int, days: int) -> bool:
        """The game's allowance of time away per player (``/game settings away:``), for the times away from now on."""
        return (
            await self._write(
                "UPDATE games SET away_days = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
                (days, self.now(), game_id),
            )
            == 1
        )

    # ------------------------------------------------------------------ seats
    async def seats(self, game_id: int) -> list[SeatRow]:
        return await self.reader.call(lambda c: seat_rows(c, game_id))

    async def stored_game(self, game_id: int) -> StoredGame | None:
        """The game's row, seats and position read together, from one state of the database (``read_game``)."""
        return await self.reader.call(lambda c: read_game(c, game_id))

    async def add_seat(
        self,
        game_id: int,
        user_id: int | None,
        name: str,
        is_ai: bool,
        ai_level: str | None = None,
        max_seats: int = 5,
    ) -> str | None:
        """Seat a person (or an AI) in a lobby, decided against the stored game in the same transaction:
        None when seated, else why not: ``"not_lobby"`` (it started or ended meanwhile), ``"seated"``
        (this person already is), ``"full"``."""

        def add(conn: Conn) -> str | None:
            lock_game(conn, game_id)
            status = one(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if status is None or status[0] != "lobby":
                return "not_lobby"
            if user_id is not None and one(
                conn, "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ):
                return "seated"
            row = one(conn, "SELECT COUNT(*), COALESCE(MAX(position), -1) + 1 FROM seats WHERE game_id = ?", (game_id,))
            taken, position = (int(row[0]), int(row[1])) if row else (0, 0)
            if taken >= max_seats:
                return "full"
            conn.execute(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai, ai_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, position, f"p{position + 1}", user_id, name, int(is_ai), ai_level),
            )
            return None

        return await self.writer.transaction(add)

    async def remove_seat(self, game_id: int, position: int) -> bool:
        """Remove a lobby seat and renumber the rest, so seats stay p1..pN in order; False (nothing changed)
        if the game is no longer a lobby: a leave that lands after the deal must not renumber dealt seats."""

        def remove(conn: Conn) -> bool:
            lock_game(conn, game_id)
            status = one(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if status is None or status[0] != "lobby":
                return False
            conn.execute("DELETE FROM seats WHERE game_id = ? AND position = ?", (game_id, position))
            rest = [
                r[0] for r in rows(conn, "SELECT position FROM seats WHERE game_id = ? ORDER BY position", (game_id,))
            ]
            for new, old in enumerate(rest):
                conn.execute(
                    "UPDATE seats SET position = ?, seat = ? WHERE game_id = ? AND position = ?",
                    (new, f"p{new + 1}", game_id, old),
                )
            return True

        return await self.writer.transaction(remove)

    async def set_away(
        self,
        game_id: int,
        seat: str,
        turn: int,
        away: bool,
        log_lines: Sequence[LogLine],
        wants: Sequence[Want],
        waiting: Sequence[tuple[str, int, int]],
        level: str | None = None,
    ) -> bool:
        """Hand a person's seat to the AI (``away``, at ``level``: None, the game's default level) or give it back,
        with its log line, its deliveries and the game's clocks, in one transaction. False if the game is not
        running or the seat already was so."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: Conn) -> bool:
            lock_game(conn, game_id)
            row = one(conn, "SELECT version FROM games WHERE id = ? AND status = 'active'", (game_id,))
            if row is None:
                return False
            if away:
                changed = _hand_to_ai(conn, game_id, seat, turn, level)
            else:
                changed = (
                    conn.execute(
                        "UPDATE seats SET is_ai = 0, ai_level = NULL, ai_since = NULL, timeouts = 0, missed_turn = NULL, "
                        "away_turns = away_turns || CASE WHEN away_turns = '' THEN '' ELSE ', ' END || "
                        "CASE WHEN ai_since = ? THEN CAST(? AS TEXT) ELSE ai_since || '-' || ? END "
                        "WHERE game_id = ? AND seat = ? AND ai_since IS NOT NULL",
                        (turn, turn, turn, game_id, seat),
                    ).rowcount
                    == 1
                )
            if not changed:
                return False
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, wants, epoch)
            _sync_deadlines(conn, game_id, waiting, epoch)
            return True

        return await self.writer.transaction(run)
