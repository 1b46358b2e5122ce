"""One guard for every channel image (``render.public``): a private view of any registered game is refused, its
public view passes, and each game's table and results images go through it."""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import pytest

from engine.games import GAMES
from render.public import PRIVATE_MARK, check_public


def _match(key: str) -> tuple[Any, list[str]]:
    rules = GAMES[key]
    seats = [f"s{i}" for i in range(1, min(rules.seats) + 1)]
    return rules.new(seats=seats, seed=3, options=rules.Options()), seats


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_games_private_view_carries_the_mark_and_its_public_view_does_not(key: str) -> None:
    match, seats = _match(key)
    check_public(match.public_view())
    for seat in seats:
        view = match.private_view(seat)
        assert view[PRIVATE_MARK] == seat
        with pytest.raises(ValueError, match="public_view"):
            check_public(view)


def test_a_games_own_private_keys_are_refused_too() -> None:
    with pytest.raises(ValueError, match="hand"):
        check_public({"seats": [], "hand": []}, ("hand",))
    check_public({"seats": []}, ("hand",))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_each_games_channel_images_use_the_shared_guard(key: str) -> None:
    """The game's table and results drawing refuse a private view (through ``render.public``)."""
    package = importlib.import_module(f"render.{key}")
    match, seats = _match(key)
    private = match.private_view(seats[0])
    drawn = 0
    for name in ("render_table", "render_results"):
        draw = getattr(package, name, None)
        if draw is None or "lang" not in inspect.signature(draw).parameters:
            continue
        with pytest.raises(ValueError, match="public_view"):
            draw(private)
        drawn += 1
    assert drawn, f"render.{key} exports no table image to check"
