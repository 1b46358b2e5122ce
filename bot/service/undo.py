"""Taking back one's own last move (``/game undo``, the prompt's Undo button), when that is fair.

A person may take back their last move while it is still the game's last action (nobody else, no AI seat and no
deadline has acted since) and it showed nothing that was hidden (``engine.protocol.revealed``: no card drawn,
nothing shuffled or dealt, no hidden card shown, no automatic decision of another seat). Whether it revealed
anything is worked out from the stored game itself: the position before the move is loaded and the move played
on it again, so nothing has to be remembered about a move when it is made.

An undo is a new action (``engine.protocol.Match.taken_back``): the position before the move, numbered one
version later. Versions only go up, so a version names one state for ever: a cached table (checked against the
stored version on PostgreSQL) or a button made for the undone position never looks current, and a button made
for the restored decision (same date) is good again, as it asks the very same thing. Deadlines are put back as
they were (``actions.replaced``): the restored decision keeps its original deadline, so nobody gains time by
undoing, and a reminder already sent is not sent again.
"""

from __future__ import annotations

from dataclasses import replace

from bot.errors import UserError
from bot.service.base import ANSWER_HOLD, ANSWERED_IN_DM, Outcome, ServiceBase, ServicePart
from bot.service.play import PlayService
from bot.service.reading import ReadingService
from bot.store import AUTO_SOURCES, UNDO, NotUndoable, StaleVersion, Undo, Want
from bot.table import Table
from bot.words.logline import LogLine, per_language
from engine.protocol import Match, revealed


