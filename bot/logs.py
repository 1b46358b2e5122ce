"""How the bot's log reads: lines of text (the default), or one JSON object per line (``NIGHTFALL_LOG_FORMAT=json``)
for a log collector, each with the game it is about where there is one.

The game is the one whose work is running: the move path, a delivery, a deadline and the AI seats each run their
game's work inside ``about_game(game_id)``, a context variable, so every line logged meanwhile — by the bot, the
store or discord.py — names it, without every log call having to, and tasks started from there inherit it. A log
call may name a game of its own with ``extra={"game_id": …}``, which wins.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

#: the log's two forms (``Settings.log_format``)
LOG_FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_game: ContextVar[int | None] = ContextVar("nightfall_game", default=None)


@contextmanager
def about_game(game_id: int) -> Iterator[None]:
    """Every line logged inside (and in tasks started inside) is about this game."""
    token = _game.set(game_id)
    try:
        yield
    finally:
        _game.reset(token)


def current_game() -> int | None:
    """The game whose work is running here, if any."""
    return _game.get()


class GameStamp(logging.Filter):
    """Writes the current game on each record as it is logged (``record.game_id``), in the task that logs it:
    a formatter may run later or elsewhere, where the context is another."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "game_id", None) is None:
            record.game_id = _game.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ``time`` (UTC, ISO 8601 to the millisecond), ``level``, ``logger``, ``message``,
    ``game_id`` where there is one, and ``exc`` (the traceback) or ``stack`` where the call gave one."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        game_id = getattr(record, "game_id", None)
        if game_id is not None:
            entry["game_id"] = game_id
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def handler(log_format: str, stream: Any = None) -> logging.Handler:
    """A handler writing to ``stream`` (standard error) in the given form, stamping each line's game."""
    if log_format not in LOG_FORMATS:
        raise ValueError(f"the log format is one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    out = logging.StreamHandler(stream if stream is not None else sys.stderr)
    out.addFilter(GameStamp())
    out.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    return out


def set_up(level: str, log_format: str) -> None:
    """The process's log: every logger's lines at ``level`` and above, in ``log_format`` (``text`` or ``json``)."""
    logging.basicConfig(level=level, handlers=[handler(log_format)], force=True)


def log_about(game_id: int | None) -> None:
    """For a task that does one game's work and nothing else (a delivery, the AI seats' task): every line it logs
    from here on, and its own tasks', is about this game. (The task's context is its own: nothing outside sees it.)
    None: a worker's task about no game in particular, which a game's move may have started (it would inherit that
    game)."""
    _game.set(game_id)
