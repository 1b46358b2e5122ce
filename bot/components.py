"""Buttons and select menus that carry a move; they work across restarts.

A custom id holds the game, the version at which the player's decision began, and
the move's canonical text: ``nf:12:340:block c81 c17``. Being ``DynamicItem``s, they
are dispatched by pattern, so a button sent last week still works after a restart;
the service refuses it politely if that decision has moved on.

One menu makes several moves at once: discarding cards for influence
(``nf:12:340:discard*``, a multi-select whose values are the ``discard`` moves). Each
chosen card still goes through the one move path, ``GameService.act``, in order.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NamedTuple, cast

import discord

log = logging.getLogger(__name__)

MOVE = r"(?P<action>[a-z]+(?: [A-Za-z0-9_.\-]+)*)"
BUTTON_ID = re.compile(rf"nf:(?P<game>\d+):(?P<since>\d+):{MOVE}")
SELECT_ID = re.compile(r"nfs:(?P<game>\d+):(?P<since>\d+):(?P<part>\d+)")
#: the "*" keeps it from ever reading as a button's move (``BUTTON_ID`` allows no "*")
DISCARDS_ID = re.compile(r"nf:(?P<game>\d+):(?P<since>\d+):discard\*")
MAX_BUTTONS = 20
MAX_OPTIONS = 25
MAX_ROWS = 5
ROW_WIDTH = 5


class Move(NamedTuple):
    """One move a prompt offers: its canonical text, its label, whether it is the passive answer,
    and whether it is one of several that a multi-select makes in one go (discards for influence)."""

    text: str
    label: str
    passive: bool = False
    batch: bool = False

#: set by the bot at start-up: (interaction, game id, since, move text, via) -> None
MoveHandler = Callable[[discord.Interaction[Any], int, int, str, str], Awaitable[None]]
_handler: list[MoveHandler] = []


def set_move_handler(handler: MoveHandler) -> None:
    _handler[:] = [handler]


async def _dispatch(interaction: discord.Interaction[Any], game: int, since: int, text: str, via: str) -> None:
    await _handler[0](interaction, game, since, text, via)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_ID):
    def __init__(self, game: int, since: int, action: str, label: str = "", passive: bool = False) -> None:
        style = discord.ButtonStyle.secondary if passive else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=(label or action)[:80], style=style, custom_id=f"nf:{game}:{since}:{action}")
        )
        self.game, self.since, self.action = game, since, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["since"]), match["action"], getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _dispatch(interaction, self.game, self.since, self.action, "button")


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID):
    def __init__(
        self,
        game: int,
        since: int,
        part: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"nfs:{game}:{since}:{part}",
            placeholder=placeholder,
            min_values=1,
            max_values=1,
            options=list(options) or [discord.SelectOption(label="…", value="pass")],
        )
        super().__init__(select)
        self.game, self.since = game, since

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["since"]), int(match["part"]), getattr(item, "options", ()))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        values = data.get("values") or []
        if values:
            await _dispatch(interaction, self.game, self.since, str(values[0]), "select")


class DiscardSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=DISCARDS_ID):
    """Discard any number of hand cards for +1 influence each: one menu instead of a button a card."""

    def __init__(
        self, game: int, since: int, options: Sequence[discord.SelectOption] = (), placeholder: str | None = None
    ) -> None:
        options = list(options)[:MAX_OPTIONS] or [discord.SelectOption(label="…", value="pass")]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"nf:{game}:{since}:discard*",
            placeholder=placeholder,
            min_values=1,
            max_values=len(options),
            options=options,
        )
        super().__init__(select)
        self.game, self.since = game, since
        self.labels = {o.value: o.label for o in options}

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DiscardSelect:
        return cls(
            int(match["game"]), int(match["since"]), getattr(item, "options", ()), getattr(item, "placeholder", None)
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data = cast("dict[str, Any]", interaction.data or {})
        texts = [str(v) for v in data.get("values") or [] if str(v).startswith("discard ")]
        if texts:
            await discard_many(interaction, self.game, self.since, texts, self.labels)


async def discard_many(
    interaction: discord.Interaction[Any], game_id: int, since: int, texts: Sequence[str], labels: dict[str, str]
) -> None:
    """Make the chosen discards one by one through ``GameService.act``, each with the decision
    date the one before it left (every move re-dates the mover's decision); stop at the first
    refusal and say so privately. The DM then shows what was done and the next decision, as a
    single move's button does."""
    from .database import StorageError
    from .errors import UserError  # the bot's modules import this one: import them when used
    from .i18n import clip, t
    from .prompts import build_prompt

    bot: Any = interaction.client
    user_id = interaction.user.id
    lang = await bot.lang(interaction)
    done: list[str] = []
    outcome: Any = None
    stopped = ""
    try:
        # several moves and a prompt image can take longer than the 3 s Discord gives an answer:
        # acknowledge now, and edit the message once the discards are made
        await interaction.response.defer()
    except discord.HTTPException:
        log.warning("could not acknowledge the discards %s in game %s", texts, game_id, exc_info=True)
    with bot.deliverer.answering(game_id, user_id):
        for text in texts:
            try:
                outcome = await bot.service.act(game_id, user_id=user_id, text=text, since=since, source="select")
            except (UserError, StorageError) as e:
                label = labels.get(text, text)
                reason = e.text(lang) if isinstance(e, UserError) else t(e.key, lang)
                stopped = reason if outcome is None else t("move.stopped", lang, label=label, reason=reason)
                break
            done.append(t("move.ok", lang, label=outcome.label))
            since = outcome.table.since.get(outcome.seat, since)
        if outcome is None:
            await _private(interaction, stopped)
            return
        message = interaction.message
        try:
            async with bot.service.lock(game_id):  # the prompt shows committed state only
                prompt = await build_prompt(outcome.table, outcome.seat, lang)
            summary = "\n".join(done)
            if message is None:
                await _private(interaction, summary)
            elif prompt is not None:
                await interaction.edit_original_response(
                    content=clip(f"{summary}\n{prompt.content}"), attachments=[prompt.file], view=prompt.view
                )
                await bot.store.set_prompt(game_id, user_id, message.channel.id, message.id, prompt.since)
            else:
                await interaction.edit_original_response(content=clip(f"{message.content}\n{summary}"), view=None)
                await bot.store.clear_prompt(game_id, user_id, message.id)
            if stopped:
                await _private(interaction, stopped)
        except discord.HTTPException:
            # the moves are committed whatever happens to this reply; their prompt delivery will follow
            log.warning("could not answer the discards %s in game %s", texts, game_id, exc_info=True)
    bot.service.publish(outcome)


async def _private(interaction: discord.Interaction[Any], text: str) -> None:
    """A private answer, as a follow-up once the interaction has been answered."""
    from .i18n import clip

    if interaction.response.is_done():
        await interaction.followup.send(clip(text), ephemeral=True)
    else:
        await interaction.response.send_message(clip(text), ephemeral=True)


def move_view(
    game: int, since: int, moves: Sequence[Move | tuple[str, str, bool]], placeholder: str, batch_placeholder: str = ""
) -> discord.ui.View:
    """Buttons for a handful of moves, select menus (25 a menu, 5 menus at most) for more.

    ``moves`` are ``Move``s (or (move text, label, passive) tuples); passive ones are grey
    buttons, kept out of the menus; ``batch`` ones share one multi-select (``DiscardSelect``),
    placed after the other moves' buttons."""
    view = discord.ui.View(timeout=None)
    every = [Move(*m) for m in moves]
    batch = [m for m in every if m.batch][:MAX_OPTIONS]
    single = [m for m in every if not m.batch]
    if len(single) <= MAX_BUTTONS:
        for m in single:
            if not m.passive:
                view.add_item(MoveButton(game, since, m.text, m.label))
        if batch:
            view.add_item(DiscardSelect(game, since, _options(batch), placeholder=batch_placeholder or None))
        for m in single:
            if m.passive:
                view.add_item(MoveButton(game, since, m.text, m.label, passive=True))
        return view
    passive = [(m.text, m.label) for m in single if m.passive]
    active = [(m.text, m.label) for m in single if not m.passive]
    rows = MAX_ROWS - (1 if batch else 0) - -(-len(passive) // ROW_WIDTH)
    chunks = [active[i : i + MAX_OPTIONS] for i in range(0, len(active), MAX_OPTIONS)][:rows]
    for part, chunk in enumerate(chunks):
        options = [discord.SelectOption(label=lab[:100], value=text) for text, lab in chunk]
        view.add_item(
            MoveSelect(
                game,
                since,
                part,
                options,
                placeholder=f"{placeholder} ({part + 1})" if len(chunks) > 1 else placeholder,
            )
        )
    if batch:
        view.add_item(DiscardSelect(game, since, _options(batch), placeholder=batch_placeholder or None))
    for text, lab in passive:
        view.add_item(MoveButton(game, since, text, lab, passive=True))
    return view


def _options(moves: Sequence[Move]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=m.label[:100], value=m.text) for m in moves]
