"""The web view's part of the store (``store.web``): a server's web turned on and off with its token kept, a game's
token made once (by two processes at once too) and never its number, a game found by its token only while its server
has the web on, the stored marks live pages follow (version, status, pause), and a game read with its recent
log lines together.

Every test here runs on both stores, SQLite and PostgreSQL (``pytestmark``)."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.store import Store, Want
from bot.store.web import GameMark
from bot.words.logline import LogLine

pytestmark = pytest.mark.postgresql

GUILD = 7
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{22,}")


@pytest.fixture
async def store(db_location: str) -> Store:
    s = await Store.open(db_location)
    yield s  # type: ignore[misc]
    await s.close()


async def game(store: Store, channel: int, *, guild: int | None = GUILD, start: bool = True) -> int:
    """A two-seat game in ``channel`` (dealt unless ``start`` is false: a lobby)."""
    game_id = await store.games.create_game(
        guild_id=guild,
        channel_id=channel,
        channel_name=f"table-{channel}",
        host_id=1,
        host_name="Ann",
        game="nightfall",
        options={"draft": "standard", "secret_archives": False},
        seed=channel,
        tutorial=guild is None,
    )
    assert game_id is not None
    assert await store.games.add_seat(game_id, None, "Bot", is_ai=True, ai_level="easy") is None
    if start:
        begin = [LogLine({"text": "Begin."})]
        assert await store.play.start_game(game_id, '{"state": 0}', {"p1": 0}, begin, 0, [Want("channel")])
    return game_id


async def test_a_server_turns_the_web_on_and_off_and_keeps_its_token(store: Store) -> None:
    assert await store.web.server(GUILD) is None
    on = await store.web.set_enabled(GUILD, True, "pl")
    assert (on.guild_id, on.enabled, on.language) == (GUILD, True, "pl")
    assert TOKEN_SHAPE.fullmatch(on.token)
    assert await store.web.server(GUILD) == on
    assert await store.web.server_by_token(on.token) == on

    off = await store.web.set_enabled(GUILD, False, "en")
    assert (off.enabled, off.token, off.language) == (False, on.token, "en")
    assert await store.web.server(GUILD) == off
    assert await store.web.server_by_token(on.token) is None  # off: its leaderboards are not found

    again = await store.web.set_enabled(GUILD, True, "en")
    assert again.token == on.token and again.enabled
    other = await store.web.set_enabled(GUILD + 1, True, "en")
    assert other.token != on.token
    assert await store.web.server_by_token("nothing-like-a-token") is None


async def test_a_games_token_is_made_once_and_is_not_its_number(store: Store) -> None:
    first, second = await game(store, 100), await game(store, 101)
    token = await store.web.game_token(first)
    assert TOKEN_SHAPE.fullmatch(token) and token != str(first)  # 128 random bits, not a number to count on
    assert await store.web.game_token(first) == token
    assert await store.web.game_token(second) != token
    with pytest.raises(LookupError):
        await store.web.game_token(first + second + 1000)


async def test_two_processes_making_a_games_token_at_once_agree(store: Store, db_location: str) -> None:
    game_id = await game(store, 100)
    other = await Store.open(db_location)
    try:
        tokens = await asyncio.gather(*(s.web.game_token(game_id) for s in (store, other, store, other)))
    finally:
        await other.close()
    assert len(set(tokens)) == 1
    assert await store.web.game_token(game_id) == tokens[0]


async def test_a_game_is_found_by_its_token_only_while_its_server_has_the_web_on(store: Store) -> None:
    game_id = await game(store, 100)
    token = await store.web.game_token(game_id)
    assert await store.web.game_by_token(token) is None  # the server never turned it on
    await store.web.set_enabled(GUILD, True, "en")
    found = await store.web.game_by_token(token)
    assert found is not None and found.id == game_id and found.guild_id == GUILD
    await store.web.set_enabled(GUILD + 1, False, "en")  # another server's choice changes nothing here
    assert await store.web.game_by_token(token) is not None
    await store.web.set_enabled(GUILD, False, "en")
    assert await store.web.game_by_token(token) is None
    assert await store.web.game_by_token("unknown-token-of-no-game") is None


async def test_tutorials_and_lobbies_are_never_on_the_web(store: Store) -> None:
    await store.web.set_enabled(GUILD, True, "en")
    tutorial = await game(store, 100, guild=None)
    lobby = await game(store, 101, start=False)
    for game_id in (tutorial, lobby):
        assert await store.web.game_by_token(await store.web.game_token(game_id)) is None


async def test_marks_are_the_stored_version_status_and_pause_in_one_answer(store: Store) -> None:
    dealt, lobby = await game(store, 100), await game(store, 101, start=False)
    stored = {r[0]: r[1] for r in await store._read("SELECT id, version FROM games")}
    assert await store.web.marks([dealt, lobby, dealt, 10_000]) == {
        dealt: GameMark(stored[dealt], "active", None),
        lobby: GameMark(stored[lobby], "lobby", None),
    }
    assert await store.web.marks([]) == {}
    many = [await game(store, 200 + i) for i in range(3)]
    assert set(await store.web.marks(many)) == set(many)
    # a pause and an end change no version, only the mark
    assert await store.marks.pause(many[0], "gone", [LogLine.say("paused.log_gone")])
    assert await store.games.abandon(many[1], [1])
    found = await store.web.marks(many)
    assert found[many[0]] == GameMark(stored[dealt], "active", "gone")
    assert found[many[1]] == GameMark(stored[dealt], "abandoned", None)
    assert found[many[2]] == GameMark(stored[dealt], "active", None)


async def test_a_game_is_read_with_its_recent_log_and_clocks_together(store: Store) -> None:
    game_id = await game(store, 100)
    for n in range(3):
        await store._write(
            "INSERT INTO log (game_id, seq, version, text, data, at) VALUES (?, ?, 0, ?, NULL, '2026-01-01')",
            (game_id, 10 + n, f"line {n}"),
        )
    found = await store.web.stored_game(game_id, 2)
    assert found is not None and found.game.row.id == game_id and found.game.state == '{"state": 0}'
    assert [line.text("en") for line in found.lines] == ["line 1", "line 2"]  # the last ones, oldest first
    assert found.clocks == await store.work.deadlines(game_id)
    assert await store.web.stored_game(game_id + 1000, 2) is None


async def test_turning_the_web_on_or_off_shows_each_running_table_of_the_server_again(store: Store) -> None:
    """The table messages of the server's running games gain or lose their link: each game's channel is owed a
    delivery, in the same transaction; a lobby's, a paused game's and another server's are not."""
    running = await game(store, 100)
    await game(store, 101, start=False)
    await game(store, 102, guild=GUILD + 1)
    paused = await game(store, 103)
    await store._write("UPDATE games SET paused = 'gone' WHERE id = ?", (paused,))

    async def owed() -> set[int]:
        found = await store._read("SELECT game_id FROM deliveries WHERE kind = 'channel' AND wanted > done")
        return {int(r[0]) for r in found}

    for enabled in (True, False):
        await store._write("UPDATE deliveries SET done = wanted")
        assert await owed() == set()
        await store.web.set_enabled(GUILD, enabled, "en")
        assert await owed() == {running}
