"""A game's face written on ``bot.face.BaseFace`` needs only what is its own: a tiny made-up game here (two players
add 1 or 2 in turn, whoever brings the total to 5 wins) has a face of a dozen members, and the host deals it, words
its moves and events, shows its status and prompt, replays it, ranks it and answers ``/hand``, ``/card``,
``/game cup`` and ``/game stats`` for it from the defaults."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Literal

import pytest
from PIL import Image

from bot.components.moves import move_view
from bot.errors import UserError
from bot.face import BaseFace, Face, NewOption, Prompt, Recent
from bot.replay.steps import build_steps
from bot.store import GameRow, SeatRow
from bot.store.rows import PlayerStats
from bot.table import Table
from bot.verbs import Verb
from bot.words.logline import LogLine
from bot.workers.images import Picture
from engine import i18n
from engine.protocol import Match, Traits

TARGET = 5


@pytest.fixture(autouse=True)
def tiny_words(tmp_path: Path) -> Iterator[None]:
    """The forms of its noun every game gives in its own catalogue (``bot.words.i18n.NOUN_FORMS``): the base face's
    summary and progress speak of its turns in them."""
    english: dict[str, i18n.Template] = {
        "tiny.span.this": "this turn",
        "tiny.span.until_end": "until the turn ends",
        "tiny.span.count": ("{n} turn", "{n} turns"),
        "tiny.turn.since": "from turn {turn}",
        "tiny.turn.during": "in turns {turns}",
        "tiny.turn.nth": "turn {turn}",
        "tiny.turn.title": "Turn {turn}",
    }
    i18n.register("tiny", tmp_path, english)
    yield
    i18n.unregister("tiny")


@dataclass(frozen=True)
class Add:
    seat: str
    n: int

    def __str__(self) -> str:
        return f"add {self.n}"


@dataclass(frozen=True)
class Turn:
    seat: str
    kind: str = "add"
    opened: int = 0


@dataclass
class Options:
    """The tiny game has no options."""


@dataclass
class TinyMatch:
    seats: list[str]
    total: int = 0
    turn: int = 1
    version: int = 0
    winner: str | None = None
    moves: list[str] = field(default_factory=list)

    def active(self) -> str:
        return self.seats[(self.turn - 1) % len(self.seats)]

    def pending(self) -> list[Turn]:
        return [] if self.is_over() else [Turn(self.active(), opened=self.version)]

    def legal_actions(self, seat: str) -> list[Add]:
        return [Add(seat, 1), Add(seat, 2)] if not self.is_over() and seat == self.active() else []

    def parse_action(self, seat: str, text: str) -> Add:
        verb, n = text.split()
        if verb != "add":
            raise ValueError(text)
        return Add(seat, int(n))

    def apply(self, action: Any) -> list[dict[str, Any]]:
        if action not in self.legal_actions(action.seat):
            raise ValueError(f"not now: {action}")
        self.total += action.n
        self.version += 1
        events: list[dict[str, Any]] = [
            {"type": "add", "seat": action.seat, "n": action.n, "total": self.total},
            {"type": "peek", "to": action.seat, "total": self.total},  # private: kept by nobody
        ]
        if self.total >= TARGET:
            self.winner = action.seat
            return [*events, {"type": "over", "winner": action.seat}]
        self.turn += 1
        return [*events, {"type": "turn", "turn": self.turn, "seat": self.active()}]

    def default_action(self, seat: str) -> Add | None:
        return Add(seat, 1) if self.legal_actions(seat) else None

    def public_view(self) -> dict[str, Any]:
        return {"total": self.total, "turn": self.turn}

    def private_view(self, seat: str) -> dict[str, Any]:
        return self.public_view()

    def to_json(self) -> str:
        return json.dumps({"seats": self.seats, "total": self.total, "turn": self.turn, "version": self.version})

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> list[tuple[str, int, Any]]:
        assert self.winner is not None
        return [(s, 1 if s == self.winner else 0, {}) for s in sorted(self.seats, key=lambda s: s != self.winner)]

    def secrets(self) -> dict[str, Any]:
        return {}

    def taken_back(self, earlier: str) -> TinyMatch:
        back = TinyRules().from_json(earlier)
        back.version = self.version + 1
        return back


class TinyRules:
    key = "tiny"
    name = "Tiny"
    seats = range(2, 3)
    score_wins: Literal["low", "high"] = "high"
    ai_levels = ("normal",)
    default_level = "normal"
    span_noun = "turn"
    turn_noun = "turn"
    traits = Traits(draws_cards=False, simultaneous=False, hands=False, min_score=0, max_score=1)
    Options = Options

    def new(self, seats: Sequence[str], seed: int = 0, options: Any = None) -> TinyMatch:
        return TinyMatch(list(seats))

    def from_json(self, text: str) -> TinyMatch:
        return TinyMatch(**json.loads(text))

    def make_player(self, level: str, seed: int = 0, budget: float | None = None) -> Any:
        raise NotImplementedError

    def ai_input(self, match: Match, seat: str) -> tuple[dict[str, Any], Sequence[Any]]:
        return match.public_view(), match.legal_actions(seat)


def draw_total(total: int, lang: str) -> bytes:
    """The tiny game's table image: a grey square."""
    out = io.BytesIO()
    Image.new("RGB", (8, 8), (total * 40, 0, 0)).save(out, "PNG")
    return out.getvalue()


