"""A cache that fell behind never decides what Discord is shown: two services on one database (as two
processes would be), one moves, and the other's deliveries read the game as the database has it."""

from __future__ import annotations

import pytest

from bot import Settings
from bot.games import FACES
from bot.service import GameService
from bot.store import Store


@pytest.mark.postgresql
async def test_a_service_whose_cache_is_behind_shows_the_stored_game(db_location: str) -> None:
    path = db_location
    settings = Settings(token=None, db_path=path, ai_delay=0.0, discord_limits=False)
    one, two = await Store.open(path), await Store.open(path)
    try:
        first, second = GameService(one, settings, FACES), GameService(two, settings, FACES)
        table = await first.seats.new_lobby(
            guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game="nightfall", options={}
        )
        await first.seats.join(9, 2, "bo")
        table = await first.seats.start(9, 1)
        behind = await second.table(table.id)  # the second "process" caches the game now
        assert table.game is not None and behind.game is not None
        seat = table.game.pending()[0].seat
        user = table.by_seat(seat).user_id
        move = str(table.game.legal_actions(seat)[0])
        moved = await first.play.act(table.id, user_id=user, text=move, source="command")
        assert behind.row.version == moved.table.row.version - 1  # its cache is behind
        shown = await second.stored_table(table.id)
        assert shown.row.version == moved.table.row.version
        assert shown.game is not None and shown.game.to_json() == moved.table.game.to_json()
        assert await second.stored_table(table.id) is shown  # and a cache in step is used as it is
    finally:
        await one.close()
        await two.close()
