"""The one path from a player's input to the commit and back to their screen.

A button, a select menu or a slash command becomes ``GameService.play.act`` (lock → check → apply →
commit the move with its deliveries); then the person who moved is answered — a DM's button edits
its own message into the next decision, a command answers privately — and only then is Discord
told the rest (``GameService.play.publish`` wakes the delivery worker and the AI seats). A Discord
failure after the commit loses nothing: the move's deliveries carry it.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.components.undo import with_undo
from bot.discord_io.pictures import reader_form
from bot.discord_io.replies import answer_in_time, edit_own_message, private
from bot.errors import UserError
from bot.logs import about_game
from bot.service import ANSWERED_IN_DM, GameService, Outcome
from bot.service.tutorial import with_lesson
from bot.store import Store
from bot.store.sqlite import StorageError
from bot.words.i18n import clip, t

log = logging.getLogger(__name__)

Lang = Callable[[discord.Interaction[Any]], Awaitable[str]]


class Moves:
    """Carries out the moves people make, one at a time or several from one menu."""

    def __init__(self, service: GameService, store: Store, lang: Lang) -> None:
        self.service = service
        self.store = store
        self.lang = lang

    async def one(
        self, interaction: discord.Interaction[Any], game_id: int, since: int | None, text: str, via: str
    ) -> None:
        """A button, a select or a slash command: act, answer the player, then update Discord."""
        with about_game(game_id):  # every line of this move's work names its game
            answer_in_time(interaction)
            try:
                outcome = await self.service.play.act(
                    game_id, user_id=interaction.user.id, text=text, since=since, source=via
                )
            except (UserError, StorageError) as e:  # nothing was changed, and the player reads why
                await private(interaction, await self._reason(interaction, e))
                return
            settled = False
            try:
                settled = await self._answer(interaction, outcome, game_id, via)
            except discord.HTTPException:
                # the move is committed whatever happens to this reply; its prompt delivery will follow
                log.warning("could not answer the interaction for move %s in game %s", text, game_id, exc_info=True)
            finally:
                if not settled and via in ANSWERED_IN_DM:
                    await self._release(game_id, interaction.user.id)
            self.service.play.publish(outcome)

    async def many(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        since: int,
        texts: Sequence[str],
        labels: dict[str, str],
    ) -> None:
        """Several moves from one menu (discards for influence), made one by one through ``GameService.play.act``,
        each with the decision date the one before it left (every move re-dates the mover's decision); the
        first refusal stops them and is said privately. The DM then shows what was done and the next
        decision, as a single move's button does."""
        with about_game(game_id):  # every line of these moves' work names their game
            answer_in_time(interaction)
            lang = await self.lang(interaction)
            done: list[str] = []
            outcome: Outcome | None = None
            stopped = ""
            # a few moves and one prompt image take a fraction of Discord's 3 s: the answer edits the message in one
            # call (a write that has to wait for the database acknowledges first, as for any move)
            for text in texts:
                try:
                    outcome = await self.service.play.act(
                        game_id, user_id=interaction.user.id, text=text, since=since, source="select"
                    )
                except (UserError, StorageError) as e:
                    reason = await self._reason(interaction, e)
                    label = labels.get(text, text)
                    stopped = reason if outcome is None else t("move.stopped", lang, label=label, reason=reason)
                    break
                done.append(t("move.ok", lang, label=outcome.label))
                since = outcome.table.since.get(outcome.seat, since)
            if outcome is None:
                await private(interaction, stopped)
                return
            settled = False
            try:
                settled = await self._show_next(interaction, outcome, game_id, "\n".join(done), lang)
                if stopped:
                    await private(interaction, stopped)
            except discord.HTTPException:
                # the moves are committed whatever happens to this reply; their prompt delivery will follow
                log.warning("could not answer the moves %s in game %s", texts, game_id, exc_info=True)
            finally:
                if not settled:
                    await self._release(game_id, interaction.user.id)
            self.service.play.publish(outcome)

    async def undo(self, interaction: discord.Interaction[Any], game_id: int, version: int | None = None) -> None:
        """``/game undo`` (or, with the ``version`` its move made, a DM's Undo button): take the person's last move
        back, answer them (privately; a button turns its DM back into the restored decision), then update
        Discord: the channel, every prompt the undo changed, the AI seats."""
        with about_game(game_id):  # every line of this undo's work names its game
            answer_in_time(interaction)
            lang = await self.lang(interaction)
            via = "command" if version is None else "button"
            try:
                outcome = await self.service.undo.undo(game_id, interaction.user.id, version, via)
            except (UserError, StorageError) as e:  # nothing was changed, and the player reads why
                await private(interaction, await self._reason(interaction, e))
                return
            done = t("undo.done", lang, label=outcome.label.get(lang, outcome.label["en"]))
            settled = False
            try:
                if via == "button":
                    settled = await self._show_next(interaction, outcome, game_id, done, lang)
                else:
                    await private(interaction, done)
            except discord.HTTPException:  # the undo is committed; its deliveries show it
                log.warning("could not answer the undo in game %s", game_id, exc_info=True)
            finally:
                if not settled and via == "button":
                    await self._release(game_id, interaction.user.id)
            self.service.play.publish(outcome)

    async def undo_pressed(self, interaction: discord.Interaction[Any], game_id: int, version: int) -> None:
        """A DM's Undo button (``bot.components.undo``)."""
        await self.undo(interaction, game_id, version)

    async def _release(self, game_id: int, user_id: int) -> None:
        """The answer did not show the move's result in the DM: its prompt delivery may, at once (else it would
        wait for the hold to run out)."""
        try:
            await self.store.work.release_answer(game_id, user_id)
        except StorageError:
            log.warning("could not free the prompt of game %s for %s; it goes when its hold runs out", game_id, user_id)

    async def _reason(self, interaction: discord.Interaction[Any], error: UserError | StorageError) -> str:
        lang = await self.lang(interaction)
        return error.text(lang) if isinstance(error, UserError) else t(error.key, lang)

    async def _answer(self, interaction: discord.Interaction[Any], outcome: Outcome, game_id: int, via: str) -> bool:
        """A button edits its own DM into the next decision (or its result); a command answers privately. True if
        the DM now shows the move and its mark was written (which ends the move's hold on the prompt delivery)."""
        lang = await self.lang(interaction)
        done = clip(t("move.ok", lang, label=outcome.label), 300)
        if via in ANSWERED_IN_DM and interaction.message is not None:
            return await self._show_next(interaction, outcome, game_id, done, lang)
        await private(interaction, done)
        return False

    async def _show_next(
        self, interaction: discord.Interaction[Any], outcome: Outcome, game_id: int, done: str, lang: str
    ) -> bool:
        """The DM the player pressed in becomes what was done and their next decision (or keeps its text and
        says what was done, with no buttons left); the store remembers which message shows which decision.
        True once that mark is written."""
        message = interaction.message
        if message is None:
            await private(interaction, done)
            return False
        async with self.service.lock(game_id):  # the prompt shows committed state only
            prompt = self.service.face(outcome.table).prompt(outcome.table, outcome.seat, lang)
            version = outcome.table.row.version  # the state this DM will show
            user = interaction.user.id
            lesson = await self.service.tutorial.lesson(outcome.table, outcome.seat, user, lang) if prompt else None
            # a move (not an undo) that can still be taken back: its DM offers the Undo button
            undo = outcome.action is not None and await self.service.undo.can_undo(outcome.table, outcome.seat, user)
        if prompt is not None:
            # drawn after the lock (the game goes on meanwhile), or its words for a person who turned images off
            picture = await reader_form(prompt.picture, await self.store.people.images_on(user), lang)
            content = f"{done}\n{with_lesson(prompt.content, lesson[1]) if lesson else prompt.content}"
            view = with_undo(prompt.view, game_id, version, t("undo.button", lang)) if undo else prompt.view
            await edit_own_message(interaction, content=clip(content), view=view, **picture.editing())
            if lesson is not None:
                with contextlib.suppress(StorageError):  # only a lesson's mark: shown again at worst
                    await self.store.people.add_taught(user, lesson[0])
            mark = self.store.marks.set_prompt(
                game_id, interaction.user.id, message.channel.id, message.id, prompt.since, settles=version
            )
        else:
            after = with_undo(None, game_id, version, t("undo.button", lang)) if undo else None
            # its question is answered and nothing else waits: the DM keeps one line saying what was done
            await edit_own_message(interaction, content=clip(done), view=after, attachments=[], embeds=[])
            mark = self.store.marks.clear_prompt(game_id, interaction.user.id, message.id, settles=version)
        try:
            await mark
        except StorageError:  # the move is committed; its prompt delivery sets the DM right later
            log.warning("could not record the prompt of game %s for %s", game_id, interaction.user.id)
            return False
        return True
