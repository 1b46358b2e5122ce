"""The words around a card's own texts, in every language: labels, type line, colours, the ``/card`` reply.

The card's own texts (names, rules text, kicker, keywords, tagline, the wound effect) live in
``data/cards.json`` beside the English, with their provenance marks; this domain, "cards", holds
the words that frame them (``Chain:``, ``Sługus · Wampir``, the colour words, "RECONSTRUCTED"), so
the card faces, the ``/card`` reply and its search say the same thing in each language.

    card_texts.label("chain", "pl")          # "Łańcuch:"
    card_texts.type_line(card("vulko"), "ru")  # "Миньон · Оборотень"
"""

from __future__ import annotations

from pathlib import Path

from .. import i18n
from ..i18n import Template
from .cards import COLOURS, CardDef

__all__ = ["ENGLISH", "FIELDS", "colour_name", "field_name", "kind", "label", "type_line", "wound_word"]

#: The parts of a card's rules text, in the order a card prints them.
FIELDS = ("chain", "your_chain", "in_play")

ENGLISH: dict[str, Template] = {
    # labels printed before a card's texts (faces and /card)
    "cards.label.chain": "Chain:",
    "cards.label.your_chain": "Your Chain:",
    "cards.label.in_play": "In play:",
    "cards.label.kicker": "Kicker:",
    # the type line: "Minion · Vampire"
    "cards.kind.minion": "Minion",
    "cards.kind.starting": "Starting minion",
    "cards.kind.action": "Action",
    # the wound card's title
    "cards.wound": "Wound",
    # colour words: alone or with a masculine noun (a minion, a kicker, "links to"), and with "action"
    "cards.colour.red": "red",
    "cards.colour.white": "white",
    "cards.colour.blue": "blue",
    "cards.colour.yellow": "yellow",
    "cards.colour.purple": "purple",
    "cards.colour.green": "green",
    "cards.colour.red.action": "red",
    "cards.colour.white.action": "white",
    "cards.colour.blue.action": "blue",
    "cards.colour.yellow.action": "yellow",
    "cards.colour.purple.action": "purple",
    "cards.colour.green.action": "green",
    # /card: the reply. {kind} is the creature keyword ("Vampire"), {colour} a colour word above.
    "cards.reply.title": "**{name}**",
    # the card's name in another language the players may hold the printed card in (English: the Polish name)
    "cards.reply.title_other": "**{name}** (Polish: {other})",
    "cards.reply.minion": "{colour} minion",
    "cards.reply.minion_kind": "{colour} {kind} minion",
    "cards.reply.starting": "starting {colour} minion",
    "cards.reply.starting_kind": "starting {colour} {kind} minion",
    "cards.reply.action": "{colour} action",
    "cards.reply.facts": "{what} · links to {links} · costs {cost}",
    "cards.reply.stats": " · strength {strength}, health {health}",
    "cards.reply.chain": "**Chain:** {text}",
    "cards.reply.your_chain": "**Your Chain:** {text}",
    "cards.reply.in_play": "**In play:** {text}",
    "cards.reply.kicker": "**Kicker ({colour}):** {text}",
    # under a card some of whose parts the bot plays from its own reading of the rules: said in players' words
    "cards.reply.reconstructed": (
        "_The bot plays this card's {fields} as shown here; a printed card may read differently._"
    ),
    # shown under a Polish or Russian card whose texts are partly translated for the bot (never in English, the source)
    "cards.reply.translated": (
        "_Some of these texts are translated for the bot; a printed card may word them differently._"
    ),
    "cards.reply.several": (
        "{n} card matches “{query}”: {names}. Pick one from the list as you type.",
        "{n} cards match “{query}”: {names}. Pick one from the list as you type.",
    ),
    # the parts of a card a reconstructed note names
    "cards.field.chain": "chain text",
    "cards.field.your_chain": "Your Chain text",
    "cards.field.in_play": "in-play text",
    "cards.field.kicker": "kicker",
    "cards.field.strength": "strength",
    "cards.field.health": "health",
    "cards.field.cost": "cost",
    "cards.field.links": "link colours",
    "cards.field.colour": "colour",
}

DOMAIN = i18n.register("cards", Path(__file__).parent / "locales", ENGLISH)


def label(field: str, lang: str = "en") -> str:
    """The label before a rules text: ``chain``, ``your_chain``, ``in_play`` or ``kicker``."""
    return i18n.text(f"cards.label.{field}", lang)


def colour_name(colour: str, lang: str = "en", *, action: bool = False) -> str:
    """A colour word; ``action=True`` agrees with "action" (Polish *czerwona akcja*, Russian *красное воздействие*)."""
    if colour not in COLOURS:
        return colour
    return i18n.text(f"cards.colour.{colour}" + (".action" if action else ""), lang)


def kind(c: CardDef, lang: str = "en") -> str:
    """What a card is: "Starting minion", "Minion" or "Action"."""
    k = ("starting" if c.starting else "minion") if c.is_minion else "action"
    return i18n.text(f"cards.kind.{k}", lang)


def type_line(c: CardDef, lang: str = "en") -> str:
    """The line under a card's name: "Minion · Vampire", "Sługus · Wampir", "Воздействие"."""
    return " · ".join([kind(c, lang), *c.keywords_in(lang)])


def wound_word(lang: str = "en") -> str:
    """The title of a wound card: "Wound", "Rana", "Ранение"."""
    return i18n.text("cards.wound", lang)


def field_name(field: str, lang: str = "en") -> str:
    """A part of a card as a reconstructed note names it ("chain text", "kicker")."""
    key = f"cards.field.{field}"
    return i18n.text(key, lang) if i18n.has(key) else field
