"""The bot's Prometheus metrics: one registry per bot (many bots in one test process never mix their counts).

Counters and histograms are changed where things happen: a move committed (``bot.service.play``), a move refused,
a REST call to Discord (every call passes ``discord.http.HTTPClient.request``, wrapped by :meth:`Metrics.watch`), an
interaction's first answer (``bot.ops.acks``), an AI decision, an image drawn (``bot.workers.images.observers``), a
storage error (``bot.store.StoreBase.watch_faults``). What reflects the state of the database (deliveries owed, the
oldest one's age, games by status) is read at scrape time (:meth:`Metrics.refresh`): three cheap queries, nothing
kept up to date between scrapes.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import discord
import prometheus_client
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from bot.store import Store

#: a counter's ``_created`` sample (its start time) tells an operator nothing the process's start does not
prometheus_client.disable_created_metrics()

#: Discord answers an interaction it hears of within 3 s, or the user reads "the application did not respond"
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 10.0)
#: an AI seat thinks for milliseconds (rules) up to its budget (a search, 1 s by default)
THINK_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
#: an image takes 10-100 ms to draw, more while the workers are busy
RENDER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: the kinds of ``bot.store.sqlite.StorageError`` (its subclasses' ``kind``)
STORAGE_ERRORS = ("busy", "full", "read_only", "unreachable")
#: every status a game row can have (``migrations/0001_init.sql``): each is shown, at 0 when no game has it
GAME_STATUSES = ("lobby", "active", "over", "abandoned")


class _State(Collector):
    """The gauges read from the database at scrape time: the last :meth:`Metrics.refresh`'s figures."""

    def __init__(self, games: Iterable[str]) -> None:
        self.games = tuple(games)
        self.owed = 0
        self.oldest = 0.0
        self.by_status: dict[tuple[str, str], int] = {}

    def collect(self) -> Iterator[Metric]:
        owed = GaugeMetricFamily("nightfall_deliveries_owed", "Deliveries to Discord written and not yet made.")
        owed.add_metric([], self.owed)
        yield owed
        oldest = GaugeMetricFamily(
            "nightfall_delivery_oldest_seconds", "Seconds the oldest delivery that is due has waited (0: none late)."
        )
        oldest.add_metric([], self.oldest)
        yield oldest
        games = GaugeMetricFamily("nightfall_games", "Games stored, by game and status.", labels=["game", "status"])
        keys = {(g, s) for g in self.games for s in GAME_STATUSES} | set(self.by_status)
        for game, status in sorted(keys):
            games.add_metric([game, status], self.by_status.get((game, status), 0))
        yield games


class Metrics:
    """Every metric of one bot, in its own registry (:meth:`exposition` is the text ``/metrics`` serves)."""

    def __init__(self, games: Iterable[str] = ()) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter(
            "nightfall_moves", "Moves committed, by game and source (button, select, command, ai, timeout, missed).",
            ["game", "source"], registry=r,
        )  # fmt: skip
        self.refused = Counter(
            "nightfall_moves_refused", "Moves refused, by the reason the player read.", ["reason"], registry=r
        )
        self.discord_requests = Counter(
            "nightfall_discord_requests",
            "REST calls to Discord, by route template and status (2xx: answered; else Discord's refusal, or error).",
            ["route", "status"],
            registry=r,
        )
        self.interaction_ack = Histogram(
            "nightfall_interaction_ack_seconds",
            "Seconds from an interaction's creation to the bot's first answer to it.",
            buckets=ACK_BUCKETS,
            registry=r,
        )
        self.ai_think = Histogram(
            "nightfall_ai_think_seconds", "Seconds an AI seat thought about one decision.", buckets=THINK_BUCKETS,
            registry=r,
        )  # fmt: skip
        self.render = Histogram(
            "nightfall_render_seconds", "Seconds an image took to draw, by kind.", ["image"], buckets=RENDER_BUCKETS,
            registry=r,
        )  # fmt: skip
        self.storage_errors = Counter(
            "nightfall_storage_errors",
            "Database errors met, by kind (busy, full, read_only, unreachable).",
            ["kind"],
            registry=r,
        )
        for kind in STORAGE_ERRORS:  # each shown from the start, at 0: a rate needs a series before its first error
            self.storage_errors.labels(kind)
        self.state = _State(games)
        r.register(self.state)

    # ------------------------------------------------------------------ observers
    def moved(self, game: str, source: str) -> None:
        self.moves.labels(game, source).inc()

    def refusal(self, reason: str) -> None:
        self.refused.labels(reason).inc()

    def rendered(self, image: str, seconds: float) -> None:
        self.render.labels(image).observe(seconds)

    def storage_error(self, kind: type[Exception]) -> None:
        self.storage_errors.labels(str(getattr(kind, "kind", "unreachable"))).inc()

    def acknowledged(self, seconds: float) -> None:
        self.interaction_ack.observe(max(0.0, seconds))

    def watch(self, http: discord.http.HTTPClient) -> None:
        """Count every REST call ``http`` makes, by its route's template (``PATCH /channels/{channel_id}/messages/
        {message_id}``: no ids, so the series stay few) and its outcome."""
        request: Callable[..., Awaitable[Any]] = http.request

        @functools.wraps(request)
        async def counted(route: discord.http.Route, *args: Any, **kwargs: Any) -> Any:
            template = f"{route.method} {route.path}"
            try:
                answer = await request(route, *args, **kwargs)
            except discord.HTTPException as e:
                self.discord_requests.labels(template, str(e.status)).inc()
                raise
            except Exception:
                self.discord_requests.labels(template, "error").inc()
                raise
            self.discord_requests.labels(template, "2xx").inc()
            return answer

        http.request = counted  # type: ignore[method-assign]

    # ------------------------------------------------------------------ scraping
    async def refresh(self, store: Store) -> None:
        """Read the state gauges from the database (before each scrape)."""
        self.state.owed, self.state.oldest = await store.work.owed()
        self.state.by_status = await store.games.count_by_status()

    def exposition(self) -> bytes:
        """Every metric in Prometheus's text format."""
        return prometheus_client.generate_latest(self.registry)
