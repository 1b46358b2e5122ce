"""The web table's pages as HTML: real positions of both games at several moments, in every language, from the
public view only (no private view is asked for; no card of a hand that is not public, no card-instance id), names
escaped, one ``<main>`` with the deadline as a ``<time>``; the replay's steps, the leaderboard, the log, the 404."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from bot.games import FACES
from bot.replay.steps import Replay, build_steps
from bot.store import GameRow, SeatRow
from bot.table import Table
from bot.web import pages
from bot.web.sections import plain
from bot.words.logline import LogLine
from engine.i18n import LANGUAGES
from render.fightdrome import texts as fd_texts
from render.leaderboard import Entry
from render.nightfall.cards import card_name as nf_card_name
from tests.kitgame import KIT_KEY, registered

EVIL = "<script>alert(1)</script>"
#: a page's own script or stylesheet: under static/, relative to the page (``pages.root_of``)
STATIC = re.compile(r"(?:\./|(?:\.\./)+)static/[a-z]+\.(?:js|css)\?v=[0-9a-f]+")
DEADLINE = datetime(2026, 12, 3, 9, 30, tzinfo=UTC)
#: each game: its seats' names (one of them a script, one an AI player) and its options
GAMES = {
    "nightfall": (["alice", EVIL, "Vesper", "dora"], {"secret_archives": True}),
    "fightdrome": ([EVIL, "Vesper"], {}),
}


@dataclass
class Snap:
    """A stand-in for ``bot.web.snapshot.Snapshot``: what the pages read of one game."""

    row: GameRow
    table: Table
    token: str
    version: int
    log: list[str] = field(default_factory=list)
    deadline: datetime | None = None
    deciding: list[str] = field(default_factory=list)


def table_of(key: str, match: Any, names: list[str], status: str = "active") -> Table:
    """A table as the bot holds one: the stored row, its seats (the one named "Vesper" an AI player's) and the match."""
    face = FACES[key]
    options = face.options(GAMES.get(key, ([], {}))[1])
    version = match.version if match is not None else 0
    row = GameRow(7, 10, 20, "games", 100, status, key, options, 3, version, {}, None)
    seats = [
        SeatRow(
            n,
            f"p{n + 1}",
            None if name == "Vesper" else 100 + n,
            name,
            name == "Vesper",
            "normal" if name == "Vesper" else None,
        )
        for n, name in enumerate(names)
    ]
    return Table(row, seats, game=match)


def snap_of(table: Table, log: list[str] | None = None) -> Snap:
    game = table.game
    deciding = [] if game is None or game.is_over() else sorted({table.names[d.seat] for d in game.pending()})
    version = game.version if game is not None else 0
    return Snap(table.row, table, "tok3n", version, log or [], DEADLINE if deciding else None, deciding)


def played(key: str, seed: int) -> Iterator[tuple[Any, list[tuple[int, str, str]], list[str]]]:
    """A seeded game of ``key`` played to its end by random legal moves: after each move the match, the moves so far
    (seq, seat, text) and the public log lines so far (English)."""
    face = FACES[key]
    names, options = GAMES[key]
    seats = [f"p{n + 1}" for n in range(len(names))]
    match = face.deal(seats, seed, face.options(options))
    rng = random.Random(seed)
    by_seat = dict(zip(seats, names, strict=True))
    moves: list[tuple[int, str, str]] = []
    log: list[str] = []
    while not match.is_over() and len(moves) < 2000:
        seat = rng.choice(match.pending()).seat
        action = rng.choice(match.legal_actions(seat))
        moves.append((len(moves) + 1, seat, str(action)))
        for e in face.log_events(match, match.apply(action)):
            log.append(LogLine.event(e, by_seat, face.describe).text("en", face.describe))
        yield match, moves, log


def moments(key: str, seed: int, count: int = 6) -> list[tuple[str, list[tuple[int, str, str]], list[str]]]:
    """``count`` moments spread over a whole game (the last one its end): the match's state, moves and log."""
    every = [(match.to_json(), list(moves), list(log)) for match, moves, log in played(key, seed)]
    picks = sorted({round(i * (len(every) - 1) / (count - 1)) for i in range(count)})
    return [every[i] for i in picks]


class Structure(HTMLParser):
    """What a page is made of: its tags, the attributes of each, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.script_text if self._in_script else self.text).append(data)

    def all(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for t, attrs in self.tags if t == tag]


def structure(html: str) -> Structure:
    parsed = Structure()
    parsed.feed(html)
    parsed.close()
    return parsed


def check_page(html: str, lang: str, *, times: int | None = None) -> Structure:
    """A page is one document in ``lang`` with one ``<main>``, no inline script, style or handler, its scripts and
    styles from static/ (relative to the page); ``times``: how many ``<time>`` elements it must hold (each with a UTC
    ``datetime``)."""
    assert html.startswith("<!doctype html>")
    page = structure(html)
    assert [a.get("lang") for a in page.all("html")] == [lang]
    assert len(page.all("main")) == 1 and html.count("<main") == 1
    assert len(page.all("title")) == 1 and len(page.all("h1")) == 1
    assert not "".join(page.script_text).strip(), "no inline script"
    for tag, attrs in page.tags:
        assert "style" not in attrs and tag != "style", "no inline style (the CSP forbids it)"
        assert not [a for a in attrs if a.startswith("on")], "no inline event handler"
    assert all(STATIC.fullmatch(str(a.get("src"))) for a in page.all("script"))
    assert all(STATIC.fullmatch(str(a.get("href"))) for a in page.all("link") if a.get("rel") == "stylesheet")
    assert [a.get("href") for a in page.all("link") if a.get("rel") == "icon"] == ["data:,"], "no icon to fetch"
    if times is not None:
        found = page.all("time")
        assert len(found) == times
        for attrs in found:
            assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", str(attrs.get("datetime")))
    return page


def card_values(view: Any) -> set[str]:
    """Every string anywhere in a view (card keys, faces, names: whatever it shows)."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str):
            out.add(x)

    walk(view)
    return out


def ids_of(view: Any) -> set[str]:
    """Every card-instance (and archive) id a view holds, at any depth."""
    out: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if isinstance(x.get("id"), str):
                out.add(x["id"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(view)
    return out


def private_card_names(key: str, match: Any, lang: str) -> set[str]:
    """The names, in ``lang``, of the cards some seat's private view shows (its hand, its secret archives) that the
    public view does not."""
    public = card_values(match.public_view())
    names = set()
    for seat in match.seats:
        private = match.private_view(seat)
        cards = {str(c["card"]) for c in private.get("hand") or []}
        if key == "nightfall":
            hidden = [a for s in private.get("seats") or [] for a in s.get("archives") or [] if a.get("card")]
            cards |= {str(a["card"]) for a in hidden}
        for card in cards - public:
            if card == "wound":
                continue
            names.add(nf_card_name(card, lang) if key == "nightfall" else fd_texts.card_name(card, lang))
    return names


def named_in(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_live_page_shows_only_the_public_table_at_every_moment(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    face = FACES[key]
    names = GAMES[key][0]
    loads = [(face.load(state), log) for state, _moves, log in moments(key, seed=11)]
    # what the pages may never show: each moment's private cards and every id of any view, public or private
    secrets = []
    for match, _log in loads:
        ids = ids_of(match.public_view()) | {i for seat in match.seats for i in ids_of(match.private_view(seat))}
        private = {lang: private_card_names(key, match, lang) for lang in LANGUAGES}
        secrets.append((ids, private))
    assert all(ids for ids, _ in secrets), "every moment has ids the page must not show"
    assert sum(bool(private["en"]) for _, private in secrets) >= 3, "most moments have private cards to keep off"

    def no_private_view(*_args: Any, **_kw: Any) -> Any:
        raise AssertionError("a page asked for a private view")

    monkeypatch.setattr(type(loads[0][0]), "private_view", no_private_view)
    seen_over = False
    for (match, log), (ids, private) in zip(loads, secrets, strict=True):
        table = table_of(key, match, names)
        for lang in LANGUAGES:
            plain_page = pages.game_page(snap_of(table), lang)
            deciding = not match.is_over()
            page = check_page(plain_page, lang, times=1 if deciding else 0)
            text = " ".join(page.text)
            assert EVIL not in plain_page and "&lt;script&gt;alert(1)&lt;/script&gt;" in plain_page
            assert EVIL in text, "the name is shown, as text"
            leaked = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", plain_page)]
            assert not leaked, f"card-instance ids on the page: {leaked[:5]}"
            shown = [n for n in private[lang] if named_in(text, n)]
            if key == "fightdrome":  # what may answer the top card is said in the card kinds' names
                requirement = " ".join(fd_texts.requirement_groups(list(match.public_view()["requirement"]), lang))
                shown = [n for n in shown if not named_in(requirement, n)]
            assert not shown, f"{key} {lang}: private cards on the page: {shown}"
            with_log = pages.game_page(snap_of(table, log[-25:]), lang)
            check_page(with_log, lang, times=1 if deciding else 0)
            assert all(plain(line) in structure(with_log).text for line in log[-25:])
        seen_over = seen_over or match.is_over()
    assert seen_over, "the last moment is the game's end"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_page_says_who_decides_by_when_each_player_and_what_lies_between(key: str, lang: str) -> None:
    state, _moves, _log = moments(key, seed=5)[2]
    match = FACES[key].load(state)
    table = table_of(key, match, GAMES[key][0])
    snap = snap_of(table)
    html = pages.game_page(snap, lang)
    page = check_page(html, lang, times=1)
    until = structure(html.split('<p class="until">', 1)[1].split("</p>", 1)[0])
    assert any(name in "".join(until.text) for name in snap.deciding), "who must decide, by the <time>"
    assert "3" in "".join(until.text), "the deadline in UTC, readable without the script"
    sections = page.all("section")
    assert len(sections) >= 2 + len(table.seats), "the state of play, a card per player, the log"
    players = [a for a in sections if "wide" not in str(a.get("class"))]
    assert len(players) == len(table.seats), "each player a card of the grid; everything else across the page"
    heads = [s.title for s in FACES[key].web_sections(table, lang)]
    assert any(table.names[seat.seat].split(" ")[0] in " ".join(heads) for seat in table.seats)
    fragment = pages.game_fragment(snap, lang)
    assert fragment.lstrip().startswith("<main") and fragment.rstrip().endswith("</main>")
    assert fragment in html, "the live fragment is the page's own <main>"
    assert f'data-version="{match.version}"' in fragment
    live = page.all("p")
    events = [a for a in live if a.get("id") == "live"]
    assert events and events[0].get("data-events") == f"../g/tok3n/events?lang={lang}"
    assert "hidden" in events[0], "the live state shows only once the script runs"


def test_the_words_of_a_page_are_its_language() -> None:
    state, _moves, _log = moments("nightfall", seed=5)[3]
    match = FACES["nightfall"].load(state)
    table = table_of("nightfall", match, GAMES["nightfall"][0])
    texts = {lang: " ".join(structure(pages.game_page(snap_of(table), lang)).text) for lang in LANGUAGES}
    assert "Recent moves" in texts["en"] and "Ostatnie ruchy" in texts["pl"] and "Последние ходы" in texts["ru"]
    assert "wound" in texts["en"] and "ran" in texts["pl"] and "ранени" in texts["ru"]
    assert "dec." in texts["en"].lower() or "Dec" in texts["en"]


def test_a_lobby_and_an_abandoned_game_say_so() -> None:
    lobby = table_of("nightfall", None, ["alice", EVIL])
    html = pages.game_page(snap_of(lobby), "en")
    check_page(html, "en", times=0)
    assert "The game has not started yet." in html and "&lt;script&gt;" in html
    state, _moves, _log = moments("fightdrome", seed=3)[1]
    gone = table_of("fightdrome", FACES["fightdrome"].load(state), GAMES["fightdrome"][0], status="abandoned")
    html = pages.game_page(Snap(gone.row, gone, "tok3n", 3), "pl")
    check_page(html, "pl", times=0)
    assert '<p class="notice">' in html


def test_a_game_without_its_own_sections_shows_its_table_words(monkeypatch: pytest.MonkeyPatch) -> None:
    with registered(monkeypatch):
        face = FACES[KIT_KEY]
        match = face.deal(["p1", "p2"], 3, face.options({}))
        table = table_of(KIT_KEY, match, ["alice", EVIL])
        sections = face.web_sections(table, "en")
        assert len(sections) == 1 and sections[0].wide and sections[0].items
        html = pages.game_page(snap_of(table), "en")
        check_page(html, "en", times=1)
        assert EVIL not in html


def replay_of(key: str, seed: int) -> tuple[Table, Replay]:
    face = FACES[key]
    names, options = GAMES[key]
    seats = [f"p{n + 1}" for n in range(len(names))]
    deal = face.deal(seats, seed, face.options(options)).to_json()
    *_, (match, moves, _log) = played(key, seed)
    steps = build_steps(face, deal, moves, ended=True)
    return table_of(key, match, names, status="over"), Replay(7, match.version, steps)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_replay_steps_through_public_tables_with_links_that_work_without_script(key: str) -> None:
    table, replay = replay_of(key, seed=9)
    steps = len(replay.steps)
    assert steps >= 3
    snap = snap_of(table)
    for number in sorted({1, 2, steps // 2, steps}):
        for lang in LANGUAGES:
            html = pages.replay_page(snap, replay, number, lang)
            page = check_page(html, lang, times=0)
            rels = {str(a.get("rel")): str(a.get("href")) for a in page.all("a") if a.get("rel")}
            if number > 1:
                assert rels["prev"] == f"../../g/tok3n/replay?step={number - 1}&lang={lang}"
            else:
                assert "prev" not in rels
            if number < steps:
                assert rels["next"] == f"../../g/tok3n/replay?step={number + 1}&lang={lang}"
            else:
                assert "next" not in rels
            assert [a.get("src", "").split("?")[0] for a in page.all("script")] == ["../../static/replay.js"]  # type: ignore[union-attr]
            assert EVIL not in html
            match = replay.steps[number - 1].match(FACES[key])
            ids = ids_of(match.public_view()) | {i for s in match.seats for i in ids_of(match.private_view(s))}
            assert not [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", html)]
    first, far = pages.replay_page(snap, replay, 1, "en"), pages.replay_page(snap, replay, 10_000, "en")
    assert f"Step 1 of {steps}" in first and f"Step {steps} of {steps}" in far, "a step out of range is the nearest"
    assert pages.replay_page(snap, replay, -3, "en") == first


def test_the_leaderboard_lists_its_players_as_text() -> None:
    board = [Entry(1, EVIL, 1620, 14, 9), Entry(2, "Ola", 1544, 11, 5), Entry(3, "Ваня", 1500, 10, 4)]
    html = pages.leaderboard_page("nightfall", "Night Owls", board, "ru")
    page = check_page(html, "ru")
    assert EVIL not in html and EVIL in page.text
    assert "Ваня" in page.text and "1620" in page.text
    assert len(page.all("tr")) == 1 + len(board)
    empty = pages.leaderboard_page("fightdrome", "", [], "en")
    check_page(empty, "en")
    assert "Nobody is ranked yet." in empty


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_page_says_so_in_its_language(lang: str) -> None:
    html = pages.not_found(lang)
    check_page(html, lang)
    assert {"en": "Not found", "pl": "Nie znaleziono", "ru": "Не найдено"}[lang] in html
    assert pages.not_found("de").startswith('<!doctype html>\n<html lang="en">'), "an unknown language is English"


def test_the_log_is_plain_text() -> None:
    state, _moves, log = moments("nightfall", seed=5)[2]
    table = table_of("nightfall", FACES["nightfall"].load(state), GAMES["nightfall"][0])
    text = pages.log_text(snap_of(table, ["**alice** claims <t:1700000000:R>"]), "en", [*log, "**bold**"])
    lines = text.split("\n")
    assert lines[0].startswith("Nightfall: alice, <script>alert(1)</script>")
    assert lines[2:-2] == log and lines[-2] == "bold" and text.endswith("\n")
    recent = pages.log_text(snap_of(table, ["**alice** claims <t:1700000000:R>"]), "en")
    assert "alice claims 2023-11-14 22:13 UTC" in recent


def test_the_static_files_are_small_and_served_only_by_name() -> None:
    for name in ("web.css", "live.js", "replay.js"):
        found = pages.static_file(name)
        assert found is not None and len(found[0]) < 6_000, f"{name}: a few KB at most"
    assert pages.static_file("web.css")[1].startswith("text/css")  # type: ignore[index]
    assert pages.static_file("live.js")[1].startswith("text/javascript")  # type: ignore[index]
    for name in ("../pages.py", "..", "nope.js", ".hidden.css", "templates/base.html"):
        assert pages.static_file(name) is None
    assert re.fullmatch(r"[0-9a-f]{10}", pages.asset_version())


def test_the_time_element_reads_in_utc_and_in_the_language() -> None:
    when = datetime(2026, 1, 5, 7, 4, tzinfo=UTC)
    assert str(pages.time_element(when, "en")) == '<time datetime="2026-01-05T07:04:00Z">Jan 5, 2026 07:04 UTC</time>'
    assert "sty 2026 07:04 UTC" in str(pages.time_element(when, "pl"))
    naive = datetime(2026, 1, 5, 7, 4)
    assert str(pages.time_element(naive, "en")) == str(pages.time_element(when, "en")), "a naive time is UTC"
    json.dumps(str(pages.time_element(when, "ru")))


#: where the web table is reached: at a host's root, and under a prefix the operator's proxy strips
PUBLIC = ("https://games.example.org", "https://example.org/nightfall")


def links(html: str) -> list[str]:
    """Every address a page leads to or loads: its links, scripts, stylesheets and its event stream."""
    found = []
    for _tag, attrs in structure(html).tags:
        for name in ("href", "src", "data-events"):
            value = attrs.get(name)
            if value is not None and not value.startswith("data:"):
                found.append(value)
    return found


def routes(html: str, path: str) -> set[str]:
    """The server's paths (query included) that a page served at ``path`` leads to, under each public address:
    each link resolved from the page as a browser does (``urljoin``), its prefix taken off as the proxy does; a link
    that leaves the table's address fails."""
    out: dict[str, set[str]] = {}
    for public in PUBLIC:
        prefix = urlsplit(public).path
        resolved = set()
        for link in links(html):
            url = urljoin(public + path, link)
            assert url.startswith(public + "/"), (public, path, link, url)
            rest = urlsplit(url)
            resolved.add(rest.path.removeprefix(prefix) + (f"?{rest.query}" if rest.query else ""))
        out[public] = resolved
    first, second = out.values()
    assert first == second, "the same page leads to the same routes under a prefix"
    return first


def without_query(paths: set[str]) -> set[str]:
    return {p.split("?")[0] for p in paths}


def test_every_link_of_a_page_leads_to_its_route_at_the_root_and_under_a_prefix() -> None:
    """The pages link relative to themselves, so ``NIGHTFALL_PUBLIC_URL`` may have a path (a proxy that strips it):
    every href, src and the live stream's address reach the right route either way."""
    table, replay = replay_of("nightfall", seed=9)
    snap = snap_of(table)
    token = snap.token
    game = routes(pages.game_page(snap, "pl"), f"/g/{token}")
    assert without_query(game) == {
        f"/g/{token}",  # the language switch
        f"/g/{token}/replay",
        f"/g/{token}/log.txt",
        f"/g/{token}/events",
        "/static/web.css",
        "/static/live.js",
    }
    assert f"/g/{token}/events?lang=pl" in game and f"/g/{token}?lang=ru" in game
    step = routes(pages.replay_page(snap, replay, 2, "en"), f"/g/{token}/replay?step=2")
    assert without_query(step) == {
        f"/g/{token}",
        f"/g/{token}/replay",
        f"/g/{token}/log.txt",
        "/static/web.css",
        "/static/replay.js",
    }
    assert {f"/g/{token}/replay?step=1&lang=en", f"/g/{token}/replay?step=3&lang=en"} <= step
    assert f"/g/{token}/replay?step=2&lang=pl" in step  # the language switch keeps the step
    top = routes(pages.leaderboard_page("nightfall", "Night Owls", [], "en"), "/s/s3rver/top/nightfall")
    assert without_query(top) == {"/s/s3rver/top/nightfall", "/static/web.css"}
    for path in ("/", "/nothing", f"/g/{token}/x/y/z", "/g/AAAAAAAAAAAAAAAAAAAAAA", "/g/a/"):
        missing = routes(pages.not_found("en", path), path)
        assert without_query(missing) == {path, "/static/web.css"}, path
    for asset in ("web.css", "live.js", "replay.js"):
        assert pages.static_file(asset) is not None
