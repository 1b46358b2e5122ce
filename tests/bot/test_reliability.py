"""Many games at once and a Discord that fails: every move kept, every message delivered, nothing stuck.

The real bot in SimCord. Delivery retries are set far apart (``RETRY_BASE`` virtual seconds,
beyond SimCord's settle window), so a failed delivery waits for ``env.advance_time`` as it
would wait for the clock in production, and the tests stay fast.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.nightfall.ai import GreedyPlayer, decide

from .conftest import FAILING_SETTLE, RETRY_BASE, user_errors_only
from .helpers import Party, latest_prompt, moves_in, offered, open_game, press, slash_move

#: the images are checked by their presence and file names only (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


# ---------------------------------------------------------------------------------------------- helpers
async def human_to_move(party: Party) -> tuple[str, str] | None:
    """(player name, seat) of a human who must decide now, or None (game over, or only AI seats wait)."""
    table = await party.table()
    if table.game.is_over():
        return None
    for d in table.game.pending():
        row = table.by_seat(d.seat)
        if not row.is_ai:
            return next(k for k, u in party.users.items() if u.id == row.user_id), d.seat
    return None


async def move_once(party: Party, n: int, by_prompt: bool = True) -> str:
    """One human move, by the DM prompt if it offers it, else by slash command. Returns how it was made."""
    found = await human_to_move(party)
    assert found is not None
    name, seat = found
    table = await party.table()
    move = str(decide(GreedyPlayer(seed=n), table.game, seat))
    prompt = latest_prompt(party.users[name])
    if by_prompt and prompt is not None and move in moves_in(prompt) and _since(prompt) == table.since[seat]:
        await press(party.users[name], prompt, move)
        return "prompt"
    await slash_move(party.members[name], party.channel, move)
    return "slash"


def _since(prompt: Any) -> int:
    """The decision a prompt's buttons belong to (a prompt whose update is still being retried is behind)."""
    _kind, custom_id = next(iter(moves_in(prompt).values()))
    return int(custom_id.split(":")[2])


def results_posts(party: Party) -> list[Any]:
    """The results messages in the game's channel (the table message also says the game is over)."""
    return [m for m in party.channel.history() if m.content.startswith("🏁") and m.attachments]


async def assert_channel_current(party: Party) -> None:
    """The table message says what the game is waiting for and quotes the latest line, and every log line the
    thread is owed (the turns that ended) is posted."""
    table = await party.table()
    bot = party.bot
    row = await bot.store.games.game(table.id)
    assert row.table_message_id is not None
    message = next(m for m in party.channel.history() if m.id == row.table_message_id)
    assert table.waiting_text() in message.content, (message.content, table.waiting_text())
    latest = (await bot.store.play.log_tail(table.id, 1))[0].text("en", bot.service.face(table).describe)
    assert f"> {latest}" in message.content or table.row.status != "active", message.content
    assert await bot.store.games.log_owed(table.id) == []


# ---------------------------------------------------------------------------------------------- failures
FAULTS = (
    ("POST", "channel", 500, 0),
    ("POST", "channel", 429, 0),
    ("PATCH", "messages", 500, 0),
    ("PATCH", "messages", 502, 0),
    ("PATCH", "table", 404, 10008),  # the table message is gone
    ("POST", "dm", 500, 0),
    ("POST", "dm", 429, 0),
    ("POST", "dm", 403, 50007),  # closed DMs
    ("POST", "channel", 403, 50013),  # missing permissions in the game's channel
)


def _inject(env: Any, rng: random.Random, party: Party, table_message: int | None) -> str:
    method, where, status, code = rng.choice(FAULTS)
    name = rng.choice(list(party.users))
    path = {
        "channel": f"/channels/{party.channel.id}/messages",
        "messages": "/channels/*/messages/*",
        "table": f"/channels/{party.channel.id}/messages/{table_message}",
        "dm": f"/channels/{party.users[name].dm_channel.id}/messages",
    }[where]
    env.inject_error(method, path, status=status, code=code, message="injected", times=rng.randint(1, 3))
    return f"{method} {where} {status}/{code}"


