"""Processes sharing a PostgreSQL database take turns to identify with Discord (``bot.ops.identify``): in each
rate-limit bucket (``shard_id % max_concurrency``) one identify per 5 seconds, whichever process starts first, and
a holder that dies delays the next one by its window at most. Times are the database's clock, as a fake gateway
reads it when each identify arrives."""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field

import pytest

from bot import Settings
from bot.app import NightfallBot, create_bot
from bot.ops.identify import DISCORD_WINDOW, JITTER, MARGIN
from bot.settings import Shards
from bot.store import Store

#: the bot's max_concurrency in these tests: shards 0 and 2 share bucket 0, shards 1 and 3 bucket 1
CONCURRENCY = 2


@dataclass
class FakeGateway:
    """Discord as these tests see it: ``GET /gateway/bot`` answers the bot's max_concurrency, and each identify is
    written down with the database's clock at its arrival."""

    clock: Store
    identifies: list[tuple[float, str, int]] = field(default_factory=list)
    asked: int = 0

    async def get_bot_gateway(self) -> tuple[int, str, dict[str, int]]:
        self.asked += 1
        limits = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": CONCURRENCY}
        return 4, "wss://gateway.discord.gg", limits

    async def identify(self, process: str, shard_id: int) -> None:
        row = await self.clock._read_one("SELECT extract(epoch from clock_timestamp())")
        assert row is not None
        self.identifies.append((float(row[0]), process, shard_id))

    def timeline(self) -> str:
        start = min(at for at, _, _ in self.identifies)
        return "\n".join(
            f"{at - start:6.2f} s  process {process}  shard {shard}  bucket {shard % CONCURRENCY}"
            for at, process, shard in sorted(self.identifies)
        )


async def _process(shards: str, url: str, gateway: FakeGateway) -> NightfallBot:
    """One bot process on the shared database, as far as identifying goes: its store, Discord's answers."""
    bot = create_bot(Settings(token=None, db_path=url, shards=Shards.parse(shards)))
    bot.store = await Store.open(url)
    bot.http.get_bot_gateway = gateway.get_bot_gateway  # type: ignore[method-assign,assignment]
    return bot


async def _launch(name: str, bot: NightfallBot, gateway: FakeGateway) -> None:
    """What discord.py's ``AutoShardedClient.launch_shards`` does: each shard in turn, the hook before its identify."""
    ids: list[int] = list(getattr(bot, "shard_ids", None) or [0])
    for shard_id in ids:
        await bot.before_identify_hook(shard_id, initial=shard_id == ids[0])
        await gateway.identify(name, shard_id)


def _gaps_per_bucket(identifies: list[tuple[float, str, int]]) -> dict[int, list[float]]:
    times: dict[int, list[float]] = {}
    for at, _, shard in sorted(identifies):
        times.setdefault(shard % CONCURRENCY, []).append(at)
    return {bucket: [b - a for a, b in itertools.pairwise(ts)] for bucket, ts in times.items()}


@pytest.mark.slow(6)
async def test_two_processes_started_together_take_turns_to_identify(pg_url: str) -> None:
    clock = await Store.open(pg_url)
    gateway = FakeGateway(clock)
    a = await _process("0-1/4", pg_url, gateway)
    b = await _process("2-3/4", pg_url, gateway)
    try:
        await asyncio.gather(_launch("a", a, gateway), _launch("b", b, gateway))
    finally:
        for bot in (a, b):
            await bot.store.close()
        await clock.close()
    print(gateway.timeline())  # the timeline of the two processes' identifies (shown with -s)
    assert sorted((p, s) for _, p, s in gateway.identifies) == [("a", 0), ("a", 1), ("b", 2), ("b", 3)]
    gaps = _gaps_per_bucket(gateway.identifies)
    assert sorted(gaps) == [0, 1] and all(len(g) == 1 for g in gaps.values()), gateway.timeline()
    # Discord's rule: one identify per bucket in any 5 seconds, and each process's own shards in order
    assert all(gap >= DISCORD_WINDOW for g in gaps.values() for gap in g), gateway.timeline()
    # the buckets go side by side: the four identifies take two windows, not four
    times = sorted(at for at, _, _ in gateway.identifies)
    assert times[-1] - times[0] < 3 * DISCORD_WINDOW, gateway.timeline()
    assert gateway.asked == 2  # each process asks Discord for the bot's max_concurrency once


@pytest.mark.slow(6)
async def test_a_killed_holders_turn_ends_with_its_window(pg_url: str) -> None:
    """A process that took bucket 0's turn and died (its connection gone, nothing given back) holds it for its
    window: the next process identifies once the window has passed, and not much later."""
    dead = await Store.open(pg_url)
    window = DISCORD_WINDOW + MARGIN
    held = await dead.identify.take_turn(0, "killed#0", window)
    await dead.close()
    clock = await Store.open(pg_url)
    gateway = FakeGateway(clock)
    bot = await _process("2/4", pg_url, gateway)
    try:
        await _launch("b", bot, gateway)
        assert bot.identify_turns is not None
        turn = await clock.identify.take_turn(0, "observer", window)  # whose turn it is now
    finally:
        await bot.store.close()
        await clock.close()
    assert held.taken and not turn.taken and turn.holder.endswith("#2")
    [(identified, _, _)] = gateway.identifies
    assert identified >= held.until
    # the next one waited for the dead holder's window, no longer: it woke when it ended (a jitter, a poll later)
    assert turn.until - window - held.until < JITTER + 1.0


async def test_one_bucket_turn_at_a_time_in_the_store(pg_url: str) -> None:
    """The store's turns: taken by one asker at a time in a bucket, the others told whose it is and until when;
    another bucket is free meanwhile."""
    a, b = await Store.open(pg_url), await Store.open(pg_url)
    try:
        first, second = await asyncio.gather(a.identify.take_turn(0, "a#0", 30.0), b.identify.take_turn(0, "b#2", 30.0))
        other = await b.identify.take_turn(1, "b#3", 30.0)
    finally:
        await a.close()
        await b.close()
    winner, loser = (first, second) if first.taken else (second, first)
    assert winner.taken and not loser.taken and loser.holder == winner.holder
    assert loser.until == winner.until and 0.0 < loser.wait <= 30.0
    assert other.taken
