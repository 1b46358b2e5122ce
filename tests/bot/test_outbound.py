"""The bot's one budget of REST calls: Discord's global and per-channel limits kept, the most urgent first.

Windows are shortened (a tenth of a second) so that the budget runs out quickly; what is checked is the order and
the limits, never how fast anything went.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from bot import Settings
from bot.discord_io import outbound
from bot.discord_io.outbound import CHANNEL, LOG, NOTICE, PROMPT, Outbound

from .helpers import open_game
from .test_reliability import human_to_move, move_once

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

WINDOW = 0.1


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The suite's settings, with Discord's limits kept as the bot keeps them."""
    return replace(settings, discord_limits=True)


async def test_when_the_budget_is_spent_a_waiting_person_goes_first_then_the_table_then_the_rest() -> None:
    budget = Outbound(per_second=2, second=WINDOW)
    await budget.take()
    await budget.take()  # the budget of this window is spent
    order: list[int] = []

    async def call(urgency: int) -> None:
        await budget.take(urgency=urgency)
        order.append(urgency)

    tasks = [asyncio.create_task(call(u)) for u in (LOG, NOTICE, LOG, CHANNEL, PROMPT, NOTICE)]
    await asyncio.gather(*tasks)
    # two calls a window: the two most urgent in the first, then the notices, the log last (within a window the
    # calls go out together, in whatever order their tasks resume)
    assert [sorted(order[k : k + 2]) for k in (0, 2, 4)] == [[PROMPT, CHANNEL], [NOTICE, NOTICE], [LOG, LOG]]
    assert budget.held == 6


async def test_no_window_holds_more_calls_than_the_budget() -> None:
    budget = Outbound(per_second=3, second=WINDOW)
    loop = asyncio.get_running_loop()
    times: list[float] = []

    async def call() -> None:
        await budget.take()
        times.append(loop.time())

    await asyncio.gather(*(call() for _ in range(10)))
    assert len(times) == 10
    for k in range(len(times) - 3):
        assert times[k + 3] - times[k] >= WINDOW * 0.999, times  # any four calls span a whole window


async def test_a_full_channel_waits_its_turn_without_holding_up_other_channels() -> None:
    budget = Outbound(per_second=100, channel_posts=5, channel_window=WINDOW)
    loop = asyncio.get_running_loop()
    posts: dict[int, list[float]] = {1: [], 2: []}

    async def post(channel: int, urgency: int) -> None:
        await budget.take(channel, post=True, urgency=urgency)
        posts[channel].append(loop.time())

    # seven urgent posts into channel 1, then one ordinary post into channel 2
    first = [asyncio.create_task(post(1, PROMPT)) for _ in range(7)]
    await asyncio.sleep(0)
    other = asyncio.create_task(post(2, LOG))
    await other
    assert len(posts[1]) == 5, "channel 2's post waited behind channel 1's bucket"
    await asyncio.gather(*first)
    one = posts[1]
    assert one[5] - one[0] >= WINDOW * 0.999 and one[6] - one[1] >= WINDOW * 0.999, one
    # edits are not posts: they wait only for the global budget
    await budget.take(1)
    await budget.take(1)


async def test_a_caller_that_gives_up_leaves_its_place_to_the_next() -> None:
    budget = Outbound(per_second=1, second=WINDOW)
    await budget.take()
    gives_up = asyncio.create_task(budget.take(urgency=PROMPT))
    waits = asyncio.create_task(budget.take(urgency=LOG))
    await asyncio.sleep(0)
    gives_up.cancel()
    await waits
    assert gives_up.cancelled()
    assert budget.waiting() == 0


async def test_every_call_a_whole_game_sends_goes_through_the_budget(simcord_env: Any) -> None:
    """After the start, every REST call the bot makes on its own (not an interaction's answer) took its turn in the
    one budget: a table edit, a summary, a thread post, a DM, a prompt edit."""
    env = simcord_env
    party = await open_game(env, ("alice", "bob"), variant="quick-start")
    await env.settle()
    budget = party.bot.notifier.outbound
    granted, start = budget.granted, len(env.backend.http_requests)
    for n in range(60):
        if await human_to_move(party) is None:
            break
        await move_once(party, n)
        await env.advance_time(3.0)
    await env.advance_time(60.0)
    made = [
        e
        for e in env.backend.http_requests[start:]
        if e.method != "GET" and not e.path.startswith(("/interactions/", "/webhooks/"))
    ]
    assert len(made) >= 20, "the game made too few calls to prove anything"
    assert budget.granted - granted == len(made), [f"{e.method} {e.path}" for e in made]
    assert outbound.priority.get() == NOTICE  # the test's own context was never given a delivery's priority


async def test_a_held_call_is_looked_at_again_later_than_now_never_at_once() -> None:
    """Under a simulated clock that stands still while the bot works, a look due "now" would run again and
    again: the next look for a held call is always after the moment a slot frees."""
    budget = Outbound(per_second=1, channel_posts=1, channel_window=WINDOW, second=WINDOW)
    loop = asyncio.get_running_loop()
    await budget.take(7, post=True)
    held = asyncio.create_task(budget.take(7, post=True))
    await asyncio.sleep(0)
    assert budget.waiting() == 1
    assert budget._dispatch() > loop.time()
    await held
    assert budget.waiting() == 0
