"""``NIGHTFALL_LOG_FORMAT=json``: one JSON object a line (time, level, logger, message, the traceback in ``exc``),
each line of a game's work naming the game; text stays the default, and a bad value stops the bot with one line."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from bot import logs
from bot.settings import Settings, settings_or_exit
from engine.nightfall.ai import GreedyPlayer, decide

from .helpers import latest_prompt, moves_in, open_game, press, slash_move

#: no image is looked at (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


@pytest.fixture
def probe() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger whose lines are written as the bot's JSON log writes them, into a string."""
    stream = io.StringIO()
    logger = logging.getLogger("nightfall.test.probe")
    out = logs.handler("json", stream)
    logger.addHandler(out)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    yield logger, stream
    logger.removeHandler(out)


def entries(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def test_the_log_format_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NIGHTFALL_LOG_FORMAT", raising=False)
    assert Settings.from_env(env_file=None).log_format == "text"
    monkeypatch.setenv("NIGHTFALL_LOG_FORMAT", " JSON ")
    assert Settings.from_env(env_file=None).log_format == "json"
    monkeypatch.setenv("NIGHTFALL_LOG_FORMAT", "xml")
    with pytest.raises(ValueError, match="NIGHTFALL_LOG_FORMAT must be one of text, json, not 'xml'"):
        Settings.from_env(env_file=None)
    monkeypatch.chdir("/")  # no .env here
    with pytest.raises(SystemExit, match="Bad setting: NIGHTFALL_LOG_FORMAT"):
        settings_or_exit()


def test_a_json_line_has_its_fields_and_its_traceback(probe: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = probe
    logger.info("nothing about a game: %s", "ünïcode")
    with logs.about_game(7):
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            logger.exception("move %s failed", "pass")
        logger.warning("another game's line", extra={"game_id": 8})
    logger.info("after the game")
    first, failed, other, after = entries(stream)
    assert set(first) == {"time", "level", "logger", "message"}
    assert first["level"] == "INFO" and first["logger"] == "nightfall.test.probe"
    assert first["message"] == "nothing about a game: ünïcode"
    assert first["time"].endswith("+00:00") and "T" in first["time"]
    assert failed["game_id"] == 7 and failed["level"] == "ERROR" and failed["message"] == "move pass failed"
    assert failed["exc"].startswith("Traceback") and "RuntimeError: boom" in failed["exc"]
    assert other["game_id"] == 8  # a call that names its game wins
    assert "game_id" not in after


def test_the_text_form_stays_the_default() -> None:
    stream = io.StringIO()
    out = logs.handler("text", stream)
    out.handle(logging.LogRecord("bot.x", logging.INFO, __file__, 1, "hello %s", ("there",), None))
    assert stream.getvalue().endswith(" INFO bot.x: hello there\n")
    with pytest.raises(ValueError, match="not 'yaml'"):
        logs.handler("yaml")


async def test_each_line_of_a_games_work_names_the_game(
    simcord_env: Any, probe: tuple[logging.Logger, io.StringIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move pressed in a DM, the deliveries that show it and the AI seat that answers: each of their lines names
    the game, though the log calls do not."""
    env = simcord_env
    bot = env.bot
    logger, stream = probe
    record, sync_channel, sync_prompt = bot.store.play.record, bot.notifier.sync_channel, bot.notifier.sync_prompt

    async def recording(move: Any) -> None:
        logger.info("recording %s by %s", move.text, move.source)
        await record(move)

    async def showing(game_id: int) -> None:
        logger.info("showing the channel")
        await sync_channel(game_id)

    async def prompting(*args: Any, **kwargs: Any) -> bool:
        logger.info("showing a prompt")
        return bool(await sync_prompt(*args, **kwargs))

    monkeypatch.setattr(bot.store.play, "record", recording)
    monkeypatch.setattr(bot.notifier, "sync_channel", showing)
    monkeypatch.setattr(bot.notifier, "sync_prompt", prompting)
    first = await open_game(env, ("alice",), ais=1, spectators=())
    second = await open_game(env, ("bob",), ais=1, spectators=())
    await env.settle()
    for party, name in ((first, "alice"), (second, "bob")):
        table = await party.table()
        if not any(table.by_seat(d.seat).user_id == party.users[name].id for d in table.game.pending()):
            continue  # the AI seat decides first
        prompt = latest_prompt(party.users[name])
        assert prompt is not None
        await press(party.users[name], prompt, next(iter(moves_in(prompt))))
    await env.settle()
    ids = {(await first.table()).id, (await second.table()).id}
    lines = entries(stream)
    kinds = {(e["message"].split()[0], e["message"].rsplit(" ", 1)[-1]) for e in lines}
    assert {("recording", "button"), ("recording", "ai"), ("showing", "channel"), ("showing", "prompt")} <= kinds
    assert all(e.get("game_id") in ids for e in lines), [e for e in lines if e.get("game_id") not in ids]
    assert {e["game_id"] for e in lines} == ids


async def test_the_ai_seats_lines_name_their_game_whoever_starts_them(
    simcord_env: Any, probe: tuple[logging.Logger, io.StringIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The watchdog, or a start-up, sets a game's AI seats going outside any game's work: their lines name the
    game all the same."""
    env = simcord_env
    bot = env.bot
    logger, stream = probe
    record, schedule_ai = bot.store.play.record, bot.service.play.schedule_ai
    ai_moved = asyncio.Event()

    async def recording(move: Any) -> None:
        logger.info("recording %s by %s", move.text, move.source)
        await record(move)
        if move.source == "ai":
            ai_moved.set()

    monkeypatch.setattr(bot.store.play, "record", recording)
    monkeypatch.setattr(bot.service.play, "schedule_ai", lambda table: None)  # the AI seats wait
    party = await open_game(env, ("alice",), ais=1, spectators=())
    for n in range(50):
        table = await party.table()
        if any(table.by_seat(d.seat).is_ai for d in table.game.pending()):
            break
        seat = next(d.seat for d in table.game.pending())
        await slash_move(party.members["alice"], party.channel, str(decide(GreedyPlayer(seed=n), table.game, seat)))
    else:
        raise AssertionError("the AI seat never had to decide")
    await env.settle()
    stream.truncate(0)
    stream.seek(0)
    monkeypatch.setattr(bot.service.play, "schedule_ai", schedule_ai)
    bot.service.play.schedule_ai(table)  # as the watchdog does, about no game in particular
    await ai_moved.wait()  # (it thinks in a thread, which a settle does not wait for)
    await env.settle()
    lines = entries(stream)
    assert lines and all(e["message"].endswith(" by ai") for e in lines)
    assert {e.get("game_id") for e in lines} == {table.id}
