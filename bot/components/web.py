"""Links to the web table as buttons: Discord opens a link button's address itself, so it holds no custom id, needs
no handler and works across restarts."""

from __future__ import annotations

import discord

from bot.words.i18n import t


def link_view(url: str, label: str) -> discord.ui.View:
    """A message's one link button."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
    return view


def watch_view(url: str | None, lang: str) -> discord.ui.View | None:
    """The table message's "🌐 Watch" button to the game's live page; None where there is no page to show."""
    return link_view(url, t("webview.watch", lang)) if url else None
