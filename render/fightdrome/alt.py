"""Fightdrome's images in words, for players who cannot see them: read from the same view each image is
drawn from (the public view for the table and the results, the seat's private view for its hand), in the
image's language, with the seats' display names.

Each function returns a :class:`render.alt.Words` (``fit(ALT_LIMIT)`` is the attachment's description,
``fit(TEXT_LIMIT)`` the text sent instead of the image): who must decide what, the exchange and what may
answer it, each fighter's Fame, Sleeve, Stack and counts, the last round and what just happened.
"""

from __future__ import annotations

import re

from engine.fightdrome import cards

from ..alt import HIGH, LOW, MID, MUST, Words, sentence, spoken_name
from . import texts
from .card import effect, plays_on
from .style import Namer, View, check_public, namer
from .table import decision_words, event_words, format_words


def _w(key: str, lang: str, **kw: object) -> str:
    return texts.word(key, lang, **kw)


def _spoken(text: str, lang: str) -> str:
    """``text`` as it is read aloud: "≥ 60" as "60 or more", "≤ 30" as "30 or less", the AI mark as a word."""
    text = re.sub(r"\s*≥\s*(\d+)", lambda m: " " + _w("alt.at_least", lang, n=m.group(1)), text)
    text = re.sub(r"\s*≤\s*(\d+)", lambda m: " " + _w("alt.up_to", lang, n=m.group(1)), text)
    return spoken_name(text, _w("alt.ai", lang))


def _names(names: dict[str, str] | None, lang: str) -> Namer:
    plain = namer(names)
    return lambda seat: spoken_name(plain(seat), _w("alt.ai", lang))


def _fighter(view: View, seat: str, lang: str, name: Namer) -> str:
    f: View = (view.get("fighters") or {}).get(seat) or {}
    fmt = (view.get("options") or {}).get("format")
    facts: list[str] = []
    if fmt == "series":
        facts.append(f"{_w('fame', lang)} {f.get('fame', 0)}")
    else:
        facts.append(f"{_w('rounds_won', lang)} {f.get('wins', 0)}")
    if f.get("sleeve"):
        facts.append(f"{_w('sleeve', lang)} {texts.sleeve_name(str(f['sleeve']), lang)}")
    else:
        facts.append(_w("chosen" if seat in (view.get("picked") or []) else "choosing", lang))
    facts.append(f"{_w('stack', lang)} {texts.stack_name(str(f.get('stack', '')), lang)}")
    facts += [f"{_w(k, lang)} {f.get(k, 0)}" for k in ("hand", "deck", "discard", "stun")]
    if not view.get("over"):
        facts.append(_w("rest_yes" if f.get("can_rest") else "rest_no", lang))
    if fmt == "tournament":
        team = ", ".join(texts.sleeve_name(s, lang) for s in f.get("team") or [])
        facts.append(f"{_w('team', lang)} {team or _w('none', lang)}")
        lost = [texts.sleeve_name(s, lang) for s in f.get("lost") or []]
        if lost:
            facts.append(_w("alt.lost", lang, names=", ".join(lost)))
    return _w("alt.fighter", lang, name=name(seat), facts=", ".join(facts))


def _exchange(words: Words, view: View, lang: str, name: Namer) -> None:
    line = list(view.get("line") or [])
    if not line:
        words.add(sentence(_w("no_exchange", lang), True), HIGH)
        return
    played = [
        _w("alt.played_by", lang, card=texts.card_name(str(c["card"]), lang), name=name(str(c.get("seat"))))
        for c in line
    ]
    words.add(_w("alt.line", lang, cards="; ".join(played)), MUST)
    groups = texts.requirement_groups(list(view.get("requirement") or []), lang)
    if groups:
        words.add(_spoken(_w("alt.answer", lang, groups="; ".join(groups)), lang), HIGH)


def _last(words: Words, view: View, lang: str, name: Namer) -> None:
    history = view.get("history") or []
    if history:
        h = history[-1]
        said = _w("last_round", lang, n=h.get("round"), name=name(str(h.get("winner"))))
        if h.get("ending") in ("empty", "rest"):
            said += ", " + _w(f"ending.{h['ending']}", lang)
        scored = h.get("scored") or {}
        fame = ", ".join(f"{name(s)} +{scored[s]}" for s in view.get("seats") or [] if s in scored)
        if fame:
            said += f"; {_w('fame', lang)}: {fame}"
        words.add(sentence(said), MID)
    for event in event_words(view, lang, name):
        words.add(sentence(event), MID)


def table_words(view: View, lang: str = "en", names: dict[str, str] | None = None) -> Words:
    """The public table: the round and format, who decides what (or who won), the exchange and what may
    answer it, both fighters, the last round and what just happened."""
    check_public(view)
    lang = texts.lang_of(lang)
    name = _names(names, lang)
    words = Words()
    head = [_w("alt.table", lang)]
    if view.get("round"):
        head.append(sentence(_w("round", lang, n=view["round"]), True))
    words.add(" ".join(head), MUST)
    words.add(sentence(format_words(view, lang), True), HIGH)
    if view.get("over"):
        words.add(sentence(_w("wins_match", lang, name=name(str(view.get("winner"))))), MUST)
    else:
        who, what = decision_words(view, lang, name)
        if who:
            words.add(_w("alt.deciding", lang, who=who, what=what), MUST)
    _exchange(words, view, lang, name)
    for seat in list(view.get("seats") or [])[:2]:
        words.add(_fighter(view, seat, lang, name), HIGH)
    _last(words, view, lang, name)
    options = view.get("options") or {}
    flags = [_w(k, lang) for k in ("breather", "last_breath") if options.get(k)]
    if flags:
        words.add(sentence(", ".join(flags), True), LOW)
    if view.get("opener"):
        words.add(sentence(_w("opener", lang, name=name(str(view["opener"]))), True), LOW)
    return words


