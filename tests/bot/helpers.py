"""Driving the real bot through SimCord as players would: slash commands, DM buttons and menus."""

from __future__ import annotations

import base64
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from engine.nightfall.ai import GreedyPlayer, decide

#: what a test that never looks at an image gets for each: a valid 1×1 PNG (tests/bot/conftest.py, ``unseen_images``)
PLACEHOLDER_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
)


def placeholder(*_args: object) -> bytes:
    """Stands in for a drawing function of ``render``: the placeholder PNG, whatever the view."""
    return PLACEHOLDER_PNG


def undrawn(draw: Callable[..., Awaitable[bytes]]) -> Callable[..., Awaitable[bytes]]:
    """``bot.workers.images._draw`` (``draw``) with the placeholder handed in for the drawing function: each image is
    still asked for, cached, counted and fetched in a thread as before, under the same key; only the drawing is
    left out."""

    async def run(key: Any, _fn: Callable[..., bytes], args: tuple[Any, ...]) -> bytes:
        return await draw(key, placeholder, args)

    return run


@dataclass
class Party:
    """A guild with a game channel, the players (user handle + member actor by name) and a spectator."""

    env: Any
    channel: Any
    users: dict[str, Any] = field(default_factory=dict)
    members: dict[str, Any] = field(default_factory=dict)
    #: what the host's ``/game new`` was answered with
    opened: Any = None

    @property
    def bot(self) -> Any:
        return self.env.bot

    async def table(self) -> Any:
        row = await self.bot.store.games.last_game_in(self.channel.id)
        return await self.bot.service.table(row.id)


async def open_lobby(
    env: Any,
    humans: tuple[str, ...],
    *,
    channel_name: str = "nightfall",
    spectators: tuple[str, ...] = ("carol",),
    ais: int = 0,
    level: str | None = None,
    start: bool = True,
    **options: Any,
) -> Party:
    """A server channel with ``humans`` and ``spectators``: the first human opens a lobby with ``options``
    (``/game new``'s), the others join, ``ais`` AI seats come in (at ``level``, else the game's default), and the
    game starts unless ``start`` is false."""
    guild = env.create_guild()
    channel = guild.create_text_channel(channel_name)
    party = Party(env, channel)
    for name in (*humans, *spectators):
        user = env.create_user(name)
        party.users[name] = user
        party.members[name] = guild.add_member(user)
    host = party.members[humans[0]]
    party.opened = await host.slash(channel, "game new", **options)
    for name in humans[1:]:
        await party.members[name].slash(channel, "game join")
    for _ in range(ais):
        await host.slash(channel, "game add-bot", **({"level": level} if level is not None else {}))
    if start:
        await host.slash(channel, "game start")
    return party


async def open_game(
    env: Any,
    humans: tuple[str, ...],
    ais: int = 0,
    variant: str = "quick-start",
    spectators: tuple[str, ...] = ("carol",),
    start: bool = True,
) -> Party:
    """A Nightfall lobby (the default game) of ``variant``."""
    return await open_lobby(env, humans, spectators=spectators, ais=ais, start=start, variant=variant)


def public_lines(channel: Any) -> list[str]:
    """Every line the bot shows a spectator about the channel's games: the channel itself (summaries,
    tables, results) and the move-by-move log threads of its games."""
    messages = [*channel.history(), *(m for thread in channel.threads for m in thread.history())]
    return [line for m in messages for line in m.content.splitlines()]


def latest_prompt(user: Any) -> discord.Message | None:
    """The newest DM with a move's components: the player's current decision (a DM that only offers to take a
    move back, ``bot.components.undo``, asks nothing)."""
    for message in reversed(user.dm_channel.history()):
        if moves_in(message):
            return message
    return None


def moves_in(message: discord.Message) -> dict[str, tuple[str, str]]:
    """Move text -> ("button", custom id) or ("select", custom id) for every move a prompt offers."""
    out: dict[str, tuple[str, str]] = {}
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if isinstance(child, discord.Button) and (child.custom_id or "").startswith("nf:") and not child.disabled:
                out[child.custom_id.split(":", 3)[3]] = ("button", child.custom_id)
            elif isinstance(child, discord.SelectMenu) and child.custom_id:
                for option in child.options:
                    out[option.value] = ("select", child.custom_id)
    return out