class UndoService(ServicePart):
    """``/game undo`` (``service.undo``): a person's own last move taken back, if it is still the last and revealed
    nothing."""

    def __init__(self, base: ServiceBase, play: PlayService, reading: ReadingService) -> None:
        super().__init__(base)
        self.play = play
        self.reading = reading

    async def undo(self, game_id: int, user_id: int, version: int | None = None, via: str = "command") -> Outcome:
        """Take back ``user_id``'s last move in the game and commit it with its deliveries; the caller answers its
        interaction, then calls ``publish`` (the AI seats look at the restored position). ``version``: the
        version the move made, which a DM's Undo button carries (the button takes back that move and no later
        one). A refusal (``UserError``) changes nothing and says why."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            seat = self._undoer(table, user_id)
            earlier, label = await self._undoable(table, seat, user_id, version)
            assert table.game is not None
            restored = table.game.taken_back(earlier.to_json())
            undo = Undo(
                game_id=game_id,
                version=restored.version,
                seat=seat,
                user_id=user_id,
                snapshot=restored.to_json(),
                log_lines=[LogLine.say("undo.log", name=table.names[seat])],
                wants=self._undo_wants(table, restored, seat, via),
            )
            try:
                replaced = await self.store.undo.undo(undo)
            except (StaleVersion, NotUndoable):
                self._drop(game_id)  # someone acted first (another process, a deadline): read the game again
                raise UserError("undo.too_late") from None
            except BaseException:
                self._drop(game_id)  # a failed or cancelled write: its fate may be unknown, so the game is read again
                raise
            self.base.moved(game_id)
            table.game = restored
            table.since = dict(replaced.decision_since)
            table.last_move.pop(seat, None)
            table.last_undo = restored.version
            table.acted_at[seat] = self.store.epoch()
            mover = table.by_seat(seat)
            row = replace(mover, timeouts=replaced.timeouts, missed_turn=replaced.missed_turn)
            table.seats = [row if s.seat == seat else s for s in table.seats]
            table.row = replace(table.row, version=restored.version, decision_since=table.since)
            new_decisions = [d.seat for d in restored.pending()]
            return Outcome(table, seat, None, label, [], list(undo.log_lines), new_decisions, False)

    async def table_for_undo(self, user_id: int, channel_id: int | None, in_guild: bool, game_id: int | None) -> Table:
        """The game ``/game undo`` means: in a server channel, that channel's game; in a DM, the chosen game, else
        the tutorial played in this DM, else the one running game the user has a seat in."""
        if in_guild or game_id is not None:
            return await self.reading.table_for_move(user_id, channel_id if in_guild else None, game_id)
        if channel_id is not None:
            row = await self.store.games.open_game_in(channel_id)
            if row is not None and row.tutorial:
                return await self.table(row.id)
        mine = await self.reading.games_of(user_id)
        if not mine:
            raise UserError("err.no_active_game")
        if len(mine) > 1:
            raise UserError("err.which_game", games=", ".join(f"#{t.row.channel_name}" for t in mine))
        return mine[0]

    def _undoer(self, table: Table, user_id: int) -> str:
        """The seat of the person asking, if the game runs and they play it themselves."""
        if table.row.status == "lobby":
            raise UserError("err.not_lobby")
        if table.row.status in ("over", "abandoned") or table.game is None or table.game.is_over():
            raise UserError("err.game_over")
        if table.row.paused is not None:
            raise UserError(f"err.paused_{table.row.paused}", channel=table.row.channel_name)
        row = self.play.seat_for(table, user_id)
        if row.is_ai:
            raise UserError("err.seat_away")
        return row.seat

    async def can_undo(self, table: Table, seat: str, user_id: int) -> bool:
        """Whether ``user_id`` could take back their last move now (a DM shows its Undo button only then); the
        caller holds the game's lock."""
        try:
            await self._undoable(table, seat, user_id, table.row.version)
        except UserError:
            return False
        return True

    async def _undoable(
        self, table: Table, seat: str, user_id: int, version: int | None = None
    ) -> tuple[Match, dict[str, str]]:
        """The position before the person's last move, and that move's label in each language; refused, saying
        which reason, unless the move is the game's last action (and the one that made ``version``, if given),
        theirs, and revealed nothing."""
        last = await self.store.undo.last_action(table.id)
        if last is None or last[0] != table.row.version:
            raise UserError("undo.nothing" if last is None else "undo.too_late")
        seq, by, by_user, text, source = last
        if by != seat:
            raise UserError("undo.others_acted")
        if source == UNDO:
            raise UserError("undo.already")
        if version is not None and version != seq:
            raise UserError("err.stale")  # a button of an earlier move: the latest DM offers the latest one
        if source in AUTO_SOURCES or by_user != user_id:
            raise UserError("undo.not_yours_ai" if source == "ai" else "undo.not_yours_deadline")
        face = self.face(table)
        state, actions = await self.store.undo.load_before(table.id, seq)
        earlier = face.load(state)
        for _, s, t in actions:
            earlier.apply(earlier.parse_action(s, t))
        if earlier.version != seq - 1:
            raise RuntimeError(f"game {table.id} replays to version {earlier.version} before move {seq}")
        again = face.load(earlier.to_json())
        action = again.parse_action(seat, text)
        label = per_language(lambda lang: face.label(again, action, table.names, lang))
        hidden = again.secrets()
        events = again.apply(action)
        if revealed(hidden, again.secrets(), events, seat):
            raise UserError("undo.revealed", label=label)
        return earlier, label

    def _undo_wants(self, table: Table, restored: Match, seat: str, via: str) -> list[Want]:
        """The deliveries an undo calls for: the table and log in the channel at once, and the prompt of every
        person whose decision the undo ends or brings back (edited in place: the undoer is looking at theirs; a
        DM's Undo button answers in that DM, which no worker edits meanwhile). A delivery already queued for the
        undone position shows the restored one, as every delivery shows the game as it is when it runs."""
        assert table.game is not None
        asked = {d.seat for d in table.game.pending()} | {d.seat for d in restored.pending()}
        wants = [Want("channel", delay=self.settings.table_edit_interval)]
        for s in table.seats:
            if s.user_id is not None and not s.is_ai and s.seat in asked:
                hold = ANSWER_HOLD if s.seat == seat and via in ANSWERED_IN_DM else 0.0
                wants.append(Want("prompt", s.user_id, hint="edit", hold=hold))
        return wants
