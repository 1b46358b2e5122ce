"""A fake Discord REST API for the real bot: ``bot.login`` runs its ``setup_hook`` with no network, and every REST
call the bot makes is answered here, in this process, with the JSON Discord would send.

Unlike SimCord (one bot per event loop, each its own Discord world), a ``FakeDiscord`` only stands in for
discord.py's ``HTTPClient.request``: there is no gateway (the bot never connects; moves are made through
``bot.service``, as an interaction would), so several processes can each run a real bot on one database, each
with a fake of its own, and their calls are compared afterwards (``Call.process``).

It answers the routes the bot uses (``ROUTES``); any other answers 404 and is kept in ``unknown``. A message's
edit or delete of an id this fake never gave answers 404 with Discord's code 10008. ``fail`` makes a route
answer an error, as it would reach the bot once discord.py has done its own retries: 500, 429 (with a
``Retry-After``), 403 with code 50007 (closed DMs). Rate limit headers are never sent, so discord.py never waits.
Uploaded files are read (their sizes counted) and dropped.

Several processes share one Discord: ``shared=True`` gives each process's fake the same world as far as ids go
(a DM channel's id is the user's, ids carry the process in their low bits so none is given twice), and takes a
channel or message it did not make to exist, as another process's fake made it (its edit answers as if it had
been kept, its delete succeeds). A fake of its own (the default) answers those 404, as Discord would.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
from discord.http import Route

API = "/api/v10"
BOT_ID = 900_000_000_000_000_001
APPLICATION_ID = BOT_ID
#: Discord's snowflake epoch (2015-01-01) in milliseconds: ids grow with time, as Discord's do
DISCORD_EPOCH_MS = 1_420_070_400_000
UNKNOWN_MESSAGE = 10008
UNKNOWN_CHANNEL = 10003
DM_CLOSED = 50007
#: a shared world's DM channel id: the user's id plus this (every process's fake gives the same)
DM_OFFSET = 1 << 50

Json = dict[str, Any]

#: (method, route template) of every route answered, with its short name for counting
ROUTES: dict[tuple[str, str], str] = {
    ("GET", "/users/@me"): "me",
    ("GET", "/oauth2/applications/@me"): "application",
    ("PUT", "/applications/{application_id}/commands"): "sync",
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): "sync guild",
    ("POST", "/users/@me/channels"): "open DM",
    ("GET", "/channels/{channel_id}"): "get channel",
    ("POST", "/channels/{channel_id}/messages"): "send",
    ("GET", "/channels/{channel_id}/messages/{message_id}"): "get message",
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): "edit",
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): "delete",
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): "thread",
}


@dataclass(frozen=True)
class Call:
    """One REST call as made: its route's short name, where it went, and when (``time.time``) in which process."""

    method: str
    path: str
    name: str
    channel_id: int | None
    at: float
    process: int
    status: int
    content: str | None = None
    file_bytes: int = 0


@dataclass
class Failure:
    """An error a route answers, ``times`` more times (None: until told otherwise)."""

    status: int
    code: int = 0
    retry_after: float = 1.0
    times: int | None = None


@dataclass
class _Response:
    """What ``discord.HTTPException`` reads of a response."""

    status: int
    reason: str
    headers: dict[str, str] = field(default_factory=dict)


