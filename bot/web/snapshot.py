"""What one game's page or API answer needs, read from the store at the game's stored version: its row, the match
(replayed from its latest snapshot, never the service's cache, which a move may be changing), the recent public log
lines, who must decide and by when, all from one state of the database. Only public things are read: nothing here
calls a private view."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from bot.errors import UserError
from bot.face import Face
from bot.service import ServiceBase
from bot.store import GameRow
from bot.store.web import GameMark, mark_of
from bot.table import Table
from bot.words.logline import LogLine

#: the recent log lines a page shows (as ``/game log`` does)
LOG_LINES = 25


@dataclass(frozen=True)
class Stored:
    """A game as read at one version, in no language yet."""

    table: Table
    face: Face
    token: str
    lines: tuple[LogLine, ...]
    deadline: datetime | None

    @property
    def version(self) -> int:
        return self.table.row.version

    @property
    def mark(self) -> GameMark:
        """Its version, status and pause as read (what its live streams follow)."""
        return mark_of(self.table.row)

    def in_language(self, lang: str) -> Snapshot:
        table = self.table
        return Snapshot(
            row=table.row,
            table=table,
            token=self.token,
            version=self.version,
            lang=lang,
            log=[line.text(lang, self.face.describe) for line in self.lines],
            deadline=self.deadline,
            deciding=deciding(table),
            face=self.face,
        )


@dataclass(frozen=True)
class Snapshot:
    """What a page or an API answer shows of one game, in one language."""

    row: GameRow
    table: Table
    token: str
    version: int
    lang: str
    #: the recent public log lines, oldest first, in ``lang``
    log: list[str]
    #: when the earliest running decision clock falls due (None: no clock runs)
    deadline: datetime | None
    #: the names of the seats a decision waits on, in seat order
    deciding: list[str]
    face: Face


def waiting(table: Table) -> list[str]:
    """The seats a decision waits on now, in seat order (none in a lobby, or a game that ended or was abandoned)."""
    game = table.game
    if game is None or game.is_over() or table.row.status != "active":
        return []
    order = {s.seat: s.position for s in table.seats}
    return sorted({d.seat for d in game.pending()}, key=lambda seat: order.get(seat, len(order)))


def deciding(table: Table) -> list[str]:
    """Who must decide now, by name, in seat order."""
    names = table.names
    return [names[seat] for seat in waiting(table)]


async def read(service: ServiceBase, game_id: int, token: str) -> Stored:
    """The game as stored now, with its recent log and its running clocks, all read in one transaction
    (``store.web.stored_game``: one state of the database), so the log never runs a move ahead of the table."""
    found = await service.store.web.stored_game(game_id, LOG_LINES)
    if found is None:
        raise UserError("err.no_game")
    table = service.table_of(found.game)
    face = service.face(table)
    due: datetime | None = None
    seats = set(waiting(table))
    if seats and table.row.paused is None:  # a paused game's clocks stand still
        clocks = [d.due_at for d in found.clocks if d.seat in seats]
        if clocks:
            due = datetime.fromtimestamp(min(clocks), UTC)
    return Stored(table, face, token, tuple(found.lines), due)


async def snapshot(service: ServiceBase, game_id: int, token: str, lang: str) -> Snapshot:
    """What a page or the API shows of the game now, in ``lang``."""
    return (await read(service, game_id, token)).in_language(lang)
