"""A DM button press reaches the commit in few hops, each in the bot's move path, none climbing back.

The stack at the moment ``store.play.record`` is entered, from the button's callback down, is the path a press
takes to the commit: the button hands the move to ``bot.discord_io.inputs``, which asks the one game service to act,
which commits. A layer added on the way (or a detour through a cog or the notifier) makes this test fail.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from bot.store.play import PlayStore

from .conftest import user_errors_only
from .helpers import latest_prompt, moves_in, open_game, press

ROOT = Path(__file__).resolve().parent.parent.parent
#: the path from the button to ``store.play.record`` (the commit), as it is meant to be
EXPECTED = [
    "bot/components/moves.py:callback",
    "bot/components/moves.py:_dispatch",
    "bot/discord_io/inputs.py:one",
    "bot/service/play.py:act",
    "bot/service/play.py:_act_locked",  # which game it is played on: the cache, or the stored game after a refusal
    "bot/service/play.py:_act_on",
    "bot/service/play.py:_commit",
]


async def test_a_dm_button_reaches_the_commit_in_seven_hops(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    stacks: list[list[str]] = []
    record = PlayStore.record

    async def recording(self: PlayStore, move: Any) -> None:
        frames = [f for f in inspect.stack()[1:] if Path(f.filename).resolve().is_relative_to(ROOT)]
        stacks.append([f"{Path(f.filename).resolve().relative_to(ROOT).as_posix()}:{f.function}" for f in frames])
        await record(self, move)

    monkeypatch.setattr(PlayStore, "record", recording)
    party = await open_game(simcord_env, ("alice", "bob"))
    await simcord_env.settle()
    table = await party.table()
    seat = table.game.pending()[0].seat
    user = next(u for u in party.users.values() if u.id == table.by_seat(seat).user_id)
    prompt = latest_prompt(user)
    assert prompt is not None
    move = next(m for m, (kind, _id) in moves_in(prompt).items() if kind == "button")
    stacks.clear()
    await press(user, prompt, move)
    await simcord_env.settle()
    pressed = [s for s in stacks if "bot/components/moves.py:callback" in s]
    assert len(pressed) == 1, stacks
    path = list(reversed(pressed[0]))  # caller first
    path = path[path.index("bot/components/moves.py:callback") :]
    assert path == EXPECTED
    assert not any(p.startswith(("engine/", "render/")) for p in path)
    assert user_errors_only(simcord_env) == []
