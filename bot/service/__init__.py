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

from bot.service.base import AI_NAMES, ANSWERED_IN_DM, GAME_OVER_FALLBACK, SERIES, Outcome
from bot.service.reach import ReachService
from bot.service.seats import new_seed
from bot.service.tutorial import TutorialService
from bot.service.undo import UndoService


class GameService(TutorialService, ReachService, UndoService):
    """The one game service: lobbies and seats (``seats``), guided games in DMs (``tutorial``), moves and AI seats
    (``play``), paused games (``reach``), finding games (``reading``) and taking a move back (``undo``), on the cache
    of games in memory (``base``)."""


__all__ = ["AI_NAMES", "ANSWERED_IN_DM", "GAME_OVER_FALLBACK", "SERIES", "GameService", "Outcome", "new_seed"]