class FakeDiscord:
    """Discord's REST API for one bot, in memory: install it before ``login``."""

    def __init__(
        self, *, bot_id: int = BOT_ID, name: str = "Nightfall", shared: bool = False, worker: int | None = None
    ) -> None:
        """``worker``: this fake's number among those sharing a world (0–1023; by default from the process id),
        in every id it gives, so no two fakes give the same."""
        self.bot_user: Json = {
            "id": str(bot_id),
            "username": name,
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
        }
        self.process = os.getpid()
        self.shared = shared
        self.worker = (os.getpid() if worker is None else worker) & 0x3FF
        self.calls: list[Call] = []
        self.unknown: list[tuple[str, str]] = []
        #: per channel, its messages by id (in the order posted)
        self.messages: dict[int, dict[int, Json]] = {}
        self.threads: dict[int, Json] = {}
        self.dms: dict[int, int] = {}  # user -> DM channel
        self.failures: dict[str, Failure] = {}
        self.file_bytes = 0
        self.listeners: list[Callable[[Call], None]] = []
        self._sequence = itertools.count()
        self._patterns = [(method, _pattern(path), name) for (method, path), name in ROUTES.items()]

    # ------------------------------------------------------------------ setting up
    def install(self, client: discord.Client) -> None:
        """Answer ``client``'s REST calls from now on (its ``login`` included)."""
        client.http.request = self.request  # type: ignore[method-assign]

    def add_guild(self, client: discord.Client, guild_id: int, channels: dict[int, str], name: str = "Guild") -> None:
        """A server and its text channels, known to ``client`` as the gateway would make them known (the bot finds
        the game's channel in its cache, as in production, and can start threads in it)."""
        payload = {
            "id": str(guild_id),
            "name": name,
            "member_count": 1,
            "owner_id": str(guild_id),
            "channels": [
                {"id": str(c), "name": n, "type": 0, "position": i, "permission_overwrites": []}
                for i, (c, n) in enumerate(channels.items())
            ],
            "roles": [],
            "members": [],
        }
        client._connection._add_guild_from_data(payload)  # type: ignore[arg-type]
        for channel_id in channels:
            self.messages.setdefault(channel_id, {})

    def fail(
        self, name: str, status: int, *, code: int = 0, retry_after: float = 1.0, times: int | None = None
    ) -> None:
        """Route ``name`` (a ``ROUTES`` value) answers ``status`` with ``code``, ``times`` times or until ``heal``."""
        self.failures[name] = Failure(status, code, retry_after, times)

    def heal(self, name: str | None = None) -> None:
        """Route ``name`` (every route: None) answers normally again."""
        if name is None:
            self.failures.clear()
        else:
            self.failures.pop(name, None)

    # ------------------------------------------------------------------ reading what happened
    def count(self, name: str | None = None) -> int:
        return sum(1 for c in self.calls if name is None or c.name == name)

    def channel_messages(self, channel_id: int) -> list[Json]:
        return list(self.messages.get(channel_id, {}).values())

    def dm_messages(self, user_id: int) -> list[Json]:
        channel = self.dms.get(user_id)
        return [] if channel is None else self.channel_messages(channel)

    # ------------------------------------------------------------------ answering
    def snowflake(self) -> int:
        """A new id, greater than every id given before (time in its high bits, a counter below)."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (self.worker << 12) | (next(self._sequence) & 0xFFF)

    async def request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[Json] | None = None,
        **kwargs: Any,
    ) -> Any:
        """``HTTPClient.request``: the JSON Discord would answer, or the ``HTTPException`` the bot would get."""
        path = route.url.split(API, 1)[-1].split("?", 1)[0]
        found = next(
            (
                (name, m.groupdict())
                for method, pattern, name in self._patterns
                if method == route.method and (m := pattern.fullmatch(path))
            ),
            None,
        )
        body = _body(kwargs, form)
        read = [len(f.fp.read()) for f in files or ()]  # read as aiohttp would, then dropped
        sizes = sum(read)
        self.file_bytes += sizes
        name = found[0] if found else "unknown"
        params = {k: int(v) for k, v in (found[1] if found else {}).items()}
        channel = params.get("channel_id")
        status, answer = 200, None
        failure = self.failures.get(name)
        try:
            if found is None:
                self.unknown.append((route.method, path))
                _raise(404, 0, "404: Not Found")
            if failure is not None:
                if failure.times is not None:
                    failure.times -= 1
                    if failure.times <= 0:
                        del self.failures[name]
                _raise(failure.status, failure.code, "fake failure", failure.retry_after)
            answer = self._answer(name, params, body, files or (), read)
        except discord.HTTPException as e:
            status = e.status
            raise
        finally:
            content = body.get("content") if isinstance(body, dict) else None
            call = Call(route.method, path, name, channel, time.time(), self.process, status, content, sizes)
            self.calls.append(call)
            for listener in self.listeners:
                listener(call)
        return answer

    def _answer(
        self, name: str, params: dict[str, int], body: Json, files: Sequence[discord.File], sizes: list[int]
    ) -> Any:
        channel_id = params.get("channel_id", 0)
        message_id = params.get("message_id", 0)
        if name == "me":
            return self.bot_user
        if name == "application":
            return {
                "id": self.bot_user["id"],
                "name": self.bot_user["username"],
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.bot_user,
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if name in ("sync", "sync guild"):
            return [
                {**c, "id": str(self.snowflake()), "application_id": self.bot_user["id"], "version": "1"}
                for c in body.get("_list", [])
            ]
        if name == "open DM":
            user_id = int(body["recipient_id"])
            if user_id not in self.dms:
                self.dms[user_id] = user_id + DM_OFFSET if self.shared else self.snowflake()
                self.messages[self.dms[user_id]] = {}
            return self._dm_channel(user_id)
        if name == "get channel":
            return self._channel(channel_id)
        if name == "send":
            if channel_id not in self.messages and not self.shared:
                _raise(404, UNKNOWN_CHANNEL, "Unknown Channel")
            message = self._message(self.snowflake(), channel_id, body, files, sizes, None)
            self.messages.setdefault(channel_id, {})[int(message["id"])] = message
            return message
        stored = self.messages.get(channel_id, {}).get(message_id)
        if stored is None and self.shared:  # another process's fake posted it
            stored = self._message(message_id, channel_id, {}, (), [], None)
            self.messages.setdefault(channel_id, {})[message_id] = stored
        if stored is None:
            _raise(404, UNKNOWN_MESSAGE, "Unknown Message")
        assert stored is not None
        if name == "get message":
            return stored
        if name == "edit":
            edited = self._message(message_id, channel_id, {**stored, **body}, files, sizes, stored)
            edited["edited_timestamp"] = _now()
            self.messages[channel_id][message_id] = edited
            return edited
        if name == "delete":
            del self.messages[channel_id][message_id]
            return None
        # a thread from a message shares the message's id (the bot counts on it)
        parent = self._channel(channel_id)
        thread = {
            "id": str(message_id),
            "type": 11,
            "guild_id": parent.get("guild_id"),
            "parent_id": str(channel_id),
            "name": body.get("name", ""),
            "owner_id": self.bot_user["id"],
            "flags": 0,
            "member_count": 1,
            "message_count": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": body.get("auto_archive_duration", 4320),
                "archive_timestamp": _now(),
                "locked": False,
            },
        }
        self.threads[message_id] = thread
        self.messages.setdefault(message_id, {})
        stored["thread"] = thread
        return thread

    def _channel(self, channel_id: int) -> Json:
        if channel_id in self.threads:
            return self.threads[channel_id]
        user = next((u for u, c in self.dms.items() if c == channel_id), None)
        if user is not None:
            return self._dm_channel(user)
        if channel_id not in self.messages and not self.shared:
            _raise(404, UNKNOWN_CHANNEL, "Unknown Channel")
        return {
            "id": str(channel_id),
            "type": 0,
            "name": f"channel-{channel_id}",
            "position": 0,
            "permission_overwrites": [],
        }

    def _dm_channel(self, user_id: int) -> Json:
        recipient = {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}
        return {"id": str(self.dms[user_id]), "type": 1, "recipients": [recipient], "last_message_id": None}

    def _message(
        self,
        message_id: int,
        channel_id: int,
        body: Json,
        files: Sequence[discord.File],
        sizes: list[int],
        before: Json | None,
    ) -> Json:
        """A message as Discord answers it: the bot's, with what ``body`` set (an edit keeps what it left out)."""
        attachments: list[Json] = body.get("attachments") or []
        uploaded = {str(i): (f, n) for i, (f, n) in enumerate(zip(files, sizes, strict=True))}
        shown: list[Json] = []
        for a in attachments:
            if str(a.get("id")) in uploaded and "url" not in a:
                file, size = uploaded[str(a["id"])]
                new_id = self.snowflake()
                url = f"https://cdn.discordapp.com/attachments/{channel_id}/{new_id}/{file.filename}"
                shown.append({"id": str(new_id), "filename": file.filename, "size": size, "url": url, "proxy_url": url})
            else:
                shown.append(a)
        mentions = _mentions(str(body.get("content") or ""))
        return {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": before["timestamp"] if before else _now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": mentions,
            "mention_roles": [],
            "attachments": shown,
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "pinned": False,
            "type": 0,
            "flags": body.get("flags", 0),
        }


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(template)))


