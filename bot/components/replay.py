"""A replay's buttons: ⏮ ◀ ▶ ⏭ to step through it, and the finished game's log as a text file.

Like the move buttons they hold no logic and work across restarts (``DynamicItem``s, dispatched by pattern): a
step button's custom id carries the game and the step it shows (``rp:12:3:n``; the last letter only keeps the
ids of one message apart, as ⏮ and ◀ may lead to the same step), the log button's the game (``rplog:12``). A press
is handed to the replays (``set_replay_handlers``), which check again that the person may see that game.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.words.i18n import t

REPLAY_STEP_ID = re.compile(r"rp:(?P<game>\d{1,12}):(?P<step>\d{1,6}):(?P<tag>[fpcnl])")
REPLAY_LOG_ID = re.compile(r"rplog:(?P<game>\d{1,12})")

#: (interaction, game id, step) -> None: show that step
StepHandler = Callable[[discord.Interaction[Any], int, int], Awaitable[None]]
#: (interaction, game id) -> None: send the game's log
LogHandler = Callable[[discord.Interaction[Any], int], Awaitable[None]]
_handlers: dict[str, Any] = {}


def set_replay_handlers(step: StepHandler, log: LogHandler) -> None:
    """Set by the bot at start-up: where a press goes (``bot.replay.steps.Replays``)."""
    _handlers["step"], _handlers["log"] = step, log


class ReplayStepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_STEP_ID):
    def __init__(self, game: int, step: int, tag: str, label: str = "", disabled: bool = False) -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or str(step),
            style=discord.ButtonStyle.secondary,
            custom_id=f"rp:{game}:{step}:{tag}",
            disabled=disabled,
        )
        super().__init__(button)
        self.game, self.step = game, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayStepButton:
        return cls(int(match["game"]), int(match["step"]), match["tag"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handlers["step"](interaction, self.game, self.step)


class ReplayLogButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REPLAY_LOG_ID):
    def __init__(self, game: int, label: str = "") -> None:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label or "log", style=discord.ButtonStyle.primary, custom_id=f"rplog:{game}", emoji="📄"
        )
        super().__init__(button)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayLogButton:
        return cls(int(match["game"]), getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handlers["log"](interaction, self.game)


def replay_view(game: int, step: int, steps: int, finished: bool, lang: str) -> discord.ui.View:
    """The buttons under step ``step`` (from 1) of ``steps``: first, back, "step k of n" (a label, never pressed),
    forward, last; and the log's button once the game is over."""
    view = discord.ui.View(timeout=None)
    first, last = step <= 1, step >= steps
    view.add_item(ReplayStepButton(game, 1, "f", "⏮", disabled=first))
    view.add_item(ReplayStepButton(game, max(1, step - 1), "p", "◀", disabled=first))
    view.add_item(ReplayStepButton(game, step, "c", t("replay.step", lang, step=step, steps=steps), disabled=True))
    view.add_item(ReplayStepButton(game, min(steps, step + 1), "n", "▶", disabled=last))
    view.add_item(ReplayStepButton(game, steps, "l", "⏭", disabled=last))
    if finished:
        view.add_item(ReplayLogButton(game, t("replay.log_button", lang)))
    return view
