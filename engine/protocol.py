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
    match.secrets(); match.taken_back(earlier_json)   # what is hidden; the last action taken back (an undo)
    player = rules.make_player("normal", seed=1)      # an AI seat: it sees only rules.ai_input(match, seat)

Views are the only way state leaves a match: ``public_view()`` holds what everyone at the table may
see, ``private_view(seat)`` adds what that seat alone may see (its ``"hand"``, where the game has one).

Taking an action back is fair only if the action showed nobody anything: ``revealed`` tells, from what the
game keeps hidden before and after the action (``Match.secrets``: every hidden zone, and the random generator as
a zone nobody sees) and from the decisions the game made by itself for another seat (an event with ``auto`` or
``forced`` set: an automatic pass tells that a hand held nothing to play). It holds by construction: a draw, a
shuffle, a deal or a card shown moves a card out of a hidden zone or uses the generator, whatever card caused it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol, runtime_checkable

#: a match's hidden zones (``Match.secrets``): zone name → (the seats that may see it, its contents)
Secrets = dict[str, tuple[frozenset[str], Any]]


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

    def secrets(self) -> Secrets:
        """Everything some seat may not see, by zone: (the seats that may see it, its contents, in an order
        that counts only where the order is secret). A zone missing is public; the random generator's state
        is a zone nobody sees."""
        ...

    def taken_back(self, earlier: str) -> Match:
        """The position ``earlier`` (this match's state before its last action, as ``to_json`` wrote it) as this
        match's next state: the same position and decisions (their ``opened`` dates too, so a button made for
        them is good again), its version this match's plus one. Versions only go up, so one version always
        names one state: a button or a cached table made for the undone position never looks current."""
        ...


def revealed(before: Secrets, after: Secrets, events: Sequence[dict[str, Any]], seat: str) -> bool:
    """Whether ``seat``'s action showed anyone anything that was hidden from ``seat``: ``before`` and ``after``
    are the match's ``secrets()`` on either side of ``apply``, ``events`` what it returned. True if a hidden zone
    ``seat`` may not see changed or was opened (a draw, a shuffle, a deal, a card revealed, a card put in
    another's hand), or the game decided something by itself for another seat (an automatic pass, a forced move:
    it tells of a hand). Changes to zones ``seat`` sees (its own hand) reveal nothing to it; what others learn of
    them is its own choice."""
    for zone in before.keys() | after.keys():
        was, now = before.get(zone), after.get(zone)
        if was == now:
            continue
        if any(z is not None and seat not in z[0] for z in (was, now)):
            return True
    return any((e.get("auto") or e.get("forced")) and e.get("seat") not in (None, seat) for e in events)


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
