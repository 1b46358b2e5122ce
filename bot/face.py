"""A game's Discord face: everything the host asks a game for that the engine's protocol does not say.

The host (lobby, one game service, store, delivery, deadlines) knows no game by name. It plays a match
through ``engine.protocol`` (pending decisions, legal actions, parse and apply, views, the result, its AI
players) and asks the game's ``Face`` for the rest: how its options are chosen and read, how a move and an
event read in each language, its prompts, table and results images, its turn
summaries, its results and series texts, and its own slash commands. Each game's face is one package
under ``bot/`` (``bot/<game>/``), found through ``bot.games.FACES`` by the key every stored game keeps.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.errors import UserError
from bot.store import GameRow, ResultRow, SeatRow, Store
from bot.store.rows import reached
from bot.table import Table
from bot.verbs import Verb
from bot.web.sections import Item, Section, plain, sentences
from bot.words.i18n import clip, count, noun, plural, rename, t
from bot.words.logline import Describe, LogLine
from bot.workers.images import Picture
from engine import i18n
from engine.protocol import Match, Rules

Event = dict[str, Any]


@dataclass
class Prompt:
    """A decision's DM: its text, its image (to draw once the game's lock is released), a button (or menu
    entry) per move, and the decision's date."""

    content: str
    picture: Picture
    view: discord.ui.View
    since: int


@dataclass(frozen=True)
class Recent:
    """What a player missed: the public log lines since their last move (the last few, and how many
    earlier ones were left out), and a link to the table message."""

    lines: tuple[LogLine, ...] = ()
    more: int = 0
    table_url: str | None = None


#: how many of the lines since a player's last move a prompt repeats, each cut to ``RECENT_LINE`` characters
RECENT_LINES = 6
RECENT_LINE = 160


def recent_text(recent: Recent, describe: Describe, lang: str = "en") -> str:
    """The lines under a prompt's header: the public events since the player's last move, in ``lang``."""
    out = []
    if recent.lines:
        out.append(t("prompt.since", lang))
        if recent.more:
            out.append(plural("prompt.since_more", recent.more, lang))
        out.extend(f"> {clip(line.text(lang, describe), RECENT_LINE)}" for line in recent.lines)
    return "\n".join(out)


@dataclass(frozen=True)
class NewOption:
    """One option a game adds to ``/game new`` (its name is the parameter's; its words, ``words()``, are in the
    game's own slash-command catalogue, ``cmd.game.new.<name>.*``)."""

    name: str
    #: ``str`` or ``bool``
    kind: type
    description: str
    default: Any
    choices: tuple[str, ...] = ()
    #: the choices' English names, where they differ from their values
    labels: tuple[str, ...] = ()
    #: whether another game may offer the same option (then declared identically, one option for both); an option
    #: of the same name in two games that do not both share it stops the bot at start
    shared: bool = False

    def words(self) -> dict[str, str]:
        """The option's catalogue entries (its English), keyed as the command translator looks them up."""
        key = f"cmd.game.new.{self.name}"
        out = {f"{key}.name": self.name, f"{key}.desc": self.description}
        for value, name in zip(self.choices, self.labels or self.choices, strict=True):
            out[f"{key}.choice.{value}"] = name
        return out


