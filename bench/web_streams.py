"""The web table's live streams at scale: 1,000 open live pages on loopback to the games of one process, moves made,
and the time from each move's commit to its arrival on every stream of its game; then the page's own weight.

    .venv/bin/python bench/web_streams.py                    # 1,000 page streams over 50 games, 300 moves
    .venv/bin/python bench/web_streams.py --streams 200 --moves 60 --api   # a quicker look, the API's JSON streams

The server is one bot process as far as the web goes: its store (a fresh SQLite file), its game service and its web
server (``bot.web.server.WebServer``) on one event loop, the moves made through ``service.play.act`` as an
interaction's move is (``bot.discord_io.inputs.Moves.one``; Discord itself is not in the picture: its deliveries
stay owed). The readers are another OS process (spawned), so their parsing takes nothing from the server's loop:
they open every stream at once (``/g/<token>/events``, the page's fragments; ``--api``: ``/api/g/<token>/events``),
read each one's first event, then note when every later event arrives (``time.monotonic``: one clock for both
processes). Moves are paced, ``--rate`` a second dealt to the games in turn (the first legal move of whoever must
decide), each game's commit time noted by the service's own hook (``ServiceBase.moved``, what wakes the streams).

Figures:

- **commit → stream p50/p99/max**: for every move and every stream of its game, from the commit to the arrival of the
  first event of that version or a later one (a stream keeps only the newest payload, so a reader that is behind may
  skip a version; a later one counts as its arrival). Target: p99 ≤ 1 s.
- **payloads built**: per (game, version, kind, language), against the events written (the fan-out's sharing).
- the server's CPU seconds and resident memory with every stream open, the time to open them all.
- **the page's weight**: the bytes of a game's page, its CSS and its script (and gzipped), beside a small target.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import multiprocessing
import os
import re
import resource
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE.parent))

import aiohttp  # noqa: E402

from bot import Settings  # noqa: E402
from bot.games import FACES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.web.server import WebServer  # noqa: E402

GUILD = 1
#: p99 from a move's commit to its arrival on every stream of its game
TARGET_P99_S = 1.0
#: the page's own weight (HTML, CSS and script, uncompressed): small, no framework
TARGET_PAGE_BYTES = 64 * 1024
#: seconds the readers wait for the last version of every game to reach every stream
DRAIN_SECONDS = 30.0


# ---------------------------------------------------------------------------------------------- the readers' process
@dataclass
class Seen:
    """What one stream saw: (version, arrival) of each event."""

    game: int
    events: list[tuple[int, float]] = field(default_factory=list)
    #: the server closed it (it should not: every stream stays open until the readers leave)
    ended: bool = False


async def _read(session: aiohttp.ClientSession, url: str, seen: Seen, first: asyncio.Event) -> None:
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=None, sock_read=None)) as answer:
        if answer.status != 200:
            raise RuntimeError(f"{url}: {answer.status}")
        ident = -1
        async for raw in answer.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("id: "):
                ident = int(line[4:])
            elif line == "" and ident >= 0:
                seen.events.append((ident, time.monotonic()))
                ident = -1
                first.set()
    seen.ended = True


async def _readers(base: str, urls: list[tuple[int, str]], inbox: Any, outbox: Any) -> None:
    loop = asyncio.get_running_loop()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        started = time.monotonic()
        seen = [Seen(game) for game, _ in urls]
        firsts = [asyncio.Event() for _ in urls]
        tasks = [
            asyncio.create_task(_read(session, base + u, s, f)) for (_, u), s, f in zip(urls, seen, firsts, strict=True)
        ]
        waiting = asyncio.ensure_future(asyncio.gather(*(f.wait() for f in firsts)))
        pending: set[asyncio.Future[Any]] = {waiting, *tasks}
        while not waiting.done():
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            for task in done - {waiting}:
                task.result()  # a stream refused: its error ends the run
        outbox.put(("ready", time.monotonic() - started))
        finals: dict[int, int] = await loop.run_in_executor(None, inbox.get)
        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline:
            if all(s.events and s.events[-1][0] >= finals[s.game] for s in seen):
                break
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        outbox.put(("seen", [(s.game, s.events, s.ended) for s in seen]))


def readers(base: str, urls: list[tuple[int, str]], inbox: Any, outbox: Any) -> None:
    """The readers' process: every stream open, each event's arrival noted."""
    try:
        asyncio.run(_readers(base, urls, inbox, outbox))
    except BaseException as e:
        outbox.put(("failed", repr(e)))
        raise


# ---------------------------------------------------------------------------------------------- the server's process
def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] if ordered else float("nan")


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def rss_mib() -> float:
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def new_games(service: GameService, count: int) -> list[int]:
    """``count`` quick-start Nightfall games of two people each, as ``/game new``, ``/game join``, ``/game start``."""
    ids = []
    for k in range(count):
        channel, host, guest = 1000 + k, 10_000 + 2 * k, 10_001 + 2 * k
        await service.seats.new_lobby(
            guild_id=GUILD,
            channel_id=channel,
            channel_name=f"web-{k}",
            host_id=host,
            host_name=f"h{k}",
            game="nightfall",
            options={"variant": "quick-start"},
        )
        await service.seats.join(channel, guest, f"g{k}")
        ids.append((await service.seats.start(channel, host)).id)
    return ids


async def move(service: GameService, game_id: int) -> int | None:
    """The first legal move of whoever the game waits on: the version it made (None: the game is over)."""
    table = await service.table(game_id)
    game = table.game
    if game is None or game.is_over():
        return None
    seat = game.pending()[0].seat
    user = table.by_seat(seat).user_id
    outcome = await service.play.act(game_id, user_id=user, text=str(game.legal_actions(seat)[0]), source="command")
    return outcome.table.row.version


async def page_weight(base: str, token: str) -> list[tuple[str, int, int]]:
    """(what, bytes, gzipped bytes) of a game's page and the files it loads."""
    out = []
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{base}/g/{token}") as answer:
            html = await answer.read()
        out.append(("page (HTML)", len(html), len(gzip.compress(html))))
        text = html.decode()
        for asset in sorted(set(re.findall(r'"(?:\.\./)+static/([^"]+)"', text))):  # relative to the page
            async with session.get(f"{base}/static/{asset}") as answer:
                body = await answer.read()
            out.append((asset.split("?")[0], len(body), len(gzip.compress(body))))
    return out


