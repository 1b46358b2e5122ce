"""A player's burst of decisions costs the channel one table edit and one log post, not one of each per click.

The real bot in SimCord with the shipped timing (``burst_seconds`` 30, ``table_edit_interval`` 2): while the
next decision is the mover's own, the channel waits; it shows the burst when another person must decide, or
once the window has passed. Every Discord request the bot makes is read from SimCord's request log.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot import Settings
from bot.workers import images

from .helpers import Party, latest_prompt, open_game
from .test_reliability import human_to_move, move_once

#: the images are counted (drawn or from the cache), never looked at; the edit interval and the burst window pass
#: when the test moves the clock, not by the wall clock (tests/bot/conftest.py)
pytestmark = [pytest.mark.unseen_images, pytest.mark.usefixtures("virtual_alarms")]

BURST = 30.0


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The bot tests' settings with the shipped timing of the channel (the suite's own shows every move at once)."""
    return replace(settings, table_edit_interval=2.0, burst_seconds=BURST, discord_limits=True)


def channel_writes(env: Any, party: Party, since: int) -> list[tuple[str, str]]:
    """(method, "table"/"thread") of every write the bot made to the game's channel or its log thread."""
    threads = {t.id for t in party.channel.threads}
    out = []
    for entry in env.backend.http_requests[since:]:
        parts = entry.path.strip("/").split("/")
        if entry.method == "GET" or parts[0] != "channels" or len(parts) < 3 or parts[2] != "messages":
            continue
        where = int(parts[1])
        if where == party.channel.id:
            out.append((entry.method, "table"))
        elif where in threads:
            out.append((entry.method, "thread"))
    return out


async def mover_keeps_it(party: Party, seat: str) -> bool:
    """True if, after a move by ``seat``, no other person has a decision (only the mover, or AI seats)."""
    table = await party.table()
    if table.game.is_over():
        return False
    return all(d.seat == seat or table.by_seat(d.seat).is_ai for d in table.game.pending())


