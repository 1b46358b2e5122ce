"""Slash commands in the user's language: Discord shows each user the command, option and choice names and
descriptions in their client's language, from the ``name_localizations`` sent at sync time.

The English here repeats the cogs' strings under keys computed from where a string sits in the command tree,
so the translator needs no change in the cogs: ``cmd.<command path>.name`` / ``.desc`` for a command or group,
``cmd.<command path>.<parameter>.name`` / ``.desc`` for an option, ``cmd.<command path>.<parameter>.choice.<value>``
for a choice (``cmd.game.new.series.choice.cup``). ``tests/bot/test_commands_i18n.py`` walks the real
tree, so a description changed in a cog fails until this catalogue follows.

This catalogue holds the host's commands only. Each game's words (its verbs, its ``/game new`` options and choice,
its ``/rules`` topics) are in its own package, a command domain it registers with ``register``; the translator
finds a key in any of them.
"""

# ruff: noqa: E501  (one catalogue entry per line)

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.words import i18n as _bot_texts  # noqa: F401  (registers the "bot" domain, which the series choices borrow)
from engine import i18n
from engine.i18n import Template

log = logging.getLogger(__name__)

COMMANDS: dict[str, Template] = {
    "cmd.game.name": "game",
    "cmd.game.desc": "Play a card game in this channel",
    "cmd.game.new.name": "new",
    "cmd.game.new.desc": "Open a game lobby in this channel or thread",
    "cmd.game.new.game.name": "game",
    "cmd.game.new.game.desc": "Which game to play",
    "cmd.game.new.deadline.name": "deadline",
    "cmd.game.new.deadline.desc": "Time for each decision, then the passive move is made: 30m, 12h, 2d, 1d12h or none (default 1d)",
    "cmd.game.new.series.name": "series",
    "cmd.game.new.series.desc": "A single game, or a series of games with the same seats (where the game has one)",
    "cmd.game.new.language.name": "language",
    "cmd.game.new.language.desc": "The language of the game's channel messages and table (default: the server's, else English)",
    "cmd.game.join.name": "join",
    "cmd.game.join.desc": "Take a seat in this channel's lobby",
    "cmd.game.leave.name": "leave",
    "cmd.game.leave.desc": "Give up your seat (in a running game, the AI plays it until you return)",
    "cmd.game.return.name": "return",
    "cmd.game.return.desc": "Take your seat back from the AI",
    "cmd.game.return.game.name": "game",
    "cmd.game.return.game.desc": "In a DM, with several games: which game (in a server channel, its own game)",
    "cmd.game.replace.name": "replace",
    "cmd.game.replace.desc": "Hand a player's seat to the AI (host or Manage Server)",
    "cmd.game.replace.player.name": "player",
    "cmd.game.replace.player.desc": "The player whose seat the AI should play",
    "cmd.game.add-bot.name": "add-bot",
    "cmd.game.add-bot.desc": "Add an AI player to this channel's lobby (host only)",
    "cmd.game.add-bot.level.name": "level",
    "cmd.game.add-bot.level.desc": "How well it plays: one of the game's levels (left out: the game's usual level)",
    "cmd.game.start.name": "start",
    "cmd.game.start.desc": "Start the game (host only)",
    "cmd.game.settings.name": "settings",
    "cmd.game.settings.desc": "Change this game's settings (host or Manage Server)",
    "cmd.game.settings.deadline.name": "deadline",
    "cmd.game.settings.deadline.desc": "Time for each decision from now on: 30m, 12h, 2d, 1d12h or none",
    "cmd.game.settings.away.name": "away",
    "cmd.game.settings.away.desc": "Days of time away (/me away) each player may take in this game; 0 for none",
    "cmd.game.status.name": "status",
    "cmd.game.status.desc": "Who must act in this channel's game",
    "cmd.game.mine.name": "mine",
    "cmd.game.mine.desc": "Every game you have a seat in, in any server",
    "cmd.game.notify.name": "notify",
    "cmd.game.notify.desc": "How you hear of a new decision: DM, mention, daily digest, or quiet",
    "cmd.game.notify.mode.name": "mode",
    "cmd.game.notify.mode.desc": "dm: a DM per burst of decisions · mention: in the channel · digest: one DM a day · quiet: none",
    "cmd.game.notify.mode.choice.dm": "DM (default)",
    "cmd.game.notify.mode.choice.mention": "mention in the game's channel",
    "cmd.game.notify.mode.choice.digest": "daily digest",
    "cmd.game.notify.mode.choice.quiet": "quiet",
    "cmd.game.language.name": "language",
    "cmd.game.language.desc": "The language of your DMs and private replies, in every game",
    "cmd.game.language.language.name": "language",
    "cmd.game.language.language.desc": "English, Polski or Русский",
    "cmd.me.name": "me",
    "cmd.me.desc": "Your own settings, for every game in every server",
    "cmd.me.timezone.name": "timezone",
    "cmd.me.timezone.desc": "Your time zone, for your deadlines and quiet hours",
    "cmd.me.timezone.zone.name": "zone",
    "cmd.me.timezone.zone.desc": "A time zone such as Europe/Warsaw or America/New_York (type to search)",
    "cmd.me.quiet.name": "quiet",
    "cmd.me.quiet.desc": "Your quiet hours: no clock runs and nothing notifies you then",
    "cmd.me.quiet.hours.name": "hours",
    "cmd.me.quiet.hours.desc": "A range in your time such as 23-8 or 23:30-7, or off",
    "cmd.me.notify.name": "notify",
    "cmd.me.notify.desc": "How you hear of a new decision: DM, mention, daily digest, or quiet",
    "cmd.me.notify.mode.name": "mode",
    "cmd.me.notify.mode.desc": "dm: a DM per burst of decisions · mention: in the channel · digest: one DM a day · quiet: none",
    "cmd.me.language.name": "language",
    "cmd.me.language.desc": "The language of your DMs and private replies, in every game",
    "cmd.me.language.language.name": "language",
    "cmd.me.language.language.desc": "English, Polski or Русский",
    "cmd.me.images.name": "images",
    "cmd.me.images.desc": "Images in your DMs and private replies, or text instead",
    "cmd.me.images.mode.name": "mode",
    "cmd.me.images.mode.desc": "on: images · off: their words, with the same buttons (the channel keeps images)",
    "cmd.me.images.mode.choice.on": "on: images (default)",
    "cmd.me.images.mode.choice.off": "off: text instead",
    "cmd.me.show.name": "show",
    "cmd.me.show.desc": "Your settings, and the time where you are",
    "cmd.me.away.name": "away",
    "cmd.me.away.desc": "Away for some days: your clocks stand still (up to each game's allowance)",
    "cmd.me.away.days.name": "days",
    "cmd.me.away.days.desc": "Days away from now, 1 to 30; 0 ends your time away",
    "cmd.game.web.name": "web",
    "cmd.game.web.desc": "Show this server's games on the web, or stop showing them (Manage Server)",
    "cmd.game.web.enabled.name": "enabled",
    "cmd.game.web.enabled.desc": "true: each game gets a live web page (what everyone at the table sees); false: every page is gone",
    "cmd.game.undo.name": "undo",
    "cmd.game.undo.desc": "Take back your last move, if nobody has acted since and it revealed nothing",
    "cmd.game.undo.game.name": "game",
    "cmd.game.undo.game.desc": "In a DM, with several games: which game (in a server channel, its own game)",
    "cmd.game.log.name": "log",
    "cmd.game.log.desc": "The recent move-by-move log of this channel's game",
    "cmd.game.replay.name": "replay",
    "cmd.game.replay.desc": "Watch a game again move by move, privately (this channel's, or an older one)",
    "cmd.game.replay.game.name": "game",
    "cmd.game.replay.game.desc": "An older game of this server, by its number (default: this channel's game)",
    "cmd.game.abandon.name": "abandon",
    "cmd.game.abandon.desc": "End this channel's game (host or Manage Server)",
    "cmd.game.abandon.game.name": "game",
    "cmd.game.abandon.game.desc": "A paused game of this server whose channel is gone (when there are several)",
    "cmd.game.resume.name": "resume",
    "cmd.game.resume.desc": "Go on with a paused game: here, or moved here if its channel is gone",
    "cmd.game.resume.game.name": "game",
    "cmd.game.resume.game.desc": "A paused game of this server whose channel is gone (when there are several)",
    "cmd.game.next.name": "next",
    "cmd.game.next.desc": "Start the next game of this channel's series",
    "cmd.game.cup.name": "cup",
    "cmd.game.cup.desc": "The standings of this channel's series",
    "cmd.game.stats.name": "stats",
    "cmd.game.stats.desc": "Finished games, wins and scores of a player in this server",
    "cmd.game.stats.player.name": "player",
    "cmd.game.stats.player.desc": "Whose record to show (default: yours)",
    "cmd.game.top.name": "top",
    "cmd.game.top.desc": "This server's leaderboard of a game, as an image",
    "cmd.game.top.game.name": "game",
    "cmd.game.top.game.desc": "Which game's leaderboard (default: this channel's game)",
    "cmd.game.top.page.name": "page",
    "cmd.game.top.page.desc": "Which page of ten players (default: the first)",
    "cmd.move.name": "move",
    "cmd.move.desc": "Make any of your moves: pick it from the list",
    "cmd.move.move.name": "move",
    "cmd.move.move.desc": "One of the moves you can make now",
    "cmd.move.game.name": "game",
    "cmd.move.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.tutorial.name": "tutorial",
    "cmd.tutorial.desc": "Learn a game: a short guided game against the AI, in your DMs",
    "cmd.tutorial.game.name": "game",
    "cmd.tutorial.game.desc": "The game to learn (the first one if left out)",
    "cmd.hand.name": "hand",
    "cmd.hand.desc": "See your hand (only you see it)",
    "cmd.hand.game.name": "game",
    "cmd.hand.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.table.name": "table",
    "cmd.table.desc": "See this channel's table (only you see this copy)",
    "cmd.card.name": "card",
    "cmd.card.desc": "Show one card of any game",
    "cmd.card.name.name": "name",
    "cmd.card.name.desc": "A card's name in any language, or a kind, type or colour",
    "cmd.rules.name": "rules",
    "cmd.rules.desc": "Rules help",
    "cmd.rules.topic.name": "topic",
    "cmd.rules.topic.desc": "What to explain",
}

