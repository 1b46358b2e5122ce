"""The service's foundation: the games it holds in memory (a cache), their locks, their faces; and ``ServicePart``,
what each part of the service (``service.play``, ``service.seats``, …) stands on."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from bot.errors import UserError
from bot.face import Face
from bot.settings import Settings
from bot.store import GameRow, Store
from bot.store.loading import DEALT, StoredGame
from bot.table import Table
from bot.words.logline import LogLine
from bot.workers.thinking import Thinker

log = logging.getLogger(__name__)

#: the game a delivery's claim found and its mark (version, status, paused, channel id), read in the claim's own
#: statement (``Delivery.mark``) and set in the delivery's task: ``stored_table`` takes a cached game with that mark
#: as the stored one without reading the mark again. As fresh as a read of its own made just before: a move another
#: process commits after it wants the delivery again (its ``wanted``), so the newer game is delivered too.
CLAIMED_MARK: ContextVar[tuple[int, tuple[int, str, str | None, int]] | None] = ContextVar("claimed_mark", default=None)

AI_NAMES = ("Vesper", "Lucan", "Mireille", "Anton", "Sable")
#: ``/game new series:``: one game, or the first game of a series (its game's, by its own name)
SERIES = ("single", "cup")
#: seconds after the last move at which a game-over DM is due if the results' delivery did not bring it forward
GAME_OVER_FALLBACK = 3600.0
#: ``/game mine`` stays below Discord's 2000 characters a message
MINE_LIMIT = 1990
#: the inputs whose interaction answers in the DM the player pressed in, showing the move and their next decision
ANSWERED_IN_DM = ("button", "select")
#: seconds the mover's prompt delivery waits for that answer (its mark ends the wait as soon as it is written): no
#: worker of any process edits the DM meanwhile, and if the answering process dies, the delivery sets it right
ANSWER_HOLD = 30.0
#: seconds a process holds a game's AI seats (renewed once half of it has passed): a process that dies is
#: replaced by another one's watchdog once it runs out
AI_LEASE = 90.0


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


class ServiceBase:
    """The store, the settings, the faces, and the games held in memory (a cache the store's version
    compare-and-set keeps honest)."""

    def __init__(self, store: Store, settings: Settings, faces: Mapping[str, Face]) -> None:
        self.store = store
        self.settings = settings
        #: every game's face, by its key (``bot.games.FACES``)
        self.faces = faces
        #: each game's lock, while someone holds it, waits for it or is about to take it (a weak dictionary: a
        #: lock goes with its last user, so no game's lock outlives the work on it, whenever the game ends)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._tables: dict[int, Table] = {}
        self._ai: dict[tuple[int, str], Any] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        #: where AI seats think (the hard level in a worker process, started with its first decision)
        self.thinker = Thinker(settings.ai_workers)
        #: called after every commit that asked for deliveries (the bot wakes its delivery worker)
        self.wake: Callable[[], None] = lambda: None
        #: called with a game's id after this process committed a new version of it (the web's live pages follow it
        #: at once instead of at their next look at the stored versions)
        self.moved: Callable[[int], None] = lambda _game_id: None

    def lock(self, game_id: int) -> asyncio.Lock:
        """The game's lock: the one its current users share, or a new one if nobody is using it (the two are
        alike: a lock nobody holds or waits for guards nothing)."""
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
        """The game from the cache, or loaded from its latest snapshot plus the actions after it. On a database
        several processes share, another one may have moved the game since: the cache is checked against the
        stored row first (``stored_table``), so a move, a deadline or an AI seat never starts from a stale game."""
        if self.store.shared:
            return await self.stored_table(game_id)
        return await self._load(game_id)

    async def _load(self, game_id: int) -> Table:
        cached = self._tables.get(game_id)
        if cached is not None:
            return cached
        return await self._read_table(game_id)

    async def _read_table(self, game_id: int) -> Table:
        table = await self.read_table(game_id)
        self._keep(table)
        return table

    async def read_table(self, game_id: int) -> Table:
        """The game as stored: its row and seats, its latest snapshot and the actions after it, read together (one
        state of the database: ``GameStore.stored_game``), so a move another process commits meanwhile is in all
        of them or in none, and the replay ends at the row's version. Not kept in memory: a reader that only looks
        (the web) never puts a table in the cache under a move that holds the game's lock."""
        stored = await self.store.games.stored_game(game_id)
        if stored is None:
            raise UserError("err.no_game")
        return self.table_of(stored)

    def table_of(self, stored: StoredGame) -> Table:
        """A game read from the store (``read_table``; the web reads more of it in the same transaction), its match
        replayed to the row's version."""
        row = stored.row
        game_id = row.id
        table = Table(row, stored.seats, since=dict(row.decision_since))
        table.acted_at, table.last_undo = stored.acted_at, stored.last_undo
        if row.status in DEALT:
            if stored.state is None:  # a lobby that was abandoned: it was never dealt
                if row.status != "abandoned":
                    raise LookupError(f"game {game_id} has no snapshot")
                return table
            # an abandoned game is loaded too: its channel still gets the log lines it owed
            game = self.face(row).load(stored.state)
            for _, seat, text in stored.actions:
                game.apply(game.parse_action(seat, text))
            if game.version != row.version:
                raise RuntimeError(f"game {game_id} replays to version {game.version}, stored {row.version}")
            table.game = game
        return table

    def cached(self, game_id: int) -> Table | None:
        """The game held in memory, if it is, unchecked against the database (``stored_table`` checks it)."""
        return self._tables.get(game_id)

    def _keep(self, table: Table) -> None:
        """Hold a loaded game while it is open (a lobby, a game in play). A game that ended and is read again (a
        status, its log, a game-over DM) is not kept: a finished game's state weighs hundreds of KB, and a bot that
        runs for months would hold every game it ever finished; reading one again costs a snapshot and a few
        actions."""
        if table.row.status in ("lobby", "active"):
            self._tables[table.id] = table

    async def stored_table(self, game_id: int) -> Table:
        """The game as the database has it now: the cached table if the stored row is still the one it holds
        (same version, status, pause and channel), else the game reloaded. What Discord is shown comes from
        here, so a cache that fell behind (a write it did not make) never decides it."""
        cached = self._tables.get(game_id)
        if cached is not None:
            held = (cached.row.version, cached.row.status, cached.row.paused, cached.row.channel_id)
            if CLAIMED_MARK.get() == (game_id, held):
                return cached  # a delivery whose claim read the game's row as the cached one: no read of its own
            mark = await self.store.games.game_mark(game_id)
            if mark is None:
                raise UserError("err.no_game")
            if mark == held:
                return cached
            log.info(
                "game %s: the cached table (version %s) is behind the database's (%s)",
                game_id,
                cached.row.version,
                mark[0],
            )
            self._drop(game_id)
        return await self._load(game_id)

    def _drop(self, game_id: int) -> None:
        self._tables.pop(game_id, None)

    async def _refresh(self, game_id: int) -> Table:
        self._drop(game_id)
        return await self.table(game_id)

    async def table_in(self, channel_id: int) -> Table:
        row = await self.store.games.open_game_in(channel_id)
        if row is None:
            raise UserError("err.no_game")
        return await self.table(row.id)

    async def last_table_in(self, channel_id: int) -> Table:
        row = await self.store.games.last_game_in(channel_id)
        if row is None:
            raise UserError("err.no_game")
        return await self.table(row.id)

    def forget(self, game_id: int) -> None:
        """Drop a game that ended from memory (it reloads from its final snapshot if asked for)."""
        table = self._tables.get(game_id)
        if table is not None and table.row.status == "active":
            return
        self._drop(game_id)
        for key in [k for k in self._ai if k[0] == game_id]:
            del self._ai[key]


