"""A lobby opens, fills and starts; an AI-only game plays to its results."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=120)
async def test_ai_only_game_runs_to_results(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(simcord_env.create_user("host"))
    result = await host.slash(channel, "game new", variant="quick-start")
    assert "opened a game" in result.response.content
    for _ in range(2):
        await host.slash(channel, "game add-bot")
    result = await host.slash(channel, "game leave")
    assert "stays the host" in result.response.content
    await host.slash(channel, "game start")
    messages = channel.history()
    print([m.content[:80] for m in messages][-5:])
    assert any("The game is over" in m.content for m in messages)
