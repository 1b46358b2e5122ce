"""Help anyone may ask for, for every game: one card (``/card``) and the rules (``/rules``), both private.

Each game's face finds its own cards (by name in any language) and words them; a name two games share lists
both. ``/rules`` offers every game's topics; without one it explains the game played where it is typed (the
channel's, the DM's or the tutorial's), or lists the games where there is none.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_io.replies import defer, send
from bot.errors import UserError
from bot.face import Face
from bot.games import FACES, game_name
from bot.host import Host
from bot.store import GameRow
from bot.words.i18n import fold, t
from engine import i18n

MAX_CHOICES = 25
MAX_LISTED = 20
#: every game's ``/rules`` topics, the first game's first (its overview is the default)
TOPICS: dict[str, tuple[Face, str]] = {
    topic: (face, name) for face in FACES.values() for topic, name in face.rules_topics.items()
}


#: the games with rules help, by key
TOPIC_FACES: dict[str, Face] = {key: face for key, face in FACES.items() if face.rules_topics}


def games_text(lang: str) -> str:
    """``/rules`` where no game is played: each game with rules help, how it is won, and its overview's topic."""
    return "\n\n".join(
        t("rules.game", lang, game=game_name(key), topic=next(iter(face.rules_topics)), goal=face.goal(lang)).strip()
        for key, face in TOPIC_FACES.items()
    )


def _printable(text: str) -> str:
    """``text`` without control, format and other invisible characters, as it may be shown back to its writer."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")


def find_cards(query: str) -> list[tuple[Face, str]]:
    """The cards ``query`` names in every game, each game's best first."""
    return [(face, key) for face in FACES.values() for key in face.find_cards(query)]


class CardsAndRules(commands.Cog):
    """``/card`` and ``/rules``."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    @app_commands.command(name="card", description="Show one card of any game")
    @app_commands.describe(name="A card's name in any language, or a kind, type or colour")
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        if not fold(name):  # nothing to match (blank, an emoji, invisible characters): no card has that name
            shown = _printable(name)[:60]
            raise UserError("err.unknown_card", name=shown) if shown.strip() else UserError("err.card_blank")
        found = find_cards(name)
        if not found:
            raise UserError("err.unknown_card", name=_printable(name)[:60])
        lang = await self.card_language(interaction)
        if len(found) > 1:
            listed = ", ".join(face.card_name(key, lang) for face, key in found[:MAX_LISTED])
            names = listed + ("…" if len(found) > MAX_LISTED else "")
            text = i18n.plural("cards.reply.several", len(found), lang, query=name[:60], names=names)
            await send(interaction, text, ephemeral=True)
            return
        await defer(interaction)
        face, key = found[0]
        text, file = await face.card_reply(key, lang)
        if not await self.bot.store.people.images_on(interaction.user.id):
            await send(interaction, text, ephemeral=True)  # the card's words say it all (/me images off)
            return
        await send(interaction, text, file=file, ephemeral=True)

    @card.autocomplete("name")
    async def _card_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        lang = await self.card_language(interaction)
        out = []
        for face, key in find_cards(current)[:MAX_CHOICES]:
            label, value = face.card_choice(key, lang)
            out.append(app_commands.Choice(name=label, value=value))
        return out

    @app_commands.command(name="rules", description="Rules help")
    @app_commands.describe(topic="What to explain")
    @app_commands.choices(topic=[app_commands.Choice(name=name, value=k) for k, (_f, name) in TOPICS.items()])
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        lang = await self.reader_language(interaction)
        if topic is None:  # the game played here, or the list of games
            face = await self.face_here(interaction)
            if face is None:
                await send(interaction, games_text(lang), ephemeral=True)
                return
            topic = next(iter(face.rules_topics))
        else:
            face, _name = TOPICS.get(topic) or next(iter(TOPICS.values()))
        await send(interaction, face.rules_text(topic, lang), ephemeral=True)

    async def face_here(self, interaction: discord.Interaction[Any]) -> Face | None:
        """The game ``/rules`` explains where it is typed: in a server channel its current or last game; in a DM the
        tutorial running there, else the person's one kind of game waiting, else the DM's last tutorial. None (with
        rules help) where there is none."""
        games = self.bot.store.games
        channel_id = interaction.channel_id
        rows: list[GameRow | None] = []
        if channel_id is not None:
            rows.append(await games.open_game_in(channel_id))
        if interaction.guild_id is None:
            kinds = {row.game for row in await games.games_of_user(interaction.user.id) if row.game in TOPIC_FACES}
            if len(kinds) == 1:
                return TOPIC_FACES[kinds.pop()]
        if channel_id is not None:
            rows.append(await games.last_game_in(channel_id))
        return next((TOPIC_FACES[row.game] for row in rows if row is not None and row.game in TOPIC_FACES), None)

    async def card_language(self, interaction: discord.Interaction[Any]) -> str:
        """The language of ``/card``'s reply, image and autocomplete: the user's (``Host.lang``)."""
        return str(await self.bot.lang(interaction))

    async def reader_language(self, interaction: discord.Interaction[Any]) -> str:
        """The language to answer this user in privately (``Host.lang``)."""
        return str(await self.bot.lang(interaction))
