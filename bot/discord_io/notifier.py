"""What each delivery shows on Discord, derived from the stored game each time it runs.

Every function here is idempotent: it compares what Discord shows (the markers in the
database: log lines posted, the table message, the prompt a player was sent, results
posted) with the game, does what is missing, and records each step once Discord has
accepted it. So a delivery may run any number of times, after any failure or restart,
and the channel and DMs end up matching the game. Failures are raised to the delivery
worker (``bot.discord_io.delivery``), which retries them or treats them as final.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace
from typing import Any

import discord

from bot.components.seat import BringButton, back_view, hand_over_view
from bot.components.web import watch_view
from bot.discord_io.outbound import LOG, Outbound
from bot.discord_io.pictures import Shown, reader_form
from bot.face import RECENT_LINE, RECENT_LINES, Prompt, Recent
from bot.games import game_name
from bot.service import GameService
from bot.service.tutorial import with_lesson
from bot.store import RETIRED, Delivery, SeatRow, Store
from bot.table import Table
from bot.web.links import game_link
from bot.words.i18n import clip, noun, plural, shorten, t
from bot.words.logline import Describe
from bot.workers import images

log = logging.getLogger(__name__)
MESSAGE_LIMIT = 1900
#: games listed in one daily digest (one button each: Discord allows 25 a message)
DIGEST_GAMES = 20
#: characters of a game's question in the digest
DIGEST_LINE = 160
#: the latest log lines the table message shows (a phone screen's worth above the image)
TABLE_LINES = 4
DM_CLOSED = 50007
#: seconds during which no DM is tried for a person whose DMs were found closed (they may open them)
DM_CLOSED_PAUSE = 1800.0
UNKNOWN_MESSAGE = 10008
NO_MENTIONS = discord.AllowedMentions.none()
THREAD_EXISTS = 160004  # a thread has already been created for this message
NO_THREAD = {50001, 50013, 50024, 160005}  # no access, no permission, wrong channel type, thread locked
THREAD_TYPES = {discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread}


#: how each source of a move is said on the prompt it answered (``prompt.done.<key>``)
OUTCOME_KEYS = {
    "command": "command",
    "button": "button",
    "select": "button",
    "timeout": "timeout",
    "missed": "missed",
    "ai": "ai",
}


class NotYet(Exception):
    """A delivery that must wait for another one (the game-over DM for the results): tried again shortly."""


class LogThreadGone(Exception):
    """The game's log thread was deleted; a new one is made."""


class DMClosed(Exception):
    """The player does not accept DMs from the bot (Discord error 50007): final, not retried."""


