"""The public web view's part of the store (``migrations/0023_web.sql``): which servers turned it on, and the
unguessable names (tokens) a server's leaderboards and each game's pages are reached by.

A game's token, not its number, names its pages: numbers are counted and can be guessed. It is made the first time a
link to the game is shown, by whichever process shows it: the token is written only where there is none yet, then
read back, so two processes at once agree on one. Every read that serves a page asks whether the game's server has
the web on at that moment: turning it off hides every page at once, in every process."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from bot.store.base import StorePart
from bot.store.loading import StoredGame, game_inside
from bot.store.rows import _DEADLINE_COLS, _G_GAME_COLS, Deadline, GameRow, Want
from bot.store.sql import _want, read_together
from bot.store.sqlite import Conn, one, rows
from bot.words.logline import LogLine

#: bytes of randomness in a token (``secrets.token_urlsafe``: 22 characters of a URL)
TOKEN_BYTES = 16
#: game ids asked in one query of ``marks`` (SQLite takes at most 32,766 values in a statement)
MARKS_AT_ONCE = 900
_SERVER_COLS = "guild_id, enabled, token, language"


@dataclass(frozen=True)
class WebServerRow:
    """A server's web settings: whether its games are on the web, its leaderboards' token, its language."""

    guild_id: int
    enabled: bool
    #: names the server's leaderboards on the web (``/s/<token>/top/<game>``), kept while the web is off
    token: str
    #: the server's language when it last turned the web on or off: its leaderboard pages' own
    language: str


#: the name the web table's design gives the row (``bot.web.server.WebServer`` is the HTTP server)
WebServer = WebServerRow


class GameMark(NamedTuple):
    """What a live page follows of a game: its version (a move, an undo) and what changes without one (the game
    abandoned or ended, paused or going on again)."""

    version: int
    status: str
    #: why the game is paused ("gone", "no_access"); None while it runs
    paused: str | None


def mark_of(row: GameRow) -> GameMark:
    """The mark of a game's row as read."""
    return GameMark(row.version, row.status, row.paused)


@dataclass(frozen=True)
class WebGame:
    """A game as its pages show it, read together (one state of the database): a move, an end or a pause committed
    meanwhile is in all of it or in none, so the recent log never runs ahead of the table, nor its clocks."""

    game: StoredGame
    #: the recent log lines, oldest first
    lines: list[LogLine]
    #: the decision clocks running, earliest first
    clocks: list[Deadline]


def _server(r: Sequence[Any]) -> WebServerRow:
    return WebServerRow(int(r[0]), bool(r[1]), str(r[2]), str(r[3]))


def new_token() -> str:
    """An unguessable token for a page's address."""
    return secrets.token_urlsafe(TOKEN_BYTES)


