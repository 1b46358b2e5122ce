"""One game service for every input: command, button, select, AI and (later) timeouts.

    lock the game → check the user holds the seat and the decision is current
    → ``Game.apply`` → commit to SQLite → only then tell Discord (listeners).

Discord is never called inside the transaction, and a failed Discord call cannot
lose a committed move: listeners run after the commit and their errors are logged.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action, IllegalAction, ParseError
from engine.ai import GreedyPlayer
from engine.log import public_events
from engine.nightfall import Decision, Game, Options

from .errors import UserError
from .i18n import event_text, t
from .naming import label as named
from .settings import Settings
from .store import GameRow, Move, SeatRow, Store

log = logging.getLogger(__name__)

MAX_SEATS = 5
AI_NAMES = ("Vesper", "Lucan", "Mireille", "Anton", "Sable")
VARIANTS = ("standard", "two-player", "quick-start", "open", "common-ground")


@dataclass
class Table:
    """A game as the bot holds it: the stored row, its seats, and the engine game once started."""

    row: GameRow
    seats: list[SeatRow]
    game: Game | None = None
    since: dict[str, int] = field(default_factory=dict)
    last_move: dict[str, tuple[int, str]] = field(default_factory=dict)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def host_name(self) -> str:
        return next((s.display_name for s in self.seats if s.user_id == self.row.host_id), "the host")

    @property
    def names(self) -> dict[str, str]:
        return {s.seat: s.display_name for s in self.seats}

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def by_seat(self, seat: str) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    def waiting_text(self) -> str:
        if self.game is None:
            return ""
        if self.game.is_over():
            return t("status.over")
        who = sorted({self.names[d.seat] for d in self.game.pending()})
        return t("status.waiting", who=", ".join(who))


@dataclass
class Outcome:
    """What one committed move changed, for the listeners that update Discord."""

    table: Table
    seat: str
    action: Action
    label: str
    events: list[dict[str, Any]]
    log_lines: list[str]
    new_decisions: list[str]
    finished: bool


Listener = Callable[[Outcome], Awaitable[None]]


def decision_key(d: Decision) -> str:
    return json.dumps([d.kind, d.info], sort_keys=True)


class GameService:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[int, Table] = {}
        self._ai: dict[tuple[int, str], GreedyPlayer] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self.listeners: list[Listener] = []
        self.start_listeners: list[Callable[[Table], Awaitable[None]]] = []

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

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
        if row.status in ("active", "over"):
            state, actions = await self.store.load(game_id)
            game = Game.from_json(state)
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

    async def table_for_user(self, user_id: int, channel_id: int | None, kind: str | None = None) -> Table:
        """The game a command means: the channel's game, or (in a DM) the user's game waiting on them."""
        if channel_id is not None:
            row = await self.store.open_game_in(channel_id)
            if row is not None:
                return await self.table(row.id)
        candidates = []
        for row in await self.store.active_games_of(user_id):
            table = await self.table(row.id)
            seat = table.seat_of(user_id)
            if (
                table.game
                and seat
                and any(d.seat == seat.seat and (kind is None or d.kind == kind) for d in table.game.pending())
            ):
                candidates.append(table)
        if not candidates:
            raise UserError("err.no_game" if channel_id is not None else "err.no_active_game")
        if len(candidates) > 1:
            raise UserError("err.which_game")
        return candidates[0]

    async def resume(self) -> list[Table]:
        """After a (re)start: load every running game and let AI seats continue."""
        tables = []
        for row in await self.store.games_with_status("active"):
            table = await self.table(row.id)
            tables.append(table)
            self._schedule_ai(table)
        return tables

    # ------------------------------------------------------------------ lobby
    async def new_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        channel_name: str,
        host_id: int,
        host_name: str,
        variant: str,
        secret_archives: bool,
    ) -> Table:
        if variant not in VARIANTS:
            raise UserError("err.illegal", reason=f"Unknown variant {variant!r}.")
        if await self.store.open_game_in(channel_id) is not None:
            raise UserError("err.channel_busy")
        game_id = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            channel_name=channel_name,
            host_id=host_id,
            host_name=host_name,
            variant=variant,
            secret_archives=secret_archives,
            seed=random.SystemRandom().randrange(2**63),
        )
        return await self._refresh(game_id)

    async def _lobby(self, channel_id: int) -> Table:
        table = await self.table_in(channel_id)
        if table.row.status != "lobby":
            raise UserError("err.not_lobby")
        return table

    async def join(self, channel_id: int, user_id: int, name: str) -> Table:
        table = await self._lobby(channel_id)
        async with self.lock(table.id):
            if table.seat_of(user_id):
                raise UserError("err.already_seated")
            if len(table.seats) >= MAX_SEATS:
                raise UserError("err.table_full")
            await self.store.add_seat(table.id, user_id, name, is_ai=False)
            return await self._refresh(table.id)

    async def leave(self, channel_id: int, user_id: int) -> tuple[Table, str]:
        table = await self._lobby(channel_id)
        async with self.lock(table.id):
            seat = table.seat_of(user_id)
            if seat is None:
                raise UserError("err.not_seated")
            await self.store.remove_seat(table.id, seat.position)
            return await self._refresh(table.id), seat.display_name

    async def add_ai(self, channel_id: int, user_id: int) -> tuple[Table, str]:
        table = await self._lobby(channel_id)
        async with self.lock(table.id):
            self._host_only(table, user_id)
            if len(table.seats) >= MAX_SEATS:
                raise UserError("err.table_full")
            taken = {s.display_name for s in table.seats}
            name = next(f"{n} (AI)" for n in AI_NAMES if f"{n} (AI)" not in taken)
            await self.store.add_seat(table.id, None, name, is_ai=True)
            return await self._refresh(table.id), name

    def _host_only(self, table: Table, user_id: int) -> None:
        if user_id != table.row.host_id:
            raise UserError("err.not_host", host=table.host_name)

    async def start(self, channel_id: int, user_id: int) -> Table:
        table = await self._lobby(channel_id)
        async with self.lock(table.id):
            self._host_only(table, user_id)
            if not 2 <= len(table.seats) <= MAX_SEATS:
                raise UserError("err.too_few", count=len(table.seats))
            game = Game.new(
                [s.seat for s in table.seats],
                seed=table.row.seed,
                options=Options(draft=table.row.variant, secret_archives=table.row.secret_archives),
            )
            since = {d.seat: game.version for d in game.pending()}
            players = ", ".join(s.display_name for s in table.seats)
            await self.store.start_game(
                table.id, game.to_json(), since, [t("lobby.started", players=players)], game.version
            )
            table = await self._refresh(table.id)
        for listener in self.start_listeners:
            await _safely(listener(table))
        self._schedule_ai(table)
        return table

    async def abandon(self, channel_id: int, user_id: int, is_admin: bool) -> Table:
        table = await self.table_in(channel_id)
        async with self.lock(table.id):
            if user_id != table.row.host_id and not is_admin:
                raise UserError("err.not_host_or_admin", host=table.host_name)
            await self.store.set_status(table.id, "abandoned")
            task = self._ai_tasks.pop(table.id, None)
            if task:
                task.cancel()
            return await self._refresh(table.id)

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
        """Apply one move for a user (or for an AI ``seat``) and commit it; Discord comes after, in ``publish``."""
        async with self.lock(game_id):
            return await self._act_locked(game_id, user_id, text, since, source, seat)

    async def publish(self, outcome: Outcome) -> None:
        """After the caller has answered its interaction: update Discord and let AI seats move."""
        for listener in self.listeners:
            await _safely(listener(outcome))
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
        table = await self.table(game_id)
        if table.row.status == "lobby":
            raise UserError("err.not_lobby")
        game = table.game
        if table.row.status in ("over", "abandoned") or game is None or game.is_over():
            raise UserError("err.game_over")
        if user_id is not None:
            seat = self.seat_for(table, user_id).seat
        else:
            assert seat_name is not None
            seat = seat_name
        if since is not None and since != table.since.get(seat):
            last = table.last_move.get(seat)
            raise UserError("err.already_done" if last == (since, text) else "err.stale")
        legal = game.legal_actions(seat)
        if not legal:
            raise UserError("err.not_your_turn", who=table.waiting_text())
        try:
            action = game.parse_action(seat, text)
        except ParseError:
            raise UserError("err.unknown_move") from None
        label = named(game.describe(action), table.names) if action in legal else text
        before = {d.seat: decision_key(d) for d in game.pending()}
        decision_since = table.since.get(seat, game.version)
        try:
            events = game.apply(action)
        except IllegalAction as e:
            raise UserError("err.illegal", reason=str(e)) from None
        version = game.version
        since_now: dict[str, int] = {}
        new_decisions = []
        for d in game.pending():
            key = decision_key(d)
            if d.seat != seat and before.get(d.seat) == key and d.seat in table.since:
                since_now[d.seat] = table.since[d.seat]
            else:
                since_now[d.seat] = version
                new_decisions.append(d.seat)
        names = table.names
        lines = [event_text(e, names) for e in public_events(events)]
        finished = game.is_over()
        every = max(1, self.settings.snapshot_every)
        move = Move(
            game_id=game_id,
            version=version,
            seat=seat,
            user_id=user_id,
            text=str(action),
            source=source,
            decision_since=since_now,
            log_lines=lines,
            snapshot=game.to_json() if finished or version % every == 0 else None,
            finished=finished,
        )
        try:
            await self.store.record(move)
        except Exception:
            log.exception("could not commit move %s of game %s", move.text, game_id)
            self._tables.pop(game_id, None)  # the cached game ran ahead of the database: reload it
            raise UserError("err.generic") from None
        table.since = since_now
        table.last_move[seat] = (decision_since, str(action))
        if finished:
            table.row = await self.store.game(game_id) or table.row
        return Outcome(table, seat, action, label, events, lines, new_decisions, finished)

    # ------------------------------------------------------------------ AI seats
    def _schedule_ai(self, table: Table) -> None:
        if table.game is None or table.game.is_over() or table.row.status != "active":
            return
        ai_seats = {s.seat for s in table.seats if s.is_ai}
        if not any(d.seat in ai_seats for d in table.game.pending()):
            return
        running = self._ai_tasks.get(table.id)
        if running and not running.done():
            return
        self._ai_tasks[table.id] = asyncio.create_task(self._run_ai(table.id), name=f"nightfall-ai-{table.id}")

    async def _run_ai(self, game_id: int) -> None:
        """AI seats think for ``NIGHTFALL_AI_DELAY`` seconds, then move, until a human must act."""
        while True:
            await asyncio.sleep(self.settings.ai_delay)
            table = await self.table(game_id)
            game = table.game
            if game is None or game.is_over() or table.row.status != "active":
                return
            ai_seats = [s for s in table.seats if s.is_ai]
            pending = {d.seat for d in game.pending()}
            seat = next((s for s in ai_seats if s.seat in pending), None)
            if seat is None:
                return
            player = self._ai.setdefault((game_id, seat.seat), GreedyPlayer(seed=table.row.seed + seat.position))
            action = player.choose(game, seat.seat)
            try:
                async with self.lock(game_id):
                    outcome = await self._act_locked(game_id, None, str(action), None, "ai", seat.seat)
            except UserError:
                log.exception("AI move refused in game %s", game_id)
                return
            for listener in self.listeners:
                await _safely(listener(outcome))


async def _safely(awaitable: Awaitable[None]) -> None:
    """Run a Discord-side listener; its failure is logged, never lost into the move."""
    try:
        await awaitable
    except Exception:
        log.exception("a listener failed after a committed move")