@pytest.mark.slow(35)
# every seed on SQLite, one on PostgreSQL too: the failures are Discord's, the store's part is the same on each seed
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.postgresql), 3])
@pytest.mark.simcord(settle_timeout=FAILING_SETTLE)  # a delivery retry waits for the clock
async def test_seeded_discord_failures_lose_nothing(
    seed: int, simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Random 500/429/403/404 on every kind of call: every game finishes, every prompt arrives, results once."""
    rng = random.Random(seed)
    parties = [await open_game(simcord_env, (f"p{i}", f"q{i}"), ais=1, variant="quick-start") for i in range(3)]
    injected: list[str] = []
    n = 0
    while True:
        live = [p for p in parties if await human_to_move(p) is not None]
        if not live:
            break
        party = rng.choice(live)
        if rng.random() < 0.3:
            row = await simcord_env.bot.store.games.game((await party.table()).id)
            injected.append(_inject(simcord_env, rng, party, row.table_message_id))
        await resume_if_paused(party)
        before = (await party.table()).game.version
        await move_once(party, n, by_prompt=rng.random() < 0.8)
        assert (await party.table()).game.version > before, "a legal move was refused or lost"
        n += 1
        if rng.random() < 0.2:
            await simcord_env.advance_time(RETRY_BASE * 16)  # let back-offs run out
            found = await human_to_move(party)
            if found is not None and not simcord_env.backend.faults:
                await _assert_prompt_or_notice(party, *found)
        assert n < 3000, "the games did not finish"
    simcord_env.backend.faults.clear()
    for party in parties:
        await resume_if_paused(party)
    await simcord_env.advance_time(3600)  # every delivery owed is retried until it goes through
    assert any(f.split()[2].startswith(("500", "429", "403", "404")) for f in injected)
    for party in parties:
        assert (await party.table()).row.status == "over"
        assert len(results_posts(party)) == 1, "results are posted exactly once"
        await assert_channel_current(party)
    assert await simcord_env.bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)


async def resume_if_paused(party: Party) -> None:
    """Refused posts in a row (injected 403s) pause a game, as a lost permission would: its host then does what
    the bot's DM tells them, and types `/game resume` in the channel (where the bot can post)."""
    table = await party.table()
    row = await party.bot.store.games.game(table.id)
    if row is None or row.paused is None:
        return
    host = next(name for name, user in party.users.items() if user.id == row.host_id)
    resumed = await party.members[host].slash(party.channel, "game resume")
    assert not resumed.ephemeral and "resumes the game" in resumed.response.content
    assert (await party.bot.store.games.game(table.id)).paused is None  # type: ignore[union-attr]


async def _assert_prompt_or_notice(party: Party, name: str, seat: str) -> None:
    """A player who must act has a prompt with their moves, or was told in the channel that DMs fail."""
    table = await party.table()
    legal = {offered(table.game, seat, str(a)) for a in table.game.legal_actions(seat)}  # copies share a button
    prompt = latest_prompt(party.users[name])
    if prompt is not None and legal <= set(moves_in(prompt)):
        return
    mention = party.users[name].mention
    notices = [m for m in party.channel.history() if "can't DM you" in m.content and mention in m.content]
    assert notices, f"{name} must act but has neither a prompt nor a notice"


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_a_deleted_table_message_is_posted_again(simcord_env: Any) -> None:
    guild = simcord_env.create_guild(owner=(owner := simcord_env.create_user("alice")))
    channel = guild.create_text_channel("nightfall")
    party = Party(simcord_env, channel, {"alice": owner}, {"alice": guild.add_member(owner)})
    bob = simcord_env.create_user("bob")
    party.users["bob"], party.members["bob"] = bob, guild.add_member(bob)
    await party.members["alice"].slash(channel, "game new", variant="quick-start")
    await party.members["bob"].slash(channel, "game join")
    await party.members["alice"].slash(channel, "game start")
    table = await party.table()
    old = (await simcord_env.bot.store.games.game(table.id)).table_message_id
    await party.members["alice"].delete(next(m for m in channel.history() if m.id == old))
    await move_once(party, 1)
    new = (await simcord_env.bot.store.games.game(table.id)).table_message_id
    assert new is not None and new != old
    tables = [m for m in channel.history() if any(a.filename.endswith("-table.png") for a in m.attachments)]
    assert [m.id for m in tables] == [new]
    await assert_channel_current(party)
    user_errors_only(simcord_env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_closed_dms_and_missing_access_are_told_once(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard", start=False)
    bob = party.users["bob"]
    simcord_env.inject_error("POST", f"/channels/{bob.dm_channel.id}/messages", status=403, code=50007, times=None)
    await party.members["alice"].slash(party.channel, "game start")
    for n in range(4):  # draft picks: bob keeps getting refused DMs
        await move_once(party, n)
    notices = [m for m in party.channel.history() if "can't DM you" in m.content]
    assert len(notices) == 1 and bob.mention in notices[0].content
    # the bot loses its permissions in the channel: the host is told once, by DM, and nothing is lost
    for method, path in (("POST", "messages"), ("PATCH", "messages/*")):
        simcord_env.inject_error(
            method, f"/channels/{party.channel.id}/{path}", status=403, code=50013, message="Missing", times=None
        )
    for n in range(4, 8):
        await move_once(party, n)
    told = [m for m in party.users["alice"].dm_channel.history() if "can't post the Nightfall game" in m.content]
    assert len(told) == 1 and "#nightfall" in told[0].content
    simcord_env.backend.faults.clear()
    await move_once(party, 9)
    await simcord_env.advance_time(1200)  # the channel is tried again every few minutes
    await assert_channel_current(party)  # back by itself once the bot can post
    user_errors_only(simcord_env)


@pytest.mark.simcord(settle_timeout=FAILING_SETTLE)  # a delivery retry waits for the clock
async def test_results_are_posted_after_a_failed_final_edit(simcord_env: Any) -> None:
    """The release bug: results were marked posted before they were sent, so a failure lost them."""
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    n = 0
    # the channel fails from here to the end of the game (DMs work, so the game goes on)
    simcord_env.inject_error("PATCH", f"/channels/{party.channel.id}/messages/*", status=500, times=None)
    simcord_env.inject_error("POST", f"/channels/{party.channel.id}/messages", status=503, times=None)
    while await human_to_move(party) is not None:
        await move_once(party, n)
        n += 1
    assert (await party.table()).row.status == "over"
    assert results_posts(party) == []  # Discord is failing: nothing could be posted yet
    simcord_env.backend.faults.clear()
    await simcord_env.advance_time(RETRY_BASE * 64)
    assert len(results_posts(party)) == 1
    await simcord_env.advance_time(3600)
    assert len(results_posts(party)) == 1
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------------- restarts
@pytest.mark.slow(7)
# every seed on SQLite, one on PostgreSQL too (tests/conftest.py)
@pytest.mark.parametrize("seed", [pytest.param(7, marks=pytest.mark.postgresql), 8])
@pytest.mark.simcord(settle_timeout=FAILING_SETTLE)  # a delivery retry waits for the clock
async def test_restarts_between_commit_and_delivery_lose_nothing(seed: int, simcord_env: Any, make_bot: Any) -> None:
    """At random moves the process "dies" right after the commit (nothing delivered), or with
    deliveries failing; the next bot delivers everything owed, and the game plays to the end."""
    rng = random.Random(seed)
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, variant="quick-start")
    restarts = 0
    for n in range(3000):
        if await human_to_move(party) is None:
            break
        crash = rng.random() < 0.08
        if crash:
            simcord_env.bot.service.wake = lambda: None  # committed, but never handed to Discord
            if rng.random() < 0.5:
                simcord_env.inject_error("POST", "/channels/*/messages", status=500, times=None)
        await move_once(party, n)
        if crash:
            await simcord_env.restart_bot(make_bot())
            simcord_env.backend.faults.clear()
            await simcord_env.settle()
            await simcord_env.advance_time(RETRY_BASE * 4)  # a delivery that failed before the restart is in back-off
            restarts += 1
            found = await human_to_move(party)
            if found is not None:
                await _assert_prompt_or_notice(party, *found)
                await assert_channel_current(party)
    assert restarts >= 2
    await simcord_env.advance_time(3600)
    assert (await party.table()).row.status == "over"
    assert len(results_posts(party)) == 1
    assert await simcord_env.bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)


# ---------------------------------------------------------------------------------------------- routing, bad input
async def test_moves_act_only_on_the_channels_own_game(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="standard")
    guild = simcord_env.guild
    other_channel = guild.create_text_channel("elsewhere")
    other_guild = simcord_env.create_guild("Other server")
    other_guild_channel = other_guild.create_text_channel("general")
    alice_there = other_guild.add_member(party.users["alice"])
    table = await party.table()
    version = table.game.version
    pick = str(table.game.legal_actions(table.seat_of(party.users["alice"].id).seat)[0])
    for member, channel in ((party.members["alice"], other_channel), (alice_there, other_guild_channel)):
        result = await member.slash(channel, "draft", card=pick)
        assert result.ephemeral and "no game in this channel" in result.response.content
        assert await member.autocomplete(channel, "draft", "card", "") == []
    assert (await party.table()).game.version == version
    user_errors_only(simcord_env)


async def test_in_dms_the_player_picks_among_several_waiting_games(simcord_env: Any) -> None:
    first = await open_game(simcord_env, ("alice", "bob"), variant="standard", spectators=())
    second_channel = simcord_env.guild.create_text_channel("second-table")
    bob = first.members["bob"]
    alice = first.members["alice"]
    await alice.slash(second_channel, "game new", variant="standard")
    await bob.slash(second_channel, "game join")
    await alice.slash(second_channel, "game start")
    user = first.users["alice"]
    t1 = await first.table()
    pick = str(t1.game.legal_actions(t1.seat_of(user.id).seat)[0])
    version = t1.game.version
    refused = await user.slash("draft", card=pick)
    assert refused.ephemeral
    assert "#nightfall" in refused.response.content and "#second-table" in refused.response.content
    games = await user.autocomplete("draft", "game", "")
    assert len(games) == 2 and {"#nightfall", "#second-table"} <= {g["name"].split()[0] for g in games}
    chosen = next(g["value"] for g in games if g["name"].startswith("#nightfall"))
    done = await user.slash("draft", card=pick, game=chosen)
    assert done.ephemeral and done.response.content.startswith("✓")
    assert (await first.table()).game.version == version + 1
    user_errors_only(simcord_env)


MALFORMED = (
    "chain c١٢",  # Arabic-Indic digits
    "chain c１２",  # fullwidth digits
    "chain c" + "9" * 1500,  # a huge number
    "chain " + "x" * 1900,  # very long text
    "pass\u2003",  # a Unicode space
    "chain\x00c12",
    "CHAIN c12",
)


async def test_malformed_move_texts_are_refused_clearly_and_change_nothing(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    name, _ = await human_to_move(party)  # type: ignore[misc]
    member = party.members[name]
    version = (await party.table()).game.version
    for text in MALFORMED:
        result = await member.slash(party.channel, "chain", card=text)
        reply = result.response.content
        assert result.ephemeral and len(reply) <= 2000
        assert "Something went wrong" not in reply, (text[:20], reply)
    assert (await party.table()).game.version == version
    user_errors_only(simcord_env)


async def test_refused_game_start_is_private(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), start=False, spectators=("bob",))
    before = len(party.channel.history())
    too_few = await party.members["alice"].slash(party.channel, "game start")
    assert too_few.ephemeral and "2–5 players" in too_few.response.content
    await party.members["bob"].slash(party.channel, "game join")
    before = len(party.channel.history())
    not_host = await party.members["bob"].slash(party.channel, "game start")
    assert not_host.ephemeral and "Only the host" in not_host.response.content
    assert len(party.channel.history()) == before
    user_errors_only(simcord_env)
