"""How long an interaction waited for its first answer: ``nightfall_interaction_ack_seconds``.

Every first answer to an interaction (a message, an edit of the button's message, a deferral, a modal, autocomplete's
choices) is one of ``discord.InteractionResponse``'s methods, wherever in the bot it is made; :func:`install` wraps
them once per process, and each answer is counted in the metrics of the bot it was made by (``interaction.client``),
from the interaction's creation (its id's time, as Discord stamped it) to the answer's acceptance.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

import discord

#: the methods that give an interaction its first (and only) response
FIRST_ANSWERS = ("defer", "send_message", "edit_message", "send_modal", "autocomplete", "pong", "launch_activity")
_INSTALLED = "_timed_for_metrics"


def install() -> None:
    """Time every first answer (idempotent: a second bot in the process finds it done)."""
    for name in FIRST_ANSWERS:
        method = getattr(discord.InteractionResponse, name, None)
        if method is None or getattr(method, _INSTALLED, False):
            continue
        setattr(discord.InteractionResponse, name, _timed(method))


def _timed(method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    @functools.wraps(method)
    async def answer(self: discord.InteractionResponse[Any], *args: Any, **kwargs: Any) -> Any:
        first = not self.is_done()
        result = await method(self, *args, **kwargs)
        if first:
            interaction: discord.Interaction[Any] = self._parent
            metrics = getattr(interaction.client, "metrics", None)
            if metrics is not None:
                metrics.acknowledged((discord.utils.utcnow() - interaction.created_at).total_seconds())
        return result

    setattr(answer, _INSTALLED, True)
    return answer
