"""All of the bot's SQL, behind one small interface, split by concern: games, lobbies and seats (``games``),
the action log (``play``), where a game is shown on Discord (``marks``), the two work queues (``work``), people and their
preferences (``people``), results and series (``series``), ratings (``ratings``), what a replay reads
(``replays``), on one foundation (``base``) with typed rows (``rows``) and shared pieces of transactions (``sql``).

Every write that belongs to one move — the action, the new version, log lines, a snapshot,
and the deliveries Discord must get — is one ``BEGIN IMMEDIATE`` transaction run in one hop
on the writer thread, so a crash keeps either the whole move or none of it, and no two
transactions ever interleave. Reads go through their own connection (WAL). A game loads
from its latest snapshot plus the actions after it.

Nothing here keeps game state in memory: the version compare-and-set in ``record`` decides
which move wins, so a second process (or a stale cache) can never commit over another.
"""

from bot.store.base import DEFAULT_BUSY_SECONDS, MIGRATIONS_DIR, StoreBase
from bot.store.games import GameStore
from bot.store.hosts import HostStore
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
from bot.store.undo import UndoStore
from bot.store.work import WorkStore


class Store(
    GameStore, PlayStore, UndoStore, MarkStore, WorkStore, PeopleStore, SeriesStore, RatingStore, HostStore, ReplayStore
):
    """The bot's database (``Store.open(path)``): every part of it, on one pair of connections."""


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
    "Undo",
    "Want",
]
