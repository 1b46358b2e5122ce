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
    player = rules.make_player(rules.default_level, seed=1)  # an AI seat: it sees only rules.ai_input(match, seat)
    rules.traits.simultaneous; rules.span_noun        # what the game is like, asked rather than known by its key
    rename_seats(event, {"s1": "Ann"})                # seats by name in events, where the contract puts seats

Views are the only way state leaves a match: ``public_view()`` holds what everyone at the table may
see, ``private_view(seat)`` adds what that seat alone may see (its ``"hand"``, where the game has one).

Taking an action back is fair only if the action showed nobody anything: ``revealed`` tells, from what the
game keeps hidden before and after the action (``Match.secrets``: every hidden zone, and the random generator as
a zone nobody sees) and from the decisions the game made by itself for another seat (an event with ``auto`` or
``forced`` set: an automatic pass tells that a hand held nothing to play). It holds by construction: a draw, a
shuffle, a deal or a card shown moves a card out of a hidden zone or uses the generator, whatever card caused it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

#: a match's hidden zones (``Match.secrets``): zone name → (the seats that may see it, its contents)
Secrets = dict[str, tuple[frozenset[str], Any]]


class ActionError(ValueError):
    """Base of every refusal of a move, in every game; the message is a sentence a player can read (in English:
    the host words it in the player's language from the game's own explanation). A ``ValueError``, so code that
    knows no game catches it as one."""


class ParseError(ActionError):
    """The text names no move at all (``Match.parse_action``)."""


class IllegalAction(ActionError):
    """A well-formed move that is not legal now (``Match.apply``): nothing was changed."""


# ---------------------------------------------------------------------------------------------- a move's text
#
# The canonical text of a move (``str(action)``, what ``Match.parse_action`` reads back, what the bot stores and
# replays) has one grammar in every game:
#
#     move  = verb *( " " arg )
#     verb  = word *( "-" word )        ; the move's kind: "chain", "pass", "open", "stun-discard"
#     word  = 1*( "a"-"z" )
#     arg   = 1*( "!"-"~" )              ; printable ASCII, no space: a card, a seat, a key, a word
#
# - one line of printable ASCII words separated by single spaces, no space before or after;
# - the first word is the verb, lowercase ASCII letters, words joined by dashes: it alone says what kind of move
#   it is, and each verb takes a fixed number of words after it;
# - it round-trips: ``match.parse_action(action.seat, str(action)) == action`` for every legal action, and two
#   different legal actions of one seat have different texts;
# - a text that names no move raises ``ParseError``; ASCII whitespace around a text is forgiven on reading, and a
#   game may forgive more (Fightdrome reads ``OPEN k30`` as ``open K30``), but it prints only the canonical form.
#
# ``MOVE_TEXT`` is the grammar as a pattern; ``VERB`` the first word's.

#: the shape of a move's first word, its verb
VERB = re.compile(r"[a-z]+(?:-[a-z]+)*")
#: the shape of every move's canonical text (see above)
MOVE_TEXT = re.compile(VERB.pattern + r"(?: [!-~]+)*")


# ---------------------------------------------------------------------------------------------- events' seats
#
# ``Match.apply`` returns events: JSON-native dicts, each with a ``"type"``. The host shows them with players'
# names where the engine writes seat ids, so every game keeps seat ids where ``rename_seats`` looks, and nowhere
# else (no seat id inside a longer text, none under another field):
#
# - a field named in ``SEAT_FIELDS`` whose value is a seat id (a string equal to one of the match's seats; the same
#   field may hold something else in another event, e.g. ``target`` a card, which is left alone), or a list of
#   them (a ranking);
# - a field named in ``SEAT_KEYED_FIELDS`` whose value is a dict keyed by seat id (per-seat scores, hands, picks);
#   its values are not seats, and are left alone;
# - at any depth: an event may carry other dicts and lists (a sub-event, a list of steps), read by the same rules.
#
# ``tests/engine/test_contract.py`` plays every registered game and checks that ``rename_seats`` with fresh names
# leaves no seat id anywhere in any event.

