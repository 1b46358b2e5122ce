"""Apocalypse Cup: `/game new series:cup`, `/game next` with the same seats, `/game cup`, the end announced once.

The real bot in SimCord. Cups here end at 30 wounds (``NIGHTFALL_CUP_TARGET``, the setting for short
demo cups) instead of 100: a two-player game hands out at least its 20 face-up wounds, so someone
reaches 30 within three games, while one game gives a player far fewer (at most 26 in 200 seeded AI
games). Game seeds are fixed, so every run plays the same cup.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest

from bot import Settings
from bot.nightfall.cup import end_lines, standings
from bot.store import ResultRow

from .conftest import user_errors_only
from .helpers import Party, latest_prompt, moves_in, play_to_the_end
from .test_reliability import results_posts

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images

TARGET = 30


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return replace(settings, cup_target=TARGET)


@pytest.fixture(autouse=True)
def fixed_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = itertools.count(1)
    monkeypatch.setattr("bot.service.seats.new_seed", lambda: next(seeds))


def cup_party(env: Any) -> Party:
    guild = env.create_guild()
    party = Party(env, guild.create_text_channel("cup"))
    for name in ("alice", "carol"):
        party.users[name] = env.create_user(name)
        party.members[name] = guild.add_member(party.users[name])
    return party


def ended(party: Party) -> list[str]:
    """The results messages that announce the end of the cup."""
    return [m.content for m in results_posts(party) if "The Apocalypse Cup is over" in m.content]


@pytest.mark.postgresql  # also on the PostgreSQL store (tests/conftest.py)
@pytest.mark.simcord(settle_timeout=60)  # games 2 and 3 are played by the AI within one command's settle
async def test_a_cup_over_several_games_keeps_the_seats_and_announces_its_end_once(simcord_env: Any) -> None:
    party = cup_party(simcord_env)
    alice, carol, store = party.members["alice"], party.members["carol"], party.bot.store
    opened = await alice.slash(party.channel, "game new", variant="quick-start", deadline="12h", series="cup")
    assert not opened.ephemeral and "Apocalypse Cup" in opened.response.content
    assert f"until someone's total reaches {TARGET}" in opened.response.content
    await alice.slash(party.channel, "game add-bot", level="easy")
    early = await alice.slash(party.channel, "game next")
    assert early.ephemeral and "hasn't started yet" in early.response.content
    await alice.slash(party.channel, "game start")
    busy = await alice.slash(party.channel, "game next")
    assert busy.ephemeral and "Game 1 of the series is still being played" in busy.response.content
    none_yet = await carol.slash(party.channel, "game cup")
    assert "no game has finished yet" in none_yet.response.content
    assert "Game 1 is being played" in none_yet.response.content

    first = await party.table()
    series = await store.series.series(first.row.series_id)
    assert series.target == TARGET and series.status == "running"
    seats = [(s.seat, s.user_id, s.display_name, s.is_ai, s.ai_level) for s in first.seats]
    games = []
    for number in range(1, 4):
        # the first game is played by alice herself, the others by the AI after she leaves (faster)
        if number == 1:
            await play_to_the_end(party)
        else:
            await alice.slash(party.channel, "game leave")
        await simcord_env.settle()
        table = await party.table()
        assert table.row.status == "over" and table.row.series_id == series.id
        games.append(table.id)
        # the results rows were written with the finishing move: one per seat, as the game ranked them
        rows = await store.series.results(table.id)
        details = table.game.ranking_details()
        assert [(r.seat, r.place, r.score) for r in rows] == [(d["seat"], d["place"], d["wounds"]) for d in details]
        assert {r.seat: r.user_id for r in rows} == {s: u for s, u, *_ in seats}
        cup = standings(await store.series.series_results(series.id), TARGET)
        assert cup.games == number
        totals = {r.name: r.total for r in cup.rows}
        every = [r for g in games for r in await store.series.results(g)]
        shown = {s.seat: s.shown for s in first.seats}  # an AI player reads "Vesper ⚙" in the standings
        assert totals == {shown[seat]: sum(r.score for r in every if r.seat == seat) for seat, *_ in seats}
        results = results_posts(party)[-1].content
        series = await store.series.series(series.id)
        if series.status == "over":
            break
        assert max(totals.values()) < TARGET
        game_word = "game" if number == 1 else "games"
        assert f"Apocalypse Cup after {number} {game_word}: " in results and "`/game next`" in results
        assert all(f"{name} {total}" in results for name, total in totals.items())
        assert ended(party) == []

        standing = await carol.slash(party.channel, "game cup")  # public: the standings are no secret
        assert not standing.ephemeral
        text = standing.response.content
        assert f"after {number} {game_word} (to {TARGET} wounds)" in text
        leader = min(totals, key=lambda n: totals[n])
        assert f"1. **{leader}** — {totals[leader]} wound" in text and f"Leading: **{leader}" in text
        last = max(totals.values())
        assert f"Closest to {TARGET}: " in text and f"{TARGET - last} wound" in text

        refused = await carol.slash(party.channel, "game next")  # a spectator
        assert refused.ephemeral and "Only the series' players" in refused.response.content
        started = await alice.slash(party.channel, "game next")
        assert not started.ephemeral
        assert (
            started.response.content
            == f"▶️ **alice** starts game {number + 1} of this channel's series (Apocalypse Cup), with the same seats."
        )
        following = await party.table()
        assert following.id != table.id and following.row.status == "active"
        assert following.row.series_id == series.id and following.row.options["draft"] == "quick-start"
        assert following.row.deadline == 12 * 3600 and following.row.host_id == party.users["alice"].id
        # the same seats: alice as a person again (she left the last game), the AI at its level
        assert [(s.seat, s.user_id, s.display_name, s.is_ai, s.ai_level) for s in following.seats] == seats
        await simcord_env.settle()
        prompt = latest_prompt(party.users["alice"])  # her first decision, by DM
        assert prompt is not None
        assert {c.split(":")[1] for _kind, c in moves_in(prompt).values()} == {str(following.id)}
        assert await store.work.deadlines(following.id)  # her decision has its clock, as after /game start

    assert series.status == "over"
    assert 2 <= len(games) <= 3, "a two-player cup to 30 wounds lasts two or three games"
    cup = standings(await store.series.series_results(series.id), TARGET)
    assert cup.over and cup.games == len(games)
    low = min(r.total for r in cup.rows)
    winners = [r.name for r in cup.rows if r.total == low]
    [announcement] = ended(party)  # once, with the last game's results
    assert announcement == results_posts(party)[-1].content
    if len(winners) == 1:
        assert f"🥇 **{winners[0]}** wins the cup with {low} wound" in announcement
    else:
        assert f"🥇 **{', '.join(winners)}** share the win" in announcement
    assert f"after {len(games)} games" in announcement
    # each game of the cup is rated on its own: alice and the AI's level, once per game
    rated = await store._read("SELECT player, games FROM ratings ORDER BY player")
    assert sorted((str(p), int(n)) for p, n in rated) == sorted(
        [(str(party.users["alice"].id), len(games)), ("ai:easy", len(games))]
    )

    over = await alice.slash(party.channel, "game next")
    assert over.ephemeral and "This channel's series is over" in over.response.content
    final = await carol.slash(party.channel, "game cup")
    assert not final.ephemeral and "The Apocalypse Cup is over" in final.response.content
    await simcord_env.settle()
    assert len(ended(party)) == 1
    user_errors_only(simcord_env)


async def test_next_and_cup_refuse_clearly_without_a_running_cup(simcord_env: Any) -> None:
    party = cup_party(simcord_env)
    alice, carol, store = party.members["alice"], party.members["carol"], party.bot.store
    for command in ("game next", "game cup"):
        refused = await alice.slash(party.channel, command)
        assert refused.ephemeral and "no series of games in this channel" in refused.response.content
    await alice.slash(party.channel, "game new")  # a single game is no cup
    refused = await alice.slash(party.channel, "game next")
    assert refused.ephemeral and "no series of games" in refused.response.content
    await alice.slash(party.channel, "game abandon")

    await alice.slash(party.channel, "game new", series="cup")
    first = await store.series.series_in(party.channel.id)
    await alice.slash(party.channel, "game abandon")
    # the cup's only game was abandoned in the lobby, with alice alone: there is nobody to play a next one
    lone = await alice.slash(party.channel, "game next")
    assert lone.ephemeral and "seated now: 1" in lone.response.content
    assert await store.games.open_game_in(party.channel.id) is None
    # a new cup in the channel ends the unfinished one, and says so
    again = await carol.slash(party.channel, "game new", series="cup")
    assert "The unfinished series of this channel ends here, without a winner." in again.response.content
    assert (await store.series.series(first.id)).status == "abandoned"
    assert (await store.series.series_in(party.channel.id)).status == "running"
    user_errors_only(simcord_env)


def test_equal_totals_share_a_place_and_the_win() -> None:
    """The rules: the lowest total wins; players with the same total share their place (1, 1, 3)."""
    games = {1: (10, 20, 10), 2: (5, 12, 5)}
    names = ("ann", "Vesper (easy AI)", "cid")
    results = [
        (game, ResultRow(f"p{k + 1}", None, names[k], 1, wounds))
        for game, row in games.items()
        for k, wounds in enumerate(row)
    ]
    running = standings(results, 100)
    assert not running.over and running.winners == []
    assert [(r.place, r.name, r.total, r.games) for r in running.rows] == [
        (1, "ann", 15, (10, 5)),
        (1, "cid", 15, (10, 5)),
        (3, "Vesper (easy AI)", 32, (20, 12)),
    ]
    over = standings(results, 30)
    assert over.over and [r.name for r in over.winners] == ["ann", "cid"]
    assert end_lines(over) == [
        "🏆 **The Apocalypse Cup is over** after 2 games: **Vesper (easy AI)** reached 30 wounds.",
        "🥇 **ann, cid** share the win, with 15 wounds each!",
        "1. **ann** — 15 wounds (10 · 5)",
        "1. **cid** — 15 wounds (10 · 5)",
        "3. **Vesper (easy AI)** — 32 wounds (20 · 12)",
    ]
