"""Lobbies and seats: opening a game, joining, leaving, AI seats, the start, a series' next game, seats the AI
plays for someone away, abandoning, and the mending and back-filling done at start-up."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.errors import UserError
from bot.face import Face
from bot.service.base import AI_NAMES, SERIES, ServiceBase, ServicePart
from bot.service.play import PlayService
from bot.store import GameRow, LobbyChanged, SeatRow, Want
from bot.table import Table, level_name
from bot.words.logline import LogLine, per_language
from engine.protocol import Match

log = logging.getLogger(__name__)


def new_seed() -> int:
    """A fresh game's seed (tests replace this to replay the same games)."""
    return random.SystemRandom().randrange(2**63)


class SeatService(ServicePart):
    """Lobbies, seats and the start (``service.seats``)."""

    def __init__(self, base: ServiceBase, play: PlayService) -> None:
        super().__init__(base)
        self.play = play

    # ------------------------------------------------------------------ lobby
    def _too_few(self, row: GameRow, seated: int) -> UserError:
        """The refusal of a start with a seat count the game does not take ("2–5", or "2" for a duel)."""
        rules = self.face(row).rules
        low, high = min(rules.seats), max(rules.seats)
        seats = str(low) if low == high else f"{low}–{high}"
        return UserError("err.too_few", count=seated, game=rules.name, seats=seats)

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
        tutorial: bool = False,
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
        game_id = await self.store.games.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            channel_name=channel_name,
            host_id=host_id,
            host_name=host_name,
            game=game,
            options=stored,
            seed=new_seed(),
            deadline=deadline,
            series_target=self.settings.cup_target if series != "single" else None,
            language=language,
            tutorial=tutorial,
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
            _refused(await self.store.games.add_seat(table.id, user_id, name, is_ai=False, max_seats=most))
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
                if not await self.store.games.remove_seat(table.id, seat.position):
                    raise UserError("err.stale")  # it started in another process just now: try again
                return await self._refresh(table.id), seat.display_name
            if table.row.status != "active":
                raise UserError("err.game_over")
            if seat.is_ai:
                raise UserError("err.already_away")
            line = LogLine.say("away.left", name=seat.display_name)
            table = await self._set_away(table, seat, True, line, cause="left")
        self._after_away(table)
        return table, seat.display_name

    async def add_ai(self, channel_id: int, user_id: int, level: str | None = None) -> tuple[Table, str]:
        """Seat an AI of ``level`` (one of the lobby's game's levels; None: its default level), stored as a plain
        name ("Vesper") and its level: each reader's language writes them ("Vesper ⚙ (hard)"). Returns the table
        and that title in the game's language."""
        table = await self._lobby(channel_id)
        rules = self.face(table).rules
        levels = rules.ai_levels
        level = rules.default_level if level is None else level
        if level not in levels:
            named = per_language(lambda lang: ", ".join(level_name(rules.key, x, lang) for x in levels))
            raise UserError("err.unknown_level", levels=named)
        async with self.lock(table.id):
            table = await self._fresh_lobby(table.id)
            self._host_only(table, user_id)
            most = self._most_seats(table)
            if len(table.seats) >= most:
                raise UserError("err.table_full")
            taken = {s.display_name.split(" (")[0] for s in table.seats}
            first = next(n for n in AI_NAMES if n not in taken)
            _refused(await self.store.games.add_seat(table.id, None, first, is_ai=True, ai_level=level, max_seats=most))
            table = await self._refresh(table.id)
            return table, table.title(next(s for s in table.seats if s.display_name == first and s.is_ai))

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
                    raise self._too_few(table.row, len(table.seats))
                try:
                    table = await self._begin(table)
                    break
                except LobbyChanged:
                    log.info("the seats of game %s changed during its start (try %s)", table.id, attempt + 1)
            else:
                raise UserError("err.lobby_changed")
        self.wake()
        self.play.schedule_ai(table)
        return table

    async def _begin(self, table: Table) -> Table:
        """Lobby → running: deal, then commit the first snapshot with its log line, the table, the first
        prompts and their clocks; the caller holds the lock."""
        game, since, wants = self._deal(table.row, table.seats)
        players = ", ".join(s.shown for s in table.seats)
        started = await self.store.play.start_game(
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
        """``/game next``: the next game of the channel's series, with the seats of the last one
        (the same people, as people again, and AI seats at their level), its options, deadline and
        language, started at once; (table, its number in the series).

        Any person seated in the series' last game, or its host, may start it: a series between
        friends should not wait for one of them to come online. Refused while a game of the series is
        open, once the series is over, or while another game holds the channel. The game is created and
        dealt in one transaction: nobody can join or leave it in between.
        """
        series = await self.store.series.series_in(channel_id)
        if series is None:
            raise UserError("err.no_series")
        if series.status != "running":
            raise UserError("err.series_over")
        games = await self.store.series.series_games(series.id)
        if not games:
            raise UserError("err.no_series")
        finished = sum(1 for g in games if g.status == "over")
        last = games[-1]
        if last.status == "lobby":
            raise UserError("err.series_lobby")
        if last.status == "active":
            raise UserError("err.series_running", number=finished + 1)
        if await self.store.games.open_game_in(channel_id) is not None:
            raise UserError("err.channel_busy")
        previous = await self.store.games.seats(last.id)
        if user_id != series.host_id and all(s.user_id != user_id for s in previous):
            raise UserError("err.not_series_player", host=f"<@{series.host_id}>")
        if len(previous) not in self.face(last).rules.seats:  # its first game was abandoned in the lobby
            raise self._too_few(last, len(previous))
        # the seats as the next game has them: people as people again, AI seats at their level
        seats = [
            replace(s, is_ai=s.user_id is None and s.is_ai, ai_level=None if s.user_id else s.ai_level, ai_since=None)
            for s in previous
        ]
        row = replace(last, seed=new_seed())
        game, since, wants = self._deal(row, seats)
        players = ", ".join(s.shown for s in seats)
        try:
            game_id = await self.store.play.start_next_game(
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
        self.play.schedule_ai(table)
        return table, finished + 1

    async def series_face(self, channel_id: int) -> Face:
        """The face of the game the channel's latest series plays (``/game cup``)."""
        series = await self.store.series.series_in(channel_id)
        games = await self.store.series.series_games(series.id) if series is not None else []
        if not games:
            raise UserError("err.no_series")
        return self.face(games[-1])

    async def mend_seats(self) -> list[int]:
        """At start-up: mend the running games an earlier release let a join (or leave) damage while it
        dealt them, whose stored seats no longer match the dealt ones. A seat that was never dealt in is
        dropped and its person told by DM; a dealt seat without its row cannot be given back to anyone,
        so that game ends as abandoned and its players are told. Returns the ids of the games mended."""
        mended = []
        for row in await self.store.games.games_with_status("active"):
            held = row.id in self._tables
            try:
                table = await self.table(row.id)
            except Exception:
                log.exception("game %s could not be loaded to check its seats", row.id)
                continue
            if not held:
                self._drop(row.id)  # loaded only to be checked: it loads again when it is played
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
                if await self.store.play.mend_seats(row.id, extra, end, [LogLine.say(key, names=names)]):
                    mended.append(row.id)
                self._drop(row.id)
        if mended:
            self.wake()
        return mended

    async def backfill_results(self) -> int:
        """Results rows for the games that finished before they were kept (migration 0007), computed
        from each game's final state; run at start-up. Idempotent: only games without rows are read,
        and a game that cannot be loaded is logged and left for the next start. Returns how many."""
        done = 0
        for game_id in await self.store.series.games_missing_results():
            try:
                table = await self.table(game_id)
                if table.game is not None and table.game.is_over():
                    face = self.face(table)
                    done += await self.store.series.add_results(
                        game_id, face.results(table, table.game), face.series_over
                    )
            except Exception:
                log.exception("could not compute the results of finished game %s", game_id)
            finally:
                self.forget(game_id)
        return done

    async def backfill_ratings(self) -> int:
        """Ratings from the finished games that ended before ratings were kept (migration 0015), oldest first, each
        in its own transaction; run at start-up after ``backfill_results``. Idempotent: a game rated is marked so
        in the same transaction. Returns how many games changed ratings."""
        done = 0
        for game_id in await self.store.ratings.games_unrated():
            try:
                done += await self.store.ratings.rate_game(game_id)
            except Exception:
                log.exception("could not rate finished game %s", game_id)
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
            if not await self.store.games.abandon(table.id, humans):
                raise UserError("err.game_over")
            task = self._ai_tasks.pop(table.id, None)
            if task:
                task.cancel()
            table = await self._refresh(table.id)
        self.wake()
        self.base.moved(table.id)  # its live web pages say it ended at once
        return table

    async def replace(
        self, channel_id: int, user_id: int, is_admin: bool, player_id: int, by: str = ""
    ) -> tuple[Table, str]:
        """The host (or Manage Server) hands a player's seat to the AI, e.g. for someone who went quiet; ``by``
        names them in the DM that tells the player."""
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
            line = LogLine.say("away.replaced", name=seat.display_name)
            table = await self._set_away(table, seat, True, line, cause=f"replaced:{by}")
        self._after_away(table)
        return table, seat.display_name

    async def hand_over(self, game_id: int, seat_name: str, user_id: int, is_admin: bool, by: str) -> tuple[Table, str]:
        """The button on a missed deadline's notice: any player of the game (or the host, or Manage Server) hands the
        silent seat to the AI, if its person has not played since they missed it."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            if table.row.status != "active" or table.game is None or table.game.is_over():
                raise UserError("err.not_running")
            seated = any(s.user_id == user_id for s in table.seats)
            if not (seated or is_admin or user_id == table.row.host_id):
                raise UserError("err.not_at_table")
            seat = table.by_seat(seat_name)
            if seat.is_ai:
                raise UserError("err.already_ai", name=seat.display_name)
            if seat.missed_turn is None:
                raise UserError("err.not_missed", name=seat.display_name)
            line = LogLine.say("away.handed", by=by, name=seat.display_name)
            table = await self._set_away(table, seat, True, line, cause=f"handed:{by}")
        self._after_away(table)
        return table, seat.display_name

    async def come_back(self, channel_id: int, user_id: int) -> tuple[Table, str]:
        """``/game return`` in a game's channel: the AI gives the seat back to its player."""
        table = await self.table_in(channel_id)
        return await self.come_back_to(table.id, user_id)

    async def table_to_return(self, user_id: int, game_id: int | None) -> Table:
        """The game ``/game return`` means in a DM: the chosen one, else the one running game in which the AI
        plays the user's seat."""
        if game_id is not None:
            table = await self.table(game_id)
            if table.seat_of(user_id) is None:
                raise UserError("err.not_player")
            return table
        mine = [await self.table(row.id) for row in await self.store.games.active_games_of(user_id)]
        away = [t for t in mine if (seat := t.seat_of(user_id)) is not None and seat.away]
        if not away:
            raise UserError("err.not_away" if mine else "err.no_game_to_return")
        if len(away) > 1:
            raise UserError("err.which_game_away", games=", ".join(f"#{t.row.channel_name}" for t in away))
        return away[0]

    async def come_back_to(self, game_id: int, user_id: int) -> tuple[Table, str]:
        """``/game return`` for one game (from its channel, a DM, or the takeover DM's button): the AI gives the
        seat back to its player."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            if table.row.status != "active" or table.game is None or table.game.is_over():
                raise UserError("err.return_over" if table.row.status in ("over", "abandoned") else "err.not_running")
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            if not seat.away:
                raise UserError("err.not_away")
            table = await self._set_away(table, seat, False, LogLine.say("away.returned", name=seat.display_name))
        self._after_away(table)
        return table, seat.display_name

    async def _set_away(
        self, table: Table, seat: SeatRow, away: bool, line: LogLine, cause: str | None = None
    ) -> Table:
        """Hand the seat to the AI or back, with the line the channel reads and the player's prompt; locked. A seat
        handed to the AI also asks for the DM that tells its person (``cause``: who or what handed it over)."""
        assert seat.user_id is not None
        waiting = [w for w in table.waiting_people() if w[0] != seat.seat]
        pending = {d.seat for d in table.game.pending()} if table.game is not None else set()
        if not away and seat.seat in table.since and seat.seat in pending:
            waiting.append((seat.seat, seat.user_id, table.since[seat.seat]))
        wants = [Want("channel"), Want("prompt", seat.user_id)]
        if away and cause is not None:
            wants.append(Want("takeover", seat.user_id, hint=cause))
        level = self.face(table).rules.default_level if away else None
        if not await self.store.games.set_away(
            table.id, seat.seat, self.turn(table), away, [line], wants, waiting, level
        ):
            raise UserError("err.game_over" if table.row.status != "active" else "err.stale")
        self._ai.pop((table.id, seat.seat), None)
        return await self._refresh(table.id)

    def _after_away(self, table: Table) -> None:
        self.wake()
        self.play.schedule_ai(table)

    async def set_deadline(self, channel_id: int, user_id: int, is_admin: bool, seconds: int | None) -> Table:
        """The host (or Manage Server) changes the deadline; decisions already waiting keep their clock."""
        table = await self.table_in(channel_id)
        async with self.lock(table.id):
            if user_id != table.row.host_id and not is_admin:
                raise UserError("err.not_host_or_admin_settings", host=table.host_name)
            if not await self.store.games.set_deadline(table.id, seconds):
                raise UserError("err.game_over")
            table.row = replace(table.row, deadline=seconds)
        return table


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
