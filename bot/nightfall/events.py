"""Nightfall's events as the log keeps them: every card name an event carries, in every language.

The engine words an event with its cards' English names; a line kept for days is read later in the
game's language (the thread) and in each player's (their DM), so the names are stored per language
(``localised``) and taken in the reader's when the line is worded (``in_language``).
"""

from __future__ import annotations

from typing import Any

from bot.words.i18n import pick
from bot.words.logline import per_language
from engine.i18n import LANGUAGES
from engine.nightfall.cards import card_set
from engine.nightfall.log import describe_event
from engine.nightfall.texts import card_by_english_name, wound_text

#: The fields of an engine event that name cards (in English), each with the field holding the card's
#: reference when there is one.
NAME_FIELDS = {"name": "card", "attacker_name": "attacker", "source_name": "source", "target_name": "target"}
LIST_FIELDS = ("names", "commons")


def localised(event: dict[str, Any], card_of: Any) -> dict[str, Any]:
    """The event with every card name it carries as ``{lang: name}``, so a line or a summary made from
    it later reads in any language. ``card_of(ref)`` gives the card view of a reference ("c12") in
    the game (``Game.card_view``), which tells a card's kind even where two kinds share a name."""
    out = dict(event)
    for name_field, ref_field in NAME_FIELDS.items():
        value = event.get(name_field)
        if isinstance(value, str):
            out[name_field] = _names_of(value, event.get(ref_field), card_of)
    for list_field in LIST_FIELDS:
        values = event.get(list_field)
        if isinstance(values, list):
            out[list_field] = [_names_of(v, None, card_of) if isinstance(v, str) else v for v in values]
    private = event.get("private")
    if isinstance(private, dict):
        out["private"] = {
            k: [_names_of(v, None, card_of) for v in vs] if isinstance(vs, list) else vs for k, vs in private.items()
        }
    return out


def in_language(event: dict[str, Any], lang: str) -> dict[str, Any]:
    """A stored event with its per-language names taken in ``lang`` (what ``describe_event`` reads)."""
    out: dict[str, Any] = {}
    for k, v in event.items():
        if isinstance(v, list):
            out[k] = [pick(x, lang) for x in v]
        elif isinstance(v, dict) and "en" not in v:
            out[k] = {
                kk: [pick(x, lang) for x in vv] if isinstance(vv, list) else pick(vv, lang) for kk, vv in v.items()
            }
        else:
            out[k] = pick(v, lang)
    return out


def _names_of(name: str, ref: Any, card_of: Any) -> Any:
    """``{lang: name}`` for a card named ``name`` (found by its reference, else by its English name);
    the name itself when it is no card's (a player's name in ``target_name``)."""
    key: str | None = None
    wound: str | None = None
    if isinstance(ref, str) and ref[:1] == "c" and ref[1:].isdigit():
        try:
            view = card_of(int(ref[1:]))
        except (IndexError, ValueError):
            view = None
        if view is not None:
            key, wound = view.get("card"), view.get("wound_type")
    if key is None:
        found = card_by_english_name(name)
        key = found.key if found is not None else None
    cards = card_set()
    if wound is not None:  # English as the engine words it, so its own lines find the wound again
        return {lang: name if lang == "en" else wound_text(wound, lang) for lang in LANGUAGES}
    if key in cards.cards:
        return per_language(cards.cards[key].name_in)
    return name


def describe(event: dict[str, Any], lang: str) -> str:
    """A kept event as a log line in ``lang``: the engine words it and puts the card names it carries (in
    English) into ``lang``."""
    return describe_event(in_language(event, "en"), lang=lang)
