"""Nightfall's slash-command words: its verbs, its ``/game new`` options, its name and its ``/rules`` topics, in
English from their declarations (``bot.nightfall.play``) and in Polish and Russian in this package's
``locales/*/LC_MESSAGES/nightfall_commands.po``; the host's command translator reads them like its own."""

from __future__ import annotations

from pathlib import Path

from bot.nightfall.play import NEW_OPTIONS, VERBS
from bot.nightfall.rules_text import TOPICS
from bot.verbs import game_words
from bot.words.commands import register
from engine.nightfall.rules import NIGHTFALL

COMMANDS = game_words(NIGHTFALL.key, NIGHTFALL.name, VERBS, NEW_OPTIONS, {topic: topic for topic in TOPICS})

DOMAIN = register("nightfall_commands", Path(__file__).parent / "locales", COMMANDS)
