"""What each delivery shows on Discord, derived from the stored game each time it runs.

Every function here is idempotent: it compares what Discord shows (the markers in the
database: log lines posted, the table message, the prompt a player was sent, results
posted) with the game, does what is missing, and records each step once Discord has
accepted it. So a delivery may run any number of times, after any failure or restart,
and the channel and DMs end up matching the game. Failures are raised to the delivery
worker (``bot.delivery``), which retries them or treats them as final.
"""

from __future__ import annotations

import itertools
import logging
from typing import TYPE_CHECKING, Any

import discord

from engine.scoring import tie_break_text

from .i18n import clip, count, t
from .images import results_file, table_file
from .prompts import Prompt, build_prompt
from .service import Table

if TYPE_CHECKING:
    from .app import NightfallBot

log = logging.getLogger(__name__)
MESSAGE_LIMIT = 1900
DM_CLOSED = 50007
UNKNOWN_MESSAGE = 10008
NO_MENTIONS = discord.AllowedMentions.none()


class DMClosed(Exception):
    """The player does not accept DMs from the bot (Discord error 50007): final, not retried."""


class Notifier:
    def __init__(self, bot: NightfallBot) -> None:
        self.bot = bot

    @property
    def service(self) -> Any:
        return self.bot.service

    @property
    def store(self) -> Any:
        return self.bot.store

    # ------------------------------------------------------------------ channel
    async def channel_of(self, channel_id: int) -> discord.abc.Messageable:
        """The game's channel from the cache, else a partial one (no REST call to look it up)."""
        channel = self.bot.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.bot.get_partial_messageable(channel_id)

    async def sync_channel(self, game_id: int) -> None:
        """Post the new log lines, edit the table message (post a fresh one if it is gone), then the results."""
        async with self.service.lock(game_id):
            table = await self.service.table(game_id)
            if table.game is None:
                return
            content = self._table_content(table)
            file = await table_file(table)
            finished = table.game.is_over()
            results = self._results_text(table) if finished else None
            results_image = await results_file(table) if finished else None
        channel = await self.channel_of(table.row.channel_id)
        for last_seq, chunk in _chunks(await self.store.log_since(game_id)):
            await channel.send(chunk, allowed_mentions=NO_MENTIONS)
            await self.store.set_log_posted(game_id, last_seq)
        await self._show_table(game_id, channel, content, file)
        if results is not None and results_image is not None and not await self.store.results_posted(game_id):
            await channel.send(results, file=results_image, allowed_mentions=NO_MENTIONS)
            await self.store.set_results_posted(game_id)
            self.service.forget(game_id)

    async def _show_table(
        self, game_id: int, channel: discord.abc.Messageable, content: str, file: discord.File
    ) -> None:
        row = await self.store.game(game_id)
        message_id = row.table_message_id if row else None
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                    content=content, attachments=[file]
                )
                return
            except discord.NotFound as e:
                if e.code != UNKNOWN_MESSAGE:
                    raise
                log.info("the table message of game %s was deleted; posting a new one", game_id)
                file.reset()
        message = await channel.send(content, file=file, allowed_mentions=NO_MENTIONS)
        await self.store.set_table_message(game_id, message.id)

    def _table_content(self, table: Table) -> str:
        assert table.game is not None
        return clip(
            f"{t('table.title', channel=table.row.channel_name)} · {status_line(table)}\n{table.waiting_text()}"
        )

    def _results_text(self, table: Table) -> str:
        assert table.game is not None
        return results_text(table.game.ranking_details(), table.played_by)

    # ------------------------------------------------------------------ DMs
    async def sync_prompt(self, game_id: int, user_id: int, edit_in_place: bool) -> None:
        """Make the player's DM show their current decision, or take the buttons off a finished one."""
        async with self.service.lock(game_id):
            table = await self.service.table(game_id)
            seat = table.seat_of(user_id)
            stored = await self.store.prompt(game_id, user_id)
            waiting = (
                seat is not None
                and not seat.is_ai
                and table.row.status == "active"
                and table.game is not None
                and any(d.seat == seat.seat for d in table.game.pending())
            )
            if waiting and seat is not None and stored is not None and stored[2] == table.since.get(seat.seat):
                return  # the player already has this decision's prompt
            prompt = await build_prompt(table, seat.seat) if waiting and seat is not None else None
        if prompt is None:
            if stored is not None:
                await self.retire(stored)
                await self.store.clear_prompt(game_id, user_id, stored[1])
            return
        if stored is not None and edit_in_place and await self._edit(stored, prompt):
            await self.store.set_prompt(game_id, user_id, stored[0], stored[1], prompt.since)
            return
        message = await self._send_dm(user_id, prompt)
        await self.store.set_prompt(game_id, user_id, message.channel.id, message.id, prompt.since)
        if stored is not None and stored[1] != message.id:
            await self.retire(stored)

    async def _edit(self, stored: tuple[int, int, int], prompt: Prompt) -> bool:
        """Edit the player's last prompt in place; False if that message is gone."""
        channel = self.bot.get_partial_messageable(stored[0])
        try:
            await channel.get_partial_message(stored[1]).edit(
                content=prompt.content, attachments=[prompt.file], view=prompt.view
            )
        except discord.NotFound:
            prompt.file.reset()
            return False
        return True

    async def _dm(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel: known from the database, else opened with one REST call and remembered."""
        channel_id = await self.store.dm_channel(user_id)
        if channel_id is not None:
            return self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        channel = await self.bot.create_dm(discord.Object(id=user_id))
        await self.store.set_dm_channel(user_id, channel.id)
        return channel

    async def _send_dm(self, user_id: int, prompt: Prompt) -> discord.Message:
        try:
            target = await self._dm(user_id)
            return await target.send(prompt.content, file=prompt.file, view=prompt.view)
        except discord.Forbidden as e:
            if e.code == DM_CLOSED:
                raise DMClosed(str(user_id)) from e
            raise

    async def retire(self, stored: tuple[int, int, int]) -> None:
        """An old prompt keeps its text but loses its buttons (best effort: a stale button is refused anyway)."""
        channel = self.bot.get_partial_messageable(stored[0])
        try:
            await channel.get_partial_message(stored[1]).edit(view=None)
        except discord.HTTPException as e:
            log.info("could not retire prompt %s: %s", stored[1], e)

    # ------------------------------------------------------------------ deadlines
    async def remind(self, game_id: int, user_id: int, hint: str) -> None:
        """The half-time reminder, by DM; dropped if that decision was answered meanwhile."""
        since, due = _deadline_hint(hint)
        if not await self.store.deadline_stands(game_id, user_id, since):
            return
        table = await self.service.table(game_id)
        try:
            target = await self._dm(user_id)
            await target.send(t("deadline.remind", channel=table.row.channel_name, due=due))
        except discord.Forbidden as e:
            if e.code == DM_CLOSED:
                raise DMClosed(str(user_id)) from e
            raise

    async def warn(self, game_id: int, user_id: int, hint: str) -> None:
        """A quarter of the time left: the player is mentioned in the game's channel (once per decision)."""
        since, due = _deadline_hint(hint)
        if not await self.store.deadline_stands(game_id, user_id, since):
            return
        table = await self.service.table(game_id)
        channel = await self.channel_of(table.row.channel_id)
        await channel.send(
            t("deadline.warn", mention=f"<@{user_id}>", due=due), allowed_mentions=discord.AllowedMentions(users=True)
        )

    # ------------------------------------------------------------------ one-time notices
    async def dm_closed_notice(self, game_id: int, user_id: int) -> None:
        """Tell the player in the game's channel that their DMs are closed (asked for once per game)."""
        table = await self.service.table(game_id)
        channel = await self.channel_of(table.row.channel_id)
        await channel.send(
            t("dm.closed_in_channel", mention=f"<@{user_id}>"), allowed_mentions=discord.AllowedMentions(users=True)
        )

    async def no_access_notice(self, game_id: int, host_id: int, reason: str) -> None:
        """Tell the host by DM that the bot cannot post in the game's channel (asked for once per game)."""
        table = await self.service.table(game_id)
        target = await self._dm(host_id)
        await target.send(t("access.missing", channel=table.row.channel_name, reason=clip(reason, 200)))


def status_line(table: Table) -> str:
    """Where the game stands: the draft round during the draft (it is no "turn 1" yet), else the
    turn, whose it is and the phase."""
    assert table.game is not None
    pub = table.game.public_view()
    if pub["phase"] == "draft":
        return t("status.draft", round=pub["draft"]["round"], rounds=pub["draft"]["rounds"])
    return t("status.phase", turn=pub["turn"], active=table.names[pub["active"]], phase=pub["phase"])


def results_text(details: list[dict[str, Any]], names: dict[str, str]) -> str:
    """The final ranking, then why each tied place is ahead of the next: the ranking's own
    ``decided_by`` in words (``engine.scoring.tie_break_text``), which names the wound-type count
    or the turns that decided, never a step that did not."""
    lines = [t("results.title")]
    for place in details:
        types = ", ".join(f"{n} {k}" for k, n in place["by_type"].items())
        wounds = count(place["wounds"], "wound")
        lines.append(t("results.line", place=place["place"], name=names[place["seat"]], wounds=wounds, types=types))
    for a, b in itertools.pairwise(details):
        if a.get("decided_by") not in (None, "wounds"):
            reason = tie_break_text(a, b)
            lines.append(t("results.tiebreak", name=names[a["seat"]], other=names[b["seat"]], reason=reason))
    return clip("\n".join(lines))


def deadline_hint(since: int, due_at: float) -> str:
    """What a reminder or warning delivery carries: the decision it is about and when it falls due."""
    return f"{since}:{int(due_at)}"


def _deadline_hint(hint: str) -> tuple[int, int]:
    since, due = hint.split(":")
    return int(since), int(due)


def _chunks(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Log lines packed into messages under Discord's limit, each with the seq of its last line."""
    out: list[tuple[int, str]] = []
    current, last = "", 0
    for seq, line in lines:
        line = clip(line, MESSAGE_LIMIT)
        if current and len(current) + len(line) + 1 > MESSAGE_LIMIT:
            out.append((last, current))
            current = ""
        current = f"{current}\n{line}" if current else line
        last = seq
    if current:
        out.append((last, current))
    return out
