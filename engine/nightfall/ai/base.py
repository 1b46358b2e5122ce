"""The contract between the game and an AI seat, and the loop that plays a game out.

An AI player never holds the ``Game``: ``decide`` hands it the seat's private view (with the
seat's knowledge under ``view["position"]``) and the legal actions, and the player answers
with one of those actions. Whatever the player does with that input, it cannot learn a card
the seat could not see, and a player replaying the same input makes the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..game import Action, Game
from ..knowledge import position

__all__ = ["Events", "Player", "RandomPlayer", "ai_input", "decide", "play_out"]

Events = list[dict[str, Any]]


class Player(Protocol):
    """Anything that can answer a pending decision of one seat from what that seat knows."""

    def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
        """One element of ``actions``; ``view`` is ``ai_input(game, seat)``'s."""
        ...


def ai_input(game: Game, seat: str) -> tuple[dict[str, Any], list[Action]]:
    """What an AI seat is given: its private view with its knowledge (under ``"position"``), and its legal
    actions."""
    view = game.private_view(seat)
    view["position"] = position(game, seat)
    return view, game.legal_actions(seat)


def decide(player: Player, game: Game, seat: str) -> Action:
    """Ask ``player`` for ``seat``'s move in ``game``: the one door the bot and tests use.

    Raises ``ValueError`` when the seat has nothing to decide, or when the player answers
    with something that is not one of its legal actions (a bug in the player).
    """
    view, actions = ai_input(game, seat)
    if not actions:
        raise ValueError(f"{seat} has nothing to decide")
    action = player.choose(view, actions)
    if action not in actions:
        raise ValueError(f"{type(player).__name__} chose {action}, which is not a legal move for {seat}")
    return action


def play_out(
    game: Game,
    players: Mapping[str, Player],
    max_steps: int = 20_000,
    on_step: Callable[[Action, Events], None] | None = None,
) -> int:
    """Apply the players' choices until the game is over; returns the number of actions applied.

    When several seats are pending at once (draft picks, blocks), the first in seat order
    answers first, so a seeded game always plays the same way. ``on_step`` sees every
    action with the events it produced (for logs).
    """
    steps = 0
    while not game.is_over():
        if steps >= max_steps:
            raise RuntimeError(f"the game did not finish within {max_steps} actions")
        seat = game.next_to_act()
        if seat is None:
            raise RuntimeError("the game is not over but nobody has a decision to make")
        action = decide(players[seat], game, seat)
        events = game.apply(action)
        steps += 1
        if on_step is not None:
            on_step(action, events)
    return steps


class RandomPlayer:
    """Picks uniformly among the legal actions: a baseline and a fuzzer for the engine."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
        if not actions:
            raise ValueError(f"{view.get('you')} has nothing to decide")
        return self.rng.choice(actions)
