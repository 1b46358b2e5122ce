"""``create_bot``: the whole Discord application, wired to the store and the game service."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.clocks.deadlines import DeadlineWorker
from bot.clocks.digest import DigestWorker
from bot.cogs.help import CardsAndRules
from bot.cogs.info import Info
from bot.cogs.lobby import Lobby
from bot.cogs.me import Me
from bot.cogs.move import AnyMove
from bot.cogs.tutorial import Tutorial
from bot.cogs.verbs import VerbCommands
from bot.components.lobby import LobbyButton, LobbyLevel
from bot.components.moves import BatchSelect, MoveButton, MoveSelect, set_move_handlers
from bot.components.replay import ReplayLogButton, ReplayStepButton, set_replay_handlers
from bot.components.seat import BackButton, BringButton, HandOverButton, set_bring_handler
from bot.components.undo import UndoButton, set_undo_handler
from bot.discord_io import replies
from bot.discord_io.delivery import Deliverer
from bot.discord_io.inputs import Moves
from bot.discord_io.invalid_requests import InvalidRequests
from bot.discord_io.notifier import Notifier
from bot.discord_io.outbound import Outbound
from bot.discord_io.world import World
from bot.errors import UserError
from bot.games import FACES
from bot.ops import acks
from bot.ops.health import Gateway
from bot.ops.http import OpsServer
from bot.ops.identify import IdentifyTurns
from bot.ops.metrics import Metrics
from bot.replay.answers import Replays
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store
from bot.store.sqlite import StorageError, committed
from bot.web.server import WebServer
from bot.words.commands import CommandTranslator
from bot.words.i18n import t
from bot.workers import images
from engine import i18n

log = logging.getLogger(__name__)

#: how often the watchdog checks that every running game can go on (AI seats, pending deliveries)
WATCHDOG_SECONDS = 60.0
#: a process not seen for this many heartbeats (``Settings.heartbeat_seconds``) is counted out
HOST_ALIVE_BEATS = 3
#: seconds one process holds the duty of syncing the slash commands (released as soon as it is done)
SYNC_DUTY_SECONDS = 30.0


class NightfallBot(commands.Bot):
    """The bot; ``store`` and ``service`` exist from ``setup_hook`` on."""

    store: Store
    service: GameService
    notifier: Notifier
    deliverer: Deliverer
    deadlines: DeadlineWorker
    digests: DigestWorker
    world: World
    invalid_requests: InvalidRequests
    moves: Moves
    outbound: Outbound
    replays: Replays
    #: the bot's processes alive at the last heartbeat (this one included)
    processes: int = 1
    #: turns to identify with Discord, taken in the database the processes share (from the first identify on;
    #: never on a SQLite file)
    identify_turns: IdentifyTurns | None = None

    def __init__(self, settings: Settings, **options: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None, **options
        )
        self.settings = settings
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self._before_command  # type: ignore[method-assign]
        #: what ``/metrics`` shows (``bot.ops``): this bot's own registry
        self.metrics = Metrics(FACES)
        #: since when the gateway is down, for ``/healthz``
        self.gateway = Gateway()
        for event, listener in self.gateway.listeners():
            self.add_listener(listener, event)
        #: the operators' endpoint (``NIGHTFALL_HTTP_ADDR``), from ``setup_hook`` on; None when it is off
        self.ops: OpsServer | None = None
        #: the public web table (``NIGHTFALL_WEB_ADDR``), from ``setup_hook`` on; None when it is off
        self.web: WebServer | None = None

    def cogs_to_add(self) -> list[commands.Cog]:
        """Every slash command's cog: the host's, then each game's own (its move verbs)."""
        core: list[commands.Cog] = [
            Lobby(self),
            Me(self),
            AnyMove(self),
            Info(self),
            CardsAndRules(self),
            Tutorial(self),
        ]
        taken = [command.name for cog in core for command in cog.get_app_commands()]
        core.append(VerbCommands.of(self, FACES.values(), taken))  # each game's verbs, made from its declarations
        return core + [c for face in FACES.values() for c in face.cogs(self)]

    async def setup_hook(self) -> None:
        self.gateway.starting()
        images.configure(self.settings.render_workers)
        if self.settings.render_prime:
            images.prime([face.prime_images for face in FACES.values()])
        self.store = await Store.open(self.settings.db_path, busy_seconds=self.settings.db_busy_seconds)
        self.invalid_requests = InvalidRequests(self.store.epoch)
        self.invalid_requests.watch(self.http)
        self.metrics.watch(self.http)
        self.store.watch_faults(self.metrics.storage_error)
        acks.install()
        images.observers.append(self.metrics.rendered)
        self.service = GameService(self.store, self.settings, FACES)
        self.service.play.metrics = self.metrics
        limits = Outbound() if self.settings.discord_limits else Outbound(per_second=10**6, channel_posts=10**6)
        self.outbound = limits
        await self._beat()
        self.notifier = Notifier(self, self.store, self.service, limits)
        self.deliverer = Deliverer(self.store, self.service, self.settings, self.invalid_requests, self.notifier)
        self.deadlines = DeadlineWorker(self.store, self.service, lambda: self.deliverer.wake())
        self.digests = DigestWorker(self.store, self.notifier, self.deliverer, self.lang)
        set_bring_handler(self.digests.bring)
        self.world = World(self.store, self.service)
        self.service.wake = self._wake_workers
        self.moves = Moves(self.service, self.store, self.lang)
        set_move_handlers(self.moves.one, self.moves.many)
        self.replays = Replays(self.store, self.service, self.lang)
        set_replay_handlers(self.replays.step, self.replays.log)
        set_undo_handler(self.moves.undo_pressed)
        self.add_dynamic_items(MoveButton, MoveSelect, BatchSelect, LobbyButton, LobbyLevel, HandOverButton, UndoButton)
        self.add_dynamic_items(ReplayStepButton, ReplayLogButton, BackButton, BringButton)
        for cog in self.cogs_to_add():
            await self.add_cog(cog)
        await self.tree.set_translator(CommandTranslator())  # Polish and Russian command names, sent with the sync
        await self._sync_commands()
        # no game is loaded here: the bot connects at once, and a game loads when it is first needed. In the
        # background, old games are checked once each start, and the AI seats that must decide (one query finds
        # them) are started
        self._resuming = asyncio.create_task(self._resume(), name="resume")
        await self.deliverer.start()
        await self.deadlines.start()
        await self.digests.start()
        self.watchdog.change_interval(seconds=self.settings.watchdog_seconds)
        self.watchdog.start()
        if self.store.shared:  # a SQLite file has one process: it wrote its one heartbeat above
            self.heartbeat.change_interval(seconds=self.settings.heartbeat_seconds)
            self.heartbeat.start()
        if self.settings.http_addr:
            self.ops = OpsServer(self.settings.http_addr, self.store, self.metrics, self.gateway)
            await self.ops.start()
        if self.settings.web_addr:
            self.web = WebServer(
                self.settings, self.service, lambda guild_id: getattr(self.get_guild(guild_id), "name", None)
            )
            self.service.moved = self.web.moved
            await self.web.start()

    async def _sync_commands(self) -> None:
        """Send Discord the slash commands. On a database several processes share, one process at a time does it
        (a duty held in the database); one that finds it taken leaves it to that one, which syncs the same
        commands (every process runs the same release)."""
        guild = discord.Object(id=self.settings.guild_id) if self.settings.guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        if not self.store.shared:
            await self.tree.sync(guild=guild)
            return
        if not await self.store.hosts.claim_duty("sync_commands", self.store.host_id, SYNC_DUTY_SECONDS):
            log.info("another process is syncing the slash commands")
            return
        try:
            await self.tree.sync(guild=guild)
        finally:
            await self.store.hosts.release_duty("sync_commands", self.store.host_id)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Before each identify with Discord: processes sharing a database take turns in it (``bot.ops.identify``),
        whichever of them starts first; one process on a SQLite file spaces its shards as discord.py does."""
        if not self.store.shared:
            await super().before_identify_hook(shard_id, initial=initial)
            return
        if self.identify_turns is None:
            self.identify_turns = IdentifyTurns(self.store, self._max_concurrency)
        await self.identify_turns.wait(shard_id or 0)

    async def _max_concurrency(self) -> int:
        """The identifies Discord lets this bot start at once (``GET /gateway/bot``)."""
        _, _, limits = await self.http.get_bot_gateway()
        return int(limits["max_concurrency"])

    @tasks.loop(seconds=15.0)
    async def heartbeat(self) -> None:
        try:
            await self._beat()
        except Exception:
            log.warning("could not write this process's heartbeat", exc_info=True)

    async def _beat(self) -> None:
        """This process is alive, and takes its share of the bot's budgets (Discord's calls a second, and the refused
        calls that get a bot banned) by the number of processes alive."""
        shards = str(self.settings.shards) if self.settings.shards else "all"
        await self.store.hosts.host_seen(self.store.host_id, shards)
        processes = max(1, await self.store.hosts.live_hosts(HOST_ALIVE_BEATS * self.settings.heartbeat_seconds))
        if processes != self.processes:
            log.info("%s bot process(es) alive: this one sends its share of Discord's budget", processes)
            self.processes = processes
        self.outbound.share(processes)
        self.invalid_requests.share(processes)

    async def _resume(self) -> None:
        """After start-up, beside the first commands: what earlier releases left to mend, then the AI seats."""
        try:
            await self.service.seats.backfill_results()  # games finished before results were kept (once)
            await self.service.seats.backfill_ratings()  # and before ratings were (once, oldest first)
            await self.service.seats.mend_seats()  # games an old join/start race damaged (told to their players)
        except Exception:
            log.exception("could not check the stored games after start-up")
        try:
            await self.service.reading.resume()
        except Exception:
            log.exception("could not start the AI seats after start-up; the watchdog tries again")

    def _wake_workers(self) -> None:
        """After a commit: its deliveries are due now, and its decisions' clocks may be the next to fall due."""
        self.deliverer.wake()
        self.deadlines.wake()
        self.digests.wake()

    @tasks.loop(seconds=WATCHDOG_SECONDS)
    async def watchdog(self) -> None:
        """No game stands still: AI seats that should move get a task; due deliveries and deadlines get looked
        at; the database's write-ahead log is folded back and cut short, so it never grows on its own."""
        try:
            await self.service.reading.resume()
        except Exception:
            log.exception("the watchdog could not check the running games")
        self.deliverer.wake()
        self.deadlines.wake()
        self.digests.wake()
        try:
            await self.store.checkpoint()
        except Exception:
            log.warning("could not checkpoint the database's write-ahead log", exc_info=True)

    # ------------------------------------------------------------------ Discord's world changing under a game
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.world.channel_deleted(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.world.channel_deleted(payload.thread_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.world.guild_left(guild.id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.world.access_changed(guild)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.world.access_changed(guild)

    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        await self.world.access_changed(after.guild)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self.world.access_changed(after.guild)

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.user is not None and after.id == self.user.id:  # the bot got (or lost) a role
            await self.world.access_changed(after.guild)

    async def close(self) -> None:
        try:
            self.watchdog.cancel()
            self.heartbeat.cancel()
            if hasattr(self, "deliverer"):
                self.deliverer.stop()  # what it leased and did not finish is given back below
            if hasattr(self, "deadlines"):
                self.deadlines.stop()
            if hasattr(self, "digests"):
                self.digests.stop()
            if self.ops is not None:
                await self.ops.stop()
            if self.web is not None:
                await self.web.stop()
            self.gateway.stop()
            await super().close()
        finally:
            with contextlib.suppress(ValueError):
                images.observers.remove(self.metrics.rendered)
            if hasattr(self, "store"):
                if not self.store.closed:
                    with contextlib.suppress(Exception):  # else they run out on their own, and it is counted out
                        await self._give_back()
                await self.store.close()
            images.shutdown(wait=False)
            if hasattr(self, "service"):
                self.service.thinker.shutdown(wait=False)

    async def _give_back(self) -> None:
        """At the close, once the workers stopped: what this process leased and did not finish (deliveries, deadlines,
        digests) and its AI seats are free for the others at once. On SQLite (one process) only a digest's claim
        leases its row, and the next start voids every lease anyway: there the give-back keeps the file tidy."""
        held = await self.deliverer.unfinished() if hasattr(self, "deliverer") else []
        clocks = await self.deadlines.unfinished() if hasattr(self, "deadlines") else []
        digests = await self.digests.unfinished() if hasattr(self, "digests") else []
        await self.store.hosts.release_host(self.store.host_id, held, clocks, digests)

    # ------------------------------------------------------------------ answering within Discord's 3 seconds
    async def _before_command(self, interaction: discord.Interaction[Any]) -> bool:
        """Every slash command: a write that has to wait for the database acknowledges the command first; and
        nothing is committed yet by this command (its task's context may be a copy of one that had committed)."""
        committed.set(False)
        if interaction.type == discord.InteractionType.application_command:
            replies.answer_in_time(interaction)
        return True

    # ------------------------------------------------------------------ one path for every move
    async def handle_move(
        self, interaction: discord.Interaction[Any], game_id: int, since: int | None, text: str, via: str
    ) -> None:
        """A slash command's move (buttons and menus come straight to ``self.moves``)."""
        await self.moves.one(interaction, game_id, since, text, via)

    async def handle_undo(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """``/game undo`` (``bot.discord_io.inputs.Moves.undo``)."""
        await self.moves.undo(interaction, game_id)

    async def on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        """The one error listener: a friendly sentence for the user, the traceback for the log."""
        original = getattr(error, "original", error)
        try:
            lang = await self.lang(interaction)
        except Exception:  # the store itself may be what failed
            lang = i18n.language(interaction.locale)
        if isinstance(original, UserError):
            await replies.private(interaction, original.text(lang))
            return
        if isinstance(original, StorageError):  # busy, full or read-only: nothing was changed, and we say why
            await replies.private(interaction, t(original.key, lang))
            return
        if isinstance(error, app_commands.CheckFailure):
            await replies.private(interaction, str(error))
            return
        log.error("command %s failed", interaction.command and interaction.command.name, exc_info=original)
        # a failure after the command's own commit must not claim that nothing was changed
        await replies.private(interaction, t("err.after_commit" if committed.get() else "err.generic", lang))

    async def lang(self, interaction: discord.Interaction[Any]) -> str:
        """The language of private texts for the person behind ``interaction``: the one they chose with
        ``/game language``, else their Discord client's. The client's is remembered for the DMs that come
        outside any interaction; the answer is kept on the interaction (one read per interaction)."""
        cached = interaction.extras.get("lang")
        if cached:
            return str(cached)
        seen = i18n.language(interaction.locale)
        chosen, known = await self.store.people.language_of(interaction.user.id)
        if known != seen:
            before = committed.get()
            try:
                await self.store.people.see_language(interaction.user.id, seen)
            except StorageError:  # only a reminder for later DMs: never a reason to fail what was asked
                log.info("could not remember the language of %s", interaction.user.id)
            finally:
                committed.set(before)  # a reminder for later, not what the command changed
        lang = chosen or seen
        interaction.extras["lang"] = lang
        return lang


class ShardedNightfallBot(NightfallBot, commands.AutoShardedBot):
    """The bot connecting a range of Discord's shards (``NIGHTFALL_SHARDS``): one of several processes."""


def create_bot(settings: Settings | None = None) -> NightfallBot:
    """Build the bot. Safe to call again in the same process (a restart resumes every game)."""
    settings = settings or Settings.from_env()
    if settings.shards is not None:
        return ShardedNightfallBot(settings, shard_ids=list(settings.shards.ids), shard_count=settings.shards.count)
    return NightfallBot(settings)
