"""The one user-facing error: a friendly sentence, shown ephemerally, after which nothing changed."""

from __future__ import annotations

from typing import Any

from .i18n import t


class UserError(Exception):
    """Raised anywhere in the bot for input a player gave that cannot be carried out."""

    def __init__(self, key: str, **kwargs: Any) -> None:
        self.key = key
        self.kwargs = kwargs
        super().__init__(t(key, **kwargs))

    def text(self, locale: str = "en") -> str:
        return t(self.key, locale, **self.kwargs)
