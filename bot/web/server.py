"""The public web server (``NIGHTFALL_WEB_ADDR``): a game's live table, its replay and log, a server's leaderboards
and the JSON API, on the bot's own event loop (aiohttp), as ``bot.ops.http`` serves the operators' endpoint.

Routes (everything else is a 404):

- ``/g/<token>`` the live table (HTML), ``/g/<token>/events`` its fragments as Server-Sent Events for the page's
  script, ``/g/<token>/replay?step=N``, ``/g/<token>/log.txt``;
- ``/s/<token>/top/<game>`` a server's leaderboard;
- ``/api/g/<token>`` the JSON answer (``bot.web.api``), ``/api/g/<token>/events`` its Server-Sent Events;
- ``/static/<name>`` the pages' CSS and script, ``/robots.txt``.

A token is looked up at every request (``store.web.game_by_token``: only while the game's server has the web on), so
turning the web off answers 404 at once, in every process; open streams close within a second (``bot.web.feed``).
Every answer carries the security headers and no cookie; each address is bounded in requests and open streams
(``bot.web.guard``). Only public views and public log lines are read (``bot.web.snapshot``)."""

from __future__ import annotations

import contextlib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.errors import UserError
from bot.ops.http import bound_port, serve, split_address
from bot.ratings.leaderboard import entries
from bot.replay.steps import ReplayCache
from bot.service import ServiceBase
from bot.settings import Settings
from bot.store import GameRow
from bot.store.web import mark_of
from bot.web import api, guard, links, pages
from bot.web.feed import KEEP_ALIVE, Closed, Feed, Stream
from bot.web.language import choose
from bot.web.snapshot import Snapshot, Stored

log = logging.getLogger(__name__)

#: the shape of every token the store makes (``secrets.token_urlsafe``): anything else is a 404 without a query
TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")
#: the pages' own files (their URLs carry a digest of them: ``pages.asset_version``) are cached for a year
STATIC_CACHE = "public, max-age=31536000, immutable"
#: the burst of requests an address may make at once (its rate is ``Settings.web_requests`` a second)
BURST = 40.0
#: players a leaderboard page lists
TOP_ROWS = 100
#: connections waiting to be accepted: a thousand pages opening at once (a link posted to a busy server) are not
#: dropped to wait for the client's retry a second or more later
BACKLOG = 1024
#: the stream's first line: the browser reconnects after 2 s if the connection drops
RETRY = b"retry: 2000\n\n"

