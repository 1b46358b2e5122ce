"""Playing: every move (a person's, a deadline's, an AI seat's) as one short sequence of named steps."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import replace
from typing import Any

from bot import logs
from bot.errors import Raced, UserError
from bot.face import Face
from bot.ops.metrics import Metrics
from bot.service.base import (
    AI_LEASE,
    ANSWER_HOLD,
    ANSWERED_IN_DM,
    GAME_OVER_FALLBACK,
    Outcome,
    ServiceBase,
    ServicePart,
)
from bot.store import Move, SeatRow, StaleVersion, Want
from bot.store.sqlite import DATABASE_ERRORS, StorageError
from bot.table import Table
from bot.words.i18n import clip, noun
from bot.words.logline import LogLine, per_language
from engine.protocol import Match

log = logging.getLogger(__name__)
#: what an AI move may fail with and be tried again after reloading the game (the database's errors: either store's)
_AI_RETRIED: tuple[type[Exception], ...] = (
    UserError,
    StaleVersion,
    StorageError,
    *DATABASE_ERRORS,
    LookupError,
    RuntimeError,
    ValueError,
)


class PlayService(ServicePart):
    """Moves and AI seats (``service.play``)."""

    def __init__(self, base: ServiceBase) -> None:
        super().__init__(base)
        #: where moves, refusals and AI decisions are counted (a bot hands in its own: ``bot.ops.metrics``)
        self.metrics = Metrics()

    async def time_out(self, game_id: int, seat: str, since: int) -> Outcome | None:
        """A deadline passed: play the seat's passive default (Ruling 5) through the normal move path.

        Only if that same decision (same ``since``) still waits on a person; None if it moved on,
        so a deadline can never make a move the player did not owe.
        """
        async with self.lock(game_id):
            table = await self.table(game_id)
            game = table.game
            if table.row.status != "active" or game is None or game.is_over() or table.since.get(seat) != since:
                return None
            if table.row.paused is not None:
                return None  # a paused game's clocks stand still (its rows are not even claimed)
            if seat not in {s for s, _, _ in table.waiting_people()}:
                return None
            action = game.default_action(seat)
            if action is None:
                return None
            # the first deadline a seat misses in a turn is a timeout; its further decisions of that turn
            # ("missed") take the default at once: a silent player costs the table one deadline per turn
            missed = table.by_seat(seat).missed_turn
            source = "missed" if missed is not None and missed == self.face(table).span(game) else "timeout"
            outcome = await self._act_locked(game_id, None, str(action), since, source, seat)
        self.publish(outcome)
        return outcome

    # ------------------------------------------------------------------ playing
    def seat_for(self, table: Table, user_id: int) -> SeatRow:
        seat = table.seat_of(user_id)
        if seat is None:
            raise UserError("err.not_player")
        return seat

    async def act(
        self,
        game_id: int,
        *,
        user_id: int | None,
        text: str,
        since: int | None = None,
        source: str = "command",
        seat: str | None = None,
    ) -> Outcome:
        """Apply one move for a user (or for an AI ``seat``) and commit it with its deliveries.

        Discord comes after: the caller answers its interaction, then calls ``publish``.
        """
        try:
            async with self.lock(game_id):
                return await self._act_locked(game_id, user_id, text, since, source, seat)
        except (UserError, StorageError) as e:
            self.metrics.refusal(e.key)
            raise

    def publish(self, outcome: Outcome) -> None:
        """After the caller has answered its interaction: deliver to Discord and let AI seats move."""
        self.wake()
        self.schedule_ai(outcome.table)

    async def _act_locked(
        self,
        game_id: int,
        user_id: int | None,
        text: str,
        since: int | None,
        source: str,
        seat_name: str | None,
    ) -> Outcome:
        """One move, the caller holding the game's lock: check → read → apply → record → commit → remember.

        On a database several processes share, a game cached in memory is played without first reading whether it
        is still the stored one (a read of its own for every move): the commit's version compare-and-set refuses a
        move played on a game another process moved meanwhile, and any refusal on a cached game is checked against
        the stored game (``stored_table``) and, where that differs, the move is played again on it. So a stale cache
        costs a retry, never a wrong refusal or a lost move."""
        cached = self.base.cached(game_id) if self.store.shared else None
        if cached is None:
            return await self._act_on(await self.table(game_id), game_id, user_id, text, since, source, seat_name)
        try:
            return await self._act_on(cached, game_id, user_id, text, since, source, seat_name)
        except UserError:
            if await self.base.stored_table(game_id) is cached:
                raise  # the cache was the stored game: the refusal stands
        return await self._act_on(await self.table(game_id), game_id, user_id, text, since, source, seat_name)

    async def _act_on(
        self,
        table: Table,
        game_id: int,
        user_id: int | None,
        text: str,
        since: int | None,
        source: str,
        seat_name: str | None,
    ) -> Outcome:
        committed, seat = self._check_move(table, user_id, seat_name, text, since)
        face = self.face(table)
        # the move is played on a copy (half a millisecond): until the commit, whoever reads the table in the
        # meantime (a delivery, a status, an autocomplete) sees the game as the database has it
        match = face.load(committed.to_json())
        action, label = self._read_move(face, table, match, seat, text)
        before = {d.seat for d in match.pending()}
        decision_since = table.since.get(seat, match.version)
        turn, span = face.turn(match), face.span(match)
        events = self._apply(face, match, action, game_id)
        since_now, new_decisions = self._dates(table, match)
        public = face.log_events(match, events)  # kept so that each reader gets them in their language
        lines, handover = self._log_lines(face, table, match, seat, public, source, label)
        finished = match.is_over()
        now = self.store.epoch()
        if source not in ("ai", "timeout", "missed"):
            table.acted_at[seat] = now
        missed_turn = span if source == "timeout" and handover is None else None
        hurry = [] if finished else self._hurried(table, face.span(match), seat, source, missed_turn)
        move = Move(
            game_id=game_id,
            version=match.version,
            seat=seat,
            user_id=user_id,
            text=str(action),
            source=source,
            decision_since=since_now,
            log_lines=lines,
            snapshot=match.to_json() if finished or match.version % max(1, self.settings.snapshot_every) == 0 else None,
            finished=finished,
            results=face.results(table, match) if finished else (),
            series_over=face.series_over,
            wants=[
                *self._wants(table, seat, source, before, since_now, new_decisions, finished, now, hurry),
                *self._missed_notice(table, seat, missed_turn, finished),
                *self._takeover(table, seat, handover),
            ],
            waiting=[
                (s.seat, s.user_id, since_now[s.seat])
                for s in table.seats
                if s.user_id is not None
                and not s.is_ai
                and s.seat in since_now
                and (handover is None or s.seat != seat)
            ],
            handover=handover,
            missed_turn=missed_turn,
            hurry=[s for s in hurry if s in since_now],
            events=[(n, json.dumps(evs)) for n, evs in face.split_by_turn(turn, public)],
        )
        await self._commit(move)
        self._remember(table, match, move, decision_since, handover)
        self.metrics.moved(table.row.game, source)
        return Outcome(table, seat, action, label, events, lines, new_decisions, finished)

    def _check_move(
        self, table: Table, user_id: int | None, seat_name: str | None, text: str, since: int | None
    ) -> tuple[Match, str]:
        """The running match and the seat that moves: refused if the game is not running or paused, the person
        holds no seat (or the AI plays it), the decision the button was made for moved on, or nothing waits on
        the seat."""
        if table.row.status == "lobby":
            raise UserError("err.not_lobby")
        match = table.game
        if table.row.status in ("over", "abandoned") or match is None or match.is_over():
            raise UserError("err.game_over")
        if table.row.paused is not None:
            raise UserError(f"err.paused_{table.row.paused}", channel=table.row.channel_name)
        if user_id is not None:
            row = self.seat_for(table, user_id)
            if row.is_ai:
                raise UserError("err.seat_away")
            seat = row.seat
        else:
            assert seat_name is not None
            seat = seat_name
        if since is not None and since != table.since.get(seat):
            last = table.last_move.get(seat)
            raise UserError("err.already_done" if last == (since, text) else "err.stale")
        if not match.legal_actions(seat):
            status = per_language(lambda lang: self.face(table).status(table, lang))
            raise UserError("err.not_your_turn", who=per_language(table.waiting_text), status=status)
        return match, seat

    def _read_move(self, face: Face, table: Table, match: Match, seat: str, text: str) -> tuple[Any, dict[str, str]]:
        """The action ``text`` names, and its label in every language (an illegal one reads as typed)."""
        try:
            action = match.parse_action(seat, text)
        except ValueError:
            raise UserError("err.unknown_move") from None
        if action in match.legal_actions(seat):
            return action, per_language(lambda lang: face.label(match, action, table.names, lang))
        return action, per_language(lambda _lang: clip(text, 100))

    def _apply(self, face: Face, match: Match, action: Any, game_id: int) -> list[dict[str, Any]]:
        """Apply the action to the match being moved (a copy of the cached one); an illegal one is refused with
        the game's own reason."""
        try:
            return match.apply(action)
        except ValueError as e:  # IllegalAction: nothing was changed
            english = clip(str(e), 300)
            reason = per_language(lambda lang: clip(face.refusal(match, action, lang), 300) or english)
            raise UserError("err.illegal", reason=reason) from None
        except Exception:
            log.exception("the engine failed on move %r of game %s", str(action), game_id)
            raise UserError("err.generic") from None  # only the copy was touched

    @staticmethod
    def _dates(table: Table, match: Match) -> tuple[dict[str, int], list[str]]:
        """Each waiting decision's date, and the seats whose decision is new. The engine dates a decision with
        the version it reached the seat at; one it did not re-date is the same decision as before, and keeps
        the date its buttons carry."""
        version = match.version
        since_now: dict[str, int] = {}
        new_decisions = []
        for d in match.pending():
            if d.opened != version and d.seat in table.since:
                since_now[d.seat] = table.since[d.seat]
            else:
                since_now[d.seat] = version
                new_decisions.append(d.seat)
        return since_now, new_decisions

    def _log_lines(
        self,
        face: Face,
        table: Table,
        match: Match,
        seat: str,
        public: list[dict[str, Any]],
        source: str,
        label: dict[str, str],
    ) -> tuple[list[LogLine], tuple[str, int, str] | None]:
        """The move's log lines from its ``public`` events; after a missed deadline, the line saying so, and
        the AI's handover when the seat has missed too many in a row."""
        names = table.names
        lines = [LogLine.event(e, names, face.describe) for e in public]
        handover: tuple[str, int, str] | None = None
        if source == "timeout":
            mover = table.by_seat(seat)
            lines.insert(0, LogLine.say("deadline.timed_out_log", name=names[seat], label=label))
            limit = self.settings.timeouts_to_ai
            if limit > 0 and mover.timeouts + 1 >= limit and not match.is_over():
                # too many turns missed in a row: the AI plays the seat from now on
                handover = (seat, max(1, face.turn(match)), face.rules.default_level)
                missed = mover.timeouts + 1
                turns = per_language(lambda lang: noun(face.key, "span.count", lang, n=missed))
                lines.append(LogLine.say("away.timeouts", name=names[seat], turns=turns))
        elif source == "missed":
            span = per_language(lambda lang: noun(face.key, "span.this", lang))
            lines.insert(0, LogLine.say("deadline.defaulted", name=names[seat], span=span, label=label))
        return lines, handover

    @staticmethod
    def _hurried(table: Table, span_now: int, seat: str, source: str, missed_turn: int | None) -> list[str]:
        """The people whose stretch of play (``Face.span``: a turn, an exchange) is already missed, a deadline of
        theirs having passed in it: each of their decisions falls due at once. A person who moves again is not."""
        out = []
        for s in table.seats:
            if s.is_ai or s.user_id is None:
                continue
            missed = s.missed_turn
            if s.seat == seat:
                if missed_turn is not None:
                    missed = missed_turn
                elif source not in ("timeout", "missed"):
                    missed = None
            if missed is not None and missed == span_now:
                out.append(s.seat)
        return out

    def _wants(
        self,
        table: Table,
        seat: str,
        source: str,
        before: set[str],
        since_now: dict[str, int],
        new_decisions: list[str],
        finished: bool,
        now: float,
        hurry: list[str],
    ) -> list[Want]:
        """The deliveries the move calls for: the table, each person's prompt whose decision began or ended, the
        game-over DMs, and the channel's notice of a turn missed (with its button handing the seat to the AI)."""
        wants = [Want("channel", delay=self._channel_delay(table, seat, since_now, finished))]
        for s in table.seats:
            if s.user_id is None:
                continue
            if finished and not table.row.tutorial:  # a tutorial's results come to the same DM already
                # due once the results are in the channel (the channel delivery brings it forward);
                # the delay is only the fallback should the process stop in between
                wants.append(Want("game_over", s.user_id, delay=GAME_OVER_FALLBACK))
            if s.is_ai:
                continue
            ended = s.seat in before and s.seat not in since_now
            if finished or ended or s.seat in new_decisions:
                # one new DM per burst of decisions: the mover's own follow-up, or a decision that
                # reaches someone who moved a moment ago, edits the DM they are looking at; a decision
                # that finds them away (no move of theirs for ``dm_idle`` seconds) comes as a new DM, which
                # notifies them (so does a timeout)
                idle = now - table.acted_at.get(s.seat, float("-inf"))
                recent = idle < min(self.settings.dm_burst, self.settings.dm_idle)
                # a missed turn's further decisions are played at once: their prompts edit, never notify
                edit = ((s.seat == seat or recent) and source != "timeout") or s.seat in hurry
                # the mover's own DM is being answered by their interaction: no worker edits it meanwhile
                hold = ANSWER_HOLD if s.seat == seat and source in ANSWERED_IN_DM else 0.0
                wants.append(Want("prompt", s.user_id, hint="edit" if edit else "", hold=hold))
        return wants

    def _channel_delay(self, table: Table, seat: str, since_now: dict[str, int], finished: bool) -> float:
        """When the channel shows a move: at once when the game ends or another person must now decide (they
        and the spectators see the table that asks it of them), else at the end of the mover's burst. While the
        next decisions are the mover's own (or an AI's, which answers in a moment), the table and the log wait
        up to ``burst_seconds``: a player's run of decisions becomes one table edit and one log post, not one
        of each per click. Every request still waits ``table_edit_interval`` after the channel's last update."""
        if finished:
            return 0.0
        others = [s for s in since_now if s != seat and not table.by_seat(s).is_ai]
        if others:
            return self.settings.table_edit_interval
        return max(self.settings.burst_seconds, self.settings.table_edit_interval)

    @staticmethod
    def _missed_notice(table: Table, seat: str, missed_turn: int | None, finished: bool) -> list[Want]:
        """A turn missed (and the seat not handed over): the channel is told, with a button any player may press
        to hand the silent seat to the AI at once."""
        user_id = table.by_seat(seat).user_id
        if missed_turn is None or finished or user_id is None:
            return []
        return [Want("missed", user_id, hint=str(missed_turn))]

    @staticmethod
    def _takeover(table: Table, seat: str, handover: tuple[str, int, str] | None) -> list[Want]:
        """A seat handed to the AI after too many missed deadlines: its person is told by DM, with a button that
        takes it back."""
        mover = table.by_seat(seat)
        if handover is None or mover.user_id is None:
            return []
        return [Want("takeover", mover.user_id, hint=f"timeouts:{mover.timeouts + 1}")]

    async def _commit(self, move: Move) -> None:
        """Write the move with everything it changed, in one transaction under the version compare-and-set. The
        cached game is still the committed one; it is dropped (to be reloaded) when it proved stale, or when the
        commit's fate is unknown."""
        try:
            await self.store.play.record(move)
        except StaleVersion:
            # another writer committed first: this cache was stale; reload and let the player retry
            self._drop(move.game_id)
            raise Raced() from None
        except StorageError:
            # the database is busy, full or read-only: nothing was written, and the player is told why
            raise
        except asyncio.CancelledError:
            # cancelled mid-commit (a shutdown): its fate is unknown, so the cache goes, and the task must stop;
            # turned into a refusal, it kept an AI task retrying for ever after its event loop began to close
            self._drop(move.game_id)
            raise
        except BaseException:
            log.exception("could not commit move %s of game %s", move.text, move.game_id)
            self._drop(move.game_id)
            raise UserError("err.generic") from None
        self.base.moved(move.game_id)

    @staticmethod
    def _remember(
        table: Table, match: Match, move: Move, decision_since: int, handover: tuple[str, int, str] | None
    ) -> None:
        """The cached table after the commit: the match as it now is, decision dates, the seat's move, its count of
        deadlines missed in a row (as ``record`` keeps it), its handover to the AI, the row's version and status."""
        table.game = match
        seat = move.seat
        table.since = dict(move.decision_since)
        table.last_move[seat] = (decision_since, move.text)
        mover = table.by_seat(seat)
        if handover is not None:
            _, since, level = handover
            row = replace(mover, is_ai=True, ai_level=level, ai_since=since, timeouts=0, missed_turn=None)
        elif move.missed_turn is not None:
            row = replace(mover, timeouts=mover.timeouts + 1, missed_turn=move.missed_turn)
        elif move.source in ("ai", "timeout", "missed"):
            row = mover
        else:
            row = replace(mover, timeouts=0, missed_turn=None)
        table.seats = [row if s.seat == seat else s for s in table.seats]
        status = "over" if move.finished else "active"
        table.row = replace(table.row, version=move.version, decision_since=table.since, status=status)

    # ------------------------------------------------------------------ AI seats
    def schedule_ai(self, table: Table) -> None:
        """Let the game's AI seats move, if one must (one task per game)."""
        if not table.in_play or table.game is None:
            return
        ai_seats = {s.seat for s in table.seats if s.is_ai}
        if not any(d.seat in ai_seats for d in table.game.pending()):
            return
        running = self._ai_tasks.get(table.id)
        if running and not running.done():
            return
        self._ai_tasks[table.id] = asyncio.create_task(self._run_ai(table.id), name=f"ai-{table.id}")

    async def _run_ai(self, game_id: int) -> None:
        """AI seats think for the AI delay setting's seconds, then move, until a human must act.

        A refused or failed move is retried after reloading the game, with a growing pause,
        so a game never stands still while an AI seat could act. On a shared database one process at a time plays
        a game's AI seats: the task holds the game's AI lease (``AI_LEASE``), renewed before a move once half of it
        has passed (a write per half lease, not per move), and stops if another process holds it.
        """
        logs.log_about(game_id)  # every line of this task names its game, whoever started it (a move, the watchdog)
        held = False
        renew_at = 0.0
        try:
            failures = 0
            while True:
                backoff = min(AI_RETRY_CAP, AI_RETRY_BASE * 2 ** (failures - 1))
                pause = self.settings.ai_delay if failures == 0 else backoff
                await asyncio.sleep(pause)
                try:
                    if self.store.shared and self.store.epoch() >= renew_at:
                        if not await self.store.hosts.claim_ai(game_id, self.store.host_id, AI_LEASE):
                            log.debug("game %s: another process plays its AI seats", game_id)
                            return
                        held, renew_at = True, self.store.epoch() + AI_LEASE / 2
                    if not await self._ai_move(game_id):
                        return
                except asyncio.CancelledError:
                    raise
                except _AI_RETRIED as e:
                    failures += 1
                    log.warning("AI move failed in game %s (attempt %s): %s; reloading, retrying", game_id, failures, e)
                    self._drop(game_id)
                    for key in [k for k in self._ai if k[0] == game_id]:
                        del self._ai[key]
                    continue
                failures = 0
                self.wake()
        finally:
            if held and not self.store.closed:
                try:
                    await self.store.hosts.release_ai(game_id, self.store.host_id)
                except Exception:  # it runs out on its own
                    log.info("could not release the AI seats of game %s", game_id)

    async def _ai_move(self, game_id: int) -> bool:
        """One AI decision of the game, thought out and committed (or dropped because someone moved meanwhile: it
        is looked at again); False if no AI seat has a decision to make."""
        async with self.lock(game_id):
            table = await self.table(game_id)
            game = table.game
            if not table.in_play or game is None:
                return False
            ai_seats = [s for s in table.seats if s.is_ai]
            pending = {d.seat for d in game.pending()}
            seat = next((s for s in ai_seats if s.seat in pending), None)
            if seat is None:
                return False
            rules = self.face(table).rules
            # a seat stored without a level (older releases), or with one this game lacks: the game's default
            level = seat.ai_level if seat.ai_level in rules.ai_levels else rules.default_level
            key = (game_id, seat.seat)
            player = self._ai.get(key)
            if player is None:
                budget = self.settings.ai_budget
                player = rules.make_player(level, seed=table.row.seed + seat.position, budget=budget)
                self._ai[key] = player
            view, actions = rules.ai_input(game, seat.seat)
            version = game.version
        # a search thinks for up to a second: off the event loop (in a worker process: ``bot.workers.thinking``), on
        # the seat's view alone, and outside the game's lock, so the table, autocomplete and people's moves
        # never wait for it
        started = time.perf_counter()
        action, after = await self.thinker.choose(level, player, view, actions)
        self.metrics.ai_think.observe(time.perf_counter() - started)
        if self._ai.get(key) is player:
            self._ai[key] = after  # the player as the decision left it (a worker sends back a copy)
        if action not in actions:
            raise ValueError(f"the AI chose {action}, which is not a legal move")
        async with self.lock(game_id):
            table = await self.table(game_id)
            game = table.game
            if not table.in_play or game is None:
                return False
            # a thought for a position an undo took back is thrown away, even if its move is still legal: the
            # restored position may differ in what the seat cannot see move for move
            moved_on = game.version != version and (
                action not in game.legal_actions(seat.seat) or table.last_undo > version
            )
            if moved_on or not table.by_seat(seat.seat).is_ai:
                return True  # someone moved (or took the seat back) while it thought: look again
            await self._act_locked(game_id, None, str(action), None, "ai", seat.seat)
        return True


AI_RETRY_BASE = 1.0
AI_RETRY_CAP = 60.0
