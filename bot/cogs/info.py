"""Information anyone may ask for: the table, one card, the rules (all ephemeral)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.cards import card_set, find_card

from ..errors import UserError
from ..i18n import t
from ..images import card_file, table_file
from ..rules_text import TOPICS

if TYPE_CHECKING:
    from ..app import NightfallBot


def card_text(key: str) -> str:
    """The card's full text, exactly as the data file says, and whether parts are reconstructed."""
    c = card_set().cards[key]
    head = t("card.head", name=c.name, pl=c.names["pl"], colour=c.colour, links=", ".join(c.links), cost=c.cost)
    if c.is_minion:
        head += t("card.stats", strength=c.strength, health=c.health)
    parts = [head, " • ".join(c.keywords) or c.type]
    for part in ("chain", "your_chain", "in_play"):
        if part in c.text:
            parts.append(t(f"card.{part}", text=c.text[part]))
    if c.kicker:
        parts.append(t("card.kicker", colour=c.kicker.colour, text=c.kicker.text))
    if c.reconstructed:
        parts.append(t("card.reconstructed", fields=", ".join(c.reconstructed_fields)))
    return "\n".join(parts)


class Info(commands.Cog):
    def __init__(self, bot: NightfallBot) -> None:
        self.bot = bot

    @app_commands.command(name="table", description="See this channel's table (only you see this copy)")
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.bot.service.last_table_in(interaction.channel.id)
        if table.game is None:
            raise UserError("err.not_lobby")
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(table.waiting_text(), file=await table_file(table), ephemeral=True)

    @app_commands.command(name="card", description="Show one Nightfall card")
    @app_commands.describe(name="English or Polish card name")
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        found = find_card(name)
        if found is None:
            raise UserError("err.unknown_card", name=name[:60])
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(card_text(found.key), file=await card_file(found.key), ephemeral=True)

    @card.autocomplete("name")
    async def _card_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        want = current.casefold().strip()
        out = []
        for c in card_set().cards.values():
            shown = c.name if c.names["pl"] == c.name else f"{c.name} / {c.names['pl']}"
            if not want or want in shown.casefold() or (find_card(current) is c):
                out.append(app_commands.Choice(name=shown[:100], value=c.key))
        return out[:25]

    @app_commands.command(name="rules", description="Rules help")
    @app_commands.describe(topic="What to explain")
    @app_commands.choices(topic=[app_commands.Choice(name=k, value=k) for k in TOPICS])
    async def rules(self, interaction: discord.Interaction[Any], topic: str = "overview") -> None:
        await interaction.response.send_message(TOPICS.get(topic, TOPICS["overview"]), ephemeral=True)
