"""Nightfall's images in words, for players who cannot see them: read from the same view each image is
drawn from (the public view for the table and the results, the seat's private view for its hand, draft
and prompt), in the image's language.

Each function returns a :class:`render.alt.Words`; ``words.fit(ALT_LIMIT)`` is the attachment's
description and ``words.fit(TEXT_LIMIT)`` the text sent instead of the image. On a crowded table the
commons go first (but in the claim phase, where they are what one claims), then the archives and minions; the
phase, who decides and the wounds stay.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from engine.nightfall import card_texts
from engine.nightfall.cards import card, card_set

from ..alt import HIGH, LOW, MID, MUST, Words, sentence, spoken_name
from . import texts
from .cards import card_name, wound_name
from .hand import _destination, _pick_words, ask_words, kicks, playable_ids
from .results import tie_note
from .table import check_public, decision_text

View = dict[str, Any]

WOUND_TYPES = ("bite", "burn", "bleed")
#: a card's rules text is said with the card in a hand, packet or prompt when it is this short
RULES_TEXT_MAX = 160


def _t(key: str, lang: str, **kw: Any) -> str:
    return texts.t(f"render.alt.{key}", lang, **kw)


def _name(name: Any, lang: str) -> str:
    return spoken_name(str(name or "?"), _t("ai", lang))


def _colour(colour: Any, lang: str) -> str:
    return texts.colour_name(str(colour), lang) if colour else texts.t("render.none", lang)


def _links(links: Any, lang: str) -> str:
    return ", ".join(_colour(c, lang) for c in links or []) or texts.t("render.none", lang)


def _card_name(c: View, lang: str) -> str:
    """A card's name in ``lang`` from its view ("Wound (bite)" for a wound, a secret archive as such)."""
    key = c.get("card") or c.get("key")
    if key == "wound":
        return f"{card_texts.wound_word(lang)} ({wound_name(str(c.get('wound_type') or 'bite'), lang)})"
    if key:
        return card_name(str(key), lang)
    return str(c.get("name") or texts.t("render.secret_archive", lang))


def _wounds(count: int, by_type: View, lang: str) -> tuple[str, str]:
    """ "5 wounds" and "2 bites, 1 burn, 2 bleeds"."""
    total = texts.n("render.alt.wounds", count, lang, n=count)
    kinds = ", ".join(f"{by_type.get(t, 0)} {texts.type_word(t, int(by_type.get(t, 0)), lang)}" for t in WOUND_TYPES)
    return total, kinds


def _copies(n: int, lang: str) -> str:
    return texts.n("render.alt.copies", n, lang, n=n) if n else texts.t("render.archive.empty", lang)


# ---------------------------------------------------------------- the table


def table_words(view: View, lang: str = "en") -> Words:
    """The public table: phase and turn, who decides what, the wound stack, each player, the chain or the
    fight, the archives and minions, the commons."""
    check_public(view)
    words = Words()
    phase = view.get("phase") or ""
    words.add(_t("table", lang, turn=view.get("turn", 1)), MUST)
    words.add(_t("phase", lang, phase=texts.phase(phase, lang).lower()), MUST)
    opts = view.get("options") or {}
    about = [texts.variant(opts.get("draft", "standard"), lang)]
    if opts.get("secret_archives"):
        about.append(texts.t("render.secret_archives", lang))
    if view.get("over"):
        result = view.get("result") or []
        over = texts.t("render.wins", lang, name=_name(result[0]["seat"], lang)) if result else ""
        words.add((over or texts.t("render.game_over", lang)) + ".", MUST)
    elif phase == "draft":
        dr = view.get("draft") or {}
        words.add(_t("draft", lang, round=dr.get("round", 1), rounds=dr.get("rounds", "?")), MUST)
    else:
        words.add(_t("turn_of", lang, name=_name(view.get("active"), lang)), MUST)
    deciding = decision_text(view, lang) if not view.get("over") else ""
    if deciding:
        words.add(_t("deciding", lang, what=_name(deciding.replace(" · ", "; "), lang).rstrip(".")), MUST)
    _gauge(words, view, lang)
    for seat in view.get("seats") or []:
        words.add(_seat(seat, lang, seat.get("active") or phase == "claim"), HIGH)
    if phase == "draft":
        _draft(words, view, lang)
    _chain(words, view, lang, HIGH if phase == "chain" else MID)
    _combat(words, view, lang, HIGH if phase == "combat" else MID)
    for seat in view.get("seats") or []:
        _minions(words, seat, lang)
    for seat in view.get("seats") or []:
        _archives(words, seat, lang)
    # each common a part of its own, so a crowded table keeps as many as fit (the first one says what they are)
    for n, a in enumerate(view.get("commons") or []):
        said = _common(a, lang)
        words.add(_t("commons", lang, list=said) if n == 0 else sentence(said), HIGH if phase == "claim" else LOW)
    words.add(sentence(", ".join(about), True), LOW)
    return words


