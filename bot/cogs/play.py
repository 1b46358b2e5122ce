"""Moves as slash commands, with autocomplete built from the player's legal actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..errors import UserError
from ..i18n import count, t
from ..images import hand_file
from ..naming import label
from ..replies import defer, send
from ..service import Table

if TYPE_CHECKING:
    from ..app import NightfallBot


GAME_HELP = "In a DM, with several games waiting on you: which game (in a server channel, its own game)"
MAX_MOVE_TEXT = 100


def game_option(value: str | None) -> int | None:
    """The ``game`` option: a game id from its autocomplete (anything else is refused clearly)."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 12):
        raise UserError("err.unknown_game")
    return int(value)


def _typed_move(table: Table, user_id: int, value: str, verbs: tuple[str, ...], lang: str = "en") -> str:
    """The move a command names: its canonical text (from autocomplete), or a typed label of a legal move
    (in the player's language or in English)."""
    text = value.strip(" \t\n\r\f\v")  # ASCII only: the engine reads nothing else
    if len(text) > MAX_MOVE_TEXT:
        raise UserError("err.unknown_move")
    seat = table.seat_of(user_id)
    if table.game is not None and seat is not None and not table.game.is_over():
        wanted = text.casefold()
        for action in table.game.legal_actions(seat.seat):
            if action.verb not in verbs:
                continue
            for words in {lang, "en"}:
                if label(table.game.describe(action, lang=words), table.names).casefold() == wanted:
                    return str(action)
    if text.split(" ", 1)[0] not in verbs:
        raise UserError("err.unknown_move")
    return text


