"""Table, hand, draft, card and results images as Discord files, drawn off the event loop."""

from __future__ import annotations

import asyncio
import io

import discord

import render

from .naming import named_view
from .service import Table


def _file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


async def table_file(table: Table) -> discord.File:
    """The public table: only ``public_view`` ever reaches this image."""
    assert table.game is not None
    view = named_view(table.game.public_view(), table.names)
    return _file(await asyncio.to_thread(render.render_table, view), f"nightfall-{table.id}-table.png")


async def hand_file(table: Table, seat: str) -> discord.File:
    assert table.game is not None
    view = named_view(table.game.private_view(seat), table.names)
    return _file(await asyncio.to_thread(render.render_hand, view), f"nightfall-{table.id}-hand.png")


async def draft_file(table: Table, seat: str) -> discord.File:
    assert table.game is not None
    view = named_view(table.game.private_view(seat), table.names)
    return _file(await asyncio.to_thread(render.render_draft, view), f"nightfall-{table.id}-draft.png")


async def results_file(table: Table) -> discord.File:
    assert table.game is not None
    view = named_view(table.game.public_view(), table.names)
    return _file(await asyncio.to_thread(render.render_results, view), f"nightfall-{table.id}-results.png")


async def card_file(key: str, lang: str = "en") -> discord.File:
    return _file(await asyncio.to_thread(render.render_card, key, lang), f"{key}.png")
