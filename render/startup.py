"""The start of a process that draws images: each game's priming (``render.<game>.prime``), run once.

``bot.workers.images`` runs :func:`run_primers` in a thread of the bot, or makes :func:`start_worker` the
initializer of its worker processes: a worker unpickles its initializer by name, so it lives here,
where importing it imports neither discord nor the bot.
"""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable, Sequence

log = logging.getLogger(__name__)


def run_primers(primers: Sequence[Callable[[], None]]) -> None:
    """Run each primer; one that fails costs the first images their head start, nothing more."""
    for primer in primers:
        try:
            primer()
        except Exception:
            log.exception("priming the images failed: %r", primer)


def start_worker(primers: Sequence[Callable[[], None]]) -> None:
    """A worker process's start: Ctrl-C stops the bot, which stops the workers (they need not print
    tracebacks); then the games' priming."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    run_primers(primers)