#: fields whose value is a seat id, or a list of seat ids
SEAT_FIELDS = frozenset({"seat", "to", "target", "target_name", "target_owner", "winner", "loser", "opener", "ranking"})
#: fields whose value is a dict keyed by seat id
SEAT_KEYED_FIELDS = frozenset({"private", "picks", "hands", "scored", "totals"})


def rename_seats(event: Any, names: Mapping[str, str]) -> Any:
    """``event`` with every seat id where the contract above puts one replaced by ``names[seat]`` (seat ids missing
    from ``names`` are kept); a new object, ``event`` is not changed. Any JSON-native value is accepted, so a list
    of events, or a view built on the same field names, renames too."""
    if isinstance(event, list):
        return [rename_seats(x, names) for x in event]
    if not isinstance(event, dict):
        return event
    out: dict[Any, Any] = {}
    for key, value in event.items():
        if key in SEAT_FIELDS and isinstance(value, str):
            out[key] = names.get(value, value)
        elif key in SEAT_FIELDS and isinstance(value, list) and all(isinstance(x, str) for x in value):
            out[key] = [names.get(x, x) for x in value]
        elif key in SEAT_KEYED_FIELDS and isinstance(value, dict):
            out[key] = {names.get(k, k) if isinstance(k, str) else k: rename_seats(v, names) for k, v in value.items()}
        else:
            out[key] = rename_seats(value, names)
    return out


@dataclass(frozen=True)
class Traits:
    """What a game is like, declared, so that generic code (the host, the contract tests, the arena) asks instead
    of knowing games by their key. Each one is checked against seeded playouts in ``tests/engine/test_contract.py``.
    """

    #: an action can bring a card out of a hidden zone into a hand (a draw, a deal): such an action shows what was
    #: hidden (``revealed``) and cannot be taken back fairly; in a game without draws only a secret pick can
    draws_cards: bool
    #: several seats can have decisions waiting at once (under some options): the host must not assume one seat to
    #: move, it asks each seat's deadline and prompt apart, and a move may leave another seat's decision standing
    simultaneous: bool
    #: ``Match.private_view(seat)`` has a ``"hand"`` (a list of cards, each a dict with an ``"id"``) that no other
    #: seat's view shows: what the host offers as "your hand", and what the contract tests look for in other views
    hands: bool
    #: the least and the greatest score ``Match.result`` can give (None: no bound): what a leaderboard, a results
    #: table or a rating may assume of a score. Which way scores win is ``Rules.score_wins``.
    min_score: int | None = None
    max_score: int | None = None


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
        """The action ``text`` names for ``seat``; a ``ParseError`` (an ``ActionError``, so a ``ValueError``) if it
        names none. The canonical texts follow ``MOVE_TEXT``'s grammar (above)."""
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
    actions; it never holds the match, so it cannot look at a hand, a deck or a shuffle to come.

    A player that thinks for a time budget (a search) says so with a class attribute ``searches = True``: the host
    then runs its decisions in a worker process, where they cannot hold up the event loop; one without it decides
    in milliseconds and stays in a thread."""

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
    def default_level(self) -> str:
        """The AI level used when none is given (one of ``ai_levels``): a bot added without a level, a seat taken
        over by the AI after missed deadlines, a stored seat whose level the game no longer has."""
        ...

    @property
    def span_noun(self) -> str:
        """What the game calls the stretch of play a missed deadline covers ("turn", "exchange"): a lowercase ASCII
        English word. The host never builds a text from it: the game gives the word's forms in each language in its
        own catalogue (``bot.words.i18n.NOUN_FORMS``), and a test checks its English forms say this word."""
        ...

    @property
    def turn_noun(self) -> str:
        """What the game calls the stretch of play its turn counter counts ("turn", "round"): a lowercase ASCII
        English word, which the game's own forms of it say ("AI from turn 7", "AI from round 2"), as ``span_noun``."""
        ...

    @property
    def traits(self) -> Traits:
        """What the game is like (``Traits``): what generic code and tests ask instead of a game's key."""
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
