"""``/game``: open a lobby, join, leave, add AI seats, start, settings, status, mine, log, replay, abandon, resume;
return, replace; next, cup (a game's series), stats and top (the server's leaderboard); web (the server's games on
the web table, ``bot.web``). Every game's own
``/game new`` options come from its face (``bot.games.FACES``)."""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import types
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clocks.durations import (
    DEFAULT_DEADLINE,
    BadDuration,
    deadline_text,
    duration_text,
    format_duration,
    parse_duration,
)
from bot.cogs.move import game_option
from bot.components.lobby import lobby_view, set_lobby_handler
from bot.components.seat import set_back_handler, set_hand_over_handler
from bot.components.web import link_view
from bot.discord_io.notifier import DM_CLOSED
from bot.discord_io.replies import answer_in_time, edit_own_message, private, send
from bot.discord_io.world import can_play_in
from bot.errors import UserError
from bot.face import Face, NewOption
from bot.games import FACES, game_name, seats_text
from bot.host import Host
from bot.ratings.leaderboard import leaderboard, rating_text
from bot.service import SERIES
from bot.store.sqlite import StorageError
from bot.table import Table, level_name, series_lobby_note, series_name
from bot.web.links import top_link
from bot.web.switch import switch
from bot.words.commands import english
from bot.words.i18n import clip, count, fold, server_language, t
from bot.words.logline import per_language

LOG_LINES = 25
PAUSED_HELP = "A paused game of this server whose channel is gone (when there are several)"
#: Each language by its own name, so a reader finds theirs whatever language their Discord speaks.
LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Polski", value="pl"),
    app_commands.Choice(name="Русский", value="ru"),
]


def _name(user: discord.abc.User) -> str:
    return user.display_name[:40]


def _deadline(text: str) -> int | None:
    """A typed deadline in seconds (None: no deadline), or a private refusal saying what is accepted."""
    try:
        return parse_duration(text)
    except BadDuration as e:
        key, fields = e.key, e.fields
        reason = per_language(lambda lang: t(key, lang, **fields))
        raise UserError("err.bad_duration", text=text[:20], reason=reason) from None


GAME_HELP = "Which game to play"


#: Discord's cap on a command's options
MAX_OPTIONS = 25


def game_new_options(faces: Iterable[Face], reserved: Iterable[str] = ()) -> list[NewOption]:
    """Every game's own ``/game new`` options, each once: an option two games offer must be declared ``shared``
    and identically by both (one option serves both); anything else stops the bot at start, naming both games,
    as does an option named like one of ``/game new``'s own (``reserved``)."""
    owner: dict[str, tuple[str, NewOption | None]] = {name: ("/game new itself", None) for name in reserved}
    out: list[NewOption] = []
    for face in faces:
        for option in face.new_options:
            if option.name not in owner:
                owner[option.name] = (face.rules.name, option)
                out.append(option)
                continue
            game, theirs = owner[option.name]
            if theirs is None or not (option.shared and theirs.shared) or option != theirs:
                why = "both must declare it shared and the same" if theirs is not None else "the name is taken"
                raise ValueError(f"/game new option {option.name!r} of {face.rules.name} clashes with {game}'s: {why}")
    return out


def _with_game_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``/game new`` with a ``game`` option (the registered games, the first the default) and every game's own
    options (``Face.new_options``, ``game_new_options``), as discord.py reads a command's options from its
    function's signature: the function takes them as keyword arguments. A game's option left out arrives as None
    (its game's default applies), so a chosen option of another game can be refused."""
    signature = inspect.signature(func)
    fixed = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    first = next(iter(FACES.values()))
    added = [inspect.Parameter("game", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=first.key, annotation=str)]
    descriptions: dict[str, str] = {"game": GAME_HELP}
    choices: dict[str, list[app_commands.Choice[str]]] = {
        "game": [app_commands.Choice(name=face.rules.name, value=key) for key, face in FACES.items()]
    }
    reserved = ["game", *(p.name for p in fixed[2:])]
    for option in game_new_options(FACES.values(), reserved):
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        added.append(inspect.Parameter(option.name, kind, default=None, annotation=option.kind))
        descriptions[option.name] = option.description
        if option.choices:
            labels = option.labels or option.choices
            choices[option.name] = [
                app_commands.Choice(name=n, value=c) for c, n in zip(option.choices, labels, strict=True)
            ]
    if len(fixed) - 2 + len(added) > MAX_OPTIONS:
        raise ValueError(f"/game new would have {len(fixed) - 2 + len(added)} options; Discord takes {MAX_OPTIONS}")
    func.__game_new_signature__ = signature  # type: ignore[attr-defined]
    func.__signature__ = signature.replace(parameters=fixed[:2] + added + fixed[2:])  # type: ignore[attr-defined]
    app_commands.describe(**descriptions)(func)
    app_commands.choices(**choices)(func)
    return func


def _as_registered_now(command: app_commands.Command[Any, ..., Any]) -> app_commands.Command[Any, ..., Any]:
    """``/game new`` with the games registered now: a copy of ``command`` whose callback takes the options of
    every game in ``FACES`` as it stands (a game registered after this module was imported, such as a test's, is
    offered like the others), rebuilt from the signature ``_with_game_options`` started from."""
    old = command.callback
    func = types.FunctionType(old.__code__, old.__globals__, old.__name__, old.__defaults__, old.__closure__)
    # the decorators' marks (descriptions, choices, guild only), each a copy, so the class's command keeps its own
    func.__dict__.update({k: dict(v) if isinstance(v, dict) else v for k, v in old.__dict__.items()})
    func.__qualname__, func.__kwdefaults__ = old.__qualname__, old.__kwdefaults__
    func.__annotations__ = old.__annotations__
    func.__signature__ = old.__game_new_signature__  # type: ignore[attr-defined,union-attr]
    fresh: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name=command.name,
        description=command.description,
        callback=_with_game_options(func),
        parent=command.parent,
        extras=command.extras,
    )
    fresh.binding = command.binding
    return fresh


