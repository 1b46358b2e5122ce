"""Keeps Discord in step with the database after every committed move.

Each call re-reads the current state, so calls may come in any order and any number
of times: the channel gets one table message edited in place (at most one edit every
``table_edit_interval`` seconds, bursts coalesced) and the new log lines; each human
player gets a DM for each new decision; the results are posted once.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from typing import TYPE_CHECKING, Any

import discord

from .i18n import t
from .images import results_file, table_file
from .prompts import build_prompt
from .service import Outcome, Table

if TYPE_CHECKING:
    from .app import NightfallBot

log = logging.getLogger(__name__)
DM_CLOSED = 50007
MESSAGE_LIMIT = 1900


class Notifier:
    def __init__(self, bot: NightfallBot) -> None:
        self.bot = bot
        self._pending: dict[int, asyncio.Task[None]] = {}
        self._dm_warned: set[tuple[int, int]] = set()

    @property
    def service(self) -> Any:
        return self.bot.service

    # ------------------------------------------------------------------ listeners
    async def on_start(self, table: Table) -> None:
        await self.refresh_channel(table.id)
        await self.sync_prompts(table, actor=None)

    async def on_change(self, outcome: Outcome) -> None:
        table = outcome.table
        if outcome.finished:
            await self.refresh_channel(table.id)
            await self.post_results(table)
        else:
            self.touch(table.id)
        actor = table.by_seat(outcome.seat).user_id
        await self.sync_prompts(table, actor=actor)

    # ------------------------------------------------------------------ channel
    def touch(self, game_id: int) -> None:
        """Refresh the channel soon; a burst of moves makes one edit."""
        task = self._pending.get(game_id)
        if task is None or task.done():
            self._pending[game_id] = asyncio.create_task(self._refresh_later(game_id))

    async def _refresh_later(self, game_id: int) -> None:
        await asyncio.sleep(self.bot.settings.table_edit_interval)
        try:
            await self.refresh_channel(game_id)
        except Exception:
            log.exception("could not refresh the channel of game %s", game_id)

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def refresh_channel(self, game_id: int) -> None:
        """Post the new log lines, then edit the table message (or post it if it is gone)."""
        table = await self.service.table(game_id)
        channel = await self._channel(table.row.channel_id)
        if channel is None or table.game is None:
            return
        store = self.bot.store
        last, lines = await store.log_since(game_id)
        for chunk in _chunks(lines):
            await channel.send(chunk, allowed_mentions=discord.AllowedMentions.none())
        if lines:
            await store.set_log_posted(game_id, last)
        pub = table.game.public_view()
        content = (
            f"{t('table.title', channel=table.row.channel_name)} · "
            f"{t('status.phase', turn=pub['turn'], active=table.names[pub['active']], phase=pub['phase'])}\n"
            f"{table.waiting_text()}"
        )
        file = await table_file(table)
        row = await store.game(game_id)
        message_id = row.table_message_id if row else None
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                    content=content, attachments=[file]
                )
                return
            except discord.NotFound:
                file = await table_file(table)
        message = await channel.send(content, file=file, allowed_mentions=discord.AllowedMentions.none())
        await store.set_table_message(game_id, message.id)

    async def post_results(self, table: Table) -> None:
        if table.game is None or not await self.bot.store.claim_results_post(table.id):
            return
        channel = await self._channel(table.row.channel_id)
        if channel is None:
            return
        names = table.names
        lines = [t("results.title")]
        details = table.game.ranking_details()
        for place in details:
            types = ", ".join(f"{n} {k}" for k, n in place["by_type"].items())
            lines.append(
                t("results.line", place=place["place"], name=names[place["seat"]], wounds=place["wounds"], types=types)
            )
        for a, b in itertools.pairwise(details):
            if a["ahead_of_next_by"] in ("wound types", "seat") and a["wounds"] == b["wounds"]:
                lines.append(
                    t("results.tiebreak", name=names[a["seat"]], other=names[b["seat"]], reason=a["ahead_of_next_by"])
                )
        await channel.send(
            "\n".join(lines), file=await results_file(table), allowed_mentions=discord.AllowedMentions.none()
        )

    # ------------------------------------------------------------------ DMs
    async def sync_prompts(self, table: Table, actor: int | None) -> None:
        """Every human seat gets a DM for a new decision; prompts for finished decisions lose their buttons."""
        if table.game is None:
            return
        pending = {d.seat for d in table.game.pending()}
        for seat in table.seats:
            if seat.user_id is None:
                continue
            stored = await self.bot.store.prompt(table.id, seat.user_id)
            if seat.seat in pending:
                since = table.since.get(seat.seat)
                if stored is None or stored[2] != since:
                    await self.send_prompt(table, seat.seat, seat.user_id, stored, edit_in_place=actor == seat.user_id)
            elif stored is not None:
                await self._drop_prompt(table.id, seat.user_id, stored)

    async def retire_prompts(self, table: Table) -> None:
        """Take the buttons off every open prompt of a game (it was abandoned)."""
        for seat in table.seats:
            if seat.user_id is None:
                continue
            stored = await self.bot.store.prompt(table.id, seat.user_id)
            if stored is not None:
                await self._drop_prompt(table.id, seat.user_id, stored)

    async def _drop_prompt(self, game_id: int, user_id: int, stored: tuple[int, int, int]) -> None:
        """A prompt whose decision is over: its buttons go, and it is forgotten."""
        await self._retire(stored)
        await self.bot.store.clear_prompt(game_id, user_id)

    async def send_prompt(
        self, table: Table, seat: str, user_id: int, stored: tuple[int, int, int] | None, edit_in_place: bool
    ) -> None:
        prompt = await build_prompt(table, seat)
        if prompt is None:
            return
        if stored is not None and edit_in_place:
            channel = self.bot.get_partial_messageable(stored[0])
            try:
                await channel.get_partial_message(stored[1]).edit(
                    content=prompt.content, attachments=[prompt.file], view=prompt.view
                )
                await self.bot.store.set_prompt(table.id, user_id, stored[0], stored[1], prompt.since)
                return
            except discord.HTTPException:
                prompt = await build_prompt(table, seat) or prompt
        if stored is not None:
            await self._retire(stored)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            message = await user.send(prompt.content, file=prompt.file, view=prompt.view)
        except discord.Forbidden as e:
            if e.code == DM_CLOSED:
                await self.warn_dm_closed(table, user_id)
                return
            raise
        await self.bot.store.set_prompt(table.id, user_id, message.channel.id, message.id, prompt.since)

    async def _retire(self, stored: tuple[int, int, int]) -> None:
        """An old prompt keeps its text but loses its buttons."""
        channel = self.bot.get_partial_messageable(stored[0])
        try:
            await channel.get_partial_message(stored[1]).edit(view=None)
        except discord.HTTPException:
            log.info("could not retire prompt %s", stored[1])

    async def warn_dm_closed(self, table: Table, user_id: int) -> None:
        """Tell the player in the game's channel, once per game, that their DMs are closed."""
        if (table.id, user_id) in self._dm_warned:
            return
        self._dm_warned.add((table.id, user_id))
        channel = await self._channel(table.row.channel_id)
        if channel is not None:
            await channel.send(
                t("dm.closed_in_channel", mention=f"<@{user_id}>"), allowed_mentions=discord.AllowedMentions(users=True)
            )


def _chunks(lines: list[str]) -> list[str]:
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:MESSAGE_LIMIT]
        if current and len(current) + len(line) + 1 > MESSAGE_LIMIT:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out
