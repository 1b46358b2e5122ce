"""Many games at once: moves committed in the same instant, AI-only games beside human games.

AI seats think for ``AI_DELAY`` virtual seconds (beyond SimCord's settle window), so every
AI seat that is due moves at the same instant when the test advances the clock: their
commits really overlap, with each other and with the humans' moves.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot import Settings

from .conftest import user_errors_only
from .helpers import latest_prompt, open_game
from .test_reliability import human_to_move, move_once, results_posts

#: the images are checked by their presence only (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

AI_DELAY = 30.0


@pytest.mark.postgresql  # many games' writes at the same moment: on both stores
async def test_moves_in_many_games_commit_at_the_same_moment(simcord_env: Any) -> None:
    """Eight games, one move each, all committed in the same instant: every one is kept."""
    parties = [await open_game(simcord_env, (f"a{i}", f"b{i}"), variant="standard", spectators=()) for i in range(8)]
    bot = simcord_env.bot
    moves = []
    for party in parties:
        table = await party.table()
        for d in table.game.pending():  # the draft: both players pick at once
            seat = table.by_seat(d.seat)
            moves.append((table.id, seat.user_id, str(table.game.legal_actions(d.seat)[0]), table.since[d.seat]))
    versions = [(await p.table()).game.version for p in parties]
    # made as commands: no interaction answers in the players' DMs here, so their prompts are the deliveries' to send
    outcomes = await asyncio.gather(
        *(bot.service.play.act(g, user_id=u, text=m, since=s, source="command") for g, u, m, s in moves)
    )
    for outcome in outcomes:
        bot.service.play.publish(outcome)
    # the deliveries run in tasks this test started (not bot-owned, so SimCord's settle does not wait)
    for _ in range(400):
        if not await bot.store.work.pending_deliveries() and not bot.deliverer.busy:
            break
        await asyncio.sleep(0.02)
    await simcord_env.settle()
    assert len(outcomes) == 16
    for party, version in zip(parties, versions, strict=True):
        table = await party.table()
        assert table.game.version == version + 2
        assert await bot.store.play.action_count(table.id) == 2
        for name in party.users:  # the next draft round reached both players
            prompt = latest_prompt(party.users[name])
            assert prompt is not None and "round 2" in prompt.content
    assert await bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)


@pytest.fixture
def settings(db_location: str) -> Settings:
    return Settings(
        token=None,
        db_path=db_location,
        ai_delay=AI_DELAY,
        table_edit_interval=0.0,
        burst_seconds=0.0,
        discord_limits=False,
        snapshot_every=10,
        heartbeat_seconds=3600.0,  # a write every 15 simulated seconds on PostgreSQL otherwise
    )


@pytest.mark.slow(35)
@pytest.mark.simcord(settle_timeout=10)  # below AI_DELAY: a thinking AI seat waits for the clock
async def test_all_ai_games_run_beside_human_games(simcord_env: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Four AI-only games move at the same instants as two human games; none stops, all finish."""
    caplog.set_level(logging.WARNING)
    ai_games = []
    for i in range(4):
        party = await open_game(simcord_env, (f"host{i}",), ais=2, variant="two-player", spectators=(), start=False)
        await party.members[f"host{i}"].slash(party.channel, "game leave")
        await party.members[f"host{i}"].slash(party.channel, "game start")
        ai_games.append(party)
    humans = [await open_game(simcord_env, (f"x{i}", f"y{i}"), ais=1, variant="quick-start") for i in range(2)]
    for step in range(3000):
        for party in humans:
            if await human_to_move(party) is not None:
                await move_once(party, step)
        if all([(await p.table()).game.is_over() for p in ai_games + humans]):
            break
        await simcord_env.advance_time(AI_DELAY)  # every AI seat due now moves at the same moment
    else:
        raise AssertionError("the games did not finish")
    for party in ai_games + humans:
        assert (await party.table()).row.status == "over"
        assert len(results_posts(party)) == 1
    assert "AI move failed" not in caplog.text
    assert await simcord_env.bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)
