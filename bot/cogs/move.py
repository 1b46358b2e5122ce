"""Moves as slash commands in any game: ``/move`` (every legal move of the caller, from autocomplete), and the
helpers each game's own verbs (``/attack``, ``/block``…) share: finding the game a command means, reading
a typed move, listing moves and games for autocomplete.

A move is the engine's canonical text (what autocomplete puts in the option) or a legal move's label
typed out in the player's language or in English; anything else is refused privately, saying which
moves the player has now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_io.pictures import reader_form
from bot.discord_io.replies import defer, send
from bot.errors import UserError
from bot.host import Host
from bot.table import Table, verb_of
from bot.words.i18n import clip, fold, t
from bot.words.labels import OPTION_LABEL, distinct_labels
from engine.i18n import LANGUAGES

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
        return await self.bot.service.reading.table_for_move(interaction.user.id, channel_id, game_option(game), verbs)

    def typed_move(self, table: Table, user_id: int, value: str, verbs: tuple[str, ...], lang: str = "en") -> str:
        """The move a command names: its canonical text (from autocomplete), or what a player typed: a legal move's
        label, or the card, archive or player it acts on, in any of the three languages, with or without accents.
        Copies of one card are one move. ``verbs``: the moves this command makes (empty: any).

        Typed words that name no legal move, or several different ones, are refused here, privately, saying where
        the game stands, whose decision it is and what the player can do now."""
        text = value.strip(" \t\n\r\f\v")  # ASCII only: the engine reads nothing else
        if len(text) > MAX_MOVE_TEXT:
            raise UserError("err.unknown_move")
        seat = table.seat_of(user_id)
        game = table.game
        if game is None or seat is None or game.is_over() or table.row.status != "active" or seat.is_ai:
            return text  # the move path says why nothing can be played here
        face = self.bot.service.face(table)
        mine = game.legal_actions(seat.seat)
        legal = [a for a in mine if not verbs or verb_of(a) in verbs]
        if any(str(a) == text for a in legal):
            return text
        want = fold(text)
        found: dict[str, Any] = {}  # one per distinct move: copies of a card read the same
        for action in legal if want else ():
            labels = [face.label(game, action, table.names, la) for la in LANGUAGES]
            words = {fold(w) for w in (*labels, str(action), *face.move_names(game, action, table.names))}
            if want in words:
                found.setdefault(labels[0], action)
        if len(found) == 1:
            return str(next(iter(found.values())))
        if not mine:
            return text  # nothing waits on this player: the move path says whom the game waits for
        if found:
            options = " · ".join(face.label(game, a, table.names, lang) for a in found.values())
            raise UserError("err.typed_ambiguous", text=clip(text, 60), moves=clip(options, 1200))
        action = self._parsed(game, seat.seat, text) if verbs and verb_of(text) in verbs else None
        if action is not None and legal:
            return text  # a well-formed move of this command that is not legal now: the engine says why
        # this command has no move now (or the words name none): where the game stands and what the player can
        # do, in their language; a well-formed move of it leads with the game's reason, not the generic opening
        reason = clip(face.refusal(game, action, lang), 300) if action is not None else ""
        raise UserError(
            "err.typed_none" if legal else "err.wrong_phase_why" if reason else "err.wrong_phase",
            text=clip(text, 60),
            reason=reason,
            status=face.status(table, lang),
            who=table.waiting_text(lang),
            moves=self._moves_now(face, table, mine, lang),
        )

    @staticmethod
    def _parsed(game: Any, seat: str, text: str) -> Any:
        """The move ``text`` spells in the engine's own form, or None."""
        try:
            return game.parse_action(seat, text)
        except ValueError:
            return None

    @staticmethod
    def _moves_now(face: Any, table: Table, legal: Sequence[Any], lang: str, limit: int = 8) -> str:
        """What the player can do now, each distinct move once, in their language."""
        labels = list(dict.fromkeys(face.label(table.game, a, table.names, lang) for a in legal))
        shown = " · ".join(labels[:limit])
        return clip(shown + (" · …" if len(labels) > limit else ""), 1200)

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
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for action in game.legal_actions(seat.seat):
            if verbs and verb_of(action) not in verbs:
                continue
            text = face.label(game, action, names, lang)
            if text in seen:
                continue  # copies of one card are one move: listed once
            if want and want not in text.casefold() and want not in str(action) and fold(current) not in fold(text):
                continue
            seen.add(text)
            out.append((text, str(action)))
        out = out[:MAX_CHOICES]  # their names read differently once cut to Discord's 100 characters
        shown = distinct_labels([text for text, _ in out], OPTION_LABEL)
        return [app_commands.Choice(name=name, value=value) for name, (_, value) in zip(shown, out, strict=True)]

    async def complete_game(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """In a DM: the user's running games, waiting ones first, named by channel."""
        tables = await self.bot.service.reading.games_of(interaction.user.id)
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
            mine = await self.bot.service.reading.games_of(interaction.user.id) if e.key == "err.no_active_game" else []
            if len(mine) != 1:
                raise
            table = mine[0]
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.game is None:
            raise UserError("err.not_player" if table.game else "err.not_lobby")
        await defer(interaction)
        lang = await self.bot.lang(interaction)
        text, picture = self.bot.service.face(table).hand(table, seat.seat, lang)
        images = await self.bot.store.people.images_on(interaction.user.id)  # or the image's words (/me images)
        await send(interaction, text, **(await reader_form(picture, images, lang)).sending(), ephemeral=True)

    @move.autocomplete("game")
    @hand.autocomplete("game")
    async def _game_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.complete_game(interaction, current)
