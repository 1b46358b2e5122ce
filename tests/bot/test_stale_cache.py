"""A cache that fell behind never decides what Discord is shown: two services on one database (as two
processes would be), one moves, and the other's deliveries read the game as the database has it."""

from __future__ import annotations

import pytest

from bot import Settings
from bot.errors import UserError
from bot.games import FACES
from bot.service import GameService
from bot.service.base import Outcome
from bot.store import Store
from bot.table import Table


async def _started(service: GameService) -> Table:
    """A two-player Nightfall game dealt in channel 9 (ann hosts, bo joins)."""
    await service.seats.new_lobby(
        guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game="nightfall", options={}
    )
    await service.seats.join(9, 2, "bo")
    return await service.seats.start(9, 1)


async def _first_move(service: GameService, table: Table) -> Outcome:
    """The first legal move of the first seat ``table`` waits on, made by its person through ``service``."""
    assert table.game is not None
    seat = table.game.pending()[0].seat
    move = str(table.game.legal_actions(seat)[0])
    return await service.play.act(table.id, user_id=table.by_seat(seat).user_id, text=move, source="command")


@pytest.mark.postgresql
async def test_a_service_whose_cache_is_behind_shows_the_stored_game(db_location: str) -> None:
    path = db_location
    settings = Settings(token=None, db_path=path, ai_delay=0.0, discord_limits=False)
    one, two = await Store.open(path), await Store.open(path)
    try:
        first, second = GameService(one, settings, FACES), GameService(two, settings, FACES)
        table = await _started(first)
        behind = await second.table(table.id)  # the second "process" caches the game now
        assert table.game is not None and behind.game is not None
        moved = await _first_move(first, table)
        assert behind.row.version == moved.table.row.version - 1  # its cache is behind
        shown = await second.stored_table(table.id)
        assert shown.row.version == moved.table.row.version
        assert shown.game is not None and shown.game.to_json() == moved.table.game.to_json()
        assert await second.stored_table(table.id) is shown  # and a cache in step is used as it is
    finally:
        await one.close()
        await two.close()


async def _two_services(path: str) -> tuple[Store, Store, GameService, GameService]:
    settings = Settings(token=None, db_path=path, ai_delay=0.0, discord_limits=False)
    one, two = await Store.open(path), await Store.open(path)
    one.shared = two.shared = True  # as on PostgreSQL, whichever store the test runs on: other processes may write
    return one, two, GameService(one, settings, FACES), GameService(two, settings, FACES)


def _count_marks(service: GameService) -> list[int]:
    """Each read of a game's mark (whether the cache is the stored game) the service makes, by game."""
    reads: list[int] = []
    read = service.store.games.game_mark

    async def counting(game_id: int) -> tuple[int, str, str | None, int] | None:
        reads.append(game_id)
        return await read(game_id)

    service.store.games.game_mark = counting  # type: ignore[method-assign]
    return reads


@pytest.mark.postgresql
async def test_a_move_on_a_cache_behind_is_played_again_on_the_stored_game(db_location: str) -> None:
    one, two, first, second = await _two_services(db_location)
    try:
        table = await _started(first)
        assert table.game is not None
        behind = await second.table(table.id)  # the second "process" caches the game now
        reads = _count_marks(second)
        # the first process plays every pending decision of the draft's first round, so the second's cache is behind
        # and offers moves the stored game no longer has (and lacks those it has)
        while True:
            stored = await first.table(table.id)
            assert stored.game is not None
            pending = [d.seat for d in stored.game.pending()]
            if not pending or stored.row.version > behind.row.version + 1:
                break
            await _first_move(first, stored)
        stored = await first.table(table.id)
        assert stored.game is not None and behind.row.version < stored.row.version
        moved = await _first_move(second, stored)  # the move the stored game waits on, sent to the process behind
        # played on the stored game, not refused by the stale one: one look at the stored row (after the refusal or the
        # commit's compare-and-set) and a reload
        assert moved.table.row.version == stored.row.version + 1
        assert moved.table is not behind
        assert reads  # the stale cache was checked against the database
        reads.clear()
        # now in step: the second process's next move reads no mark at all (the version compare-and-set guards it)
        after, version = moved.table, moved.table.row.version  # the cached table: the next move changes it in place
        again = await _first_move(second, after)
        assert again.table.row.version == version + 1
        assert reads == []
    finally:
        await one.close()
        await two.close()


@pytest.mark.postgresql
async def test_a_refusal_on_a_cache_in_step_stands_after_one_look(db_location: str) -> None:
    one, two, first, second = await _two_services(db_location)
    try:
        table = await _started(first)
        cached = await second.table(table.id)
        reads = _count_marks(second)
        with pytest.raises(UserError) as refused:
            await second.play.act(table.id, user_id=1, text="no such move", source="command")
        assert refused.value.key == "err.unknown_move"
        assert reads == [table.id]  # one look at the stored row, which held the cached game: the refusal stands
        assert await second.table(table.id) is cached
    finally:
        await one.close()
        await two.close()


@pytest.mark.postgresql
async def test_a_delivery_takes_the_mark_its_claim_read(db_location: str) -> None:
    from bot.service.base import CLAIMED_MARK

    one, two, first, second = await _two_services(db_location)
    try:
        table = await _started(first)
        cached = await second.table(table.id)
        claimed = await two.work.claim_deliveries(10, 60.0)
        assert claimed and all(d.mark == (cached.row.version, "active", None, 9) for d in claimed)
        reads = _count_marks(second)
        CLAIMED_MARK.set((table.id, claimed[0].mark))  # type: ignore[arg-type]
        assert await second.stored_table(table.id) is cached
        assert reads == []  # the claim's mark answered
        # a move elsewhere after the claim: the cache and the claimed mark agree, and the move's own delivery wants
        # the game again; a claimed mark the cache does not hold is looked up as before
        await _first_move(first, await first.table(table.id))
        CLAIMED_MARK.set((table.id, (cached.row.version + 1, "active", None, 9)))
        shown = await second.stored_table(table.id)
        assert reads == [table.id] and shown.row.version == cached.row.version + 1
    finally:
        await one.close()
        await two.close()