def hand_words(view: View, lang: str = "en", names: dict[str, str] | None = None) -> Words:
    """A player's hand: their move (or whom they wait for), the top card and what may answer it, each card
    and whether it may be played now, their counts and stun pile."""
    if "you" not in view:
        raise ValueError("the hand's words take private_view(seat)")
    lang = texts.lang_of(lang)
    name = _names(names, lang)
    you = str(view["you"])
    mine = any(d.get("seat") == you for d in view.get("decisions") or [])
    words = Words()
    who, what = decision_words(view, lang, name)
    if view.get("over"):
        words.add(sentence(_w("wins_match", lang, name=name(str(view.get("winner"))))), MUST)
    elif mine:
        words.add(sentence(_w("your_move", lang, what=what), True), MUST)
    elif who:
        words.add(sentence(f"{_w('waiting_for', lang, name=who)}: {what}", True), MUST)
    line = view.get("line") or []
    if line:
        top = line[-1]
        said = f"{_w('top_card', lang)} {texts.card_name(str(top['card']), lang)} ({name(str(top.get('seat')))})"
        words.add(sentence(said, True), MUST)
        groups = texts.requirement_groups(list(view.get("requirement") or []), lang)
        if groups:
            words.add(_spoken(_w("alt.answer", lang, groups="; ".join(groups)), lang), HIGH)
    hand = list(view.get("hand") or [])
    if hand:
        shown: list[str] = []
        for c in hand:
            card = texts.card_name(str(c["card"]), lang)
            if mine:
                card += ", " + (_w("playable", lang) if c.get("legal") else _w("alt.not_playable", lang))
            shown.append(card)
        words.add(_w("alt.hand", lang, cards="; ".join(shown)), MUST)
    else:
        sleeves = (
            [str(view["pick"])]
            if view.get("pick")
            else list(((view.get("fighters") or {}).get(you) or {}).get("team") or [])
        )
        if sleeves and not view.get("over"):
            words.add(_w("alt.sleeves", lang, names=", ".join(texts.sleeve_name(s, lang) for s in sleeves)), MUST)
        else:
            words.add(sentence(_w("no_cards", lang), True), MUST)
    if mine and view.get("can_rest"):
        words.add(sentence(_w("rest_allowed", lang), True), MUST)
    words.add(_fighter(view, you, lang, name), HIGH)
    stun = [texts.card_name(face, lang) for face in view.get("stun_pile") or []]
    words.add(sentence(f"{_w('stun_pile', lang)} {', '.join(stun) or _w('none', lang)}"), MID)
    return words


def results_words(view: View, lang: str = "en", names: dict[str, str] | None = None) -> Words:
    """The match result: the winner, each fighter's score, Sleeve and Stack, and every round."""
    check_public(view)
    lang = texts.lang_of(lang)
    name = _names(names, lang)
    words = Words()
    words.add(_w("alt.results", lang), MUST)
    if view.get("winner"):
        words.add(sentence(_w("wins_match", lang, name=name(str(view["winner"])))), MUST)
    words.add(sentence(format_words(view, lang), True), MID)
    for seat in list(view.get("seats") or [])[:2]:
        words.add(_fighter(view, seat, lang, name), HIGH)
    for h in view.get("history") or []:
        said = _w("last_round", lang, n=h.get("round"), name=name(str(h.get("winner"))))
        if h.get("ending") in ("empty", "rest"):
            said += ", " + _w(f"ending.{h['ending']}", lang)
        scored = h.get("scored") or {}
        fame = ", ".join(f"{name(s)} +{scored[s]}" for s in view.get("seats") or [] if s in scored)
        if fame and (view.get("options") or {}).get("format") == "series":
            said += f"; {_w('fame', lang)}: {fame}"
        words.add(sentence(said), LOW)
    return words


def card_words(face: str, lang: str = "en") -> Words:
    """One card (``/card``): its name, what kind of card it is, its strength and Fame, what it may be played
    on, and what playing it does."""
    lang = texts.lang_of(lang)
    k = cards.kind(face)
    words = Words()
    family = _w(f"family.{k.family}", lang)
    kind = family if k.type == "any" else f"{family}, {texts.type_word(k.type, lang).lower()}"
    if k.neuro:
        kind += ", " + _w("neuro", lang).lower()
    name = texts.card_name(face, lang)
    words.add(_w("alt.card", lang, name=name, kind=kind) if kind != name.lower() else sentence(name), MUST)
    strength = cards.strength(face)
    said = f"{_w('strength', lang)} {strength}" if strength is not None else _w("no_strength", lang)
    words.add(sentence(f"{said}, {_w('fame', lang)} {cards.fame(face)}", True), MUST)
    groups = plays_on(face, lang)
    if groups:
        words.add(_spoken(f"{_w('answers', lang)} {'; '.join(groups)}.", lang), HIGH)
    words.add(" ".join(effect(face, lang)), HIGH)
    return words
