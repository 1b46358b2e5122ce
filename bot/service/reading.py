"""What people ask for about their games: the game a move command means, their games, ``/game mine``; and
the watchdog's look at every running game."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.errors import UserError
from bot.service.base import MINE_LIMIT, ServiceBase, ServicePart
from bot.service.play import PlayService
from bot.store import GameRow
from bot.table import Table
from bot.words.i18n import t

log = logging.getLogger(__name__)


class ReadingService(ServicePart):
    """Finding games (``service.reading``)."""

    def __init__(self, base: ServiceBase, play: PlayService) -> None:
        super().__init__(base)
        self.play = play

    async def table_for_move(
        self, user_id: int, channel_id: int | None, game_id: int | None = None, verbs: tuple[str, ...] = ()
    ) -> Table:
        """The game a move command means.

        In a server channel or thread: that channel's game and no other (``game_id``, if
        given, must be it). In a DM: the chosen game, or else the one game waiting on this
        user (for one of ``verbs``); with several, the player must choose.
        """
        if channel_id is not None:
            row = await self.store.games.open_game_in(channel_id)
            if row is None:
                raise UserError("err.no_game")
            if game_id is not None and game_id != row.id:
                raise UserError("err.other_channel")
            return await self.table(row.id)
        if game_id is not None:
            table = await self.table(game_id)
            if table.seat_of(user_id) is None:
                raise UserError("err.not_player")
            return table
        candidates = await self.waiting_on(user_id, verbs)
        if not candidates:
            raise UserError("err.no_active_game")
        if len(candidates) > 1:
            raise UserError("err.which_game", games=", ".join(f"#{t.row.channel_name}" for t in candidates))
        return candidates[0]

    async def waiting_on(self, user_id: int, verbs: tuple[str, ...] = ()) -> list[Table]:
        """The user's running games in which a decision (with one of ``verbs``, if given) waits on them."""
        return [table for table in await self.games_of(user_id) if table.awaits(user_id, verbs)]

    async def games_of(self, user_id: int) -> list[Table]:
        """Every running game the user has a seat in."""
        return [await self.table(row.id) for row in await self.store.games.active_games_of(user_id)]

    async def mine_text(
        self, user_id: int, lang: str = "en", guild_name: Callable[[int], str | None] = lambda _id: None
    ) -> str:
        """``/game mine``: every lobby and running game the user is seated in, anywhere, with public facts only:
        where, how far, whose move (the user as "you", with their deadline) and a link to the table.
        The games waiting on the user come first; the reply is clipped to Discord's limit."""
        entries: list[tuple[bool, str]] = []
        for row in await self.store.games.games_of_user(user_id):
            table = await self.table(row.id)
            entries.append(await self._mine_line(row, table, user_id, lang, guild_name))
        if not entries:
            return t("mine.none", lang)
        lines = [line for _awaited, line in sorted(entries, key=lambda e: not e[0])]
        text = t("mine.title", lang, count=len(lines))
        for n, line in enumerate(lines):
            more = "\n" + t("mine.more", lang, n=len(lines) - n) if n < len(lines) - 1 else ""
            if len(text) + 1 + len(line) + len(more) > MINE_LIMIT:
                return text + "\n" + t("mine.more", lang, n=len(lines) - n)
            text += "\n" + line
        return text

    async def _mine_line(
        self, row: GameRow, table: Table, user_id: int, lang: str, guild_name: Callable[[int], str | None]
    ) -> tuple[bool, str]:
        """(whether the user is awaited, the game's line in ``/game mine``). ``row`` is fresh from the
        store: the cached table's row may predate the table message the delivery worker posted."""
        server = guild_name(row.guild_id) if row.guild_id is not None else None
        where = f"<#{row.channel_id}>" + (t("mine.server", lang, name=server) if server else "")
        mine = table.seat_of(user_id)
        awaited = False
        if table.game is None:
            state = t("mine.lobby", lang, count=len(table.seats), seats=max(self.face(table).rules.seats))
            host = t("prompt.you", lang) if row.host_id == user_id else table.host_name
            who = t("mine.lobby_wait", lang, host=host)
        else:
            state = self.face(row).progress(table.game, lang)
            clocks = {d.seat: d for d in await self.store.work.deadlines(table.id)}
            names = []
            for seat in sorted({d.seat for d in table.game.pending()}, key=lambda s: table.by_seat(s).position):
                if mine is not None and seat == mine.seat and not mine.is_ai:
                    awaited = True
                    clock = clocks.get(seat)
                    names.append(t("mine.you_until", lang, due=int(clock.due_at)) if clock else t("mine.you", lang))
                else:
                    names.append(table.names[seat])
            who = t("mine.waiting", lang, who=", ".join(names)) if names else ""
            if mine is not None and mine.away:
                who += t("mine.away", lang)
            if row.paused is not None:
                who += t("mine.paused", lang)
        link = (
            t(
                "mine.link",
                lang,
                url=f"https://discord.com/channels/{row.guild_id}/{row.channel_id}/{row.table_message_id}",
            )
            if row.guild_id is not None and row.table_message_id is not None
            else ""
        )
        return awaited, t("mine.line", lang, where=where, state=state, who=who, link=link)

    async def resume(self) -> list[Table]:
        """After a (re)start, and periodically: make sure AI seats that must decide do.

        This is also the watchdog: a game that waits on an AI seat without a live AI task
        (it died, or was never started) gets one. Only those games are loaded (one query finds them);
        any other game is loaded when it is first needed (a move, a delivery, a deadline, a command).
        """
        tables = []
        for game_id in await self.store.games.games_awaiting_ai():
            try:
                table = await self.table(game_id)
            except Exception:
                log.exception("game %s could not be loaded", game_id)
                continue
            tables.append(table)
            self.play.schedule_ai(table)
        return tables
