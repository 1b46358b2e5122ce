"""``/me``: a person's own settings (time zone, quiet hours, notifications, language), each answered privately and
kept per person; ``/me show`` reads them back with the person's local time. ``/game notify`` and ``/game language``
still work and say where the setting moved."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.clocks.waking import Quiet

from .conftest import user_errors_only

pytestmark = pytest.mark.unseen_images

POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


def member(env: Any, name: str = "ola") -> tuple[Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel("nightfall")
    return guild.add_member(env.create_user(name)), channel


def local_now(env: Any, zone: str) -> str:
    from zoneinfo import ZoneInfo

    return datetime.fromtimestamp(env.bot.store.epoch(), UTC).astimezone(ZoneInfo(zone)).strftime("%H:%M")


@pytest.mark.postgresql
async def test_me_sets_a_zone_and_quiet_hours_and_shows_them(simcord_env: Any) -> None:
    env = simcord_env
    ola, channel = member(env)
    shown = await ola.slash(channel, "me show")
    assert shown.ephemeral
    text = shown.response.content
    assert "Time zone: UTC" in text and "Quiet hours: none" in text and "New decisions: a DM" in text

    offered = await ola.autocomplete(channel, "me timezone", "zone", "warsaw")
    assert offered[0]["value"] == "Europe/Warsaw"
    assert offered[0]["name"] == f"Europe/Warsaw — {local_now(env, 'Europe/Warsaw')}"
    assert len(await ola.autocomplete(channel, "me timezone", "zone", "")) > 5

    reply = await ola.slash(channel, "me timezone", zone="europe/warsaw")
    assert reply.ephemeral and "**Europe/Warsaw**" in reply.response.content
    reply = await ola.slash(channel, "me quiet", hours="23-8")
    assert reply.ephemeral and "**23:00–08:00** (Europe/Warsaw)" in reply.response.content
    assert await env.bot.store.people.my_time(ola.id) == ("Europe/Warsaw", Quiet(23 * 60, 8 * 60))

    await ola.slash(channel, "me notify", mode="mention")
    text = (await ola.slash(channel, "me show")).response.content
    assert f"Time zone: Europe/Warsaw, where it is {local_now(env, 'Europe/Warsaw')} now" in text
    assert "Quiet hours: 23:00–08:00" in text and "<t:" in text
    assert "New decisions: a mention in the game's channel" in text

    await ola.slash(channel, "me language", language="pl")
    text = (await ola.slash(channel, "me show")).response.content
    assert "Twoje ustawienia" in text and "Język: Polski" in text and POLISH.search(text)

    await ola.slash(channel, "me quiet", hours="off")
    assert await env.bot.store.people.my_time(ola.id) == ("Europe/Warsaw", None)
    # per person, not per server: the same person in another server has the same settings
    other = env.create_guild()
    there = other.create_text_channel("elsewhere")
    again = other.add_member(ola.user if hasattr(ola, "user") else env.get_user(ola.id))
    text = (await again.slash(there, "me show")).response.content
    assert "Europe/Warsaw" in text
    assert user_errors_only(env) == []


async def test_me_refuses_kindly(simcord_env: Any) -> None:
    env = simcord_env
    ola, channel = member(env)
    for hours, why in [
        ("tonight", "such as 23-8"),
        ("8-8", "must not end where it begins"),
        ("0-23", "16 hours a day at most"),
        ("25-7", "such as 23-8"),
    ]:
        refused = await ola.slash(channel, "me quiet", hours=hours)
        assert refused.ephemeral and why in refused.response.content, refused.response.content
    refused = await ola.slash(channel, "me timezone", zone="Mars/Olympus")
    assert refused.ephemeral and "not a time zone I know" in refused.response.content
    assert await env.bot.store.people.my_time(ola.id) == (None, None)
    assert len(user_errors_only(env)) == 5


async def test_game_notify_and_game_language_still_work_and_point_to_me(simcord_env: Any) -> None:
    env = simcord_env
    ola, channel = member(env)
    reply = await ola.slash(channel, "game notify", mode="quiet")
    assert reply.ephemeral and "`/me notify`" in reply.response.content
    assert await env.bot.store.people.notify_mode(ola.id) == "quiet"
    reply = await ola.slash(channel, "game language", language="pl")
    assert reply.ephemeral and "`/ja język`" in reply.response.content and POLISH.search(reply.response.content)
    assert await env.bot.store.people.language_for(ola.id) == "pl"
