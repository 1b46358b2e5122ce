"""The one user-facing error: a friendly sentence, shown ephemerally, after which nothing changed."""

from __future__ import annotations

from typing import Any

from bot.words.i18n import t


class UserError(Exception):
    """Raised anywhere in the bot for input a player gave that cannot be carried out."""

    def __init__(self, key: str, **kwargs: Any) -> None:
        self.key = key
        self.kwargs = kwargs
        super().__init__(t(key, **kwargs))

    def text(self, locale: str = "en") -> str:
        return t(self.key, locale, **self.kwargs)


class Raced(UserError):
    """Another writer committed to the game first (the version compare-and-set failed): nothing was written, and
    the same move may be tried again on the game as it is now. A player reads it as ``err.stale``; a worker acting
    on its own (a deadline) tries again instead of giving up on a decision that may still stand."""

    def __init__(self) -> None:
        super().__init__("err.stale")
