"""The action log: a game's start, every move in one transaction, loading a game back, its log, mending."""

from __future__ import annotations

import json
from collections.abc import Sequence

from bot.store.base import StorePart
from bot.store.rows import (
    AUTO_SOURCES,
    LobbyChanged,
    Move,
    StaleVersion,
    Want,
)
from bot.store.sql import (
    _add_log,
    _add_results,
    _begin,
    _come_back,
    _hand_to_ai,
    _log_rows,
    _people,
    _replaced,
    _seat_list,
    _sync_deadlines,
    _want,
    lock_game,
    read_position,
)
from bot.store.sqlite import Conn, one, rows
from bot.words.logline import LogLine


class PlayStore(StorePart):
    """The action log: a game's start, every move in one transaction, loading a game back, its log, mending."""

    # ------------------------------------------------------------------ playing
    async def start_game(
        self,
        game_id: int,
        state: str,
        decision_since: dict[str, int],
        log_lines: Sequence[LogLine],
        version: int,
        wants: Sequence[Want] = (),
        waiting: Sequence[tuple[str, int, int]] = (),
        seats: Sequence[tuple[str, int | None]] | None = None,
    ) -> bool:
        """Lobby → active with the first snapshot; False if the lobby was already started or closed.

        ``seats``: the (seat, user id) the game was dealt for, in order. Raises ``LobbyChanged`` (and
        writes nothing) if the stored seats differ: someone joined or left while the cards were dealt.
        """
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def start(conn: Conn) -> bool:
            lock_game(conn, game_id)
            status = one(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if status is None or status[0] != "lobby":
                return False
            if seats is not None and _seat_list(conn, game_id) != [tuple(s) for s in seats]:
                raise LobbyChanged(f"the seats of game {game_id} changed during the start")
            conn.execute(
                "UPDATE games SET status = 'active', version = ?, decision_since = ?, updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (version, json.dumps(decision_since), now, game_id),
            )
            _begin(conn, game_id, version, state, log_rows, wants, waiting, now, epoch)
            return True

        return await self.writer.transaction(start)

    async def start_next_game(
        self,
        series_id: int,
        previous: int,
        seed: int,
        state: str,
        decision_since: dict[str, int],
        log_lines: Sequence[LogLine],
        version: int,
        wants: Sequence[Want],
        waiting: Sequence[tuple[str, int, int]],
        seats: Sequence[tuple[str, int | None]],
    ) -> int | None:
        """A cup's next game, created and started in one transaction (so no join or leave can land between
        the two): the seats of game ``previous`` (people as people again, AI seats at their level), its
        game, options, deadline and language, dealt as ``state``. Its id; None if the cup ended,
        ``previous`` is not its latest game or is not over, or the channel has an open game (someone was
        quicker). ``seats`` are the (seat, user id) the game was dealt for."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def create(conn: Conn) -> int | None:
            last = one(
                conn,
                "SELECT g.id, g.status, g.channel_id FROM games g JOIN series s ON s.id = g.series_id "
                "WHERE g.series_id = ? AND s.status = 'running' ORDER BY g.id DESC LIMIT 1",
                (series_id,),
            )
            if last is None or last[0] != previous or last[1] not in ("over", "abandoned"):
                return None
            if one(conn, "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (last[2],)):
                return None
            made = one(
                conn,
                "INSERT INTO games (guild_id, channel_id, channel_name, host_id, status, game, options, "
                "seed, version, decision_since, created_at, updated_at, deadline_seconds, series_id, language) "
                "SELECT guild_id, channel_id, channel_name, host_id, 'active', game, options, ?, ?, ?, ?, ?, "
                "deadline_seconds, series_id, language FROM games WHERE id = ? RETURNING id",
                (seed, version, json.dumps(decision_since), now, now, previous),
            )
            assert made is not None
            game_id = int(made[0])
            conn.execute(
                "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai, ai_level) "
                "SELECT ?, position, seat, user_id, display_name, CASE WHEN user_id IS NULL THEN is_ai ELSE 0 END, "
                "CASE WHEN user_id IS NULL THEN ai_level END FROM seats WHERE game_id = ?",
                (game_id, previous),
            )
            if _seat_list(conn, game_id) != [tuple(s) for s in seats]:
                raise LobbyChanged(f"the seats of game {previous} are not the ones dealt for its next game")
            _begin(conn, game_id, version, state, log_rows, wants, waiting, now, epoch)
            return int(game_id)

        return await self.writer.transaction(create)

    async def record(self, move: Move) -> None:
        """Commit one applied move and the deliveries it calls for, in one transaction.

        Raises ``StaleVersion`` (and writes nothing) if the game is no longer at the version
        the move was computed from.
        """
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(move.log_lines)

        def write(conn: Conn) -> None:
            lock_game(conn, move.game_id)
            # a person's own move keeps what it replaces, for an undo (read before anything changes)
            replaced = None if move.source in AUTO_SOURCES else _replaced(conn, move.game_id, move.seat)
            cur = conn.execute(
                "UPDATE games SET version = ?, decision_since = ?, updated_at = ?, status = ?, "
                "finished_at = CASE WHEN ? = 1 THEN ? ELSE finished_at END WHERE id = ? AND version = ? AND status = 'active' "
                "AND paused IS NULL",
                (
                    move.version,
                    json.dumps(move.decision_since),
                    now,
                    "over" if move.finished else "active",
                    int(move.finished),
                    now,
                    move.game_id,
                    move.version - 1,
                ),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"game {move.game_id} is not at version {move.version - 1}")
            conn.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, text, source, at, replaced) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (move.game_id, move.version, move.seat, move.user_id, move.text, move.source, now, replaced),
            )
            if move.snapshot is not None:
                conn.execute(
                    "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)",
                    (move.game_id, move.version, move.snapshot, now),
                )
            if move.missed_turn is not None:
                conn.execute(
                    "UPDATE seats SET timeouts = timeouts + 1, missed_turn = ? WHERE game_id = ? AND seat = ?",
                    (move.missed_turn, move.game_id, move.seat),
                )
            elif move.source not in AUTO_SOURCES:
                conn.execute(
                    "UPDATE seats SET timeouts = 0, missed_turn = NULL WHERE game_id = ? AND seat = ?",
                    (move.game_id, move.seat),
                )
            if move.handover is not None:
                _hand_to_ai(conn, move.game_id, *move.handover)
            _add_log(conn, move.game_id, move.version, log_rows, now)
            conn.executemany(
                "INSERT INTO turn_events (game_id, version, turn, events) VALUES (?, ?, ?, ?)",
                [(move.game_id, move.version, turn, events) for turn, events in move.events],
            )
            _want(conn, move.game_id, move.wants, epoch)
            if move.source not in AUTO_SOURCES and move.user_id is not None:
                _come_back(conn, move.user_id, epoch, now)  # a move of their own: back from time away, if they were
            _sync_deadlines(conn, move.game_id, move.waiting, epoch, move.hurry)
            _add_results(conn, move.game_id, move.results, now, move.series_over)

        await self.writer.transaction(write)

    async def load(self, game_id: int) -> tuple[str, list[tuple[int, str, str]]]:
        """The latest snapshot and every action after it as (seq, seat, text), read in one transaction."""

        def read(conn: Conn) -> tuple[str, list[tuple[int, str, str]]]:
            _version, state, actions = read_position(conn, game_id)
            return state, actions

        return await self.reader.call(read)

    async def log_tail(self, game_id: int, limit: int) -> list[LogLine]:
        found = await self._read(
            "SELECT text, data FROM (SELECT seq, text, data FROM log WHERE game_id = ? ORDER BY seq DESC LIMIT ?) AS tail ORDER BY seq",
            (game_id, limit),
        )
        return [LogLine.stored(r[0], r[1]) for r in found]

    async def action_count(self, game_id: int) -> int:
        row = await self._read_one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    async def action(self, game_id: int, seq: int) -> tuple[int | None, str, str] | None:
        """(user id, text, source) of one stored action."""
        row = await self._read_one(
            "SELECT user_id, text, source FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
        )
        return (row[0], row[1], row[2]) if row else None

    # ------------------------------------------------------------------ mending seats (start-up)
    async def mend_seats(self, game_id: int, extra: Sequence[str], end: bool, log_lines: Sequence[LogLine]) -> bool:
        """Mend a game written by the join/start race of earlier releases: drop the seat rows ``extra``
        (seats never dealt in) and, with ``end`` (a dealt seat has no row: nobody can tell whose it is), end
        the game as abandoned; each person it concerns is told by DM (a ``repaired`` delivery whose hint
        says which). False if the game is no longer running."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: Conn) -> bool:
            lock_game(conn, game_id)
            row = one(conn, "SELECT version FROM games WHERE id = ? AND status = 'active'", (game_id,))
            if row is None:
                return False
            dropped = [
                int(r[0])
                for seat in extra
                for r in rows(
                    conn,
                    "SELECT user_id FROM seats WHERE game_id = ? AND seat = ? AND user_id IS NOT NULL",
                    (game_id, seat),
                )
            ]
            conn.executemany("DELETE FROM seats WHERE game_id = ? AND seat = ?", [(game_id, seat) for seat in extra])
            conn.executemany(
                "DELETE FROM deadlines WHERE game_id = ? AND seat = ?", [(game_id, seat) for seat in extra]
            )
            conn.executemany(
                "DELETE FROM deliveries WHERE game_id = ? AND target = ? AND kind != 'repaired'",
                [(game_id, u) for u in dropped],
            )
            wants = [Want("repaired", u, hint="dropped") for u in dropped]
            if end:
                conn.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ?, finished_at = ? WHERE id = ?",
                    (now, now, game_id),
                )
                conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
                people = _people(conn, game_id)
                wants += [
                    Want("channel"),
                    *(Want("prompt", u) for u in people),
                    *(Want("repaired", u, hint="ended") for u in people),
                ]
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, wants, epoch)
            return True

        return await self.writer.transaction(run)
