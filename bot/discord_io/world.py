"""Games kept in step with a Discord that changes under them: channels deleted, servers left, access given back.

The gateway tells the bot most of these changes as they happen, so a game is paused before a single
call to its channel is refused, and goes on as soon as access comes back, without a try that could
fail: the bot's permissions in a channel are worked out from its own cache. What the gateway did not
say (the bot was offline) is found by the first refused call (``bot.discord_io.delivery``), which pauses the game
after a bounded number of tries.

- a deleted channel or thread: its running game is paused as "gone" (only ``/game resume`` in another
  channel moves it on), and a lobby there is closed (nobody could start it);
- the bot removed from a server: its games are paused as "no_access";
- the bot added back, a channel's overwrites or a role changed: each paused "no_access" game of that
  server whose channel the bot can now see and post in goes on by itself.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.service import GameService
from bot.store import Store

log = logging.getLogger(__name__)


def can_play_in(channel: Any, me: discord.Member | None) -> bool:
    """Whether the bot may show a game in ``channel``: see it, post, attach the table and read it back."""
    if me is None or not hasattr(channel, "permissions_for"):
        return False
    perms = channel.permissions_for(me)
    post = perms.send_messages_in_threads if isinstance(channel, discord.Thread) else perms.send_messages
    return bool(perms.view_channel and post and perms.attach_files and perms.read_message_history)


class World:
    """Reacts to the gateway's news about channels and servers for every game there."""

    def __init__(self, store: Store, service: GameService) -> None:
        self.store = store
        self.service = service

    async def channel_deleted(self, channel_id: int) -> None:
        """A channel or thread is gone for good: pause its game, close its lobby."""
        for row in await self.store.marks.games_in_channel(channel_id):
            if row.status == "lobby":
                log.info("closing lobby %s: its channel was deleted", row.id)
                await self.store.games.abandon(row.id, [])
            else:
                await self.service.reach.pause(row.id, "gone")

    async def guild_left(self, guild_id: int) -> None:
        """The bot is no longer in the server: nothing there can be shown until it is invited back."""
        for row in await self.store.marks.games_in_guild(guild_id):
            if row.status != "lobby":
                await self.service.reach.pause(row.id, "no_access")

    async def access_changed(self, guild: discord.Guild) -> None:
        """Permissions or membership changed in a server: every paused game there that the bot can show again
        goes on. (A channel not in the cache may be an archived thread: it waits for ``/game resume``.)"""
        for row in await self.store.marks.paused_games(guild.id):
            if row.paused != "no_access":
                continue
            channel = guild.get_channel_or_thread(row.channel_id)
            if channel is not None and can_play_in(channel, guild.me):
                log.info("game %s goes on: the bot can reach #%s again", row.id, row.channel_name)
                try:
                    await self.service.reach.go_on(row.id)
                except Exception:
                    log.exception("game %s could not go on", row.id)
