"""Start at once: a restart connects before it looks at any game, keeps none in memory, and loads a game when
it is first needed; only the games in which an AI seat must decide are looked for (one query) and started."""

from __future__ import annotations

import json
from typing import Any

from .helpers import latest_prompt, moves_in, open_game, press


async def test_a_restart_loads_no_game_until_one_is_needed(simcord_env: Any, make_bot: Any) -> None:
    env = simcord_env
    parties = [await open_game(env, (f"a{k}", f"b{k}"), spectators=()) for k in range(3)]
    ids = [(await p.table()).id for p in parties]
    waiting = []
    for party in parties:
        table = await party.table()
        seat = table.game.pending()[0].seat
        waiting.append((party, party.users[table.by_seat(seat).display_name]))
    await env.restart_bot(make_bot())
    await env.settle()  # the checks of old games after start-up, in the background
    bot = env.bot
    assert bot.service._tables == {}, "a game was kept in memory after start-up"
    party, user = waiting[1]
    prompt = latest_prompt(user)
    assert prompt is not None
    await press(user, prompt, next(iter(moves_in(prompt))))  # a button sent before the restart
    assert list(bot.service._tables) == [ids[1]], "only the game that was played is loaded"
    assert (await party.table()).game.version > 0


async def test_the_games_awaiting_an_ai_seat_are_found_without_loading_any(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice",), ais=1, spectators=())
    other = await open_game(env, ("carl", "dora"), spectators=())
    table = await party.table()
    ai_seat = next(s.seat for s in table.seats if s.is_ai)
    human_seat = next(s.seat for s in table.seats if not s.is_ai)
    store = env.bot.store

    async def pending(seats: list[str]) -> list[int]:
        since = json.dumps({s: 7 for s in seats})
        await store._write("UPDATE games SET decision_since = ? WHERE id = ?", (since, table.id))
        return await store.games.games_awaiting_ai()

    assert await pending([ai_seat]) == [table.id]
    assert await pending([human_seat, ai_seat]) == [table.id]
    assert await pending([human_seat]) == []
    await store._write("UPDATE games SET paused = 'gone' WHERE id = ?", (table.id,))
    assert await pending([ai_seat]) == [], "nothing moves in a paused game"
    assert (await other.table()).id not in await store.games.games_awaiting_ai()