class WebStore(StorePart):
    """The servers on the web and the tokens of their pages."""

    async def server(self, guild_id: int) -> WebServerRow | None:
        """The server's web settings; None if it never turned the web on."""
        row = await self._read_one(f"SELECT {_SERVER_COLS} FROM web_servers WHERE guild_id = ?", (guild_id,))
        return _server(row) if row is not None else None

    async def set_enabled(self, guild_id: int, enabled: bool, language: str) -> WebServerRow:
        """Turn the server's web view on or off (``language``: the server's). Its token is made the first time and
        kept after, so a leaderboard's address stays the same when the web is turned off and on again. In the same
        transaction, each running game of the server asks for its channel to be shown again: its table message gains
        or loses its link to the web, whichever process shows it."""
        now, epoch = self.now(), self.epoch()

        def run(conn: Conn) -> WebServerRow:
            row = one(
                conn,
                f"INSERT INTO web_servers ({_SERVER_COLS}, changed_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET enabled = excluded.enabled, language = excluded.language, "
                f"changed_at = excluded.changed_at RETURNING {_SERVER_COLS}",
                (guild_id, int(enabled), new_token(), language, now),
            )
            assert row is not None  # an insert or an update returns its row
            running = rows(
                conn, "SELECT id FROM games WHERE guild_id = ? AND status = 'active' AND paused IS NULL", (guild_id,)
            )
            for (game_id,) in running:
                _want(conn, int(game_id), [Want("channel")], epoch)
            return _server(row)

        return await self.writer.transaction(run)

    async def server_by_token(self, token: str) -> WebServerRow | None:
        """The server a leaderboard token names, only while its web is on (None: the page is not found)."""
        row = await self._read_one(f"SELECT {_SERVER_COLS} FROM web_servers WHERE token = ? AND enabled = 1", (token,))
        return _server(row) if row is not None else None

    async def game_token(self, game_id: int) -> str:
        """The game's token, made the first time it is asked for. Raises ``LookupError`` for a game that does not
        exist."""
        found = await self._read_one("SELECT web_token FROM games WHERE id = ?", (game_id,))
        if found is None:
            raise LookupError(f"no game {game_id}")
        if found[0] is not None:
            return str(found[0])
        token = new_token()

        def run(conn: Conn) -> str:
            # only where there is none yet: of two processes making one at once, the first's is kept by both
            conn.execute("UPDATE games SET web_token = ? WHERE id = ? AND web_token IS NULL", (token, game_id))
            row = one(conn, "SELECT web_token FROM games WHERE id = ?", (game_id,))
            if row is None or row[0] is None:
                raise LookupError(f"no game {game_id}")
            return str(row[0])

        return await self.writer.transaction(run)

    async def game_by_token(self, token: str) -> GameRow | None:
        """The game a token names, only while its server has the web on (None: the page is not found). A game
        outside a server (a tutorial, in its person's DMs) is never on the web, nor a lobby (nothing dealt yet)."""
        found = await self._games(
            f"SELECT {_G_GAME_COLS} FROM games g JOIN web_servers w ON w.guild_id = g.guild_id "
            "WHERE g.web_token = ? AND w.enabled = 1 AND g.tutorial = 0 AND g.status <> 'lobby'",
            (token,),
        )
        return found[0] if found else None

    async def stored_game(self, game_id: int, log_lines: int) -> WebGame | None:
        """The game's row, seats and position (``bot.store.loading``), its last ``log_lines`` log lines and its
        running clocks, in one transaction that reads together; None: no such game."""

        def read(conn: Conn) -> tuple[StoredGame, list[Any], list[Any]] | None:
            with read_together(conn):
                stored = game_inside(conn, game_id)
                if stored is None:
                    return None
                lines = rows(
                    conn,
                    "SELECT text, data FROM (SELECT seq, text, data FROM log WHERE game_id = ? ORDER BY seq DESC "
                    "LIMIT ?) AS tail ORDER BY seq",
                    (game_id, log_lines),
                )
                clocks = rows(
                    conn, f"SELECT {_DEADLINE_COLS} FROM deadlines WHERE game_id = ? ORDER BY due_at", (game_id,)
                )
                return stored, lines, clocks

        found = await self.reader.call(read)
        if found is None:
            return None
        stored, lines, clocks = found
        return WebGame(stored, [LogLine.stored(r[0], r[1]) for r in lines], [Deadline(*r) for r in clocks])

    async def marks(self, game_ids: Iterable[int]) -> dict[int, GameMark]:
        """The stored mark of each game (those that exist), what live pages follow: every process of a sharded bot
        reads the same store. Version, status and pause come from one read of the row, so a game abandoned or
        paused (no new version) reaches its pages as a move does."""
        ids = sorted(set(game_ids))
        out: dict[int, GameMark] = {}
        for start in range(0, len(ids), MARKS_AT_ONCE):
            chunk = ids[start : start + MARKS_AT_ONCE]
            marks = ", ".join("?" * len(chunk))
            found = await self._read(f"SELECT id, version, status, paused FROM games WHERE id IN ({marks})", chunk)
            for game_id, version, status, paused in found:
                out[int(game_id)] = GameMark(int(version), str(status), paused)
        return out