def _gauge(words: Words, view: View, lang: str) -> None:
    ws = view.get("wound_stack") or {}
    up = int(ws.get("face_up", 0))
    if up <= 0 and not view.get("draft"):
        words.add(_t("nightfall", lang), MUST)
    else:
        down = int(ws.get("face_down", 0))
        words.add(_t("gauge", lang, left=up, start=ws.get("face_up_start", up), down=down), MUST)
    if ws.get("top"):
        words.add(_t("next", lang, type=wound_name(str(ws["top"]), lang)), MID)


def _seat(seat: View, lang: str, influence: bool) -> str:
    total, kinds = _wounds(int(seat.get("wounds", 0)), seat.get("wounds_by_type") or {}, lang)
    counts = _t("counts", lang, hand=seat.get("hand", 0), deck=seat.get("deck", 0), discard=seat.get("discard", 0))
    if influence and seat.get("influence") is not None:
        counts += ", " + _t("influence", lang, n=seat.get("influence", 0))
    return _t("seat", lang, name=_name(seat.get("seat"), lang), wounds=total, types=kinds, counts=counts)


def _archives(words: Words, seat: View, lang: str) -> None:
    shown = [f"{_card_name(a, lang)}, {_copies(int(a.get('count', 0)), lang)}" for a in seat.get("archives") or []]
    if shown:
        words.add(_t("archives", lang, name=_name(seat.get("seat"), lang), list="; ".join(shown)), MID)


def _minion(m: View, lang: str) -> str:
    text = _t(
        "minion",
        lang,
        name=_card_name(m, lang),
        strength=m.get("strength", "?"),
        left=m.get("health_left", m.get("health", "?")),
        health=m.get("health", "?"),
    )
    marks = [("stays_in_play", "stays"), ("blocks_damage", "blocks"), ("unblockable", "unblockable")]
    return ", ".join([text, *(texts.t(f"render.legend.{w}", lang) for k, w in marks if m.get(k))])


def _minions(words: Words, seat: View, lang: str) -> None:
    shown = [_minion(m, lang) for m in seat.get("in_play") or []]
    if shown:
        words.add(_t("minions", lang, name=_name(seat.get("seat"), lang), list="; ".join(shown)), MID)


def _kicker(c: View, lang: str) -> list[str]:
    kicker = c.get("kicker")
    if isinstance(kicker, dict):
        kicker = kicker.get("colour")
    return [_t("kicker", lang, colour=_colour(kicker, lang))] if kicker else []


def _common(a: View, lang: str) -> str:
    if not a.get("card"):
        return f"{_card_name(a, lang)}, {_copies(int(a.get('count', 0)), lang)}"
    text = _t(
        "common",
        lang,
        name=_card_name(a, lang),
        colour=_colour(a.get("colour"), lang),
        links=_links(a.get("links"), lang),
        cost=a.get("cost", "?"),
        copies=_copies(int(a.get("count", 0)), lang),
    )
    return ", ".join([text, *_kicker(a, lang)])


