"""Moves as slash commands in any game: ``/move`` (every legal move of the caller, from autocomplete), and the
helpers each game's own verbs (``/attack``, ``/block``…) share: finding the game a command means, reading
a typed move, listing moves and games for autocomplete.

A move is the engine's canonical text (what autocomplete puts in the option) or a legal move's label
typed out in the player's language or in English; anything else is refused privately, saying which
moves the player has now.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..errors import UserError
from ..host import Host
from ..i18n import t
from ..replies import defer, send
from ..table import Table, verb_of

GAME_HELP = "In a DM, with several games waiting on you: which game (in a server channel, its own game)"
MAX_MOVE_TEXT = 100
MAX_CHOICES = 25


def game_option(value: str | None) -> int | None:
    """The ``game`` option: a game id from its autocomplete (anything else is refused clearly)."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 12):
        raise UserError("err.unknown_game")
    return int(value)


class MoveCommands:
    """What a cog of move commands shares; ``bot`` is the running bot."""

    bot: Host

    async def find_table(
        self, interaction: discord.Interaction[Any], game: str | None = None, verbs: tuple[str, ...] = ()
    ) -> Table:
        """A server channel's or thread's own game; in a DM, the chosen game or the one waiting on the user."""
        in_guild = interaction.guild_id is not None and interaction.channel is not None
        channel_id = interaction.channel.id if in_guild and interaction.channel else None
        return await self.bot.service.table_for_move(interaction.user.id, channel_id, game_option(game), verbs)

    def typed_move(self, table: Table, user_id: int, value: str, verbs: tuple[str, ...], lang: str = "en") -> str:
        """The move a command names: its canonical text (from autocomplete), or a typed label of a legal move
        (in the player's language or in English). ``verbs``: the moves this command makes (empty: any)."""
        text = value.strip(" \t\n\r\f\v")  # ASCII only: the engine reads nothing else
        if len(text) > MAX_MOVE_TEXT:
            raise UserError("err.unknown_move")
        seat = table.seat_of(user_id)
        if table.game is not None and seat is not None and not table.game.is_over():
            face = self.bot.service.face(table)
            wanted = text.casefold()
            for action in table.game.legal_actions(seat.seat):
                if verbs and verb_of(action) not in verbs:
                    continue
                for words in {lang, "en"}:
                    if face.label(table.game, action, table.names, words).casefold() == wanted:
                        return str(action)
        if verbs and verb_of(text) not in verbs:
            raise UserError("err.unknown_move")
        return text

    async def make_move(
        self, interaction: discord.Interaction[Any], verbs: tuple[str, ...], value: str | None, game: str | None
    ) -> None:
        table = await self.find_table(interaction, game, verbs)
        default = verbs[0] if verbs else ""
        text = self.typed_move(table, interaction.user.id, value or default, verbs, await self.bot.lang(interaction))
        await self.bot.handle_move(interaction, table.id, None, text, "command")

    async def complete_move(
        self, interaction: discord.Interaction[Any], current: str, verbs: tuple[str, ...] = ()
    ) -> list[app_commands.Choice[str]]:
        """The caller's legal moves (with one of ``verbs``, if given) whose label or text holds ``current``."""
        try:
            table = await self.find_table(interaction, getattr(interaction.namespace, "game", None), verbs)
        except UserError:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.game is None or table.game.is_over() or table.row.status != "active":
            return []
        face, game, names = self.bot.service.face(table), table.game, table.names
        lang = await self.bot.lang(interaction)
        want = current.casefold().strip()
        out = []
        for action in game.legal_actions(seat.seat):
            if verbs and verb_of(action) not in verbs:
                continue
            text = face.label(game, action, names, lang)
            if want and want not in text.casefold() and want not in str(action):
                continue
            out.append(app_commands.Choice(name=text[:100], value=str(action)))
        return out[:MAX_CHOICES]

    async def complete_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """In a DM: the user's running games, waiting ones first, named by channel."""
        tables = await self.bot.service.games_of(interaction.user.id)
        waiting = {t.id for t in tables if t.awaits(interaction.user.id)}
        tables.sort(key=lambda t: (t.id not in waiting, t.id))
        lang = await self.bot.lang(interaction)
        want = current.casefold().strip()
        out = []
        for table in tables:
            mark = " ⏳" if table.id in waiting else ""
            name = t("game.choice", lang, channel=table.row.channel_name, mark=mark, id=table.id)
            if want and want not in name.casefold():
                continue
            out.append(app_commands.Choice(name=name[:100], value=str(table.id)))
        return out[:MAX_CHOICES]


class AnyMove(commands.Cog, MoveCommands):
    """``/move``: any legal move in any game, picked from autocomplete (each game's own verbs stay); ``/hand``."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Make any of your moves: pick it from the list")
    @app_commands.describe(move="One of the moves you can make now", game=GAME_HELP)
    async def move(self, interaction: discord.Interaction[Any], move: str, game: str | None = None) -> None:
        await self.make_move(interaction, (), move, game)

    @move.autocomplete("move")
    async def _move_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_move(interaction, current)

    @app_commands.command(name="hand", description="See your hand (only you see it)")
    @app_commands.describe(game=GAME_HELP)
    async def hand(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        try:
            table = await self.find_table(interaction, game)
        except UserError as e:
            mine = await self.bot.service.games_of(interaction.user.id) if e.key == "err.no_active_game" else []
            if len(mine) != 1:
                raise
            table = mine[0]
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.game is None:
            raise UserError("err.not_player" if table.game else "err.not_lobby")
        await defer(interaction)
        lang = await self.bot.lang(interaction)
        text, picture = self.bot.service.face(table).hand(table, seat.seat, lang)
        await send(interaction, text, file=await picture.file(), ephemeral=True)

    @move.autocomplete("game")
    @hand.autocomplete("game")
    async def _game_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_game(interaction, current)
