"""Ratings in the store: updated by the move that finishes a game, in its transaction, exactly once; people and AI
levels rated apart; abandoned games, tutorials and games outside a server not rated; the start-up back-fill.

Every test here runs on both stores, SQLite and PostgreSQL (``pytestmark``); the rating's arithmetic is openskill's,
checked against the model called directly."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from bot.ratings.rating import MODEL, PROVISIONAL_GAMES, Entrant, Skill, display, rate
from bot.store import Move, ResultRow, StaleVersion, Store, Want
from bot.words.logline import LogLine

pytestmark = pytest.mark.postgresql

GUILD = 1
#: (user id or None for an AI seat, name, AI level)
Seat = tuple[int | None, str, str | None]


@pytest.fixture
async def store(db_location: str) -> Store:
    s = await Store.open(db_location)
    yield s  # type: ignore[misc]
    await s.close()


async def started(
    store: Store, seats: Sequence[Seat], *, channel: int = 100, guild: int | None = GUILD, tutorial: bool = False
) -> int:
    """A running game of ``seats`` (the first the host)."""
    host = seats[0][0]
    assert host is not None
    game_id = await store.games.create_game(
        guild_id=guild,
        channel_id=channel,
        channel_name=f"table-{channel}",
        host_id=host,
        host_name=seats[0][1],
        game="nightfall",
        options={"draft": "standard", "secret_archives": False},
        seed=channel,
        tutorial=tutorial,
    )
    assert game_id is not None
    for user_id, name, level in seats[1:]:
        assert await store.games.add_seat(game_id, user_id, name, is_ai=user_id is None, ai_level=level) is None
    begin = [LogLine({"text": "Begin."})]
    assert await store.play.start_game(game_id, '{"state": 0}', {"p1": 0}, begin, 0, [Want("channel")])
    return game_id


def finishing(game_id: int, places: Sequence[tuple[str, int | None, str, int]], version: int = 1) -> Move:
    """The move that ends the game with each (seat, user id, name, place)."""
    return Move(
        game_id=game_id,
        version=version,
        seat="p1",
        user_id=places[0][1],
        text="done",
        source="button",
        decision_since={},
        log_lines=[LogLine({"text": "Over."})],
        snapshot='{"state": "over"}',
        finished=True,
        wants=[Want("channel")],
        results=[ResultRow(seat, uid, name, place, 10 + place) for seat, uid, name, place in places],
    )


async def ratings(store: Store, game: str = "nightfall") -> dict[str, tuple[float, float, int, int]]:
    found = await store._read("SELECT player, mu, sigma, games, wins FROM ratings WHERE game = ?", (game,))
    return {str(r[0]): (float(r[1]), float(r[2]), int(r[3]), int(r[4])) for r in found}


def expected(*teams: tuple[float, float], ranks: Sequence[int]) -> list[tuple[float, float]]:
    after = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in teams], ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in after]


async def test_the_finishing_move_rates_the_winner_up_and_the_loser_down_once(store: Store) -> None:
    game_id = await started(store, [(11, "alice", None), (12, "bob", None)])
    move = finishing(game_id, [("p2", 12, "bob", 1), ("p1", 11, "alice", 2)])
    await store.play.record(move)
    [(bob_mu, bob_sigma), (alice_mu, alice_sigma)] = expected((25.0, 25 / 3), (25.0, 25 / 3), ranks=[1, 2])
    assert bob_mu > 25 > alice_mu and bob_sigma < 25 / 3
    got = await ratings(store)
    assert got == {"11": (alice_mu, alice_sigma, 1, 0), "12": (bob_mu, bob_sigma, 1, 1)}
    assert display(bob_mu, bob_sigma) == 1069 and display(alice_mu, alice_sigma) == 963

    # the same move again (a retry, a second process): refused by the version, nothing rated twice
    with pytest.raises(StaleVersion):
        await store.play.record(move)
    assert not await store.ratings.rate_game(game_id)  # the back-fill finds it rated
    assert await store.ratings.games_unrated() == []
    assert await ratings(store) == got

    # a second game between them starts from the first game's ratings
    second = await started(store, [(11, "alice", None), (12, "bob", None)], channel=101)
    await store.play.record(finishing(second, [("p1", 11, "alice", 1), ("p2", 12, "bob", 2)]))
    [(alice2, _), (bob2, _)] = expected((alice_mu, alice_sigma), (bob_mu, bob_sigma), ranks=[1, 2])
    after = await ratings(store)
    assert (after["11"][0], after["11"][2:]) == (alice2, (2, 1))
    assert (after["12"][0], after["12"][2:]) == (bob2, (2, 1))


async def test_ai_seats_are_rated_apart_by_level_and_an_away_persons_seat_is_theirs(store: Store) -> None:
    """alice, bob (the AI played his seat while he was away) and two hard AI seats: the level enters once, by its
    better place; the board and the ranks know people only."""
    seats: list[Seat] = [(11, "alice", None), (12, "bob", None), (None, "Vesper", "hard"), (None, "Morrow", "hard")]
    game_id = await started(store, seats)
    assert await store.games.set_away(game_id, "p2", 3, True, [LogLine({"text": "bob is away."})], [], [])
    places = [("p3", None, "Vesper 🤖", 1), ("p2", 12, "bob", 2), ("p4", None, "Morrow 🤖", 3), ("p1", 11, "alice", 4)]
    await store.play.record(finishing(game_id, places))
    hard, bob, alice = expected((25.0, 25 / 3), (25.0, 25 / 3), (25.0, 25 / 3), ranks=[1, 2, 4])
    assert await ratings(store) == {
        "11": (*alice, 1, 0),
        "12": (*bob, 1, 0),
        "ai:hard": (*hard, 1, 1),
    }
    user_ids = {r[0] for r in await store._read("SELECT user_id FROM ratings WHERE player = 'ai:hard'")}
    assert user_ids == {None}
    # provisional: nobody is on the board after one game, and a rating has no rank yet
    assert await store.ratings.leaderboard(GUILD, "nightfall", 10) == []
    mine = await store.ratings.rating_of(GUILD, "nightfall", 12)
    assert mine is not None and mine[1] is None and (mine[0].games, mine[0].name) == (1, "bob")
    assert await store.ratings.rating_of(GUILD, "nightfall", 99) is None


async def test_the_board_ranks_people_by_their_conservative_rating(store: Store) -> None:
    """Three games each for alice, bob and carol against a normal AI seat, won by alice twice and by bob once:
    the board and each person's rank agree, and the AI level is on neither."""
    winners = [11, 11, 12]
    people = {11: "alice", 12: "bob", 13: "carol"}
    for n, winner in enumerate(winners):
        seats: list[Seat] = [(11, "alice", None), (12, "bob", None), (13, "carol", None), (None, "V", "normal")]
        game_id = await started(store, seats, channel=200 + n)
        order = [winner, *(u for u in (11, 12, 13) if u != winner)]
        places = [(f"p{u - 10}", u, people[u], k + 1) for k, u in enumerate(order)] + [("p4", None, "V 🤖", 4)]
        await store.play.record(finishing(game_id, places))
    board = await store.ratings.leaderboard(GUILD, "nightfall", 10)
    assert [r.user_id for r in board] == [11, 12, 13]
    assert [r.games for r in board] == [3, 3, 3] and [r.wins for r in board] == [2, 1, 0]
    assert board[0].mu - 3 * board[0].sigma > board[1].mu - 3 * board[1].sigma
    assert await store.ratings.ranked_count(GUILD, "nightfall") == 3
    assert [(await store.ratings.rating_of(GUILD, "nightfall", u) or (None, None))[1] for u in (11, 12, 13)] == [
        1,
        2,
        3,
    ]
    assert await store.ratings.leaderboard(GUILD, "nightfall", 1, offset=1) == [board[1]]
    assert await store.ratings.leaderboard(GUILD, "fightdrome", 10) == []  # per game
    assert await store.ratings.leaderboard(GUILD + 1, "nightfall", 10) == []  # per server
    assert PROVISIONAL_GAMES == 3


