"""Ratings in the real bot (SimCord, both stores): a finished game is rated once, by the transaction that finished
it, whatever restarts follow; `/game stats` shows a person's rating; `/game top` posts the server's leaderboard as
an image where AI seats never appear.

Games are finished quickly by letting the AI play everyone's seat (`/game leave`), as in test_stats.py.
"""

from __future__ import annotations

import io
from collections import OrderedDict
from typing import Any

import pytest
from PIL import Image

import render.leaderboard
from bot.ratings.rating import Entrant, Skill, ai_player, display, rate
from bot.store import Store
from bot.workers import images

from .conftest import user_errors_only
from .helpers import Party, open_game

WIDTH = render.leaderboard.WIDTH


async def ratings(store: Store) -> dict[str, tuple[float, float, int, int]]:
    found = await store._read("SELECT player, mu, sigma, games, wins FROM ratings")
    return {str(r[0]): (float(r[1]), float(r[2]), int(r[3]), int(r[4])) for r in found}


async def finish(party: Party, *leavers: str) -> int:
    """The channel's running game, played to its end by the AI once each of ``leavers`` left it."""
    for name in leavers:
        await party.members[name].slash(party.channel, "game leave")
    await party.env.settle()
    row = await party.bot.store.games.last_game_in(party.channel.id)
    assert row.status == "over"
    return int(row.id)


# the AI plays the rest of each game within one settle: its time is the game's, not a hang
@pytest.mark.unseen_images
@pytest.mark.simcord(settle_timeout=60)
async def test_a_finished_game_is_rated_once_whatever_restarts_follow(simcord_env: Any, make_bot: Any) -> None:
    party = await open_game(simcord_env, ("alice",), ais=1, spectators=("bob",))
    alice = party.users["alice"]
    game_id = await finish(party, "alice")
    table = await party.table()
    level = table.seats[1].ai_level
    results = {r.seat: r for r in await party.bot.store.series.results(game_id)}
    # her seat is hers (the AI played it while she was away), the AI seat is its level's
    assert results["p1"].user_id == alice.id and results["p2"].user_id is None
    assert level is not None
    ai = ai_player(level)
    after = rate([Entrant(str(alice.id), results["p1"].place, None), Entrant(ai, results["p2"].place, None)])
    expected = {
        str(alice.id): (after[str(alice.id)].mu, after[str(alice.id)].sigma, 1, int(results["p1"].place == 1)),
        ai: (after[ai].mu, after[ai].sigma, 1, int(results["p2"].place == 1)),
    }
    assert await ratings(party.bot.store) == expected

    # a restart after the game's end (its deliveries done or not): nothing is rated again
    await simcord_env.restart_bot(make_bot())
    assert await ratings(simcord_env.bot.store) == expected
    # as a game that ended before ratings were kept: the next start rates it, once; the start after, not again
    await simcord_env.bot.store.writer.transaction(
        lambda c: (c.execute("DELETE FROM ratings"), c.execute("UPDATE games SET rated = 0 WHERE id = ?", (game_id,)))
    )
    assert await simcord_env.bot.store.ratings.games_unrated() == [game_id]
    await simcord_env.restart_bot(make_bot())
    assert await ratings(simcord_env.bot.store) == expected
    await simcord_env.restart_bot(make_bot())
    assert await ratings(simcord_env.bot.store) == expected
    assert await simcord_env.bot.store.ratings.games_unrated() == []

    # /game stats: the rating, provisional after one game; nobody is on the board yet (a private answer)
    mu, sigma = expected[str(alice.id)][:2]
    shown = await party.members["alice"].slash(party.channel, "game stats")
    assert not shown.ephemeral
    assert shown.response.content.endswith(
        f"\n🏅 Nightfall rating **{display(mu, sigma)}**, provisional: on `/game top` after 2 games more."
    )
    top = await party.members["bob"].slash(party.channel, "game top")
    assert top.ephemeral and top.response.content == (
        "Nobody is on the **Nightfall** leaderboard of this server yet: a player is ranked after 3 games finished "
        "in this server. AI players are rated apart and never ranked."
    )
    # without game:, the board is the channel's game's
    duel = party.channel.guild.create_text_channel("duel")
    await party.members["bob"].slash(duel, "game new", game="fightdrome")
    theirs = await party.members["bob"].slash(duel, "game top")
    assert theirs.ephemeral and theirs.response.content.startswith(
        "Nobody is on the **Altered Carbon: Fightdrome** leaderboard"
    )
    user_errors_only(simcord_env)


