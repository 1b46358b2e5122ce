"""All of the bot's SQL, behind one small interface, in parts the ``Store`` holds, each named in a call: games,
lobbies and seats (``store.games``), the action log (``store.play``), taking a move back (``store.undo``), where a game
is shown on Discord (``store.marks``), the two work queues (``store.work``), people and their preferences
(``store.people``), results and series (``store.series``), ratings (``store.ratings``), processes and duties
(``store.hosts``), turns to identify with Discord (``store.identify``), what a replay reads (``store.replays``), the
public web view's servers and tokens (``store.web``);
each module of the same name holds its part, on one foundation (``base``) with typed rows (``rows``) and shared
pieces of transactions (``sql``).

Every write that belongs to one move — the action, the new version, log lines, a snapshot,
and the deliveries Discord must get — is one ``BEGIN IMMEDIATE`` transaction run in one hop
on the writer thread (on PostgreSQL, one unit of work on the event loop: ``bot.store.postgresql``),
so a crash keeps either the whole move or none of it, and no two transactions of one game ever
interleave. Reads go through their own connection (WAL). A game loads
from its latest snapshot plus the actions after it.

Nothing here keeps game state in memory: the version compare-and-set in ``record`` decides
which move wins, so a second process (or a stale cache) can never commit over another.
"""

from bot.store.base import DEFAULT_BUSY_SECONDS, MIGRATIONS_DIR, Clock, StoreBase, StorePart
from bot.store.games import GameStore
from bot.store.hosts import HostStore
from bot.store.identify import IdentifyStore, IdentifyTurn
from bot.store.marks import MarkStore
from bot.store.people import PeopleStore
from bot.store.play import PlayStore
from bot.store.ratings import RatingStore
from bot.store.replays import ReplayStore
from bot.store.rows import (
    AUTO_SOURCES,
    CHANNEL_KINDS,
    HELD_KINDS,
    RETIRED,
    UNDO,
    ChannelMarks,
    Deadline,
    Delivery,
    GameRow,
    LobbyChanged,
    Move,
    NotUndoable,
    PlayerStats,
    RatingRow,
    Replaced,
    ResultRow,
    SeatRow,
    SeriesRow,
    StaleVersion,
    Undo,
    Want,
)
from bot.store.series import SeriesStore
from bot.store.sqlite import Database, DatabaseStats
from bot.store.undo import UndoStore
from bot.store.web import WebServerRow, WebStore
from bot.store.work import WorkStore


class Store(StoreBase):
    """The bot's database (``Store.open(path)``): its parts, each named in a call (``store.play.record(move)``,
    ``store.work.claim_deadline(…)``), all on one pair of connections and one clock (the foundation, ``StoreBase``:
    ``store.epoch()``, ``store.close()``, ``store.host_id``)."""

    #: games, lobbies and seats
    games: GameStore
    #: the action log: starting a game, every move, loading a game back
    play: PlayStore
    #: the last action, the position before it, taking it back
    undo: UndoStore
    #: where a game is shown on Discord: messages, threads, summaries, prompts, pauses
    marks: MarkStore
    #: the two work queues: deliveries and deadlines
    work: WorkStore
    #: people and their preferences
    people: PeopleStore
    #: results, series and players' stats
    series: SeriesStore
    #: ratings per server and game
    ratings: RatingStore
    #: processes, AI seats' owners, duties
    hosts: HostStore
    #: turns to identify with Discord, for processes sharing the database
    identify: IdentifyStore
    #: what a replay reads
    replays: ReplayStore
    #: the servers on the public web view, and the tokens of their pages
    web: WebStore

    def __init__(self, writer: Database, reader: Database, clock: Clock, stats: DatabaseStats) -> None:
        super().__init__(writer, reader, clock, stats)
        self.games = GameStore(self)
        self.play = PlayStore(self)
        self.undo = UndoStore(self)
        self.marks = MarkStore(self)
        self.work = WorkStore(self)
        self.people = PeopleStore(self)
        self.series = SeriesStore(self)
        self.ratings = RatingStore(self)
        self.hosts = HostStore(self)
        self.identify = IdentifyStore(self)
        self.replays = ReplayStore(self)
        self.web = WebStore(self)


__all__ = [
    "AUTO_SOURCES",
    "CHANNEL_KINDS",
    "DEFAULT_BUSY_SECONDS",
    "HELD_KINDS",
    "MIGRATIONS_DIR",
    "RETIRED",
    "UNDO",
    "ChannelMarks",
    "Deadline",
    "Delivery",
    "GameRow",
    "IdentifyTurn",
    "LobbyChanged",
    "Move",
    "NotUndoable",
    "PlayerStats",
    "RatingRow",
    "Replaced",
    "ResultRow",
    "SeatRow",
    "SeriesRow",
    "StaleVersion",
    "Store",
    "StoreBase",
    "StorePart",
    "Undo",
    "Want",
    "WebServerRow",
]