def away_text(days: int, lang: str) -> str:
    """The game's allowance of time away, in a sentence."""
    return t("lobby.away", lang, days=count(days, "day", lang)) if days else t("lobby.away_none", lang)


def _is_admin(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms and perms.manage_guild)


def _most(table: Table) -> int:
    """The most seats the table's game takes (2 for a duel)."""
    return max(FACES[table.row.game].rules.seats)


class Lobby(commands.GroupCog, group_name="game", group_description=english("cmd.game.desc")):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        super().__init__()
        group = self.__cog_app_commands_group__
        assert group is not None
        group.add_command(_as_registered_now(self.new), override=True)  # the games registered now, not at import
        set_lobby_handler(self.pressed)
        set_hand_over_handler(self.hand_over)
        set_back_handler(self.back_pressed)

    @property
    def service(self) -> Any:
        return self.bot.service

    @app_commands.command(name="new", description=english("cmd.game.new.desc"))
    @app_commands.describe(
        deadline="Time for each decision, then the passive move is made: 30m, 12h, 2d, 1d12h or none (default 1d)",
        series="A single game, or a series of games with the same seats (where the game has one)",
        language="The language of the game's channel messages and table (default: the server's, else English)",
    )
    @app_commands.choices(
        series=[app_commands.Choice(name=t(f"series.{s}"), value=s) for s in SERIES],
        language=LANGUAGE_CHOICES,
    )
    @app_commands.guild_only()
    @_with_game_options
    async def new(
        self,
        interaction: discord.Interaction[Any],
        deadline: str = format_duration(DEFAULT_DEADLINE),
        series: str = "single",
        language: str | None = None,
        **options: Any,
    ) -> None:
        """``options``: ``game`` and every game's own options (``_with_game_options``)."""
        channel = interaction.channel
        assert channel is not None
        game = str(options.pop("game", next(iter(FACES))))
        face = FACES.get(game)
        if face is None:
            raise UserError("err.unknown_game_kind", game=game[:40])
        if series != "single" and not face.series:
            raise UserError("err.series_not_offered", game=face.rules.name)
        own = {o.name: o for o in face.new_options}
        for name, value in options.items():
            if name not in own and value is not None:  # another game's option, chosen: refused before anything is made
                raise UserError("err.other_game_option", option=name, game=face.rules.name)
        chosen = {name: o.default if options.get(name) is None else options[name] for name, o in own.items()}
        seconds = _deadline(deadline)  # refused privately before anything is created
        lang = language or server_language(interaction)
        running = await self.bot.store.series.series_in(channel.id)
        replaces = series != "single" and running is not None and running.status == "running"
        table = await self.service.seats.new_lobby(
            guild_id=interaction.guild_id,
            channel_id=channel.id,
            channel_name=getattr(channel, "name", "") or "",
            host_id=interaction.user.id,
            host_name=_name(interaction.user),
            game=game,
            options=chosen,
            deadline=seconds,
            series=series,
            language=lang,
        )
        note = t("series.replaced_note", lang) if replaces and table.row.series_id is not None else ""
        await send(
            interaction,
            self._opened_text(table, _name(interaction.user), note),
            view=lobby_view(table.id, face.rules, lang),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=False,
        )
        with contextlib.suppress(discord.HTTPException):  # the buttons work without it: only its updates need the id
            message = await interaction.original_response()
            await self.bot.store.marks.set_lobby_message(table.id, message.id)
        await self._welcome(interaction, table.row.channel_name, table.row.game)

    def _opened_text(self, table: Table, host: str, note: str) -> str:
        """The lobby message's words: the game, its options, how its deadline works and its cup, if any."""
        face = FACES[table.row.game]
        lang = table.lang
        target = self.bot.settings.cup_target
        cup = series_lobby_note(table.row.game, target, lang) if table.row.series_id is not None else ""
        if table.row.deadline is not None:
            turns = self.bot.settings.timeouts_to_ai
            cup = " " + deadline_text(table.row.deadline, turns, face.key, lang) + cup
            cup = " " + away_text(table.row.away_days, lang) + cup
        note = cup + note
        return (
            t(
                "lobby.opened",
                table.lang,
                host=host,
                game=face.rules.name,
                seats=seats_text(table.row.game),
                variant=face.options_text(table.row.options, table.lang),
                secret="",
            )
            + note
        )

    async def _refresh_lobby(self, interaction: discord.Interaction[Any], table: Table, started: bool = False) -> None:
        """The lobby message, edited to list the seats taken now: joins, leaves and AI seats say themselves here,
        not in messages of their own, so a lobby is one message in the channel. Once the game starts it loses its
        buttons (the start is said by the channel's own reply and the game's first log line). A lobby message that
        cannot be edited (deleted, or its id never kept) is posted afresh, once, and its new id kept, so the seats
        are never said nowhere; after the start it is not (the start's reply names the players)."""
        channel = interaction.channel
        if not isinstance(channel, discord.abc.Messageable):
            return
        seats = table.titles() or "—"
        content = clip(
            "\n".join([self._opened_text(table, table.host_name, ""), t("lobby.seats", table.lang, players=seats)])
        )
        view = None if started else lobby_view(table.id, FACES[table.row.game].rules, table.lang)
        none = discord.AllowedMentions.none()
        message_id = await self.bot.store.marks.lobby_message(table.id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(  # type: ignore[union-attr]
                    content=content, view=view, allowed_mentions=none
                )
                return
            except discord.NotFound:
                pass  # deleted: posted afresh below
            except discord.HTTPException:
                return  # a passing failure: the next change edits it again
        if view is None:  # started
            return
        with contextlib.suppress(discord.HTTPException):
            fresh = await channel.send(content, view=view, allowed_mentions=none)
            await self.bot.store.marks.set_lobby_message(table.id, fresh.id)

    async def hand_over(self, interaction: discord.Interaction[Any], game_id: int, seat: str) -> None:
        """The button on a missed deadline's notice: the silent seat goes to the AI, and the notice says who did it
        (and loses its button); a refusal is private."""
        answer_in_time(interaction)
        try:
            by = _name(interaction.user)
            table, _ = await self.service.seats.hand_over(
                game_id, seat, interaction.user.id, _is_admin(interaction), by
            )
        except (UserError, StorageError) as e:
            lang = await self.bot.lang(interaction)
            await private(interaction, e.text(lang) if isinstance(e, UserError) else t(e.key, lang))
            return
        content = getattr(interaction.message, "content", "") or ""
        done = t("deadline.handed_over", table.lang, by=by)
        await edit_own_message(interaction, content=clip(f"{content}\n{done}"), view=None)

    async def pressed(self, interaction: discord.Interaction[Any], game_id: int, action: str) -> None:
        """A lobby message's button or menu: the same as its command, for this lobby only."""
        answer_in_time(interaction)
        try:
            row = await self.bot.store.games.game(game_id)
            channel = interaction.channel
            if row is None or channel is None or row.status != "lobby" or row.channel_id != channel.id:
                raise UserError("err.not_lobby")
            if action == "join":
                await self._join(interaction)
            elif action == "leave":
                await self._leave(interaction)
            elif action == "start":
                await self._start(interaction)
            elif action.startswith("add:"):
                await self._add_bot(interaction, action.split(":", 1)[1] or None)
        except (UserError, StorageError) as e:
            lang = await self.bot.lang(interaction)
            await private(interaction, e.text(lang) if isinstance(e, UserError) else t(e.key, lang))

    @app_commands.command(name="join", description="Take a seat in this channel's lobby")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._join(interaction)

    async def _join(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.service.seats.join(interaction.channel.id, interaction.user.id, _name(interaction.user))
        await self._refresh_lobby(interaction, table)  # the lobby message lists the seat: said privately here
        await send(
            interaction,
            t("lobby.joined", table.lang, name=_name(interaction.user), count=len(table.seats), seats=_most(table)),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=True,
        )
        await self._welcome(interaction, table.row.channel_name, table.row.game)

    async def _welcome(self, interaction: discord.Interaction[Any], channel_name: str, game: str) -> None:
        """DM the new player; if their DMs are closed, say so right away, privately."""
        lang = await self.bot.lang(interaction)
        try:
            await interaction.user.send(t("dm.welcome", lang, channel=channel_name, game=game_name(game)))
        except discord.Forbidden as e:
            if e.code != DM_CLOSED:
                raise
            await send(interaction, t("join.dm_closed", lang), ephemeral=True)
            return
        await send(interaction, t("join.dm_ok", lang), ephemeral=True)

    @app_commands.command(
        name="leave", description="Give up your seat (in a running game, the AI plays it until you return)"
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._leave(interaction)

    async def _leave(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table, name = await self.service.seats.leave(interaction.channel.id, interaction.user.id)
        if table.row.status == "lobby":
            await self._refresh_lobby(interaction, table)
        if table.row.status == "active":
            text = t("away.left_reply", table.lang, name=name)
        else:  # the lobby message lists the seats: said privately
            key = "lobby.host_left" if interaction.user.id == table.row.host_id else "lobby.left"
            text = t(key, table.lang, name=name, count=len(table.seats), seats=_most(table))
        lobby = table.row.status == "lobby"
        await send(interaction, text, allowed_mentions=discord.AllowedMentions.none(), ephemeral=lobby)

    @app_commands.command(name="return", description="Take your seat back from the AI")
    @app_commands.describe(game=english("cmd.game.return.game.desc"))
    async def come_back(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """Take your seat back: in a server channel its game; in a DM the chosen game, or the one game in which the
        AI plays your seat."""
        if interaction.guild_id is not None and interaction.channel is not None:
            table, name = await self.service.seats.come_back(interaction.channel.id, interaction.user.id)
            await send(
                interaction,
                t("away.returned_reply", table.lang, name=name),
                allowed_mentions=discord.AllowedMentions.none(),
                ephemeral=False,
            )
            return
        chosen = await self.service.seats.table_to_return(interaction.user.id, game_option(game))
        table, _ = await self.service.seats.come_back_to(chosen.id, interaction.user.id)
        lang = await self.bot.lang(interaction)
        await send(interaction, t("away.returned_dm", lang, channel=table.row.channel_name), ephemeral=True)

    @come_back.autocomplete("game")
    async def _return_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """In a DM: the user's running games in which the AI plays their seat, named by channel."""
        lang = await self.bot.lang(interaction)
        want = current.casefold().strip()
        out = []
        for table in await self.service.reading.games_of(interaction.user.id):
            seat = table.seat_of(interaction.user.id)
            if seat is None or not seat.away:
                continue
            name = t("game.choice", lang, channel=table.row.channel_name, mark="", id=table.id)
            if not want or want in name.casefold():
                out.append(app_commands.Choice(name=name[:100], value=str(table.id)))
        return out[:25]

    async def back_pressed(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """The takeover DM's **Take my seat back**: the same as ``/game return`` for that game (same checks, same
        line in the channel); the DM then says so and loses its button. A refusal is private."""
        answer_in_time(interaction)
        lang = await self.bot.lang(interaction)
        try:
            table, _ = await self.service.seats.come_back_to(game_id, interaction.user.id)
        except (UserError, StorageError) as e:
            await private(interaction, e.text(lang) if isinstance(e, UserError) else t(e.key, lang))
            return
        content = getattr(interaction.message, "content", "") or ""
        done = t("away.returned_dm", lang, channel=table.row.channel_name)
        await edit_own_message(interaction, content=clip(f"{content}\n{done}"), view=None)

    @app_commands.command(name="replace", description="Hand a player's seat to the AI (host or Manage Server)")
    @app_commands.describe(player="The player whose seat the AI should play")
    @app_commands.guild_only()
    async def replace(self, interaction: discord.Interaction[Any], player: discord.User) -> None:
        assert interaction.channel is not None
        table, name = await self.service.seats.replace(
            interaction.channel.id, interaction.user.id, _is_admin(interaction), player.id, _name(interaction.user)
        )
        await send(
            interaction,
            t("away.replaced_reply", table.lang, by=_name(interaction.user), name=name),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=False,
        )

    @app_commands.command(name="add-bot", description="Add an AI player to this channel's lobby (host only)")
    @app_commands.describe(level="How well it plays: one of the game's levels (left out: the game's usual level)")
    @app_commands.guild_only()
    async def add_bot(self, interaction: discord.Interaction[Any], level: str | None = None) -> None:
        await self._add_bot(interaction, level)

    @add_bot.autocomplete("level")
    async def _level_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The levels of the lobby's game, weakest first, in the game's words and the reader's language (no lobby
        here: every game's). Offered as the person types rather than fixed when the bot starts, so a game's own
        levels are its own, whatever game was registered last."""
        lobby = await self.bot.store.games.open_game_in(interaction.channel_id) if interaction.channel_id else None
        games = [lobby.game] if lobby is not None and lobby.game in FACES else list(FACES)
        lang = await self.bot.lang(interaction)
        typed = fold(current)
        out: dict[str, str] = {}
        for game in games:
            for level in FACES[game].rules.ai_levels:
                name = level_name(game, level, lang)
                if level not in out and (typed in fold(name) or typed in fold(level)):
                    out[level] = name
        return [app_commands.Choice(name=name[:100], value=level) for level, name in out.items()][:25]

    async def _add_bot(self, interaction: discord.Interaction[Any], level: str | None) -> None:
        """Seat an AI at ``level`` (None: the game's default level); a level the lobby's game lacks is refused
        privately."""
        assert interaction.channel is not None
        table, name = await self.service.seats.add_ai(interaction.channel.id, interaction.user.id, level)
        await self._refresh_lobby(interaction, table)
        text = t("lobby.bot_added", table.lang, name=name, count=len(table.seats), seats=_most(table))
        await send(interaction, text, ephemeral=True)  # the lobby message lists the seat: said privately

    @app_commands.command(name="start", description="Start the game (host only)")
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._start(interaction)

    async def _start(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        # start() refuses (privately) before the channel is told anything. This reply is the
        # channel's one new message of the lobby, its word on who plays, and the only one to say
        # "Check your DMs" (it is read when the game starts; the log line "lobby.started" stays in the log and
        # the table message long after, where the advice would be stale)
        table = await self.service.seats.start(interaction.channel.id, interaction.user.id)
        await self._refresh_lobby(interaction, table, started=True)
        players = ", ".join(s.shown for s in table.seats)
        await send(
            interaction,
            t("lobby.starting", table.lang, host=_name(interaction.user), players=players),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=False,
        )

    @app_commands.command(name="settings", description="Change this game's settings (host or Manage Server)")
    @app_commands.describe(
        deadline="Time for each decision from now on: 30m, 12h, 2d, 1d12h or none",
        away="Days of time away (/me away) each player may take in this game; 0 for none",
    )
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        deadline: str | None = None,
        away: app_commands.Range[int, 0, 30] | None = None,
    ) -> None:
        assert interaction.channel is not None
        if deadline is None and away is None:
            raise UserError("err.no_setting")
        if away is not None:
            await self._set_away_days(interaction, away)
        if deadline is None:
            return
        seconds = _deadline(deadline)
        table = await self.service.seats.set_deadline(
            interaction.channel.id, interaction.user.id, _is_admin(interaction), seconds
        )
        lang = table.lang
        if seconds is None:
            text = t("deadline.set_none", lang, name=_name(interaction.user))
        else:
            text = t("deadline.set", lang, name=_name(interaction.user), deadline=duration_text(seconds, lang))
        await send(interaction, text, allowed_mentions=discord.AllowedMentions.none(), ephemeral=False)

    async def _set_away_days(self, interaction: discord.Interaction[Any], days: int) -> None:
        """``/game settings away:``: the host (or Manage Server) sets the game's allowance of time away."""
        assert interaction.channel is not None
        table = await self.service.table_in(interaction.channel.id)
        if interaction.user.id != table.row.host_id and not _is_admin(interaction):
            raise UserError("err.not_host_or_admin_settings", host=table.host_name)
        async with self.service.lock(table.id):
            if not await self.bot.store.games.set_away_days(table.id, days):
                raise UserError("err.game_over")
            table.row = dataclasses.replace(table.row, away_days=days)  # the cached game knows it too
        lang, name = table.lang, _name(interaction.user)
        if days:
            text = t("away_days.set", lang, name=name, days=count(days, "day", lang))
        else:
            text = t("away_days.set_none", lang, name=name)
        await send(interaction, text, allowed_mentions=discord.AllowedMentions.none(), ephemeral=False)

    @app_commands.command(name="status", description="Who must act in this channel's game")
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.service.last_table_in(interaction.channel.id)
        lang = await self.bot.lang(interaction)
        seats = table.titles(lang)
        if table.game is None:
            text = t("lobby.seats", lang, players=seats)
        else:
            face = self.service.face(table)
            facts = "\n".join(face.status_facts(table, lang))
            # whom the game waits for, once: with each person's clock when there is one
            awaited = await self._awaited(table, lang) or table.waiting_text(lang)
            text = f"{face.status(table, lang)}\n{awaited}\n{t('lobby.seats', lang, players=seats)}"
            text += f"\n{facts}" if facts else ""
        if table.row.status in ("lobby", "active"):
            key = self.service.face(table).key
            text += "\n" + deadline_text(table.row.deadline, self.bot.settings.timeouts_to_ai, key, lang)
            text += "\n" + away_text(table.row.away_days, lang)
            for seat, until in (await self.bot.store.people.away_seats(table.id)).items():
                text += "\n" + t("status.away", lang, name=table.names[seat], until=int(until))
        await send(interaction, text, ephemeral=True)

    @app_commands.command(name="mine", description=english("cmd.game.mine.desc"))
    async def mine(self, interaction: discord.Interaction[Any]) -> None:
        def guild_name(guild_id: int) -> str | None:
            guild = self.bot.get_guild(guild_id)
            return guild.name if guild is not None else None

        text = await self.service.reading.mine_text(interaction.user.id, await self.bot.lang(interaction), guild_name)
        await send(
            interaction, text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(), suppress_embeds=True
        )

    @app_commands.command(
        name="notify", description="How you hear of a new decision: DM, mention, daily digest, or quiet"
    )
    @app_commands.describe(
        mode="dm: a DM per burst of decisions · mention: in the channel · digest: one DM a day · quiet: none"
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="DM (default)", value="dm"),
            app_commands.Choice(name="mention in the game's channel", value="mention"),
            app_commands.Choice(name="daily digest", value="digest"),
            app_commands.Choice(name="quiet", value="quiet"),
        ]
    )
    async def notify(self, interaction: discord.Interaction[Any], mode: app_commands.Choice[str]) -> None:
        """One choice per person for all their games, in every server (answered privately)."""
        await self.bot.store.people.set_notify_mode(interaction.user.id, mode.value)
        self.bot.service.wake()  # a first digest planned, or one no longer owed
        lang = await self.bot.lang(interaction)
        await send(interaction, f"{t(f'notify.{mode.value}', lang)}\n{t('me.moved.notify', lang)}", ephemeral=True)

    async def _awaited(self, table: Any, lang: str) -> str:
        """Who must decide and until when (a Discord timestamp each reader sees in their own time zone)."""
        if table.row.status != "active":
            return ""
        clocks = {d.seat: d for d in await self.bot.store.work.deadlines(table.id)}
        who = []
        for seat, _user, _since in table.waiting_people():
            name = table.names[seat]
            clock = clocks.get(seat)
            who.append(t("status.awaited_until", lang, name=name, due=int(clock.due_at)) if clock else name)
        return t("status.awaited", lang, who=", ".join(who)) if who else ""

    @app_commands.command(name="language", description="The language of your DMs and private replies, in every game")
    @app_commands.describe(language="English, Polski or Русский")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        await self.bot.store.people.set_language(interaction.user.id, language)
        interaction.extras["lang"] = language
        await send(interaction, f"{t('language.set', language)}\n{t('me.moved.language', language)}", ephemeral=True)

    @app_commands.command(name="undo", description=english("cmd.game.undo.desc"))
    @app_commands.describe(game=english("cmd.game.undo.game.desc"))
    async def undo(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """Take back your last move: in a server channel its game; in a DM the chosen game, a tutorial's own, or
        the one game you play."""
        in_guild = interaction.guild_id is not None and interaction.channel is not None
        channel_id = interaction.channel.id if interaction.channel is not None else None
        table = await self.service.undo.table_for_undo(interaction.user.id, channel_id, in_guild, game_option(game))
        await self.bot.handle_undo(interaction, table.id)

    @undo.autocomplete("game")
    async def _undo_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """In a DM: the user's running games, named by channel."""
        lang = await self.bot.lang(interaction)
        want = current.casefold().strip()
        out = []
        for table in await self.service.reading.games_of(interaction.user.id):
            name = t("game.choice", lang, channel=table.row.channel_name, mark="", id=table.id)
            if not want or want in name.casefold():
                out.append(app_commands.Choice(name=name[:100], value=str(table.id)))
        return out[:25]

    @app_commands.command(name="log", description="The recent move-by-move log of this channel's game")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.channel is not None
        table = await self.service.last_table_in(interaction.channel.id)
        lines = await self.bot.store.play.log_tail(table.id, LOG_LINES)
        lang = await self.bot.lang(interaction)
        describe = self.service.face(table).describe
        text = "\n".join(line.text(lang, describe) for line in lines) if lines else t("log.none", lang)
        await send(interaction, text[-1900:], ephemeral=True)

    @app_commands.command(
        name="replay", description="Watch a game again move by move, privately (this channel's, or an older one)"
    )
    @app_commands.describe(game="An older game of this server, by its number (default: this channel's game)")
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """Private: the public table at the end of the draft and of each turn, stepped with buttons
        (``bot.replay.answers``)."""
        await self.bot.replays.command(interaction, game)

    @replay.autocomplete("game")
    async def _replay_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return await self.bot.replays.choices(interaction, current)

    @app_commands.command(name="abandon", description="End this channel's game (host or Manage Server)")
    @app_commands.describe(game=PAUSED_HELP)
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """This channel's game; in a channel without one, a paused game of the server (its own channel gone)."""
        assert interaction.channel is not None and interaction.guild_id is not None
        user, admin = interaction.user, _is_admin(interaction)
        if game is None and await self.bot.store.games.open_game_in(interaction.channel.id) is not None:
            table = await self.service.seats.abandon(interaction.channel.id, user.id, is_admin=admin)
            text = t("lobby.abandoned", table.lang, name=_name(user))
        else:
            paused = await self.service.reach.resumable(interaction.guild_id, user.id, admin, game_option(game))
            table = await self.service.seats.abandon_game(paused.id, user.id, is_admin=admin)
            text = t("paused.abandoned_reply", table.lang, name=_name(user), old=table.row.channel_name)
        await send(interaction, text, allowed_mentions=discord.AllowedMentions.none(), ephemeral=False)

    @app_commands.command(
        name="resume", description="Go on with a paused game: here, or moved here if its channel is gone"
    )
    @app_commands.describe(game=PAUSED_HELP)
    @app_commands.guild_only()
    async def resume(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        """A game paused because the bot could not reach its channel goes on: in this channel, its own, once the
        bot can post here again (any of its players, the host or Manage Server); or moved here from a channel
        that is gone or out of reach (the host or Manage Server)."""
        channel, guild = interaction.channel, interaction.guild
        assert channel is not None and guild is not None
        user, admin = interaction.user, _is_admin(interaction)
        here = await self.bot.store.games.open_game_in(channel.id)
        if here is not None and (game is None or game_option(game) == here.id):
            if here.paused is None:
                raise UserError("err.not_paused")
            table = await self.service.table(here.id)
            if not admin and user.id != here.host_id and table.seat_of(user.id) is None:
                raise UserError("err.resume_not_player")
            if not can_play_in(channel, guild.me):
                raise UserError("err.cannot_post_here")
            table = await self.service.reach.go_on(here.id, by=_name(user))
            text = t("paused.resumed_reply", table.lang, name=_name(user))
        else:
            if here is not None:
                raise UserError("err.channel_busy")
            paused = await self.service.reach.resumable(guild.id, user.id, admin, game_option(game))
            if not can_play_in(channel, guild.me):
                raise UserError("err.cannot_post_here")
            if paused.row.channel_id == channel.id:  # this channel's own game, paused as it ended (its results owed)
                table = await self.service.reach.go_on(paused.id, by=_name(user))
                text = t("paused.resumed_reply", table.lang, name=_name(user))
                await send(interaction, text, allowed_mentions=discord.AllowedMentions.none(), ephemeral=False)
                return
            old = paused.row.channel_name
            name = getattr(channel, "name", "") or ""
            table = await self.service.reach.go_on(
                paused.id, by=_name(user), channel=(channel.id, name), guild_id=guild.id
            )
            text = t("paused.moved_reply", table.lang, name=_name(user), old=old, game=game_name(table.row.game))
        await send(interaction, text, allowed_mentions=discord.AllowedMentions.none(), ephemeral=False)

    @resume.autocomplete("game")
    @abandon.autocomplete("game")
    async def _paused_ac(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        """The server's paused games this user may move or end, by their old channel."""
        if interaction.guild_id is None:
            return []
        lang = await self.bot.lang(interaction)
        rows = await self.service.reach.paused_choices(
            interaction.guild_id, interaction.user.id, _is_admin(interaction)
        )
        want = current.casefold().strip()
        out = []
        for row in rows:
            name = t("paused.choice", lang, channel=row.channel_name, id=row.id)
            if not want or want in name.casefold():
                out.append(app_commands.Choice(name=name[:100], value=str(row.id)))
        return out[:25]

    @app_commands.command(name="next", description="Start the next game of this channel's series")
    @app_commands.guild_only()
    async def next_game(self, interaction: discord.Interaction[Any]) -> None:
        """Public, like ``/game start``: the channel sees who started the game; the refusals are private."""
        assert interaction.channel is not None
        table, number = await self.service.seats.next_game(interaction.channel.id, interaction.user.id)
        await send(
            interaction,
            t(
                "series.next",
                table.lang,
                name=_name(interaction.user),
                number=number,
                series=series_name(table.row.game, table.lang),
            ),
            allowed_mentions=discord.AllowedMentions.none(),
            ephemeral=False,
        )

    @app_commands.command(name="cup", description="The standings of this channel's series")
    @app_commands.guild_only()
    async def cup(self, interaction: discord.Interaction[Any]) -> None:
        """Public: the standings are the table's shared record (no cup here is a private refusal)."""
        assert interaction.channel is not None
        face = await self.service.seats.series_face(interaction.channel.id)
        text = await face.series_text(self.bot.store, interaction.channel.id)
        await send(interaction, clip(text), allowed_mentions=discord.AllowedMentions.none(), ephemeral=False)

    @app_commands.command(name="stats", description="Finished games, wins and scores of a player in this server")
    @app_commands.describe(player="Whose record to show (default: yours)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction[Any], player: discord.User | None = None) -> None:
        """Public, since finished games are a public record people compare; a player with no finished
        game here gets a private answer instead (nothing for the channel to read)."""
        assert interaction.guild_id is not None
        who = player or interaction.user
        mine = who.id == interaction.user.id
        guild, store, name = interaction.guild_id, self.bot.store, _name(who)
        lang = server_language(interaction)
        found = []
        for key, face in FACES.items():
            text, public = await face.stats_text(store, guild, who.id, name, lang, mine=mine)
            rating = await rating_text(store, guild, who.id, key, lang) if public else ""
            found.append((f"{text}\n{rating}" if rating else text, public))
        shown = [text for text, public in found if public]  # each game the person has finished games of
        if shown:
            text = "\n".join(shown)
        else:  # "no finished games yet" is answered privately: in the asker's own language
            first = next(iter(FACES.values()))
            text, _ = await first.stats_text(store, guild, who.id, name, await self.bot.lang(interaction), mine=mine)
        await send(interaction, text, ephemeral=not shown, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="top", description="This server's leaderboard of a game, as an image")
    @app_commands.describe(
        game="Which game's leaderboard (default: this channel's game)",
        page="Which page of ten players (default: the first)",
    )
    @app_commands.choices(game=[app_commands.Choice(name=face.rules.name, value=key) for key, face in FACES.items()])
    @app_commands.guild_only()
    async def top(
        self, interaction: discord.Interaction[Any], game: str | None = None, page: app_commands.Range[int, 1, 1000] = 1
    ) -> None:
        """Public, like ``/game stats``: the ranking is a record the server shares, one message per asking. Nobody
        ranked yet, an unknown game or a page past the last is a private answer. People only: AI seats are rated
        apart and never listed."""
        guild = interaction.guild
        assert guild is not None and interaction.channel is not None
        if game is None:
            last = await self.bot.store.games.last_game_in(interaction.channel.id)
            game = last.game if last is not None and last.game in FACES else next(iter(FACES))
        elif game not in FACES:
            raise UserError("err.top_game", game=game[:40])

        def name_of(user_id: int) -> str | None:
            member = guild.get_member(user_id)
            return _name(member) if member is not None else None

        lang = server_language(interaction)
        text, picture = await leaderboard(self.bot.store, guild.id, guild.name, game, int(page), lang, name_of)
        file = await picture.file()
        web = await top_link(self.bot.store, self.bot.settings, guild.id, game)  # while the server has the web on
        more: dict[str, Any] = {"view": link_view(web, t("webview.top", lang))} if web else {}
        await send(
            interaction, text, file=file, ephemeral=False, allowed_mentions=discord.AllowedMentions.none(), **more
        )

    @app_commands.command(name="web", description=english("cmd.game.web.desc"))
    @app_commands.describe(enabled=english("cmd.game.web.enabled.desc"))
    async def web(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        """Private: what changed, and the server's leaderboard links. Manage Server only, checked here: Discord's own
        default permissions apply to a top-level command alone, never to a subcommand of ``/game``. In a DM there is
        no server to turn it on for."""
        if interaction.guild_id is None:
            raise UserError("err.web_dm")
        if not _is_admin(interaction):
            raise UserError("err.web_not_admin")
        answer_in_time(interaction)
        lang = await self.bot.lang(interaction)
        text = await switch(
            self.bot.store, self.bot.settings, interaction.guild_id, enabled, server_language(interaction), lang
        )
        self.service.wake()  # the running games' table messages gain or lose their link now
        await send(interaction, text, ephemeral=True)


__all__ = ["Lobby", "UserError"]
