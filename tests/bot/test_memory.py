"""Nothing of a game stays in memory after it ends: the bot can run for months of busy servers."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import open_game, play_to_the_end

#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


async def test_ended_games_read_again_are_not_kept(simcord_env: Any) -> None:
    env = simcord_env
    bot = env.bot
    ids = []
    for k in range(3):
        party = await open_game(env, (f"a{k}", f"b{k}"), spectators=())
        ids.append((await party.table()).id)
        await party.members[f"a{k}"].slash(party.channel, "game abandon")
    await env.settle()
    for game_id in ids:  # each read again (a status, a log, a DM of the results)
        await bot.service.table(game_id)
    assert not set(ids) & set(bot.service._tables), "an ended game read again is kept in memory"
    assert (await bot.service.table(ids[0])).row.status == "abandoned"  # and it loads whenever it is asked for


async def test_a_finished_game_leaves_nothing_in_the_bot(simcord_env: Any) -> None:
    env = simcord_env
    bot = env.bot
    party = await open_game(env, ("alice", "bob"))
    game_id = (await party.table()).id
    await play_to_the_end(party)
    await env.advance_time(4000.0)  # results, game-over DMs
    assert (await bot.store.games.game(game_id)).status == "over"  # type: ignore[union-attr]
    held = {
        "tables": game_id in bot.service._tables,
        "locks": game_id in bot.service._locks,
        "ai": any(k[0] == game_id for k in bot.service._ai),
        "ai tasks": game_id in bot.service._ai_tasks,
        "shown table": game_id in bot.notifier._shown,
        "deliveries": any(k[0] == game_id for k in bot.deliverer._running),
    }
    assert not any(held.values()), held


async def abandoned_game(env: Any) -> tuple[Any, int]:
    """A two-player game opened and abandoned at once (its end forgets it): the party and the game's id."""
    party = await open_game(env, ("alice", "bob"), spectators=())
    game_id = (await party.table()).id
    await party.members["alice"].slash(party.channel, "game abandon")
    await env.settle()
    return party, game_id


async def test_a_game_lock_held_while_the_game_is_forgotten_goes_with_its_last_user(simcord_env: Any) -> None:
    """A game is forgotten (its game-over DM) while another worker holds its lock (a DM's buttons being taken off):
    the lock must not stay once that worker lets it go."""
    bot = simcord_env.bot
    _party, game_id = await abandoned_game(simcord_env)
    async with bot.service.lock(game_id):
        bot.notifier.forget(game_id)
        assert game_id in bot.service._locks  # its user shares it until the end
    assert game_id not in bot.service._locks, "a game's lock outlived its last user"


async def test_a_game_lock_taken_after_the_game_was_forgotten_is_not_kept(simcord_env: Any) -> None:
    """Work on a game that comes after the game was forgotten (a late prompt delivery, a press on an old DM) takes
    its lock once more: that lock goes too."""
    bot = simcord_env.bot
    party, game_id = await abandoned_game(simcord_env)
    assert game_id not in bot.service._tables
    await bot.notifier.sync_prompt(game_id, party.users["bob"].id, edit_in_place=True)
    assert game_id not in bot.service._locks, "a game's lock outlived its last user"
