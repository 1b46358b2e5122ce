"""A channel people can follow and calm DMs, measured over whole games played over simulated days.

Players answer after a while, as they do in an asynchronous game (``env.advance_time``), so a
decision that finds them away comes as a new DM and one that follows their own move edits it.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot import Settings
from bot.words.i18n import t
from engine.nightfall.ai import GreedyPlayer, decide
from tests.bot.conftest import user_errors_only
from tests.bot.helpers import Party, latest_prompt, moves_in, offered, open_game, play_to_the_end, press, slash_move

#: the images are checked by their presence only (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

HOUR = 3600.0


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The watchdog looks once a day: these games span simulated days, and every look costs real time."""
    return replace(settings, watchdog_seconds=24 * HOUR)


def bot_messages(channel: Any, viewer: Any) -> list[discord.Message]:
    """What a spectator sees in the channel from the bot (no ephemeral replies: they are not for them)."""
    return [m for m in channel.history(viewer=viewer) if m.author.bot]


def dms(user: Any) -> list[discord.Message]:
    return [m for m in user.dm_channel.history() if m.author.bot] if user.dm_channel else []


async def play_over_days(party: Party, spectator: Any, seed: int = 1) -> dict[str, Any]:
    """Humans answer after 20 minutes to 3 hours, by DM button (every third move by slash command).
    Whenever a human must act, the table must be among the last three messages the spectator sees."""
    rng = random.Random(seed)
    players: dict[str, GreedyPlayer] = {}
    buried = []
    moves = 0
    # a decision reaching a person who did not just move: they are away, so it must come as a new DM
    arrivals: dict[str, int] = {}
    held: dict[str, str] = {}
    mover = None
    while True:
        table = await party.table()
        game = table.game
        for d in game.pending():
            name = table.by_seat(d.seat).display_name
            if held.get(name) != d.id and not table.by_seat(d.seat).is_ai and d.seat != mover:
                arrivals[name] = arrivals.get(name, 0) + 1
            held[name] = d.id
        if game.is_over():
            break
        marks = await party.bot.store.marks.channel_marks(table.id)
        last = [m.id for m in party.channel.history(viewer=spectator)[-3:]]
        if marks.table_message_id not in last:
            buried.append((game.turn, last))
        await party.env.advance_time(rng.uniform(1 / 3, 3) * HOUR)
        table = await party.table()
        game = table.game
        seat = next(d.seat for d in game.pending() if not table.by_seat(d.seat).is_ai)
        row = table.by_seat(seat)
        name = next(k for k, u in party.users.items() if u.id == row.user_id)
        move = str(decide(players.setdefault(seat, GreedyPlayer(seed=moves)), game, seat))
        if moves % 3 == 2:
            result = await slash_move(party.members[name], party.channel, move)
            assert result.ephemeral
        else:
            prompt = latest_prompt(party.users[name])
            assert prompt is not None, f"{name} has a decision but no DM prompt"
            await press(party.users[name], prompt, offered(game, seat, move))
        moves += 1
        mover = seat
        assert moves < 3000
    return {"turns": game.turn, "buried": buried, "moves": moves, "arrivals": arrivals}


#: the one line an answered or stale prompt becomes ("✓ …", "⏰ Played by default …", "🏁 The game has ended." …)
CLOSED_PROMPT = re.compile(
    "|".join(
        re.escape(t(f"prompt.done.{key}", label="\x00", name="\x00")).replace("\x00", ".+")
        for key in ("command", "button", "timeout", "missed", "ai", "away", "undone", "over", "moved_on")
    )
)


def prompt_dms(user: Any) -> list[discord.Message]:
    """The DMs that brought a decision (not the welcome, a reminder or the game-over DM): the live one, which asks
    its question under its picture, and the earlier ones, each now one line without a picture or a move to press
    that says what became of its question."""
    return [
        m
        for m in dms(user)
        if ("**Nightfall** in **#" in m.content and m.attachments)
        or (CLOSED_PROMPT.fullmatch(m.content) and not m.attachments and not moves_in(m))
    ]


