"""Pieces of SQL that several of the store's transactions share: a move's log lines and deliveries, a game's
start, the seats the AI takes over, the decisions' clocks, a finished game's results. Each runs on the writer
thread, inside the caller's ``BEGIN IMMEDIATE`` transaction."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from bot.clocks.waking import Quiet, stored_quiet, waking_add, waking_between, zone
from bot.ratings.rating import Entrant, Skill, ai_player, rate
from bot.store.rows import CHANNEL_KINDS, Delivery, ResultRow, SeriesOver, Want, reached
from bot.store.sqlite import Conn, one, rows
from bot.words.logline import LogLine
from engine.games import GAMES

_SERIES_COLS = "id, guild_id, channel_id, host_id, target, status, kind"
#: the first key of every game's advisory lock (the second is the game's id): a key space of the store's own
_GAME_LOCKS = 0x4E46_4741  # "NFGA"


def lock_game(conn: Conn, game_id: int) -> None:
    """Serialise the transactions that write one game, across every process on a PostgreSQL database: the first
    statement of each such transaction waits here for the one before it (released at its commit). SQLite needs
    nothing: its transactions take the whole file's write lock."""
    if not isinstance(conn, sqlite3.Connection):
        conn.execute("SELECT pg_advisory_xact_lock(?, CAST(? AS INTEGER))", (_GAME_LOCKS, game_id)).close()


def _add_results(
    conn: Conn, game_id: int, results: Sequence[ResultRow], now: str, series_over: SeriesOver = reached
) -> None:
    """A finished game's results and the ratings they change (``_rate``); if the game is part of a running series
    and the game's rule says the totals now end it (``series_over``), the series is over, in this same
    transaction."""
    if not results:
        return
    conn.executemany(
        "INSERT INTO results (game_id, seat, user_id, display_name, place, score) VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, r.seat, r.user_id, r.display_name, r.place, r.score) for r in results],
    )
    _rate(conn, game_id, now)
    row = one(
        conn,
        "SELECT s.id, s.target FROM games g JOIN series s ON s.id = g.series_id WHERE g.id = ? AND s.status = 'running'",
        (game_id,),
    )
    if row is None:
        return
    totals = conn.execute(
        "SELECT SUM(r.score) FROM results r JOIN games g ON g.id = r.game_id WHERE g.series_id = ? GROUP BY r.seat",
        (row[0],),
    ).fetchall()
    if series_over([int(t[0]) for t in totals], int(row[1])):
        conn.execute("UPDATE series SET status = 'over', finished_at = ? WHERE id = ?", (now, row[0]))


def _rate(conn: Conn, game_id: int, now: str) -> bool:
    """Update the ratings a finished game changes, from its results rows, once: the game's ``rated`` mark is set
    in the same transaction, so a retried transaction, a second process (both under the game's lock) or a
    start-up back-fill never rates it twice. True if ratings changed.

    Rated: a finished game in a server (not a tutorial) with a person and at least one other entrant. A seat the
    AI played while its person was away is the person's, as in the results and ``/game stats``; an AI seat is
    entered under its level (``ai:<level>``; a seat stored without one, under its game's default level). Two seats of one player (two AI seats at one level) enter once, by
    the better place: the other still played, but one game cannot be two results of one rating."""
    game = one(conn, "SELECT guild_id, game, status, tutorial, rated FROM games WHERE id = ?", (game_id,))
    if game is None or game[2] != "over" or game[4]:
        return False
    conn.execute("UPDATE games SET rated = 1 WHERE id = ?", (game_id,))
    guild_id, key = game[0], str(game[1])
    if guild_id is None or game[3]:
        return False
    entered: dict[str, tuple[int, int | None]] = {}  # player → (place, user id), the best seat first
    rules = GAMES.get(key)
    default_level = rules.default_level if rules is not None else ""
    for _seat, user_id, place, level in rows(
        conn,
        "SELECT r.seat, r.user_id, r.place, s.ai_level FROM results r LEFT JOIN seats s "
        "ON s.game_id = r.game_id AND s.seat = r.seat WHERE r.game_id = ? ORDER BY r.place, r.seat",
        (game_id,),
    ):
        player = str(user_id) if user_id is not None else ai_player(level or default_level)
        entered.setdefault(player, (int(place), user_id))
    if len(entered) < 2 or all(user_id is None for _, user_id in entered.values()):
        return False
    names = list(entered)
    before = {
        str(r[0]): Skill(float(r[1]), float(r[2]))
        for r in rows(
            conn,
            f"SELECT player, mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND player IN ({', '.join('?' * len(names))})",
            (guild_id, key, *names),
        )
    }
    after = rate([Entrant(p, place, before.get(p)) for p, (place, _) in entered.items()])
    conn.executemany(
        "INSERT INTO ratings (guild_id, game, player, user_id, mu, sigma, games, wins, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, game, player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1, wins = ratings.wins + excluded.wins, "
        "updated_at = excluded.updated_at",
        [
            (guild_id, key, p, entered[p][1], skill.mu, skill.sigma, int(entered[p][0] == 1), now)
            for p, skill in after.items()
        ],
    )
    return bool(after)


