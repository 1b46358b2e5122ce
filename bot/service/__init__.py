"""One game service for every input: command, button, select, AI and timeouts.

    lock the game → check the user holds the seat and the decision is current
    → ``match.apply`` → commit the move *and the deliveries it calls for* → wake the
    delivery worker, which talks to Discord.

It knows no game by name: a match is played through ``engine.protocol``, and whatever a game words
or decides its own way (options, labels, log events, AI seats, results) comes from its face
(``bot.face``), found by the key every stored game keeps.

Discord is never called inside the transaction, and a failed Discord call cannot lose a
committed move: what Discord must show is a row written with the move, delivered (and
retried) by ``bot.discord_io.delivery``. The in-memory games are a cache: the version
compare-and-set in the store decides, and a cache that fell behind is reloaded.
"""

from collections.abc import Mapping

from bot.face import Face
from bot.service.base import AI_NAMES, ANSWERED_IN_DM, GAME_OVER_FALLBACK, SERIES, Outcome, ServiceBase, ServicePart
from bot.service.play import PlayService
from bot.service.reach import ReachService
from bot.service.reading import ReadingService
from bot.service.seats import SeatService, new_seed
from bot.service.tutorial import TutorialService
from bot.service.undo import UndoService
from bot.settings import Settings
from bot.store import Store


class GameService(ServiceBase):
    """The one game service: its parts, each named in a call (``service.play.act(…)``, ``service.seats.join(…)``),
    on the foundation they share (``ServiceBase``: the cache of games in memory, ``service.table(game_id)``)."""

    #: moves and AI seats
    play: PlayService
    #: lobbies, seats and the start, a series' next game, abandoning, mending at start-up
    seats: SeatService
    #: paused games, and games going on
    reach: ReachService
    #: finding games: the one a move command means, someone's games, ``/game mine``
    reading: ReadingService
    #: guided games in DMs
    tutorial: TutorialService
    #: taking one's last move back
    undo: UndoService

    def __init__(self, store: Store, settings: Settings, faces: Mapping[str, Face]) -> None:
        super().__init__(store, settings, faces)
        self.play = PlayService(self)
        self.seats = SeatService(self, self.play)
        self.reach = ReachService(self, self.play)
        self.reading = ReadingService(self, self.play)
        self.tutorial = TutorialService(self, self.seats)
        self.undo = UndoService(self, self.play, self.reading)


__all__ = [
    "AI_NAMES",
    "ANSWERED_IN_DM",
    "GAME_OVER_FALLBACK",
    "SERIES",
    "GameService",
    "Outcome",
    "PlayService",
    "ReachService",
    "ReadingService",
    "SeatService",
    "ServiceBase",
    "ServicePart",
    "TutorialService",
    "UndoService",
    "new_seed",
]
