"""Sealed Bids' words: its own catalogue domains, "kitgame" (its sentences and the forms of its noun, "round", that
the host's sentences take) and "kitgame_commands" (its slash-command words: its name, its ``/bid`` verb declared as
data), English here, Polish and Russian in ``locales/``; and ``t`` to read them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.verbs import Verb, game_words
from bot.words import commands
from engine import i18n
from engine.i18n import Template
from tests.kitgame.engine import SEALED_BIDS

DOMAIN = "kitgame"
COMMANDS_DOMAIN = "kitgame_commands"
LOCALES = Path(__file__).parent / "locales"

#: ``/bid amount:``: the one verb, its option free text with autocomplete from the bids left
VERBS = (Verb("bid", "Seal your bid for this round's prize", ("bid",), "amount", "How many points you bid"),)

#: its slash-command words: its name among ``/game new game:``'s choices, its verb
COMMANDS = game_words(SEALED_BIDS.key, SEALED_BIDS.name, VERBS, (), {})

ENGLISH: dict[str, Template] = {
    # the forms of its noun the host's sentences take (``bot.words.i18n.NOUN_FORMS``): rounds, in both roles
    "kitgame.span.this": "this round",
    "kitgame.span.until_end": "until the round ends",
    "kitgame.span.count": ("{n} round", "{n} rounds"),
    "kitgame.turn.since": "from round {turn}",
    "kitgame.turn.during": "in rounds {turns}",
    "kitgame.turn.nth": "round {turn}",
    "kitgame.turn.title": "Round {turn}",
    # its AI levels, named unlike the host's easy/normal/hard
    "kitgame.level.novice": "novice",
    "kitgame.level.expert": "expert",
    "kg.label": "Bid {amount}",
    "kg.placeholder": "Choose your bid…",
    "kg.header": "🔨 **Sealed Bids** in #{channel} — round {round} of {rounds}",
    "kg.ask": "**Seal a bid** for the prize of **{prize}**.",
    "kg.tokens": "Your tokens: {tokens}. Your points: {points}.",
    "kg.lesson.bid": (
        "Everyone bids at once, in secret. The highest bid nobody matched takes a prize; the lowest bid nobody "
        "matched takes a penalty. Each token is used once."
    ),
    "kg.status": "Round {round} of {rounds}: the prize is **{prize}**. Sealed bids: {sealed}.",
    "kg.status.over": "All rounds are played.",
    "kg.progress": "round {round} of {rounds}",
    "kg.turn": "🔨 **Round {round}**",
    "kg.log.bid": "{name} seals a bid.",
    "kg.log.revealed": "{name} bid {amount}.",
    "kg.log.points": ("{name} takes {n} point.", "{name} takes {n} points."),
    "kg.log.penalty": ("{name} takes {n} penalty point.", "{name} takes {n} penalty points."),
    "kg.log.nobody": "The bids cancel out: nobody takes the {prize}.",
    "kg.log.prize": "Round {round}: the prize is {prize}.",
    "kg.log.over": "The last prize is gone: the game is over.",
    "kg.img.title": "Sealed Bids: round {round} of {rounds}",
    "kg.img.sealed": "sealed",
    "kg.img.results": "Sealed Bids: final points",
}


def register() -> None:
    """Make the domains' words known (the kit game is registered for a test's duration only)."""
    i18n.register(DOMAIN, LOCALES, ENGLISH)
    commands.register(COMMANDS_DOMAIN, LOCALES, COMMANDS)


def unregister() -> None:
    """Forget the domains again: no other test sees the kit game's words."""
    commands.COMMAND_DOMAINS.pop(COMMANDS_DOMAIN, None)
    commands._choice_keys.cache_clear()
    i18n.unregister(COMMANDS_DOMAIN)
    i18n.unregister(DOMAIN)


def t(key: str, lang: str = "en", **kwargs: Any) -> str:
    return i18n.text(key, lang, **kwargs)


def plural(key: str, n: int, lang: str = "en", **kwargs: Any) -> str:
    return i18n.plural(key, n, lang, **kwargs)
