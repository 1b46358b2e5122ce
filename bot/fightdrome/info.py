"""Fightdrome's help for ``/card`` and ``/rules`` (the host's commands ask every game's face): its eleven kinds of
card found by name in any language or by code, each told from the card data with its provenance, and short
rules by topic."""

from __future__ import annotations

import discord

from engine.fightdrome.cards import Kind, data, kinds, split

from ..i18n import fold
from .images import card_picture
from .texts import kind_name, t

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


def find_cards(query: str) -> list[str]:
    """The kinds of card ``query`` names (``fightdrome:K``…): its value from autocomplete, a code (``K``, ``K30``),
    a name in any language; else every kind whose name holds each typed word. An empty query names none: the
    list of every card is the first game's to show."""
    if query.startswith(PREFIX) and query[len(PREFIX) :] in kinds():
        return [query]
    want = fold(query)
    if not want:
        return []
    try:
        code = split(query.strip().upper())[0]
        return [PREFIX + code]
    except ValueError:
        pass
    names = {code: [fold(n) for n in k.names.values()] for code, k in kinds().items()}
    exact = [code for code, ns in names.items() if want in ns]
    if exact:
        return [PREFIX + exact[0]]
    words = [fold(w) for w in query.split() if fold(w)]
    return [PREFIX + code for code, ns in names.items() if all(any(w in n for n in ns) for w in words)]


def choice(key: str, lang: str) -> tuple[str, str]:
    """An autocomplete entry: (its words, its value)."""
    code = key[len(PREFIX) :]
    return f"{kind_name(code, lang)} · Fightdrome"[:100], key


def _spread(k: Kind) -> str:
    if k.family == "attack" and not k.neuro:
        spread = data()["attack_strengths"]["spread"]
    elif k.family == "block" and not k.neuro:
        spread = data()["block_strengths"]["spread"]
    else:
        return ""
    return ", ".join(f"{s}×{n}" if n > 1 else str(s) for s, n in spread)


def card_text(key: str, lang: str) -> str:
    """A kind of card in words: its names, copies and strengths, Fame, what it is played on, its provenance."""
    code = key[len(PREFIX) :]
    k = kinds()[code]
    others = " / ".join(n for la, n in k.names.items() if la != lang)
    lines = [f"**{kind_name(code, lang)}** ({others}) · Altered Carbon: Fightdrome"]
    fame = t("fd.card.fame_strength", lang) if k.fame is None else t("fd.card.fame", lang, fame=k.fame)
    lines.append(t("fd.card.copies", lang, copies=k.copies) + " · " + fame)
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
    code = key[len(PREFIX) :]
    face = code + ("10" if kinds()[code].fame is None else "")  # an attack is drawn at its weakest, 10
    if kinds()[code].family == "block" and not kinds()[code].neuro:
        face = code + "40"
    return card_text(key, lang), await card_picture(face, lang).file()


def rules_topic(topic: str, lang: str) -> str:
    return t(f"fd.rules.{topic if topic in TOPIC_NAMES else 'fightdrome'}", lang)
