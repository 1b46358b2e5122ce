"""Fightdrome's table on the web page (``Face.web_sections``): the state of play, the exchange on the fight line,
each fighter as a card (Fame, Sleeve, Stack, counts), the last round and what just happened.

Read from the public view only, and worded by the same helpers as the table image's words
(``render.fightdrome.alt``), so the page and a screen reader say the same things.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.table import Table
from bot.web.sections import Item, Section, plain
from bot.words.i18n import t
from engine import i18n
from engine.i18n import Template
from render.alt import Words, sentence
from render.fightdrome import alt, texts
from render.fightdrome.style import Namer, check_public
from render.fightdrome.table import decision_words, format_words

View = dict[str, Any]

ENGLISH: dict[str, Template] = {
    "web.fd.exchange": "The fight line",
    "web.fd.top": "on top",
    "web.fd.last": "Just now",
    "web.fd.turn_now": "to move",
}

DOMAIN = i18n.register("fightdrome_web", Path(__file__).parent / "locales", ENGLISH)


def _w(key: str, lang: str, **kw: object) -> str:
    return texts.word(key, lang, **kw)


def web_sections(status: str, table: Table, lang: str) -> list[Section]:
    """The table as sections, under ``status`` (the face's status line)."""
    assert table.game is not None
    view = table.game.public_view()
    check_public(view)
    lang = texts.lang_of(lang)
    name = alt._names(table.names, lang)
    out = [_now(status, view, lang, name), _exchange(view, lang, name)]
    out += [_fighter(view, str(seat), lang, name) for seat in list(view.get("seats") or [])[:2]]
    words = Words()
    alt._last(words, view, lang, name)
    if words.parts:
        out.append(Section(t("web.fd.last", lang), [Item(text) for text, _ in words.parts], wide=True))
    return out


def _now(status: str, view: View, lang: str, name: Namer) -> Section:
    items = [Item(sentence(format_words(view, lang), True))]  # the round is in the status line, the title
    if view.get("over"):
        items.append(Item(sentence(_w("wins_match", lang, name=name(str(view.get("winner"))))), tone="good"))
    else:
        who, what = decision_words(view, lang, name)
        if who:
            items.append(Item(_w("alt.deciding", lang, who=who, what=what), tone="deciding"))
    if view.get("opener"):
        items.append(Item(sentence(_w("opener", lang, name=name(str(view["opener"]))), True), tone="muted"))
    flags = [_w(k, lang) for k in ("breather", "last_breath") if (view.get("options") or {}).get(k)]
    if flags:
        items.append(Item(sentence(", ".join(flags), True), tone="muted"))
    return Section(plain(status), items, wide=True)


def _exchange(view: View, lang: str, name: Namer) -> Section:
    line = list(view.get("line") or [])
    items = []
    for n, c in enumerate(line):
        played = _w("alt.played_by", lang, card=texts.card_name(str(c["card"]), lang), name=name(str(c.get("seat"))))
        top = n == len(line) - 1
        items.append(Item(played, t("web.fd.top", lang) if top else "", "active" if top else ""))
    if not items:
        items.append(Item(sentence(_w("no_exchange", lang), True), tone="muted"))
    groups = texts.requirement_groups(list(view.get("requirement") or []), lang)
    if line and groups and not view.get("over"):
        items.append(Item(alt._spoken(_w("alt.answer", lang, groups="; ".join(groups)), lang), tone="muted"))
    return Section(t("web.fd.exchange", lang), items, wide=True)


def _fighter(view: View, seat: str, lang: str, name: Namer) -> Section:
    f: View = (view.get("fighters") or {}).get(seat) or {}
    fmt = (view.get("options") or {}).get("format")
    if fmt == "series":
        items = [Item(f"{_w('fame', lang)} {f.get('fame', 0)}", tone="good")]
    else:
        items = [Item(f"{_w('rounds_won', lang)}: {f.get('wins', 0)}", tone="good")]
    if f.get("sleeve"):
        items.append(Item(f"{_w('sleeve', lang)}: {texts.sleeve_name(str(f['sleeve']), lang)}"))
    else:
        items.append(Item(_w("chosen" if seat in (view.get("picked") or []) else "choosing", lang), tone="muted"))
    items.append(Item(f"{_w('stack', lang)}: {texts.stack_name(str(f.get('stack', '')), lang)}"))
    items.append(Item(", ".join(f"{_w(k, lang)} {f.get(k, 0)}" for k in ("hand", "deck", "discard", "stun"))))
    if not view.get("over"):
        items.append(Item(_w("rest_yes" if f.get("can_rest") else "rest_no", lang), tone="muted"))
    if fmt == "tournament":
        team = ", ".join(texts.sleeve_name(s, lang) for s in f.get("team") or [])
        items.append(Item(f"{_w('team', lang)}: {team or _w('none', lang)}"))
        lost = [texts.sleeve_name(s, lang) for s in f.get("lost") or []]
        if lost:
            items.append(Item(_w("alt.lost", lang, names=", ".join(lost)), tone="bad"))
    moving = view.get("turn") == seat and not view.get("over")
    title = name(seat) + (" · " + t("web.fd.turn_now", lang) if moving else "")
    return Section(title, items, tone="active" if moving else "")