class Play(commands.Cog):
    def __init__(self, bot: NightfallBot) -> None:
        self.bot = bot

    async def _table(
        self, interaction: discord.Interaction[Any], game: str | None = None, verbs: tuple[str, ...] = ()
    ) -> Table:
        """A server channel's or thread's own game; in a DM, the chosen game or the one waiting on the user."""
        in_guild = interaction.guild_id is not None and interaction.channel is not None
        channel_id = interaction.channel.id if in_guild and interaction.channel else None
        game_id = game_option(game)
        table: Table = await self.bot.service.table_for_move(interaction.user.id, channel_id, game_id, verbs)
        return table

    async def _move(
        self, interaction: discord.Interaction[Any], verbs: tuple[str, ...], value: str | None, game: str | None
    ) -> None:
        table = await self._table(interaction, game, verbs)
        text = _typed_move(table, interaction.user.id, value or verbs[0], verbs, await self.bot.lang(interaction))
        await self.bot.handle_move(interaction, table.id, None, text, "command")

    async def _complete(
        self, interaction: discord.Interaction[Any], current: str, verbs: tuple[str, ...]
    ) -> list[app_commands.Choice[str]]:
        try:
            table = await self._table(interaction, getattr(interaction.namespace, "game", None), verbs)
        except UserError:
            return []
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.game is None or table.game.is_over() or table.row.status != "active":
            return []
        game, names = table.game, table.names
        lang = await self.bot.lang(interaction)
        want = current.casefold().strip()
        out = []
        for action in game.legal_actions(seat.seat):
            if action.verb not in verbs:
                continue
            text = label(game.describe(action, lang=lang), names)
            if want and want not in text.casefold() and want not in str(action):
                continue
            out.append(app_commands.Choice(name=text[:100], value=str(action)))
        return out[:25]

    async def _complete_game(
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
        return out[:25]

    # ---------------------------------------------------------------------------------- draft
    @app_commands.command(name="draft", description="Pick a draft card")
    @app_commands.describe(card="The card to pick", game=GAME_HELP)
    async def draft(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self._move(interaction, ("draft",), card, game)

    @draft.autocomplete("card")
    async def _draft_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("draft",))

    # ---------------------------------------------------------------------------------- combat
    @app_commands.command(name="attack", description="Send one of your minions to attack an opponent")
    @app_commands.describe(move="Which minion attacks whom", game=GAME_HELP)
    async def attack(self, interaction: discord.Interaction[Any], move: str, game: str | None = None) -> None:
        await self._move(interaction, ("attack",), move, game)

    @attack.autocomplete("move")
    async def _attack_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("attack",))

    @app_commands.command(name="block", description="Block an attacker with one of your minions")
    @app_commands.describe(move="Which of your minions blocks which attacker", game=GAME_HELP)
    async def block(self, interaction: discord.Interaction[Any], move: str, game: str | None = None) -> None:
        await self._move(interaction, ("block",), move, game)

    @block.autocomplete("move")
    async def _block_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("block",))

    # ---------------------------------------------------------------------------------- chain
    @app_commands.command(name="chain", description="Start the chain, or link a card onto it")
    @app_commands.describe(card="A card from your hand", game=GAME_HELP)
    async def chain(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self._move(interaction, ("chain",), card, game)

    @chain.autocomplete("card")
    async def _chain_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("chain",))

    @app_commands.command(name="pass", description="Add no (more) cards to the chain")
    @app_commands.describe(game=GAME_HELP)
    async def pass_(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await self._move(interaction, ("pass",), None, game)

    @app_commands.command(name="target", description="Answer a pending choice: a target, an order, a card")
    @app_commands.describe(choice="Your choice", game=GAME_HELP)
    async def target(self, interaction: discord.Interaction[Any], choice: str, game: str | None = None) -> None:
        await self._move(interaction, ("target", "order", "choose"), choice, game)

    @target.autocomplete("choice")
    async def _target_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("target", "order", "choose"))

    # ---------------------------------------------------------------------------------- claim, cleanup
    @app_commands.command(name="claim", description="Claim the top card of an archive")
    @app_commands.describe(archive="An archive you can afford", game=GAME_HELP)
    async def claim(self, interaction: discord.Interaction[Any], archive: str, game: str | None = None) -> None:
        await self._move(interaction, ("claim",), archive, game)

    @claim.autocomplete("archive")
    async def _claim_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("claim",))

    @app_commands.command(name="discard", description="Discard a card from your hand for 1 influence")
    @app_commands.describe(card="A card from your hand", game=GAME_HELP)
    async def discard(self, interaction: discord.Interaction[Any], card: str, game: str | None = None) -> None:
        await self._move(interaction, ("discard",), card, game)

    @discard.autocomplete("card")
    async def _discard_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self._complete(interaction, current, ("discard",))

    @app_commands.command(name="done", description="End your blocks, or end your claim phase")
    @app_commands.describe(game=GAME_HELP)
    async def done(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        await self._move(interaction, ("done",), None, game)

    @app_commands.command(name="wound", description="Use or skip the wound effect in your cleanup")
    @app_commands.describe(
        choice="use: discard every wound in your hand and draw 2 cards for each; skip: keep them", game=GAME_HELP
    )
    @app_commands.choices(
        choice=[app_commands.Choice(name="use", value="use"), app_commands.Choice(name="skip", value="skip")]
    )
    async def wound(self, interaction: discord.Interaction[Any], choice: str, game: str | None = None) -> None:
        await self._move(interaction, ("wound",), f"wound {choice}", game)

    for _command in (draft, attack, block, chain, pass_, target, claim, discard, done, wound):
        _command.autocomplete("game")(_complete_game)
    del _command

    # ---------------------------------------------------------------------------------- hand
    @app_commands.command(name="hand", description="See your hand (only you see it)")
    @app_commands.describe(game=GAME_HELP)
    async def hand(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        try:
            table = await self._table(interaction, game)
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
        view = table.game.private_view(seat.seat, lang=lang)
        names = ", ".join(c["name"] for c in view["hand"]) or t("hand.empty", lang)
        cards = count(len(view["hand"]), "card", lang)
        text = f"{t('hand.title', lang, channel=table.row.channel_name, cards=cards)}\n{names}"
        await send(interaction, text, file=await hand_file(table, seat.seat, lang), ephemeral=True)

    @hand.autocomplete("game")
    async def _hand_game_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._complete_game(interaction, current)