def _draft(words: Words, view: View, lang: str) -> None:
    dr = view.get("draft") or {}
    plan = dr.get("plan") or []
    rnd = int(dr.get("round", 1))
    goes = plan[rnd - 1] if 0 < rnd <= len(plan) else dr.get("leftover")
    key = f"render.draft.goes.{goes}"
    if texts.has(key):
        words.add(sentence(texts.t(key, lang), True), HIGH)
    picking = [_name(s, lang) for s in dr.get("waiting") or []]
    if picking:
        words.add(sentence(f"{texts.t('render.draft.picking', lang)}: {', '.join(picking)}", True), HIGH)
    names = [card_name(str(k), lang) for k in dr.get("commons") or []]
    if names:
        words.add(sentence(texts.t("render.draft.commons_so_far", lang, names=", ".join(names)), True), MID)


def _chain(words: Words, view: View, lang: str, need: int) -> None:
    links = []
    for e in view.get("chain") or []:
        status = str(e.get("status") or "waiting")
        said = _t(f"status.{status}", lang) if texts.has(f"render.alt.status.{status}") else status
        text = _t("link", lang, name=_card_name(e, lang), by=_name(e.get("by"), lang), status=said)
        if e.get("kicker_active"):
            text += ", " + _t("kicker_applies", lang)
        links.append(text)
    if links:
        words.add(_t("chain", lang, list="; ".join(links)), need)
    elif view.get("phase") == "chain":
        words.add(sentence(texts.t("render.chain.empty", lang), True), need)


def _minion_names(view: View, lang: str) -> dict[str, str]:
    return {m["id"]: _card_name(m, lang) for s in view.get("seats") or [] for m in s.get("in_play") or [] if "id" in m}


def _combat(words: Words, view: View, lang: str, need: int) -> None:
    names = _minion_names(view, lang)
    fights = []
    for a in view.get("combat") or []:
        att = a.get("attacker") or {}
        blockers = [names.get(b, b) for b in a.get("blockers") or []]
        if blockers:
            blocks = texts.t("render.prompt.blocked_by", lang, names=", ".join(blockers))
        else:
            blocks = texts.t("render.prompt.not_blocked", lang)
        state = _t("fight.done" if a.get("done") else "fight.to_fight", lang)
        fights.append(
            _t(
                "fight",
                lang,
                name=_card_name(att, lang),
                strength=att.get("strength", "?"),
                defender=_name(a.get("defender"), lang),
                blocks=blocks,
                state=state,
            )
        )
    if fights:
        words.add(_t("combat", lang, name=_name(view.get("active"), lang), list="; ".join(fights)), need)


# ---------------------------------------------------------------- a seat's own images


def _card(c: View, lang: str, text: bool = False) -> str:
    """A card of a hand or packet with what matters to decide: colour, links, cost, strength and health."""
    key = c.get("card") or c.get("key")
    if key == "wound":
        return _t("wound_card", lang, name=_card_name(c, lang))
    kind = texts.kind(str(c.get("type") or "card"), lang)
    said = _t(
        "card",
        lang,
        name=_card_name(c, lang),
        kind=kind,
        colour=_colour(c.get("colour"), lang),
        links=_links(c.get("links"), lang),
        cost=c.get("cost", "?"),
    )
    parts = [said, *_kicker(c, lang)]
    if c.get("strength") is not None:
        parts.append(_t("stats", lang, strength=c.get("strength"), health=c.get("health", "?")))
    if text and key in card_set().cards:
        parts.extend(v.rstrip(".") for v in card(str(key)).text_in(lang).values() if v and len(v) <= RULES_TEXT_MAX)
    return ", ".join(parts)


def _rules_text(c: View, lang: str) -> str:
    """A card's short rules texts, each after its label ("Chain: …"); "" for a wound or a long text."""
    key = c.get("card") or c.get("key")
    if key not in card_set().cards:
        return ""
    texts_ = card(str(key)).text_in(lang)
    return " ".join(
        sentence(f"{card_texts.label(f, lang)} {t}") for f, t in texts_.items() if t and len(t) <= RULES_TEXT_MAX
    )