@pytest.mark.slow(3)
async def test_a_burst_of_ones_own_decisions_is_one_table_edit_and_one_log_post(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"))
    await env.settle()
    bursts = 0
    moves = 0
    start = len(env.backend.http_requests)
    for n in range(400):
        found = await human_to_move(party)
        if found is None:
            break
        _name, seat = found
        await move_once(party, n)
        moves += 1
        if await mover_keeps_it(party, seat):
            # still theirs: the channel is not touched, however many decisions the burst takes
            assert channel_writes(env, party, start) == [], f"move {n}: the channel was updated mid-burst"
            continue
        bursts += 1
        writes = channel_writes(env, party, start)
        summaries = sum(1 for m, w in writes if (m, w) == ("POST", "table"))
        assert writes.count(("POST", "thread")) <= 1 + (1 if (await party.table()).game.is_over() else 0), writes
        # one edit of the table, plus, when a turn ended in the burst, the old table becoming its summary
        assert writes.count(("PATCH", "table")) <= 1 + summaries, writes
        await env.advance_time(2.5)  # the next burst starts after the channel's edit interval
        start = len(env.backend.http_requests)
    assert (await party.table()).game.is_over()
    assert bursts < moves, "no burst of more than one decision was played: the test proves nothing"


async def test_a_player_who_keeps_deciding_is_shown_after_the_window(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"))
    await env.settle()
    for n in range(200):
        found = await human_to_move(party)
        assert found is not None, "no move kept the decision with its mover"
        _name, seat = found
        start = len(env.backend.http_requests)
        await move_once(party, n)
        if await mover_keeps_it(party, seat):
            break
        await env.advance_time(2.5)
    assert channel_writes(env, party, start) == []
    await env.advance_time(BURST - 5.0)
    assert channel_writes(env, party, start) == [], "shown before the window ended"
    await env.advance_time(6.0)
    writes = channel_writes(env, party, start)
    assert ("PATCH", "table") in writes, writes
    # the thread gets the lines when the turn ends: not mid-turn
    assert (("POST", "thread") in writes) == (("POST", "table") in writes), writes
    # meanwhile the table message quotes what just happened
    game_id = (await party.table()).id
    table_id = (await party.bot.store.marks.channel_marks(game_id)).table_message_id
    (shown,) = [m for m in party.channel.history() if m.id == table_id]
    last = (await party.bot.store.play.log_tail(game_id, 1))[0].text()
    assert f"> {last}" in shown.content, shown.content


async def test_an_unchanged_table_is_neither_drawn_nor_sent_again(simcord_env: Any) -> None:
    env = simcord_env
    party = await open_game(env, ("alice", "bob"))
    await env.settle()
    game_id = (await party.table()).id
    await party.bot.notifier.sync_channel(game_id)  # the link to the log thread made after the first table
    start, drawn = len(env.backend.http_requests), images.stats.renders + images.stats.hits
    for _ in range(3):  # a delivery asked for again (a watchdog, a retry after the edit went through)
        await party.bot.notifier.sync_channel(game_id)
    assert channel_writes(env, party, start) == []
    assert images.stats.renders + images.stats.hits == drawn, "the unchanged table was drawn again"
    await move_once(party, 0)
    await env.advance_time(BURST + 1)
    assert ("PATCH", "table") in channel_writes(env, party, start), "a changed table is shown"


async def test_several_discards_from_one_menu_answer_in_one_call(simcord_env: Any) -> None:
    """The menu's message is edited by the interaction's own answer: no deferral first, no second call."""
    env = simcord_env
    party = await open_game(env, ("alice", "bob"))
    await env.settle()
    for n in range(300):
        found = await human_to_move(party)
        assert found is not None, "no prompt offered a discard menu"
        name, _seat = found
        prompt = latest_prompt(party.users[name])
        menu = next(
            (
                c
                for row in (prompt.components if prompt is not None else [])
                for c in getattr(row, "children", [row])
                if getattr(c, "custom_id", "").endswith("*") and len(getattr(c, "options", [])) >= 2
            ),
            None,
        )
        if menu is not None:
            break
        await move_once(party, n)
    assert prompt is not None and menu is not None
    version = (await party.table()).game.version
    start = len(env.backend.http_requests)
    values = [o.value for o in menu.options[:2]]
    await party.users[name].select(prompt, values, custom_id=menu.custom_id)
    answers = [e for e in env.backend.http_requests[start:] if e.path.startswith(("/interactions/", "/webhooks/"))]
    assert len(answers) == 1 and answers[0].path.endswith("/callback"), [e.path for e in answers]
    assert (await party.table()).game.version == version + 2, "both discards were made"


async def test_a_move_answered_in_its_own_dm_leaves_the_worker_nothing_for_that_dm(simcord_env: Any) -> None:
    """The answer that edits the pressed DM into the next decision also settles the mover's prompt delivery, in
    the same write: no claim, no look, no commit of the worker's for it. Mid-burst, a move is two commits."""
    env = simcord_env
    party = await open_game(env, ("alice", "bob"))
    await env.settle()
    store = party.bot.store
    for n in range(200):
        found = await human_to_move(party)
        assert found is not None, "no move kept the decision with its mover"
        name, seat = found
        user = party.users[name].id
        commits = store.stats.commits
        how = await move_once(party, n)
        await env.settle()
        if how == "prompt" and await mover_keeps_it(party, seat):
            break
        await env.advance_time(BURST + 1)
    game_id = (await party.table()).id
    owed = [r for r in await store.work.pending_deliveries() if r[0] == game_id and r[1] == "prompt" and r[2] == user]
    assert owed == [], owed
    # the move, and the mark of the DM that shows its next decision (the channel waits for the burst's end)
    assert store.stats.commits - commits == 2
