"""Every image the bot sends carries a description (alt text, read aloud by screen readers), in its reader's
language: a Polish channel's table in Polish, the Russian player's DMs in Russian, at every post and every edit."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.settings import Settings
from bot.workers import images
from render.alt import ALT_LIMIT
from tests.bot import helpers
from tests.bot.helpers import play_to_the_end
from tests.bot.test_languages import dms, open_polish_game

#: no image is drawn: each is asked for as before, so its description is made as before (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

#: how each language's image words begin or name what they show (render/nightfall/alt.py)
MARKS = {
    "pl": re.compile(r"Stół Nightfall|Ręka gracza|Twoja decyzja|wyniki końcowe|runda draftu"),
    "ru": re.compile(r"Стол Nightfall|Рука игрока|Ваше решение|итоги|раунд драфта"),
    "en": re.compile(r"Nightfall table|'s hand|Your decision|final ranking|draft round"),
}


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, watchdog_seconds=24 * 3600.0)


def language_of(description: str) -> set[str]:
    return {lang for lang, mark in MARKS.items() if mark.search(description)}


def described(messages: list[discord.Message]) -> list[tuple[str, str | None]]:
    return [(a.filename, a.description) for m in messages for a in m.attachments]


@pytest.mark.slow(7)
async def test_every_attachment_carries_a_description_in_its_readers_language(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[str, str | None]] = []
    made = images.file_of

    def recorded(data: bytes, name: str, alt: str = "") -> discord.File:
        file = made(data, name, alt)
        sent.append((name, file.description))
        return file

    # each DM prompt as its reader saw it when they pressed a button (prompts lose their images once answered)
    prompts: list[tuple[Any, discord.Message]] = []
    press = helpers.press

    async def pressed(user: Any, message: discord.Message, move: str) -> Any:
        prompts.append((user, message))
        return await press(user, message, move)

    monkeypatch.setattr(images, "file_of", recorded)
    monkeypatch.setattr(helpers, "press", pressed)
    party = await open_polish_game(simcord_env)
    await play_to_the_end(party)
    table = await party.table()
    assert table.game.is_over()

    # every file made for a post or an edit, wherever it went: described, within Discord's limit, never in English
    assert len(sent) > 20
    for name, description in sent:
        assert description, f"{name} went without a description"
        assert len(description) <= ALT_LIMIT
        assert language_of(description) & {"pl", "ru"} and "en" not in language_of(description), description

    # as each reader saw them: the channel (and its thread) Polish, ola's DMs Polish, ivan's Russian
    channel = [*party.channel.history(), *(m for thread in party.channel.threads for m in thread.history())]
    for where, messages, lang in (
        ("channel", channel, "pl"),
        ("ola", [m for u, m in prompts if u is party.users["ola"]] + dms(party.users["ola"]), "pl"),
        ("ivan", [m for u, m in prompts if u is party.users["ivan"]] + dms(party.users["ivan"]), "ru"),
    ):
        shown = described(messages)
        assert shown, f"{where} got no image"
        for name, description in shown:
            assert description, f"{where}: {name} has no description"
            assert language_of(description) == {lang}, (where, name, description)
