"""The web table's pages: a game's live table, its replay, a server's leaderboard, the log as text, the 404.

Server-rendered HTML from Jinja2 templates (``bot/web/templates``) with autoescape on, so every name and text is
plain text whatever it holds; readable without JavaScript. Two small scripts (``bot/web/static``) only add to it:
``live.js`` swaps in the ``<main>`` fragment a game's event stream sends and shows deadlines in the reader's time
zone, ``replay.js`` steps the replay with the arrow keys. No inline script or style (the server's CSP forbids them).

What a table shows comes from its game's face (``Face.web_sections``, from the public view only); the page adds the
deadline, the recent public log lines and its frame. Nothing here reads a private view.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import quote

from babel import Locale
from babel.dates import format_date, format_time
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from bot.games import FACES
from bot.ratings.leaderboard import labels
from bot.replay.steps import Replay
from bot.store import GameRow
from bot.table import Table
from bot.web import words as _words  # noqa: F401  (registers the pages' words)
from bot.web.sections import TONES, Item, Section, plain
from bot.words.i18n import t
from engine.i18n import LANGUAGES
from render.leaderboard import Entry

TEMPLATES = Path(__file__).parent / "templates"
#: the files ``/static/<name>`` serves, with their content types
STATIC_DIR = Path(__file__).parent / "static"
STATIC_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}

ENV = Environment(
    loader=FileSystemLoader(TEMPLATES),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
)

#: a stand-in for the deadline in a sentence, replaced by its ``<time>`` element once the sentence is escaped
_TIME_MARK = "\ue000"


class GameSnapshot(Protocol):
    """What a page needs of one game at its stored version (``bot.web.snapshot.Snapshot`` is one)."""

    @property
    def row(self) -> GameRow: ...

    @property
    def table(self) -> Table: ...

    @property
    def token(self) -> str: ...

    @property
    def version(self) -> int: ...

    @property
    def log(self) -> Sequence[str]:
        """The recent public log lines, oldest first, in the language asked."""
        ...

    @property
    def deadline(self) -> datetime | None:
        """When the earliest waiting decision's clock runs out (UTC); None without a deadline."""
        ...

    @property
    def deciding(self) -> Sequence[str]:
        """The names of the seats that must decide now."""
        ...


def root_of(path: str) -> str:
    """The way from a page at ``path`` (as this server sees it) up to the web table's root, relative to the page:
    ``../`` from ``/g/<token>``. Every link of a page starts with it, so the same page works wherever the table is
    served: at ``/``, or under a prefix that the operator's proxy strips (``https://example.org/games/g/<token>``
    reaches this server as ``/g/<token>``, and ``../static/…`` reaches it as ``/static/…``)."""
    depth = path.count("/") - 1
    return "../" * depth if depth > 0 else "./"


#: the way up to the root from a game's page (``/g/<token>``), its replay (``/g/<token>/replay``) and a leaderboard
#: (``/s/<token>/top/<game>``)
GAME_ROOT = root_of("/g/token")
REPLAY_ROOT = root_of("/g/token/replay")
TOP_ROOT = root_of("/s/token/top/game")


@dataclass(frozen=True)
class Links:
    """Where a game's pages link to, relative to the page they are on (``root``: ``root_of`` that page)."""

    page: str
    replay: str
    log: str
    events: str

    @classmethod
    def of(cls, token: str, root: str) -> Links:
        base = f"{root}g/{quote(token, safe='')}"
        return cls(base, f"{base}/replay", f"{base}/log.txt", f"{base}/events")


@cache
def asset_version() -> str:
    """A short digest of the static files: their URLs carry it, so a long cache never serves an old script."""
    digest = hashlib.sha256()
    for path in sorted(STATIC_DIR.iterdir()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:10]


def static_file(name: str) -> tuple[bytes, str] | None:
    """``/static/<name>``: the file's bytes and content type, or None for a name that is not one of ours."""
    path = STATIC_DIR / name
    kind = STATIC_TYPES.get(path.suffix)
    if kind is None or "/" in name or "\\" in name or name.startswith(".") or not path.is_file():
        return None
    return path.read_bytes(), kind


