"""A command that fails after it committed never tells the person "nothing was changed": they are told it may have
taken effect and where to look. One that fails before any commit still says nothing was changed."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cogs.lobby import Lobby
from bot.service import SeatService


def _boom(*_args: Any, **_kwargs: Any) -> Any:
    raise RuntimeError("an unforeseen failure")


async def _open(env: Any) -> tuple[Any, Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(env.create_user("alice"))
    return guild, channel, member


async def test_a_new_game_that_fails_after_its_lobby_was_saved_says_it_may_have_taken_effect(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _guild, channel, alice = await _open(simcord_env)
    monkeypatch.setattr(Lobby, "_opened_text", _boom)  # the lobby is committed, then its message fails
    result = await alice.slash(channel, "game new")
    assert result.ephemeral
    assert "may have taken effect" in result.response.content
    assert "nothing was changed" not in result.response.content
    assert await simcord_bot.store.games.open_game_in(channel.id) is not None  # it was indeed saved
    assert [type(getattr(e, "original", e)) for e in simcord_env.errors] == [RuntimeError]
    simcord_env.errors.clear()


async def test_a_command_that_fails_before_any_commit_says_nothing_was_changed(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    _guild, channel, alice = await _open(simcord_env)
    monkeypatch.setattr(SeatService, "new_lobby", _boom)
    result = await alice.slash(channel, "game new")
    assert result.ephemeral and "nothing was changed" in result.response.content
    assert await simcord_bot.store.games.open_game_in(channel.id) is None
    assert [type(getattr(e, "original", e)) for e in simcord_env.errors] == [RuntimeError]
    simcord_env.errors.clear()