@pytest.mark.slow(13)
@pytest.mark.simcord(settle_timeout=120)
async def test_a_four_player_game_over_days_keeps_the_channel_short_and_the_table_in_view(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob", "dave", "erin"), variant="standard")
    spectator = party.members["carol"]
    before = len(bot_messages(party.channel, spectator))
    played = await play_over_days(party, spectator)
    turns = played["turns"]
    channel = bot_messages(party.channel, spectator)
    new_messages = len(channel) - before
    per_turn = new_messages / turns
    print(f"4 players, {turns} turns, {played['moves']} moves: {new_messages} channel messages ({per_turn:.2f}/turn)")
    people = ("alice", "bob", "dave", "erin")
    new_dms = {name: len(dms(party.users[name])) for name in people}
    prompts = {name: len(prompt_dms(party.users[name])) for name in people}
    print("new DMs per player per turn:", {k: round(v / turns, 2) for k, v in new_dms.items()})
    print("prompt DMs:", prompts, "decisions that found the player away:", played["arrivals"])
    assert per_turn <= 3, [m.content[:60] for m in channel]
    assert played["buried"] == []
    # one summary per turn, in order, then the table and the results
    summaries = [m.content for m in channel if m.content.startswith("📜")]
    assert summaries[0].startswith("📜 **The draft is over.**")
    assert [s.split("—")[0] for s in summaries[1:]] == [f"📜 **Turn {n} " for n in range(1, turns + 1)]
    assert channel[-1].content.startswith("🏁 **The game is over.**")
    # the move-by-move log is in the thread of the game's first table message
    (thread,) = party.channel.threads
    lines = "\n".join(m.content for m in thread.history())
    assert "Turn 2:" in lines and "attacks" in lines
    assert not any(m.content.startswith("Turn 2:") for m in channel)
    # one new DM per burst: every decision that found its player away came as a new DM, and every
    # decision that followed the player's own move edited the DM they were looking at
    assert prompts == played["arrivals"]
    for name in people:
        assert dms(party.users[name])[-1].content.startswith("🏁 The Nightfall game in **#nightfall** is over")
        # the game is over: no prompt keeps its question, each says in one line what became of it
        assert all(CLOSED_PROMPT.fullmatch(m.content) for m in prompt_dms(party.users[name]))
    user_errors_only(simcord_env)


async def test_a_player_at_the_phone_gets_one_dm_and_edits_after_it(simcord_env: Any) -> None:
    """Playing against two AI seats without putting the phone down: the AI moves take no time, so
    every later decision edits the first prompt; the game-over DM comes at the end."""
    party = await open_game(simcord_env, ("alice",), ais=2, variant="standard")
    await play_to_the_end(party, slash_every=1000)
    alice = party.users["alice"]
    (prompt,) = prompt_dms(alice)
    # the game is over: the prompt no longer asks anything, it says in one line what became of its last question
    assert CLOSED_PROMPT.fullmatch(prompt.content), prompt.content
    assert dms(alice)[-1].content.startswith("🏁 The Nightfall game in **#nightfall** is over")
    user_errors_only(simcord_env)


async def test_summaries_and_the_log_thread_name_nothing_hidden(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=2, variant="standard")
    spectator = party.members["carol"]
    await play_over_days(party, spectator, seed=5)
    (thread,) = party.channel.threads
    public = [m.content for m in bot_messages(party.channel, spectator)] + [m.content for m in thread.history()]
    text = "\n".join(public)
    # the draft picks and a skipped wound effect are private; so is what any hand holds
    assert " drafts " not in text and "skips the wound effect" not in text
    assert "keeps" not in text
    for m in party.users["alice"].dm_channel.history():
        if "Since your last move" in m.content:
            since = m.content.split("**Since your last move:**")[1].split("\n**Nightfall**")[0]
            assert " drafts " not in since and "skips the wound effect" not in since


async def test_a_game_in_a_thread_keeps_its_log_in_game_log(simcord_env: Any) -> None:
    from simcord.builders import ChannelHandle

    guild = simcord_env.create_guild()
    parent = guild.create_text_channel("games")
    users = {n: simcord_env.create_user(n) for n in ("alice", "carol")}
    members = {n: guild.add_member(u) for n, u in users.items()}
    thread = ChannelHandle(
        simcord_env, guild, simcord_env.backend.create_thread(parent.id, "nightfall night", members["carol"].id)
    )
    await simcord_env.settle()
    party = Party(simcord_env, thread, users, members)
    await members["alice"].slash(thread, "game new", variant="quick-start")
    await members["alice"].slash(thread, "game add-bot")
    await members["alice"].slash(thread, "game start")
    await play_over_days(party, members["carol"], seed=2)
    channel = bot_messages(thread, members["carol"])
    assert not any(m.content.startswith("Turn 2:") for m in channel)
    assert any(m.content.startswith("📜 **Turn 2") for m in channel)
    log = await members["carol"].slash(thread, "game log")
    assert "The game is over" in log.response.content


async def test_the_table_comes_back_below_chat_when_a_turn_starts(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    carol = party.members["carol"]
    table = await party.table()
    first = (await party.bot.store.marks.channel_marks(table.id)).table_message_id
    for n in range(5):
        await carol.send(party.channel, f"chat {n}")
    turn = table.game.turn
    active = table.names[table.game.public_view()["active"]]
    while (await party.table()).game.turn == turn:
        t = await party.table()
        seat = next(d.seat for d in t.game.pending())
        name = t.by_seat(seat).display_name
        prompt = latest_prompt(party.users[name])
        assert prompt is not None
        await press(party.users[name], prompt, next(iter(moves_in(prompt))))
    table = await party.table()
    marks = await party.bot.store.marks.channel_marks(table.id)
    history = party.channel.history(viewer=carol)
    assert history[-1].id == marks.table_message_id != first
    old = next(m for m in history if m.id == first)
    assert old.content.startswith(f"📜 **Turn {turn} — {active}**") and not old.attachments
    assert [m.content for m in history[-6:-1]] == [f"chat {n}" for n in range(5)]


async def test_notify_modes_quiet_and_mention(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start", start=False)
    quiet = await party.members["bob"].slash(party.channel, "game notify", mode="quiet")
    assert quiet.ephemeral and "Quiet" in quiet.response.content
    mention = await party.members["alice"].slash(party.channel, "game notify", mode="mention")
    assert mention.ephemeral and "mention" in mention.response.content
    await party.members["alice"].slash(party.channel, "game start")
    # quiet bob plays by slash command until a decision reaches alice; he never gets a prompt DM
    bob = GreedyPlayer(seed=1)
    while True:
        table = await party.table()
        if any(table.by_seat(d.seat).display_name == "alice" for d in table.game.pending()):
            break
        seat = table.game.pending()[0].seat
        result = await slash_move(party.members["bob"], party.channel, str(decide(bob, table.game, seat)))
        assert result.ephemeral and result.response.content.startswith("✓"), result.response.content
    assert prompt_dms(party.users["bob"]) == [] and prompt_dms(party.users["alice"]) == []
    pings = [m for m in party.channel.history() if party.users["alice"].mention in m.content]
    assert len(pings) == 1 and "your move" in pings[0].content
    assert all(party.users["bob"].mention not in m.content for m in party.channel.history())
    hand = await party.members["bob"].slash(party.channel, "hand")  # /hand still serves a quiet player
    assert hand.ephemeral and "Your hand" in hand.response.content
    user_errors_only(simcord_env)


async def test_a_new_dm_says_what_happened_since_your_last_move(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    seen: set[int] = set()
    moved: set[str] = set()
    checked = 0
    for _ in range(80):
        table = await party.table()
        if table.game.is_over():
            break
        await simcord_env.advance_time(2 * HOUR)  # everyone is away by now
        table = await party.table()
        seat = next(d.seat for d in table.game.pending())
        name = table.by_seat(seat).display_name
        prompt = latest_prompt(party.users[name])
        assert prompt is not None
        if prompt.id not in seen and name in moved:  # a new DM to a player who moved before
            assert "**Since your last move:**" in prompt.content, prompt.content
            assert "· [the table](https://discord.com/channels/" in prompt.content.splitlines()[0]
            checked += 1
        seen.add(prompt.id)
        moved.add(name)
        await press(party.users[name], prompt, next(iter(moves_in(prompt))))
    assert checked >= 3
    user_errors_only(simcord_env)


async def test_without_thread_permission_the_game_goes_on_and_the_log_stays_in_game_log(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    simcord_env.inject_error(
        "POST", f"/channels/{channel.id}/messages/*/threads", status=403, code=50013, message="Missing", times=None
    )
    users = {n: simcord_env.create_user(n) for n in ("alice", "carol")}
    members = {n: guild.add_member(u) for n, u in users.items()}
    party = Party(simcord_env, channel, users, members)
    await members["alice"].slash(channel, "game new", variant="quick-start")
    await members["alice"].slash(channel, "game add-bot")
    await members["alice"].slash(channel, "game start")
    await play_over_days(party, members["carol"], seed=4)
    table = await party.table()
    marks = await party.bot.store.marks.channel_marks(table.id)
    assert marks.log_thread_id == 0 and channel.threads == []
    assert await party.bot.store.games.log_since(table.id) == []  # nothing owed: the lines live in /game log
    texts = [m.content for m in bot_messages(channel, members["carol"])]
    assert any(t.startswith("📜 **Turn 2") for t in texts) and not any(t.startswith("Turn 2:") for t in texts)
    assert await party.bot.store.work.pending_deliveries() == []
    user_errors_only(simcord_env)


async def test_a_deleted_log_thread_is_made_again_and_gets_the_lines_still_owed(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    (thread,) = party.channel.threads
    simcord_env.backend.delete_channel(thread.id)
    # the thread gets the lines a turn at a time: play until the first turn's summary is posted
    for _ in range(300):
        table = await party.table()
        seat = next(d.seat for d in table.game.pending())
        user = party.users[table.by_seat(seat).display_name]
        prompt = latest_prompt(user)
        assert prompt is not None
        await press(user, prompt, next(iter(moves_in(prompt))))
        await simcord_env.advance_time(300)
        marks = await party.bot.store.marks.channel_marks(table.id)
        if marks.summary_posted_turn >= 1:
            break
    table = await party.table()
    marks = await party.bot.store.marks.channel_marks(table.id)
    assert marks.log_thread_id not in (None, 0)  # a thread of the table message (it shares its id)
    assert await party.bot.store.games.log_since(table.id) == []
    (again,) = [c for c in party.channel.threads if c.id == marks.log_thread_id]
    lines = "\n".join(m.content for m in again.history())
    assert (await party.bot.store.play.log_tail(table.id, 1))[0].text() in lines