def _lang(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def _languages(lang: str, query: str = "") -> list[dict[str, Any]]:
    """The language switch: each language by its own name, linking to this page in it."""
    out = []
    for code in LANGUAGES:
        name = Locale.parse(code).get_display_name(code) or code
        href = f"?{query}&lang={code}" if query else f"?lang={code}"
        out.append({"code": code, "name": name[:1].upper() + name[1:], "href": href, "current": code == lang})
    return out


def _frame(lang: str, title: str, root: str, query: str = "") -> dict[str, Any]:
    """What every page's frame (``base.html``) takes; ``root``: the way up from the page to the table's root."""
    return {
        "lang": lang,
        "root": root,
        "title": title,
        "v": asset_version(),
        "languages": _languages(lang, query),
        "language_label": t("web.page.language", lang),
    }


def time_element(when: datetime, lang: str) -> Markup:
    """A moment as ``<time>``: its ISO date in UTC for the script (which shows it in the reader's zone), and the UTC
    date in ``lang`` for a reader without the script."""
    when = when.astimezone(UTC) if when.tzinfo else when.replace(tzinfo=UTC)
    iso = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    shown = f"{format_date(when, 'medium', locale=lang)} {format_time(when, 'HH:mm', tzinfo=UTC, locale=lang)} UTC"
    return Markup('<time datetime="{}">{}</time>').format(iso, shown)


def _until(snap: GameSnapshot, lang: str) -> Markup | None:
    """Who must decide by when, the deadline as a ``<time>``; None without a deadline or anyone to decide."""
    if snap.deadline is None or not snap.deciding:
        return None
    text = t("web.page.until", lang, names=", ".join(snap.deciding), time=_TIME_MARK)
    before, _, after = text.partition(_TIME_MARK)
    return escape(before) + time_element(snap.deadline, lang) + escape(after)


def _sections(sections: Sequence[Section]) -> list[Section]:
    """The sections with every tone one of ``TONES`` (the template makes a class of it)."""

    def toned(tone: str) -> str:
        return tone if tone in TONES else ""

    return [
        Section(s.title, [Item(i.text, i.note, toned(i.tone)) for i in s.items], s.wide, toned(s.tone))
        for s in sections
    ]


def _notice(table: Table, lang: str) -> str:
    """A line above the table when it does not play on: not started, abandoned, paused."""
    if table.game is None:
        return t("web.page.lobby", lang)
    if table.row.status == "abandoned" or table.row.paused is not None:
        return plain(table.waiting_text(lang))
    return ""


def _table_sections(table: Table, lang: str) -> list[Section]:
    if table.game is None:
        return []
    return _sections(FACES[table.row.game].web_sections(table, lang))


def _players(table: Table) -> str:
    return ", ".join(table.names.values()) if table.names else ", ".join(s.shown for s in table.seats)


def game_fragment(snap: GameSnapshot, lang: str) -> str:
    """The ``<main>`` of a game's page at the snapshot's version: what its live script swaps in."""
    lang = _lang(lang)
    log = [plain(line) for line in snap.log if plain(line)]
    return ENV.get_template("fragment.html").render(
        version=snap.version,
        notice=_notice(snap.table, lang),
        until=_until(snap, lang),
        sections=_table_sections(snap.table, lang),
        log_title=t("web.page.log", lang),
        log=log or [t("log.none", lang)],
        version_text=t("web.page.version", lang, version=snap.version),
    )


def game_page(snap: GameSnapshot, lang: str, links: Links | None = None) -> str:
    """A game's live table as a whole page, in ``lang``."""
    lang = _lang(lang)
    links = links or Links.of(snap.token, GAME_ROOT)
    game = FACES[snap.row.game].rules.name
    players = _players(snap.table)
    events = f"{links.events}?lang={lang}"
    return ENV.get_template("game.html").render(
        **_frame(lang, t("web.page.title", lang, game=game, players=players), GAME_ROOT),
        heading=game,
        players=t("web.page.players", lang, players=players),
        fragment=Markup(game_fragment(snap, lang)),
        links=links,
        events=events,
        live=t("web.page.live", lang),
        reconnecting=t("web.page.reconnecting", lang),
        replay=t("web.page.replay", lang),
        log_text=t("web.page.log_text", lang),
        public=t("web.page.public", lang),
    )


def replay_page(snap: GameSnapshot, replay: Replay, step: int, lang: str, links: Links | None = None) -> str:
    """Step ``step`` (from 1; one out of range is the nearest) of a game's replay: the public table then, what
    happened in the step, and links to the steps before and after (``rel="prev"``/``"next"``: the arrow keys follow
    them)."""
    lang = _lang(lang)
    links = links or Links.of(snap.token, REPLAY_ROOT)
    face = FACES[snap.row.game]
    steps = len(replay.steps)
    number = min(max(step, 1), steps) if steps else 0
    sections: list[Section] = []
    happened: list[str] = []
    if number:
        at = replay.steps[number - 1]
        table = Table(snap.table.row, snap.table.seats, game=at.match(face))
        sections = _table_sections(table, lang)
        summaries = face.replay_lines(at.stretch(), at.turns(), snap.table.names, lang)
        happened = [plain(line) for text in summaries for line in text.split("\n") if plain(line)]
        if at.live and table.game is not None:
            happened.append(plain(t("replay.live", lang, progress=face.progress(table.game, lang))))
    game = face.rules.name

    def href(n: int) -> str:
        return f"{links.replay}?step={n}&lang={lang}"

    return ENV.get_template("replay.html").render(
        **_frame(lang, t("web.replay.title", lang, game=game), REPLAY_ROOT, f"step={number}"),
        heading=t("web.replay.title", lang, game=game),
        players=t("web.page.players", lang, players=_players(snap.table)),
        step=number,
        step_text=t("web.replay.step", lang, step=number, steps=steps),
        previous=href(number - 1) if number > 1 else "",
        next=href(number + 1) if number < steps else "",
        previous_text=t("web.replay.previous", lang),
        next_text=t("web.replay.next", lang),
        keys=t("web.replay.keys", lang),
        sections=sections,
        happened_title=t("web.replay.happened", lang),
        happened=happened or [t("log.none", lang)],
        links=links,
        live_table=t("web.replay.live_table", lang),
        log_text=t("web.page.log_text", lang),
        public=t("web.page.public", lang),
    )


def leaderboard_page(game: str, server: str, entries: Sequence[Entry], lang: str, page: int = 1, pages: int = 1) -> str:
    """A server's leaderboard of ``game`` (its key): ``entries`` as ``bot.ratings.leaderboard.entries`` makes them
    (already named), with the words of ``/game top``'s image. ``server`` is the server's name ("" if unknown)."""
    lang = _lang(lang)
    words = labels(game, server, page, max(pages, 1), lang)
    subtitle = words.subtitle if server else words.subtitle.lstrip(" ·")
    return ENV.get_template("leaderboard.html").render(
        **_frame(lang, words.title, TOP_ROOT),
        words=words,
        subtitle=subtitle,
        entries=list(entries),
        public=t("web.page.public", lang),
    )


def log_text(snap: GameSnapshot, lang: str, lines: Sequence[str] | None = None) -> str:
    """A game's public log as plain text (``lines``, each already worded in ``lang``; the snapshot's recent lines
    when none are given), under a line saying whose it is."""
    lang = _lang(lang)
    game = FACES[snap.row.game].rules.name
    head = t("web.log.head", lang, game=game, players=_players(snap.table))
    body = [plain(line) for line in (snap.log if lines is None else lines)] or [t("log.none", lang)]
    return "\n".join([head, "", *body, ""])


def not_found(lang: str, path: str = "/") -> str:
    """The page of a link that leads nowhere: an unknown token, or a server that turned its web table off. ``path``:
    the one asked for (its stylesheet is linked from there)."""
    lang = _lang(lang)
    title = t("web.missing.title", lang)
    return ENV.get_template("not_found.html").render(
        **_frame(lang, title, root_of(path)), text=t("web.missing.text", lang)
    )
