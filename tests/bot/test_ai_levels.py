"""AI seats at three levels: chosen with `/game add-bot level:`, named by level, kept across restarts."""

from __future__ import annotations

from typing import Any

import pytest

from engine.nightfall.ai import EasyPlayer, GreedyPlayer, HardPlayer

from .conftest import user_errors_only

#: no image is looked at, beyond its presence and file name (tests/bot/conftest.py)
pytestmark = pytest.mark.unseen_images


@pytest.mark.simcord(settle_timeout=120)
async def test_a_game_of_hard_against_easy_plays_to_the_end_after_a_restart(
    simcord_env: Any, make_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _record_players(monkeypatch)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(simcord_env.create_user("host"))
    await host.slash(channel, "game new", variant="quick-start")
    hard = await host.slash(channel, "game add-bot", level="hard")
    easy = await host.slash(channel, "game add-bot", level="easy")
    normal = await host.slash(channel, "game add-bot")
    assert "Vesper ⚙ (hard)" in hard.response.content and "Lucan ⚙ (easy)" in easy.response.content
    assert "Mireille ⚙ (normal)" in normal.response.content
    await host.slash(channel, "game leave")
    row = await simcord_env.bot.store.games.last_game_in(channel.id)
    # the level is the seat's, in the database: a restarted bot plays each seat at its level
    await simcord_env.restart_bot(make_bot())
    seats = await simcord_env.bot.store.games.seats(row.id)
    assert [(s.display_name, s.is_ai, s.ai_level) for s in seats] == [
        ("Vesper", True, "hard"),  # a name and a level: each reader's language writes them
        ("Lucan", True, "easy"),
        ("Mireille", True, "normal"),
    ]
    await host.slash(channel, "game start")
    row = await simcord_env.bot.store.games.game(row.id)
    assert row.status == "over"
    assert {type(p) for p in made} == {HardPlayer, EasyPlayer, GreedyPlayer}
    assert all(p.budget == 0.05 for p in made if isinstance(p, HardPlayer))  # NIGHTFALL_AI_BUDGET
    user_errors_only(simcord_env)


async def test_an_ai_from_before_levels_plays_at_normal(
    simcord_env: Any, make_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = _record_players(monkeypatch)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("nightfall")
    host = guild.add_member(simcord_env.create_user("host"))
    await host.slash(channel, "game new", variant="two-player")
    row = await simcord_env.bot.store.games.last_game_in(channel.id)
    await simcord_env.bot.store.games.add_seat(row.id, None, "Anton (AI)", is_ai=True)  # as 0.1.0 seated it
    seats = await simcord_env.bot.store.games.seats(row.id)
    assert seats[-1].ai_level is None
    await simcord_env.restart_bot(make_bot())  # the seat is read from the database, as after an upgrade
    await host.slash(channel, "game start")
    await simcord_env.settle()
    assert made and all(type(p) is GreedyPlayer for p in made)
    user_errors_only(simcord_env)


def _record_players(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every AI player the bot makes, in order."""
    import engine.nightfall.rules
    from engine.nightfall.ai import make_player

    made: list[Any] = []

    def recording(level: str, seed: int = 0, budget: float | None = None) -> Any:
        player = make_player(level, seed, budget)
        made.append(player)
        return player

    monkeypatch.setattr(engine.nightfall.rules, "make_player", recording)
    return made
