"""The bot as its own process, over a real SQLite file (or a PostgreSQL database), playing one game by slash
commands in SimCord until it ends or is killed (``tests/bot/test_crash.py`` runs it, kills it and runs it again).

    python -m tests.bot.crash_child DB SEED KILL_AT PHASE

``KILL_AT``: the write transaction (counted from 1 in this process) during which the process kills itself
with SIGKILL, nothing cleaned up: ``PHASE`` "inside" (its statements ran, its COMMIT did not) or "after"
(right after its COMMIT, before the bot heard of it); 0 never kills. Each move the bot confirmed (its ✓
reply) is printed as ``CONFIRMED <game id> <version> <move>``; ``DONE <game id>`` once the game is over.

The Discord side is new in every process (SimCord keeps no state): the restarted bot finds its game in the
file, posts a fresh table, and the players go on from the prompts and commands of the new process.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

import discord
import simcord

import bot.service.seats
import bot.store.sqlite
import bot.workers.images
from bot import Settings, create_bot
from engine.nightfall.ai import GreedyPlayer, decide

from .helpers import Party, slash_move, undrawn


def _kill_at(number: int, phase: str) -> None:
    """Make the ``number``-th write transaction of this process end it with SIGKILL."""
    if number <= 0:
        return
    counter = [0]
    original = bot.store.sqlite.Database.transaction

    async def transaction(self: Any, fn: Any, *, wait: bool = True) -> Any:
        if self.name != "writer":
            return await original(self, fn, wait=wait)
        counter[0] += 1
        if counter[0] != number:
            return await original(self, fn, wait=wait)

        def dying(conn: Any) -> Any:
            result = fn(conn)
            if phase == "inside":
                os.kill(os.getpid(), signal.SIGKILL)  # the statements ran; COMMIT never will
            return result

        result = await original(self, dying, wait=wait)
        os.kill(os.getpid(), signal.SIGKILL)  # committed, and nobody was told
        return result

    bot.store.sqlite.Database.transaction = transaction  # type: ignore[method-assign]


def _undrawn_images() -> None:
    """The child never looks at an image: each is the placeholder PNG, asked for and attached as before, not drawn
    (drawing was most of a child's work; tests/bot/conftest.py, ``unseen_images``)."""
    bot.workers.images._draw = undrawn(bot.workers.images._draw)  # type: ignore[assignment]


async def play(db: str, seed: int) -> None:
    settings = Settings(
        token=None,
        db_path=db,
        ai_delay=0.0,
        table_edit_interval=0.0,
        burst_seconds=0.0,
        snapshot_every=5,
        discord_limits=False,
    )
    bot.service.seats.new_seed = lambda: seed  # the same game in every process
    # Discord's side is made first (with a stand-in client), as it exists before the restarted bot connects:
    # the same ids in every process, since SimCord's ids are reproducible
    stand_in = discord.Client(intents=discord.Intents.default())
    async with simcord.run(stand_in, settle_timeout=30.0, check_errors=False) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("nightfall")
        party = Party(env, channel)
        for name in ("alice", "bob"):
            party.users[name] = env.create_user(name)
            party.members[name] = guild.add_member(party.users[name])
        nightfall = create_bot(settings)
        await env.restart_bot(nightfall)
        row = await nightfall.store.games.last_game_in(channel.id)
        if row is None or row.status == "lobby":
            if row is None:
                await party.members["alice"].slash(channel, "game new", variant="quick-start")
            if len(await nightfall.store.games.seats((await nightfall.store.games.last_game_in(channel.id)).id)) < 2:  # type: ignore[union-attr]
                await party.members["bob"].slash(channel, "game join")
            await party.members["alice"].slash(channel, "game start")
        for n in range(3000):
            table = await party.table()
            if table.game.is_over():
                print(f"DONE {table.id}", flush=True)
                return
            seat = table.game.pending()[0].seat
            name = next(k for k, u in party.users.items() if u.id == table.by_seat(seat).user_id)
            move = str(decide(GreedyPlayer(seed=n), table.game, seat))
            version = table.game.version + 1  # the version this move makes, if the bot takes it
            result = await slash_move(party.members[name], channel, move)
            reply = result.response.content if result.response is not None else ""
            if reply.startswith("✓"):
                print(f"CONFIRMED {table.id} {version} {move}", flush=True)
        raise SystemExit("the game did not end")


def main() -> None:
    db, seed, kill_at, phase = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    _kill_at(kill_at, phase)
    _undrawn_images()
    asyncio.run(play(db, seed))


if __name__ == "__main__":
    main()