async def run(args: argparse.Namespace) -> int:
    folder = tempfile.mkdtemp(prefix="web-streams-")
    settings = Settings(
        token=None,
        db_path=str(Path(folder) / "nightfall.db"),
        ai_delay=0.0,
        discord_limits=False,
        web_addr="127.0.0.1:0",
        web_requests=1e6,
        web_streams=args.streams + 10,
    )
    store = await Store.open(settings.db_path)
    service = GameService(store, settings, FACES)
    web = WebServer(settings, service)
    #: when each game's last commit was made (the hook runs right after it), and each (game, version)'s
    committed: dict[int, float] = {}
    commits: dict[tuple[int, int], float] = {}

    def moved(game_id: int) -> None:
        committed[game_id] = time.monotonic()
        web.moved(game_id)

    service.moved = moved
    await web.start()
    base = f"http://127.0.0.1:{web.port}"
    games = await new_games(service, args.games)
    await store.web.set_enabled(GUILD, True, "en")
    tokens = {g: await store.web.game_token(g) for g in games}
    path = "/api/g/{}/events" if args.api else "/g/{}/events"
    urls = [(games[n % len(games)], path.format(tokens[games[n % len(games)]])) for n in range(args.streams)]
    ctx = multiprocessing.get_context("spawn")
    inbox, outbox = ctx.Queue(), ctx.Queue()
    child = ctx.Process(target=readers, args=(base, urls, inbox, outbox), daemon=True)
    opening_cpu = time.process_time()
    child.start()
    loop = asyncio.get_running_loop()
    kind, opened = await loop.run_in_executor(None, outbox.get)
    opening_cpu = time.process_time() - opening_cpu
    if kind != "ready":
        print(f"the readers failed: {opened}")
        return 1
    print(
        f"{args.streams} {'API' if args.api else 'page'} streams open over {len(games)} games in {opened:.2f} s;"
        f" (server CPU {opening_cpu:.1f} s); server RSS {rss_mib():.0f} MiB, {web.feed.open_streams} streams held"
    )
    cpu, built, reads = time.process_time(), web.feed.built, web.feed.reader.reads
    started = time.monotonic()
    made = 0
    for n in range(args.moves):  # paced: move n is due at n / rate, whatever the ones before took
        due = started + n / args.rate
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        game_id = games[n % len(games)]
        version = await move(service, game_id)
        if version is not None:
            commits[(game_id, version)] = committed[game_id]
            made += 1
    seconds = time.monotonic() - started
    finals = {g: (await store.games.game(g)).version for g in games}  # type: ignore[union-attr]
    inbox.put(finals)
    kind, seen = await loop.run_in_executor(None, outbox.get)
    cpu = time.process_time() - cpu
    if kind != "seen":
        print(f"the readers failed: {seen}")
        return 1
    latencies, missing = [], 0
    ended = sum(1 for _game, _events, closed in seen if closed)
    for game, events, _closed in seen:
        for (moved_game, version), at in commits.items():
            if moved_game != game:
                continue
            arrival = next((when for v, when in events if v >= version), None)
            if arrival is None:
                missing += 1
                continue
            latencies.append(arrival - at)
    events_written = sum(len(events) for _, events, _closed in seen)
    print(
        f"{made} moves in {seconds:.1f} s ({made / seconds:.1f}/s), {events_written} events written,"
        f" {web.feed.built - built} payloads built, {web.feed.reader.reads - reads} game reads,"
        f" server CPU {cpu:.1f} s ({cpu / seconds:.0%} of a core), RSS {rss_mib():.0f} MiB"
    )
    p50, p99, worst = (pct(latencies, 50), pct(latencies, 99), max(latencies, default=float("nan")))
    print(
        f"commit → stream ({len(latencies)} arrivals): p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms,"
        f" max {worst * 1000:.0f} ms   target p99 ≤ {TARGET_P99_S * 1000:.0f} ms   {verdict(p99 <= TARGET_P99_S)}"
    )
    if missing or ended:
        print(f"  {missing} (move, stream) arrivals MISSING after {DRAIN_SECONDS:.0f} s; {ended} streams closed early")
    weight = await page_weight(base, tokens[games[0]])
    total, zipped = sum(w[1] for w in weight), sum(w[2] for w in weight)
    for what, size, small in weight:
        print(f"  {what:<14} {size:7,d} bytes ({small:6,d} gzipped)")
    print(
        f"the page's own weight {total:,d} bytes ({zipped:,d} gzipped)   target ≤ {TARGET_PAGE_BYTES:,d}"
        f"   {verdict(total <= TARGET_PAGE_BYTES)}"
    )
    await web.stop()
    await store.close()
    child.join(10)
    return 0 if p99 <= TARGET_P99_S and not missing and not ended and total <= TARGET_PAGE_BYTES else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000, help="open streams (default 1000)")
    parser.add_argument("--games", type=int, default=50, help="live games they watch (default 50)")
    parser.add_argument("--moves", type=int, default=300, help="moves made (default 300)")
    parser.add_argument("--rate", type=float, default=10.0, help="moves a second (default 10)")
    parser.add_argument("--api", action="store_true", help="the API's JSON streams instead of the pages'")
    args = parser.parse_args()
    os.environ.setdefault("NIGHTFALL_LOG_LEVEL", "WARNING")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
