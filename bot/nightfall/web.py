"""Nightfall's table on the web page (``Face.web_sections``): the state of play, each player as a card, the chain or
the combat, the commons.

Read from the public view only (with seats by name), and worded by the same helpers as the table image's words
(``render.nightfall.alt``), so the page and a screen reader say the same things. No card-instance id is ever
written: the view's ids only pair a blocker with its minion.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.nightfall.naming import named_view
from bot.table import Table
from bot.web.sections import Item, Section, plain
from bot.words.i18n import t
from engine import i18n
from engine.i18n import Template
from render.alt import Words, sentence
from render.nightfall import alt, texts
from render.nightfall.table import decision_text

View = dict[str, Any]

ENGLISH: dict[str, Template] = {
    "web.nf.chain": "Chain",
    "web.nf.chain_order": "From the first card played to the last; the last resolves first.",
    "web.nf.combat": "Combat",
    "web.nf.combat_attacks": "{name} attacks.",
    "web.nf.commons": "Commons",
    "web.nf.draft": "Draft",
    "web.nf.minions": "In play",
    "web.nf.archives": "Archives",
    "web.nf.turn_now": "their turn",
}

DOMAIN = i18n.register("nightfall_web", Path(__file__).parent / "locales", ENGLISH)


def web_sections(status: str, table: Table, lang: str) -> list[Section]:
    """The table as sections, under ``status`` (the face's status line)."""
    assert table.game is not None
    view = named_view(table.game.public_view(), table.names)
    alt.check_public(view)
    phase = str(view.get("phase") or "")
    out = [_now(status, view, lang)]
    if phase == "draft":
        out.append(_draft(view, lang))
    if view.get("chain") or phase == "chain":
        out.append(_chain(view, lang))
    if view.get("combat"):
        out.append(_combat(view, lang))
    out += [_player(seat, view, lang) for seat in view.get("seats") or []]
    if view.get("commons"):
        out.append(Section(t("web.nf.commons", lang), [Item(alt._common(a, lang)) for a in view["commons"]], True))
    return out


def _parts(fill: Any, *args: Any) -> list[Item]:
    """The parts one of the image words' helpers adds, each as an item."""
    words = Words()
    fill(words, *args)
    return [Item(text) for text, _need in words.parts]


def _now(status: str, view: View, lang: str) -> Section:
    items: list[Item] = []  # the status line, the section's title, says the turn and the phase
    if view.get("over"):
        result = view.get("result") or []
        won = texts.t("render.wins", lang, name=alt._name(result[0]["seat"], lang)) if result else ""
        items.append(Item(sentence(won or texts.t("render.game_over", lang)), tone="good"))
    else:
        deciding = decision_text(view, lang)
        if deciding:
            what = alt._name(deciding.replace(" · ", "; "), lang).rstrip(".")
            items.append(Item(alt._t("deciding", lang, what=what), tone="deciding"))
    items += _parts(alt._gauge, view, lang)
    return Section(plain(status), items, wide=True)


def _draft(view: View, lang: str) -> Section:
    return Section(t("web.nf.draft", lang), _parts(alt._draft, view, lang), wide=True)


def _chain(view: View, lang: str) -> Section:
    items = []
    for e in view.get("chain") or []:
        status = str(e.get("status") or "waiting")
        said = alt._t(f"status.{status}", lang) if texts.has(f"render.alt.status.{status}") else status
        text = alt._t("link", lang, name=alt._card_name(e, lang), by=alt._name(e.get("by"), lang), status=said)
        if e.get("kicker_active"):
            text += ", " + alt._t("kicker_applies", lang)
        items.append(Item(text, tone="active" if status == "resolving" else ""))
    if items:
        items.append(Item(t("web.nf.chain_order", lang), tone="muted"))
    else:
        items.append(Item(sentence(texts.t("render.chain.empty", lang), True), tone="muted"))
    return Section(t("web.nf.chain", lang), items, wide=True)


def _combat(view: View, lang: str) -> Section:
    names = alt._minion_names(view, lang)
    items = [Item(t("web.nf.combat_attacks", lang, name=alt._name(view.get("active"), lang)))]
    for a in view.get("combat") or []:
        att = a.get("attacker") or {}
        blockers = [names.get(b, "?") for b in a.get("blockers") or []]
        if blockers:
            blocks = texts.t("render.prompt.blocked_by", lang, names=", ".join(blockers))
        else:
            blocks = texts.t("render.prompt.not_blocked", lang)
        text = alt._t(
            "fight",
            lang,
            name=alt._card_name(att, lang),
            strength=att.get("strength", "?"),
            defender=alt._name(a.get("defender"), lang),
            blocks=blocks,
            state=alt._t("fight.done" if a.get("done") else "fight.to_fight", lang),
        )
        items.append(Item(text, tone="muted" if a.get("done") else ""))
    return Section(t("web.nf.combat", lang), items, wide=True)


def _player(seat: View, view: View, lang: str) -> Section:
    total, kinds = alt._wounds(int(seat.get("wounds", 0)), seat.get("wounds_by_type") or {}, lang)
    counts = alt._t("counts", lang, hand=seat.get("hand", 0), deck=seat.get("deck", 0), discard=seat.get("discard", 0))
    if (seat.get("active") or view.get("phase") == "claim") and seat.get("influence") is not None:
        counts += ", " + alt._t("influence", lang, n=seat.get("influence", 0))
    items = [Item(total, kinds, "bad" if seat.get("wounds") else ""), Item(counts)]
    minions = [alt._minion(m, lang) for m in seat.get("in_play") or []]
    if minions:
        items.append(Item(f"{t('web.nf.minions', lang)}: {'; '.join(minions)}"))
    archives = [
        f"{alt._card_name(a, lang)}, {alt._copies(int(a.get('count', 0)), lang)}" for a in seat.get("archives") or []
    ]
    if archives:
        items.append(Item(f"{t('web.nf.archives', lang)}: {'; '.join(archives)}", tone="muted"))
    title = alt._name(seat.get("seat"), lang)
    active = bool(seat.get("active")) and not view.get("over")
    if active:
        title += " · " + t("web.nf.turn_now", lang)
    return Section(title, items, tone="active" if active else "")
