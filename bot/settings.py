"""Every setting the bot reads, from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

from bot.logs import LOG_FORMATS


@dataclass(frozen=True)
class Shards:
    """A range of Discord's shards: ``ids`` of ``count`` in all (Discord wants one shard per 2,500 servers; DMs
    arrive on shard 0)."""

    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, raw: str) -> Shards | None:
        """``FIRST-LAST/COUNT`` (``0-3/8``) or ``ID/COUNT`` (``1/2``); empty: None."""
        raw = raw.strip()
        if not raw:
            return None
        m = re.fullmatch(r"(\d+)(?:\s*-\s*(\d+))?\s*/\s*(\d+)", raw)
        if m is None:
            raise ValueError(f"NIGHTFALL_SHARDS must read FIRST-LAST/COUNT (for example 0-3/8), not {raw!r}")
        first, last, count = int(m.group(1)), int(m.group(2) or m.group(1)), int(m.group(3))
        if count < 1 or first > last or last >= count:
            raise ValueError(f"NIGHTFALL_SHARDS {raw!r}: the shards must lie between 0 and COUNT-1, first to last")
        return cls(tuple(range(first, last + 1)), count)

    def __str__(self) -> str:
        first, last = self.ids[0], self.ids[-1]
        return f"{first}/{self.count}" if first == last else f"{first}-{last}/{self.count}"


@dataclass(frozen=True)
class Settings:
    token: str | None = None
    db_path: str = "nightfall.db"
    ai_delay: float = 2.0
    #: Seconds a hard AI seat may think about one decision.
    ai_budget: float = 1.0
    #: Worker processes the hard AI seats think in; 0 thinks in a thread of the bot's process.
    ai_workers: int = 1
    guild_id: int | None = None
    table_edit_interval: float = 2.0
    #: Seconds the channel waits for a player who is still deciding (their next decision is theirs again)
    #: before it shows their moves: a burst of decisions is one table edit (the log thread gets a whole turn at once).
    burst_seconds: float = 30.0
    snapshot_every: int = 25
    log_level: str = "INFO"
    #: ``text`` (lines for a person) or ``json`` (one object per line for a log collector: ``bot.logs``).
    log_format: str = "text"
    #: Worker processes that draw the images; 0 draws them in a thread of the bot's process.
    render_workers: int = 0
    #: Whether a start draws the games' sample images in the background (``bot.workers.images.prime``), so the first
    #: images find their fonts, words and tiles ready. On for the bot (``from_env``, ``NIGHTFALL_RENDER_PRIME``);
    #: off for settings built in code (tests, benchmarks), which start many bots and want none of that work.
    render_prime: bool = False
    #: Turns in which a seat may miss its deadline, in a row, before the AI takes it over (0: never). After a
    #: missed deadline the seat's further decisions of that turn take the default at once.
    timeouts_to_ai: int = 2
    #: Seconds after a player's own move during which their next decisions edit the DM they are
    #: looking at instead of sending a new one (one notification per burst of decisions).
    dm_burst: float = 600.0
    #: Seconds without a move of their own after which a player has put the phone down: a decision that reaches
    #: them then notifies them (a new DM, or a mention) even within ``dm_burst``; before, it edits their DM.
    dm_idle: float = 180.0
    #: Whether the bot keeps Discord's rate limits itself (``bot.discord_io.outbound``: 45 calls/s, 5 new messages
    #: per 5 s per channel). Always on for the bot (not an environment setting); off for a simulated Discord that
    #: has no limits, whose whole games in a few seconds would otherwise wait for them in real time.
    discord_limits: bool = True
    #: Seconds between the watchdog's looks for what is due (AI seats that must decide, deliveries, deadlines).
    watchdog_seconds: float = 60.0
    #: The target of a new series of games (``NIGHTFALL_CUP_TARGET``): the total its game's rule ends the series at
    #: (``Face.series_over``; the first game's rules say 100; a lower one makes a short demo series).
    cup_target: int = 100
    #: Seconds a write keeps trying while another program (a backup, say) holds the database's lock,
    #: before the player is told the bot is busy.
    db_busy_seconds: float = 10.0
    #: The Discord shards this process connects, and how many the bot has in all (``NIGHTFALL_SHARDS``, written
    #: ``0-3/8``); None: one process, one shard (discord.py's default, right below 2,500 servers).
    shards: Shards | None = None
    #: Seconds between a process's heartbeats on a shared (PostgreSQL) database, by which the processes alive share
    #: Discord's budget. Not an environment setting; tests that let simulated days pass make it longer.
    heartbeat_seconds: float = 15.0
    #: ``host:port`` of the operators' HTTP endpoint (``/healthz``, ``/metrics``: ``bot.ops.http``); None: off. Port 0
    #: takes a free port (tests read the one bound from ``bot.ops``).
    http_addr: str | None = None
    #: ``host:port`` the public web view listens on (``bot.web``: the live table, replays, leaderboards, the JSON API of
    #: servers that turned it on with ``/game web``); None: off. Port 0 takes a free port (tests).
    web_addr: str | None = None
    #: The address people reach the web view at, behind the operator's proxy (``https://games.example.org``, no
    #: trailing slash); None: the links say ``http://<web_addr>`` (``bot.web.links.base_url``).
    public_url: str | None = None
    #: Requests per second one address may make of the web view (a token bucket holding 40). Tests and the benchmark
    #: raise it in code.
    web_requests: float = 10.0
    #: Live streams (Server-Sent Events) one address may hold open at once on the web view.
    web_streams: int = 16

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read ``DISCORD_TOKEN`` and ``NIGHTFALL_*``; a ``.env`` file fills what the environment lacks."""
        if env_file is not None and Path(env_file).is_file():
            load_dotenv(env_file, override=False)
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            db_path=os.environ.get("NIGHTFALL_DB", "nightfall.db").strip() or "nightfall.db",
            ai_delay=_float("NIGHTFALL_AI_DELAY", 2.0),
            ai_budget=_float("NIGHTFALL_AI_BUDGET", 1.0),
            ai_workers=_int("NIGHTFALL_AI_WORKERS", 1) or 0,
            guild_id=_int("NIGHTFALL_GUILD_ID", None),
            table_edit_interval=_float("NIGHTFALL_TABLE_EDIT_INTERVAL", 2.0),
            burst_seconds=_float("NIGHTFALL_BURST_SECONDS", 30.0),
            snapshot_every=_int("NIGHTFALL_SNAPSHOT_EVERY", 25) or 1,
            log_level=os.environ.get("NIGHTFALL_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            log_format=_choice("NIGHTFALL_LOG_FORMAT", LOG_FORMATS, "text"),
            render_workers=_int("NIGHTFALL_RENDER_WORKERS", default_render_workers()) or 0,
            render_prime=(_int("NIGHTFALL_RENDER_PRIME", 1) or 0) != 0,
            timeouts_to_ai=_int("NIGHTFALL_TIMEOUTS_TO_AI", 2) or 0,
            dm_burst=_float("NIGHTFALL_DM_BURST", 600.0),
            dm_idle=_float("NIGHTFALL_DM_IDLE", 180.0),
            watchdog_seconds=_float("NIGHTFALL_WATCHDOG_SECONDS", 60.0) or 60.0,
            cup_target=_int("NIGHTFALL_CUP_TARGET", 100) or 100,
            db_busy_seconds=_float("NIGHTFALL_DB_BUSY_SECONDS", 10.0),
            shards=Shards.parse(os.environ.get("NIGHTFALL_SHARDS", "")),
            http_addr=http_address(os.environ.get("NIGHTFALL_HTTP_ADDR", "")),
            web_addr=http_address(os.environ.get("NIGHTFALL_WEB_ADDR", ""), "NIGHTFALL_WEB_ADDR", "0.0.0.0:8080"),
            public_url=public_url(os.environ.get("NIGHTFALL_PUBLIC_URL", "")),
            web_requests=_float("NIGHTFALL_WEB_REQUESTS", 10.0) or 10.0,
            web_streams=_int("NIGHTFALL_WEB_STREAMS", 16) or 16,
        )