def hand_words(view: View, lang: str = "en") -> Words:
    """A seat's hand: what it must decide, then each card and whether it can start or link the chain now."""
    words = Words()
    hand = view.get("hand") or []
    you = _name(view.get("you"), lang)
    words.add(texts.n("render.alt.hand", len(hand), lang, you=you, n=len(hand)), MUST)
    words.add(_hint(view, lang), MUST)
    playable = playable_ids(view)
    choosing = any(a.get("verb") == "chain" for d in view.get("decisions") or [] for a in d.get("actions") or [])
    for c in hand:
        said = _card(c, lang)
        if c.get("id") in playable:
            start = "start" if not view.get("chain") else "link"
            said += ", " + _t(f"can_{start}" + ("_kicker" if kicks(view, c) else ""), lang)
        elif choosing and c.get("card") != "wound":
            said += ", " + _t("cannot_link", lang)
        words.add(said + ".", HIGH)
        words.add(_rules_text(c, lang), LOW)  # a crowded hand keeps every card, if not every card's text
    if not hand:
        words.add(sentence(texts.t("render.hand.empty", lang), True), HIGH)
    return words


def _hint(view: View, lang: str) -> str:
    decisions = view.get("decisions") or []
    if decisions:
        dec = decisions[0]
        end = (dec.get("facts") or {}).get("chain_end")
        if end:
            onto = texts.t("render.hand.link_onto", lang, name=_card_name(end, lang))
            return f"{onto} {_links(end.get('links'), lang)}."
        return _t("question", lang, what=ask_words(dec, lang).rstrip("."))
    pending = view.get("pending") or []
    if pending:
        who = ", ".join(sorted({_name(p["seat"], lang) for p in pending}))
        return sentence(texts.t("render.hand.waiting_for", lang, names=who), True)
    return ""


def draft_words(view: View, lang: str = "en") -> Words:
    """A seat's draft packet: the round, where this round's pick goes, the cards to pick from, the picks so far."""
    draft = view.get("draft") or {}
    words = Words()
    you = _name(view.get("you"), lang)
    words.add(_t("draft_header", lang, you=you, round=draft.get("round", 1), rounds=draft.get("rounds", "?")), MUST)
    chosen = draft.get("chosen")
    if chosen:
        words.add(sentence(texts.t("render.draft.picked", lang, card=card_name(str(chosen), lang)), True), MUST)
    else:
        dest = draft.get("destination") or _destination(view)
        key = f"render.draft.pick.{dest}"
        words.add(sentence(texts.t(key if texts.has(key) else "render.draft.pick", lang), True), MUST)
    cards = [_card(c, lang, text=True) for c in draft.get("packet") or []]
    if cards:
        words.add(_t("packet", lang, list="; ".join(cards)), HIGH)
    picks = ", ".join(_pick_words(p, lang) for p in draft.get("picks") or [])
    if picks:
        words.add(sentence(texts.t("render.draft.your_picks", lang, picks=picks), True), MID)
    return words


def prompt_words(view: View, lang: str = "en") -> Words:
    """A decision's image: the question, the card resolving, and what each choice names (a card with its
    strength and health and whose it is, an archive with its cost and copies left, a player with their
    wounds); the choices themselves are the message's buttons."""
    decisions = view.get("decisions") or []
    if not decisions:
        raise ValueError("the prompt's words need a view with a decision to make")
    dec = decisions[0]
    words = Words()
    words.add(_t("question", lang, what=ask_words(dec, lang).rstrip(".")), MUST)
    facts = dec.get("facts") or {}
    source = facts.get("source")
    if isinstance(source, dict):
        by = next((e.get("by") for e in view.get("chain") or [] if e.get("id") == source.get("id")), None)
        words.add(
            _t("resolving", lang, card=_card_name(source, lang), name=_name(by or view.get("active"), lang)), MUST
        )
        words.add(sentence(_card(source, lang, text=True)), HIGH)
    if dec.get("shows") == "combat" or view.get("combat"):
        _combat(words, view, lang, HIGH)
    seats = {s["seat"]: s for s in view.get("seats") or []}
    minions = {m["id"]: m for s in seats.values() for m in s.get("in_play") or [] if "id" in m}
    choices: list[str] = []
    for action in dec.get("actions") or []:
        for ref in action.get("refs") or []:
            said = _ref(ref, minions, seats, view, lang)
            if said and said not in choices:
                choices.append(said)
    if choices:
        words.add(_t("choices", lang, list="; ".join(choices)), HIGH)
    you = seats.get(str(view.get("you")))
    if you is not None and dec.get("shows") == "claim":
        words.add(sentence(texts.t("render.prompt.influence", lang) + f": {you.get('influence') or 0}", True), MUST)
    return words


