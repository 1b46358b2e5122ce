"""Fightdrome's help for ``/card`` and ``/rules`` (the host's commands ask every game's face): its eleven kinds of
card and each card of a strength (Kick 30), found by name in any language or by code, each told from the card data
with its provenance, and short rules by topic."""

from __future__ import annotations

import re

import discord

from bot.errors import UserError
from bot.fightdrome.images import card_picture
from bot.fightdrome.texts import card, kind_name, t
from bot.words.i18n import fold
from engine.fightdrome.cards import Kind, data, kinds, split
from engine.i18n import LANGUAGES

PREFIX = "fightdrome:"

#: ``/rules topic:`` values and their English choice names (translated with the slash commands)
TOPIC_NAMES: dict[str, str] = {
    "fightdrome": "Fightdrome: overview",
    "fightdrome-answers": "Fightdrome: what answers what",
    "fightdrome-stun": "Fightdrome: stunned, Rest",
    "fightdrome-scoring": "Fightdrome: rounds and Fame",
    "fightdrome-options": "Fightdrome: formats, optional rules",
    "fightdrome-moves": "Fightdrome: moves on Discord",
}

_PLAYED_ON = {
    "P": "fd.on.P",
    "K": "fd.on.K",
    "G": "fd.on.G",
    "PB": "fd.on.PB",
    "KB": "fd.on.KB",
    "NP": "fd.on.NP",
    "NK": "fd.on.NK",
    "NG": "fd.on.NG",
    "NB": "fd.on.NB",
    "DG": "fd.on.DG",
    "FT": "fd.on.FT",
}


#: a kind's code or name followed by a strength: ``K30``, ``pb 80``, "Kopnięcie 30"
_WITH_STRENGTH = re.compile(r"(.*?)\s*([0-9]+)")


def find_cards(query: str) -> list[str]:
    """The cards ``query`` names: its value from autocomplete; one card of a strength (``fightdrome:K30``) for a
    kind's code or name in any language followed by a strength (``K30``, ``pb80``, "kick 30", "Kopnięcie 30"); a
    kind (``fightdrome:K``) for its code or a name in any language; else every kind whose name holds each typed
    word (each of its cards of the strength typed, if any). A strength no card of the one kind named has keeps
    its key all the same (``fightdrome:K35``): ``/card`` says which strengths there are, autocomplete offers the
    kind. An empty query names none: the list of every card is the first game's to show."""
    if query.startswith(PREFIX) and _exists(query[len(PREFIX) :]):
        return [query]
    if not fold(query):
        return []
    m = _WITH_STRENGTH.fullmatch(query.strip())
    if m is None or not fold(m.group(1)):
        return [PREFIX + code for code in _kinds_named(query)]
    codes, strength = _kinds_named(m.group(1)), int(m.group(2))
    found = [PREFIX + code + str(strength) for code in codes if _copies(code, strength)]
    if not found and len(codes) == 1 and _strengths(codes[0]):
        found = [PREFIX + codes[0] + str(strength)]  # a strength its kind does not come in: /card says so
    return found


def _kinds_named(query: str) -> list[str]:
    """The kinds ``query`` names: by code (``K``, ``pb``), by a whole name in any language, else every kind whose
    names hold each typed word."""
    if query.strip().upper() in kinds():
        return [query.strip().upper()]
    want = fold(query)
    names = {code: [fold(n) for n in k.names.values()] for code, k in kinds().items()}
    exact = [code for code, ns in names.items() if want in ns]
    if exact:
        return exact[:1]
    words = [fold(w) for w in query.split() if fold(w)]
    return [code for code, ns in names.items() if all(any(w in n for n in ns) for w in words)]


def _strengths(code: str) -> list[tuple[int, int]]:
    """The strengths a kind comes in, each with its copies in the box (none for a kind without strength)."""
    k = kinds()[code]
    if k.neuro or k.family not in ("attack", "block"):
        return []
    return [(int(s), int(n)) for s, n in data()[f"{k.family}_strengths"]["spread"]]


def _copies(code: str, strength: int) -> int:
    """How many cards of ``code`` at ``strength`` the box holds (0: none)."""
    return dict(_strengths(code)).get(strength, 0)


def _exists(face: str) -> bool:
    """Whether ``face`` is a kind (``K``) or a card of it the box holds (``K30``)."""
    try:
        code, strength = split(face)
    except ValueError:
        return False
    return strength is None or _copies(code, strength) > 0


def choice(key: str, lang: str) -> tuple[str, str]:
    """An autocomplete entry: (its words, its value); for a strength its kind does not come in, the kind."""
    code, strength = split(key[len(PREFIX) :])
    if strength is None or not _copies(code, strength):
        return f"{kind_name(code, lang)} · Fightdrome"[:100], PREFIX + code
    return f"{card(code + str(strength), lang)} · Fightdrome"[:100], key


def _spread(k: Kind) -> str:
    return ", ".join(f"{s}×{n}" if n > 1 else str(s) for s, n in _strengths(k.code))


def card_text(key: str, lang: str) -> str:
    """A kind of card, or one card of it (``fightdrome:K30``), in words: its names, copies (of that strength) and
    the kind's strengths, Fame, what it is played on, its provenance."""
    code, strength = split(key[len(PREFIX) :])
    k = kinds()[code]
    face = code if strength is None else code + str(strength)
    others = " / ".join(card(face, la) for la in k.names if la != lang)
    lines = [f"**{card(face, lang)}** ({others}) · Altered Carbon: Fightdrome"]
    if strength is None:
        fame = t("fd.card.fame_strength", lang) if k.fame is None else t("fd.card.fame", lang, fame=k.fame)
        copies = k.copies
    else:
        fame = t("fd.card.fame", lang, fame=strength if k.fame is None else k.fame)
        copies = _copies(code, strength)
    lines.append(t("fd.card.copies", lang, copies=copies) + " · " + fame)
    spread = _spread(k)
    if spread:
        mark = data()["attack_strengths" if k.family == "attack" else "block_strengths"]["mark"]
        lines.append(
            t("fd.card.strengths", lang, spread=spread)
            + (" " + t("fd.card.reconstructed", lang) if mark == "R" else "")
        )
    lines.append(t(_PLAYED_ON[code], lang))
    return "\n".join(lines)


async def card_reply(key: str, lang: str) -> tuple[str, discord.File]:
    """The card asked for in words and drawn: a card of a strength as it is; a kind at its weakest strength (an
    attack at 10, a block at 40). A strength its kind does not come in is refused, saying which there are."""
    code, strength = split(key[len(PREFIX) :])
    if strength is not None and not _copies(code, strength):
        asked = {la: card(code + str(strength), la) for la in LANGUAGES}
        kind = {la: kind_name(code, la) for la in LANGUAGES}
        strengths = ", ".join(str(s) for s, _n in _strengths(code))
        raise UserError("fd.card.no_strength", card=asked, kind=kind, strengths=strengths)
    if strength is None and _strengths(code):
        strength = _strengths(code)[0][0]  # a kind is drawn at its weakest: an attack at 10, a block at 40
    face = code if strength is None else f"{code}{strength}"
    return card_text(key, lang), await card_picture(face, lang).file()


def rules_topic(topic: str, lang: str) -> str:
    return t(f"fd.rules.{topic if topic in TOPIC_NAMES else 'fightdrome'}", lang)
