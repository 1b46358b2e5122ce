"""Ratings: a player's skill at one game in one server, and how one finished game changes it.

The estimate is openskill's Plackett-Luce model, made for free-for-all games of any number of players ranked
first to last (ties share a place): each player has ``mu`` (the estimate) and ``sigma`` (how unsure it still
is). People see one conservative number, :func:`display`: ``mu - 3·sigma`` (the skill the player has almost
surely reached) scaled so that a newcomer starts at 1000. It rises as a player wins and as their games make the
estimate surer, so a few lucky games do not put a newcomer at the top.

Pure: the store calls :func:`rate` inside the transaction that ends a game (``bot/store/sql.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: the model's defaults (mu 25, sigma 25/3); one instance serves every game (it keeps no state between calls)
MODEL = PlackettLuce()
#: the rating shown for a newcomer (``mu - 3·sigma`` = 0), and how many points one unit of that is worth
BASE = 1000
SCALE = 20
#: fewer rated games than this and a person is "provisional": on the leaderboard below the others, marked
PROVISIONAL_GAMES = 3
#: the key of an AI level's rating: AI seats are rated apart from people and are never on the leaderboard
AI_PREFIX = "ai:"


@dataclass(frozen=True)
class Skill:
    """A player's rating: openskill's estimate and its uncertainty."""

    mu: float
    sigma: float

    @classmethod
    def new(cls) -> Skill:
        fresh = MODEL.rating()
        return cls(float(fresh.mu), float(fresh.sigma))

    @property
    def shown(self) -> int:
        return display(self.mu, self.sigma)


@dataclass(frozen=True)
class Entrant:
    """One rated player of a finished game: who (a person's id in decimal or ``ai:<level>``), the place the game
    gave them (1 the best; equal places are a tie) and their rating before it (None: their first rated game)."""

    player: str
    place: int
    before: Skill | None


def display(mu: float, sigma: float) -> int:
    """The number people see: the conservative estimate ``mu - 3·sigma``, newcomers at :data:`BASE`."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def ai_player(level: str) -> str:
    """The rating key of an AI seat at ``level`` (one of its game's levels: the caller puts the game's default
    level for a seat stored without one)."""
    return AI_PREFIX + level


def rate(entrants: Sequence[Entrant]) -> dict[str, Skill]:
    """Each entrant's rating after the game, by player. Fewer than two entrants: nothing to learn, no change.

    Every entrant must be a different player (the store rates one seat per player, see ``_rate``)."""
    players = [e.player for e in entrants]
    if len(set(players)) != len(players):
        raise ValueError(f"a player is entered twice: {players}")
    if len(entrants) < 2:
        return {}
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in (e.before or Skill.new() for e in entrants)]
    after = MODEL.rate(teams, ranks=[float(e.place) for e in entrants])
    return {e.player: Skill(float(team[0].mu), float(team[0].sigma)) for e, team in zip(entrants, after, strict=True)}