#: the address a request is counted against (``guard.client_address``)
ADDRESS = web.RequestKey("address", str)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class WebServer:
    """The public web server of one bot process; :attr:`port` is the port bound (``:0`` takes a free one)."""

    def __init__(
        self, settings: Settings, service: ServiceBase, guild_name: Callable[[int], str | None] = lambda _id: None
    ) -> None:
        assert settings.web_addr is not None
        #: a server's name, for its leaderboard's title (the bot's guild cache; None: unknown here)
        self.guild_name = guild_name
        self.host, self.wanted_port = split_address(settings.web_addr)
        self.public_url = settings.public_url
        self.service = service
        self.store = service.store
        self.requests = guard.RequestBounds(settings.web_requests, BURST)
        self.stream_bounds = guard.StreamBounds(settings.web_streams)
        self.feed = Feed(service, self._build, self._enabled)
        self.replays = ReplayCache()
        self.port: int | None = None
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------------ running
    async def start(self) -> None:
        """Listen; a server stopped may start again (with streams of its own)."""
        self.feed = Feed(self.service, self._build, self._enabled)
        app = web.Application(middlewares=[self._guard])
        app.on_response_prepare.append(self._headers)
        routes = [
            ("/g/{token}", self._game_page),
            ("/g/{token}/events", self._page_events),
            ("/g/{token}/replay", self._replay_page),
            ("/g/{token}/log.txt", self._log_text),
            ("/s/{token}/top/{game}", self._top_page),
            ("/api/g/{token}", self._api_game),
            ("/api/g/{token}/events", self._api_events),
            ("/static/{name}", self._static_file),
            ("/robots.txt", self._robots),
        ]
        for path, handler in routes:
            app.router.add_get(path, handler, allow_head=not path.endswith("/events"))
        # a visitor who leaves ends their handler at once (a stream gives its place back, a read stops waiting)
        self._runner = await serve(
            app, self.host, self.wanted_port, BACKLOG, shutdown_timeout=1.0, handler_cancellation=True
        )
        self.port = bound_port(self._runner)
        log.info("the web table on http://%s:%s (public address %s)", self.host, self.port, self.base_url)

    async def stop(self) -> None:
        """Close every stream, then the server."""
        await self.feed.stop()
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    def moved(self, game_id: int) -> None:
        """This process committed a move of a game (``ServiceBase.moved``): its live streams look at once."""
        self.feed.moved(game_id)

    @property
    def base_url(self) -> str:
        """Where people reach this server: the public address, else this one's own."""
        return self.public_url or f"http://{self.host}:{self.port}"

    # ------------------------------------------------------------------ every request
    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        address = guard.client_address(request)
        request[ADDRESS] = address
        wait = self.requests.take(address, time.monotonic())
        if wait is not None:
            return guard.too_many(wait, self._lang(request, "en"))
        try:
            return await handler(request)
        except web.HTTPNotFound:
            return self._not_found(request)

    @staticmethod
    async def _headers(_request: web.Request, response: web.StreamResponse) -> None:
        guard.secure(response)

    def _lang(self, request: web.Request, fallback: str) -> str:
        return choose(request.query.get("lang"), request.headers.get("Accept-Language"), fallback)

    def _not_found(self, request: web.Request) -> web.Response:
        body = pages.not_found(self._lang(request, "en"), request.rel_url.raw_path)
        return web.Response(status=404, text=body, content_type="text/html", charset="utf-8")

    async def _game(self, request: web.Request) -> tuple[GameRow, str]:
        """The game a request's token names, while its server has the web on; else a 404."""
        token = request.match_info["token"]
        if not TOKEN.fullmatch(token):
            raise web.HTTPNotFound()
        row = await self.store.web.game_by_token(token)
        if row is None:
            raise web.HTTPNotFound()
        return row, token

    async def _enabled(self, guild_id: int) -> bool:
        server = await self.store.web.server(guild_id)
        return server is not None and server.enabled

    def links(self, token: str) -> dict[str, str]:
        """The full addresses of a game's pages (the API's ``links``)."""
        url = self.base_url
        return {
            "page": links.game_url(url, token),
            "replay": links.replay_url(url, token),
            "log": links.log_url(url, token),
        }

    # ------------------------------------------------------------------ a game's answers
    def _build(self, stored: Stored, kind: str, lang: str) -> str:
        """A stream's payload: the API's JSON, or the page's live fragment."""
        snap = stored.in_language(lang)
        if kind == "json":
            return api.encoded(snap, self.links(stored.token))
        return pages.game_fragment(snap, lang)

    async def _snapshot(self, request: web.Request) -> Snapshot:
        row, token = await self._game(request)
        try:
            stored = await self.feed.reader.at_least(row.id, token, mark_of(row))
        except (UserError, LookupError):  # gone meanwhile, or a game of a kind this release does not know
            raise web.HTTPNotFound() from None
        return stored.in_language(self._lang(request, row.language))

    async def _game_page(self, request: web.Request) -> web.Response:
        snap = await self._snapshot(request)
        return _html(pages.game_page(snap, snap.lang))

    async def _api_game(self, request: web.Request) -> web.Response:
        snap = await self._snapshot(request)
        return web.Response(
            text=api.encoded(snap, self.links(snap.token)),
            content_type="application/json",
            charset="utf-8",
            headers={"Cache-Control": "no-store", "Access-Control-Allow-Origin": "*"},
        )

    async def _page_events(self, request: web.Request) -> web.StreamResponse:
        return await self._stream(request, "html")

    async def _api_events(self, request: web.Request) -> web.StreamResponse:
        return await self._stream(request, "json")

    async def _stream(self, request: web.Request, kind: str) -> web.StreamResponse:
        """A live stream of the game: its answer as stored now, then each new version, and a comment line when
        nothing happened for a while; closed when the web is turned off or the process stops."""
        row, token = await self._game(request)
        address = request[ADDRESS]
        stream_lang = self._lang(request, row.language)
        if not self.stream_bounds.open(address):
            return guard.too_many(self.feed.heartbeat, stream_lang)
        stream = Stream(row.id, row.guild_id, token, kind, stream_lang)
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream; charset=utf-8",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
                **({"Access-Control-Allow-Origin": "*"} if kind == "json" else {}),
            }
        )
        try:
            try:
                await self.feed.join(stream, mark_of(row))
            except (UserError, LookupError):  # gone meanwhile, or a game of a kind this release does not know
                raise web.HTTPNotFound() from None
            await response.prepare(request)
            await response.write(RETRY)
            while True:
                data = await stream.next(self.feed.heartbeat)
                await response.write(KEEP_ALIVE if data is None else data)
        except (Closed, ConnectionResetError):
            pass
        finally:
            self.feed.leave(stream)
            self.stream_bounds.close(address)
        with contextlib.suppress(Exception):
            await response.write_eof()
        return response

    async def _replay_page(self, request: web.Request) -> web.Response:
        snap = await self._snapshot(request)
        try:
            replay = await self.replays.get(self.store, snap.face, snap.row)
        except LookupError:  # a lobby: never dealt
            raise web.HTTPNotFound() from None
        try:  # from its first step, as ``links.replay_url`` leads there (one out of range is the nearest)
            step = int(request.query.get("step", "1")[:9])
        except ValueError:
            step = 1
        return _html(pages.replay_page(snap, replay, step, snap.lang))

    async def _log_text(self, request: web.Request) -> web.Response:
        snap = await self._snapshot(request)
        describe = snap.face.describe
        lines = [
            f"{at}  {line.text(snap.lang, describe)}" for at, line in await self.store.replays.whole_log(snap.row.id)
        ]
        return web.Response(
            text=pages.log_text(snap, snap.lang, lines),
            content_type="text/plain",
            charset="utf-8",
            headers={"Cache-Control": "no-store"},
        )

    async def _top_page(self, request: web.Request) -> web.Response:
        token, game = request.match_info["token"], request.match_info["game"]
        if not TOKEN.fullmatch(token) or game not in self.service.faces:
            raise web.HTTPNotFound()
        server = await self.store.web.server_by_token(token)
        if server is None:
            raise web.HTTPNotFound()
        lang = self._lang(request, server.language)
        rows = await self.store.ratings.leaderboard(server.guild_id, game, TOP_ROWS)
        board = entries(rows, 1, lambda _user_id: None)  # the name each had in their latest rated game there
        name = self.guild_name(server.guild_id) or ""
        return _html(pages.leaderboard_page(game, name, board, lang))

    # ------------------------------------------------------------------ files
    async def _static_file(self, request: web.Request) -> web.Response:
        found = pages.static_file(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        body, kind = found
        return web.Response(body=body, headers={"Content-Type": kind, "Cache-Control": STATIC_CACHE})

    @staticmethod
    async def _robots(_request: web.Request) -> web.Response:
        return web.Response(text="User-agent: *\nDisallow: /\n")


def _html(body: Any) -> web.Response:
    return web.Response(
        text=str(body), content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-store"}
    )
