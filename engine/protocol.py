"""What a game's rules offer the host: the contract every game on the bot keeps.

The host (``bot``) and every generic tool (the contract tests, the arena, the AI seats) speak to a
game only through this: a ``Rules`` object that declares the game as data (its key, seat counts,
options, which way scores win, AI levels) and makes ``Match``es, and a ``Match`` that is a pure,
deterministic game in progress, in the shape python-chess and OpenSpiel made familiar:

    from engine.games import GAMES
    rules = GAMES["nightfall"]
    match = rules.new(seats=["s1", "s2"], seed=7, options=rules.Options())
    for decision in match.pending():                  # who must act now, and on what
        action = match.legal_actions(decision.seat)[0]
        match.apply(action)                           # IllegalAction (a ValueError) if it is not legal
    match.parse_action("s1", str(action))             # canonical text and back
    match.to_json(); rules.from_json(text)            # an exact round trip, random generator included
    match.is_over(); match.result()                   # the ranking, best first: (seat, score, details)
    player = rules.make_player("normal", seed=1)      # an AI seat: it sees only rules.ai_input(match, seat)

Views are the only way state leaves a match: ``public_view()`` holds what everyone at the table may
see, ``private_view(seat)`` adds what that seat alone may see (its ``"hand"``, where the game has one).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable


@runtime_checkable
class Decision(Protocol):
    """A decision waiting on a seat: who, and what kind of choice (several may wait at once)."""

    @property
    def seat(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def opened(self) -> int:
        """The match's version when this decision reached its seat: a decision that is still the same keeps
        it, so a button made for it stays valid until it is answered."""
        ...


@runtime_checkable
class Match(Protocol):
    """One game in progress: pure and deterministic (same seed, same actions, same game)."""

    @property
    def version(self) -> int:
        """Goes up by one with every applied action: what a stale button is recognised by."""
        ...

    @property
    def seats(self) -> list[str]: ...

    def pending(self) -> Sequence[Decision]: ...

    def legal_actions(self, seat: str) -> Sequence[Any]:
        """Every action ``seat`` may take now (empty if nothing waits on it); ``str(action)`` is canonical."""
        ...

    def apply(self, action: Any) -> list[dict[str, Any]]:
        """Apply one legal action and play on to the next decision; the public and private events.
        Raises ``IllegalAction`` (a ``ValueError`` with a sentence a player can read) otherwise."""
        ...

    def parse_action(self, seat: str, text: str) -> Any:
        """The action ``text`` names for ``seat``; a ``ValueError`` if it names none."""
        ...

    def default_action(self, seat: str) -> Any | None:
        """The passive move a deadline makes for ``seat`` (None if nothing waits on it)."""
        ...

    def public_view(self) -> dict[str, Any]: ...

    def private_view(self, seat: str) -> dict[str, Any]: ...

    def to_json(self) -> str: ...

    def is_over(self) -> bool: ...

    def result(self) -> list[tuple[str, int, Any]]:
        """The final ranking, best first: (seat, score, details) for every seat."""
        ...


@runtime_checkable
class Player(Protocol):
    """An AI seat. It is given only what its seat may see (``Rules.ai_input``) and answers with one of the legal
    actions; it never holds the match, so it cannot look at a hand, a deck or a shuffle to come."""

    def choose(self, view: dict[str, Any], actions: Sequence[Any]) -> Any: ...


def think(player: Player, view: dict[str, Any], actions: Sequence[Any]) -> tuple[Any, Player]:
    """``player``'s choice, and the player as it is after choosing (its random generator moved on): what a worker
    process hands back, so that the seat's next decision starts from the state this one left."""
    return player.choose(view, actions), player


@runtime_checkable
class Rules(Protocol):
    """A game declared as data, and the factory of its matches."""

    @property
    def key(self) -> str:
        """The registry key, also stored with every game: "nightfall", "fightdrome"."""
        ...

    @property
    def name(self) -> str:
        """The game's name as players know it."""
        ...

    @property
    def seats(self) -> range:
        """The seat counts it accepts, e.g. range(2, 6)."""
        ...

    @property
    def score_wins(self) -> Literal["low", "high"]:
        """Which scores win: "low" (Nightfall's wounds) or "high" (Fightdrome's Fame)."""
        ...

    @property
    def ai_levels(self) -> tuple[str, ...]:
        """The levels its AI seats come in, weakest first."""
        ...

    @property
    def Options(self) -> type:  # called like the class it is: rules.Options()
        """The options dataclass; ``Options()`` is the default game."""
        ...

    def new(self, seats: Sequence[str], seed: int = 0, options: Any = None) -> Match: ...

    def from_json(self, text: str) -> Match: ...

    def make_player(self, level: str, seed: int = 0, budget: float | None = None) -> Player:
        """An AI player of ``level`` (one of ``ai_levels``); ``budget``: seconds it may think per decision."""
        ...

    def ai_input(self, match: Match, seat: str) -> tuple[dict[str, Any], Sequence[Any]]:
        """What an AI seat is given: its seat's view (with what it knows of the rest) and its legal actions."""
        ...
