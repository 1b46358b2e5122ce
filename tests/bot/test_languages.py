"""Polish, Russian and English side by side: each person reads their language in private, the channel the game's.

SimCord sends every interaction with the locale ``en-US``, so the players choose their language with
``/game language``; the path from a Discord client's locale is tested on its own below.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot import Settings
from engine.nightfall.cards import card_set
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, play_to_the_end, public_lines

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

#: Words of English UI sentences that are no word of a Polish or Russian one (case-insensitive, whole words).
ENGLISH = re.compile(
    r"\b(the|and|with|attacks?|blocks?|wounds?|turn|chain|claims?|links?|resolves?|discards?|draws?|"
    r"receives?|destroyed|influence|players?|waiting|your|you|goes|first|over|phase|pick|damage|"
    r"game|cards?|hand|choose|target|minions?|pass|no more|of|from|for|is|won|place)\b",
    re.IGNORECASE,
)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


def _card_names() -> list[str]:
    cards = card_set()
    names = {n for c in cards.cards.values() for n in c.names.values()}
    return sorted(names, key=len, reverse=True)


def english_left(text: str, people: list[str]) -> list[str]:
    """English words in ``text`` once card names (which the glossary keeps in English for Russian),
    people's names, links, mentions, timestamps and code spans are taken out."""
    text = re.sub(r"https?://\S+|<[@#t][^>]*>|`[^`]*`", " ", text)
    for name in [*_card_names(), *people]:
        text = text.replace(name, " ")
    return ENGLISH.findall(text)


def dms(user: Any) -> list[discord.Message]:
    return [m for m in user.dm_channel.history() if m.author.bot] if user.dm_channel else []


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, watchdog_seconds=24 * 3600.0)


async def open_polish_game(env: Any) -> Party:
    """A Polish server: ola reads Polish, ivan Russian, emma (a spectator) keeps English; one AI seat."""
    guild = env.create_guild(preferred_locale="pl")
    channel = guild.create_text_channel("nightfall")
    party = Party(env, channel)
    for name in ("ola", "ivan", "emma"):
        party.users[name] = env.create_user(name)
        party.members[name] = guild.add_member(party.users[name])
    await party.members["ola"].slash(channel, "game language", language="pl")
    await party.members["ivan"].slash(channel, "game language", language="ru")
    await party.members["ola"].slash(channel, "game new", variant="quick-start")
    await party.members["ivan"].slash(channel, "game join")
    await party.members["ola"].slash(channel, "game add-bot")
    await party.members["ola"].slash(channel, "game start")
    return party


