"""``/rules`` without a topic explains the game played where it is typed (a channel's, a DM's, a tutorial's), or
lists the games where none is; a tutorial's first DM says how its game is won and what a turn is.

The real bot in SimCord.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import FACES, game_name

from .conftest import user_errors_only
from .test_tutorial import learner

#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

NIGHTFALL_OVERVIEW = "fewest wounds wins"
FIGHTDROME_OVERVIEW = "a card duel for two"
#: the first words of each game's goal sentence, per language
GOAL = {"en": "How to win", "pl": "Jak wygrać", "ru": "Как победить"}


@pytest.mark.parametrize(("game", "expected"), [("nightfall", NIGHTFALL_OVERVIEW), ("fightdrome", FIGHTDROME_OVERVIEW)])
async def test_rules_without_a_topic_explains_the_channels_game(simcord_env: Any, game: str, expected: str) -> None:
    _user, member, channel = await learner(simcord_env, "en")
    await member.slash(channel, "game new", game=game)
    rules = await member.slash(channel, "rules")
    assert rules.ephemeral
    assert expected in rules.response.content
    other = FIGHTDROME_OVERVIEW if game == "nightfall" else NIGHTFALL_OVERVIEW
    assert other not in rules.response.content
    # a topic still chooses
    chain = await member.slash(channel, "rules", topic="chain")
    assert "last in, first out" in chain.response.content
    user_errors_only(simcord_env)


async def test_rules_without_a_topic_lists_the_games_where_none_is_played(simcord_env: Any) -> None:
    _user, member, channel = await learner(simcord_env, "en")
    rules = await member.slash(channel, "rules")
    text = rules.response.content
    assert rules.ephemeral
    for key, face in FACES.items():
        if face.rules_topics:
            assert game_name(key) in text and f"`/rules` with the topic **{next(iter(face.rules_topics))}**" in text
            assert face.goal("en") in text
    user_errors_only(simcord_env)


async def test_rules_in_the_dm_of_a_fightdrome_tutorial_explains_fightdrome(simcord_env: Any) -> None:
    user, member, channel = await learner(simcord_env, "en")
    await member.slash(channel, "tutorial", game="fightdrome")
    await simcord_env.settle()
    rules = await user.slash("rules")
    assert FIGHTDROME_OVERVIEW in rules.response.content
    user_errors_only(simcord_env)


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("game", ["nightfall", "fightdrome"])
async def test_a_tutorials_first_dm_says_how_the_game_is_won(simcord_env: Any, game: str, lang: str) -> None:
    user, member, channel = await learner(simcord_env, lang)
    await member.slash(channel, "tutorial", game=game)
    await simcord_env.settle()
    dm = user.dm_channel
    assert dm is not None
    first = next(m.content for m in dm.history() if m.author.bot)  # oldest first: the welcome
    assert GOAL[lang] in first
    assert FACES[game].goal(lang) in first
    user_errors_only(simcord_env)
