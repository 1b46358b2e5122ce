"""``/game web enabled:<true|false>``: a server's web table turned on or off, and the private answer that says what
changed, with the server's leaderboard links. Who may (Manage Server) is the command's to check."""

from __future__ import annotations

from bot.games import FACES, game_name
from bot.settings import Settings
from bot.store import Store
from bot.web.links import base_url, top_url
from bot.words.i18n import t


async def switch(store: Store, settings: Settings, guild_id: int, enabled: bool, server_lang: str, lang: str) -> str:
    """Turn the server's web table on or off (``server_lang``: the server's language, its leaderboard pages'), and
    say so in ``lang``. Asking for what already is changes nothing, and says that too. The running games' table
    messages gain or lose their link as the store asks (``store.web.set_enabled``)."""
    before = await store.web.server(guild_id)
    was = before is not None and before.enabled
    if was == enabled and before is not None:
        row = before
        said = t("webview.already_on" if enabled else "webview.already_off", lang)
    else:
        row = await store.web.set_enabled(guild_id, enabled, server_lang)
        said = t("webview.on" if enabled else "webview.off", lang)
    if not enabled:
        return said
    base = base_url(settings)
    if base is None:
        return f"{said}\n{t('webview.no_address', lang)}"
    links = "\n".join(
        t("webview.leaderboard", lang, game=game_name(key), url=top_url(base, row.token, key)) for key in FACES
    )
    return f"{said}\n{t('webview.leaderboards', lang, links=links)}"
