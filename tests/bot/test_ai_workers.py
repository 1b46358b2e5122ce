"""Hard AI seats think in a worker process (``Settings.ai_workers``), and a dead worker is replaced."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest

from bot import Settings
from bot.workers.thinking import Thinker
from engine.nightfall.ai import HardPlayer

from .conftest import user_errors_only


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The bot tests' settings with one worker process for the hard AI (the suite's own think in a thread)."""
    return replace(settings, ai_workers=1)


def spy_decisions(monkeypatch: pytest.MonkeyPatch, after: Any = None) -> list[dict[str, Any]]:
    """Every decision an AI seat makes through the bot's thinker: its level, where it thought, the player sent and
    the player that came back. ``after(thinker)`` runs after each one."""
    seen: list[dict[str, Any]] = []
    choose = Thinker.choose

    async def spy(self: Thinker, level: str, player: Any, view: dict[str, Any], actions: Any) -> Any:
        action, back = await choose(self, level, player, view, actions)
        process = self.in_process(level, player)
        seen.append({"level": level, "process": process, "sent": player, "back": back, "seat": view["you"]})
        if after is not None:
            after(self)
        return action, back

    monkeypatch.setattr(Thinker, "choose", spy)
    return seen


async def start_hard_against_normal(env: Any) -> Any:
    guild = env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(env.create_user("host"))
    await host.slash(channel, "game new", variant="two-player")
    await host.slash(channel, "game add-bot", level="hard")
    await host.slash(channel, "game add-bot", level="normal")
    await host.slash(channel, "game leave")
    await host.slash(channel, "game start")
    return await env.bot.store.games.last_game_in(channel.id)


@pytest.mark.simcord(settle_timeout=120)
async def test_a_hard_seat_thinks_in_the_worker_process_and_keeps_its_state(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    decisions = spy_decisions(monkeypatch)
    row = await start_hard_against_normal(simcord_env)
    assert (await simcord_env.bot.store.games.game(row.id)).status == "over"
    hard = [d for d in decisions if d["level"] == "hard"]
    normal = [d for d in decisions if d["level"] == "normal"]
    assert len(hard) > 5 and normal
    assert all(d["process"] for d in hard) and not any(d["process"] for d in normal)
    # a worker hands back a copy of the player; the seat's next decision is asked of that copy, so its random
    # generator goes on where the last decision left it
    assert all(d["back"] is not d["sent"] and isinstance(d["back"], HardPlayer) for d in hard)
    assert all(later["sent"] is earlier["back"] for earlier, later in itertools.pairwise(hard))
    assert all(d["back"] is d["sent"] for d in normal)  # normal thinks in a thread, on the object itself
    assert simcord_env.bot.service.thinker.pool.restarts == 0
    user_errors_only(simcord_env)


@pytest.mark.simcord(settle_timeout=120)
async def test_a_killed_worker_is_replaced_and_the_ai_moves_on(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    killed: list[int] = []

    def kill_the_worker(thinker: Thinker) -> None:
        pool = thinker.pool.current
        if killed or pool is None:
            return
        for process in list(pool._processes.values()):  # as the kernel's OOM killer would
            process.kill()
            process.join()
            killed.append(process.pid)

    decisions = spy_decisions(monkeypatch, kill_the_worker)
    row = await start_hard_against_normal(simcord_env)
    assert killed, "a worker process ran the first hard decision"
    assert (await simcord_env.bot.store.games.game(row.id)).status == "over"
    hard = [d for d in decisions if d["level"] == "hard"]
    assert len(hard) > 5 and all(d["process"] for d in hard)
    thinker = simcord_env.bot.service.thinker
    assert thinker.pool.restarts == 1
    pool = thinker.pool.current
    assert pool is not None and killed[0] not in {p.pid for p in pool._processes.values()}
    user_errors_only(simcord_env)


def test_settings_read_the_ai_worker_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NIGHTFALL_AI_WORKERS", raising=False)
    assert Settings.from_env(env_file=None).ai_workers == 1
    monkeypatch.setenv("NIGHTFALL_AI_WORKERS", "0")
    assert Settings.from_env(env_file=None).ai_workers == 0
    monkeypatch.setenv("NIGHTFALL_AI_WORKERS", "-1")
    with pytest.raises(ValueError, match="NIGHTFALL_AI_WORKERS"):
        Settings.from_env(env_file=None)


async def test_after_shutdown_a_hard_decision_thinks_in_a_thread() -> None:
    from engine.nightfall import Game, Options
    from engine.nightfall.ai import ai_input

    thinker = Thinker(1)
    thinker.shutdown(wait=True)
    game = Game.new(["a", "b"], seed=3, options=Options(draft="two-player"))
    seat = game.pending()[0].seat
    view, actions = ai_input(game, seat)
    player = HardPlayer(1, budget=0.01)
    action, back = await thinker.choose("hard", player, view, actions)
    assert action in actions and back is player and thinker.pool.current is None


async def test_a_hard_player_that_does_not_search_thinks_in_a_thread() -> None:
    """Fightdrome's hard level decides in a millisecond: no trip to a worker process, which Nightfall's search takes."""
    from engine.games import GAMES

    thinker = Thinker(1)
    try:
        rules = GAMES["fightdrome"]
        match = rules.new(seats=["a", "b"], seed=3)
        seat = match.pending()[0].seat
        view, actions = rules.ai_input(match, seat)
        player = rules.make_player("hard", seed=1)
        assert not thinker.in_process("hard", player) and thinker.in_process("hard", HardPlayer(1, budget=0.01))
        action, back = await thinker.choose("hard", player, view, actions)
        assert action in actions and back is player and thinker.pool.current is None  # no worker was started
    finally:
        thinker.shutdown(wait=True)