class TinyFace(BaseFace):
    """Only the members a face must write: the rest are ``BaseFace``'s."""

    rules = TinyRules()
    new_options: Sequence[NewOption] = ()
    verbs: Sequence[Verb] = ()

    def cogs(self, host: Any) -> list[Any]:
        return []

    def label(self, match: Match, action: Any, names: Mapping[str, str], lang: str) -> str:
        return f"+{action.n}"

    def describe(self, event: dict[str, Any], lang: str) -> str:
        if event["type"] == "add":
            return f"{event['seat']} +{event['n']} = {event['total']}"
        return event["type"]

    def turn(self, match: Match) -> int:
        return int(match.public_view()["turn"])

    def status(self, table: Table, lang: str) -> str:
        assert table.game is not None
        return f"total {table.game.public_view()['total']}"

    def prompt(self, table: Table, seat: str, lang: str, recent: Recent | None = None) -> Prompt | None:
        assert table.game is not None
        actions = table.game.legal_actions(seat)
        if not actions:
            return None
        moves = [(str(a), self.label(table.game, a, table.names, lang), False) for a in actions]
        view = move_view(table.id, table.since.get(seat, 0), moves, "")
        return Prompt(self.status(table, lang), self.table_picture(table, lang), view, table.since.get(seat, 0))

    def table_picture(self, table: Table, lang: str | None = None) -> Picture:
        assert table.game is not None
        total = table.game.public_view()["total"]
        alt = self.status(table, lang or table.lang)
        return Picture("tiny", draw_total, (total, lang or table.lang), f"tiny-{table.id}.png", alt, alt)


FACE: Face = TinyFace()  # the host's type: a face of the defaults is a ``Face``


def table_of(match: Match | None) -> Table:
    row = GameRow(1, 10, 20, "tiny", 100, "active", "tiny", {}, 7, 0, {}, None)
    seats = [SeatRow(0, "s1", 100, "alice", False), SeatRow(1, "s2", 101, "bob", False)]
    return Table(row, seats, game=match)


def play(match: Match, moves: Sequence[str]) -> list[dict[str, Any]]:
    """The kept events of ``moves``, each by the seat to move."""
    kept: list[dict[str, Any]] = []
    for text in moves:
        seat = match.pending()[0].seat
        kept += FACE.log_events(match, match.apply(match.parse_action(seat, text)))
    return kept


def test_a_face_of_defaults_deals_and_reads_back_its_matches() -> None:
    options = FACE.options({"unknown": 1})  # a game without options keeps none
    assert options == {} and FACE.options_text(options, "en") == ""
    match = FACE.deal(["s1", "s2"], 7, options)
    assert FACE.key == "tiny" and match.seats == ["s1", "s2"]
    play(match, ["add 2"])
    assert FACE.load(match.to_json()).to_json() == match.to_json()


def test_its_moves_and_events_are_worded_and_only_the_public_ones_kept() -> None:
    match = FACE.deal(["s1", "s2"], 7, {})
    action = match.legal_actions("s1")[1]
    assert FACE.label(match, action, {"s1": "alice"}, "en") == "+2"
    assert FACE.move_names(match, action, {}) == [] and FACE.refusal(match, action, "en") == ""
    kept = play(match, ["add 2"])
    assert [e["type"] for e in kept] == ["add", "turn"]  # the event sent "to" one seat is nobody's log
    line = LogLine.event(kept[0], {"s1": "alice"}, FACE.describe)
    assert line.text("pl", FACE.describe) == "alice +2 = 2"
    assert FACE.span(match) == FACE.turn(match) == FACE.replay_mark(match) == 2
    assert FACE.split_by_turn(1, kept) == [(1, kept[:1]), (2, kept[1:])]


