"""The real bot on ``tests.fakerest.FakeDiscord``: it logs in without a network, and a whole game made through its
service (as interactions would) reaches the channel and both players' DMs, on each store."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio

from bot import Settings, create_bot
from bot.app import NightfallBot
from tests.fakerest import DM_CLOSED, UNKNOWN_MESSAGE, FakeDiscord

GUILD, CHANNEL = 7001, 7002
HOST, GUEST = 8001, 8002
SETTLE_SECONDS = 10.0

pytestmark = [pytest.mark.postgresql, pytest.mark.unseen_images]


@pytest_asyncio.fixture
async def running(settings: Settings) -> AsyncIterator[tuple[NightfallBot, FakeDiscord]]:
    bot = create_bot(settings)
    fake = FakeDiscord()
    fake.install(bot)
    await bot.login("fake-token")
    fake.add_guild(bot, GUILD, {CHANNEL: "nightfall"})
    try:
        yield bot, fake
    finally:
        await bot.close()


async def start_game(bot: NightfallBot) -> int:
    """``/game new`` (quick-start Nightfall), ``/game join`` and ``/game start``, as the lobby's commands call them."""
    service = bot.service
    await service.seats.new_lobby(
        guild_id=GUILD,
        channel_id=CHANNEL,
        channel_name="nightfall",
        host_id=HOST,
        host_name="Host",
        game="nightfall",
        options={"variant": "quick-start"},
    )
    await service.seats.join(CHANNEL, GUEST, "Guest")
    return (await service.seats.start(CHANNEL, HOST)).id


async def play_to_the_end(bot: NightfallBot, game_id: int) -> int:
    """Whoever must decide makes their first legal move, as a slash command would (no interaction answers in the
    DM: the prompt deliveries bring both DMs up to date); the number of moves."""
    service, moves = bot.service, 0
    while True:
        table = await service.table(game_id)
        game = table.game
        assert game is not None
        if game.is_over():
            return moves
        seat = game.pending()[0].seat
        user = next(s.user_id for s in table.seats if s.seat == seat)
        text = str(game.legal_actions(seat)[0])
        outcome = await service.play.act(
            game_id, user_id=user, text=text, since=table.since.get(seat), source="command"
        )
        service.play.publish(outcome)
        moves += 1


async def settled(bot: NightfallBot) -> None:
    """Every delivery done (the worker has nothing left to do nor under way)."""
    give_up = time.monotonic() + SETTLE_SECONDS
    while await bot.store.work.pending_deliveries() or bot.deliverer._running:
        assert time.monotonic() < give_up, await bot.store.work.pending_deliveries()
        await asyncio.sleep(0.02)


async def test_a_whole_game_reaches_the_channel_and_the_dms(running: tuple[NightfallBot, FakeDiscord]) -> None:
    bot, fake = running
    assert bot.user is not None and bot.user.id == int(fake.bot_user["id"])
    assert fake.count("sync") == 1  # the commands were synced at login
    game_id = await start_game(bot)
    assert await play_to_the_end(bot, game_id) > 10
    await settled(bot)
    assert not fake.unknown
    assert all(c.status == 200 for c in fake.calls)
    channel = fake.channel_messages(CHANNEL)
    assert any(m["attachments"] for m in channel), "a table message (with its image) was posted"
    (thread,) = fake.threads
    assert fake.channel_messages(thread), "the move-by-move log went into the thread"
    for user in (HOST, GUEST):
        assert fake.dm_messages(user), f"{user} got no DM"
    assert fake.file_bytes > 0


async def test_closed_dms_and_lost_messages_answer_as_discord_does(running: tuple[NightfallBot, FakeDiscord]) -> None:
    bot, fake = running
    fake.fail("open DM", 403, code=DM_CLOSED)
    channel = bot.get_partial_messageable(CHANNEL)
    with pytest.raises(discord.NotFound) as lost:
        await channel.get_partial_message(12345).edit(content="gone")
    assert lost.value.code == UNKNOWN_MESSAGE
    fake.fail("send", 500, times=1)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("down")
    fake.fail("send", 429, retry_after=7.5, times=1)
    with pytest.raises(discord.HTTPException) as limited:
        await channel.send("slow down")
    assert limited.value.status == 429 and limited.value.response.headers["Retry-After"] == "7.5"
    await channel.send("up again")
    game_id = await start_game(bot)
    await settled(bot)
    texts = [str(m["content"]) for m in fake.channel_messages(CHANNEL)]
    assert any(f"<@{HOST}>" in t for t in texts), "the channel says the host's DMs are closed"
    assert await bot.store.people.dm_closed_until(HOST) is not None
    fake.heal()
    assert (await bot.service.table(game_id)).row.status == "active"