def offered(game: Any, seat: str, move: str) -> str:
    """The move a prompt offers for ``move``: copies of one card share one button (with the first
    copy's move), so a later copy is pressed as the first; discards for influence each keep theirs."""
    for decision in game.private_view(seat)["decisions"]:
        actions = decision["actions"]
        mine = next((a for a in actions if a["text"] == move), None)
        if mine is None or mine["verb"] == "discard":
            return move
        return next(a["text"] for a in actions if a["label"] == mine["label"])
    return move


async def press(user: Any, message: discord.Message, move: str) -> Any:
    """Press the button (or pick the menu entry) for ``move`` in a DM prompt."""
    kind, custom_id = moves_in(message)[move]
    if kind == "button":
        return await user.click(message, custom_id=custom_id)
    return await user.select(message, [move], custom_id=custom_id)


SLASH = {
    "chain": ("chain", "card"),
    "claim": ("claim", "archive"),
    "discard": ("discard", "card"),
    "attack": ("attack", "move"),
    "block": ("block", "move"),
    "target": ("target", "choice"),
    "order": ("target", "choice"),
    "choose": ("target", "choice"),
    "draft": ("draft", "card"),
}


async def slash_move(member: Any, channel: Any, move: str) -> Any:
    """Make ``move`` with its slash command, picking the value from the command's autocomplete."""
    verb = move.split()[0]
    if verb in ("pass", "done"):
        return await member.slash(channel, verb)
    if verb == "wound":
        return await member.slash(channel, "wound", choice=move.split()[1])
    command, option = SLASH[verb]
    choices = await member.autocomplete(channel, command, option, "")
    if move not in [c["value"] for c in choices]:  # Discord lists 25 choices: type to narrow them down
        choices = await member.autocomplete(channel, command, option, move)
    assert move in [c["value"] for c in choices], f"{move} not offered by /{command} autocomplete"
    return await member.slash(channel, command, **{option: move})


async def play_to_the_end(
    party: Party, max_moves: int = 3000, slash_every: int = 3, pictures: list[list[str]] | None = None
) -> list[str]:
    """Humans play greedy moves, mostly by DM buttons, every few moves by slash command. ``pictures``, if given,
    gets the attachments' names of every DM prompt pressed, as it read when pressed."""
    transcript: list[str] = []
    players: dict[str, GreedyPlayer] = {}
    for n in range(max_moves):
        table = await party.table()
        game = table.game
        if game.is_over():
            return transcript
        seat = next(d.seat for d in game.pending() if not table.by_seat(d.seat).is_ai)
        row = table.by_seat(seat)
        name = next(k for k, u in party.users.items() if u.id == row.user_id)
        move = str(decide(players.setdefault(seat, GreedyPlayer(seed=n)), game, seat))
        if n % slash_every == 0:
            result = await slash_move(party.members[name], party.channel, move)
            assert result.ephemeral, "a move by slash command is answered privately"
            transcript.append(f"{name}: /{move}  → {result.response.content}")
        else:
            prompt = latest_prompt(party.users[name])
            assert prompt is not None, f"{name} has a decision but no DM prompt"
            move = offered(game, seat, move)
            assert move in moves_in(prompt), f"{name}'s prompt lacks {move}: {sorted(moves_in(prompt))}"
            asked = prompt.content.splitlines()[-1]
            if pictures is not None:
                pictures.append([a.filename for a in prompt.attachments])
            await press(party.users[name], prompt, move)
            label = next(
                (
                    c.label
                    for row in prompt.components
                    for c in getattr(row, "children", [])
                    if getattr(c, "custom_id", "") and c.custom_id.endswith(f":{move}")
                ),
                move,
            )
            transcript.append(f"{name} (DM) sees “{asked}” → presses [{label}]")
    raise AssertionError("the game did not end")


def commit_order(store: Any) -> str:
    """An ORDER BY that lists the ``actions`` rows in the order they were committed: SQLite's rowid; on PostgreSQL
    the id of the transaction that wrote each: the moves of one game take turns under its lock, and those the tests
    order across games are made one at a time (the deadline worker's)."""
    return "ORDER BY rowid" if store.dialect == "sqlite" else "ORDER BY xmin::text::bigint, game_id, seq"
