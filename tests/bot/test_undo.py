"""``/game undo``: a person takes back their own last move while nobody else has acted and it revealed nothing.

Nightfall's standard draft gives exact cases: the first of two players to pick reveals nothing (the other's
packet is untouched), the second pick passes the packets on (each now sees another's cards). The log keeps the
undone move's lines and adds one everyone sees; the decision comes back with its original deadline.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from typing import Any

import pytest

from bot import Settings
from bot.errors import UserError
from bot.games import FACES
from bot.service import GameService
from bot.store import NotUndoable, StaleVersion, Store, Undo

from .helpers import Party, latest_prompt, moves_in, open_game, press
from .test_fightdrome import open_match
from .test_processes import _first_move, _started

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

DAY = 24 * 3600
TOOK_BACK = "↩️ alice took back their last move."


async def undo(party: Party, name: str) -> str:
    """``/game undo`` by ``name`` in the game's channel: the private answer."""
    result = await party.members[name].slash(party.channel, "game undo")
    assert result.ephemeral, "an undo is answered privately"
    return str(result.response.content)


async def clocks(party: Party, game_id: int) -> list[tuple[Any, ...]]:
    """Every deadline row of the game: (seat, since, opened at, remind at, due at, stage)."""
    sql = "SELECT seat, since, opened_at, remind_at, due_at, stage FROM deadlines WHERE game_id = ? ORDER BY seat"
    found = await party.bot.store.reader.call(lambda c: c.execute(sql, (game_id,)).fetchall())
    return [tuple(r) for r in found]


async def actions(party: Party, game_id: int) -> list[tuple[Any, ...]]:
    """(seq, seat, text, source) of every stored action of the game."""
    sql = "SELECT seq, seat, text, source FROM actions WHERE game_id = ? ORDER BY seq"
    found = await party.bot.store.reader.call(lambda c: c.execute(sql, (game_id,)).fetchall())
    return [tuple(r) for r in found]


async def log_seen_by(party: Party, name: str) -> str:
    result = await party.members[name].slash(party.channel, "game log")
    return str(result.response.content)


async def pick(party: Party, name: str) -> str:
    """``name`` presses the first draft pick their DM offers; the move."""
    table = await party.table()
    seat = table.seat_of(party.users[name].id).seat
    move = str(table.game.legal_actions(seat)[0])
    await press(party.users[name], latest_prompt(party.users[name]), move)
    return move


def since_of(prompt: Any) -> int:
    """The decision date a prompt's buttons carry."""
    _kind, custom_id = next(iter(moves_in(prompt).values()))
    return int(custom_id.split(":")[2])


