"""Taking a person's last move back (``/game undo``): the game's last action, the position before it, and the
undo itself in one transaction."""

from __future__ import annotations

import json

from bot.store.base import StorePart
from bot.store.loading import last_undo
from bot.store.rows import AUTO_SOURCES, UNDO, NotUndoable, Replaced, StaleVersion, Undo
from bot.store.sql import _add_log, _log_rows, _put_back_clocks, _want, lock_game, read_position
from bot.store.sqlite import Conn, one


class UndoStore(StorePart):
    """The game's last action, the position before it, and the undo's write."""

    async def last_action(self, game_id: int) -> tuple[int, str, int | None, str, str] | None:
        """(seq, seat, user id, text, source) of the game's last action; None before the first."""
        row = await self._read_one(
            "SELECT seq, seat, user_id, text, source FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return (int(row[0]), str(row[1]), row[2], str(row[3]), str(row[4])) if row else None

    async def answer_after(self, game_id: int, seat: str, since: int) -> tuple[int, str, str] | None:
        """(seq, text, source) of the seat's first action after version ``since``: what answered the decision a
        prompt of that date asked (None: nothing did yet)."""
        row = await self._read_one(
            "SELECT seq, text, source FROM actions WHERE game_id = ? AND seat = ? AND seq > ? ORDER BY seq LIMIT 1",
            (game_id, seat, since),
        )
        return (int(row[0]), str(row[1]), str(row[2])) if row else None

    async def undo_after(self, game_id: int, since: int) -> tuple[int, str] | None:
        """(seq, seat) of the game's first undo after version ``since``."""
        row = await self._read_one(
            "SELECT seq, seat FROM actions WHERE game_id = ? AND source = ? AND seq > ? ORDER BY seq LIMIT 1",
            (game_id, UNDO, since),
        )
        return (int(row[0]), str(row[1])) if row else None

    async def last_undo(self, game_id: int) -> int:
        """The version of the game's last undo (0: none): an AI seat's thought older than it is thrown away."""
        return await self.reader.call(lambda c: last_undo(c, game_id))

    async def load_before(self, game_id: int, version: int) -> tuple[str, list[tuple[int, str, str]]]:
        """The position at ``version`` - 1 as ``load`` gives the latest one: the last snapshot before ``version``
        and the actions after it up to ``version`` - 1, as (seq, seat, text). An undo always writes a snapshot at
        its own version, so no undo is ever among the actions replayed."""

        def read(conn: Conn) -> tuple[str, list[tuple[int, str, str]]]:
            _version, state, actions = read_position(conn, game_id, before=version, upto=version - 1)
            return state, actions

        return await self.reader.call(read)

    async def undo(self, undo: Undo) -> Replaced:
        """Take back the game's last action, in one transaction under the game's lock: a new action (source
        ``undo``) one version later, the restored position as its snapshot, the decisions' dates, the deadline rows
        and the mover's missed-turn count as the move found them, the undone move's events out of the turn's summary
        (its log lines stay, followed by the undo's), and the deliveries that show the restored position.

        Raises ``StaleVersion`` if the game moved on or stopped (someone acted first), ``NotUndoable`` if its last
        action is not that person's own move of that seat (and writes nothing)."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(undo.log_lines)
        undone = undo.version - 1

        def write(conn: Conn) -> Replaced:
            lock_game(conn, undo.game_id)
            game = one(conn, "SELECT version, status, paused FROM games WHERE id = ?", (undo.game_id,))
            if game is None or game[0] != undone or game[1] != "active" or game[2] is not None:
                raise StaleVersion(f"game {undo.game_id} is not at version {undone}")
            last = one(
                conn,
                "SELECT seat, user_id, source, replaced FROM actions WHERE game_id = ? AND seq = ?",
                (undo.game_id, undone),
            )
            if (
                last is None
                or last[0] != undo.seat
                or last[1] != undo.user_id
                or last[2] in (*AUTO_SOURCES, UNDO)
                or last[3] is None
            ):
                raise NotUndoable(f"action {undone} of game {undo.game_id} is not {undo.seat}'s own move")
            before = json.loads(last[3])
            conn.execute(
                "UPDATE games SET version = ?, decision_since = ?, updated_at = ? WHERE id = ? AND version = ?",
                (undo.version, json.dumps(before["since"]), now, undo.game_id, undone),
            )
            conn.execute(
                "INSERT INTO actions (game_id, seq, seat, user_id, text, source, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (undo.game_id, undo.version, undo.seat, undo.user_id, UNDO, UNDO, now),
            )
            conn.execute(
                "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)",
                (undo.game_id, undo.version, undo.snapshot, now),
            )
            conn.execute(
                "UPDATE seats SET timeouts = ?, missed_turn = ? WHERE game_id = ? AND seat = ?",
                (before["timeouts"], before["missed_turn"], undo.game_id, undo.seat),
            )
            _put_back_clocks(conn, undo.game_id, before["deadlines"])
            conn.execute("DELETE FROM turn_events WHERE game_id = ? AND version = ?", (undo.game_id, undone))
            _add_log(conn, undo.game_id, undo.version, log_rows, now)
            _want(conn, undo.game_id, undo.wants, epoch)
            since = {str(k): int(v) for k, v in before["since"].items()}
            return Replaced(since, int(before["timeouts"]), before["missed_turn"])

        return await self.writer.transaction(write)