DOMAIN = i18n.register("commands", Path(__file__).parent / "locales", COMMANDS)

#: Every catalogue of slash-command words: the host's, then each game's own (``register``).
COMMAND_DOMAINS: dict[str, i18n.Domain] = {DOMAIN.name: DOMAIN}

#: A command's ``extras`` entry naming parameters whose words are another command's: parameter name → key prefix
#: (a game's verbs take their ``game`` option's words from ``/move``'s, ``cmd.move.game``).
SHARED_PARAMETERS = "shared_parameters"


def register(name: str, directory: Path, english: Mapping[str, Template]) -> i18n.Domain:
    """A game's own slash-command words (its verbs, its ``/game new`` options and choices), translated in its
    package's ``directory``: a catalogue domain the translator reads like the host's.

    A ``/game new`` option two games share (``NewOption.shared``) has one set of words: the keys another command
    domain already holds with the same English stay there."""
    theirs = {k: d for d in COMMAND_DOMAINS.values() if d.name != name for k in d.english}
    own = {k: v for k, v in english.items() if k not in theirs or theirs[k].english[k] != v}
    domain = i18n.register(name, directory, own)
    COMMAND_DOMAINS[name] = domain
    _choice_keys.cache_clear()
    return domain


def unregister(name: str) -> None:
    """Forget a game's command words (a test's game, registered for its duration)."""
    if COMMAND_DOMAINS.pop(name, None) is not None:
        i18n.unregister(name)
    _choice_keys.cache_clear()


