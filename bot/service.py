"""One game service for every input: command, button, select, AI and timeouts.

    lock the game → check the user holds the seat and the decision is current
    → ``match.apply`` → commit the move *and the deliveries it calls for* → wake the
    delivery worker, which talks to Discord.

It knows no game by name: a match is played through ``engine.protocol``, and whatever a game words
or decides its own way (options, labels, log events, AI seats, results) comes from its face
(``bot.face``), found by the key every stored game keeps.

Discord is never called inside the transaction, and a failed Discord call cannot lose a
committed move: what Discord must show is a row written with the move, delivered (and
retried) by ``bot.delivery``. The in-memory games are a cache: the version
compare-and-set in the store decides, and a cache that fell behind is reloaded.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.protocol import Match

from .database import StorageError
from .errors import UserError
from .face import Face
from .i18n import clip, t
from .logline import LogLine, per_language
from .settings import Settings
from .store import GameRow, LobbyChanged, Move, SeatRow, StaleVersion, Store, Want
from .table import Table

log = logging.getLogger(__name__)

AI_NAMES = ("Vesper", "Lucan", "Mireille", "Anton", "Sable")
#: ``/game new series:``: one game, or the first game of a series (its game's: an Apocalypse Cup…)
SERIES = ("single", "cup")
#: seconds after the last move at which a game-over DM is due if the results' delivery did not bring it forward
GAME_OVER_FALLBACK = 3600.0
#: ``/game mine`` stays below Discord's 2000 characters a message
MINE_LIMIT = 1990


def new_seed() -> int:
    """A fresh game's seed (tests replace this to replay the same games)."""
    return random.SystemRandom().randrange(2**63)


@dataclass
class Outcome:
    """What one committed move changed, for the listeners that update Discord."""

    table: Table
    seat: str
    action: Any
    #: the move's label in each language (``{"en": …, "pl": …, "ru": …}``)
    label: dict[str, str]
    events: list[dict[str, Any]]
    log_lines: list[LogLine]
    new_decisions: list[str]
    finished: bool