async def test_the_host_shows_its_status_prompt_and_table() -> None:
    match = FACE.deal(["s1", "s2"], 7, {})
    table = table_of(match)
    assert FACE.status(table, "en") == "total 0"
    assert FACE.status_facts(table, "en") == [] and FACE.progress(match, "en") == "turn 1"  # in the game's own word
    prompt = FACE.prompt(table, "s1", "en")
    assert prompt is not None
    assert [(b.action, b.item.label) for b in prompt.view.children] == [("add 1", "+1"), ("add 2", "+2")]  # type: ignore[attr-defined]
    assert FACE.prompt(table, "s2", "en") is None
    assert FACE.coach(match, "s1", table.names, "en") == [] and FACE.lesson("add", "en") == ""
    assert FACE.tutorial_options == {} and FACE.prime_images() is None
    file = await FACE.table_file(table, "en")
    assert file.filename == "tiny-1.png"
    assert FACE.results_picture(table, "en").name == "tiny-1.png"  # no results image of its own: the table


def test_a_replay_steps_turn_by_turn_with_each_turns_lines() -> None:
    start = FACE.deal(["s1", "s2"], 7, {}).to_json()
    actions = [(1, "s1", "add 2"), (2, "s2", "add 1"), (3, "s1", "add 2")]
    steps = build_steps(FACE, start, actions, ended=True)
    assert len(steps) == 3
    turns = [(1, play(FACE.load(start), ["add 2"])[:1])]
    assert FACE.replay_lines([], turns, {"s1": "alice"}, "en") == ["📜 **Turn 1**\nalice +2 = 2"]


async def test_the_results_the_game_over_dm_and_the_stats_come_from_the_ranking() -> None:
    match = FACE.deal(["s1", "s2"], 7, {})
    play(match, ["add 2", "add 1", "add 2"])
    table = table_of(match)
    rows = FACE.results(table, match)
    assert [(r.seat, r.user_id, r.place, r.score) for r in rows] == [("s1", 100, 1, 1), ("s2", 101, 2, 0)]
    assert FACE.results_text(table, "en") == "🏁 **The Tiny game is over.**\n1. **alice** — 1\n2. **bob** — 0"
    alice, bob = table.seats
    assert FACE.game_over_text(table, alice, "en") == "🏁 You won the Tiny game in **#tiny**!"
    assert (
        FACE.game_over_text(table, bob, "pl") == "🏁 Gra Tiny na kanale **#tiny** jest zakończona: wygrywa **alice**."
    )
    assert FACE.game_over_text(table, SeatRow(2, "s3", 102, "carol", False), "en") is None

    async def player_stats(guild: int, user: int, game: str, best: str = "low") -> PlayerStats:
        assert (game, best) == ("tiny", "high")
        return PlayerStats(4, 3, 3, 1) if user == 100 else PlayerStats(0, 0, 0, None)

    store: Any = SimpleNamespace(series=SimpleNamespace(player_stats=player_stats))
    text, shown = await FACE.stats_text(store, 10, 100, "alice", "en", mine=True)
    assert shown and text == "📊 **alice** — Tiny: 4 games, 3 wins (75%), best score 1."
    text, shown = await FACE.stats_text(store, 10, 101, "bob", "ru", mine=False)
    assert not shown and text == "**bob**: на этом сервере пока нет завершённых игр Tiny."


async def test_a_game_without_hands_cards_rules_help_or_series_refuses_privately() -> None:
    table = table_of(FACE.deal(["s1", "s2"], 7, {}))
    with pytest.raises(UserError) as hand:
        FACE.hand(table, "s1", "en")
    assert hand.value.text("en") == "Tiny has no hand to show."
    assert FACE.find_cards("anything") == [] and FACE.rules_topics == {}
    assert not FACE.series
    with pytest.raises(UserError) as cup:
        await FACE.series_text(SimpleNamespace(), 20)  # type: ignore[arg-type]
    assert cup.value.key == "err.no_series"
    assert await FACE.series_note(SimpleNamespace(), table.row, "en") == ""  # type: ignore[arg-type]


def test_a_face_must_write_its_own_words_turn_status_prompt_and_table() -> None:
    required = {"label", "describe", "turn", "status", "prompt", "table_picture"}
    assert BaseFace.__abstractmethods__ == required

    class Wordless(BaseFace):
        rules = TinyRules()

    with pytest.raises(TypeError):
        Wordless()  # type: ignore[abstract]