def _people(conn: Conn, game_id: int, host_id: int | None = None) -> list[int]:
    """Every person seated in a game (also those the AI plays for), and its host if given, each once."""
    found = {
        int(r[0]) for r in rows(conn, "SELECT user_id FROM seats WHERE game_id = ? AND user_id IS NOT NULL", (game_id,))
    }
    return sorted(found | ({host_id} if host_id is not None else set()))


def _seat_list(conn: Conn, game_id: int) -> list[tuple[str, int | None]]:
    """A game's stored (seat, user id), in seat order."""
    return [
        (str(r[0]), r[1])
        for r in rows(conn, "SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,))
    ]


def _begin(
    conn: Conn,
    game_id: int,
    version: int,
    state: str,
    log_rows: Sequence[tuple[str, str]],
    wants: Sequence[Want],
    waiting: Sequence[tuple[str, int, int]],
    now: str,
    epoch: float,
) -> None:
    """What a game's start writes besides its status: the first snapshot, the first log line, the first
    deliveries and the first clocks."""
    conn.execute(
        "INSERT INTO snapshots (game_id, version, state, at) VALUES (?, ?, ?, ?)", (game_id, version, state, now)
    )
    _add_log(conn, game_id, version, log_rows, now)
    _want(conn, game_id, wants, epoch)
    _sync_deadlines(conn, game_id, waiting, epoch)


def _hand_to_ai(conn: Conn, game_id: int, seat: str, turn: int, level: str | None) -> bool:
    """The AI plays a person's seat from ``turn`` on, at ``level`` (the game's default level, which None also
    means); the seat keeps the person's user id."""
    cur = conn.execute(
        "UPDATE seats SET is_ai = 1, ai_level = ?, ai_since = ?, timeouts = 0, missed_turn = NULL "
        "WHERE game_id = ? AND seat = ? AND is_ai = 0 AND user_id IS NOT NULL",
        (level, turn, game_id, seat),
    )
    conn.execute("DELETE FROM deadlines WHERE game_id = ? AND seat = ?", (game_id, seat))
    return cur.rowcount == 1


def _sync_deadlines(
    conn: Conn,
    game_id: int,
    waiting: Sequence[tuple[str, int, int]],
    epoch: float,
    hurry: Collection[str] = (),
) -> None:
    """Make the game's clocks match the decisions people have after a move.

    A decision that still stands (same seat, same ``since``) keeps its clock; a new one gets a
    clock of the game's current setting, starting now; a decision that ended loses its clock.
    A seat in ``hurry`` has already missed this turn: its decision falls due now (whatever the
    setting), so the deadline worker plays its default at once, even after a restart.
    """
    keep = [seat for seat, _, _ in waiting]
    if keep:
        conn.execute(
            f"DELETE FROM deadlines WHERE game_id = ? AND seat NOT IN ({', '.join('?' * len(keep))})",
            (game_id, *keep),
        )
    else:  # ``NOT IN ()``: SQLite reads it as true for every row, PostgreSQL not at all
        conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    row = one(conn, "SELECT deadline_seconds FROM games WHERE id = ?", (game_id,))
    seconds = row[0] if row else None
    for seat, user_id, since in waiting:
        if seat in hurry:
            conn.execute(
                "INSERT INTO deadlines (game_id, seat, user_id, since, opened_at, remind_at, warn_at, due_at, stage, "
                "next_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 2, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, since = excluded.since, "
                "opened_at = excluded.opened_at, remind_at = excluded.remind_at, warn_at = excluded.warn_at, "
                "due_at = excluded.due_at, stage = 2, next_at = excluded.next_at, lease_until = 0, attempts = 0, "
                "last_error = NULL",
                (game_id, seat, user_id, since, epoch, epoch, epoch, epoch, epoch),
            )
            continue
        if seconds is None:
            conn.execute("DELETE FROM deadlines WHERE game_id = ? AND seat = ? AND since != ?", (game_id, seat, since))
            continue
        remind, warn, due = _clock(conn, user_id, _clock_start(conn, game_id, seat, user_id, epoch), seconds)
        conn.execute(
            "INSERT INTO deadlines (game_id, seat, user_id, since, opened_at, remind_at, warn_at, due_at, stage, next_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, since = excluded.since, "
            "opened_at = excluded.opened_at, remind_at = excluded.remind_at, warn_at = excluded.warn_at, "
            "due_at = excluded.due_at, stage = 0, next_at = excluded.next_at, lease_until = 0, attempts = 0, "
            "last_error = NULL WHERE deadlines.since != excluded.since",
            (game_id, seat, user_id, since, epoch, remind, warn, due, remind),
        )


def person_time(conn: Conn, user_id: int) -> tuple[ZoneInfo, Quiet | None]:
    """The person's time zone (UTC when none is set) and quiet hours (``/me``)."""
    row = one(conn, "SELECT timezone, quiet_start, quiet_end FROM players WHERE user_id = ?", (user_id,))
    return (zone(row[0]), stored_quiet(row[1], row[2])) if row else (zone(None), None)


def _clock(conn: Conn, user_id: int, epoch: float, seconds: float) -> tuple[float, float, float]:
    """(remind, warn, due) of a decision of ``seconds`` that reaches the person at ``epoch``: at half, three
    quarters and all of the time, counted in their waking time (their clock stands still in their quiet hours)."""
    tz, quiet = person_time(conn, user_id)
    return (
        waking_add(epoch, seconds / 2, tz, quiet),
        waking_add(epoch, seconds * 3 / 4, tz, quiet),
        waking_add(epoch, seconds, tz, quiet),
    )


def _clock_start(conn: Conn, game_id: int, seat: str, user_id: int, epoch: float) -> float:
    """When a decision that reaches the seat at ``epoch`` starts its clock: at once, or when its person's time away
    (``/me away``) ends for this game. A game that starts while its person is away joins their time away here."""
    row = one(conn, "SELECT away_until FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
    if row and row[0] is not None:
        return max(epoch, float(row[0]))
    stop = _join_time_away(conn, game_id, seat, user_id, epoch)
    return epoch if stop is None else max(epoch, stop)


def _join_time_away(conn: Conn, game_id: int, seat: str, user_id: int, epoch: float) -> float | None:
    """A person away (``/me away``) whose seat in this game has no time away yet (the game started, or first asked
    them, after they left): its clock stands still until they are back, within the game's allowance, and the
    channel reads one line, as for the games running when they left. When the clock runs again; None if it runs."""
    away = one(conn, "SELECT away_until FROM players WHERE user_id = ?", (user_id,))
    if away is None or away[0] is None or float(away[0]) <= epoch:
        return None  # not away (one look-up by key)
    until = float(away[0])
    found = one(
        conn,
        "SELECT g.away_days, s.away_used, s.display_name, g.version FROM seats s JOIN games g ON g.id = s.game_id "
        "WHERE s.game_id = ? AND s.seat = ?",
        (game_id, seat),
    )
    if found is None:
        return None
    days, used, name, version = found
    stop = min(until, epoch + max(0.0, int(days) * 86400 - float(used)))
    if stop <= epoch:
        return None  # this game allows no (more) time away: its clock runs, and the line is not repeated each move
    conn.execute(
        "UPDATE seats SET away_until = ?, away_used = away_used + ? WHERE game_id = ? AND seat = ?",
        (stop, stop - epoch, game_id, seat),
    )
    line = _say("away.log" if stop >= until else "away.log_capped", name=name, until=int(until), stop=int(stop))
    _add_log(conn, game_id, int(version), [line], datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds"))
    _want(conn, game_id, [Want("channel")], epoch)
    return stop


def _come_back(conn: Conn, user_id: int, epoch: float, now: str) -> list[int]:
    """The person is back (``/me away days:0``, or a move of theirs): every seat of theirs whose clock stood still
    runs again from now with the waking time it had left, the allowance not taken is given back, and each game's
    channel reads one line. The games told."""
    told: list[int] = []
    away = one(conn, "SELECT away_until FROM players WHERE user_id = ?", (user_id,))
    if away is None or away[0] is None:
        return told  # not away (every move asks: one look-up by key)
    found = rows(
        conn,
        "SELECT s.game_id, s.seat, s.away_until, s.display_name, g.version FROM seats s JOIN games g ON g.id = s.game_id "
        "WHERE s.user_id = ? AND s.away_until IS NOT NULL ORDER BY s.game_id",
        (user_id,),
    )
    for game_id, seat, stop, name, version in found:
        if float(stop) > epoch:
            lock_game(conn, game_id)  # another game's log: its next line number is read under its lock
            conn.execute(
                "UPDATE seats SET away_used = MAX(0, away_used - ?) WHERE game_id = ? AND seat = ?",
                (float(stop) - epoch, game_id, seat),
            )
            _move_clocks(conn, "WHERE game_id = ? AND seat = ?", (game_id, seat), float(stop), epoch)
            _add_log(conn, game_id, int(version), [_say("away.log_back", name=name)], now)
            _want(conn, game_id, [Want("channel")], epoch)
            told.append(int(game_id))
        conn.execute("UPDATE seats SET away_until = NULL WHERE game_id = ? AND seat = ?", (game_id, seat))
    conn.execute("UPDATE players SET away_until = NULL WHERE user_id = ? AND away_until IS NOT NULL", (user_id,))
    return told


def _go_away(conn: Conn, user_id: int, until: float, epoch: float, now: str) -> list[tuple[int, float]]:
    """The person is away until ``until``: the clock of each seat of theirs in a running game stands still until
    then, or until the game's allowance runs out (a time away before this one is over first). (game, when its
    clock runs again) for each game."""
    _come_back(conn, user_id, epoch, now)
    conn.execute(
        "INSERT INTO players (user_id, away_until) VALUES (?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until",
        (user_id, until),
    )
    out = []
    found = rows(
        conn,
        "SELECT s.game_id, s.seat, g.away_days, s.away_used, s.display_name, g.version FROM seats s "
        "JOIN games g ON g.id = s.game_id WHERE s.user_id = ? AND s.is_ai = 0 AND g.status = 'active' ORDER BY g.id",
        (user_id,),
    )
    for game_id, seat, days, used, name, version in found:
        lock_game(conn, game_id)  # as in ``_come_back``: the game's log is written under its lock
        stop = min(until, epoch + max(0.0, int(days) * 86400 - float(used)))
        if stop > epoch:
            conn.execute(
                "UPDATE seats SET away_until = ?, away_used = away_used + ? WHERE game_id = ? AND seat = ?",
                (stop, stop - epoch, game_id, seat),
            )
            _move_clocks(conn, "WHERE game_id = ? AND seat = ?", (game_id, seat), epoch, stop)
        key = "away.log" if stop >= until else "away.log_capped" if stop > epoch else "away.log_none"
        line = _say(key, name=name, until=int(until), stop=int(stop))
        _add_log(conn, game_id, int(version), [line], now)
        _want(conn, game_id, [Want("channel")], epoch)
        out.append((int(game_id), stop))
    return out


def _say(key: str, **fields: object) -> tuple[str, str]:
    """A bot sentence as a log row (its English text, and what it says)."""
    line = LogLine.say(key, **fields)
    return line.text("en"), line.dumps()


def _move_clocks(
    conn: Conn,
    where: str,
    args: tuple[object, ...],
    stood: float,
    epoch: float,
    rules: tuple[ZoneInfo, Quiet | None] | None = None,
) -> None:
    """Move the clocks ``where`` selects on: each stage keeps the waking time it had left at ``stood`` and counts
    it again from ``epoch``. After a pause, ``stood`` is when the game stopped; after a person changed their zone
    or quiet hours, ``stood`` is now and ``rules`` their old (zone, quiet hours): what was left under those."""
    found = rows(
        conn, f"SELECT game_id, seat, since, user_id, remind_at, warn_at, due_at, next_at FROM deadlines {where}", args
    )
    for game_id, seat, since, user_id, *stages in found:
        tz, quiet = person_time(conn, int(user_id))
        old_tz, old_quiet = rules if rules is not None else (tz, quiet)
        moved = [
            at if at <= stood else waking_add(epoch, waking_between(stood, at, old_tz, old_quiet), tz, quiet)
            for at in (float(a) for a in stages)
        ]  # a stage already due stays due
        conn.execute(
            "UPDATE deadlines SET remind_at = ?, warn_at = ?, due_at = ?, next_at = ?, lease_until = 0 "
            "WHERE game_id = ? AND seat = ? AND since = ?",
            (*moved, game_id, seat, since),
        )


#: a deadline row's columns an undo puts back as they were (its lease and retries start afresh)
_CLOCK_COLS = "seat, user_id, since, opened_at, remind_at, warn_at, due_at, stage, next_at"


def _replaced(conn: Conn, game_id: int, seat: str) -> str:
    """What a person's move is about to replace, as ``actions.replaced`` keeps it (JSON): the decisions' dates,
    every deadline row of the game, and the mover's count of turns missed in a row."""
    found = one(  # the game's dates and the mover's seat in one read
        conn,
        "SELECT g.decision_since, s.timeouts, s.missed_turn FROM games g "
        "LEFT JOIN seats s ON s.game_id = g.id AND s.seat = ? WHERE g.id = ?",
        (seat, game_id),
    )
    clocks = rows(conn, f"SELECT {_CLOCK_COLS} FROM deadlines WHERE game_id = ? ORDER BY seat", (game_id,))
    return json.dumps(
        {
            "since": json.loads(found[0]) if found and found[0] is not None else {},
            "timeouts": int(found[1]) if found and found[1] is not None else 0,
            "missed_turn": found[2] if found else None,
            "deadlines": [list(r) for r in clocks],
        },
        separators=(",", ":"),
    )


def _put_back_clocks(conn: Conn, game_id: int, clocks: Sequence[Sequence[object]]) -> None:
    """The game's deadline rows as a move found them: the very same clocks (no one gains time by an undo, and a
    reminder already sent is not sent again), for the seats a person still plays. A row the move left as it was
    is not touched, so a reminder the deadline worker is sending for it right now is not sent twice."""
    keep = [str(c[0]) for c in clocks]
    if keep:
        conn.execute(
            f"DELETE FROM deadlines WHERE game_id = ? AND seat NOT IN ({', '.join('?' * len(keep))})", (game_id, *keep)
        )
    else:  # ``NOT IN ()``: SQLite reads it as true for every row, PostgreSQL not at all
        conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    for seat, user_id, since, opened_at, remind_at, warn_at, due_at, stage, next_at in clocks:
        conn.execute(
            f"INSERT INTO deadlines (game_id, {_CLOCK_COLS}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? "
            "WHERE EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND seat = ? AND user_id = ? AND is_ai = 0) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, since = excluded.since, "
            "opened_at = excluded.opened_at, remind_at = excluded.remind_at, warn_at = excluded.warn_at, "
            "due_at = excluded.due_at, stage = excluded.stage, next_at = excluded.next_at, lease_until = 0, "
            "attempts = 0, last_error = NULL "
            "WHERE deadlines.since != excluded.since OR deadlines.due_at != excluded.due_at",
            (
                game_id,
                seat,
                user_id,
                since,
                opened_at,
                remind_at,
                warn_at,
                due_at,
                stage,
                next_at,
                game_id,
                seat,
                user_id,
            ),
        )


def _want(conn: Conn, game_id: int, wants: Sequence[Want], epoch: float) -> None:
    """Ask for each delivery: a new row, or one more request on the row (keeping a retry's back-off). One
    ``executemany``: PostgreSQL gets the rows in one round trip (psycopg pipelines them), in order as before."""
    if not wants:
        return
    conn.executemany(
        "INSERT INTO deliveries (game_id, kind, target, wanted, done, due_at, hint, answer_until) "
        "VALUES (?, ?, ?, 1, 0, ?, ?, ?) ON CONFLICT (game_id, kind, target) DO UPDATE SET "
        "wanted = MAX(deliveries.wanted, deliveries.done) + 1, hint = excluded.hint, "
        "answer_until = MAX(deliveries.answer_until, excluded.answer_until), "
        "due_at = CASE WHEN deliveries.attempts > 0 THEN deliveries.due_at "
        "WHEN deliveries.wanted > deliveries.done THEN MIN(deliveries.due_at, excluded.due_at) "
        "ELSE excluded.due_at END",
        [(game_id, w.kind, w.target, epoch + w.delay, w.hint, epoch + w.hold if w.hold > 0 else 0.0) for w in wants],
    )


def _log_rows(lines: Sequence[LogLine]) -> list[tuple[str, str]]:
    """Each line as the log table keeps it: in English (``text``, for a person reading the database) and as
    what happened (``data``, rendered per reader). Made before the transaction, off the writer's thread."""
    return [(line.text("en"), line.dumps()) for line in lines]


def _add_log(conn: Conn, game_id: int, version: int, lines: Sequence[tuple[str, str]], now: str) -> None:
    """Each line after the game's last one: its number is taken in the statement that writes it (one round trip
    for all the lines on PostgreSQL, no number read before and written after)."""
    if not lines:
        return
    conn.executemany(
        "INSERT INTO log (game_id, seq, version, text, data, at) "
        "SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ? FROM log WHERE game_id = ?",
        [(game_id, version, text, data, now, game_id) for text, data in lines],
    )


def mark_delivered(conn: Conn, d: Delivery, not_before: float) -> None:
    """``d`` is done (what was claimed of it; requests that came meanwhile stay owed, due no sooner than
    ``not_before``): its own write, or the last write of the delivery that carried it out."""
    conn.execute(
        "UPDATE deliveries SET done = MAX(done, ?), attempts = 0, last_error = NULL, lease_until = 0, "
        "due_at = CASE WHEN wanted > ? THEN MAX(due_at, ?) ELSE due_at END "
        "WHERE game_id = ? AND kind = ? AND target = ?",
        (d.wanted, d.wanted, not_before, *d.key),
    )
    if d.kind in CHANNEL_KINDS:
        conn.execute("UPDATE games SET channel_failures = 0 WHERE id = ? AND channel_failures > 0", (d.game_id,))


#: the start of a transaction that only reads, and reads one state of the database whatever commits meanwhile: SQLite's
#: deferred transaction holds the snapshot of its first read to its end; on PostgreSQL (whose default, read committed,
#: gives each statement a snapshot of its own) it is a read-only REPEATABLE READ transaction (``postgresql_sql``)
READ_TOGETHER = "BEGIN DEFERRED"


@contextmanager
def read_together(conn: Conn) -> Iterator[None]:
    """The statements run inside read one state of the database: a write committed between two of them (another
    process's move) is seen by neither, so what they read together fits together."""
    conn.execute(READ_TOGETHER)
    try:
        yield
    finally:
        conn.execute("COMMIT")


def read_position(
    conn: Conn, game_id: int, before: int | None = None, first: bool = False, upto: int | None = None
) -> tuple[int, str, list[tuple[int, str, str]]]:
    """A snapshot of the game and the actions after it as (seq, seat, text), read in one transaction
    (``position``)."""
    with read_together(conn):
        return position(conn, game_id, before, first, upto)


def position(
    conn: Conn, game_id: int, before: int | None = None, first: bool = False, upto: int | None = None
) -> tuple[int, str, list[tuple[int, str, str]]]:
    """A snapshot of the game and the actions after it as (seq, seat, text), inside the caller's transaction (one
    that reads together: ``read_together``): the latest snapshot, the last one before version ``before``, or the
    ``first`` (the deal); the actions after it up to ``upto`` (all of them when None). (version, state, actions);
    ``LookupError`` when no such snapshot exists."""
    where, args = ("AND version < ?", (game_id, before)) if before is not None else ("", (game_id,))
    order = "ASC" if first else "DESC"
    row = one(
        conn,
        f"SELECT version, state FROM snapshots WHERE game_id = ? {where} ORDER BY version {order} LIMIT 1",
        args,
    )
    if row is None:
        limit = f" before version {before}" if before is not None else ""
        raise LookupError(f"game {game_id} has no snapshot{limit}")
    bound, bounds = ("AND seq <= ?", (upto,)) if upto is not None else ("", ())
    found = rows(
        conn,
        f"SELECT seq, seat, text FROM actions WHERE game_id = ? AND seq > ? {bound} ORDER BY seq",
        (game_id, row[0], *bounds),
    )
    return int(row[0]), str(row[1]), [(int(r[0]), str(r[1]), str(r[2])) for r in found]
