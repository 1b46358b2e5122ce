"""The table anyone may look at: ``/table`` (a private copy of the channel's table image, or its words for a person who
turned images off)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_io.pictures import reader_form
from bot.discord_io.replies import defer, send
from bot.errors import UserError
from bot.host import Host


class Info(commands.Cog):
    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="table", description="See this channel's table (only you see this copy)")
    @app_commands.guild_only()
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.bot.service.last_table_in(interaction.channel.id)
        if table.game is None:
            raise UserError("err.not_lobby")
        await defer(interaction)
        lang = await self.bot.lang(interaction)
        picture = self.bot.service.face(table).table_picture(table, lang)  # the public view only
        images = await self.bot.store.people.images_on(interaction.user.id)
        shown = await reader_form(picture, images, lang)
        await send(interaction, table.waiting_text(lang), **shown.sending(), ephemeral=True)