# three games of alice, bob and a hard AI seat, each played to its end by the AI
@pytest.mark.slow(20)
@pytest.mark.simcord(settle_timeout=60)
async def test_top_shows_the_servers_people_as_an_image_and_never_an_ai_seat(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[tuple[list[render.leaderboard.Entry], render.leaderboard.Labels, bytes]] = []
    real = render.leaderboard.render_leaderboard

    def recording(entries: Any, labels: Any) -> bytes:
        data = real(entries, labels)
        drawn.append((list(entries), labels, data))
        return data

    monkeypatch.setattr(render.leaderboard, "render_leaderboard", recording)
    monkeypatch.setattr(images, "_cache", OrderedDict())  # drawn here, not found drawn by an earlier test
    party = await open_game(simcord_env, ("alice", "bob"), start=False, spectators=("carol",))
    host, bob = party.members["alice"], party.members["bob"]
    await host.slash(party.channel, "game add-bot", level="hard")
    await host.slash(party.channel, "game start")
    await finish(party, "alice", "bob")
    for _ in range(2):
        await host.slash(party.channel, "game new", variant="quick-start")
        await bob.slash(party.channel, "game join")
        await host.slash(party.channel, "game add-bot", level="hard")
        await host.slash(party.channel, "game start")
        await finish(party, "alice", "bob")
    store = party.bot.store
    rated = await ratings(store)
    people = {str(party.users[n].id): n for n in ("alice", "bob")}
    assert set(rated) == {*people, "ai:hard"} and all(games == 3 for _, _, games, _ in rated.values())
    order = sorted(people, key=lambda p: -(rated[p][0] - 3 * rated[p][1]))

    shown = await party.members["carol"].slash(party.channel, "game top")
    assert not shown.ephemeral, "the leaderboard is the server's shared record"
    assert shown.response.content == (
        "🏆 The **Nightfall** leaderboard of this server, page 1 of 1. `/game stats` shows your rating."
    )
    assert [a.filename for a in shown.response.attachments] == ["nightfall-top-1.png"]
    [(entries, labels, data)] = drawn
    assert [(e.rank, e.name, e.rating, e.games) for e in entries] == [
        (k + 1, people[p], Skill(*rated[p][:2]).shown, 3) for k, p in enumerate(order)
    ]
    assert [e.wins for e in entries] == [rated[p][3] for p in order]
    assert labels.title == "Nightfall leaderboard" and labels.subtitle.endswith("· ranked after 3 games")
    image = Image.open(io.BytesIO(data))
    assert image.width == WIDTH and image.height < 2 * WIDTH

    # each person's rank in /game stats agrees with the board
    first = party.members[people[order[0]]]
    stats = await first.slash(party.channel, "game stats")
    assert stats.response.content.endswith(
        f"\n🏅 Nightfall rating **{entries[0].rating}**: 1st of 2 on the server's `/game top`."
    )
    # a page past the last, and a game nobody has a rating of here: private answers
    past = await bob.slash(party.channel, "game top", page=2)
    assert past.ephemeral and past.response.content == (
        "The **Nightfall** leaderboard of this server has 1 page: ask for one of those."
    )
    other = await bob.slash(party.channel, "game top", game="fightdrome")
    assert other.ephemeral and "Nobody is on the **Altered Carbon: Fightdrome** leaderboard" in other.response.content
    assert len(drawn) == 1
    user_errors_only(simcord_env)
