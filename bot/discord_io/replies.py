"""Answering an interaction, whether it is still fresh or was acknowledged early.

Discord gives the bot 3 seconds to answer an interaction. A write that has to wait for the
database (another program holds its lock) acknowledges it first (``defer``, through
``bot.store.sqlite.on_wait``); the answer then comes as the deferral's follow-up. ``send`` hides the
difference from the commands. A deferred command shows a private "thinking…", because whether its
answer is public is not known yet (a refusal never is): a public answer then completes it with a
private ✓ and follows for the channel to read.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.store import sqlite as database
from bot.words.i18n import clip

log = logging.getLogger(__name__)

#: ``interaction.extras`` key: how the interaction was acknowledged ("thinking", "update"), "answered" after
DEFERRED = "deferred"


async def defer(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge now; the answer follows. A button or menu keeps its message (to be edited), a command
    shows Discord's "thinking…" to its user alone."""
    if interaction.response.is_done():
        return
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
        interaction.extras[DEFERRED] = "update"
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    interaction.extras[DEFERRED] = "thinking"


async def send(
    interaction: discord.Interaction[Any], content: str | None = None, *, ephemeral: bool, **kwargs: Any
) -> None:
    """The answer: the interaction's response, or the follow-up that replaces its "thinking…"."""
    text = clip(content) if content is not None else discord.utils.MISSING
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=ephemeral, **kwargs)
        return
    if not ephemeral and interaction.extras.get(DEFERRED) == "thinking":
        # the private "thinking…" can only become a private message: it says ✓, and the answer follows
        await interaction.followup.send("✓", ephemeral=True)
    interaction.extras[DEFERRED] = "answered"
    await interaction.followup.send(text, ephemeral=ephemeral, **kwargs)


def answer_in_time(interaction: discord.Interaction[Any]) -> None:
    """From now on in this task, a database write that must wait for a lock defers ``interaction``."""

    async def acknowledge() -> None:
        try:
            await defer(interaction)
        except discord.HTTPException:
            log.warning("could not acknowledge an interaction while the database was busy", exc_info=True)

    database.on_wait.set(acknowledge)


async def private(interaction: discord.Interaction[Any], text: str) -> None:
    """A private answer, cut to what Discord accepts."""
    await send(interaction, text, ephemeral=True)


async def edit_own_message(interaction: discord.Interaction[Any], **fields: Any) -> None:
    """A button's or menu's answer: its own message, edited (through the deferral if it had to wait)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**fields)
    else:
        await interaction.response.edit_message(**fields)