#: Choices whose English name already comes from another catalogue (``/game new series:``): the same key serves.
BORROWED: dict[str, str] = {
    "cmd.game.new.series.choice.single": "series.single",
    "cmd.game.new.series.choice.cup": "series.cup",
}

#: Choice names that stay as they are in every language: each language by its own name (``language:``).
AUTONYMS = frozenset({"English", "Polski", "Русский"})

#: Discord's locales we have catalogues for.
LOCALES: dict[discord.Locale, str] = {discord.Locale.polish: "pl", discord.Locale.russian: "ru"}

NAME_LIMIT = 32
TEXT_LIMIT = 100
NAME_PUNCTUATION = "-_'"

_NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def _path(command: Any) -> str:
    """``game new`` → ``game.new``: a command's place in the tree as a key part."""
    return str(command.qualified_name).replace(" ", ".")


@cache
def _choice_keys() -> dict[tuple[str, str], str]:
    """(value, English name) → key of every translatable choice: a ``Choice`` does not know its option, so the
    translator finds its key by what it says (choices of different options that say the same share a text)."""
    out: dict[tuple[str, str], str] = {}
    keys = [k for d in COMMAND_DOMAINS.values() for k in d.english if ".choice." in k]
    for key in [*keys, *BORROWED]:
        value = key.rsplit(".choice.", 1)[1]
        out.setdefault((value, english(key)), key)
    return out


