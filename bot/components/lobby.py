"""The lobby message's buttons: Join, Leave, Start, and a menu that adds an AI player at a level.

Like the move buttons they hold no logic: a press is handed to the lobby (``set_lobby_handler``), which runs
the same checks as ``/game join``, ``/game leave``, ``/game add-bot`` and ``/game start``. Each carries its
game's id, so a press on the message of a lobby that has started, or of an older game in the channel, is
refused privately instead of acting on whatever the channel holds now.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.table import level_name
from bot.words.i18n import t
from engine.protocol import Rules

LOBBY_BUTTON_ID = re.compile(r"lb:(?P<game>\d+):(?P<action>join|leave|start)")
LOBBY_LEVEL_ID = re.compile(r"lbai:(?P<game>\d+)")

#: (interaction, game id, "join" | "leave" | "start" | "add:<level>") -> None; "add:" alone: the game's default level
LobbyHandler = Callable[[discord.Interaction[Any], int, str], Awaitable[None]]
_handler: list[LobbyHandler] = []


def set_lobby_handler(handler: LobbyHandler) -> None:
    """Set by the lobby's cog when it is loaded: where a press goes."""
    _handler[:] = [handler]


async def _pressed(interaction: discord.Interaction[Any], game: int, action: str) -> None:
    await _handler[0](interaction, game, action)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_BUTTON_ID):
    def __init__(self, game: int, action: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if action == "start" else discord.ButtonStyle.primary
        if action == "leave":
            style = discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=(label or action)[:80], style=style, custom_id=f"lb:{game}:{action}"))
        self.game, self.action = game, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["action"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _pressed(interaction, self.game, self.action)


class LobbyLevel(discord.ui.DynamicItem[discord.ui.Select[Any]], template=LOBBY_LEVEL_ID):
    def __init__(self, game: int, options: Sequence[discord.SelectOption] = (), placeholder: str = "") -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"lbai:{game}",
            # rebuilt from a press, the menu's options are the message's; Discord wants at least one
            options=list(options) or [discord.SelectOption(label="🤖", value="")],
            placeholder=placeholder or None,
        )
        super().__init__(select)
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyLevel:
        options = list(getattr(item, "options", []) or [])
        return cls(int(match["game"]), options, getattr(item, "placeholder", "") or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values or [""]
        await _pressed(interaction, self.game, f"add:{values[0]}")


def lobby_view(game: int, rules: Rules, lang: str) -> discord.ui.View:
    """The lobby message's buttons and the menu of the AI levels its game (``rules``) has, in the game's
    language."""
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(game, action, t(f"lobby.button.{action}", lang)))
    options = [
        discord.SelectOption(label=t("lobby.button.level", lang, level=level_name(rules.key, level, lang)), value=level)
        for level in rules.ai_levels
    ]
    view.add_item(LobbyLevel(game, options, t("lobby.button.ai", lang)))
    return view
