"""Bot processes without Discord, for the tests of several processes on one PostgreSQL database.

A ``Host`` is what a bot process runs beside its Discord connection: the store, the game service (moves, deadlines'
timeouts, AI seats), the delivery worker and the deadline worker, and a watchdog. Its deliveries go to a sink that
records each one (which process carried out which request of which row) instead of calling Discord, so two hosts
on one database show whether any delivery, deadline or AI decision was done twice. ``python -m tests.bot.hosts URL``
runs one host in a process of its own (a test kills it with SIGKILL).
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
from dataclasses import dataclass, field
from typing import Any, cast

from bot import Settings
from bot.clocks.deadlines import DeadlineWorker
from bot.discord_io.delivery import Deliverer
from bot.discord_io.invalid_requests import InvalidRequests
from bot.discord_io.notifier import Notifier
from bot.games import FACES
from bot.service import GameService, Outcome
from bot.store import Delivery, Store

#: seconds of every lease in these tests (the shipped ones are minutes): a host killed holding rows is replaced soon
SHORT_LEASE = 2.0


@dataclass
class Record:
    """What the hosts did, in order: (host, delivery key, its request count), timeouts, AI decisions."""

    deliveries: list[tuple[str, tuple[int, str, int], int]] = field(default_factory=list)
    timeouts: list[tuple[str, int, str, int]] = field(default_factory=list)
    ai: list[tuple[str, int, int]] = field(default_factory=list)


class RecordingDeliverer(Deliverer):
    """Carries out a delivery by writing it down, after a pause as long as a call to Discord."""

    def __init__(self, name: str, record: Record, *args: Any) -> None:
        super().__init__(*args)
        self.name = name
        self.record = record

    async def _carry_out(self, d: Delivery) -> bool:
        self.record.deliveries.append((self.name, d.key, d.wanted))
        if d.kind == "channel":  # what the channel would show: the stored game, never a stale cache
            await self.service.stored_table(d.game_id)
        await asyncio.sleep(0.02)
        return False


#: the game (and its version when the AI task looked) whose AI decision the running task thinks about
_deciding: contextvars.ContextVar[tuple[int, int]] = contextvars.ContextVar("deciding")


class RecordingService(GameService):
    """The game service, writing down each timeout its play part plays and each AI decision it thinks about."""

    name = ""
    record: Record

    def watch(self) -> None:
        """Wrap the thinker, and the play part's timeout and AI move, so that each writes itself down."""
        choose = self.thinker.choose
        time_out, ai_move = self.play.time_out, self.play._ai_move

        async def thinking(*args: Any) -> Any:
            game_id, version = _deciding.get()
            self.record.ai.append((self.name, game_id, version))
            return await choose(*args)

        async def timing_out(game_id: int, seat: str, since: int) -> Outcome | None:
            outcome = await time_out(game_id, seat, since)
            if outcome is not None:
                self.record.timeouts.append((self.name, game_id, seat, since))
            return outcome

        async def moving(game_id: int) -> bool:
            mark = await self.store.games.game_mark(game_id)
            _deciding.set((game_id, mark[0] if mark is not None else -1))
            return await ai_move(game_id)

        self.thinker.choose = thinking  # type: ignore[method-assign]
        self.play.time_out = timing_out  # type: ignore[method-assign]
        self.play._ai_move = moving  # type: ignore[method-assign]


class Host:
    """One bot process's workers on ``url``, without Discord."""

    def __init__(self, name: str, store: Store, settings: Settings, record: Record) -> None:
        self.name = name
        self.store = store
        self.record = record
        self.service = RecordingService(store, settings, FACES)
        self.service.name, self.service.record = name, record
        self.service.watch()
        invalid = InvalidRequests(store.epoch)
        self.deliverer = RecordingDeliverer(name, record, store, self.service, settings, invalid, cast(Notifier, None))
        self.deliverer.lease = SHORT_LEASE
        self.deadlines = DeadlineWorker(store, self.service, self.deliverer.wake)
        self.deadlines.lease = SHORT_LEASE
        self.service.wake = self._wake
        self._watchdog: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, name: str, url: str, record: Record | None = None) -> Host:
        settings = Settings(
            token=None,
            db_path=url,
            ai_delay=0.05,
            ai_budget=0.02,
            ai_workers=0,
            table_edit_interval=0.0,
            burst_seconds=0.0,
            discord_limits=False,
        )
        return cls(name, await Store.open(url), settings, record or Record())

    def _wake(self) -> None:
        self.deliverer.wake()
        self.deadlines.wake()

    async def start(self, every: float = 0.3) -> None:
        await self.deliverer.start()
        await self.deadlines.start()
        self._watchdog = asyncio.create_task(self._watch(every), name=f"watchdog-{self.name}")

    async def _watch(self, every: float) -> None:
        """The bot's watchdog, often: AI seats without a task get one, due rows are looked for."""
        while not self.store.closed:
            try:
                await self.service.reading.resume()
            except Exception:  # the database closing under it at the end of a test
                if self.store.closed:
                    return
                raise
            self._wake()
            await asyncio.sleep(every)

    async def new_games(self, first_channel: int, count: int, deadline: int = 1) -> list[int]:
        """``count`` games, Nightfall and Fightdrome in turn, each of one person (who never moves: their deadlines
        play for them until the AI takes the seat) and one AI seat."""
        ids = []
        for n in range(count):
            channel, person = first_channel + n, 5000 + first_channel + n
            game = "nightfall" if n % 2 == 0 else "fightdrome"
            await self.service.seats.new_lobby(
                guild_id=1,
                channel_id=channel,
                channel_name=f"t{channel}",
                host_id=person,
                host_name=f"p{channel}",
                game=game,
                options={},
                deadline=deadline,
            )
            await self.service.seats.add_ai(channel, person, "easy")
            table = await self.service.seats.start(channel, person)
            ids.append(table.id)
        self._wake()
        return ids

    async def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
        self.deliverer.stop()
        self.deadlines.stop()
        for task in list(self.service._ai_tasks.values()):
            task.cancel()
        await self.store.close()
        self.service.thinker.shutdown(wait=False)


async def _run_alone(url: str, first_channel: int, count: int) -> None:
    """A host in a process of its own: it opens games, says so, and plays until it is killed."""
    import bot.service.play

    bot.service.play.AI_LEASE = SHORT_LEASE  # type: ignore[attr-defined]
    host = await Host.open("child", url)
    await host.start()
    ids = await host.new_games(first_channel, count)
    print("ready", *ids, flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(_run_alone(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
