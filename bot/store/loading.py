"""Reading a game back whole: its row, its seats, and the position its snapshot and actions give, in one read.

Another process may move the game at any moment (several processes on one PostgreSQL database). Read one after
the other, the row could say version 12 and the actions go on to 13: the replay would not end at the row's version.
Read together (``bot.store.sql.read_together``: one snapshot of the database), they always fit."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from datetime import datetime

from bot.store.rows import _GAME_COLS, UNDO, GameRow, SeatRow, _game
from bot.store.sql import position, read_together
from bot.store.sqlite import Conn, one, rows

#: the statuses of a game that has been dealt (a lobby has no snapshot yet)
DEALT = ("active", "over", "abandoned")


@dataclass
class StoredGame:
    """A game as the database had it at one moment."""

    row: GameRow
    seats: list[SeatRow]
    #: when each seat's person last moved, and the version of the last undo (read for a game in play only)
    acted_at: dict[str, float] = field(default_factory=dict)
    last_undo: int = 0
    #: the latest snapshot and the actions after it as (seq, seat, text); None for a game never dealt
    state: str | None = None
    actions: list[tuple[int, str, str]] = field(default_factory=list)


def read_game(conn: Conn, game_id: int) -> StoredGame | None:
    """The game's row, seats and position, read together (None: no such game). A dealt game without a snapshot
    (an abandoned lobby) has no ``state``."""
    with read_together(conn):
        return game_inside(conn, game_id)


def game_inside(conn: Conn, game_id: int) -> StoredGame | None:
    """``read_game`` inside the caller's transaction (one that reads together), for a caller that reads more of the
    game in it (the web: its recent log lines and clocks)."""
    row = game_row(conn, game_id)
    if row is None:
        return None
    stored = StoredGame(row, seat_rows(conn, game_id))
    if row.status == "active":
        stored.acted_at = acted_at(conn, game_id)
        stored.last_undo = last_undo(conn, game_id)
    if row.status in DEALT:
        with contextlib.suppress(LookupError):  # an abandoned lobby: it was never dealt
            _version, stored.state, stored.actions = position(conn, game_id)
    return stored


def game_row(conn: Conn, game_id: int) -> GameRow | None:
    row = one(conn, f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
    return _game(row) if row else None


def seat_rows(conn: Conn, game_id: int) -> list[SeatRow]:
    found = rows(
        conn,
        "SELECT position, seat, user_id, display_name, is_ai, ai_level, ai_since, timeouts, away_turns, missed_turn "
        "FROM seats WHERE game_id = ? ORDER BY position",
        (game_id,),
    )
    return [SeatRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7], r[8], r[9]) for r in found]


def acted_at(conn: Conn, game_id: int) -> dict[str, float]:
    """When each seat's person last made a move of their own (not the AI's, not a timeout), in epoch seconds."""
    found = rows(
        conn,
        "SELECT seat, MAX(at) FROM actions WHERE game_id = ? AND source NOT IN ('ai', 'timeout', 'missed') GROUP BY seat",
        (game_id,),
    )
    return {str(seat): datetime.fromisoformat(at).timestamp() for seat, at in found}


def last_undo(conn: Conn, game_id: int) -> int:
    """The version of the game's last undo (0: none): an AI seat's thought older than it is thrown away."""
    row = one(conn, "SELECT MAX(seq) FROM actions WHERE game_id = ? AND source = ?", (game_id, UNDO))
    return int(row[0]) if row and row[0] is not None else 0
