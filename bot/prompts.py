"""The DM a player gets for each decision: what is asked, an image, and a button per move."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from engine.cards import card_set

from .components import move_view
from .i18n import t
from .images import draft_file, hand_file, table_file
from .naming import label
from .service import Table

HAND_KINDS = ("chain", "claim", "choose", "wound")


@dataclass
class Prompt:
    content: str
    file: discord.File
    view: discord.ui.View
    since: int


def _ask(table: Table, seat: str, kind: str, info: dict[str, object]) -> str:
    game = table.game
    assert game is not None
    s = game.s
    if kind == "draft":
        return t("prompt.draft", round=int(str(info.get("round", 0))) + 1, rounds=s.draft.get("rounds", 3))
    if kind == "chain":
        if not s.chain:
            return t("prompt.chain_start")
        last = card_set().cards[s.cards[s.chain[-1]["card"]]]
        return t("prompt.chain_link", last=last.name, links=" or ".join(last.links))
    if kind in ("target", "choose"):
        source = game.card_name(game.parse_card(str(info["source"])))
        if kind == "target":
            return t("prompt.target", source=source)
        return t("prompt.choose", source=source, purpose=str(info.get("purpose", "discard")))
    if kind == "claim":
        return t("prompt.claim", influence=s.influence[s.seats.index(seat)])
    return t(f"prompt.{kind}")


async def build_prompt(table: Table, seat: str) -> Prompt | None:
    """The prompt for ``seat``'s current decision, or None if it has nothing to decide."""
    game = table.game
    if game is None or game.is_over():
        return None
    decision = next((d for d in game.pending() if d.seat == seat), None)
    if decision is None:
        return None
    since = table.since.get(seat, game.version)
    names = table.names
    moves = [(str(a), label(game.describe(a), names)) for a in game.legal_actions(seat)]
    header = t("prompt.header", channel=table.row.channel_name, turn=game.s.turn + 1, phase=game.phase)
    content = f"{header}\n{_ask(table, seat, decision.kind, decision.info)}"
    if decision.kind == "draft":
        file = await draft_file(table, seat)
    elif decision.kind in HAND_KINDS:
        file = await hand_file(table, seat)
    else:
        file = await table_file(table)
    return Prompt(content, file, move_view(table.id, since, moves, placeholder="Choose"), since)
