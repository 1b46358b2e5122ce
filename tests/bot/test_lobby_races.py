"""The lobby's changes decided against the stored game: joins, leaves, starts, `/game next` and `/game new`
landing at the same moment, an abandon racing a move, and games an old race damaged, mended at start-up.

Moves race through the service (as two interactions handled at once would); what each person reads is
checked in SimCord.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.errors import UserError
from bot.store import LobbyChanged, Store, Want
from bot.words.logline import LogLine

from .conftest import user_errors_only
from .helpers import Party, open_game, public_lines
from .test_reliability import human_to_move, move_once, results_posts

#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


async def _seats_match(party: Any) -> None:
    table = await party.table()
    assert [s.seat for s in table.seats] == table.game.seats


@pytest.mark.parametrize("join_first", [True, False])
async def test_a_join_racing_a_start_never_joins_a_dealt_game(simcord_env: Any, join_first: bool) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), start=False, spectators=("carol",))
    service = simcord_env.bot.service
    start = service.seats.start(party.channel.id, party.users["alice"].id)
    join = service.seats.join(party.channel.id, party.users["carol"].id, "carol")
    done = await asyncio.gather(*((join, start) if join_first else (start, join)), return_exceptions=True)
    await simcord_env.settle()
    table = await party.table()
    refused = [d for d in done if isinstance(d, BaseException)]
    if len(table.seats) == 3:  # the join landed first: carol was dealt in
        assert refused == [] and table.seat_of(party.users["carol"].id) is not None
    else:  # the start landed first: the join was refused with the lobby's ordinary answer
        assert [e.key for e in refused if isinstance(e, UserError)] == ["err.not_lobby"]
    await _seats_match(party)
    # and as carol sees it, a join after the start is a private refusal
    late = await party.members["carol"].slash(party.channel, "game join")
    assert late.ephemeral
    assert "already" in late.response.content  # "already started" or "already have a seat"
    await _seats_match(party)
    user_errors_only(simcord_env)


async def test_a_leave_racing_a_start_hands_the_seat_to_the_ai(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob", "dave"), start=False)
    service = simcord_env.bot.service
    await asyncio.gather(
        service.seats.start(party.channel.id, party.users["alice"].id),
        service.seats.leave(party.channel.id, party.users["dave"].id),
        return_exceptions=True,
    )
    await simcord_env.settle()
    table = await party.table()
    await _seats_match(party)
    dave = table.seat_of(party.users["dave"].id)
    assert dave is None or dave.is_ai  # left the lobby before the deal, or the AI plays the dealt seat
    user_errors_only(simcord_env)


async def test_two_new_lobbies_at_once_open_one(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), start=False, spectators=("bob",))
    await party.members["alice"].slash(party.channel, "game abandon")
    service = simcord_env.bot.service
    kwargs: dict[str, Any] = {
        "guild_id": simcord_env.guild.id,
        "channel_id": party.channel.id,
        "channel_name": "x",
        "game": "nightfall",
        "options": {"variant": "standard"},
    }
    done = await asyncio.gather(
        service.seats.new_lobby(host_id=party.users["alice"].id, host_name="alice", **kwargs),
        service.seats.new_lobby(host_id=party.users["bob"].id, host_name="bob", **kwargs),
        return_exceptions=True,
    )
    refused = [d for d in done if isinstance(d, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], UserError) and refused[0].key == "err.channel_busy"
    # the same through Discord: the second person is told the channel has a game, privately
    second = await party.members["bob"].slash(party.channel, "game new")
    assert second.ephemeral and "already has a game" in second.response.content
    user_errors_only(simcord_env)


async def _open_lobby(store: Store, host_id: int) -> int | None:
    """``/game new`` in channel 9, as ``store`` writes it."""
    return await store.games.create_game(
        guild_id=1,
        channel_id=9,
        channel_name="t",
        host_id=host_id,
        host_name=f"host{host_id}",
        game="nightfall",
        options={"draft": "standard", "secret_archives": False},
        seed=host_id,
    )


@pytest.mark.postgresql
async def test_two_processes_cannot_seat_anyone_in_a_started_game(db_location: str) -> None:
    """Two stores on one database, as two processes: the status is decided inside each write."""
    path = db_location
    first, second = await Store.open(path), await Store.open(path)
    try:
        game_id = await _open_lobby(first, host_id=1)
        assert game_id is not None
        assert await _open_lobby(second, host_id=2) is None  # one open game per channel, and no error
        assert await second.games.add_seat(game_id, 2, "b", is_ai=False) is None
        dealt = [("p1", 1), ("p2", 2)]
        assert await first.games.add_seat(game_id, 3, "c", is_ai=False) is None  # lands after the deal was computed
        with pytest.raises(LobbyChanged):
            await second.play.start_game(game_id, "{}", {}, [LogLine.say("lobby.started", players="")], 0, seats=dealt)
        assert await first.games.remove_seat(game_id, 2)
        assert await second.play.start_game(game_id, "{}", {}, [], 0, [Want("channel")], seats=dealt)
        assert await first.games.add_seat(game_id, 4, "d", is_ai=False) == "not_lobby"
        assert await first.games.add_seat(game_id, None, "AI", is_ai=True) == "not_lobby"
        assert not await second.games.remove_seat(game_id, 0)
        assert [(s.seat, s.user_id) for s in await first.games.seats(game_id)] == dealt
    finally:
        await first.close()
        await second.close()


async def test_an_abandon_racing_a_move_still_posts_every_log_line(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    bot = simcord_env.bot
    for n in range(6):
        await move_once(party, n)
    table = await party.table()
    seat = next(d.seat for d in table.game.pending())
    user = table.by_seat(seat).user_id
    move = str(table.game.legal_actions(seat)[0])
    outcome, _ = await asyncio.gather(
        bot.service.play.act(table.id, user_id=user, text=move, source="command"),
        bot.service.seats.abandon(party.channel.id, party.users["alice"].id, is_admin=False),
    )
    bot.service.play.publish(outcome)
    for _ in range(200):
        if not await bot.store.work.pending_deliveries() and not bot.deliverer.busy:
            break
        await asyncio.sleep(0.02)
    await simcord_env.settle()
    assert await bot.store.games.log_since(table.id) == []  # every line reached the thread
    lines = public_lines(party.channel)
    assert any(line.text("en") in lines for line in outcome.log_lines)
    row = await bot.store.games.game(table.id)
    assert row is not None and row.status == "abandoned"
    shown = next(m for m in party.channel.history() if m.id == row.table_message_id)
    assert "This game was abandoned." in shown.content  # the table says so, not "Waiting for …"
    assert table.id not in bot.service._tables  # and it was not kept in memory afterwards
    assert await bot.store.work.pending_deliveries() == []


async def test_next_game_of_a_cup_is_dealt_and_started_in_one_write(simcord_env: Any) -> None:
    guild = simcord_env.create_guild(preferred_locale="pl")
    channel = guild.create_text_channel("puchar")
    users = {n: simcord_env.create_user(n) for n in ("ola", "ivan", "zed")}
    members = {n: guild.add_member(u) for n, u in users.items()}
    await members["ola"].slash(channel, "game new", variant="quick-start", series="cup")
    await members["ivan"].slash(channel, "game join")
    await members["ola"].slash(channel, "game start")
    party = Party(simcord_env, channel, users, members)
    n = 0
    while await human_to_move(party) is not None:
        await move_once(party, n)
        n += 1
    first = await party.table()
    service = simcord_env.bot.service
    done = await asyncio.gather(
        service.seats.next_game(channel.id, users["ivan"].id),
        service.seats.join(channel.id, users["zed"].id, "zed"),
        return_exceptions=True,
    )
    assert not isinstance(done[0], BaseException)
    table, number = done[0]
    assert number == 2 and table.id != first.id
    assert [(s.seat, s.user_id) for s in table.seats] == [(s.seat, s.user_id) for s in first.seats]
    assert table.seat_of(users["zed"].id) is None  # there was never a lobby to join
    assert table.row.language == "pl"  # the cup's language carries on to its next game
    await _seats_match(party)
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------------- mended at start-up
@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_a_seat_added_after_the_deal_is_dropped_at_start_up_and_its_person_told(
    simcord_env: Any, make_bot: Any
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start", spectators=("carol",))
    table = await party.table()
    carol = party.users["carol"]
    await simcord_env.bot.store.writer.transaction(  # what the race of earlier releases wrote
        lambda conn: conn.execute(
            "INSERT INTO seats (game_id, position, seat, user_id, display_name, is_ai) "
            "VALUES (?, 2, 'p3', ?, 'carol', 0)",
            (table.id, carol.id),
        )
    )
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    table = await party.table()
    assert [s.seat for s in table.seats] == table.game.seats == ["p1", "p2"]
    told = [m.content for m in carol.dm_channel.history() if "never dealt in" in m.content]
    assert len(told) == 1 and "#nightfall" in told[0]
    n = 0
    while await human_to_move(party) is not None:
        await move_once(party, n)
        n += 1
    await simcord_env.advance_time(3600)
    assert len(results_posts(party)) == 1
    assert any("was removed (carol)" in line for line in public_lines(party.channel))
    for name in ("alice", "bob"):  # the game-over DMs work again
        assert any(m.content.startswith("🏁") for m in party.users[name].dm_channel.history())
    assert await simcord_env.bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)


async def test_a_dealt_seat_without_its_row_ends_the_game_cleanly_at_start_up(simcord_env: Any, make_bot: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob", "dave"), variant="quick-start")
    table = await party.table()

    def renumber(conn: Any) -> None:  # a leave that renumbered dealt seats
        conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = 'p2'", (table.id,))
        conn.execute("UPDATE seats SET position = 1, seat = 'p2' WHERE game_id = ? AND seat = 'p3'", (table.id,))

    await simcord_env.bot.store.writer.transaction(renumber)
    await simcord_env.restart_bot(make_bot())
    await simcord_env.settle()
    row = await simcord_env.bot.store.games.game(table.id)
    assert row is not None and row.status == "abandoned"
    for name in ("alice", "dave"):
        told = [m for m in party.users[name].dm_channel.history() if "had to be ended" in m.content]
        assert len(told) == 1
    assert any("The game was ended" in line for line in public_lines(party.channel))
    # the channel is free again
    again = await party.members["alice"].slash(party.channel, "game new")
    assert not again.ephemeral
    assert await simcord_env.bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)
