"""The daily digest (``/me notify mode:digest``): one DM a day listing every game that waits for the person.

A digest person hears of no decision on its own (their prompt is still edited in place if they have one; the
quarter-left warning still mentions them). Their next digest time is a column of ``players`` (``digest_at``: the
end of their quiet hours, else 09:00 their time), written with the setting, so a restart neither loses nor repeats
it. This worker claims the person whose digest fell due (a lease in the database, so several processes send it
once), sends it through ``Notifier.digest`` (nothing when nothing waits) and only then moves ``digest_at`` to the
next day. A failure is retried with the delivery worker's back-off; closed DMs are told in each game's channel, as
for a prompt. Each line's button brings that game's prompt to the DM, through the ordinary prompt delivery.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.clocks.claims import ClaimWorker
from bot.clocks.waking import next_digest, zone
from bot.discord_io import outbound
from bot.discord_io.delivery import MAX_ATTEMPTS, Deliverer
from bot.discord_io.notifier import Notifier
from bot.discord_io.replies import answer_in_time, private
from bot.store import Store
from bot.words.i18n import t

log = logging.getLogger(__name__)


class DigestWorker(ClaimWorker[tuple[int, float, int], int]):
    """Claims the people whose digest fell due and sends each theirs, one at a time."""

    #: how long a claimed digest stays leased to this worker
    lease: float = 300.0
    rows = "digests"

    def __init__(
        self,
        store: Store,
        notifier: Notifier,
        deliverer: Deliverer,
        lang: Callable[[discord.Interaction[Any]], Awaitable[str]],
    ) -> None:
        super().__init__(store)
        self.notifier = notifier
        self.deliverer = deliverer
        self.lang = lang
        self.sent = 0

    def _begin(self) -> None:
        outbound.priority.set(outbound.NOTICE)

    def _pause(self) -> float:
        return self.deliverer.retry_base

    async def _release_leases(self) -> None:
        await self.store.people.release_digest_leases()

    async def _claim(self) -> tuple[int, float, int] | None:
        return await self.store.people.claim_digest(self.lease)

    def _key(self, row: tuple[int, float, int]) -> int:
        return row[0]  # the person

    async def _carry_out(self, row: tuple[int, float, int]) -> None:
        await self._send(*row)

    async def _next_due(self) -> float | None:
        return await self.store.people.next_digest_due()

    async def _send(self, user_id: int, at: float, tries: int) -> None:
        """Send the digest owed at ``at``, then move the person's next one to the next day (a failure: later)."""
        try:
            until = await self.store.people.quiet_until(user_id)
            if until is not None:  # caught up after downtime in their quiet hours: it goes when they end
                await self.store.people.digest_sent(user_id, at, until)
                return
            if await self.notifier.digest(user_id):
                self.deliverer.wake()  # closed DMs: each game's channel says so
            name, quiet = await self.store.people.my_time(user_id)
            await self.store.people.digest_sent(
                user_id, at, next_digest(max(at, self.store.epoch()), zone(name), quiet)
            )
            self.sent += 1
        except asyncio.CancelledError:
            raise
        except Exception as e:
            if self.store.closed:
                return  # shutting down: it stays owed and the next start sends it
            delay = self.deliverer.retry_after(e, tries)
            try:
                if delay is not None and tries + 1 < MAX_ATTEMPTS:
                    log.warning("digest of %s failed (try %s), again in %.1fs: %r", user_id, tries + 1, delay, e)
                    await self.store.people.digest_retry(user_id, delay)
                    self._alarm.set(self.store.epoch() + delay)
                    return
                log.error("digest of %s failed for good: %r", user_id, e, exc_info=e)
                name, quiet = await self.store.people.my_time(user_id)
                await self.store.people.digest_sent(user_id, at, next_digest(self.store.epoch(), zone(name), quiet))
            except Exception:
                log.exception("could not record the failure of a digest; its lease runs out")

    async def bring(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """A digest line's button: that game's prompt comes to the DM as a new message, through the prompt
        delivery (with its buttons). A game that no longer waits for the person is answered privately."""
        answer_in_time(interaction)
        lang = await self.lang(interaction)
        user_id = interaction.user.id
        row = await self.store.games.game(game_id)
        if row is None or not await self.notifier.waits_for(game_id, user_id):
            await private(interaction, t("digest.gone", lang))
            return
        await self.store.work.want(game_id, "prompt", user_id, "bring")
        self.deliverer.wake()
        await private(interaction, t("digest.coming", lang, channel=row.channel_name))
