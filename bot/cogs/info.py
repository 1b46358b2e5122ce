"""Information anyone may ask for: the table, one card, the rules (all ephemeral)."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.cards import CardDef, card_set

from ..errors import UserError
from ..i18n import t
from ..images import card_file, table_file
from ..rules_text import TOPICS

if TYPE_CHECKING:
    from ..app import NightfallBot

MAX_CHOICES = 25
MAX_LISTED = 20


def card_text(key: str) -> str:
    """The card's text for players: its name once (with the Polish name only when it differs),
    what it is, and its printed text; a reconstructed part is said to be one, in players' words."""
    c = card_set().cards[key]
    pl = c.names.get("pl", c.name)
    title = t("card.title", name=c.name) if _fold(pl) == _fold(c.name) else t("card.title_pl", name=c.name, pl=pl)
    if c.is_minion:
        what = t("card.minion", colour=c.colour, kind=" ".join(c.keywords))
        what = " ".join(what.split())  # a minion without a kind reads "blue minion"
    else:
        what = t("card.action", colour=c.colour)
    if c.starting:
        what = t("card.starting", what=what)
    what = what[:1].upper() + what[1:]
    facts = t("card.facts", what=what, links=", ".join(c.links), cost=c.cost)
    if c.is_minion:
        facts += t("card.stats", strength=c.strength, health=c.health)
    parts = [title, facts]
    if c.tagline:
        parts.append(f"*{c.tagline}*")
    for part in ("chain", "your_chain", "in_play"):
        if part in c.text:
            parts.append(t(f"card.{part}", text=c.text[part]))
    if c.kicker:
        parts.append(t("card.kicker", colour=c.kicker.colour, text=c.kicker.text))
    if c.reconstructed:
        parts.append(t("card.reconstructed", fields=", ".join(c.reconstructed_fields)))
    return "\n".join(parts)


def _fold(text: str) -> str:
    """Text as a search compares it: no case, no accents (ł as l), letters and digits only."""
    text = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return "".join(ch for ch in text.casefold() if ch.isalnum() and not unicodedata.combining(ch))


def _tags(c: CardDef) -> list[str]:
    """The words a card is found by besides its names: its kind, type, colour, and "starting"."""
    return [_fold(x) for x in (*c.keywords, c.type, c.colour, "starting" if c.starting else "")]


def _word_fits(word: str, c: CardDef) -> bool:
    """Whether one typed word names the card: part of a name, or the start of a tag ("vamp",
    "vampire" and "vampires" all find the vampires)."""
    if any(word in _fold(n) for n in (c.name, c.names.get("pl", ""))):
        return True
    return any(tag and (tag.startswith(word) or word in (tag + "s", tag + "es")) for tag in _tags(c))


def find_cards(query: str) -> list[CardDef]:
    """The cards ``query`` names, best first: a card whose key or English or Polish name it is
    (then that card alone), else every card each of its words fits: by name, kind ("vampire",
    "ghoul"), type ("minion", "action") or colour ("red")."""
    cards = card_set().cards
    if query in cards:
        return [cards[query]]
    want = _fold(query)
    if not want:
        return list(cards.values())
    exact = [c for c in cards.values() if want in (_fold(c.key), _fold(c.name), _fold(c.names.get("pl", "")))]
    if exact:
        return exact[:1]
    words = [_fold(w) for w in query.split()]
    words = [w for w in words if w]
    found = [c for c in cards.values() if all(_word_fits(w, c) for w in words)]
    by_name = [c for c in found if any(want in _fold(n) for n in (c.name, c.names.get("pl", "")))]
    return by_name + [c for c in found if c not in by_name]


def choice_name(c: CardDef) -> str:
    """An autocomplete entry: the names, then what the card is, so a search by kind reads well."""
    pl = c.names.get("pl", c.name)
    names = c.name if _fold(pl) == _fold(c.name) else f"{c.name} / {pl}"
    what = f"{c.colour} {' '.join(c.keywords)} minion" if c.is_minion else f"{c.colour} action"
    return f"{names} · {' '.join(what.split())}"[:100]


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
    @app_commands.describe(name="A card's English or Polish name, or a kind, type or colour: vampire, action, red")
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        found = find_cards(name)
        if not found:
            raise UserError("err.unknown_card", name=name[:60])
        if len(found) > 1:
            names = ", ".join(c.name for c in found[:MAX_LISTED]) + ("…" if len(found) > MAX_LISTED else "")
            text = t("card.several", count=len(found), query=name[:60], names=names)
            await interaction.response.send_message(text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(card_text(found[0].key), file=await card_file(found[0].key), ephemeral=True)

    @card.autocomplete("name")
    async def _card_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=choice_name(c), value=c.key) for c in find_cards(current)[:MAX_CHOICES]]

    @app_commands.command(name="rules", description="Rules help")
    @app_commands.describe(topic="What to explain")
    @app_commands.choices(topic=[app_commands.Choice(name=k, value=k) for k in TOPICS])
    async def rules(self, interaction: discord.Interaction[Any], topic: str = "overview") -> None:
        await interaction.response.send_message(TOPICS.get(topic, TOPICS["overview"]), ephemeral=True)
