"""`/game stats`: a person's finished games, wins, average and best wounds in one server; and the results
rows those numbers come from, written with a game's finishing move or, for a game that finished before
results were kept, back-filled once at start-up.

The real bot in SimCord; games are finished quickly by letting the AI play alice's seat (`/game leave`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import Settings
from bot.games import FACES
from bot.ratings.rating import display
from bot.service import GameService
from bot.store import ResultRow, Store

from .conftest import user_errors_only
from .helpers import Party, open_game

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "release_0_1_0" / "nightfall.sql"


async def finish_a_game(party: Party, channel: Any, host: Any) -> int:
    """A game of the host and a normal AI in ``channel``, played to its end by the AI for the host."""
    await host.slash(channel, "game new", variant="quick-start")
    await host.slash(channel, "game add-bot")
    await host.slash(channel, "game start")
    await host.slash(channel, "game leave")
    await party.env.settle()
    row = await party.bot.store.games.last_game_in(channel.id)
    assert row.status == "over"
    return int(row.id)


def expected(name: str, rows: list[ResultRow]) -> str:
    wins = sum(r.place == 1 for r in rows)
    games = f"{len(rows)} game" + ("s" if len(rows) != 1 else "")
    best = min(r.score for r in rows)
    return (
        f"📊 **{name}** in this server: {games} played, {wins} win{'' if wins == 1 else 's'} "
        f"({round(100 * wins / len(rows))}%), on average {sum(r.score for r in rows) / len(rows):.1f} wounds a game, "
        f"best game {best} wound{'' if best == 1 else 's'}."
    )


async def rating_line(store: Store, guild_id: int, user_id: int, games: int) -> str:
    """The rating line under a person's stats: provisional for their first games in the server
    (bot/ratings/leaderboard.py)."""
    found = await store.ratings.rating_of(guild_id, "nightfall", user_id)
    assert found is not None and found[0].games == games and found[1] is None
    more = 3 - games
    rating = display(found[0].mu, found[0].sigma)
    games_more = f"{more} game{'s' if more > 1 else ''}"
    return f"\n🏅 Nightfall rating **{rating}**, provisional: on `/game top` after {games_more} more."


# the AI plays the rest of the game within one settle: its time is the game's, not a hang
@pytest.mark.simcord(settle_timeout=60)
async def test_stats_count_a_persons_finished_games_in_this_server_only(simcord_env: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1, spectators=("bob", "carol"))
    store, alice, carol = party.bot.store, party.users["alice"], party.members["carol"]
    await party.members["alice"].slash(party.channel, "game leave")
    await simcord_env.settle()
    first = (await party.table()).id
    second = await finish_a_game(party, party.channel, party.members["alice"])
    rows = [r for g in (first, second) for r in await store.series.results(g)]
    mine = [r for r in rows if r.user_id == alice.id]
    assert len(mine) == 2  # her seat counts as hers, though the AI played it while she was away
    assert [r.user_id for r in rows if r.seat != "p1"] == [None, None]  # AI seats never count

    # the same person in another server, with a game there: not counted here
    elsewhere = simcord_env.create_guild("elsewhere")
    other_channel = elsewhere.create_text_channel("nightfall")
    alice_there = elsewhere.add_member(alice)
    third = await finish_a_game(party, other_channel, alice_there)
    theirs = [r for r in await store.series.results(third) if r.user_id == alice.id]

    shown = await carol.slash(party.channel, "game stats", player=party.members["alice"])
    assert not shown.ephemeral, "stats are a public record"
    here = await rating_line(store, party.channel.guild.id, alice.id, games=2)
    assert shown.response.content == expected("alice", mine) + here
    own = await party.members["alice"].slash(party.channel, "game stats")
    assert own.response.content == expected("alice", mine) + here
    there = await alice_there.slash(other_channel, "game stats")
    there_line = await rating_line(store, elsewhere.id, alice.id, games=1)
    assert there.response.content == expected("alice", theirs) + there_line

    # nobody's stats without a finished game: a private answer
    nothing = await party.members["bob"].slash(party.channel, "game stats")
    assert nothing.ephemeral and "You have no finished Nightfall game in this server yet" in nothing.response.content
    asked = await carol.slash(party.channel, "game stats", player=party.members["bob"])
    assert asked.ephemeral and asked.response.content == "**bob** has no finished Nightfall game in this server yet."
    user_errors_only(simcord_env)


# the AI plays the rest of the game within one settle: its time is the game's, not a hang
@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=60)
async def test_results_missing_at_start_up_are_back_filled(simcord_env: Any, make_bot: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1, spectators=())
    await party.members["alice"].slash(party.channel, "game leave")
    await simcord_env.settle()
    game_id = (await party.table()).id
    rows = await party.bot.store.series.results(game_id)
    assert len(rows) == 2
    # as a game that finished before results were kept: no rows
    await party.bot.store.writer.transaction(lambda c: c.execute("DELETE FROM results WHERE game_id = ?", (game_id,)))
    assert await party.bot.store.series.games_missing_results() == [game_id]
    await simcord_env.restart_bot(make_bot())
    assert await simcord_env.bot.store.series.results(game_id) == rows
    assert await simcord_env.bot.store.series.games_missing_results() == []
    user_errors_only(simcord_env)


@pytest.mark.sqlite_only("a SQLite file written by release 0.1.0; the back-fill on both stores is tested above")
async def test_a_game_finished_before_the_migration_gets_its_results_once(tmp_path: Path) -> None:
    """The database release 0.1.0 wrote holds a finished game; migrated, the back-fill ranks it once."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    store = await Store.open(str(path))
    try:
        [finished] = [row.id for row in await store.games.games_with_status("over")]
        assert await store.series.games_missing_results() == [finished]
        service = GameService(store, Settings(db_path=str(path)), FACES)
        assert await service.seats.backfill_results() == 1
        table = await service.table(finished)
        rows = await store.series.results(finished)
        details = table.game.ranking_details()
        assert [(r.seat, r.place, r.score) for r in rows] == [(d["seat"], d["place"], d["wounds"]) for d in details]
        assert [(r.user_id, r.display_name) for r in rows] == [
            (table.by_seat(r.seat).user_id, table.by_seat(r.seat).display_name) for r in rows
        ]
        assert await service.seats.backfill_results() == 0  # idempotent: nothing left to do, nothing rewritten
        assert await store.series.results(finished) == rows
        abandoned = [row.id for row in await store.games.games_with_status("abandoned")]
        assert abandoned and [r for g in abandoned for r in await store.series.results(g)] == []  # finished games only
    finally:
        await store.close()
