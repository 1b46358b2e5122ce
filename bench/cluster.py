"""The real bot as one process on SQLite, one on PostgreSQL, and two processes sharing one PostgreSQL database.

    make bench            # or: .venv/bin/python bench/cluster.py [--games 50] [--moves 1500] [--quick] [--shared-only]
                          #     [--rate MOVES_PER_S] [--no-paced] [--paced-only]
    BENCH_PROFILE=DIR .venv/bin/python bench/cluster.py ...   # each process's main thread profiled (cProfile) into
                          #     DIR/<store>-<processes>-<process>.prof, for pstats or snakeviz

SimCord allows one bot per event loop, each in a Discord world of its own, so two processes cannot share one
simulated Discord. Here each process is a real OS process (multiprocessing, spawn) running the real bot
(``create_bot``) whose REST calls a ``tests.fakerest.FakeDiscord`` of its own answers, in process (no network, no
gateway). Moves go through the bot's service, ``service.act`` then ``service.publish``: what an interaction does
once received (``bot.discord_io.inputs.Moves.one``), as a slash command's move (source "command"): there is no
interaction to answer, so the mover's DM, like the other player's, is brought up to date by its prompt delivery (a
button's move would hold that delivery for the answer that never comes).

Each run: N games of two humans on quick-start Nightfall (as ``bench/bot.py``), opened with the service's calls
behind ``/game new``, ``/game join`` and ``/game start``, split evenly over the processes; each process plays its
own games back to back (a game's next move, the first legal move of whoever must decide, as soon as the previous
``act`` returned; all its games at once) until the run's moves are made or its games are over. Shipped settings
where they matter: the burst window, the table's edit interval, ``render_workers``; no AI delay; Discord's rate
limits are not kept (they would cap the moves at what Discord allows). A PostgreSQL run gets a fresh migrated
database on one throwaway server (``tests.postgresql.Cluster``).

Paced runs (open loop, as wrk2 measures): a back-to-back run gives moves/s, but its delivered times are the length of
its own queue (every game offers its next move the moment the last returned, so the bot is always behind by as much
as it can hold), not the wait a player sees. A paced run offers moves at a fixed rate, ``1 / rate`` s apart dealt to
the games in turn, whether or not the bot kept up, and counts each move's act and delivered times from when it was
due, so a bot that falls behind shows it as latency instead of quietly being offered less. The rate is what the bot
must sustain in production: Discord lets one bot make ``DISCORD_REQUESTS_PER_S`` requests a second, so the most
moves/s it can deliver is that over the REST calls a move costs (the back-to-back runs' REST/move, the costlier
store's; a paced move costs more, as fewer table edits are shared, so each paced row prints the requests/s it made);
the runs go at that rate and at half of it, on SQLite and one PostgreSQL process, and then, while the last of them
made more requests than Discord allows, at the rate its own REST per move allow (at most ``CAP_STEPS`` more). A paced
run over Discord's cap has no delivered target: no bot may be asked for it.

Figures, per run:

- **moves/s**: moves made by all processes / wall time (first move's start to the last move's return).
- **act p50/p99**: ms from the ``act`` call to its return (the move committed).
- **delivered p99**: ms from the commit to the moment none of the game's deliveries due by then is still owed
  (read every ``POLL_SECONDS`` on a side connection, in a thread: a resolution of that much). A burst's table,
  due later, is not owed yet, as in ``bench/bot.py``.
- **REST/move**: the REST calls of every process from the first move until the deliveries are done, per move.
- **refused**: moves ``act`` refused, and of them those the store refused as stale (``StaleVersion``).
- **AI stale**: AI moves the store refused as stale (the games have no AI seat: any is a process's AI run on a
  game another process holds).
- **double**: deliveries carried out more than once, across processes: the same (game, kind, target, wanted)
  run to its end twice. Both must be 0 when several processes share the database.
- **owed after the drain** (printed when not 0): moves whose deliveries were still owed ``DRAIN_SECONDS`` after a
  process's last move, and owed deliveries still leased once every process had stopped (a stopping process gives back
  what it leased: ``NightfallBot.close``; a lease left behind keeps the row from every other process for minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import queue
import re
import sqlite3
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Run as a script, this file's folder comes first on sys.path: look in the project root instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

from bot import Settings, create_bot  # noqa: E402
from bot.app import NightfallBot  # noqa: E402
from bot.errors import UserError  # noqa: E402
from bot.settings import default_render_workers  # noqa: E402
from bot.store import Delivery, Move, StaleVersion, Store  # noqa: E402
from tests import postgresql  # noqa: E402
from tests.fakerest import FakeDiscord  # noqa: E402

GAMES = 50
MOVES = 1500
QUICK_GAMES = 10
QUICK_MOVES = 300
#: REST requests per second Discord allows one bot (its global rate limit): what caps the paced runs' rate
DISCORD_REQUESTS_PER_S = 50
#: a paced run making more than this many times Discord's requests a second asks more of the bot than Discord would
#: let any bot do: its delivered time is printed with no target (a run at the rate its REST per move allow follows)
OVER_THE_CAP = 1.1
#: runs at most at a lower rate, each at what the last paced run's REST per move allow, to reach Discord's cap
CAP_STEPS = 3
#: one PostgreSQL process's moves/s, at least this share of SQLite's in the same run
TARGET_PG_SHARE = 0.5
#: every move's deliveries done within this, at the paced rates
TARGET_DELIVERED_MS = 1000.0
SQLITE, ONE_PG, TWO_PG = "1 process, SQLite", "1 process, PostgreSQL", "2 processes, PostgreSQL"
POLL_SECONDS = 0.02
#: seconds a process waits for its games' deliveries: after opening them, and after its last move
DRAIN_SECONDS = 120.0
GUILD = 1_000
CHANNEL_BASE = 2_000_000
USER_BASE = 3_000_000

# what goes wrong is counted (``Part.failed``), not logged: a failed delivery's traceback would bury the table
for _name in ("nightfall", "bot", "discord"):
    logging.getLogger(_name).setLevel(logging.CRITICAL)


@dataclass
class Part:
    """What one process did in a run (sent back to the parent)."""

    process: int
    moves: int = 0
    started: float = 0.0  # time.time() of its first move
    ended: float = 0.0  # of its last move's return
    act_ms: list[float] = field(default_factory=list)
    delivered_ms: list[float] = field(default_factory=list)
    undelivered: int = 0
    rest: int = 0
    rest_kinds: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    stale: int = 0
    ai_stale: int = 0
    carried: list[tuple[int, str, int, int]] = field(default_factory=list)
    #: beside each carried key: when it began and ended (time.time()), its attempts, hint and whether it marked itself
    carried_how: list[tuple[float, float, int, str, bool]] = field(default_factory=list)
    failed: Counter[str] = field(default_factory=Counter)  # deliveries that raised, by error (its numbers as N)
    closing: bool = False  # the bot is being closed: what fails now is the shutdown's doing
    over: int = 0
    games: int = 0
    error: str = ""


@dataclass
class Row:
    label: str
    parts: list[Part]
    #: owed rows still leased once every process of the run had stopped (no process left to carry them out: they
    #: wait for their leases to run out, minutes)
    stranded: int = 0
    #: moves/s offered, a paced run (0: back to back)
    rate: float = 0.0

    @property
    def moves(self) -> int:
        return sum(p.moves for p in self.parts)

    @property
    def ok(self) -> bool:
        return bool(self.parts) and not any(p.error for p in self.parts)

    @property
    def seconds(self) -> float:
        return max(p.ended for p in self.parts) - min(p.started for p in self.parts)

    def all(self, name: str) -> list[float]:
        return [x for p in self.parts for x in getattr(p, name)]

    @property
    def doubles(self) -> int:
        seen = Counter(k for p in self.parts for k in p.carried)
        return sum(n - 1 for n in seen.values() if n > 1)

    def doubled(self) -> list[str]:
        """Each carry-out of a key carried out more than once: which process, when (s after the run's first move),
        its attempts and hint, and whether its own last write marked it done."""
        seen = Counter(k for p in self.parts for k in p.carried)
        start = min((p.started for p in self.parts if p.started), default=0.0)
        lines = []
        for p in self.parts:
            for key, (began, ended, attempts, hint, marked) in zip(p.carried, p.carried_how, strict=True):
                if seen[key] > 1:
                    lines.append(
                        f"{key}: process {p.process}, {began - start:.3f}-{ended - start:.3f} s, attempts {attempts}, "
                        f"hint {hint!r}, {'marked by its own write' if marked else 'marked after'}"
                    )
        return sorted(lines)


# ---------------------------------------------------------------------------------- one process
class Owed:
    """Watches, from a thread on a connection of its own, when each move's deliveries are no longer owed."""

    def __init__(self, location: str, game_ids: list[int], clock: Callable[[], float]) -> None:
        self.location = location
        self.game_ids = game_ids
        self.clock = clock
        self.waiting: list[tuple[int, float, float]] = []  # (game, commit epoch, commit perf_counter)
        self.lags: list[float] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="bench-owed", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def committed(self, game_id: int, epoch: float, since: float | None = None) -> None:
        """A move of ``game_id`` committed at ``epoch`` (the store's clock); its lag counts from ``since`` (a
        ``perf_counter`` time: the paced mode's scheduled time), else from now."""
        with self._lock:
            self.waiting.append((game_id, epoch, time.perf_counter() if since is None else since))

    def pending(self) -> int:
        with self._lock:
            return len(self.waiting)

    def _connect(self) -> tuple[Any, str]:
        if self.location.startswith("postgresql://"):
            import psycopg

            return psycopg.connect(self.location, autocommit=True), "%s"
        return sqlite3.connect(f"file:{self.location}?mode=ro", uri=True, check_same_thread=False), "?"

    def _watch(self) -> None:
        conn, mark = self._connect()
        marks = ",".join([mark] * len(self.game_ids))
        sql = (
            f"SELECT game_id, MIN(due_at) FROM deliveries WHERE wanted > done AND game_id IN ({marks}) GROUP BY game_id"
        )
        try:
            while not self._stop.wait(POLL_SECONDS):
                now = time.perf_counter()
                oldest = {int(g): float(due) for g, due in conn.execute(sql, self.game_ids).fetchall()}
                with self._lock:
                    left = []
                    for game_id, epoch, at in self.waiting:
                        due = oldest.get(game_id)
                        if due is not None and due <= epoch:
                            left.append((game_id, epoch, at))
                        else:
                            self.lags.append((now - at) * 1000)
                    self.waiting = left
        finally:
            conn.close()


def channel_of(process: int, k: int) -> int:
    return CHANNEL_BASE + process * 10_000 + k


async def open_games(bot: NightfallBot, process: int, count: int, processes: int, fake: FakeDiscord) -> list[int]:
    """``count`` games of two humans on quick-start Nightfall, each in a channel of its own. Every process knows
    every channel of the run, as the gateway would tell each (another process may deliver to them)."""
    every = {channel_of(p, k): f"nightfall-{p}-{k}" for p in range(processes) for k in range(count + 1)}
    fake.add_guild(bot, GUILD, every)  # (the processes' counts differ by one at most)
    channels = {channel_of(process, k): every[channel_of(process, k)] for k in range(count)}
    service, ids = bot.service, []
    for k, channel in enumerate(channels):
        host, guest = USER_BASE + (process * 10_000 + k) * 2, USER_BASE + (process * 10_000 + k) * 2 + 1
        await service.seats.new_lobby(
            guild_id=GUILD,
            channel_id=channel,
            channel_name=channels[channel],
            host_id=host,
            host_name=f"h{k}",
            game="nightfall",
            options={"variant": "quick-start"},
        )
        await service.seats.join(channel, guest, f"g{k}")
        ids.append((await service.seats.start(channel, host)).id)
    return ids


async def owed_now(bot: NightfallBot, game_ids: set[int]) -> bool:
    now = bot.store.epoch()
    return any(r[0] in game_ids and r[5] <= now for r in await bot.store.work.pending_deliveries())


def watch(bot: NightfallBot, part: Part) -> None:
    """Count the store's stale refusals (by human or AI move), every delivery carried out to its end, and those
    that failed."""
    store, deliverer = bot.store, bot.deliverer
    record, carry_out = store.play.record, deliverer._carry_out

    async def counted_record(move: Move) -> None:
        try:
            await record(move)
        except StaleVersion:
            if move.source == "ai":
                part.ai_stale += 1
            else:
                part.stale += 1
            raise

    async def counted_carry_out(d: Delivery) -> bool:
        began = time.time()
        try:
            marked = await carry_out(d)
        except Exception as e:
            if not part.closing:
                part.failed[f"{type(e).__name__}: {re.sub(r'[0-9]+', 'N', str(e))[:80]}"] += 1
            raise
        part.carried.append((d.game_id, d.kind, d.target, d.wanted))
        part.carried_how.append((began, time.time(), d.attempts, d.hint or "", marked))
        return marked

    store.play.record = counted_record  # type: ignore[method-assign]
    deliverer._carry_out = counted_carry_out  # type: ignore[method-assign]


async def play(bot: NightfallBot, game_ids: list[int], budget: int, owed: Owed, part: Part, rate: float = 0.0) -> None:
    """Every game back to back: its next move as soon as ``act`` returned, until ``budget`` moves are made. Paced
    (``rate`` moves/s): the process's moves are due ``1 / rate`` s apart, dealt to its games in turn, and each one's
    act and delivered times count from when it was due (a move that waits for its game's previous one waits on the
    clock)."""
    service = bot.service
    left = [budget]
    began = time.perf_counter()

    async def one_game(index: int, game_id: int) -> None:
        turn = 0
        while left[0] > 0:
            due = None
            if rate:
                due = began + (index + turn * len(game_ids)) / rate
                if due > time.perf_counter():
                    await asyncio.sleep(due - time.perf_counter())
                if left[0] <= 0:
                    return
            table = await service.table(game_id)
            game = table.game
            if game is None or game.is_over() or table.row.status != "active":
                return
            seat = game.pending()[0].seat
            user = next(s.user_id for s in table.seats if s.seat == seat)
            text = str(game.legal_actions(seat)[0])
            left[0] -= 1
            start = time.perf_counter() if due is None else due
            try:
                since = table.since.get(seat)
                outcome = await service.play.act(game_id, user_id=user, text=text, since=since, source="command")
            except UserError as e:
                part.refused[e.key] += 1
                left[0] += 1
                await asyncio.sleep(0)
                continue
            part.act_ms.append((time.perf_counter() - start) * 1000)
            owed.committed(game_id, bot.store.epoch(), due)
            service.play.publish(outcome)
            part.moves += 1
            turn += 1

    part.started = time.time()
    await asyncio.gather(*(one_game(k, g) for k, g in enumerate(game_ids)))
    part.ended = time.time()


async def run_process(
    location: str, process: int, processes: int, count: int, budget: int, ready: Any, go: Any, rate: float = 0.0
) -> Part:
    part = Part(process, games=count)
    settings = Settings(
        token=None,
        db_path=location,
        ai_delay=0.0,
        log_level="ERROR",
        discord_limits=False,
        render_workers=default_render_workers(),
    )
    bot = create_bot(settings)
    fake = FakeDiscord(shared=True, worker=process)  # one Discord for every process of the run
    fake.install(bot)
    try:
        await bot.login("fake-token")
        game_ids = await open_games(bot, process, count, processes, fake)
        give_up = time.monotonic() + DRAIN_SECONDS
        while await owed_now(bot, set(game_ids)) and time.monotonic() < give_up:
            await asyncio.sleep(0.05)
        ready.put(process)
        await asyncio.get_running_loop().run_in_executor(None, go.wait)
        watch(bot, part)
        owed = Owed(location, game_ids, bot.store.epoch)
        owed.start()
        first_call = len(fake.calls)
        try:
            await play(bot, game_ids, budget, owed, part, rate)
            give_up = time.monotonic() + DRAIN_SECONDS
            while owed.pending() and time.monotonic() < give_up:
                await asyncio.sleep(0.05)
        finally:
            owed.stop()
        part.delivered_ms = owed.lags
        part.undelivered = owed.pending()
        calls = fake.calls[first_call:]
        part.rest = len(calls)
        part.rest_kinds = Counter(c.name for c in calls)
        rows = [await bot.store.games.game(g) for g in game_ids]
        part.over = sum(1 for row in rows if row is not None and row.status == "over")
    finally:
        part.closing = True
        await bot.close()
    return part


def child(
    location: str,
    process: int,
    processes: int,
    count: int,
    budget: int,
    ready: Any,
    go: Any,
    results: Any,
    rate: float = 0.0,
) -> None:
    """A process of the run: its bot, its games, its figures put on ``results``."""
    try:
        profile_dir = os.environ.get("BENCH_PROFILE")
        if profile_dir:
            import cProfile

            kind = "postgresql" if location.startswith("postgres") else "sqlite"
            with cProfile.Profile() as prof:
                part = asyncio.run(run_process(location, process, processes, count, budget, ready, go, rate))
            prof.dump_stats(f"{profile_dir}/{kind}-{processes}-{process}.prof")
        else:
            part = asyncio.run(run_process(location, process, processes, count, budget, ready, go, rate))
    except BaseException as e:  # the parent prints it beside the run
        part = Part(process, error=f"{type(e).__name__}: {e}")
        ready.put(process)
    results.put(part)
    results.close()
    results.join_thread()
    # the render pool, stopped without waiting by the bot's close, can leave its workers blocked on the pool's
    # queue, and this process would wait for them at exit: the run is measured, so they are stopped here (the
    # pool's own thread then fails to mark the futures the close cancelled: nothing to print)
    threading.excepthook = lambda _args: None
    for worker in multiprocessing.active_children():
        worker.terminate()
        worker.join(5)


# ---------------------------------------------------------------------------------- the runs
def run_row(label: str, location: str, processes: int, games: int, moves: int, rate: float = 0.0) -> Row:
    """One run: ``processes`` OS processes on one database, the games and moves split evenly (and the offered
    ``rate`` of a paced run, by games)."""
    ctx = multiprocessing.get_context("spawn")
    ready, results, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    children = []
    for k in range(processes):
        count = games // processes + (1 if k < games % processes else 0)
        budget = moves // processes + (1 if k < moves % processes else 0)
        args = (location, k, processes, count, budget, ready, go, results, rate * count / games)
        children.append(ctx.Process(target=child, args=args))
    for c in children:
        c.start()
    for _ in children:
        ready.get(timeout=600)
    go.set()
    parts: list[Part] = []
    for _ in children:
        try:
            parts.append(results.get(timeout=1800))
        except queue.Empty:
            break
    for c in children:
        c.join(timeout=60)
        if c.is_alive():  # its figures are in: a process stuck at exit is not waited for
            c.terminate()
            c.join(5)
    return Row(label, sorted(parts, key=lambda p: p.process), stranded_leases(location), rate)


def stranded_leases(location: str) -> int:
    """Owed deliveries still leased after the run's processes stopped: a stopping process gives back what it held."""
    if not location.startswith("postgresql://"):
        return 0  # one process on a file: its next start voids every lease
    import psycopg

    with psycopg.connect(location, autocommit=True) as conn:
        row = conn.execute(
            "SELECT COUNT(*) FROM deliveries WHERE wanted > done AND lease_until > %s", (time.time(),)
        ).fetchone()
    return int(row[0]) if row else 0


def migrated_template(cluster: postgresql.Cluster) -> None:
    cluster.admin(f"CREATE DATABASE {postgresql.TEMPLATE}")

    async def migrate() -> None:
        store = await Store.open(cluster.url(postgresql.TEMPLATE))
        await store.close()

    asyncio.run(migrate())
    postgresql.wait_for_no_connections(cluster, postgresql.TEMPLATE)


# ---------------------------------------------------------------------------------- printing
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def print_row(r: Row) -> None:
    errors = [p.error for p in r.parts if p.error]
    if errors or not r.parts:
        print(f"  {r.label:<26} FAILED: {'; '.join(errors) or 'no process answered'}")
        return
    moves = max(r.moves, 1)
    refused = sum(sum(p.refused.values()) for p in r.parts)
    stale = sum(p.stale for p in r.parts)
    ai_stale = sum(p.ai_stale for p in r.parts)
    rest = sum(p.rest for p in r.parts)
    print(
        f"  {r.label:<26}{r.moves:6d} {r.moves / r.seconds:8.1f}   {pct(r.all('act_ms'), 50):6.1f} "
        f"{pct(r.all('act_ms'), 99):7.1f}   {pct(r.all('delivered_ms'), 99):9.1f}   {rest / moves:6.2f}   "
        f"{refused:5d} ({stale} stale)   {ai_stale:5d}   {r.doubles:6d}"
    )
    kinds = sum((p.rest_kinds for p in r.parts), Counter())
    over = sum(p.over for p in r.parts)
    undelivered = sum(p.undelivered for p in r.parts)
    print(
        f"      {r.seconds:5.1f} s wall; {over} of {sum(p.games for p in r.parts)} games over; REST per move: "
        + ", ".join(f"{k} {v / moves:.2f}" for k, v in kinds.most_common())
    )
    if refused:
        reasons = sum((p.refused for p in r.parts), Counter())
        print("      refused: " + ", ".join(f"{k} {v}" for k, v in reasons.items()))
    failed = sum((p.failed for p in r.parts), Counter())
    if failed:
        print("      deliveries failed (tried again later): " + "; ".join(f"{v}× {k}" for k, v in failed.items()))
    if r.doubles:
        print("      carried out more than once (game, kind, target, wanted):")
        for line in r.doubled():
            print(f"        {line}")
    if undelivered:
        print(f"      {undelivered} moves still owed deliveries after {DRAIN_SECONDS:.0f} s")
    if r.stranded:
        print(f"      {r.stranded} owed deliveries still leased after every process stopped")
    if len(r.parts) > 1:
        shares = ", ".join(f"process {p.process}: {p.moves} moves, {len(p.carried)} deliveries" for p in r.parts)
        print(f"      {shares}")


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def discord_rate(rows: list[Row]) -> float:
    """The most moves/s Discord lets one bot deliver: its ``DISCORD_REQUESTS_PER_S`` over the REST calls a move
    cost in the back-to-back runs of one process (the costlier store's)."""
    rest = [sum(p.rest for p in r.parts) / max(r.moves, 1) for r in rows if r.ok and len(r.parts) == 1 and not r.rate]
    return DISCORD_REQUESTS_PER_S / max(rest) if rest and max(rest) > 0 else 0.0


def paced_discord_rate(row: Row) -> float:
    """The most moves/s Discord lets one bot deliver at the REST calls a move cost in a paced run (``row``): more than
    back to back, as fewer table edits are shared."""
    if not row.ok or not row.moves:
        return 0.0
    per_move = sum(p.rest for p in row.parts) / row.moves
    return DISCORD_REQUESTS_PER_S / per_move if per_move > 0 else 0.0


def print_targets(rows: list[Row]) -> None:
    """Each figure beside its target: one PostgreSQL process at least ``TARGET_PG_SHARE`` of SQLite's moves/s (back
    to back, the same run), every move's deliveries done within ``TARGET_DELIVERED_MS`` at the paced rates (a
    back-to-back run's delivered time is its own queue's length: no target), and, once several processes share a
    database, no double delivery and no AI move refused as stale."""
    print("Targets")
    done = [r for r in rows if r.ok]
    lite = next((r for r in done if r.label == SQLITE and not r.rate), None)
    for r in done:
        rate = r.moves / r.seconds
        if r.rate:
            p99 = pct(r.all("delivered_ms"), 99)
            over = sum(p.rest for p in r.parts) / r.seconds > DISCORD_REQUESTS_PER_S * OVER_THE_CAP
            target = f"target < {TARGET_DELIVERED_MS:.0f} ms   {verdict(p99 < TARGET_DELIVERED_MS)}"
            print(
                f"  {r.label:<26} delivered p99 {p99:8.1f} ms   "
                + ("over Discord's cap: no target" if over else target)
                + f"   ({rate:.1f} of {r.rate:.1f} moves/s offered made; "
                f"act p99 {pct(r.all('act_ms'), 99):.1f} ms; {sum(p.rest for p in r.parts) / r.seconds:.0f} REST "
                f"requests/s, Discord allows {DISCORD_REQUESTS_PER_S})"
            )
            continue
        line = f"  {r.label:<26} moves/s {rate:8.1f}"
        if r.label == ONE_PG and lite is not None:
            share = rate / (lite.moves / lite.seconds)
            line += (
                f" = {share:4.0%} of SQLite's   target ≥ {TARGET_PG_SHARE:.0%}   {verdict(share >= TARGET_PG_SHARE)}"
            )
        print(line + f"   (delivered p99 {pct(r.all('delivered_ms'), 99):.1f} ms back to back: no target)")
        if len(r.parts) > 1:
            ai_stale = sum(p.ai_stale for p in r.parts)
            print(
                f"  {'':<26} double deliveries {r.doubles:5d}, AI stale {ai_stale:5d}   target 0   "
                f"{verdict(r.doubles == 0 and ai_stale == 0)}"
            )


# ---------------------------------------------------------------------------------- main
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help=f"games per run (default {GAMES})")
    parser.add_argument("--moves", type=int, default=None, help=f"moves per run (default {MOVES})")
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_GAMES} games, {QUICK_MOVES} moves (a smoke run)")
    parser.add_argument(
        "--shared-only", action="store_true", help="only the run of two processes sharing one PostgreSQL database"
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=None,
        help="the paced runs' moves/s (default: the most Discord allows, from the back-to-back runs' REST per move)",
    )
    parser.add_argument("--no-paced", action="store_true", help="only the back-to-back runs")
    parser.add_argument("--paced-only", action="store_true", help="only the paced runs (needs --rate)")
    args = parser.parse_args()
    if args.paced_only and not args.rate:
        parser.error("--paced-only needs --rate")
    games = args.games or (QUICK_GAMES if args.quick else GAMES)
    moves = args.moves or (QUICK_MOVES if args.quick else MOVES)
    shipped = Settings()
    print(
        f"Processes on one database, FakeDiscord (no network): {games} games of 2 humans (quick-start Nightfall), "
        f"{moves} moves a run, back to back; burst {shipped.burst_seconds:.0f} s, table edit interval "
        f"{shipped.table_edit_interval:.0f} s, render_workers={default_render_workers()} a process; "
        f"{os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    print(
        f"  {'':<26}{'moves':>6} {'moves/s':>8}   {'act p50':>6} {'p99 ms':>7}   {'deliv p99':>9}   "
        f"{'REST/mv':>6}   {'refused':>7}            {'AI st':>5}   {'double':>6}"
    )
    rows: list[Row] = []

    def run(label: str, location: str, processes: int, rate: float = 0.0) -> None:
        rows.append(run_row(label, location, processes, games, moves, rate))
        print_row(rows[-1])
        sys.stdout.flush()

    with tempfile.TemporaryDirectory(prefix="nightfall-cluster-") as workdir:
        if not args.shared_only and not args.paced_only:
            run(SQLITE, os.path.join(workdir, "cluster.db"), 1)
        cluster: postgresql.Cluster | None = None
        try:
            cluster = postgresql.Cluster()
            cluster.start()
            migrated_template(cluster)
            if not args.paced_only:
                for label, processes in ((ONE_PG, 1), (TWO_PG, 2))[1 if args.shared_only else 0 :]:
                    run(label, cluster.new_database(), processes)
        except postgresql.Unavailable as e:
            print(f"  PostgreSQL runs skipped: {e}")
            if cluster is not None:
                cluster.stop()
            cluster = None
        try:
            top = args.rate or discord_rate(rows)
            if top and not args.no_paced and not args.shared_only:
                print(
                    f"  paced: moves offered at a fixed rate, times counted from when each was due; the most "
                    f"Discord allows: {DISCORD_REQUESTS_PER_S} requests/s at "
                    + (f"{DISCORD_REQUESTS_PER_S / top:.2f} REST per move = {top:.1f} moves/s" if not args.rate else "")
                    + (f"{top:.1f} moves/s (--rate)" if args.rate else "")
                )
                rates, lower = [top, top / 2], CAP_STEPS
                while rates:
                    rate = rates.pop(0)
                    run(f"SQLite, paced {rate:.0f}/s", os.path.join(workdir, f"paced-{rate:.0f}.db"), 1, rate)
                    if cluster is not None:
                        run(f"PostgreSQL, paced {rate:.0f}/s", cluster.new_database(), 1, rate)
                    allowed = paced_discord_rate(rows[-2] if cluster is not None else rows[-1])
                    if not rates and not args.rate and lower and 0 < allowed * OVER_THE_CAP < rate:
                        lower -= 1
                        print(
                            f"  paced: {rate:.0f} moves/s made more requests than Discord allows (fewer table edits "
                            f"are shared at a pace): {allowed:.1f} moves/s is what its REST per move allow"
                        )
                        rates.append(allowed)
        finally:
            if cluster is not None:
                cluster.stop()
    print(f"  (load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    print_targets(rows)
    return 0 if all(not p.error for r in rows for p in r.parts) else 1


if __name__ == "__main__":
    raise SystemExit(main())
