"""The channel gets one table message, edited in place, with bursts of moves coalesced."""

from __future__ import annotations

from typing import Any

import pytest

from bot import Settings

from .conftest import user_errors_only

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


@pytest.fixture
def settings(db_location: str) -> Settings:
    return Settings(
        token=None,
        db_path=db_location,
        ai_delay=0.0,
        table_edit_interval=0.3,
        burst_seconds=0.0,
        discord_limits=False,
        heartbeat_seconds=3600.0,
    )


@pytest.mark.simcord(settle_timeout=120)
async def test_a_whole_ai_game_makes_few_table_edits_and_one_table_message(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(simcord_env.create_user("host"))
    await host.slash(channel, "game new", variant="two-player")
    await host.slash(channel, "game add-bot")
    await host.slash(channel, "game add-bot")
    await host.slash(channel, "game leave")
    await host.slash(channel, "game start")
    row = await simcord_env.bot.store.games.last_game_in(channel.id)
    assert row.status == "over"
    moves = await simcord_env.bot.store.play.action_count(row.id)
    edits = [
        r
        for r in simcord_env.http_requests
        if r.method == "PATCH" and r.path.endswith(f"/messages/{row.table_message_id}")
    ]
    assert moves > 50
    assert len(edits) < moves / 5, f"{len(edits)} table edits for {moves} moves"
    tables = [m for m in channel.history() if any(a.filename.endswith("-table.png") for a in m.attachments)]
    assert [m.id for m in tables] == [row.table_message_id]
    user_errors_only(simcord_env)
