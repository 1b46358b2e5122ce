"""Nightfall's part of ``/card`` and ``/rules`` (the host's commands ask every game's face): its cards found by
name, kind, type or colour in any language, and told in players' words."""

from __future__ import annotations

from functools import cache

from bot.words.i18n import fold
from engine import i18n
from engine.nightfall import card_texts
from engine.nightfall.cards import CardDef, card_set

MAX_CHOICES = 25
MAX_LISTED = 20


def card_text(key: str, lang: str = "en") -> str:
    """The card's text for players in ``lang``: its name once (with its name in the other language
    players may hold the printed card in, only when it differs), what it is, and its printed text;
    a reconstructed part is said to be one, in players' words."""
    c = card_set().cards[key]
    parts = [_title(c, lang), _facts(c, lang)]
    tagline = c.tagline_in(lang)
    if tagline:
        parts.append(f"*{tagline}*")
    texts = c.text_in(lang)
    for part in card_texts.FIELDS:
        if part in texts:
            parts.append(i18n.text(f"cards.reply.{part}", lang, text=texts[part]))
    kicker = c.kicker_in(lang)
    if kicker:
        colour = card_texts.colour_name(kicker.colour, lang)
        parts.append(i18n.text("cards.reply.kicker", lang, colour=colour, text=kicker.text))
    if c.reconstructed:
        fields = ", ".join(card_texts.field_name(f, lang) for f in c.reconstructed_fields)
        parts.append(i18n.text("cards.reply.reconstructed", lang, fields=fields))
    if c.translated_in(lang):
        parts.append(i18n.text("cards.reply.translated", lang))
    return "\n".join(parts)


def _other_name(c: CardDef, lang: str) -> str | None:
    """The card's name in the language a player may hold the printed card in (English readers:
    Polish; everyone else: English), when it differs from the name in ``lang``."""
    other = c.name_in("pl" if lang == "en" else "en")
    return None if fold(other) == fold(c.name_in(lang)) else other


def _title(c: CardDef, lang: str) -> str:
    other = _other_name(c, lang)
    if other is None:
        return i18n.text("cards.reply.title", lang, name=c.name_in(lang))
    return i18n.text("cards.reply.title_other", lang, name=c.name_in(lang), other=other)


def _what(c: CardDef, lang: str) -> str:
    """What the card is, in words: "starting green Hunter minion", "czerwona akcja"."""
    colour = card_texts.colour_name(c.colour, lang, action=not c.is_minion)
    if not c.is_minion:
        return i18n.text("cards.reply.action", lang, colour=colour)
    kinds = " ".join(c.keywords_in(lang))
    key = ("cards.reply.starting" if c.starting else "cards.reply.minion") + ("_kind" if kinds else "")
    return i18n.text(key, lang, colour=colour, kind=kinds)


def _facts(c: CardDef, lang: str) -> str:
    what = _what(c, lang)
    what = what[:1].upper() + what[1:]
    links = ", ".join(card_texts.colour_name(x, lang) for x in c.links)
    facts = i18n.text("cards.reply.facts", lang, what=what, links=links, cost=c.cost)
    if c.is_minion:
        facts += i18n.text("cards.reply.stats", lang, strength=c.strength, health=c.health)
    return facts


def _names(c: CardDef) -> list[str]:
    """A card's names in every language, folded: a search finds a card by any of them."""
    return list(dict.fromkeys(fold(n) for n in c.names.values() if n))


@cache
def _tags(key: str) -> tuple[str, ...]:
    """The words a card is found by besides its names, in every language: its kind ("vampire",
    "wampir", "вампир"), type ("minion", "akcja"), colour ("red", "czerwona", "красный") and
    "starting"."""
    c = card_set().cards[key]
    words: list[str] = [c.type, c.colour]
    for lang in i18n.LANGUAGES:
        words += c.keywords_in(lang)
        words += card_texts.kind(c, lang).split()
        words += {card_texts.colour_name(c.colour, lang), card_texts.colour_name(c.colour, lang, action=True)}
    return tuple(dict.fromkeys(f for f in map(fold, words) if f))


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _tag_fits(word: str, tag: str) -> bool:
    """Whether a typed word names a tag: its start ("vamp"), an English plural ("vampires"), or
    another form of the same word ("wampiry", "akcje", "красные", "оборотни")."""
    if tag.startswith(word) or word in (tag + "s", tag + "es"):
        return True
    need = max(4, len(tag) - (2 if len(tag) < 8 else 3))
    return len(word) <= len(tag) + 3 and _common_prefix(word, tag) >= need


def _word_fits(word: str, c: CardDef) -> bool:
    """Whether one typed word names the card: part of a name in any language, or a tag."""
    if any(word in n for n in _names(c)):
        return True
    return any(_tag_fits(word, tag) for tag in _tags(c.key))


def find_cards(query: str) -> list[CardDef]:
    """The cards ``query`` names, best first: a card whose key or name in any language it is (case
    and accents ignored: "ciezki dym" is „Ciężki Dym”; then that card alone), else every card each
    of its words fits: by name, kind ("vampire", "wampir"), type ("minion", "akcja") or colour
    ("red", "красный")."""
    cards = card_set().cards
    if query in cards:
        return [cards[query]]
    want = fold(query)
    if not want:  # an empty box lists every card; text with nothing to match (an emoji) names none
        return [] if query.strip() else list(cards.values())
    exact = [c for c in cards.values() if want == fold(c.key) or want in _names(c)]
    if exact:
        return exact[:1]
    words = [fold(w) for w in query.split()]
    words = [w for w in words if w]
    found = [c for c in cards.values() if all(_word_fits(w, c) for w in words)]
    by_name = [c for c in found if any(want in n for n in _names(c))]
    return by_name + [c for c in found if c not in by_name]


def choice_name(c: CardDef, lang: str = "en") -> str:
    """An autocomplete entry in ``lang``: the names, then what the card is, so a search by kind reads well."""
    other = _other_name(c, lang)
    names = c.name_in(lang) if other is None else f"{c.name_in(lang)} / {other}"
    return f"{names} · {' '.join(_what(c, lang).split())}"[:100]
