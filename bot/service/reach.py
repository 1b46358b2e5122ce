"""A game whose channel the bot cannot reach: paused, gone on, moved to another channel."""

from __future__ import annotations

import logging

from bot.errors import UserError
from bot.service.base import ServiceBase, ServicePart
from bot.service.play import PlayService
from bot.store import GameRow
from bot.table import Table
from bot.words.logline import LogLine

log = logging.getLogger(__name__)


class ReachService(ServicePart):
    """Pausing and resuming (``service.reach``)."""

    def __init__(self, base: ServiceBase, play: PlayService) -> None:
        super().__init__(base)
        self.play = play

    # ------------------------------------------------------------------ a channel the bot cannot reach
    async def pause(self, game_id: int, reason: str) -> bool:
        """Pause a game whose channel is gone ("gone") or out of the bot's reach ("no_access"): no AI move,
        no deadline and no call to its channel until it goes on; each person is told by DM. False if it
        was paused already (or is not running)."""
        async with self.lock(game_id):
            paused = await self.store.marks.pause(game_id, reason, [LogLine.say(f"paused.log_{reason}")])
            task = self._ai_tasks.pop(game_id, None)
            if task is not None:
                task.cancel()
            self._drop(game_id)  # the cached row does not know it is paused
        if paused:
            self.wake()
            self.base.moved(game_id)  # its live web pages say so at once
        return paused

    async def go_on(
        self, game_id: int, by: str | None = None, channel: tuple[int, str] | None = None, guild_id: int | None = None
    ) -> Table:
        """A paused game goes on (``by``: who resumed it; None when access came back by itself), in its own
        channel or moved to ``channel`` (id, name). Its clocks move on by the time it stood still."""
        async with self.lock(game_id):
            key = "paused.log_resumed_by" if by else "paused.log_resumed"
            if channel is not None:
                key = "paused.log_moved"
            refused = await self.store.marks.resume(game_id, [LogLine.say(key, name=by or "")], channel, guild_id)
            if refused == "running":
                raise UserError("err.not_paused")
            if refused == "busy":
                raise UserError("err.channel_busy")
            table = await self._refresh(game_id)
        self.wake()
        self.base.moved(game_id)
        self.play.schedule_ai(table)
        return table

    async def resumable(self, guild_id: int, user_id: int, is_admin: bool, game_id: int | None) -> Table:
        """The paused game of this server that ``/game resume`` (or ``/game abandon``) in a channel without a
        game of its own means: the one chosen, or the only one the user hosts (any, for Manage Server)."""
        mine = [g for g in await self.store.marks.paused_games(guild_id) if is_admin or g.host_id == user_id]
        if game_id is not None:
            chosen = next((g for g in mine if g.id == game_id), None)
            if chosen is None:
                raise UserError("err.unknown_game")
            return await self.table(chosen.id)
        if not mine:
            raise UserError("err.no_paused_game")
        if len(mine) > 1:
            raise UserError("err.which_paused", games=", ".join(f"#{g.channel_name}" for g in mine))
        return await self.table(mine[0].id)

    async def paused_choices(self, guild_id: int, user_id: int, is_admin: bool) -> list[GameRow]:
        """The paused games of a server this user may move or end (the ``game`` option's list)."""
        return [g for g in await self.store.marks.paused_games(guild_id) if is_admin or g.host_id == user_id]