class GameService:
    def __init__(self, store: Store, settings: Settings, faces: Mapping[str, Face]) -> None:
        self.store = store
        self.settings = settings
        #: every game's face, by its key (``bot.games.FACES``)
        self.faces = faces
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[int, Table] = {}
        self._ai: dict[tuple[int, str], Any] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        #: called after every commit that asked for deliveries (the bot wakes its delivery worker)
        self.wake: Callable[[], None] = lambda: None

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def face(self, table: Table | GameRow) -> Face:
        """The face of the game a table (or a stored row) plays."""
        row = table.row if isinstance(table, Table) else table
        face = self.faces.get(row.game)
        if face is None:  # a database written by a release that knows more games than this one
            raise UserError("err.unknown_game_kind", game=row.game[:40])
        return face

    def turn(self, table: Table) -> int:
        """The turn the game is in (1 before the first): when the AI takes a seat over or gives it back."""
        return 1 if table.game is None else max(1, self.face(table).turn(table.game))

    # ------------------------------------------------------------------ loading
    async def table(self, game_id: int) -> Table:
        """The game from the cache, or loaded from its latest snapshot plus the actions after it."""
        cached = self._tables.get(game_id)
        if cached is not None:
            return cached
        row = await self.store.game(game_id)
        if row is None:
            raise UserError("err.no_game")
        table = Table(row, await self.store.seats(game_id), since=dict(row.decision_since))
        if row.status == "active":
            table.acted_at = await self.store.acted_at(game_id)
        if row.status in ("active", "over", "abandoned"):
            try:
                state, actions = await self.store.load(game_id)
            except LookupError:  # a lobby that was abandoned: it was never dealt
                if row.status != "abandoned":
                    raise
                self._tables[game_id] = table
                return table
            # an abandoned game is loaded too: its channel still gets the log lines it owed
            game = self.face(row).load(state)
            for _, seat, text in actions:
                game.apply(game.parse_action(seat, text))
            if game.version != row.version:
                raise RuntimeError(f"game {game_id} replays to version {game.version}, stored {row.version}")
            table.game = game
        self._tables[game_id] = table
        return table

    async def _refresh(self, game_id: int) -> Table:
        self._tables.pop(game_id, None)
        return await self.table(game_id)

    async def table_in(self, channel_id: int) -> Table:
        row = await self.store.open_game_in(channel_id)
        if row is None:
            raise UserError("err.no_game")
        return await self.table(row.id)

    async def last_table_in(self, channel_id: int) -> Table:
        row = await self.store.last_game_in(channel_id)
        if row is None:
            raise UserError("err.no_game")
        return await self.table(row.id)

    async def table_for_move(
        self, user_id: int, channel_id: int | None, game_id: int | None = None, verbs: tuple[str, ...] = ()
    ) -> Table:
        """The game a move command means.

        In a server channel or thread: that channel's game and no other (``game_id``, if
        given, must be it). In a DM: the chosen game, or else the one game waiting on this
        user (for one of ``verbs``); with several, the player must choose.
        """
        if channel_id is not None:
            row = await self.store.open_game_in(channel_id)
            if row is None:
                raise UserError("err.no_game")
            if game_id is not None and game_id != row.id:
                raise UserError("err.other_channel")
            return await self.table(row.id)
        if game_id is not None:
            table = await self.table(game_id)
            if table.seat_of(user_id) is None:
                raise UserError("err.not_player")
            return table
        candidates = await self.waiting_on(user_id, verbs)
        if not candidates:
            raise UserError("err.no_active_game")
        if len(candidates) > 1:
            raise UserError("err.which_game", games=", ".join(f"#{t.row.channel_name}" for t in candidates))
        return candidates[0]

    async def waiting_on(self, user_id: int, verbs: tuple[str, ...] = ()) -> list[Table]:
        """The user's running games in which a decision (with one of ``verbs``, if given) waits on them."""
        return [table for table in await self.games_of(user_id) if table.awaits(user_id, verbs)]

    async def games_of(self, user_id: int) -> list[Table]:
        """Every running game the user has a seat in."""
        return [await self.table(row.id) for row in await self.store.active_games_of(user_id)]

    async def mine_text(
        self, user_id: int, lang: str = "en", guild_name: Callable[[int], str | None] = lambda _id: None
    ) -> str:
        """``/game mine``: every lobby and running game the user is seated in, anywhere, with public facts only:
        where, how far, whose move (the user as "you", with their deadline) and a link to the table.
        The games waiting on the user come first; the reply is clipped to Discord's limit."""
        entries: list[tuple[bool, str]] = []
        for row in await self.store.games_of_user(user_id):
            table = await self.table(row.id)
            entries.append(await self._mine_line(row, table, user_id, lang, guild_name))
        if not entries:
            return t("mine.none", lang)
        lines = [line for _awaited, line in sorted(entries, key=lambda e: not e[0])]
        text = t("mine.title", lang, count=len(lines))
        for n, line in enumerate(lines):
            more = "\n" + t("mine.more", lang, n=len(lines) - n) if n < len(lines) - 1 else ""
            if len(text) + 1 + len(line) + len(more) > MINE_LIMIT:
                return text + "\n" + t("mine.more", lang, n=len(lines) - n)
            text += "\n" + line
        return text

    async def _mine_line(
        self, row: GameRow, table: Table, user_id: int, lang: str, guild_name: Callable[[int], str | None]
    ) -> tuple[bool, str]:
        """(whether the user is awaited, the game's line in ``/game mine``). ``row`` is fresh from the
        store: the cached table's row may predate the table message the delivery worker posted."""
        server = guild_name(row.guild_id) if row.guild_id is not None else None
        where = f"<#{row.channel_id}>" + (t("mine.server", lang, name=server) if server else "")
        mine = table.seat_of(user_id)
        awaited = False
        if table.game is None:
            state = t("mine.lobby", lang, count=len(table.seats))
            host = t("prompt.you", lang) if row.host_id == user_id else table.host_name
            who = t("mine.lobby_wait", lang, host=host)
        else:
            state = self.face(row).progress(table.game, lang)
            clocks = {d.seat: d for d in await self.store.deadlines(table.id)}
            names = []
            for seat in sorted({d.seat for d in table.game.pending()}, key=lambda s: table.by_seat(s).position):
                if mine is not None and seat == mine.seat and not mine.is_ai:
                    awaited = True
                    clock = clocks.get(seat)
                    names.append(t("mine.you_until", lang, due=int(clock.due_at)) if clock else t("mine.you", lang))
                else:
                    names.append(table.names[seat])
            who = t("mine.waiting", lang, who=", ".join(names)) if names else ""
            if mine is not None and mine.away:
                who += t("mine.away", lang)
            if row.paused is not None:
                who += t("mine.paused", lang)
        link = (
            t("mine.link", lang, url=f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.table_message_id}")
            if row.guild_id is not None and row.table_message_id is not None
            else ""
        )
        return awaited, t("mine.line", lang, where=where, state=state, who=who, link=link)

    async def resume(self) -> list[Table]:
        """After a (re)start, and periodically: load every running game and make sure AI seats move.

        This is also the watchdog: a game that waits on an AI seat without a live AI task
        (it died, or was never started) gets one.
        """
        tables = []
        for row in await self.store.games_with_status("active"):
            if row.paused is not None:
                continue  # nothing moves in a paused game: it is not even loaded
            try:
                table = await self.table(row.id)
            except Exception:
                log.exception("game %s could not be loaded", row.id)
                continue
            tables.append(table)
            self._schedule_ai(table)
        return tables

    def forget(self, game_id: int) -> None:
        """Drop a game that ended from memory (it reloads from its final snapshot if asked for)."""
        table = self._tables.get(game_id)
        if table is not None and table.row.status == "active":
            return
        self._tables.pop(game_id, None)
        lock = self._locks.get(game_id)
        if lock is not None and not lock.locked():
            del self._locks[game_id]
        for key in [k for k in self._ai if k[0] == game_id]:
            del self._ai[key]

    # ------------------------------------------------------------------ lobby
    async def new_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        channel_name: str,
        host_id: int,
        host_name: str,
        game: str,
        options: Mapping[str, Any],
        deadline: int | None = None,
        series: str = "single",
        language: str = "en",
    ) -> Table:
        """A lobby of ``game`` with the options ``/game new`` was given (its face checks and stores them); with
        ``series="cup"`` the first game of a series to the cup target setting (a series still running in the
        channel ends, unfinished: the channel's series is the new one)."""
        face = self.faces.get(game)
        if face is None:
            raise UserError("err.unknown_game_kind", game=game[:40])
        stored = face.options(options)
        if series not in SERIES:
            raise UserError("err.unknown_series", series=series[:40])
        game_id = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            channel_name=channel_name,
            host_id=host_id,
            host_name=host_name,
            game=game,
            options=stored,
            seed=new_seed(),
            deadline=deadline,
            cup_target=self.settings.cup_target if series == "cup" else None,
            language=language,
        )
        if game_id is None:  # decided in the transaction: a game was already open, or opened a moment ago
            raise UserError("err.channel_busy")
        return await self._refresh(game_id)

    async def _lobby(self, channel_id: int) -> Table:
        table = await self.table_in(channel_id)
        if table.row.status != "lobby":
            raise UserError("err.not_lobby")
        return table

    async def _fresh_lobby(self, game_id: int) -> Table:
        """The lobby as stored now (the caller holds its lock): a check made on an older copy could let a
        join land after the deal."""
        table = await self._refresh(game_id)
        if table.row.status != "lobby":
            raise UserError("err.not_lobby")
        return table

    async def join(self, channel_id: int, user_id: int, name: str) -> Table:
        """Take a lobby seat. The store decides against the stored game, in the seat's own transaction."""
        table = await self._lobby(channel_id)
        async with self.lock(table.id):
            table = await self._fresh_lobby(table.id)
            if table.seat_of(user_id):
                raise UserError("err.already_seated")
            most = self._most_seats(table)
            if len(table.seats) >= most:
                raise UserError("err.table_full")
            _refused(await self.store.add_seat(table.id, user_id, name, is_ai=False, max_seats=most))
            return await self._refresh(table.id)

    async def leave(self, channel_id: int, user_id: int) -> tuple[Table, str]:
        """Give up a lobby seat; in a running game (also one that started a moment ago) the AI takes the seat
        over and the game goes on. Decided on the game as stored, under its lock."""
        table = await self.table_in(channel_id)
        async with self.lock(table.id):
            table = await self._refresh(table.id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if table.row.status == "lobby":
                if not await self.store.remove_seat(table.id, seat.position):
                    raise UserError("err.stale")  # it started in another process just now: try again
                return await self._refresh(table.id), seat.display_name
            if table.row.status != "active":
                raise UserError("err.game_over")
            if seat.is_ai:
                raise UserError("err.already_away")
            table = await self._set_away(table, seat, True, LogLine.say("away.left", name=seat.display_name))
        self._after_away(table)
        return table, seat.display_name

    async def add_ai(self, channel_id: int, user_id: int, level: str = "normal") -> tuple[Table, str]:
        """Seat an AI of ``level``; its name says the level, e.g. "Vesper (hard AI)"."""
        table = await self._lobby(channel_id)
        levels = self.face(table).rules.ai_levels
        if level not in levels:
            raise UserError("err.unknown_level", levels=", ".join(levels))
        async with self.lock(table.id):
            table = await self._fresh_lobby(table.id)
            self._host_only(table, user_id)
            most = self._most_seats(table)
            if len(table.seats) >= most:
                raise UserError("err.table_full")
            taken = {s.display_name.split(" (")[0] for s in table.seats}
            first = next(n for n in AI_NAMES if n not in taken)
            name = t("ai.seat", table.lang, name=first, level=t(f"level.{level}", table.lang))
            _refused(await self.store.add_seat(table.id, None, name, is_ai=True, ai_level=level, max_seats=most))
            return await self._refresh(table.id), name

    def _most_seats(self, table: Table) -> int:
        return self.face(table).rules.seats.stop - 1

    def _host_only(self, table: Table, user_id: int) -> None:
        if user_id != table.row.host_id:
            raise UserError("err.not_host", host=table.host_name)

    async def start(self, channel_id: int, user_id: int) -> Table:
        """``/game start``: deal for the seats as stored at this moment, and commit only if they are still
        those (a join or leave in another process between the two is caught by the store)."""
        table = await self._lobby(channel_id)
        async with self.lock(table.id):
            for attempt in range(START_TRIES):
                table = await self._fresh_lobby(table.id)
                self._host_only(table, user_id)
                if len(table.seats) not in self.face(table).rules.seats:
                    raise UserError("err.too_few", count=len(table.seats))
                try:
                    table = await self._begin(table)
                    break
                except LobbyChanged:
                    log.info("the seats of game %s changed during its start (try %s)", table.id, attempt + 1)
            else:
                raise UserError("err.lobby_changed")
        self.wake()
        self._schedule_ai(table)
        return table

    async def _begin(self, table: Table) -> Table:
        """Lobby → running: deal, then commit the first snapshot with its log line, the table, the first
        prompts and their clocks; the caller holds the lock."""
        game, since, wants = self._deal(table.row, table.seats)
        players = ", ".join(s.display_name for s in table.seats)
        started = await self.store.start_game(
            table.id,
            game.to_json(),
            since,
            [LogLine.say("lobby.started", players=players)],
            game.version,
            wants,
            waiting=_waiting(game, table.seats, since),
            seats=[(s.seat, s.user_id) for s in table.seats],
        )
        table = await self._refresh(table.id)
        if not started:
            raise UserError("err.not_lobby")
        return table

    def _deal(self, row: GameRow, seats: list[SeatRow]) -> tuple[Match, dict[str, int], list[Want]]:
        """A new game for ``seats`` with the lobby's seed and options: the match, its first decisions'
        dates, and the deliveries a start asks for (the table, each person's first prompt)."""
        game = self.face(row).deal([s.seat for s in seats], row.seed, row.options)
        since = {d.seat: d.opened for d in game.pending()}
        wants = [Want("channel")] + [Want("prompt", s.user_id) for s in seats if s.user_id and not s.is_ai]
        return game, since, wants

    async def next_game(self, channel_id: int, user_id: int) -> tuple[Table, int]:
        """``/game next``: the next game of the channel's Apocalypse Cup, with the seats of the last one
        (the same people, as people again, and AI seats at their level), its variant, options, deadline and
        language, started at once; (table, its number in the cup).

        Any person seated in the cup's last game, or the cup's host, may start it: a cup between
        friends should not wait for one of them to come online. Refused while a game of the cup is
        open, once the cup is over, or while another game holds the channel. The game is created and
        dealt in one transaction: nobody can join or leave it in between.
        """
        series = await self.store.series_in(channel_id)
        if series is None:
            raise UserError("err.no_series")
        if series.status != "running":
            raise UserError("err.series_over")
        games = await self.store.series_games(series.id)
        if not games:
            raise UserError("err.no_series")
        finished = sum(1 for g in games if g.status == "over")
        last = games[-1]
        if last.status == "lobby":
            raise UserError("err.series_lobby")
        if last.status == "active":
            raise UserError("err.series_running", number=finished + 1)
        if await self.store.open_game_in(channel_id) is not None:
            raise UserError("err.channel_busy")
        previous = await self.store.seats(last.id)
        if user_id != series.host_id and all(s.user_id != user_id for s in previous):
            raise UserError("err.not_series_player", host=f"<@{series.host_id}>")
        if len(previous) not in self.face(last).rules.seats:  # its first game was abandoned in the lobby
            raise UserError("err.too_few", count=len(previous))
        # the seats as the next game has them: people as people again, AI seats at their level
        seats = [
            replace(s, is_ai=s.user_id is None and s.is_ai, ai_level=None if s.user_id else s.ai_level, ai_since=None)
            for s in previous
        ]
        row = replace(last, seed=new_seed())
        game, since, wants = self._deal(row, seats)
        players = ", ".join(s.display_name for s in seats)
        try:
            game_id = await self.store.start_next_game(
                series.id,
                last.id,
                row.seed,
                game.to_json(),
                since,
                [LogLine.say("lobby.started", players=players)],
                game.version,
                wants,
                _waiting(game, seats, since),
                [(s.seat, s.user_id) for s in seats],
            )
        except LobbyChanged:  # the last game's seats changed after they were read (a repair): try again
            raise UserError("err.lobby_changed") from None
        if game_id is None:  # someone else started it (or the cup changed) a moment ago
            raise UserError("err.series_running", number=finished + 1)
        table = await self._refresh(game_id)
        self.wake()
        self._schedule_ai(table)
        return table, finished + 1

    async def series_face(self, channel_id: int) -> Face:
        """The face of the game the channel's latest series plays (``/game cup``)."""
        series = await self.store.series_in(channel_id)
        games = await self.store.series_games(series.id) if series is not None else []
        if not games:
            raise UserError("err.no_series")
        return self.face(games[-1])

    async def mend_seats(self) -> list[int]:
        """At start-up: mend the running games an earlier release let a join (or leave) damage while it
        dealt them, whose stored seats no longer match the dealt ones. A seat that was never dealt in is
        dropped and its person told by DM; a dealt seat without its row cannot be given back to anyone,
        so that game ends as abandoned and its players are told. Returns the ids of the games mended."""
        mended = []
        for row in await self.store.games_with_status("active"):
            try:
                table = await self.table(row.id)
            except Exception:
                log.exception("game %s could not be loaded to check its seats", row.id)
                continue
            if table.game is None:
                continue
            dealt = set(table.game.seats)
            extra = [s.seat for s in table.seats if s.seat not in dealt]
            end = bool(dealt - {s.seat for s in table.seats})
            if not extra and not end:
                continue
            key = "repaired.log_ended" if end else "repaired.log_dropped"
            names = ", ".join(s.display_name for s in table.seats if s.seat in extra)
            log.warning("game %s: stored seats %s do not match the dealt %s; mending", row.id, extra, sorted(dealt))
            async with self.lock(row.id):
                if await self.store.mend_seats(row.id, extra, end, [LogLine.say(key, names=names)]):
                    mended.append(row.id)
                self._tables.pop(row.id, None)
        if mended:
            self.wake()
        return mended

    async def backfill_results(self) -> int:
        """Results rows for the games that finished before they were kept (migration 0007), computed
        from each game's final state; run at start-up. Idempotent: only games without rows are read,
        and a game that cannot be loaded is logged and left for the next start. Returns how many."""
        done = 0
        for game_id in await self.store.games_missing_results():
            try:
                table = await self.table(game_id)
                if table.game is not None and table.game.is_over():
                    done += await self.store.add_results(game_id, self.face(table).results(table))
            except Exception:
                log.exception("could not compute the results of finished game %s", game_id)
            finally:
                self.forget(game_id)
        return done

    async def abandon(self, channel_id: int, user_id: int, is_admin: bool) -> Table:
        """``/game abandon``: end the channel's lobby or game (the host, or Manage Server)."""
        return await self.abandon_game((await self.table_in(channel_id)).id, user_id, is_admin)

    async def abandon_game(self, game_id: int, user_id: int, is_admin: bool) -> Table:
        async with self.lock(game_id):
            table = await self._refresh(game_id)
            if user_id != table.row.host_id and not is_admin:
                raise UserError("err.not_host_or_admin", host=table.host_name)
            humans = [s.user_id for s in table.seats if s.user_id is not None and not s.is_ai]
            if not await self.store.abandon(table.id, humans):
                raise UserError("err.game_over")
            task = self._ai_tasks.pop(table.id, None)
            if task:
                task.cancel()
            table = await self._refresh(table.id)
        self.wake()
        return table

    async def replace(self, channel_id: int, user_id: int, is_admin: bool, player_id: int) -> tuple[Table, str]:
        """The host (or Manage Server) hands a player's seat to the AI, e.g. for someone who went quiet."""
        table = await self.table_in(channel_id)
        if table.row.status != "active":
            raise UserError("err.not_running")
        async with self.lock(table.id):
            table = await self.table(table.id)
            if user_id != table.row.host_id and not is_admin:
                raise UserError("err.not_host_or_admin_replace", host=table.host_name)
            seat = table.seat_of(player_id)
            if seat is None:
                raise UserError("err.no_such_player")
            if seat.is_ai:
                raise UserError("err.already_ai", name=seat.display_name)
            table = await self._set_away(table, seat, True, LogLine.say("away.replaced", name=seat.display_name))
        self._after_away(table)
        return table, seat.display_name

    async def come_back(self, channel_id: int, user_id: int) -> tuple[Table, str]:
        """``/game return``: the AI gives the seat back to its player."""
        table = await self.table_in(channel_id)
        if table.row.status != "active":
            raise UserError("err.not_running")
        async with self.lock(table.id):
            table = await self.table(table.id)
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if not seat.away:
                raise UserError("err.not_away")
            table = await self._set_away(table, seat, False, LogLine.say("away.returned", name=seat.display_name))
        self._after_away(table)
        return table, seat.display_name

    async def _set_away(self, table: Table, seat: SeatRow, away: bool, line: LogLine) -> Table:
        """Hand the seat to the AI or back, with the line the channel reads and the player's prompt; locked."""
        assert seat.user_id is not None
        waiting = [w for w in table.waiting_people() if w[0] != seat.seat]
        pending = {d.seat for d in table.game.pending()} if table.game is not None else set()
        if not away and seat.seat in table.since and seat.seat in pending:
            waiting.append((seat.seat, seat.user_id, table.since[seat.seat]))
        wants = [Want("channel"), Want("prompt", seat.user_id)]
        if not await self.store.set_away(table.id, seat.seat, self.turn(table), away, [line], wants, waiting):
            raise UserError("err.game_over" if table.row.status != "active" else "err.stale")
        self._ai.pop((table.id, seat.seat), None)
        return await self._refresh(table.id)

    def _after_away(self, table: Table) -> None:
        self.wake()
        self._schedule_ai(table)

    # ------------------------------------------------------------------ a channel the bot cannot reach
    async def pause(self, game_id: int, reason: str) -> bool:
        """Pause a game whose channel is gone ("gone") or out of the bot's reach ("no_access"): no AI move,
        no deadline and no call to its channel until it goes on; each person is told by DM. False if it
        was paused already (or is not running)."""
        async with self.lock(game_id):
            paused = await self.store.pause(game_id, reason, [LogLine.say(f"paused.log_{reason}")])
            task = self._ai_tasks.pop(game_id, None)
            if task is not None:
                task.cancel()
            self._tables.pop(game_id, None)  # the cached row does not know it is paused
        if paused:
            self.wake()
        return paused

    async def go_on(
        self, game_id: int, by: str | None = None, channel: tuple[int, str] | None = None, guild_id: int | None = None
    ) -> Table:
        """A paused game goes on (``by``: who resumed it; None when access came back by itself), in its own
        channel or moved to ``channel`` (id, name). Its clocks move on by the time it stood still."""
        async with self.lock(game_id):
            key = "paused.log_resumed_by" if by else "paused.log_resumed"
            if channel is not None:
                key = "paused.log_moved"
            refused = await self.store.resume(game_id, [LogLine.say(key, name=by or "")], channel, guild_id)
            if refused == "running":
                raise UserError("err.not_paused")
            if refused == "busy":
                raise UserError("err.channel_busy")
            table = await self._refresh(game_id)
        self.wake()
        self._schedule_ai(table)
        return table

    async def resumable(self, guild_id: int, user_id: int, is_admin: bool, game_id: int | None) -> Table:
        """The paused game of this server that ``/game resume`` (or ``/game abandon``) in a channel without a
        game of its own means: the one chosen, or the only one the user hosts (any, for Manage Server)."""
        mine = [g for g in await self.store.paused_games(guild_id) if is_admin or g.host_id == user_id]
        if game_id is not None:
            chosen = next((g for g in mine if g.id == game_id), None)
            if chosen is None:
                raise UserError("err.unknown_game")
            return await self.table(chosen.id)
        if not mine:
            raise UserError("err.no_paused_game")
        if len(mine) > 1:
            raise UserError("err.which_paused", games=", ".join(f"#{g.channel_name}" for g in mine))
        return await self.table(mine[0].id)

    async def paused_choices(self, guild_id: int, user_id: int, is_admin: bool) -> list[GameRow]:
        """The paused games of a server this user may move or end (the ``game`` option's list)."""
        return [g for g in await self.store.paused_games(guild_id) if is_admin or g.host_id == user_id]

    async def set_deadline(self, channel_id: int, user_id: int, is_admin: bool, seconds: int | None) -> Table:
        """The host (or Manage Server) changes the deadline; decisions already waiting keep their clock."""
        table = await self.table_in(channel_id)
        async with self.lock(table.id):
            if user_id != table.row.host_id and not is_admin:
                raise UserError("err.not_host_or_admin_settings", host=table.host_name)
            if not await self.store.set_deadline(table.id, seconds):
                raise UserError("err.game_over")
            table.row = replace(table.row, deadline=seconds)
        return table

    async def time_out(self, game_id: int, seat: str, since: int) -> Outcome | None:
        """A deadline passed: play the seat's passive default (Ruling 5) through the normal move path.

        Only if that same decision (same ``since``) still waits on a person; None if it moved on,
        so a deadline can never make a move the player did not owe.
        """
        async with self.lock(game_id):
            table = await self.table(game_id)
            game = table.game
            if table.row.status != "active" or game is None or game.is_over() or table.since.get(seat) != since:
                return None
            if table.row.paused is not None:
                return None  # a paused game's clocks stand still (its rows are not even claimed)
            if seat not in {s for s, _, _ in table.waiting_people()}:
                return None
            action = game.default_action(seat)
            if action is None:
                return None
            outcome = await self._act_locked(game_id, None, str(action), since, "timeout", seat)
        self.publish(outcome)
        return outcome

    # ------------------------------------------------------------------ playing
    def seat_for(self, table: Table, user_id: int) -> SeatRow:
        seat = table.seat_of(user_id)
        if seat is None:
            raise UserError("err.not_player")
        return seat

    async def act(
        self,
        game_id: int,
        *,
        user_id: int | None,
        text: str,
        since: int | None = None,
        source: str = "command",
        seat: str | None = None,
    ) -> Outcome:
        """Apply one move for a user (or for an AI ``seat``) and commit it with its deliveries.

        Discord comes after: the caller answers its interaction, then calls ``publish``.
        """
        async with self.lock(game_id):
            return await self._act_locked(game_id, user_id, text, since, source, seat)

    def publish(self, outcome: Outcome) -> None:
        """After the caller has answered its interaction: deliver to Discord and let AI seats move."""
        self.wake()
        self._schedule_ai(outcome.table)

    async def _act_locked(
        self,
        game_id: int,
        user_id: int | None,
        text: str,
        since: int | None,
        source: str,
        seat_name: str | None,
    ) -> Outcome:
        """One move, the caller holding the game's lock: check → read → apply → record → commit → remember."""
        table = await self.table(game_id)
        match, seat = self._check_move(table, user_id, seat_name, text, since)
        face = self.face(table)
        action, label = self._read_move(face, table, match, seat, text)
        before = {d.seat for d in match.pending()}
        decision_since = table.since.get(seat, match.version)
        turn = face.turn(match)
        events = self._apply(face, match, action, game_id)
        since_now, new_decisions = self._dates(table, match)
        public = face.log_events(match, events)  # kept so that each reader gets them in their language
        lines, handover = self._log_lines(face, table, match, seat, public, source, label)
        finished = match.is_over()
        now = self.store.epoch()
        if source not in ("ai", "timeout"):
            table.acted_at[seat] = now
        move = Move(
            game_id=game_id,
            version=match.version,
            seat=seat,
            user_id=user_id,
            text=str(action),
            source=source,
            decision_since=since_now,
            log_lines=lines,
            snapshot=match.to_json() if finished or match.version % max(1, self.settings.snapshot_every) == 0 else None,
            finished=finished,
            results=face.results(table) if finished else (),
            wants=self._wants(table, seat, source, before, since_now, new_decisions, finished, now),
            waiting=[
                (s.seat, s.user_id, since_now[s.seat])
                for s in table.seats
                if s.user_id is not None and not s.is_ai and s.seat in since_now
                and (handover is None or s.seat != seat)
            ],
            handover=handover,
            events=[(n, json.dumps(evs)) for n, evs in face.split_by_turn(turn, public)],
        )
        await self._commit(move)
        self._remember(table, move, decision_since, handover)
        return Outcome(table, seat, action, label, events, lines, new_decisions, finished)

    def _check_move(
        self, table: Table, user_id: int | None, seat_name: str | None, text: str, since: int | None
    ) -> tuple[Match, str]:
        """The running match and the seat that moves: refused if the game is not running or paused, the person
        holds no seat (or the AI plays it), the decision the button was made for moved on, or nothing waits on
        the seat."""
        if table.row.status == "lobby":
            raise UserError("err.not_lobby")
        match = table.game
        if table.row.status in ("over", "abandoned") or match is None or match.is_over():
            raise UserError("err.game_over")
        if table.row.paused is not None:
            raise UserError(f"err.paused_{table.row.paused}", channel=table.row.channel_name)
        if user_id is not None:
            row = self.seat_for(table, user_id)
            if row.is_ai:
                raise UserError("err.seat_away")
            seat = row.seat
        else:
            assert seat_name is not None
            seat = seat_name
        if since is not None and since != table.since.get(seat):
            last = table.last_move.get(seat)
            raise UserError("err.already_done" if last == (since, text) else "err.stale")
        if not match.legal_actions(seat):
            raise UserError("err.not_your_turn", who=per_language(table.waiting_text))
        return match, seat

    def _read_move(self, face: Face, table: Table, match: Match, seat: str, text: str) -> tuple[Any, dict[str, str]]:
        """The action ``text`` names, and its label in every language (an illegal one reads as typed)."""
        try:
            action = match.parse_action(seat, text)
        except ValueError:
            raise UserError("err.unknown_move") from None
        if action in match.legal_actions(seat):
            return action, per_language(lambda lang: face.label(match, action, table.names, lang))
        return action, per_language(lambda _lang: clip(text, 100))

    def _apply(self, face: Face, match: Match, action: Any, game_id: int) -> list[dict[str, Any]]:
        """Apply the action to the cached match; an illegal one is refused with the game's own reason."""
        try:
            return match.apply(action)
        except ValueError as e:  # IllegalAction: nothing was changed
            english = clip(str(e), 300)
            reason = per_language(lambda lang: clip(face.refusal(match, action, lang), 300) or english)
            raise UserError("err.illegal", reason=reason) from None
        except Exception:
            log.exception("the engine failed on move %r of game %s", str(action), game_id)
            self._tables.pop(game_id, None)  # the cached game may be half-changed: reload it
            raise UserError("err.generic") from None

    @staticmethod
    def _dates(table: Table, match: Match) -> tuple[dict[str, int], list[str]]:
        """Each waiting decision's date, and the seats whose decision is new. The engine dates a decision with
        the version it reached the seat at; one it did not re-date is the same decision as before, and keeps
        the date its buttons carry."""
        version = match.version
        since_now: dict[str, int] = {}
        new_decisions = []
        for d in match.pending():
            if d.opened != version and d.seat in table.since:
                since_now[d.seat] = table.since[d.seat]
            else:
                since_now[d.seat] = version
                new_decisions.append(d.seat)
        return since_now, new_decisions

    def _log_lines(
        self,
        face: Face,
        table: Table,
        match: Match,
        seat: str,
        public: list[dict[str, Any]],
        source: str,
        label: dict[str, str],
    ) -> tuple[list[LogLine], tuple[str, int] | None]:
        """The move's log lines from its ``public`` events; after a missed deadline, the line saying so, and
        the AI's handover when the seat has missed too many in a row."""
        names = table.names
        lines = [LogLine.event(e, names, face.describe) for e in public]
        handover: tuple[str, int] | None = None
        if source == "timeout":
            mover = table.by_seat(seat)
            lines.insert(0, LogLine.say("deadline.timed_out_log", name=names[seat], label=label))
            limit = self.settings.timeouts_to_ai
            if limit > 0 and mover.timeouts + 1 >= limit and not match.is_over():
                # too many deadlines missed in a row: the AI plays the seat from now on
                handover = (seat, self.turn(table))
                lines.append(LogLine.say("away.timeouts", name=names[seat], count=mover.timeouts + 1))
        return lines, handover

    def _wants(
        self,
        table: Table,
        seat: str,
        source: str,
        before: set[str],
        since_now: dict[str, int],
        new_decisions: list[str],
        finished: bool,
        now: float,
    ) -> list[Want]:
        """The deliveries the move calls for: the table, each person's prompt whose decision began or ended, and
        the game-over DMs."""
        wants = [Want("channel", delay=0.0 if finished else self.settings.table_edit_interval)]
        for s in table.seats:
            if s.user_id is None:
                continue
            if finished:
                # due once the results are in the channel (the channel delivery brings it forward);
                # the delay is only the fallback should the process stop in between
                wants.append(Want("game_over", s.user_id, delay=GAME_OVER_FALLBACK))
            if s.is_ai:
                continue
            ended = s.seat in before and s.seat not in since_now
            if finished or ended or s.seat in new_decisions:
                # one new DM per burst of decisions: the mover's own follow-up, or a decision that
                # reaches someone who moved a moment ago, edits the DM they are looking at; a decision
                # that finds them away comes as a new DM, which notifies them (so does a timeout)
                recent = now - table.acted_at.get(s.seat, float("-inf")) < self.settings.dm_burst
                edit = (s.seat == seat or recent) and source != "timeout"
                wants.append(Want("prompt", s.user_id, hint="edit" if edit else ""))
        return wants

    async def _commit(self, move: Move) -> None:
        """Write the move with everything it changed, in one transaction under the version compare-and-set.
        Whatever fails, the cached match (already moved on) is dropped, to be reloaded from the database."""
        try:
            await self.store.record(move)
        except StaleVersion:
            # another writer committed first: this cache was stale; reload and let the player retry
            self._tables.pop(move.game_id, None)
            raise UserError("err.stale") from None
        except StorageError:
            # the database is busy, full or read-only: nothing was written, and the player is told why
            self._tables.pop(move.game_id, None)
            raise
        except BaseException:
            log.exception("could not commit move %s of game %s", move.text, move.game_id)
            self._tables.pop(move.game_id, None)
            raise UserError("err.generic") from None

    @staticmethod
    def _remember(table: Table, move: Move, decision_since: int, handover: tuple[str, int] | None) -> None:
        """The cached table after the commit: decision dates, the seat's move, its count of deadlines missed in a
        row (as ``record`` keeps it), its handover to the AI, the row's version and status."""
        seat = move.seat
        table.since = dict(move.decision_since)
        table.last_move[seat] = (decision_since, move.text)
        mover = table.by_seat(seat)
        if handover is not None:
            row = replace(mover, is_ai=True, ai_level="normal", ai_since=handover[1], timeouts=0)
        elif move.source == "timeout":
            row = replace(mover, timeouts=mover.timeouts + 1)
        else:
            row = replace(mover, timeouts=0) if move.source != "ai" else mover
        table.seats = [row if s.seat == seat else s for s in table.seats]
        status = "over" if move.finished else "active"
        table.row = replace(table.row, version=move.version, decision_since=table.since, status=status)

    # ------------------------------------------------------------------ AI seats
    def _schedule_ai(self, table: Table) -> None:
        if table.game is None or table.game.is_over() or table.row.status != "active" or table.row.paused:
            return
        ai_seats = {s.seat for s in table.seats if s.is_ai}
        if not any(d.seat in ai_seats for d in table.game.pending()):
            return
        running = self._ai_tasks.get(table.id)
        if running and not running.done():
            return
        self._ai_tasks[table.id] = asyncio.create_task(self._run_ai(table.id), name=f"ai-{table.id}")

    async def _run_ai(self, game_id: int) -> None:
        """AI seats think for the AI delay setting's seconds, then move, until a human must act.

        A refused or failed move is retried after reloading the game, with a growing pause,
        so a game never stands still while an AI seat could act.
        """
        failures = 0
        while True:
            pause = self.settings.ai_delay if failures == 0 else min(AI_RETRY_CAP, AI_RETRY_BASE * 2 ** (failures - 1))
            await asyncio.sleep(pause)
            try:
                async with self.lock(game_id):
                    table = await self.table(game_id)
                    game = table.game
                    if game is None or game.is_over() or table.row.status != "active" or table.row.paused:
                        return
                    ai_seats = [s for s in table.seats if s.is_ai]
                    pending = {d.seat for d in game.pending()}
                    seat = next((s for s in ai_seats if s.seat in pending), None)
                    if seat is None:
                        return
                    face = self.face(table)
                    player = self._ai.get((game_id, seat.seat))
                    if player is None:
                        player = face.ai_player(
                            seat.ai_level or "normal",
                            seed=table.row.seed + seat.position,
                            budget=self.settings.ai_budget,
                        )
                        self._ai[(game_id, seat.seat)] = player
                    view, actions = face.ai_input(game, seat.seat)
                    version = game.version
                # a search thinks for up to a second: off the event loop, on the seat's view alone, and outside
                # the game's lock, so the table, autocomplete and people's moves never wait for it
                action = await asyncio.to_thread(player.choose, view, actions)
                if action not in actions:
                    raise ValueError(f"the AI chose {action}, which is not a legal move")
                async with self.lock(game_id):
                    table = await self.table(game_id)
                    game = table.game
                    if game is None or game.is_over() or table.row.status != "active" or table.row.paused:
                        return
                    moved_on = game.version != version and action not in game.legal_actions(seat.seat)
                    if moved_on or not table.by_seat(seat.seat).is_ai:
                        continue  # someone moved (or took the seat back) while it thought: look again
                    await self._act_locked(game_id, None, str(action), None, "ai", seat.seat)
            except asyncio.CancelledError:
                raise
            except (UserError, StaleVersion, StorageError, sqlite3.Error, LookupError, RuntimeError, ValueError) as e:
                failures += 1
                log.warning("AI move failed in game %s (attempt %s): %s; reloading and retrying", game_id, failures, e)
                self._tables.pop(game_id, None)
                self._ai = {k: v for k, v in self._ai.items() if k[0] != game_id}
                continue
            failures = 0
            self.wake()


AI_RETRY_BASE = 1.0
AI_RETRY_CAP = 60.0


#: how many times ``/game start`` deals again when the seats changed under it (another process)
START_TRIES = 3


def _refused(reason: str | None) -> None:
    """A lobby change the store refused, as the player's private answer."""
    if reason is not None:
        raise UserError(_REFUSALS[reason])


_REFUSALS = {"not_lobby": "err.not_lobby", "seated": "err.already_seated", "full": "err.table_full"}


def _waiting(game: Match, seats: list[SeatRow], since: dict[str, int]) -> list[tuple[str, int, int]]:
    """(seat, user id, since) of each person a new game's first decisions wait on: their first clocks."""
    people = {s.seat: s.user_id for s in seats if s.user_id is not None and not s.is_ai}
    return [(d.seat, people[d.seat], since[d.seat]) for d in game.pending() if d.seat in people]