def english(key: str) -> str:
    """The English of a command text (a borrowed choice's from its own catalogue)."""
    return i18n.text(BORROWED.get(key, key), "en")


def key_for(string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]) -> str | None:
    """The catalogue key of a string discord.py asks about, from where it sits (None: not a command text)."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return f"cmd.{_path(data)}.name"
    if where in (Where.command_description, Where.group_description):
        return f"cmd.{_path(data)}.desc"
    if where in (Where.parameter_name, Where.parameter_description):
        shared = data.command.extras.get(SHARED_PARAMETERS, {}).get(data.name)
        prefix = shared or f"cmd.{_path(data.command)}.{data.name}"
        return f"{prefix}.name" if where is Where.parameter_name else f"{prefix}.desc"
    if where is Where.choice_name and string.message not in AUTONYMS:
        return _choice_keys().get((str(data.value), string.message))
    return None


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command or option name: 1–32 letters, digits, ``-``, ``_`` or ``'``,
    lowercase where a letter has a lowercase form."""
    return (
        0 < len(name) <= NAME_LIMIT
        and all(ch.isalnum() or ch in NAME_PUNCTUATION for ch in name)
        and name == name.lower()
    )


def translated(key: str, lang: str) -> str | None:
    """The text of ``key`` in ``lang``, None while it has no translation (Discord then shows the English)."""
    en = english(key)
    text = i18n.text(BORROWED.get(key, key), lang)
    return None if text == en else text


class CommandTranslator(app_commands.Translator):
    """Polish and Russian names and descriptions for the command tree, from the "commands" catalogue."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None:
            return None
        key = key_for(string, context)
        if key is None or not (i18n.has(key) or key in BORROWED) or english(key) != string.message:
            return None  # not ours, or the cog's English changed: the English is better than a stale translation
        text = translated(key, lang)
        if text is None:
            return None
        ok = valid_name(text) if context.location in _NAMES else 0 < len(text) <= TEXT_LIMIT
        if not ok:
            # Discord refuses the whole sync for one bad name: keep the English instead (the tests catch it)
            log.warning("command text %s in %s is not accepted by Discord: %r", key, lang, text)
            return None
        return text
