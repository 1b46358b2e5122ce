"""The DM a player gets for each decision: what is asked, an image, and a button per move."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from .components import move_view
from .i18n import t
from .images import draft_file, hand_file, table_file
from .naming import label
from .service import Table


@dataclass
class Prompt:
    content: str
    file: discord.File
    view: discord.ui.View
    since: int


async def build_prompt(table: Table, seat: str) -> Prompt | None:
    """The prompt for ``seat``'s current decision, or None if it has nothing to decide.

    Everything comes from the seat's private view: the decision says what it asks, which image
    shows it and every legal answer with its label and whether it is the passive one."""
    game = table.game
    if game is None or game.is_over():
        return None
    view = game.private_view(seat)
    decision = next(iter(view["decisions"]), None)
    if decision is None:
        return None
    since = table.since.get(seat, decision["opened"])
    names = table.names
    moves = [(a["text"], label(a["label"], names), bool(a["passive"])) for a in decision["actions"]]
    header = t("prompt.header", channel=table.row.channel_name, turn=view["turn"], phase=view["phase"])
    content = f"{header}\n{t('prompt.' + decision['ask']['key'], **decision['ask']['args'])}"
    shows = decision["shows"]
    if shows == "draft":
        file = await draft_file(table, seat)
    elif shows == "hand":
        file = await hand_file(table, seat)
    else:
        file = await table_file(table)
    return Prompt(content, file, move_view(table.id, since, moves, placeholder="Choose"), since)