async def test_abandoned_tutorial_and_guildless_games_are_not_rated(store: Store) -> None:
    abandoned = await started(store, [(11, "alice", None), (12, "bob", None)])
    assert await store.games.abandon(abandoned, [11, 12])
    assert not await store.ratings.rate_game(abandoned)
    tutorial = await started(store, [(11, "alice", None), (None, "V", "easy")], channel=101, guild=None, tutorial=True)
    await store.play.record(finishing(tutorial, [("p1", 11, "alice", 1), ("p2", None, "V 🤖", 2)]))
    in_dm = await started(store, [(11, "alice", None), (12, "bob", None)], channel=102, guild=None)
    await store.play.record(finishing(in_dm, [("p1", 11, "alice", 1), ("p2", 12, "bob", 2)]))
    alone = await started(store, [(11, "alice", None)], channel=103)
    await store.play.record(finishing(alone, [("p1", 11, "alice", 1)]))
    assert await ratings(store) == {}
    assert await store.ratings.games_unrated() == []  # each was considered once, and marked


async def test_games_finished_before_ratings_are_rated_once_oldest_first(db_location: str) -> None:
    """As after the migration: finished games with results and no rating. Two processes back-fill at once (on
    PostgreSQL, under each game's lock): each game is rated exactly once, in the order the games ended."""
    first, second = await Store.open(db_location), await Store.open(db_location)
    try:
        a = await started(first, [(11, "alice", None), (12, "bob", None)])
        await first.play.record(finishing(a, [("p1", 11, "alice", 1), ("p2", 12, "bob", 2)]))
        b = await started(first, [(11, "alice", None), (12, "bob", None)], channel=101)
        await first.play.record(finishing(b, [("p2", 12, "bob", 1), ("p1", 11, "alice", 2)]))
        rated = await ratings(first)
        await first.writer.transaction(
            lambda c: (c.execute("DELETE FROM ratings"), c.execute("UPDATE games SET rated = 0"))
        )
        assert await first.ratings.games_unrated() == [a, b]

        async def backfill(store: Store) -> int:
            return sum([await store.ratings.rate_game(g) for g in await store.ratings.games_unrated()])

        done = await asyncio.gather(backfill(first), backfill(second))
        assert sum(done) == 2
        assert await ratings(first) == rated  # the same numbers as when each game was rated as it ended
        assert await first.ratings.games_unrated() == []
    finally:
        await first.close()
        await second.close()


def test_a_four_player_tie_shares_a_rating() -> None:
    """Places 1, 1, 3, 4: the two tied players get the same rating, above the last; both games break every tie
    (their places are always 1…n), but the model accepts shared places."""
    after = rate([Entrant("a", 1, None), Entrant("b", 1, None), Entrant("c", 3, None), Entrant("d", 4, None)])
    assert after["a"] == after["b"]
    assert after["a"].mu > 25 > after["d"].mu
    assert after["d"].shown < Skill.new().shown == 1000 < after["a"].shown
    ordered = rate([Entrant("a", 1, None), Entrant("b", 2, None), Entrant("c", 3, None), Entrant("d", 4, None)])
    assert [ordered[p].mu for p in "abcd"] == sorted((ordered[p].mu for p in "abcd"), reverse=True)
    assert rate([Entrant("a", 1, None)]) == {}
    with pytest.raises(ValueError):
        rate([Entrant("a", 1, None), Entrant("a", 2, None)])
