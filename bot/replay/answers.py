"""``/game replay`` on Discord: which game is meant, who may see it, and the private message a step is shown in.

Every answer is ephemeral. The command and each ◀ ▶ press acknowledge at once (rebuilding a long game and drawing
its table may take longer than the 3 seconds Discord gives), then the step comes as the answer, a press editing
the message it was made on. Each press checks again that the person may see the game: a player of it, or whoever
can see its channel (a thread: its parent channel) in the server the command was used in.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from bot.components.replay import replay_view
from bot.discord_io.pictures import Shown, reader_form
from bot.discord_io.replies import defer, edit_own_message, private, send
from bot.errors import UserError
from bot.face import Face
from bot.replay.steps import ENDED, ReplayCache, log_file, replay_number, step_text
from bot.service import GameService
from bot.store import GameRow, Store
from bot.store.sqlite import StorageError
from bot.table import Table
from bot.web.links import replay_link
from bot.words.i18n import t

log = logging.getLogger(__name__)

Lang = Callable[[discord.Interaction[Any]], Awaitable[str]]
#: how many of a server's latest games the ``game`` option's autocomplete looks through
CHOICES_SCANNED = 100


class Replays:
    """The command's and the buttons' answers (the buttons reach it through ``set_replay_handlers``)."""

    def __init__(self, store: Store, service: GameService, lang: Lang, cache: ReplayCache | None = None) -> None:
        self.store = store
        self.service = service
        self.lang = lang
        self.cache = cache or ReplayCache()

    # ------------------------------------------------------------------ the command and the buttons
    async def command(self, interaction: discord.Interaction[Any], game: str | None) -> None:
        """``/game replay [game]``: the first step, privately (a refusal is raised for the one error listener)."""
        await defer(interaction)
        row = await self._pick(interaction, game)
        await self._check_visible(interaction, row)
        images = await self.store.people.images_on(interaction.user.id)
        content, shown, view = await self._step(row, 1, await self.lang(interaction), images)
        await send(interaction, content, ephemeral=True, view=view, **shown.sending())

    async def step(self, interaction: discord.Interaction[Any], game_id: int, number: int) -> None:
        """A ◀ ▶ press: the message shows step ``number`` instead."""
        await defer(interaction)
        lang = await self.lang(interaction)
        try:
            row = await self._game(interaction, game_id)
            images = await self.store.people.images_on(interaction.user.id)
            content, shown, view = await self._step(row, number, lang, images)
        except (UserError, StorageError) as e:
            await private(interaction, e.text(lang) if isinstance(e, UserError) else t(e.key, lang))
            return
        try:
            await edit_own_message(interaction, content=content, view=view, **shown.editing())
        except discord.HTTPException:  # only a private view of the past: nothing is lost, the person presses again
            log.warning("could not show step %s of the replay of game %s", number, game_id, exc_info=True)

    async def log(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The log button: the finished game's public log as a text file, in the reader's language."""
        lang = await self.lang(interaction)
        try:
            row = await self._game(interaction, game_id)
            if row.status not in ENDED:
                raise UserError("err.replay_log_running")
            lines = await self.store.replays.whole_log(row.id)
            file = log_file(self.service.face(row), row, lines, lang)
        except (UserError, StorageError) as e:
            await private(interaction, e.text(lang) if isinstance(e, UserError) else t(e.key, lang))
            return
        try:
            await send(interaction, t("replay.log_sent", lang, id=row.id), ephemeral=True, file=file)
        except discord.HTTPException:
            log.warning("could not send the log of game %s", game_id, exc_info=True)

    async def choices(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The ``game`` option: this server's latest games the person may see, by number, game, channel and state."""
        if interaction.guild is None:
            return []
        lang = await self.lang(interaction)
        want = current.casefold().strip().lstrip("#")
        out: list[app_commands.Choice[str]] = []
        rows = await self.store.replays.replayable_in_guild(interaction.guild.id, CHOICES_SCANNED)
        seen = {row.id for row in rows if self._sees_channel(interaction, row)}
        played = await self.store.replays.seated_in(interaction.user.id, [row.id for row in rows if row.id not in seen])
        for row in rows:
            if row.id not in seen and row.id not in played:
                continue
            name = t(
                "replay.choice",
                lang,
                id=row.id,
                game=self.service.face(row).rules.name,
                channel=row.channel_name,
                state=t(f"replay.state.{row.status}", lang),
            )
            if not want or want in name.casefold():
                out.append(app_commands.Choice(name=name[:100], value=str(row.id)))
            if len(out) == 25:
                break
        return out

    # ------------------------------------------------------------------ which game, and who may see it
    async def _pick(self, interaction: discord.Interaction[Any], game: str | None) -> GameRow:
        """The game the command means: the one numbered, else this channel's running game, else its latest."""
        number = replay_number(game)
        if number is None:
            assert interaction.channel is not None
            row = await self.store.replays.replayable_in(interaction.channel.id)
            if row is None:
                raise UserError("err.replay_none_here")
            return row
        found = await self.store.games.game(number)
        if found is None or interaction.guild is None or found.guild_id != interaction.guild.id:
            raise UserError("err.replay_no_game", id=number)
        if found.status == "lobby":
            raise UserError("err.replay_not_dealt", id=number)
        return found

    async def _game(self, interaction: discord.Interaction[Any], game_id: int) -> GameRow:
        """A button's game, fresh from the store, if the person may (still) see it."""
        row = await self.store.games.game(game_id)
        if row is None or interaction.guild is None or row.guild_id != interaction.guild.id:
            raise UserError("err.replay_no_game", id=game_id)
        await self._check_visible(interaction, row)
        return row

    async def _check_visible(self, interaction: discord.Interaction[Any], row: GameRow) -> None:
        if not await self._visible(interaction, row):
            raise UserError("err.replay_hidden", id=row.id)

    async def _visible(self, interaction: discord.Interaction[Any], row: GameRow) -> bool:
        """Whether the person may see the game: they held a seat in it, or they can see its channel (a thread's
        parent channel) in this server."""
        if self._sees_channel(interaction, row):
            return True
        guild = interaction.guild
        in_guild = guild is not None and row.guild_id == guild.id
        return in_guild and any(s.user_id == interaction.user.id for s in await self.store.games.seats(row.id))

    @staticmethod
    def _sees_channel(interaction: discord.Interaction[Any], row: GameRow) -> bool:
        """Whether the person can see the game's channel (a thread's parent) in the server of ``interaction``."""
        guild = interaction.guild
        if guild is None or row.guild_id != guild.id:
            return False
        user = interaction.user
        member = user if isinstance(user, discord.Member) else guild.get_member(user.id)
        channel: Any = guild.get_channel_or_thread(row.channel_id)
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        return member is not None and channel is not None and bool(channel.permissions_for(member).view_channel)

    # ------------------------------------------------------------------ one step
    async def _step(
        self, row: GameRow, number: int, lang: str, images: bool = True
    ) -> tuple[str, Shown, discord.ui.View]:
        """Step ``number`` (kept within the replay) of the game: its words, its table image (or that image's words, for
        a person who turned images off) and its buttons, with a link to the same step on the web table while the
        game's server has it on."""
        face: Face = self.service.face(row)
        try:
            replay = await self.cache.get(self.store, face, row)
        except LookupError:  # never dealt (a lobby closed before its start)
            raise UserError("err.replay_not_dealt", id=row.id) from None
        except (UserError, StorageError):
            raise
        except Exception:  # a stored game this release cannot play again: said plainly, and logged to be looked at
            log.exception("the replay of game %s could not be rebuilt", row.id)
            raise UserError("err.replay_broken", id=row.id) from None
        number = min(max(1, number), len(replay.steps))
        step = replay.steps[number - 1]
        table = Table(row, await self.store.games.seats(row.id), game=step.match(face))
        picture = face.table_picture(table, lang)  # the public view only, as the channel's table
        text = step_text(face, table, replay, number, lang)
        view = replay_view(row.id, number, len(replay.steps), row.status in ENDED, lang)
        web = await replay_link(self.store, self.service.settings, row, number)
        if web is not None:
            view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=t("webview.replay", lang), url=web))
        return text, await reader_form(picture, images, lang), view
