"""The operators' HTTP endpoint (``NIGHTFALL_HTTP_ADDR=host:port``), served on the bot's own event loop by aiohttp:
``GET /healthz`` (200 ``ok``, or 503 with the reasons) and ``GET /metrics`` (Prometheus's text format). Nothing else
is served; it is meant for the operator's own network, never for the internet."""

from __future__ import annotations

import logging
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.ops.health import Gateway, problems
from bot.ops.metrics import Metrics
from bot.store import Store

log = logging.getLogger(__name__)


def split_address(address: str) -> tuple[str, int]:
    """``host:port`` (``[::1]:9100`` for IPv6) as aiohttp binds it."""
    host, _, port = address.rpartition(":")
    return host.strip("[]"), int(port)


async def serve(app: web.Application, host: str, port: int, backlog: int = 128, **options: Any) -> web.AppRunner:
    """``app`` listening on ``host:port`` on this event loop (``:0`` takes a free port: ``bound_port``); a site that
    cannot bind cleans its runner up before the error goes on. ``options``: ``web.AppRunner``'s options beyond those
    every server of the bot shares (no access log, no signal handlers)."""
    runner = web.AppRunner(app, access_log=None, handle_signals=False, **options)
    await runner.setup()
    site = web.TCPSite(runner, host, port, backlog=backlog)
    try:
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner


def bound_port(runner: web.AppRunner) -> int:
    """The port a served app listens on."""
    return int(runner.addresses[0][1])


class OpsServer:
    """``/healthz`` and ``/metrics`` of one bot; :attr:`port` is the port bound (``:0`` takes a free one)."""

    def __init__(self, address: str, store: Store, metrics: Metrics, gateway: Gateway) -> None:
        self.host, self.wanted_port = split_address(address)
        self.store = store
        self.metrics = metrics
        self.gateway = gateway
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = await serve(app, self.host, self.wanted_port)
        self.port = bound_port(self._runner)
        log.info("health and metrics on http://%s:%s (/healthz, /metrics)", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _healthz(self, _request: web.Request) -> web.Response:
        found = await problems(self.store.ping, self.gateway)
        if found:
            return web.Response(status=503, text="\n".join(found) + "\n")
        return web.Response(text="ok")

    async def _metrics(self, _request: web.Request) -> web.Response:
        try:
            await self.metrics.refresh(self.store)
        except Exception:  # the counters are still worth reading; the state gauges keep their last figures
            log.warning("could not read the metrics' figures from the database", exc_info=True)
        body = self.metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