def _body(kwargs: dict[str, Any], form: Iterable[Json] | None) -> Json:
    """The request's JSON: ``json=`` or the multipart's ``payload_json`` (a list becomes ``{"_list": …}``)."""
    raw: Any = kwargs.get("json")
    for part in form or ():
        if part.get("name") == "payload_json":
            raw = json.loads(part["value"])
    if isinstance(raw, list):
        return {"_list": raw}
    return dict(raw or {})


def _mentions(content: str) -> list[Json]:
    return [
        {"id": m, "username": f"user{m}", "discriminator": "0", "avatar": None}
        for m in dict.fromkeys(re.findall(r"<@!?(\d+)>", content))
    ]


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _raise(status: int, code: int, message: str, retry_after: float = 1.0) -> None:
    """The exception discord.py raises for that answer (its own retries of 5xx and short 429s already done)."""
    reasons = {403: "Forbidden", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error"}
    headers = {"Retry-After": str(retry_after)} if status == 429 else {}
    response = _Response(status, reasons.get(status, "Error"), headers)
    data = {"code": code, "message": message}
    if status == 403:
        raise discord.Forbidden(response, data)
    if status == 404:
        raise discord.NotFound(response, data)
    if status >= 500:
        raise discord.DiscordServerError(response, data)
    raise discord.HTTPException(response, data)
