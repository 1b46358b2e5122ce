"""The store's plain functions of one connection, run on the event loop over an asyncio connection.

The store's ~100 functions are synchronous: ``fn(conn)`` runs a unit of work's statements one after the other and
reads their rows (``bot.store.sqlite``). On SQLite they run on a database thread. On PostgreSQL a thread per unit of
work made the event loop and the database threads take turns on the GIL for every statement: psycopg's Python work
holds it, and every hand-off (the unit sent to its thread, its result sent back) waits for the other side to let go.

``run(fn, *args)`` runs ``fn`` unchanged on the event loop's own thread instead, in a greenlet (the ``greenlet``
library, as SQLAlchemy's asyncio extension does): where ``fn`` needs an answer from the server, the connection calls
``wait(awaitable)``, which hands the awaitable to the coroutine that called ``run``; that coroutine awaits it like any
other and switches back into ``fn`` with its result (or raises its error there). While one unit waits for PostgreSQL
the loop serves everything else, other units of work included: nothing blocks and no thread is involved.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import greenlet  # type: ignore[import-untyped]

__all__ = ["run", "wait"]

T = TypeVar("T")


class _Unit(greenlet.greenlet):
    """The greenlet a unit of work runs in: ``wait`` refuses to be called from anywhere else."""

    __slots__ = ()


async def run(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on this thread; every awaitable it hands to ``wait`` is awaited here, on the event loop."""
    unit = _Unit(fn, greenlet.getcurrent())
    asked = unit.switch(*args)
    while not unit.dead:
        try:
            answer = await asked
        except BaseException as error:  # raised inside ``fn``, where the statement was waited for
            asked = unit.throw(type(error), error, error.__traceback__)
        else:
            asked = unit.switch(answer)
    return asked


def wait(awaitable: Awaitable[T]) -> T:
    """The result of ``awaitable``, awaited by the coroutine running this unit of work (``run``)."""
    current = greenlet.getcurrent()
    if not isinstance(current, _Unit):
        close = getattr(awaitable, "close", None)
        if callable(close):
            close()  # a coroutine never awaited would warn of it, besides the error that matters
        raise RuntimeError("a PostgreSQL unit of work ran outside bot.store.on_loop.run")
    return current.parent.switch(awaitable)
