"""A game as the bot holds it: its stored row and seats, the match once dealt, and who it waits for.

Nothing here knows which game is played: the match is used only through ``engine.protocol.Match``
(pending decisions, legal actions, is it over), and everything a game words its own way comes from
its face (``bot.face``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store import GameRow, SeatRow
from bot.words.i18n import noun, t
from engine import i18n
from engine.games import GAMES
from engine.protocol import Match
from render.theme import drawable


def level_name(game: str, level: str | None, lang: str = "en") -> str:
    """An AI level of ``game`` (its key) in words: the game's own name for it (``<game>.level.<level>`` in its
    catalogue; every game names each of its levels), else the level's id. A seat stored without a level plays at the
    game's default level."""
    if level is None:
        rules = GAMES.get(game)
        level = rules.default_level if rules is not None else ""
    key = f"{game}.level.{level}"
    return t(key, lang) if i18n.has(key) else level


def series_name(game: str, lang: str = "en") -> str:
    """What ``game`` (its key) calls its series of games, from its catalogue (``<game>.series``);
    a game that offers a series names it."""
    return t(f"{game}.series", lang)


def series_lobby_note(game: str, target: int, lang: str = "en") -> str:
    """The lobby's words on ``game``'s series to ``target`` (how its totals add up and who wins), from its
    catalogue (``<game>.series.lobby_note``); empty for a game that says nothing more."""
    key = f"{game}.series.lobby_note"
    return t(key, lang, target=target) if i18n.has(key) else ""


def verb_of(move: object) -> str:
    """A move's verb: the first word of its canonical text (an action, or the text itself)."""
    return str(move).split(" ", 1)[0]


@dataclass
class Table:
    """A game as the bot holds it: the stored row, its seats, and the engine match once started."""

    row: GameRow
    seats: list[SeatRow]
    #: the match, once dealt (its game's face knows its own type)
    game: Match | None = None
    since: dict[str, int] = field(default_factory=dict)
    last_move: dict[str, tuple[int, str]] = field(default_factory=dict)
    #: when each seat's person last moved (epoch seconds): their next decision soon after edits their DM
    acted_at: dict[str, float] = field(default_factory=dict)
    #: the version of the game's last undo (0: none): an AI seat's thought from before it is thrown away
    last_undo: int = 0

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def in_play(self) -> bool:
        """Dealt, not over, running and not paused: a game whose seats may move (an AI seat's task looks at this)."""
        return self.game is not None and not self.game.is_over() and self.row.status == "active" and not self.row.paused

    @property
    def host_name(self) -> str:
        return next((s.display_name for s in self.seats if s.user_id == self.row.host_id), "the host")

    @property
    def lang(self) -> str:
        """The language of the game's public texts (channel, table image, results, log thread)."""
        return self.row.language

    @property
    def names(self) -> dict[str, str]:
        """Each seat's display name (a dealt seat without a stored row, in a game an old race damaged, by its id)."""
        names = {s.seat: s.shown for s in self.seats}
        if self.game is not None:
            names = {seat: names.get(seat, seat) for seat in self.game.seats} | names
        return names

    @property
    def drawn_names(self) -> dict[str, str]:
        """Each seat's name as the images draw it (``render.theme.drawable``: their font has no glyph for 🤖)."""
        return {seat: drawable(name) for seat, name in self.names.items()}

    def title(self, seat: SeatRow, lang: str | None = None) -> str:
        """A seat's name with an AI player's level, where there is room for it: "Vesper 🤖 (hard)"."""
        if not (seat.is_ai and seat.user_id is None):
            return seat.display_name
        lang = lang or self.lang
        return t("ai.with_level", lang, name=seat.shown, level=level_name(self.row.game, seat.ai_level, lang))

    def titles(self, lang: str | None = None) -> str:
        """Every seat by name, AI players with their level: the lobby's and ``/game status``'s list of seats."""
        return ", ".join(self.title(s, lang) for s in self.seats)

    def played_by(self) -> dict[str, str]:
        """Each seat's name with who played it, for the results: "alice (AI from turn 7)", "Vesper 🤖 (hard)"; the
        stretches the AI played are in the game's own noun (its ``turn.during`` and ``turn.since`` forms)."""
        out = {}
        game, lang = self.row.game, self.lang
        for s in self.seats:
            name = self.title(s)
            if s.away_turns:
                when = noun(game, "turn.during", lang, turns=s.away_turns)
                name += " " + t("away.ai_when", lang, when=when)
            if s.away:
                name += " " + t("away.ai_when", lang, when=noun(game, "turn.since", lang, turn=s.ai_since))
            out[s.seat] = name
        return out

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def by_seat(self, seat: str) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    def awaits(self, user_id: int, verbs: tuple[str, ...] = ()) -> bool:
        """Whether a decision of this user (with one of ``verbs``, if given) waits in this game."""
        seat = self.seat_of(user_id)
        if self.game is None or seat is None:
            return False
        actions = self.game.legal_actions(seat.seat)
        return bool(actions) and (not verbs or any(verb_of(a) in verbs for a in actions))

    def waiting_people(self) -> list[tuple[str, int, int]]:
        """(seat, user id, since) of every person with a decision waiting: the decisions that get a clock.

        AI seats have no deadline: they never keep anyone waiting.
        """
        if self.game is None or self.game.is_over():
            return []
        out = []
        for d in self.game.pending():
            row = self.by_seat(d.seat)
            if row.user_id is not None and not row.is_ai and d.seat in self.since:
                out.append((d.seat, row.user_id, self.since[d.seat]))
        return out

    def waiting_text(self, lang: str | None = None) -> str:
        """Who the game waits for, in ``lang`` (the game's language unless a reader's is given)."""
        lang = lang or self.lang
        if self.game is None:
            return ""
        if self.row.status == "abandoned":
            return t("status.abandoned", lang)
        if self.game.is_over():
            return t("status.over", lang)
        if self.row.paused is not None:
            return t(f"status.paused_{self.row.paused}", lang)
        who = sorted({self.names[d.seat] for d in self.game.pending()})
        return t("status.waiting", lang, who=", ".join(who))