class Notifier:
    """What each delivery shows, sent through ``client`` (the bot): it reads the game from ``service``."""

    def __init__(
        self, client: discord.Client, store: Store, service: GameService, outbound: Outbound | None = None
    ) -> None:
        self.client = client
        self.store = store
        self.service = service
        #: every call below waits for its turn in the bot's one budget of REST calls
        self.outbound = outbound or Outbound()
        #: per game, the table message as last shown (its id, words, image and link to the web table): an unchanged
        #: table is not sent again. Lost on a restart, which costs one edit per game.
        self._shown: dict[int, tuple[int | None, str, images.Key, str | None]] = {}

    # ------------------------------------------------------------------ channel
    async def channel_of(self, channel_id: int) -> discord.abc.Messageable:
        """The game's channel from the cache, else a partial one (no REST call to look it up)."""
        channel = self.client.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.client.get_partial_messageable(channel_id)

    async def sync_channel(self, game_id: int) -> None:
        """Bring the channel up to date with the game, each step recorded once Discord accepted it:

        1. the summary of every finished turn: the table message posted for that turn becomes its
           summary (so the channel reads one message per turn), or a new message says it;
        2. the table: edited in place, or posted fresh at the bottom when a turn began (the old one
           became a summary) or when a summary had to be posted below it;
        3. the move-by-move log lines, in a thread of the game's first table message;
        4. the results, once the game is over.
        """
        async with self.service.lock(game_id):
            table = await self.service.stored_table(game_id)
            if table.game is None:
                return  # a lobby abandoned before its start: there is no table to show (dropped on purpose)
            game = table.game
            finished = game.is_over()
            # an abandoned game still gets every line and summary it owed, and a table that says it ended
            ended = finished or table.row.status == "abandoned"
            face = self.service.face(table)
            current = face.turn(game)
            names, lang = table.names, table.lang
            table_picture = face.table_picture(table, lang)  # the views are taken now, drawn after the lock
            results = face.results_text(table, lang) if finished else None
            if results is not None:  # a series game's results add the series so far, or its end
                results = clip(results + await face.series_note(self.store, table.row, lang))
            results_picture = face.results_picture(table, lang) if finished else None
            head = self._table_head(table)  # the table message's words, of the same moment as its image
            tail = await self.store.play.log_tail(game_id, TABLE_LINES)  # what just happened, in the same moment
            latest = [clip(line.text(lang, face.describe), RECENT_LINE) for line in tail]
        # a tutorial's channel is its player's DM: it shows them images, or words if they turned images off
        with_images = await self._images_in(table)
        results_image = await reader_form(results_picture, with_images, lang) if results_picture is not None else None
        marks = await self.store.marks.channel_marks(game_id)
        channel = await self.channel_of(table.row.channel_id)
        table_id, buried, log_due = marks.table_message_id, False, marks.log_due_seq
        for turn, events in await self.store.marks.turns_to_summarise(game_id, None if ended else current):
            text = face.summary(turn, events, names, lang)
            # (-1: a table message from before summaries existed shows the turn then in progress)
            mine = table_id is not None and marks.table_turn in (turn, -1)
            became = mine and table_id is not None and await self._edit_text(channel, table_id, text)
            if not became:
                await self._take(channel, post=True)
                await channel.send(text, allowed_mentions=NO_MENTIONS)
                buried = True
            # one write for both, so a summary is never posted twice after a failure in between
            await self.store.marks.set_summary_posted(game_id, turn, table_gone=became)
            log_due = (await self.store.marks.channel_marks(game_id)).log_due_seq  # the turn's lines are owed now
            if became:
                table_id = None
        if table_id is not None and buried:
            await self._delete(channel, table_id)
            await self.store.games.set_table_message(game_id, None)
            table_id = None
        thread_id = marks.log_thread_id
        content = self._table_content(head, table.lang, thread_id, latest)
        key = table_picture.key if with_images else (f"{table_picture.kind}:words", table_picture.key[1])
        # the game's live page, while its server has the web table on (asked each time: any process may turn it off)
        watch = await game_link(self.store, self.service.settings, table.row)
        shown = (table_id, content, key, watch)
        if table_id is None or self._shown.get(game_id) != shown:  # unchanged: not drawn, not sent
            picture = await reader_form(table_picture, with_images, lang)
            view = watch_view(watch, lang)
            table_id = await self._show_table(game_id, channel, table_id, content, picture, current, view)
            self._shown[game_id] = (table_id, content, key, watch)
            if table.row.tutorial and table_id != marks.table_message_id and not ended:
                # a tutorial's table is posted in the player's DM: their question comes again below it
                for person in table.seats:
                    if person.user_id is not None and not person.is_ai:
                        await self.store.work.want(game_id, "prompt", person.user_id)
        if thread_id is None:
            # the link shows from the next edit
            thread_id = await self._make_thread(game_id, channel, table_id, lang, face.rules.name)
        until = None if ended else log_due  # the thread gets a turn's lines when it ends, and the rest at the end
        try:
            await self._post_log(game_id, thread_id, lang, face.describe, until)
        except LogThreadGone:  # someone deleted the thread: a new one gets the lines still owed
            thread_id = await self._make_thread(game_id, channel, table_id, lang, face.rules.name)
            await self._post_log(game_id, thread_id, lang, face.describe, until)
        if results is not None and results_image is not None and not marks.results_posted:
            await self._take(channel, post=True)
            message = await channel.send(results, **results_image.sending(), allowed_mentions=NO_MENTIONS)
            await self.store.games.set_results_posted(game_id, message.id)
            await self.store.work.due_now(game_id, "game_over")  # the game-over DMs link to these results
            self.forget(game_id)
        elif table.row.status == "abandoned":
            self.forget(game_id)  # its channel says all it owed: the game need not stay in memory

    async def _images_in(self, table: Table) -> bool:
        """Whether the table's channel shows images: always, but a tutorial's, which is its player's DM and follows
        their ``/me images``."""
        if not table.row.tutorial:
            return True
        person = next((s.user_id for s in table.seats if s.user_id is not None and not s.is_ai), None)
        return person is None or await self.store.people.images_on(person)

    async def _take(self, channel: Any, *, post: bool = False, urgency: int | None = None) -> None:
        """Wait for this call's turn in the bot's budget (``post``: a new message, counted in its channel's
        bucket of 5 per 5 seconds)."""
        await self.outbound.take(getattr(channel, "id", None), post=post, urgency=urgency)

    def forget(self, game_id: int) -> None:
        """A game whose channel says all it will: nothing of it stays in memory."""
        self._shown.pop(game_id, None)
        self.service.forget(game_id)

    async def _show_table(
        self,
        game_id: int,
        channel: discord.abc.Messageable,
        message_id: int | None,
        content: str,
        picture: Shown,
        turn: int,
        view: discord.ui.View | None = None,
    ) -> int:
        """Edit the table message, or post a fresh one (none yet, or it was deleted); its id. ``view``: its link
        button to the web table (None: no button, and an edit takes away one it had)."""
        if message_id is not None:
            try:
                await self._take(channel)
                await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                    content=content, view=view, **picture.editing()
                )
                return message_id
            except discord.NotFound as e:
                if e.code != UNKNOWN_MESSAGE:
                    raise
                log.info("the table message of game %s was deleted; posting a new one", game_id)
                picture.reset()
        await self._take(channel, post=True)
        sending: dict[str, Any] = {"view": view} if view is not None else {}
        message = await channel.send(content, **picture.sending(), **sending, allowed_mentions=NO_MENTIONS)
        await self.store.games.set_table_message(game_id, message.id, turn)
        return message.id

    async def _edit_text(self, channel: discord.abc.Messageable, message_id: int, content: str) -> bool:
        """Replace a message's text and drop its image (or its image's words) and its link to the web table (a summary
        is the past); False if the message is gone."""
        message = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            await self._take(channel)
            await message.edit(content=content, attachments=[], embeds=[], view=None)
        except discord.NotFound as e:
            if e.code != UNKNOWN_MESSAGE:
                raise
            return False
        return True

    async def _delete(self, channel: discord.abc.Messageable, message_id: int) -> None:
        """Delete one of the bot's messages; one that is already gone is fine."""
        with contextlib.suppress(discord.NotFound):
            await self._take(channel)
            await channel.get_partial_message(message_id).delete()  # type: ignore[attr-defined]

    async def _make_thread(
        self, game_id: int, channel: discord.abc.Messageable, message_id: int, lang: str, game: str
    ) -> int:
        """A public thread on the game's table message for the move-by-move log; 0 if there can be none
        (the game runs in a thread itself, or the bot may not make threads): the log then stays in
        ``/game log``. A thread started from a message shares the message's id."""
        row = await self.store.games.game(game_id)
        in_dm = row is not None and row.guild_id is None  # a tutorial: its DM can have no thread
        if in_dm or isinstance(channel, discord.Thread) or getattr(channel, "type", None) in THREAD_TYPES:
            await self.store.marks.set_log_thread(game_id, 0)
            return 0
        try:
            await self._take(channel)
            thread = await channel.get_partial_message(message_id).create_thread(  # type: ignore[attr-defined]
                name=t("thread.name", lang, id=game_id, game=game), auto_archive_duration=10080
            )
            thread_id = thread.id
        except discord.HTTPException as e:
            if e.code == THREAD_EXISTS:
                thread_id = message_id
            elif e.code in NO_THREAD or e.status == 403:
                log.info("no log thread for game %s: %s", game_id, e)
                thread_id = 0
            else:
                raise
        await self.store.marks.set_log_thread(game_id, thread_id)
        return thread_id

    async def _post_log(
        self, game_id: int, thread_id: int, lang: str, describe: Describe, until: int | None = None
    ) -> None:
        """The log lines owed into the game's thread, in the game's language (its events worded by ``describe``;
        without a thread they stay in ``/game log``): those up to ``until`` (the turns that ended), or all.

        A thread post per turn, not per burst: the table message shows the latest lines as they happen, and the
        thread, which spectators may follow, reads (and notifies) a whole turn at a time."""
        lines = [
            (seq, line.text(lang, describe))
            for seq, line in await self.store.games.log_since(game_id)
            if until is None or seq <= until
        ]
        if not lines:
            return
        if not thread_id:
            await self.store.games.set_log_posted(game_id, lines[-1][0])
            return
        thread = self.client.get_partial_messageable(thread_id, type=discord.ChannelType.public_thread)
        for last_seq, chunk in _chunks(lines):
            try:
                await self._take(thread, post=True, urgency=LOG)  # the log waits for everything else
                await thread.send(chunk, allowed_mentions=NO_MENTIONS)
            except discord.NotFound as e:
                log.info("the log thread of game %s is gone", game_id)
                await self.store.marks.set_log_thread(game_id, None)
                raise LogThreadGone(str(thread_id)) from e
            except discord.Forbidden as e:
                # the thread was locked, or the bot may no longer post in threads: the game goes on, its
                # lines stay in /game log (the channel itself answered, so this is no reason to pause)
                log.info("the log thread of game %s refuses the bot: %s", game_id, e)
                await self.store.marks.set_log_thread(game_id, 0)
                await self.store.games.set_log_posted(game_id, lines[-1][0])
                return
            await self.store.games.set_log_posted(game_id, last_seq)

    def _table_head(self, table: Table) -> str:
        """The table message's title, status and whom the game waits for, in the game's language."""
        assert table.game is not None
        lang = table.lang
        key = "table.title_tutorial" if table.row.tutorial else "table.title"  # a tutorial's DM is no channel
        title = t(key, lang, channel=table.row.channel_name, game=game_name(table.row.game))
        return f"{title} · {self.service.face(table).status(table, lang)}\n{table.waiting_text(lang)}"

    @staticmethod
    def _table_content(head: str, lang: str, thread_id: int | None = None, latest: list[str] | None = None) -> str:
        """The table message: its head, the game's latest log lines (what just happened: the thread gets them
        when the turn ends), and a link to the move-by-move thread once there is one."""
        text = head + "".join(f"\n> {line}" for line in latest or ())
        text += "\n" + t("table.log_link", lang, thread=thread_id) if thread_id else ""
        return clip(text)

    # ------------------------------------------------------------------ DMs
    async def sync_prompt(
        self, game_id: int, user_id: int, edit_in_place: bool, done: Delivery | None = None, bring: bool = False
    ) -> bool:
        """Make the player's DM show their current decision, or take the buttons off a finished one. ``done``: the
        delivery this is, marked done by the write that records the DM when that is the last one (True then).

        ``edit_in_place``: the decision came in a burst (the player moved a moment ago), so it edits
        the DM they are looking at; otherwise it comes as a new DM, which notifies them. A player who
        chose ``/me notify`` mention, digest or quiet never gets a new DM: their prompt is edited in place
        if they have one, and a mention player is mentioned in the channel instead. ``bring``: the person asked
        for this game's question (a button of their daily digest): it comes as a new DM whatever their mode.
        """
        async with self.service.lock(game_id):
            table = await self.service.stored_table(game_id)
            seat = table.seat_of(user_id)
            stored = await self.store.marks.prompt(game_id, user_id)
            waiting = (
                seat is not None
                and not seat.is_ai
                and table.row.status == "active"
                and table.game is not None
                and any(d.seat == seat.seat for d in table.game.pending())
            )
            # a tutorial's DM is its table's channel too: a table posted below the prompt buries its question, which
            # then comes again below it (the DM always ends with the live decision)
            buried = stored is not None and table.row.tutorial and await self._below_table(game_id, stored[1])
            shown = waiting and seat is not None and stored is not None and stored[2] == table.since.get(seat.seat)
            if shown and not buried and not bring:
                return False  # the player already has this decision's prompt
            mode = "dm" if table.row.tutorial or bring else await self.store.people.notify_mode(user_id)
            if waiting and mode == "mention" and not edit_in_place and seat is not None:
                await self.store.work.want(game_id, "mention", user_id, str(table.since.get(seat.seat)))
            if waiting and stored is None and mode != "dm":
                return False  # no new DM for this player, and no DM to edit: /hand and the slash commands serve
            lang = await self.store.people.language_for(user_id)
            recent = await self._recent(table, user_id) if waiting else None
            face = self.service.face(table)
            prompt = face.prompt(table, seat.seat, lang, recent) if waiting and seat is not None else None
            lesson = (
                await self.service.tutorial.lesson(table, seat.seat, user_id, lang)
                if prompt is not None and seat
                else None
            )
        if prompt is not None and lesson is not None:
            prompt = replace(prompt, content=clip(with_lesson(prompt.content, lesson[1]), MESSAGE_LIMIT))
        if prompt is None:
            if stored is not None and stored[2] != RETIRED:
                # the question it asked is no longer open: it says what became of it instead
                await self._close(stored, await self._outcome(table, seat, stored[2], lang))
                await self.store.marks.clear_prompt(game_id, user_id, stored[1])
            return False
        # drawn after the lock (the game goes on meanwhile), or its words for a person who turned images off
        picture = await reader_form(prompt.picture, await self.store.people.images_on(user_id), lang)
        delivers = done if lesson is None else None  # a lesson's mark comes last
        in_place = stored is not None and not buried and (edit_in_place or mode != "dm")
        if stored is not None and in_place and await self._edit(stored, prompt, picture):
            await self.store.marks.set_prompt(game_id, user_id, stored[0], stored[1], prompt.since, delivers=delivers)
        elif mode == "dm":
            if stored is not None and stored[2] == prompt.since:
                await self._delete(self.client.get_partial_messageable(stored[0]), stored[1])  # the same question
            elif stored is not None and stored[2] != RETIRED:
                # the old prompt first says what became of its question, so the new DM below is the only question
                await self._close(stored, await self._outcome(table, seat, stored[2], lang))
            message = await self._send_dm(user_id, prompt.content, **picture.sending(), view=prompt.view)
            channel_id = message.channel.id
            await self.store.marks.set_prompt(game_id, user_id, channel_id, message.id, prompt.since, delivers=delivers)
        else:
            return False
        if lesson is not None:
            await self.store.people.add_taught(user_id, lesson[0])
        return delivers is not None

    async def _outcome(self, table: Table, seat: SeatRow | None, since: int, lang: str) -> str:
        """One line, in the reader's language, saying what became of the decision a prompt dated ``since`` asked:
        the move that answered it and how it was made (a command, the deadline's default, the AI), else why it is
        no longer open (the AI plays the seat now, someone's undo took it away, the game ended)."""
        answer = await self.store.undo.answer_after(table.id, seat.seat, since) if seat is not None else None
        undone = await self.store.undo.undo_after(table.id, since)
        if answer is not None and (undone is None or undone[0] > answer[0]) and seat is not None:
            seq, text, source = answer
            label = await self._label_at(table, seat.seat, seq, text, lang)
            if label is not None:
                return clip(t(f"prompt.done.{OUTCOME_KEYS.get(source, 'button')}", lang, label=label), MESSAGE_LIMIT)
        if table.row.status in ("over", "abandoned") or (table.game is not None and table.game.is_over()):
            return t("prompt.done.over", lang)
        if seat is not None and seat.away:
            return t("prompt.done.away", lang)
        if undone is not None:
            return t("prompt.done.undone", lang, name=table.names.get(undone[1], "?"))
        return t("prompt.done.moved_on", lang)

    async def _label_at(self, table: Table, seat: str, seq: int, text: str, lang: str) -> str | None:
        """The move ``text`` of ``seat``, stored at version ``seq``, in words (as its button read then); None if the
        position before it cannot be rebuilt."""
        face = self.service.face(table)
        try:
            state, actions = await self.store.undo.load_before(table.id, seq)
            match = face.load(state)
            for _, s, move in actions:
                match.apply(match.parse_action(s, move))
            return face.label(match, match.parse_action(seat, text), table.names, lang)
        except Exception:  # an old game whose moves no longer replay: the line says less, nothing fails
            log.info("could not word move %s of game %s", seq, table.id, exc_info=True)
            return None

    async def _below_table(self, game_id: int, message_id: int) -> bool:
        """Whether the game's table message was posted after ``message_id`` (Discord's ids grow with time)."""
        table_id = (await self.store.marks.channel_marks(game_id)).table_message_id
        return table_id is not None and table_id > message_id

    async def _close(self, stored: tuple[int, int, int], text: str) -> None:
        """An old prompt becomes one line, ``text``, without its picture (or its words) and buttons; one already deleted
        is fine."""
        channel = self.client.get_partial_messageable(stored[0])
        try:
            await self._take(channel)
            await channel.get_partial_message(stored[1]).edit(content=text, attachments=[], embeds=[], view=None)
        except discord.NotFound as e:
            if e.code != UNKNOWN_MESSAGE:
                raise

    async def _recent(self, table: Table, user_id: int) -> Recent:
        """What the player missed since their last move, and where the table is."""
        lines, more = await self.store.games.lines_since_move(table.id, user_id, RECENT_LINES)
        marks = await self.store.marks.channel_marks(table.id)
        return Recent(tuple(lines), more, message_url(table.row.guild_id, table.row.channel_id, marks.table_message_id))

    async def mention(self, game_id: int, user_id: int, hint: str) -> None:
        """A player who chose mentions is mentioned in the channel when a decision starts for them
        (dropped if they answered it meanwhile). It says only what the table says: nothing private."""
        table = await self.service.stored_table(game_id)
        seat = table.seat_of(user_id)
        if seat is None or seat.is_ai or table.game is None or table.game.is_over() or table.row.status != "active":
            return  # dropped on purpose: the decision it announced can no longer be made
        if str(table.since.get(seat.seat)) != hint or not any(d.seat == seat.seat for d in table.game.pending()):
            return
        channel = await self.channel_of(table.row.channel_id)
        await self._take(channel, post=True)
        await channel.send(
            t(
                "notify.mention_ping",
                table.lang,
                mention=f"<@{user_id}>",
                game=game_name(table.row.game),
                status=self.service.face(table).status(table, table.lang),
            ),
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def game_over(self, game_id: int, user_id: int) -> None:
        """The game-over DM: the player's place and score in the game's words, who won, and a link to the results
        (sent once the results are in the channel; only to players who take DMs)."""
        if await self.store.people.notify_mode(user_id) != "dm":
            return
        marks = await self.store.marks.channel_marks(game_id)
        if not marks.results_posted:
            row = await self.store.games.game(game_id)
            if row is None or row.paused is None:
                raise NotYet("the results are not posted yet")
            # the channel is out of reach: the DM comes now, without the link to results nobody can see
        table = await self.service.stored_table(game_id)
        self.forget(game_id)  # a finished game is not kept in memory for its DMs
        seat = table.seat_of(user_id)
        if table.game is None or seat is None:
            return
        lang = await self.store.people.language_for(user_id)
        text = self.service.face(table).game_over_text(table, seat, lang)
        if text is None:
            return  # a seat an old race added after the deal: it played no part (dropped on purpose)
        url = message_url(table.row.guild_id, table.row.channel_id, marks.results_message_id)
        if url:
            text += "\n" + t("over.dm_link", lang, url=url)
        with contextlib.suppress(DMClosed):  # the channel already shows the results; nothing more to tell
            await self._send_dm(user_id, text)

    async def _edit(self, stored: tuple[int, int, int], prompt: Prompt, picture: Shown) -> bool:
        """Edit the player's last prompt in place (its image, or its words, replacing what it showed); False if that
        message is gone."""
        channel = self.client.get_partial_messageable(stored[0])
        try:
            message = channel.get_partial_message(stored[1])
            await self._take(channel)
            await message.edit(content=prompt.content, view=prompt.view, **picture.editing())
        except discord.NotFound:
            picture.reset()
            return False
        return True

    async def _dm(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel: known from the database, else opened with one REST call and remembered."""
        channel_id = await self.store.marks.dm_channel(user_id)
        if channel_id is not None:
            return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        # known to discord.py already (it would answer create_dm without a call): no turn in the budget
        known = (c for c in self.client.private_channels if isinstance(c, discord.DMChannel) and c.recipient)
        channel: discord.DMChannel | None = next((c for c in known if c.recipient and c.recipient.id == user_id), None)
        if channel is None:
            await self.outbound.take()
            channel = await self.client.create_dm(discord.Object(id=user_id))
        await self.store.marks.set_dm_channel(user_id, channel.id)
        return channel

    async def _send_dm(self, user_id: int, content: str, **extra: Any) -> discord.Message:
        """A new DM; closed DMs (50007) raise ``DMClosed``, which no retry can help. Closed DMs are
        remembered for a while, and no DM is tried meanwhile: each refusal is one of the invalid requests
        Discord counts against the bot."""
        if await self.store.people.dm_closed_until(user_id) is not None:
            raise DMClosed(str(user_id))
        try:
            target = await self._dm(user_id)
            await self._take(target, post=True)
            return await target.send(content, **extra)
        except discord.Forbidden as e:
            if e.code == DM_CLOSED:
                await self.store.people.set_dm_closed(user_id, DM_CLOSED_PAUSE)
                raise DMClosed(str(user_id)) from e
            raise

    # ------------------------------------------------------------------ deadlines
    async def remind(self, game_id: int, user_id: int, hint: str) -> None:
        """The half-time reminder, by DM; dropped if that decision was answered meanwhile, and for a
        player who asked for no new DMs (``/game notify``: the quarter-left mention still comes)."""
        since, _ = _deadline_hint(hint)
        due_at = await self.store.work.deadline_stands(game_id, user_id, since)
        if due_at is None:
            return
        due = int(due_at)
        if await self.store.people.notify_mode(user_id) != "dm":
            return
        table = await self.service.stored_table(game_id)
        lang = await self.store.people.language_for(user_id)
        text = t("deadline.remind", lang, channel=table.row.channel_name, due=due, game=game_name(table.row.game))
        await self._send_dm(user_id, text)

    async def warn(self, game_id: int, user_id: int, hint: str) -> None:
        """A quarter of the time left: the player is mentioned in the game's channel (once per decision)."""
        since, _ = _deadline_hint(hint)
        due_at = await self.store.work.deadline_stands(game_id, user_id, since)
        if due_at is None:
            return
        due = int(due_at)
        table = await self.service.stored_table(game_id)
        channel = await self.channel_of(table.row.channel_id)
        await self._take(channel, post=True)
        await channel.send(
            t("deadline.warn", table.lang, mention=f"<@{user_id}>", due=due),
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def missed_notice(self, game_id: int, user_id: int, hint: str) -> None:
        """A turn missed: the channel reads what happens now and what comes next, with a button any player of
        the game may press to hand the silent seat to the AI at once. Dropped if the person has played since,
        or the AI already plays the seat."""
        table = await self.service.stored_table(game_id)
        seat = table.seat_of(user_id)
        game = table.game
        if seat is None or seat.is_ai or seat.missed_turn is None or game is None or game.is_over():
            return
        if table.row.status != "active":
            return
        face = self.service.face(table)
        lang = table.lang
        limit = self.service.settings.timeouts_to_ai
        then = (
            t("deadline.missed_then", lang, turns=noun(face.key, "span.count", lang, n=limit))
            if limit > 0
            else t("deadline.missed_then_never", lang)
        )
        until_end = noun(face.key, "span.until_end", lang)
        text = t("deadline.missed", lang, name=seat.display_name, until_end=until_end, then=then)
        label = t("deadline.hand_over", lang, name=shorten(seat.display_name, 40))
        channel = await self.channel_of(table.row.channel_id)
        await self._take(channel, post=True)
        await channel.send(text, view=hand_over_view(game_id, seat.seat, label), allowed_mentions=NO_MENTIONS)

    # ------------------------------------------------------------------ one-time notices
    async def takeover_notice(self, game_id: int, user_id: int, hint: str) -> None:
        """Tell a person by DM, in their language, that the AI plays their seat now and who or what handed it over
        (``hint``: ``left``, ``replaced:<by>``, ``handed:<by>`` or ``timeouts:<turns>``), with a button that takes
        it back. Dropped if they took it back meanwhile or the game ended; closed DMs leave nowhere to say it."""
        table = await self.service.stored_table(game_id)
        seat = table.seat_of(user_id)
        if seat is None or not seat.away or table.game is None or table.game.is_over():
            return
        if table.row.status != "active":
            return
        cause, _, detail = hint.partition(":")
        lang = await self.store.people.language_for(user_id)
        fields: dict[str, Any] = {
            "game": game_name(table.row.game),
            "where": self._where(table.row.guild_id, table.row.channel_name),
            "by": detail,
        }
        if cause == "timeouts":
            missed = int(detail) if detail.isdigit() else self.service.settings.timeouts_to_ai
            fields["turns"] = noun(table.row.game, "span.count", lang, n=missed)
        elif cause not in ("left", "replaced", "handed"):
            cause = "left"
        text = t(f"takeover.{cause}", lang, **fields) + "\n" + t("takeover.back", lang)
        view = back_view(game_id, t("takeover.button", lang))
        with contextlib.suppress(DMClosed):  # the channel's line says it; nothing else can reach them
            await self._send_dm(user_id, clip(text), view=view)

    async def dm_closed_notice(self, game_id: int, user_id: int) -> None:
        """Tell the player in the game's channel that their DMs are closed (asked for once per game)."""
        table = await self.service.stored_table(game_id)
        channel = await self.channel_of(table.row.channel_id)
        await self._take(channel, post=True)
        await channel.send(
            t("dm.closed_in_channel", table.lang, mention=f"<@{user_id}>"),
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    async def no_access_notice(self, game_id: int, host_id: int, reason: str) -> None:
        """Tell the host by DM that the bot cannot post in the game's channel (asked for once per game)."""
        row = await self.store.games.game(game_id)
        if row is not None:
            await self._tell(
                host_id, "access.missing", channel=row.channel_name, reason=clip(reason, 200), game=game_name(row.game)
            )

    async def paused_notice(self, game_id: int, user_id: int) -> None:
        """Tell a person by DM that their game is paused, why, and what they can do (dropped if it went on
        meanwhile: then the ``resumed`` DM says so)."""
        row = await self.store.games.game(game_id)
        if row is not None and row.paused is not None:
            where = self._where(row.guild_id, row.channel_name)
            await self._tell(user_id, f"paused.dm_{row.paused}", where=where, game=game_name(row.game))

    async def resumed_notice(self, game_id: int, user_id: int) -> None:
        """Tell a person by DM that their paused game goes on, and where (dropped if it was paused again)."""
        row = await self.store.games.game(game_id)
        if row is not None and row.paused is None and row.status in ("active", "over"):
            await self._tell(user_id, "paused.dm_resumed", channel=f"<#{row.channel_id}>", game=game_name(row.game))

    async def repaired_notice(self, game_id: int, user_id: int, how: str) -> None:
        """Tell a person what start-up did to a game an old race had damaged: their seat was never dealt in
        ("dropped"), or the game could not go on ("ended")."""
        row = await self.store.games.game(game_id)
        if row is not None:
            await self._tell(user_id, f"repaired.{how}", channel=row.channel_name, game=game_name(row.game))

    async def _tell(self, user_id: int, key: str, **fields: Any) -> None:
        """A one-time notice by DM, in the person's language; closed DMs leave nowhere else to say it (the
        channel may be the very thing that fails), so it is dropped then."""
        lang = await self.store.people.language_for(user_id)
        with contextlib.suppress(DMClosed):
            await self._send_dm(user_id, t(key, lang, **fields))

    # ------------------------------------------------------------------ the daily digest
    async def waits_for(self, game_id: int, user_id: int) -> bool:
        """Whether a running game (not a tutorial) waits for a decision of this person."""
        table = await self.service.stored_table(game_id)
        seat = table.seat_of(user_id)
        return (
            seat is not None
            and not seat.is_ai
            and not table.row.tutorial
            and table.row.status == "active"
            and table.game is not None
            and not table.game.is_over()
            and any(d.seat == seat.seat for d in table.game.pending())
        )

    async def _asked(self, game_id: int, user_id: int, lang: str) -> str:
        """What a game asks of the person, in one line: its prompt's question (the line below the prompt's header),
        else the game's status."""
        async with self.service.lock(game_id):
            table = await self.service.stored_table(game_id)
            seat = table.seat_of(user_id)
            face = self.service.face(table)
            prompt = face.prompt(table, seat.seat, lang) if seat is not None else None
            lines = prompt.content.splitlines() if prompt is not None else []
            return shorten(lines[1] if len(lines) > 1 else face.status(table, lang), DIGEST_LINE)

    async def digest(self, user_id: int) -> bool:
        """The daily digest: one DM listing every game that waits for the person (its name and channel, what it
        asks, and the time left), each with a button that brings its prompt here; nothing when nothing waits.
        True when their DMs proved closed and each game's channel was asked to say so."""
        lang = await self.store.people.language_for(user_id)
        waiting: list[tuple[float, int, str]] = []
        for row in await self.store.games.active_games_of(user_id):
            if not await self.waits_for(row.id, user_id):
                continue
            asked = await self._asked(row.id, user_id, lang)
            clocks = [d.due_at for d in await self.store.work.deadlines(row.id) if d.user_id == user_id]
            due = min(clocks, default=None)
            left = t("digest.due", lang, due=int(due)) if due is not None else t("digest.no_deadline", lang)
            where = self._where(row.guild_id, row.channel_name)
            line = t("digest.line", lang, game=game_name(row.game), where=where, asked=asked, left=left)
            waiting.append((due if due is not None else float("inf"), row.id, line))
        if not waiting:
            return False
        waiting.sort()
        shown = waiting[:DIGEST_GAMES]
        lines = [plural("digest.head", len(waiting), lang)]
        lines += [f"{k}. {line}" for k, (_, _, line) in enumerate(shown, 1)]
        lines.append(t("digest.foot", lang))
        view = discord.ui.View(timeout=None)
        for k, (_, game_id, _) in enumerate(shown, 1):
            view.add_item(BringButton(game_id, str(k)))
        try:
            await self._send_dm(user_id, clip("\n".join(lines), MESSAGE_LIMIT), view=view)
        except DMClosed:
            closed = [await self.store.work.want_once(game_id, "dm_closed", user_id) for _, game_id, _ in waiting]
            return any(closed)
        return False

    def _where(self, guild_id: int | None, channel_name: str) -> str:
        """The channel, bold, and its server, for a DM: the channel may be gone, so it is named, not linked."""
        guild = self.client.get_guild(guild_id) if guild_id is not None else None
        return f"**#{channel_name}**" + (f" ({guild.name})" if guild is not None else "")


def message_url(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    """A link that opens a message of a server channel (None in a DM or without a message)."""
    if guild_id is None or message_id is None:
        return None
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


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
