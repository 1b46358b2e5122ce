"""Restarts keep every game and every button; closed DMs are explained; migrations run once."""

from __future__ import annotations

from typing import Any

import pytest

from bot import Settings
from bot.store import Store

from .conftest import user_errors_only
from .helpers import latest_prompt, moves_in, open_game, play_to_the_end, press

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=120)
async def test_restart_mid_game_old_buttons_work_and_the_game_finishes(simcord_env: Any, make_bot: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), ais=1, variant="quick-start")
    # play a little, then restart with a brand-new bot object on the same database
    table = await party.table()
    while table.game.version < 15:
        seat = next(d.seat for d in table.game.pending() if not table.by_seat(d.seat).is_ai)
        user = party.users[table.by_seat(seat).display_name]
        prompt = latest_prompt(user)
        assert prompt is not None
        await press(user, prompt, next(iter(moves_in(prompt))))
        table = await party.table()
    before = table.game.to_json()
    waiting = next(d.seat for d in table.game.pending() if not table.by_seat(d.seat).is_ai)
    user = party.users[table.by_seat(waiting).display_name]
    old_prompt = latest_prompt(user)
    assert old_prompt is not None
    await simcord_env.restart_bot(make_bot())
    assert simcord_env.bot is not None
    resumed = await party.table()
    assert resumed.game.to_json() == before  # loaded from its snapshot plus the later actions
    version = resumed.game.version
    move, (via, _custom_id) = next(iter(moves_in(old_prompt).items()))  # a button or a menu entry
    result = await press(user, old_prompt, move)  # sent before the restart
    assert not result.ephemeral and "✓" in result.response.content
    stored = await simcord_env.bot.store.play.action(resumed.id, version + 1)
    assert stored == (user.id, move, via)  # (AI seats may have moved after it)
    await play_to_the_end(party)
    assert (await party.table()).row.status == "over"
    user_errors_only(simcord_env)


async def test_closed_dms_on_join_are_explained_privately_and_play_goes_on(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), start=False, spectators=("bob",), variant="standard")
    bob = party.users["bob"]
    simcord_env.inject_error(
        "POST",
        f"/channels/{bob.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    result = await party.members["bob"].slash(party.channel, "game join")
    assert "joins the game" in result.response.content
    assert result.followups and result.followups[0].ephemeral
    assert "can't send you direct messages" in result.followups[0].content
    assert "/hand" in result.followups[0].content
    await party.members["alice"].slash(party.channel, "game start")  # the draft: both must pick now
    table = await party.table()
    assert table.seat_of(bob.id).seat in {d.seat for d in table.game.pending()}
    notes = [m.content for m in party.channel.history() if "can't DM you" in m.content]
    assert len(notes) == 1 and bob.mention in notes[0]
    choices = await party.members["bob"].autocomplete(party.channel, "draft", "card", "")
    picked = await party.members["bob"].slash(party.channel, "draft", card=choices[0]["value"])
    assert picked.ephemeral and picked.response.content.startswith("✓ Draft")
    hand = await party.members["bob"].slash(party.channel, "hand")
    assert hand.ephemeral and "Your hand" in hand.response.content
    assert hand.response.attachments[0].filename.endswith("-hand.png")
    # the spectator cannot see bob's hand reply
    carol_view = party.channel.history(viewer=party.members["alice"])
    assert not any("Your hand" in m.content for m in carol_view)
    user_errors_only(simcord_env)


async def test_info_commands(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice", "bob"), variant="quick-start")
    carol = party.members["carol"]
    card = await carol.slash(party.channel, "card", name="Szaleńcza bijatyka")
    assert card.ephemeral and "Furious Melee" in card.response.content
    assert card.response.attachments[0].filename == "furious_melee.png"
    recon = await carol.slash(party.channel, "card", name="Bite and Tear")
    assert "The bot plays this card's" in recon.response.content and "reconstruct" not in recon.response.content
    choices = await carol.autocomplete(party.channel, "card", "name", "wiel")
    assert [c["value"] for c in choices] == ["great_spirit"]
    unknown = await carol.slash(party.channel, "card", name="Pikachu")
    assert unknown.ephemeral and "don't know a card" in unknown.response.content
    rules = await carol.slash(party.channel, "rules", topic="chain")
    assert rules.ephemeral and "last in, first out" in rules.response.content
    table = await carol.slash(party.channel, "table")
    assert table.ephemeral and table.response.attachments[0].filename.endswith("-table.png")
    status = await carol.slash(party.channel, "game status")
    assert status.ephemeral and "Awaited: bob" in status.response.content
    assert "Waiting for" not in status.response.content  # the awaited player is named once, with their clock
    log = await carol.slash(party.channel, "game log")
    assert log.ephemeral and "The game begins" in log.response.content
    user_errors_only(simcord_env)


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
async def test_migrations_are_applied_once(settings: Settings) -> None:
    first = await Store.open(settings.db_path)
    applied = await first.applied_migrations()
    assert [name for _, name in applied] == [
        "0001_init.sql",
        "0002_delivery.sql",
        "0003_ai_level.sql",
        "0004_deadlines.sql",
        "0005_absent.sql",
        "0006_channel.sql",
        "0007_cup.sql",
        "0008_language.sql",
        "0009_reach.sql",
        "0010_games.sql",
        "0011_lobby_message.sql",
        "0012_missed_turns.sql",
        "0013_thread_by_turn.sql",
        "0014_processes.sql",
        "0015_ratings.sql",
        "0016_undo.sql",
        "0017_my_time.sql",
        "0018_takeover.sql",
        "0019_digest.sql",
        "0020_game_vocabulary.sql",
        "0021_images.sql",
        "0022_identify_turns.sql",
        "0023_web.sql",
    ]
    assert await first.migrate() == []  # nothing left to apply
    await first.close()
    second = await Store.open(settings.db_path)
    assert await second.applied_migrations() == applied
    if second.dialect == "sqlite":  # a write-ahead log, so that reads go on beside a write
        assert await second.reader.call(lambda c: c.execute("PRAGMA journal_mode").fetchone()[0]) == "wal"
    await second.close()
