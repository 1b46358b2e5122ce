"""Slash commands in the user's language: Discord shows each user the command, option and choice names and
descriptions in their client's language, from the ``name_localizations`` sent at sync time.

The English here repeats the cogs' strings under keys computed from where a string sits in the command tree,
so the translator needs no change in the cogs: ``cmd.<command path>.name`` / ``.desc`` for a command or group,
``cmd.<command path>.<parameter>.name`` / ``.desc`` for an option, ``cmd.<command path>.<parameter>.choice.<value>``
for a choice (``cmd.game.new.variant.choice.two-player``). ``tests/bot/test_commands_i18n.py`` walks the real
tree, so a description changed in a cog fails until this catalogue follows.
"""

# ruff: noqa: E501  (one catalogue entry per line)

from __future__ import annotations

import logging
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
    "cmd.game.new.game.choice.nightfall": "Nightfall",
    "cmd.game.new.variant.name": "variant",
    "cmd.game.new.variant.desc": "How the archives are drafted",
    "cmd.game.new.variant.choice.standard": "standard",
    "cmd.game.new.variant.choice.two-player": "two-player",
    "cmd.game.new.variant.choice.quick-start": "quick-start",
    "cmd.game.new.variant.choice.open": "open",
    "cmd.game.new.variant.choice.common-ground": "common-ground",
    "cmd.game.new.secret_archives.name": "secret_archives",
    "cmd.game.new.secret_archives.desc": "Keep private archives hidden",
    "cmd.game.new.deadline.name": "deadline",
    "cmd.game.new.deadline.desc": "Time for each decision, then the passive move is made: 30m, 12h, 2d, 1d12h or none (default 1d)",
    "cmd.game.new.series.name": "series",
    "cmd.game.new.series.desc": "A single game, or an Apocalypse Cup: games with the same seats until someone has 100 wounds",
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
    "cmd.game.add-bot.level.desc": "How well it plays: easy, normal (the default) or hard (thinks about a second a move)",
    "cmd.game.add-bot.level.choice.easy": "easy",
    "cmd.game.add-bot.level.choice.normal": "normal",
    "cmd.game.add-bot.level.choice.hard": "hard",
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
    "cmd.me.show.name": "show",
    "cmd.me.show.desc": "Your settings, and the time where you are",
    "cmd.me.away.name": "away",
    "cmd.me.away.desc": "Away for some days: your clocks stand still (up to each game's allowance)",
    "cmd.me.away.days.name": "days",
    "cmd.me.away.days.desc": "Days away from now, 1 to 30; 0 ends your time away",
    "cmd.game.undo.name": "undo",
    "cmd.game.undo.desc": "Take back your last move, if nobody has acted since and it revealed nothing",
    "cmd.game.undo.game.name": "game",
    "cmd.game.undo.game.desc": "In a DM, with several games: which game (in a server channel, its own game)",
    "cmd.game.log.name": "log",
    "cmd.game.log.desc": "The recent turn log of this channel's game",
    "cmd.game.replay.name": "replay",
    "cmd.game.replay.desc": "Watch a game again turn by turn, privately (this channel's, or an older one)",
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
    "cmd.game.next.desc": "Start the next game of this channel's Apocalypse Cup",
    "cmd.game.cup.name": "cup",
    "cmd.game.cup.desc": "The standings of this channel's Apocalypse Cup",
    "cmd.game.stats.name": "stats",
    "cmd.game.stats.desc": "Finished games, wins and wounds of a player in this server",
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
    "cmd.draft.name": "draft",
    "cmd.draft.desc": "Pick a draft card",
    "cmd.draft.card.name": "card",
    "cmd.draft.card.desc": "The card to pick",
    "cmd.draft.game.name": "game",
    "cmd.draft.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.attack.name": "attack",
    "cmd.attack.desc": "Send one of your minions to attack an opponent",
    "cmd.attack.move.name": "move",
    "cmd.attack.move.desc": "Which minion attacks whom",
    "cmd.attack.game.name": "game",
    "cmd.attack.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.block.name": "block",
    "cmd.block.desc": "Block an attacker with one of your minions",
    "cmd.block.move.name": "move",
    "cmd.block.move.desc": "Which of your minions blocks which attacker",
    "cmd.block.game.name": "game",
    "cmd.block.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.chain.name": "chain",
    "cmd.chain.desc": "Start the chain, or link a card onto it",
    "cmd.chain.card.name": "card",
    "cmd.chain.card.desc": "A card from your hand",
    "cmd.chain.game.name": "game",
    "cmd.chain.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.pass.name": "pass",
    "cmd.pass.desc": "Add no (more) cards to the chain",
    "cmd.pass.game.name": "game",
    "cmd.pass.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.target.name": "target",
    "cmd.target.desc": "Answer a pending choice: a target, an order, a card",
    "cmd.target.choice.name": "choice",
    "cmd.target.choice.desc": "Your choice",
    "cmd.target.game.name": "game",
    "cmd.target.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.claim.name": "claim",
    "cmd.claim.desc": "Claim the top card of an archive",
    "cmd.claim.archive.name": "archive",
    "cmd.claim.archive.desc": "An archive you can afford",
    "cmd.claim.game.name": "game",
    "cmd.claim.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.discard.name": "discard",
    "cmd.discard.desc": "Discard a card from your hand for 1 influence",
    "cmd.discard.card.name": "card",
    "cmd.discard.card.desc": "A card from your hand",
    "cmd.discard.game.name": "game",
    "cmd.discard.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.done.name": "done",
    "cmd.done.desc": "End your blocks, or end your claim phase",
    "cmd.done.game.name": "game",
    "cmd.done.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.wound.name": "wound",
    "cmd.wound.desc": "Use or skip the wound effect in your cleanup",
    "cmd.wound.choice.name": "choice",
    "cmd.wound.choice.desc": "use: discard every wound in your hand and draw 2 cards for each; skip: keep them",
    "cmd.wound.choice.choice.use": "use",
    "cmd.wound.choice.choice.skip": "skip",
    "cmd.wound.game.name": "game",
    "cmd.wound.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.hand.name": "hand",
    "cmd.hand.desc": "See your hand (only you see it)",
    "cmd.hand.game.name": "game",
    "cmd.hand.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.table.name": "table",
    "cmd.table.desc": "See this channel's table (only you see this copy)",
    "cmd.card.name": "card",
    "cmd.card.desc": "Show one card of any game",
    "cmd.card.name.name": "name",
    "cmd.card.name.desc": "A card's name in any language, or a kind, type or colour: vampire, action, red",
    "cmd.rules.name": "rules",
    "cmd.rules.desc": "Rules help",
    "cmd.rules.topic.name": "topic",
    "cmd.rules.topic.desc": "What to explain",
    "cmd.rules.topic.choice.overview": "overview",
    "cmd.rules.topic.choice.combat": "combat",
    "cmd.rules.topic.choice.chain": "chain",
    "cmd.rules.topic.choice.claim": "claim",
    "cmd.rules.topic.choice.cleanup": "cleanup",
    "cmd.rules.topic.choice.end": "end",
    "cmd.rules.topic.choice.variants": "variants",
    "cmd.rules.topic.choice.cards": "cards",
    "cmd.rules.topic.choice.moves": "moves",
    "cmd.game.new.game.choice.fightdrome": "Altered Carbon: Fightdrome",
    "cmd.game.new.format.name": "format",
    "cmd.game.new.format.desc": "Fightdrome: a match to a Fame target, a single bout, or a Grand Tournament",
    "cmd.game.new.format.choice.series": "match to a Fame target",
    "cmd.game.new.format.choice.bout": "single bout",
    "cmd.game.new.format.choice.tournament": "Grand Tournament",
    "cmd.game.new.fame_counts.name": "fame_counts",
    "cmd.game.new.fame_counts.desc": "Fightdrome: the match is won at 150 Fame instead of 300",
    "cmd.game.new.breather.name": "breather",
    "cmd.game.new.breather.desc": "Fightdrome: after a Rest the stunned player may rest back",
    "cmd.game.new.last_breath.name": "last_breath",
    "cmd.game.new.last_breath.desc": "Fightdrome: draw after a neuro card that was your last",
    "cmd.open.name": "open",
    "cmd.open.desc": "Open an exchange with an attack from your hand",
    "cmd.open.card.name": "card",
    "cmd.open.card.desc": "An attack from your hand",
    "cmd.open.game.name": "game",
    "cmd.answer.name": "answer",
    "cmd.answer.desc": "Answer the top card of the fight line",
    "cmd.answer.card.name": "card",
    "cmd.answer.card.desc": "A card from your hand that may be played on it",
    "cmd.answer.game.name": "game",
    "cmd.rest.name": "rest",
    "cmd.rest.desc": "Rest instead of opening: draw a card (after your opponent was stunned)",
    "cmd.rest.game.name": "game",
    "cmd.stun.name": "stun",
    "cmd.stun.desc": "Stunned: choose the card you discard face down",
    "cmd.stun.card.name": "card",
    "cmd.stun.card.desc": "A card from your hand",
    "cmd.stun.game.name": "game",
    "cmd.fighter.name": "fighter",
    "cmd.fighter.desc": "Grand Tournament: pick your next fighter",
    "cmd.fighter.sleeve.name": "sleeve",
    "cmd.fighter.sleeve.desc": "One of your Sleeves still to fight",
    "cmd.fighter.game.name": "game",
    "cmd.rules.topic.choice.fightdrome": "Fightdrome: overview",
    "cmd.rules.topic.choice.fightdrome-answers": "Fightdrome: what answers what",
    "cmd.rules.topic.choice.fightdrome-stun": "Fightdrome: stunned, Rest",
    "cmd.rules.topic.choice.fightdrome-scoring": "Fightdrome: rounds and Fame",
    "cmd.rules.topic.choice.fightdrome-options": "Fightdrome: formats, optional rules",
    "cmd.rules.topic.choice.fightdrome-moves": "Fightdrome: moves on Discord",
    "cmd.open.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.answer.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.rest.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.stun.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
    "cmd.fighter.game.desc": "In a DM, with several games waiting on you: which game (in a server channel, its own game)",
}

DOMAIN = i18n.register("commands", Path(__file__).parent / "locales", COMMANDS)

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
    for key in [*(k for k in COMMANDS if ".choice." in k), *BORROWED]:
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
    if where is Where.parameter_name:
        return f"cmd.{_path(data.command)}.{data.name}.name"
    if where is Where.parameter_description:
        return f"cmd.{_path(data.command)}.{data.name}.desc"
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