class Face(Protocol):
    """What one game shows on Discord, and how the host reads its matches."""

    @property
    def rules(self) -> Rules:
        """The game's rules (``engine.games.GAMES[key]``)."""
        ...

    @property
    def key(self) -> str: ...

    def span(self, match: Match) -> int:
        """The stretch of play a missed deadline covers, numbered (never decreasing): a seat whose deadline passed
        plays its further decisions of the same stretch by default at once. A turn, say; or, in a game whose
        rounds last a whole bout, an exchange."""
        ...

    @property
    def series(self) -> bool:
        """Whether ``/game new series:cup`` runs a series of its games in a channel (else it plays its own inside one
        game)."""
        ...

    def series_over(self, totals: Sequence[int], target: int) -> bool:
        """Whether a series of its games is over, given each seat's total so far and the series' target (pure: it is
        asked inside the transaction that writes a game's results)."""
        ...

    # ------------------------------------------------------------------ options and matches
    @property
    def new_options(self) -> Sequence[NewOption]:
        """The options ``/game new`` offers for this game."""
        ...

    def options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The stored options for what ``/game new`` was given (its own options' values by name); a
        ``UserError`` for a value it does not know."""
        ...

    def options_text(self, options: Mapping[str, Any], lang: str) -> str:
        """The options in words, for the lobby message."""
        ...

    def deal(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> Match: ...

    def load(self, state: str) -> Match: ...

    # ------------------------------------------------------------------ moves and the log
    def label(self, match: Match, action: Any, names: Mapping[str, str], lang: str) -> str:
        """A legal move in words, seats by name (a button's label, the "✓ …" answer)."""
        ...

    def move_names(self, match: Match, action: Any, names: Mapping[str, str]) -> Sequence[str]:
        """What a player may type to name this legal move besides its label: the cards, archives and players it acts
        on, by their names in every language (and codes). The host folds case and accents before comparing."""
        ...

    def refusal(self, match: Match, action: Any, lang: str) -> str:
        """Why an illegal move is refused, in ``lang`` (empty: the engine's own sentence)."""
        ...

    def log_events(self, match: Match, events: Sequence[Event]) -> list[Event]:
        """The public part of a move's events, kept so that every reader gets them in their language."""
        ...

    def describe(self, event: Event, lang: str) -> str:
        """A kept public event as a log line in ``lang``."""
        ...

    def turn(self, match: Match) -> int:
        """The turn the match is in, as its summaries and away seats count turns (0 before the first: a draft, a
        pick). ``/game replay`` marks a step each time it goes up, so it must never decrease."""
        ...

    def replay_mark(self, match: Match) -> int:
        """Where ``/game replay`` marks its steps, besides each turn's end: a step each time this goes up (never
        decreasing). A game whose turns are short to follow gives its turn; one whose turns last long, a finer
        stretch of play (an exchange of a round that lasts a whole bout)."""
        ...

    def split_by_mark(self, mark: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
        """A move's kept events filed under the replay marks they belong to (``replay_mark`` before the move was
        ``mark``; a move may end one stretch and start the next)."""
        ...

    def replay_lines(
        self,
        stretch: Sequence[Event],
        turns: Sequence[tuple[int, Sequence[Event]]],
        names: Mapping[str, str],
        lang: str,
    ) -> list[str]:
        """A ``/game replay`` step in words: ``stretch`` is what happened since the step before, ``turns`` the turns
        it ends (each with all its events; for a running game's present, the turn so far). A game whose steps are
        its turns says each turn's summary, as the channel did."""
        ...

    def split_by_turn(self, turn: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
        """A move's kept events filed under the turns they belong to (a move may end one and start the next)."""
        ...

    def summary(self, turn: int, events: Sequence[Event], names: Mapping[str, str], lang: str) -> str:
        """The channel's message for a finished turn."""
        ...

    # ------------------------------------------------------------------ what players read
    def progress(self, match: Match, lang: str) -> str:
        """How far the match is, for ``/game mine``: "turn 5", "draft round 2 of 3"."""
        ...

    def status(self, table: Table, lang: str) -> str:
        """The table message's status: turn, who plays, phase."""
        ...

    def status_facts(self, table: Table, lang: str) -> list[str]:
        """Extra lines for ``/game status`` (wounds left, Fame to go…)."""
        ...

    def web_sections(self, table: Table, lang: str) -> list[Section]:
        """The table as the web page shows it, in ``lang``: the state of play, each player, what lies between them
        (``bot.web.sections``), from the public view only."""
        ...

    def prompt(self, table: Table, seat: str, lang: str, recent: Recent | None = None) -> Prompt | None:
        """The DM for ``seat``'s current decision, or None if it has nothing to decide (made under the game's
        lock; its picture is drawn after)."""
        ...

    @property
    def tutorial_options(self) -> Mapping[str, Any]:
        """The ``/game new`` options of a ``/tutorial`` game: short, and with nothing to set up."""
        ...

    def coach(self, match: Match, seat: str, names: Mapping[str, str], lang: str) -> list[str]:
        """A tutorial's words on the seat's current decision: what each choice does (a kicker that would apply, the
        damage a blocker absorbs…), one short line each; may be empty."""
        ...

    def lesson(self, kind: str, lang: str) -> str:
        """What a decision of ``kind`` asks, in a line or two for a newcomer (the first prompt of each kind shows
        it, and every prompt of a tutorial); empty for a kind that needs none."""
        ...

    def goal(self, lang: str) -> str:
        """How the game is won and what a turn is, in a sentence or two for a newcomer (the first message of a
        tutorial, and the list of games ``/rules`` gives where no game is played); empty if the game says none."""
        ...

    @property
    def prime_images(self) -> Callable[[], None]:
        """The game's images' start-up work (``render.<game>.prime``: fonts loaded, the words every image
        carries rasterised, tiles drawn), run once in the background in each process that draws them. A
        plain function of ``render``: a worker process runs it without importing discord."""
        ...

    def table_picture(self, table: Table, lang: str | None = None) -> Picture:
        """The public table image (only the public view ever reaches it), to draw after the lock."""
        ...

    async def table_file(self, table: Table, lang: str | None = None) -> discord.File:
        """The public table image, drawn now."""
        ...

    def results_picture(self, table: Table, lang: str | None = None) -> Picture: ...

    # ------------------------------------------------------------------ results and series
    def results(self, table: Table, match: Match) -> list[ResultRow]:
        """Each seat's place and score in the finished ``match`` (the table's, or the one a move just ended),
        with the person whose seat it was."""
        ...

    def results_text(self, table: Table, lang: str) -> str:
        """The channel's results message."""
        ...

    def game_over_text(self, table: Table, seat: SeatRow, lang: str) -> str | None:
        """A player's game-over DM (without the link to the results); None for a seat that played no part."""
        ...

    async def stats_text(
        self, store: Store, guild_id: int, user_id: int, name: str, lang: str, *, mine: bool
    ) -> tuple[str, bool]:
        """``/game stats`` for this game: (the text, whether the person has finished games of it here)."""
        ...

    async def series_text(self, store: Store, channel_id: int) -> str:
        """``/game cup``: the standings of the channel's latest series, or how it ended."""
        ...

    async def series_note(self, store: Store, row: GameRow, lang: str) -> str:
        """What the results message of a series' game adds: the standings so far, or the series' end."""
        ...

    # ------------------------------------------------------------------ /hand, /card and /rules
    def hand(self, table: Table, seat: str, lang: str) -> tuple[str, Picture]:
        """``/hand``: the seat's hand in words and as an image (private to its player)."""
        ...

    def find_cards(self, query: str) -> list[str]:
        """The keys of the cards ``query`` names (by a name in any language, a kind…), best first; none for a query
        that names none of this game's cards. Keys are unique across games."""
        ...

    def card_choice(self, key: str, lang: str) -> tuple[str, str]:
        """A ``/card`` autocomplete entry: (its words in ``lang``, its value)."""
        ...

    def card_name(self, key: str, lang: str) -> str: ...

    async def card_reply(self, key: str, lang: str) -> tuple[str, discord.File]:
        """``/card``'s private answer: the card in words and its image."""
        ...

    @property
    def rules_topics(self) -> Mapping[str, str]:
        """``/rules`` topics: value → English choice name (translated with the slash commands)."""
        ...

    def rules_text(self, topic: str, lang: str) -> str: ...

    # ------------------------------------------------------------------ its own commands
    @property
    def verbs(self) -> Sequence[Verb]:
        """The game's move verbs, each a slash command the host makes (``bot.cogs.verbs``); no two games may
        declare one of the same name."""
        ...

    def cogs(self, host: Any) -> list[commands.Cog]:
        """The game's own slash commands beyond its verbs (none, or its own help), given the bot."""
        ...


def split_by_turn(turn: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
    """``events`` of one move filed by turn: those before a ``{"type": "turn", "turn": n}`` event belong to
    ``turn``, the rest to the turn that event starts (the next one when it carries no number)."""
    out: list[tuple[int, list[Event]]] = [(turn, [])]
    for e in events:
        if e.get("type") == "turn":
            out.append((int(e.get("turn") or turn + 1), []))
        out[-1][1].append(e)
    return [(n, evs) for n, evs in out if evs]


def no_images() -> None:
    """The start-up drawing of a game whose images need none (a module-level function, so worker processes can
    be handed it)."""


class BaseFace(ABC):
    """A face's defaults: every member of ``Face`` that follows from the game's ``Rules`` and ``Match``, or is empty
    for a game without the feature. A game subclasses it, sets ``rules`` and writes only what is its own: how a
    move, an event and the table read (``label``, ``describe``, ``status``, ``prompt``, ``table_picture``), the
    turn it is in (``turn``), its options, verbs and commands (``new_options``, ``verbs``, ``cogs``), and whatever it
    does better than the default below.

    The host still speaks of faces through the ``Face`` protocol: a face need not derive from this class (a test's
    fake does not), and every member here keeps the protocol's contract."""

    #: the game's rules (``engine.games.GAMES[key]``): the one attribute a face must set for the defaults to work
    rules: Rules
    #: no ``/game new series:cup``: override with True for a game whose series is a run of its games in a channel
    series: bool = False
    #: the ``/game new`` options of a ``/tutorial`` game: none, unless the game has a shorter set-up to offer
    tutorial_options: Mapping[str, Any] = {}
    #: no start-up drawing; a game whose images cache fonts or tiles gives its ``render`` module's primer
    prime_images = staticmethod(no_images)

    # ------------------------------------------------------------------ what every game says itself
    @abstractmethod
    def label(self, match: Match, action: Any, names: Mapping[str, str], lang: str) -> str:
        """A legal move in words (``Face.label``): only the game knows its moves."""

    @abstractmethod
    def describe(self, event: Event, lang: str) -> str:
        """A kept public event as a log line (``Face.describe``): only the game knows its events."""

    @abstractmethod
    def turn(self, match: Match) -> int:
        """The turn the match is in (``Face.turn``): the protocol's ``Match`` has no turn counter to read."""

    @abstractmethod
    def status(self, table: Table, lang: str) -> str:
        """The table message's status (``Face.status``): who plays and what, in the game's words."""

    @abstractmethod
    def prompt(self, table: Table, seat: str, lang: str, recent: Recent | None = None) -> Prompt | None:
        """A decision's DM (``Face.prompt``): its buttons and words are the game's."""

    @abstractmethod
    def table_picture(self, table: Table, lang: str | None = None) -> Picture:
        """The public table image (``Face.table_picture``): drawn by the game's ``render`` module."""

    @property
    def key(self) -> str:
        """The rules' key."""
        return self.rules.key

    # ------------------------------------------------------------------ options and matches
    def options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        """The given values whose names are fields of the rules' ``Options`` dataclass, completed with its
        defaults (nothing for a game without options); a game whose ``/game new`` options are named or checked
        otherwise overrides it."""
        fields = {f.name for f in dataclasses.fields(self.rules.Options)}
        return dataclasses.asdict(self.rules.Options(**{k: v for k, v in chosen.items() if k in fields}))

    def options_text(self, options: Mapping[str, Any], lang: str) -> str:
        """Nothing to say; a game with options says what was chosen."""
        return ""

    def deal(self, seats: Sequence[str], seed: int, options: Mapping[str, Any]) -> Match:
        """A new match of the rules with the stored options."""
        return self.rules.new(list(seats), seed=seed, options=self.rules.Options(**options))

    def load(self, state: str) -> Match:
        """A stored match, read back by the rules."""
        return self.rules.from_json(state)

    # ------------------------------------------------------------------ moves and the log
    def move_names(self, match: Match, action: Any, names: Mapping[str, str]) -> Sequence[str]:
        """No other names than the label and the move's text; a game whose moves name cards or players adds
        them in every language."""
        return []

    def refusal(self, match: Match, action: Any, lang: str) -> str:
        """Empty: the engine's own (English) sentence is shown; a game that explains its refusals in every
        language overrides it."""
        return ""

    def log_events(self, match: Match, events: Sequence[Event]) -> list[Event]:
        """The events addressed to nobody in particular (the engine marks a private one with ``"to"``), as they
        are; a game whose events carry words that must read in every language localises them here."""
        return [dict(e) for e in events if "to" not in e]

    def span(self, match: Match) -> int:
        """The turn (``turn``): a missed deadline covers the rest of it. A game whose turns last long (a round of a
        whole bout) gives a shorter stretch."""
        return self.turn(match)

    def split_by_turn(self, turn: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
        """Split at the events of type ``"turn"`` (``split_by_turn``); a game that marks its turns otherwise
        overrides it."""
        return split_by_turn(turn, events)

    def summary(self, turn: int, events: Sequence[Event], names: Mapping[str, str], lang: str) -> str:
        """The turn's number, then each of its events as its log line; a game with something better to say at a
        glance overrides it."""
        lines = [t("face.turn", lang, title=noun(self.key, "turn.title", lang, turn=turn))]
        lines += [clip(self.describe(rename(e, dict(names)), lang), RECENT_LINE) for e in events]
        return clip("\n".join(lines))

    # a replay steps turn by turn, a step a turn with the turn's summary: a game whose turns last long overrides
    # the three together
    def replay_mark(self, match: Match) -> int:
        """The turn (``turn``): a replay's steps are its turns."""
        return self.turn(match)

    def split_by_mark(self, mark: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
        """As ``split_by_turn``, the marks being turns."""
        return self.split_by_turn(mark, events)

    def replay_lines(
        self,
        stretch: Sequence[Event],
        turns: Sequence[tuple[int, Sequence[Event]]],
        names: Mapping[str, str],
        lang: str,
    ) -> list[str]:
        """The summary of each turn the step ends, as the channel said it."""
        return [self.summary(n, evs, names, lang) for n, evs in turns if evs]

    # ------------------------------------------------------------------ what players read
    def progress(self, match: Match, lang: str) -> str:
        """Says "turn 5" in the game's own word for it; a game with phases of its own (a draft, a pick) says them."""
        return noun(self.key, "turn.nth", lang, turn=self.turn(match))

    def status_facts(self, table: Table, lang: str) -> list[str]:
        """No extra lines."""
        return []

    def web_sections(self, table: Table, lang: str) -> list[Section]:
        """One section: the status as its title, then the table image's words (drawn from the public view) a
        sentence an item, and the status facts; a game says its players and what lies between them better."""
        assert table.game is not None
        words = self.table_picture(table, lang).text
        items = [Item(plain(s)) for s in sentences(words)] + [Item(plain(f)) for f in self.status_facts(table, lang)]
        return [Section(plain(self.status(table, lang)), items, wide=True)]

    def coach(self, match: Match, seat: str, names: Mapping[str, str], lang: str) -> list[str]:
        """No tutorial words on the choices."""
        return []

    def lesson(self, kind: str, lang: str) -> str:
        """No newcomer's line for any kind of decision."""
        return ""

    def goal(self, lang: str) -> str:
        """The game's catalogue key ``<game key>.goal``; empty for a game that has none."""
        key = f"{self.key}.goal"
        return t(key, lang) if i18n.has(key) else ""

    async def table_file(self, table: Table, lang: str | None = None) -> discord.File:
        """The table picture (``table_picture``) drawn now, through the image pool."""
        return await self.table_picture(table, lang).file()

    def results_picture(self, table: Table, lang: str | None = None) -> Picture:
        """The final table (``table_picture``); a game with a results image of its own draws it."""
        return self.table_picture(table, lang)

    # ------------------------------------------------------------------ results and series
    def results(self, table: Table, match: Match) -> list[ResultRow]:
        """``match.result()`` in order, places 1, 2, 3… (a ranking whose details are a mapping with a ``place``
        shares places as it says), each seat with its person and name."""
        assert match.is_over()
        rows = []
        for n, (seat, score, details) in enumerate(match.result(), start=1):
            place = int(details.get("place", n)) if isinstance(details, Mapping) else n
            rows.append(ResultRow(seat, table.by_seat(seat).user_id, table.names.get(seat, seat), place, score))
        return rows

    def results_text(self, table: Table, lang: str) -> str:
        """The ranking, a line a seat: its place, who played it and its score; a game whose score needs words (the
        wounds by type, the Fame) overrides it."""
        assert table.game is not None
        names = table.played_by()
        lines = [t("face.results", lang, game=self.rules.name)]
        lines += [
            f"{row.place}. **{names.get(row.seat, row.display_name)}** — {row.score}"
            for row in self.results(table, table.game)
        ]
        return clip("\n".join(lines))

    def game_over_text(self, table: Table, seat: SeatRow, lang: str) -> str | None:
        """Says "you won" or who won, and where; None for a seat that played no part."""
        assert table.game is not None
        ranking = self.results(table, table.game)
        if not ranking or all(row.seat != seat.seat for row in ranking):
            return None
        game, channel = self.rules.name, table.row.channel_name
        winner = ranking[0]
        if winner.seat == seat.seat:
            return t("face.over.won", lang, game=game, channel=channel)
        return t("face.over.lost", lang, game=game, channel=channel, name=winner.display_name)

    async def stats_text(
        self, store: Store, guild_id: int, user_id: int, name: str, lang: str, *, mine: bool
    ) -> tuple[str, bool]:
        """Finished games of the game here, wins and their rate, and the best score (the lowest or the highest, as
        the rules' scores win); a game whose scores mean different things per format says each."""
        stats = await store.series.player_stats(guild_id, user_id, self.key, best=self.rules.score_wins)
        game = self.rules.name
        if stats.games == 0 or stats.best is None:
            none = (
                t("face.stats.none_you", lang, game=game) if mine else t("face.stats.none", lang, name=name, game=game)
            )
            return none, False
        text = t(
            "face.stats.line",
            lang,
            name=name,
            game=game,
            games=count(stats.games, "game", lang),
            wins=count(stats.wins, "win", lang),
            rate=round(100 * stats.wins / stats.games),
            best=stats.best,
        )
        return text, True

    def series_over(self, totals: Sequence[int], target: int) -> bool:
        """A race to the target: over once someone's total reaches it. A game whose series ends otherwise (the
        lowest total reaching a negative target, a number of games) says so here."""
        return reached(totals, target)

    async def series_text(self, store: Store, channel_id: int) -> str:
        """No series here (the game plays none in a channel)."""
        raise UserError("err.no_series")

    async def series_note(self, store: Store, row: GameRow, lang: str) -> str:
        """Nothing: a game outside a series."""
        return ""

    # ------------------------------------------------------------------ /hand, /card and /rules
    def hand(self, table: Table, seat: str, lang: str) -> tuple[str, Picture]:
        """A game without hands has none to show: a private refusal."""
        raise UserError("err.no_hand", game=self.rules.name)

    def find_cards(self, query: str) -> list[str]:
        """No cards (``/card`` then finds none of this game's; the host's answer is private)."""
        return []

    def card_choice(self, key: str, lang: str) -> tuple[str, str]:
        """The key itself (never asked of a game whose ``find_cards`` finds nothing)."""
        return key, key

    def card_name(self, key: str, lang: str) -> str:
        """The key itself (never asked of a game whose ``find_cards`` finds nothing)."""
        return key

    async def card_reply(self, key: str, lang: str) -> tuple[str, discord.File]:
        """No such card (never asked of a game whose ``find_cards`` finds nothing)."""
        raise UserError("err.unknown_card", name=key[:60])

    @property
    def rules_topics(self) -> Mapping[str, str]:
        """No ``/rules`` topics; a game with rules help gives its topics and overrides ``rules_text``."""
        return {}

    def rules_text(self, topic: str, lang: str) -> str:
        """No rules help (never asked of a game without ``rules_topics``)."""
        return ""