class ServicePart:
    """One part of the game service (``service.play``, ``service.seats``, …), over the foundation every part shares:
    the store, the settings, the faces and the games in memory, read through here so that a part's code reads the
    same ``self.store``/``self.table(…)`` it always did. A part that needs another is given it (``self.play``)."""

    def __init__(self, base: ServiceBase) -> None:
        self.base = base

    @property
    def store(self) -> Store:
        return self.base.store

    @property
    def settings(self) -> Settings:
        return self.base.settings

    @property
    def faces(self) -> Mapping[str, Face]:
        return self.base.faces

    @property
    def thinker(self) -> Thinker:
        return self.base.thinker

    @property
    def _tables(self) -> dict[int, Table]:
        return self.base._tables

    @property
    def _ai(self) -> dict[tuple[int, str], Any]:
        return self.base._ai

    @property
    def _ai_tasks(self) -> dict[int, asyncio.Task[None]]:
        return self.base._ai_tasks

    def wake(self) -> None:
        """Wake the delivery worker (``ServiceBase.wake``, which the bot sets after the service is made)."""
        self.base.wake()

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.base.lock(game_id)

    def face(self, table: Table | GameRow) -> Face:
        return self.base.face(table)

    def turn(self, table: Table) -> int:
        return self.base.turn(table)

    async def table(self, game_id: int) -> Table:
        return await self.base.table(game_id)

    async def table_in(self, channel_id: int) -> Table:
        return await self.base.table_in(channel_id)

    def forget(self, game_id: int) -> None:
        self.base.forget(game_id)

    def _drop(self, game_id: int) -> None:
        self.base._drop(game_id)

    async def _refresh(self, game_id: int) -> Table:
        return await self.base._refresh(game_id)
