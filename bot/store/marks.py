"""Where a game is shown on Discord: the table message, its thread and summaries, each person's DM prompt,
and whether the channel can still be reached (a paused game)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.base import StorePart
from bot.store.rows import (
    _GAME_COLS,
    RETIRED,
    ChannelMarks,
    Delivery,
    GameRow,
    Want,
)
from bot.store.sql import (
    _add_log,
    _log_rows,
    _move_clocks,
    _people,
    _want,
    lock_game,
    mark_delivered,
)
from bot.store.sqlite import Conn, one
from bot.words.logline import LogLine


class MarkStore(StorePart):
    """Where a game is shown on Discord: the table message, its thread and summaries, each person's DM prompt,"""

    # ------------------------------------------------------------------ the channel: summaries, log thread
    async def channel_marks(self, game_id: int) -> ChannelMarks:
        """What of the game the channel already shows (see migration 0006)."""
        row = await self._read_one(
            "SELECT table_message_id, table_turn, summary_posted_turn, log_thread_id, log_posted_seq, "
            "results_posted, results_message_id, log_due_seq FROM games WHERE id = ?",
            (game_id,),
        )
        if row is None:
            raise LookupError(f"no game {game_id}")
        return ChannelMarks(row[0], int(row[1]), int(row[2]), row[3], int(row[4]), bool(row[5]), row[6], int(row[7]))

    async def set_lobby_message(self, game_id: int, message_id: int) -> None:
        """The message ``/game new`` posted, with the lobby's buttons: edited as seats change and at the start."""
        await self._write("UPDATE games SET lobby_message_id = ? WHERE id = ?", (message_id, game_id))

    async def lobby_message(self, game_id: int) -> int | None:
        row = await self._read_one("SELECT lobby_message_id FROM games WHERE id = ?", (game_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def set_log_thread(self, game_id: int, thread_id: int | None) -> None:
        """The thread the log lines go to (0: none can be made, the lines stay in ``/game log``;
        None: make one again)."""
        await self._write("UPDATE games SET log_thread_id = ? WHERE id = ?", (thread_id, game_id))

    async def turns_to_summarise(self, game_id: int, before: int | None) -> list[tuple[int, list[dict[str, Any]]]]:
        """(turn, public events) of every turn after the last summary posted and before ``before``
        (None: every turn, once the game is over), oldest first."""
        found = await self._read(
            "SELECT e.turn, e.events FROM turn_events e JOIN games g ON g.id = e.game_id "
            "WHERE e.game_id = ? AND e.turn > g.summary_posted_turn AND (CAST(? AS BIGINT) IS NULL OR e.turn < ?) "
            "ORDER BY e.turn, e.version",
            (game_id, before, before),
        )
        out: list[tuple[int, list[dict[str, Any]]]] = []
        for turn, events in found:
            if not out or out[-1][0] != turn:
                out.append((int(turn), []))
            out[-1][1].extend(json.loads(events))
        return out

    async def set_summary_posted(self, game_id: int, turn: int, table_gone: bool = False) -> None:
        """Recorded once the summary is in the channel; that turn's events are no longer needed, and the log
        thread is owed every line so far (it gets a turn's lines when the turn ends). ``table_gone``: the table
        message became the summary, so the game has no table message now."""

        def run(conn: Conn) -> None:
            conn.execute(
                "UPDATE games SET summary_posted_turn = MAX(summary_posted_turn, ?), log_due_seq = MAX(log_due_seq, "
                "COALESCE((SELECT MAX(seq) FROM log WHERE game_id = ?), 0)) WHERE id = ?",
                (turn, game_id, game_id),
            )
            if table_gone:
                conn.execute("UPDATE games SET table_message_id = NULL WHERE id = ?", (game_id,))
            conn.execute("DELETE FROM turn_events WHERE game_id = ? AND turn <= ?", (game_id, turn))

        await self.writer.transaction(run)

    # ------------------------------------------------------------------ DM prompts
    async def prompt(self, game_id: int, user_id: int) -> tuple[int, int, int] | None:
        """(DM channel id, message id, decision since) of the prompt a player was last sent."""
        row = await self._read_one(
            "SELECT channel_id, message_id, since FROM prompts WHERE game_id = ? AND user_id = ?", (game_id, user_id)
        )
        return (row[0], row[1], row[2]) if row else None

    async def set_prompt(
        self,
        game_id: int,
        user_id: int,
        channel_id: int,
        message_id: int,
        since: int,
        settles: int | None = None,
        delivers: Delivery | None = None,
    ) -> None:
        """Remember which DM shows the player's decision dated ``since``. ``settles``: the game's version the
        prompt was made from, when the player's own answer showed it; if the game is still at that version,
        the prompt delivery the move asked for is done by the same write (it would find nothing to change).
        ``delivers``: the delivery that sent this DM, marked done in the same write (its last)."""

        def write(conn: Conn) -> None:
            conn.execute(
                "INSERT INTO prompts (game_id, user_id, channel_id, message_id, since) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id, since = excluded.since",
                (game_id, user_id, channel_id, message_id, since),
            )
            conn.execute(
                "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
                (user_id, channel_id),
            )
            if settles is not None:
                _settle_prompt(conn, game_id, user_id, settles, self.epoch())
            if delivers is not None:
                mark_delivered(conn, delivers, self.epoch())

        await self.writer.transaction(write)

    async def clear_prompt(
        self, game_id: int, user_id: int, message_id: int | None = None, settles: int | None = None
    ) -> None:
        """The player's prompt asks nothing any more (only that message, if ``message_id`` is given).

        The message is kept, dated ``RETIRED``: the player's next decision in a burst edits it
        rather than coming as a new DM. ``settles`` as for :meth:`set_prompt`."""

        def write(conn: Conn) -> None:
            if message_id is None:
                conn.execute(
                    "UPDATE prompts SET since = ? WHERE game_id = ? AND user_id = ?", (RETIRED, game_id, user_id)
                )
            else:
                conn.execute(
                    "UPDATE prompts SET since = ? WHERE game_id = ? AND user_id = ? AND message_id = ?",
                    (RETIRED, game_id, user_id, message_id),
                )
            if settles is not None:
                _settle_prompt(conn, game_id, user_id, settles, self.epoch())

        await self.writer.transaction(write)

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._read_one("SELECT channel_id FROM dm_channels WHERE user_id = ?", (user_id,))
        return int(row[0]) if row else None

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(
            "INSERT INTO dm_channels (user_id, channel_id) VALUES (?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET channel_id = excluded.channel_id",
            (user_id, channel_id),
        )

    # ------------------------------------------------------------------ a channel the bot cannot reach
    async def channel_refused(self, game_id: int) -> int:
        """One more refused call to the game's channel; how many in a row now."""

        def run(conn: Conn) -> int:
            conn.execute("UPDATE games SET channel_failures = channel_failures + 1 WHERE id = ?", (game_id,))
            row = one(conn, "SELECT channel_failures FROM games WHERE id = ?", (game_id,))
            return int(row[0]) if row else 0

        return await self.writer.transaction(run)

    async def pause(self, game_id: int, reason: str, log_lines: Sequence[LogLine]) -> bool:
        """Pause a running (or finished but not yet shown) game whose channel the bot cannot reach, and ask
        for a DM to every person in it and its host, in one transaction. False if it was paused already
        (a deleted channel still turns "no access" into "gone", without new DMs) or is not running."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: Conn) -> bool:
            lock_game(conn, game_id)
            row = one(
                conn,
                "SELECT version, paused, host_id FROM games WHERE id = ? AND status IN ('active', 'over')",
                (game_id,),
            )
            if row is None:
                return False
            if row[1] is not None:
                if reason == "gone":
                    conn.execute("UPDATE games SET paused = 'gone' WHERE id = ?", (game_id,))
                return False
            conn.execute("UPDATE games SET paused = ?, paused_at = ? WHERE id = ?", (reason, epoch, game_id))
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(conn, game_id, [Want("paused", u, hint=reason) for u in _people(conn, game_id, int(row[2]))], epoch)
            return True

        return await self.writer.transaction(run)

    async def resume(
        self,
        game_id: int,
        log_lines: Sequence[LogLine],
        channel: tuple[int, str] | None = None,
        guild_id: int | None = None,
    ) -> str | None:
        """Let a paused game go on: every decision clock keeps the waking time it had left (``_move_clocks``),
        what it held back is due now, and each person is told by DM. With ``channel`` (id, name) the game moves there
        (its deleted channel's messages are not posted again). None when done, else why not: "running"
        (it was not paused), "busy" (the new channel has an open game)."""
        now, epoch = self.now(), self.epoch()
        log_rows = _log_rows(log_lines)

        def run(conn: Conn) -> str | None:
            lock_game(conn, game_id)
            row = one(
                conn, "SELECT version, paused_at, host_id FROM games WHERE id = ? AND paused IS NOT NULL", (game_id,)
            )
            if row is None:
                return "running"
            if channel is not None:
                if one(
                    conn,
                    "SELECT 1 FROM games WHERE channel_id = ? AND status IN ('lobby', 'active') AND id != ?",
                    (channel[0], game_id),
                ):
                    return "busy"
                conn.execute(
                    "UPDATE games SET channel_id = ?, channel_name = ?, guild_id = COALESCE(?, guild_id), "
                    "table_message_id = NULL, table_turn = -1, log_thread_id = NULL, results_message_id = NULL "
                    "WHERE id = ?",
                    (channel[0], channel[1], guild_id, game_id),
                )
            shift = max(0.0, epoch - float(row[1] or epoch))
            conn.execute(
                "UPDATE games SET paused = NULL, paused_at = NULL, channel_failures = 0 WHERE id = ?", (game_id,)
            )
            # each clock keeps the waking time it had left when the game stopped
            _move_clocks(conn, "WHERE game_id = ?", (game_id,), epoch - shift, epoch)
            conn.execute(
                "UPDATE deliveries SET attempts = 0, due_at = MIN(due_at, ?) WHERE game_id = ? AND wanted > done",
                (epoch, game_id),
            )
            _add_log(conn, game_id, int(row[0]), log_rows, now)
            _want(
                conn,
                game_id,
                [Want("channel"), *(Want("resumed", u) for u in _people(conn, game_id, int(row[2])))],
                epoch,
            )
            return None

        return await self.writer.transaction(run)

    async def games_in_guild(self, guild_id: int) -> list[GameRow]:
        """The lobbies and running games of a server, and its finished games whose results are not shown yet."""
        return await self._games_to_show("guild_id", guild_id)

    async def games_in_channel(self, channel_id: int) -> list[GameRow]:
        """The lobby or running game of a channel or thread, and a finished game there whose results are not shown yet."""
        return await self._games_to_show("channel_id", channel_id)

    async def _games_to_show(self, column: str, value: int) -> list[GameRow]:
        assert column in ("guild_id", "channel_id")
        return await self._games(
            f"SELECT {_GAME_COLS} FROM games WHERE {column} = ? AND "
            "(status IN ('lobby', 'active') OR (status = 'over' AND results_posted = 0)) ORDER BY id",
            (value,),
        )

    async def paused_games(self, guild_id: int) -> list[GameRow]:
        """A server's paused games, oldest first (``/game resume`` in another channel picks among them)."""
        return await self._games(
            f"SELECT {_GAME_COLS} FROM games WHERE guild_id = ? AND paused IS NOT NULL ORDER BY id", (guild_id,)
        )


def _settle_prompt(conn: Conn, game_id: int, user_id: int, version: int, now: float) -> None:
    """The player's prompt delivery is done if the game is still at ``version``, the state the DM now shows: a
    later move asks for it again (it bumps ``wanted``), and a row a worker holds is left to it. Saves the
    worker a claim, a look and a commit for every move answered in its own DM. Either way the answer's hold on the
    row ends here: whatever is still owed may go now."""
    conn.execute(
        "UPDATE deliveries SET answer_until = 0 WHERE game_id = ? AND kind = 'prompt' AND target = ? AND answer_until > 0",
        (game_id, user_id),
    )
    conn.execute(
        "UPDATE deliveries SET done = wanted, attempts = 0, last_error = NULL WHERE game_id = ? AND kind = 'prompt' "
        "AND target = ? AND wanted > done AND lease_until <= ? "
        "AND EXISTS (SELECT 1 FROM games WHERE id = ? AND version = ?)",
        (game_id, user_id, now, game_id, version),
    )