def settings_or_exit() -> Settings:
    """Settings for a command-line entry point: a bad value stops it with one clear line."""
    try:
        return Settings.from_env()
    except ValueError as e:
        raise SystemExit(f"Bad setting: {e}. See .env.example.") from None


def http_address(raw: str, name: str = "NIGHTFALL_HTTP_ADDR", example: str = "0.0.0.0:9100") -> str | None:
    """``NIGHTFALL_HTTP_ADDR`` (or another address setting, ``name``): ``host:port`` (``0.0.0.0:9100``,
    ``[::1]:9100``); empty: None (the endpoint is off)."""
    raw = raw.strip()
    if not raw:
        return None
    host, _, port = raw.rpartition(":")
    if not host or not port.isdigit() or int(port) > 65535:
        raise ValueError(f"{name} must read HOST:PORT (for example {example}), not {raw!r}")
    return raw


def public_url(raw: str) -> str | None:
    """``NIGHTFALL_PUBLIC_URL``: the web view's address as people reach it, ``http(s)://host[:port][/path]``, kept
    without its trailing slash (the links add theirs); empty: None."""
    raw = raw.strip().rstrip("/")
    if not raw:
        return None
    if not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", raw):
        example = "https://games.example.org"
        raise ValueError(f"NIGHTFALL_PUBLIC_URL must read https://HOST[/PATH] (for example {example}), not {raw!r}")
    return raw


def default_render_workers() -> int:
    """Images are drawn in worker processes, two on a host of two cores or more (one on a single core): drawn in
    a thread, they hold the interpreter's lock the event loop needs, and under load the bot answered 2.6 times
    fewer moves a second (23 against 60 with two workers; ``bench/bot.py``, 50 games on two cores)."""
    return min(2, os.cpu_count() or 1)


def _int(name: str, default: int | None) -> int | None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        raise ValueError(f"{name} must be a whole number, not {raw!r}")
    return int(raw)


def _choice(name: str, choices: tuple[str, ...], default: str) -> str:
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, not {raw!r}")
    return raw


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {raw!r}") from None
    if value < 0:
        raise ValueError(f"{name} must not be negative")
    return value