@pytest.mark.slow(7)
async def test_a_polish_and_a_russian_player_each_read_their_language(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_polish_game(env)
    table = await party.table()
    assert table.lang == "pl", "a new game takes the Polish server's language"
    transcript = await play_to_the_end(party)
    table = await party.table()
    assert table.game.is_over()
    people = [s.display_name for s in table.seats] + ["ola", "ivan", "emma", "Nightfall"]

    # the channel and its thread, as the English spectator sees them: the game's language, Polish
    channel = public_lines(party.channel)
    assert channel
    leaks = {line: english_left(line, people) for line in channel if english_left(line, people)}
    assert not leaks, f"English in the Polish game's channel: {list(leaks.items())[:5]}"
    assert any(POLISH.search(line) for line in channel)
    assert not any(CYRILLIC.search(line) for line in channel), "the channel mixes in the Russian player's language"

    # ola's DMs and private replies: Polish; ivan's: Russian
    for name, script, other in (("ola", POLISH, CYRILLIC), ("ivan", CYRILLIC, POLISH)):
        private = [m.content for m in dms(party.users[name])]
        private += [line.split("→", 1)[1] for line in transcript if line.startswith(f"{name}: /")]
        assert private, name
        for text in private:
            assert not english_left(text, people), f"{name} read English: {text!r}: {english_left(text, people)}"
            assert not other.search(_without_names(text)), f"{name} read another language: {text!r}"
        # (short Polish replies, "✓ Cel: ivan", need no diacritics: the English check above is the strict one)
        assert sum(bool(script.search(text)) for text in private) >= len(private) * 0.5
        # what each prompt asked and the button pressed, as the transcript recorded them during the game
        pressed = [line.split(" sees ", 1)[1] for line in transcript if line.startswith(f"{name} (DM) sees ")]
        # (a pick in a select menu is recorded by its move text, "discard c66": no words to read)
        pressed = [re.sub(r"→ presses \[[a-z]+ [a-z0-9 ]+\]$", "", line) for line in pressed]
        assert pressed and all(not english_left(line, people) for line in pressed), pressed[:10]
    # the English spectator's own private reply is English; ola's, about the same table, Polish
    seen = await party.members["emma"].slash(party.channel, "game status")
    assert seen.ephemeral and english_left(seen.response.content, people), seen.response.content
    assert not POLISH.search(_without_names(seen.response.content)) and not CYRILLIC.search(seen.response.content)
    hers = await party.members["ola"].slash(party.channel, "game status")
    assert hers.ephemeral and not english_left(hers.response.content, people), hers.response.content
    assert user_errors_only(env) == []


def _without_names(text: str) -> str:
    for name in _card_names():
        text = text.replace(name, " ")
    return text


async def test_a_new_game_takes_the_servers_language_unless_told(simcord_env: Any) -> None:
    env = simcord_env
    for locale, asked, expected in (("pl", None, "pl"), ("ru", None, "ru"), ("de", None, "en"), ("pl", "en", "en")):
        guild = env.create_guild(preferred_locale=locale)
        channel = guild.create_text_channel("nightfall")
        host = guild.add_member(env.create_user(f"host-{locale}-{asked}"))
        options = {"language": asked} if asked else {}
        reply = await host.slash(channel, "game new", **options)
        row = await env.bot.store.games.last_game_in(channel.id)
        assert row.language == expected, (locale, asked)
        if expected == "pl":
            assert "otworzył" in reply.response.content or "Nightfall" in reply.response.content
        if expected == "ru":
            assert CYRILLIC.search(reply.response.content)


async def test_game_language_changes_private_replies_only(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("nightfall")
    ola = guild.add_member(env.create_user("ola"))
    reply = await ola.slash(channel, "game language", language="pl")
    assert reply.ephemeral and POLISH.search(reply.response.content)
    refused = await ola.slash(channel, "game start")
    assert refused.ephemeral and not english_left(refused.response.content, ["ola"]), refused.response.content
    assert len(user_errors_only(env)) == 1
    opened = await ola.slash(channel, "game new")
    assert not opened.ephemeral and "Nightfall" in opened.response.content
    assert not POLISH.search(opened.response.content.replace("ola", "")), "the channel keeps the game's English"


async def test_a_discord_clients_locale_is_the_default_and_is_remembered(simcord_env: Any) -> None:
    """The interaction-locale path (SimCord always says en-US): a Polish client gets Polish, the choice of
    ``/game language`` wins over it, and the client's language is kept for DMs sent outside an interaction."""
    bot = simcord_env.bot

    def interaction(user_id: int, locale: discord.Locale) -> Any:
        return SimpleNamespace(user=SimpleNamespace(id=user_id), locale=locale, extras={})

    assert await bot.lang(interaction(1, discord.Locale.polish)) == "pl"
    assert await bot.store.people.language_for(1) == "pl"
    assert await bot.lang(interaction(2, discord.Locale.russian)) == "ru"
    assert await bot.lang(interaction(3, discord.Locale.american_english)) == "en"
    assert await bot.lang(interaction(4, discord.Locale.german)) == "en"
    await bot.store.people.set_language(2, "pl")
    assert await bot.lang(interaction(2, discord.Locale.russian)) == "pl"
    assert [await bot.store.people.language_for(u) for u in (1, 2, 3, 99)] == ["pl", "pl", "en", "en"]
    first = interaction(5, discord.Locale.polish)
    assert await bot.lang(first) == "pl" and first.extras["lang"] == "pl"
