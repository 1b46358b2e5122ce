"""The web view's addresses, as Discord's buttons and answers show them and its pages link to each other.

``base`` is where people reach the web view (``base_url``: ``NIGHTFALL_PUBLIC_URL``, else ``http://`` and
``NIGHTFALL_WEB_ADDR``), without a trailing slash. A game's pages are named by its token, a server's leaderboards by
the server's token (``bot.store.web``), never by a number. ``game_link`` and ``top_link`` say whether a link may be
shown at all: only where the bot serves the web and the server has it on."""

from __future__ import annotations

from urllib.parse import quote

from bot.settings import Settings
from bot.store import GameRow, Store


def base_url(settings: Settings) -> str | None:
    """Where people reach the web view; None while the bot serves none (``NIGHTFALL_WEB_ADDR`` unset)."""
    if not settings.web_addr:
        return None
    return (settings.public_url or f"http://{settings.web_addr}").rstrip("/")


def game_url(public_url: str, token: str) -> str:
    """A game's live page."""
    return f"{public_url}/g/{quote(token, safe='')}"


def replay_url(public_url: str, token: str, step: int | None = None) -> str:
    """A game's replay, at step ``step`` (from 1) or at its first."""
    url = f"{game_url(public_url, token)}/replay"
    return url if step is None else f"{url}?step={int(step)}"


def log_url(public_url: str, token: str) -> str:
    """A game's public log, as plain text."""
    return f"{game_url(public_url, token)}/log.txt"


def api_url(public_url: str, token: str) -> str:
    """A game's JSON (``/events`` after it: the stream of its new versions)."""
    return f"{public_url}/api/g/{quote(token, safe='')}"


def top_url(public_url: str, server_token: str, game_key: str) -> str:
    """A server's leaderboard of one game."""
    return f"{public_url}/s/{quote(server_token, safe='')}/top/{quote(game_key, safe='')}"


async def game_link(store: Store, settings: Settings, row: GameRow) -> str | None:
    """The game's live page to show on Discord, if it may be shown: the bot serves the web, the game is in a server
    (never a tutorial in someone's DMs) and that server has the web on. Its token is made here the first time."""
    base = base_url(settings)
    if base is None or row.guild_id is None or row.tutorial or not await web_on(store, row.guild_id):
        return None
    return game_url(base, await store.web.game_token(row.id))


async def replay_link(store: Store, settings: Settings, row: GameRow, step: int | None = None) -> str | None:
    """The game's replay page, on the same terms as ``game_link``."""
    base = base_url(settings)
    if base is None or row.guild_id is None or row.tutorial or not await web_on(store, row.guild_id):
        return None
    return replay_url(base, await store.web.game_token(row.id), step)


async def top_link(store: Store, settings: Settings, guild_id: int, game_key: str) -> str | None:
    """The server's leaderboard page of a game, if the bot serves the web and the server has it on."""
    base = base_url(settings)
    if base is None:
        return None
    server = await store.web.server(guild_id)
    return top_url(base, server.token, game_key) if server is not None and server.enabled else None


async def web_on(store: Store, guild_id: int) -> bool:
    """Whether the server has the web view on now."""
    server = await store.web.server(guild_id)
    return server is not None and server.enabled
