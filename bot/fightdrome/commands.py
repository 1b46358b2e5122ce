"""Fightdrome's slash-command words: its verbs, its ``/game new`` options, its name and its ``/rules`` topics, in
English from their declarations (``bot.fightdrome.play``, ``bot.fightdrome.info``) and in Polish and Russian in
this package's ``locales/*/LC_MESSAGES/fightdrome_commands.po``; the host's command translator reads them like its
own."""

from __future__ import annotations

from pathlib import Path

from bot.fightdrome.info import TOPIC_NAMES
from bot.fightdrome.play import NEW_OPTIONS, VERBS
from bot.verbs import game_words
from bot.words.commands import register
from engine.fightdrome.rules import FIGHTDROME

COMMANDS = game_words(FIGHTDROME.key, FIGHTDROME.name, VERBS, NEW_OPTIONS, TOPIC_NAMES)

DOMAIN = register("fightdrome_commands", Path(__file__).parent / "locales", COMMANDS)