def _ref(ref: View, minions: dict[str, View], seats: dict[str, View], view: View, lang: str) -> str:
    kind = ref.get("type")
    if kind == "card":
        c: View = ref.get("card") or {}
        shown: View = minions.get(str(c.get("id"))) or c
        said = _card_name(shown, lang)
        if shown.get("strength") is not None:
            left = shown.get("health_left", shown.get("health", "?"))
            said += ", " + _t("stats", lang, strength=shown.get("strength"), health=left)
        owner = ref.get("controller")
        if owner:
            said += ", " + _t("controlled_by", lang, name=_name(owner, lang))
        return said
    if kind == "archive":
        a = ref.get("archive") or ref
        owner = a.get("owner")
        if owner is None:
            where = texts.t("render.prompt.commons", lang)
        elif owner == view.get("you"):
            where = texts.t("render.prompt.your_archive", lang)
        else:
            where = texts.t("render.prompt.owners_archive", lang, name=_name(owner, lang))
        cost = a.get("cost_for_you", a.get("cost", "?"))
        return _t(
            "archive",
            lang,
            name=_card_name(a, lang),
            owner=where,
            cost=cost,
            copies=_copies(int(a.get("count", 0)), lang),
        )
    if kind == "seat":
        seat = seats.get(str(ref.get("seat") or ref.get("ref")), {})
        total, _ = _wounds(int(seat.get("wounds", 0)), seat.get("wounds_by_type") or {}, lang)
        return _t("player", lang, name=_name(seat.get("seat", ref.get("ref")), lang), wounds=total)
    return ""


# ---------------------------------------------------------------- results and a card


def results_words(view: View, lang: str = "en") -> Words:
    """The final ranking: each place with its wounds by type, and what broke each tie."""
    check_public(view)
    rows = list(view.get("result") or [])
    words = Words()
    places = []
    for r in rows:
        total, kinds = _wounds(int(r.get("wounds", 0)), r.get("by_type") or {}, lang)
        places.append(
            _t("place", lang, place=r.get("place", "?"), name=_name(r.get("seat"), lang), wounds=total, types=kinds)
        )
    words.add(_t("results", lang, list="; ".join(places)), MUST)
    for a, b in pairwise(rows):
        note = tie_note(a, b, lang)
        if note:
            words.add(sentence(_name(note, lang)), HIGH)
    return words


def card_words(key: str, lang: str = "en") -> Words:
    """One card face (``/card``): its name, kind, cost, colours, strength and health, and rules text."""
    words = Words()
    if key.startswith("wound:"):
        wound = key.split(":", 1)[1]
        words.add(f"{card_texts.wound_word(lang)}: {wound_name(wound, lang)}.", MUST)
        words.add(card_set().wound_effect_in(lang), HIGH)
        return words
    c = card(key)
    words.add(
        _t(
            "card_face",
            lang,
            name=c.name_in(lang),
            type=card_texts.type_line(c, lang).replace(" · ", ", "),
            cost=c.cost,
            colour=_colour(c.colour, lang),
            links=_links(c.links, lang),
        ),
        MUST,
    )
    if c.is_minion:
        words.add(_t("card_stats", lang, strength=c.strength, health=c.health), MUST)
    for field, text in c.text_in(lang).items():
        if text:
            words.add(sentence(f"{card_texts.label(field, lang)} {text}"), HIGH)
    kicker = c.kicker_in(lang)
    if kicker is not None:
        words.add(sentence(_t("card_kicker", lang, colour=_colour(kicker.colour, lang), text=kicker.text)), HIGH)
    return words
