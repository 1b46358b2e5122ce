"""The web table of a SimCord bot, served apart from SimCord's bookkeeping.

SimCord settles after each action by waiting until every task the bot started is idle, running the timers due meanwhile.
An open live stream never is: its handler waits on a heartbeat timer, and the feed looks at the stored versions every
quarter of a second, for as long as a stream is open, so no settle would ever end. ``serve_apart`` starts the bot's own
web server again from a context of its own (no SimCord scope): the connections it accepts, their handlers and the feed
run on the same event loop, as real tasks SimCord does not wait for, while the moves still go through the bot in
SimCord. What the bot commits still wakes the feed at once (``ServiceBase.moved``)."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any


async def serve_apart(bot: Any) -> int:
    """Restart ``bot.web`` outside SimCord's scope; the port it now listens on."""
    web = bot.web
    assert web is not None, "the test's bot has no web_addr"
    await web.stop()
    await asyncio.create_task(web.start(), context=contextvars.Context())
    return int(web.port)
