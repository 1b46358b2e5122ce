"""Every change a live web page shows wakes this process's live streams at once (``ServiceBase.moved``): a move,
a pause, a game going on again, an abandon. Without the call a page still learns of it, at the watcher's next look."""

from __future__ import annotations

from bot import Settings
from bot.games import FACES
from bot.service import GameService
from bot.store import Store


async def test_a_move_a_pause_going_on_and_an_abandon_each_wake_the_live_pages(tmp_path: object) -> None:
    path = f"{tmp_path}/moved.db"
    settings = Settings(token=None, db_path=path, ai_delay=0.0, discord_limits=False)
    store = await Store.open(path)
    try:
        service = GameService(store, settings, FACES)
        woken: list[int] = []
        service.moved = woken.append
        table = await service.seats.new_lobby(
            guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game="nightfall", options={}
        )
        await service.seats.join(9, 2, "bo")
        table = await service.seats.start(9, 1)
        assert table.game is not None
        seat = table.game.pending()[0].seat
        await service.play.act(
            table.id, user_id=table.by_seat(seat).user_id, text=str(table.game.legal_actions(seat)[0])
        )
        assert woken == [table.id]
        assert await service.reach.pause(table.id, "gone")
        assert woken == [table.id] * 2
        await service.reach.go_on(table.id, by="ann")
        assert woken == [table.id] * 3
        await service.seats.abandon_game(table.id, 1, is_admin=False)
        assert woken == [table.id] * 4
    finally:
        await store.close()