@pytest.mark.postgresql
async def test_an_undo_restores_the_position_the_prompt_and_the_deadline(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    start = await party.table()  # the cached table: it changes with the game, so what matters is copied now
    game_id, seat = start.id, start.seat_of(party.users["alice"].id).seat
    asked = [(d.seat, d.kind, d.opened) for d in start.game.pending()]
    legal = list(start.game.legal_actions(seat))
    since, clocks_before = dict(start.since), await clocks(party, game_id)
    assert [c[0] for c in clocks_before] == sorted(start.game.seats)  # both draft at once, each with a clock

    simcord_env.bot.watchdog.cancel()  # the virtual clock jumps from timer to timer
    await simcord_env.advance_time(3 * 3600)  # a clock made afresh by the undo would start 3 hours later
    move = await pick(party, "alice")
    moved = await party.table()
    assert moved.row.version == 1 and [d.seat for d in moved.game.pending()] == [s for s, _, _ in asked if s != seat]
    assert seat not in [c[0] for c in await clocks(party, game_id)]  # her decision ended: its clock went

    answer = await undo(party, "alice")
    assert answer.startswith("↩️ You took back: ") and "deadline as it was" in answer
    party.bot.service._drop(game_id)  # read back from the store: the undo's snapshot is the position
    table = await party.table()
    assert table.row.version == 2  # an undo is a new version: versions only go up
    assert [(d.seat, d.kind, d.opened) for d in table.game.pending()] == asked
    assert table.since == since and table.game.legal_actions(seat) == legal
    assert await clocks(party, game_id) == clocks_before  # the very same deadline, not a fresh one
    assert (await actions(party, game_id))[-2:] == [(1, seat, move, "button"), (2, seat, "undo", "undo")]

    prompt = latest_prompt(party.users["alice"])  # her DM asks the draft again, with the decision's own date
    assert prompt is not None and move in moves_in(prompt) and since_of(prompt) == since[seat]
    assert TOOK_BACK in await log_seen_by(party, "carol")  # everyone sees it: a spectator too
    assert TOOK_BACK in await log_seen_by(party, "bob")
    [shown] = [m for m in party.channel.history() if m.content.startswith("**Nightfall** in #nightfall")]
    assert "Waiting for alice, bob." in shown.content  # the channel's table shows the restored position

    await press(party.users["alice"], prompt, move)  # the restored decision is played as before
    assert (await party.table()).row.version == 3
    assert (await actions(party, game_id))[-1] == (3, seat, move, "button")


@pytest.mark.postgresql
async def test_an_undo_is_refused_after_another_player_acted_when_it_revealed_and_to_others(
    simcord_env: Any,
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    game_id = (await party.table()).id
    assert "no move in this game yet" in await undo(party, "alice")
    await pick(party, "alice")
    assert "acted since your last move" in await undo(party, "bob")  # not his move to take back
    assert "watching this game" in await undo(party, "carol")  # a spectator holds no seat
    await pick(party, "bob")  # the second pick of the round: the packets pass on, each sees another's cards
    before = await actions(party, game_id)
    assert "acted since your last move" in await undo(party, "alice")
    refused = await undo(party, "bob")
    assert "cannot be taken back: it showed something that was hidden" in refused
    table = await party.table()
    assert table.row.version == 2 and await actions(party, game_id) == before  # nothing changed
    assert "took back" not in await log_seen_by(party, "carol")


@pytest.mark.postgresql
async def test_no_one_gains_time_and_a_deadline_move_cannot_be_taken_back(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    simcord_env.bot.watchdog.cancel()  # the virtual clock jumps from timer to timer
    game_id = (await party.table()).id
    await simcord_env.advance_time(DAY / 2 + 60)  # half of the default day: each is reminded once
    reminded = [m for m in party.users["alice"].dm_channel.history() if m.content.startswith("⏳")]
    assert len(reminded) == 1
    await pick(party, "alice")
    await undo(party, "alice")  # half a day later: an undo that gave a fresh deadline would run to 1.5 days
    await pick(party, "bob")
    await simcord_env.advance_time(DAY / 2)  # the original deadline of her draft decision
    done = await actions(party, game_id)
    table = await party.table()
    alice = table.seat_of(party.users["alice"].id).seat
    assert (alice, "timeout") in [(a[1], a[3]) for a in done]  # a day after the start, not a day after the undo
    seq, seat, _text, source = done[-1]
    assert (seat, source) in ((alice, "timeout"), (alice, "missed"))  # her further draft picks of the turn too
    again = [m for m in party.users["alice"].dm_channel.history() if m.content.startswith("⏳")]
    assert len(again) == 1  # the reminder already sent was not sent again after the undo
    assert "The deadline made the last move of your seat" in await undo(party, "alice")
    assert (await actions(party, game_id))[-1][0] == seq


async def test_a_move_the_ai_made_for_an_away_seat_cannot_be_taken_back(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    game_id = (await party.table()).id
    await party.members["alice"].slash(party.channel, "game leave")  # the AI plays her seat meanwhile
    for _ in range(50):
        if await actions(party, game_id):
            break
        await simcord_env.advance_time(1)
    assert (await actions(party, game_id))[-1][3] == "ai"
    await party.members["alice"].slash(party.channel, "game return")
    assert "The AI made the last move of your seat" in await undo(party, "alice")


async def attempt(step: Awaitable[Any]) -> str:
    """ "ok", or the key of the refusal ``step`` ended in."""
    try:
        await step
    except UserError as e:
        return e.key
    return "ok"


@pytest.mark.postgresql
async def test_two_undos_or_an_undo_and_a_move_at_once_one_wins(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    service, alice, bob = party.bot.service, party.users["alice"].id, party.users["bob"].id
    game_id = (await party.table()).id
    await pick(party, "alice")
    twice = await asyncio.gather(attempt(service.undo.undo(game_id, alice)), attempt(service.undo.undo(game_id, alice)))
    assert sorted(twice) == ["ok", "undo.already"]  # two clicks: the second finds the move already taken back
    assert [a[3] for a in await actions(party, game_id)] == ["button", "undo"]

    table = await party.table()  # she picks again (version 3); bob picks while she takes it back
    alice_seat, bob_seat = table.seat_of(alice).seat, table.seat_of(bob).seat
    again = str(table.game.legal_actions(alice_seat)[0])
    await service.play.act(game_id, user_id=alice, text=again, since=table.since[alice_seat], source="button")
    bob_move, bob_since = str(table.game.legal_actions(bob_seat)[0]), table.since[bob_seat]
    both = await asyncio.gather(
        attempt(service.undo.undo(game_id, alice)),
        attempt(service.play.act(game_id, user_id=bob, text=bob_move, since=bob_since, source="button")),
    )
    done = [(a[1], a[3]) for a in (await actions(party, game_id))[2:]]
    if both == ["ok", "ok"]:  # the undo first: bob's decision was untouched by it, so his pick still stands
        assert done == [(alice_seat, "button"), (alice_seat, "undo"), (bob_seat, "button")]
    else:  # bob first: her move is no longer the last
        assert both == ["undo.others_acted", "ok"]
        assert done == [(alice_seat, "button"), (bob_seat, "button")]


@pytest.mark.postgresql
async def test_two_processes_undoing_at_once_commit_one_undo(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    start = await party.table()
    game_id, seat, asked = start.id, start.seat_of(party.users["alice"].id).seat, start.game.to_json()
    await pick(party, "alice")
    table = await party.table()
    restored = table.game.taken_back(asked)
    undo_row = Undo(game_id, restored.version, seat, party.users["alice"].id, restored.to_json(), [])
    store = party.bot.store
    results = await asyncio.gather(store.undo.undo(undo_row), store.undo.undo(undo_row), return_exceptions=True)
    assert sum(isinstance(r, StaleVersion | NotUndoable) for r in results) == 1  # the compare-and-set let one through
    assert [a[3] for a in await actions(party, game_id)] == ["button", "undo"]
    party.bot.service._drop(game_id)  # as another process would: the game read back from the store
    again = await party.table()
    assert again.row.version == 2 and again.game.to_json() == restored.to_json()
    assert again.last_undo == 2


@pytest.mark.postgresql
async def test_fightdrome_a_secret_first_pick_is_taken_back_a_draw_is_not(simcord_env: Any) -> None:
    party = await open_match(simcord_env, ("alice", "bob"), format="tournament")
    start = await party.table()
    alice, seats = start.seat_of(party.users["alice"].id).seat, sorted(start.game.seats)
    sleeve = str(start.game.legal_actions(alice)[0])
    await press(party.users["alice"], latest_prompt(party.users["alice"]), sleeve)
    assert (await undo(party, "alice")).startswith("↩️ You took back")
    table = await party.table()
    assert table.row.version == 2 and table.game.picks == {} and sorted(table.game.picking) == seats
    assert TOOK_BACK in await log_seen_by(party, "carol")

    bout = await open_match(simcord_env, ("alice", "bob"), format="bout")
    table = await bout.table()
    [decision] = table.game.pending()
    name = next(k for k, u in bout.users.items() if u.id == table.by_seat(decision.seat).user_id)
    opening = str(table.game.legal_actions(decision.seat)[0])
    await press(bout.users[name], latest_prompt(bout.users[name]), opening)  # a card played is replaced from the deck
    result = await bout.members[name].slash(bout.channel, "game undo")
    assert "cannot be taken back: it showed something that was hidden" in result.response.content
    assert (await bout.table()).row.version == 1


def dm(user: Any, message_id: int) -> Any:
    """A DM message as it reads now."""
    return next(m for m in user.dm_channel.history() if m.id == message_id)


def undo_button(message: Any) -> str | None:
    """The custom id of a DM's Undo button, if it has one."""
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if (getattr(child, "custom_id", None) or "").startswith("nfu:"):
                return str(child.custom_id)
    return None


@pytest.mark.postgresql
async def test_the_dm_offers_undo_only_while_it_is_possible(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    alice = party.users["alice"]
    prompt = latest_prompt(alice)
    assert prompt is not None and undo_button(prompt) is None  # nothing of hers to take back yet
    move = await pick(party, "alice")
    shown = dm(alice, prompt.id)  # the DM she pressed in: her move, and its Undo button
    assert undo_button(shown) == f"nfu:{(await party.table()).id}:1"
    await alice.click(shown, custom_id=undo_button(shown))
    back = dm(alice, prompt.id)  # the same DM asks the draft again
    assert back.content.startswith("↩️ You took back") and move in moves_in(back) and undo_button(back) is None
    assert (await party.table()).row.version == 2

    await press(alice, back, move)
    assert undo_button(dm(alice, prompt.id)) == f"nfu:{(await party.table()).id}:3"
    await pick(party, "bob")  # the packets pass on: her move can no longer be taken back
    bob_dm = latest_prompt(party.users["bob"])
    assert bob_dm is not None and undo_button(bob_dm) is None  # his pick revealed cards: no Undo offered
    assert [m for m in alice.dm_channel.history() if undo_button(m)] == []  # her new decision replaced it
    table = await party.table()
    assert await attempt(party.bot.service.undo.undo(table.id, alice.id, 3, "button")) == "undo.others_acted"
    assert table.row.version == 4


async def test_an_undo_in_one_process_is_seen_by_the_others(pg_url: str) -> None:
    """Two processes on one PostgreSQL database, each with its cached copy of the game: an undo made by one is what
    the other reads next (its cache is checked against the stored version, which only goes up), and a button made
    for the undone position is refused in either."""
    a_store, b_store = await Store.open(pg_url), await Store.open(pg_url)
    try:
        a, table = await _started(a_store, "nightfall")
        b = GameService(b_store, Settings(token=None, db_path="", ai_delay=0.0), FACES)
        game_id = table.id
        user, move = _first_move(await a.table(game_id))
        await a.play.act(game_id, user_id=user, text=move, source="button")
        assert (await b.table(game_id)).row.version == 1  # b holds the game after the move
        await a.undo.undo(game_id, user, 1, "button")
        assert await attempt(b.undo.undo(game_id, user, 1, "button")) == "undo.already"  # b read the undo first
        seen = await b.table(game_id)
        assert seen.row.version == 2 and seen.game.to_json() == (await a.table(game_id)).game.to_json()

        seat = seen.seat_of(user).seat
        other = next(str(x) for x in seen.game.legal_actions(seat) if str(x) != move)
        await b.play.act(game_id, user_id=user, text=other, since=seen.since[seat], source="button")
        assert await attempt(a.undo.undo(game_id, user, 1, "button")) == "err.stale"  # the undone move's button
        mine = await a.table(game_id)
        assert mine.row.version == 3 and mine.game.to_json() == (await b.table(game_id)).game.to_json()
        assert await attempt(a.undo.undo(game_id, user, 3, "button")) == "ok"  # the button of the move now made
    finally:
        await a_store.close()
        await b_store.close()


async def test_an_ai_thought_from_before_an_undo_is_thrown_away(db_location: str) -> None:
    """An AI seat thinks while a person picks and takes the pick back: its thought was made for a version the undo
    left behind, so it thinks again on the restored position before it moves (its move of the older thought would
    still be legal here, but it was computed for a position that was taken back)."""
    store = await Store.open(db_location)
    service = GameService(store, Settings(token=None, db_path="", ai_delay=0.0, ai_workers=0), FACES)
    try:
        await service.seats.new_lobby(
            guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game="nightfall", options={}
        )
        await service.seats.add_ai(9, 1, "easy")
        real = service.thinker.choose
        game: list[int] = []
        thoughts: list[int] = []

        async def choose(level: str, player: Any, view: dict[str, Any], actions: Any) -> Any:
            thoughts.append(view["version"])
            if len(thoughts) == 1:  # while the AI thinks, ann picks and takes it back
                table = await service.table(game[0])
                seat = table.seat_of(1).seat
                await service.play.act(
                    game[0], user_id=1, text=str(table.game.legal_actions(seat)[0]), source="command"
                )
                await service.undo.undo(game[0], 1)
            return await real(level, player, view, actions)

        service.thinker.choose = choose  # type: ignore[method-assign]
        table = await service.seats.start(9, 1)
        game.append(table.id)
        for _ in range(200):
            done = [(seq, source) for seq, _seat, _text, source in await store_actions(store, table.id)]
            if len(done) >= 3:
                break
            await asyncio.sleep(0.01)
        assert done == [(1, "command"), (2, "undo"), (3, "ai")]  # the AI moved once, after the undo
        assert thoughts == [0, 2]  # it thought again on the restored position (version 2)
    finally:
        for task in list(service._ai_tasks.values()):
            task.cancel()
        await store.close()
        service.thinker.shutdown(wait=False)


async def store_actions(store: Store, game_id: int) -> list[tuple[Any, ...]]:
    sql = "SELECT seq, seat, text, source FROM actions WHERE game_id = ? ORDER BY seq"
    return [tuple(r) for r in await store.reader.call(lambda c: c.execute(sql, (game_id,)).fetchall())]


async def test_a_move_followed_by_a_snapshot_is_taken_back_to_the_position_before_it(db_location: str) -> None:
    """Every move writes a snapshot here: the undo restores the position before the move (the snapshot before
    it), not the move's own snapshot, and the game read back from the store is that position; the mover's count of
    turns missed in a row, which the move reset, is back too."""
    store = await Store.open(db_location)
    service = GameService(store, Settings(token=None, db_path="", ai_delay=0.0, snapshot_every=1), FACES)
    try:
        await service.seats.new_lobby(
            guild_id=1, channel_id=9, channel_name="t", host_id=1, host_name="ann", game="nightfall", options={}
        )
        await service.seats.join(9, 2, "bo")
        table = await service.seats.start(9, 1)
        before = table.game.to_json()
        user, move = _first_move(table)
        missed = "UPDATE seats SET timeouts = 1 WHERE game_id = ? AND user_id = ?"  # a turn missed before
        await store.writer.transaction(lambda c: c.execute(missed, (table.id, user)))
        service._drop(table.id)
        await service.play.act(table.id, user_id=user, text=move, source="command")
        assert [s.timeouts for s in await store.games.seats(table.id) if s.user_id == user] == [0]  # a move of her own
        snapshots = await store.reader.call(
            lambda c: [
                r[0]
                for r in c.execute(
                    "SELECT version FROM snapshots WHERE game_id = ? ORDER BY version", (table.id,)
                ).fetchall()
            ]
        )
        assert snapshots == [0, 1]  # the move's own snapshot follows it
        await service.undo.undo(table.id, user)
        service._drop(table.id)
        again = await service.table(table.id)
        assert again.row.version == 2 and json.loads(again.game.to_json()) == {**json.loads(before), "version": 2}
        assert [s.timeouts for s in again.seats if s.user_id == user] == [1]  # the count of missed turns is back
    finally:
        await store.close()
        service.thinker.shutdown(wait=False)
