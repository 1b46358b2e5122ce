"""Render benchmark: median time to draw the 5-player table, a 10-card hand, the prompts and one card, and PNG sizes.

    python bench/render.py [--repeat 30] [--workers 2] [--moves 60]

Targets on the reference machine: table <= 60 ms, hand <= 40 ms, each prompt <= 40 ms (a DM image,
like the hand), every PNG <= 500 KB.
"Warm" is the steady state of a running bot (card faces and tiles cached); "cold" clears the
caches first (faces, tiles, text masks and the loaded fonts), as after a restart. The "restart"
lines start a fresh process for each image kind and time its first image of that kind: as started,
and once ``render.nightfall.prime`` (the start-up's background work: sample images of other games,
which load the fonts and rasterise the words every image carries) has run, with that work's own
cost. The stage lines split a warm render into drawing, mapping to the fixed palette and PNG
encoding. The "bare PNG" lines compare each image with what Pillow's plain ``save(format="PNG")``
of the same drawn canvas (RGB, default options) costs and weighs: the ratio of the whole render's
time and of its file's size to that.

``--workers N`` adds the bot's view (``bot.workers.images``): the tables and hands of ``--moves`` moves
of random games, each asked for twice as the bot does (the second is a cache hit), rendered in
threads of this process and then in N worker processes: wall time per image drawn, the longest
stall of the event loop while they ran, and the counters of ``bot.workers.images.stats``. Worker
processes only pay off with idle cores: on a busy 2-core host they trade a little throughput
for a responsive event loop.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render.nightfall import clear_caches, render_card, render_hand, render_prompt, render_table
from render.nightfall.hand import draw_hand
from render.nightfall.prompt import draw_prompt
from render.nightfall.samples import claim_decision, five_player_chain, five_player_combat, five_player_link_decision
from render.nightfall.table import draw_table
from render.palette import quantize
from render.primitives import PNG_COMPRESS_LEVEL

TARGETS_MS = {
    "table (5 players)": 60.0,
    "hand (10 cards)": 40.0,
    "prompt (claim)": 40.0,
    "prompt (target, 9)": 40.0,
    "prompt (block)": 40.0,
}
MAX_PNG = 500 * 1024


def timed(fn: Callable[[], bytes], repeat: int) -> tuple[float, float, bytes]:
    """(cold ms, warm median ms, bytes)."""
    clear_caches()
    t = time.perf_counter()
    data = fn()
    cold = (time.perf_counter() - t) * 1000
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        data = fn()
        runs.append((time.perf_counter() - t) * 1000)
    return cold, statistics.median(runs), data


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - t) * 1000)
    return statistics.median(runs)


def stages(name: str, draw: Callable[[], Image.Image], repeat: int) -> None:
    """Warm medians of the three stages of one render."""
    img = draw()
    pal = quantize(img)

    def encode() -> None:
        pal.save(io.BytesIO(), format="PNG", compress_level=PNG_COMPRESS_LEVEL)

    d, q, e = median_ms(draw, repeat), median_ms(lambda: quantize(img), repeat), median_ms(encode, repeat)
    print(f"  {name:<24}draw {d:5.1f} ms   palette map {q:4.1f} ms   PNG encode {e:4.1f} ms")


def bare_png(name: str, draw: Callable[[], Image.Image], render: Callable[[], bytes], repeat: int) -> None:
    """The render against Pillow's bare PNG encode of the same drawn canvas (RGB, default options)."""
    img = draw()

    def encode() -> bytes:
        out = io.BytesIO()
        img.save(out, format="PNG")
        return out.getvalue()

    bare_ms, ours_ms = median_ms(encode, repeat), median_ms(render, repeat)
    bare_kb, ours_kb = len(encode()) / 1024, len(render()) / 1024
    print(
        f"  {name:<24}bare PNG {bare_ms:5.1f} ms {bare_kb:6.1f} KB   "
        f"render/bare: time {ours_ms / bare_ms:4.2f}x   size {ours_kb / bare_kb:4.2f}x"
    )


RESTART_RUNS = 3


def restart_child(kind: str, primed: bool) -> None:
    """In a fresh process: optionally prime, then time the first image of ``kind``; prints JSON."""
    import render.nightfall

    # the game and its view are built first: a bot holds its games already, and a drawing is timed on its own
    views = {
        "table": lambda: (render_table, five_player_chain().public_view()),
        "hand": lambda: (render_hand, five_player_link_decision().private_view("cleo")),
        "prompt": lambda: (render_prompt, claim_decision().private_view("ada")),
    }
    draw, view = views[kind]()
    prime_ms = prime_cpu_ms = 0.0
    if primed:
        t, c = time.perf_counter(), time.process_time()
        render.nightfall.prime()
        prime_ms, prime_cpu_ms = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
    t = time.perf_counter()
    draw(view)
    print(json.dumps({"first": (time.perf_counter() - t) * 1000, "prime": prime_ms, "prime_cpu": prime_cpu_ms}))


def restart_lines() -> None:
    """The first table, hand and claim prompt of a fresh process, as started and once primed (medians)."""
    for primed in (False, True):
        firsts: dict[str, float] = {}
        primes: list[float] = []
        for kind in ("table", "hand", "prompt"):
            runs = []
            for _ in range(RESTART_RUNS):
                argv = [sys.executable, __file__, "--restart-child", kind] + (["--primed"] if primed else [])
                out = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)
                runs.append(out["first"])
                primes.append(out["prime_cpu"])
            firsts[kind] = statistics.median(runs)
        label = f"primed ({statistics.median(primes):.0f} ms CPU first)" if primed else "as started"
        print(
            f"  {label:<26}table {firsts['table']:6.1f} ms   hand {firsts['hand']:5.1f} ms   "
            f"prompt (claim) {firsts['prompt']:5.1f} ms"
        )


def bot_views(moves: int) -> list[tuple[str, dict[str, Any]]]:
    """(kind, view) for each move of random 5-player games: the table and the deciding seat's hand."""
    from bot.nightfall.naming import named_view
    from engine.nightfall import Game, Options
    from render.nightfall.samples import play_random

    names = {f"p{i}": name for i, name in enumerate(["Ada", "Bram", "Cleo", "Dmitri", "Eve"], 1)}
    out: list[tuple[str, dict[str, Any]]] = []
    seed = 0
    while len(out) < 2 * moves:
        game = Game.new(list(names), seed=seed, options=Options())
        rnd = random.Random(seed)
        play_random(game, rnd, 12)  # past the draft
        while not game.is_over() and len(out) < 2 * moves:
            play_random(game, rnd, 1)
            seat = game.pending()[0].seat if game.pending() else "p1"
            out.append(("table", named_view(game.public_view(), names)))
            out.append(("hand", named_view(game.private_view(seat), names)))
        seed += 1
    return out


async def through_images(workers: int, views: list[tuple[str, dict[str, Any]]], concurrency: int) -> None:
    """Render ``views`` through ``bot.workers.images``: a first pass warms the renderer's caches (in every
    worker, as in a bot that has run a while), the second is measured."""
    from bot.workers import images

    renderers = {"table": render_table, "hand": render_hand}
    images.shutdown()
    images.configure(workers)
    t = time.perf_counter()
    await images.render_png("card", render_card, "vulko", "en")  # starts the pool, if any
    start_ms = (time.perf_counter() - t) * 1000

    worst = 0.0
    running = True

    async def ticker() -> None:
        nonlocal worst
        while running:
            t0 = time.perf_counter()
            await asyncio.sleep(0.001)
            worst = max(worst, (time.perf_counter() - t0) * 1000 - 1)

    for _pass in ("warm-up", "measured"):
        images.clear_cache()
        images.stats.reset()
        worst = 0.0
        tick = asyncio.create_task(ticker())
        t = time.perf_counter()
        for i in range(0, len(views), concurrency):
            batch = views[i : i + concurrency]
            for _ in range(2):  # the bot asks again when nothing changed: a cache hit
                await asyncio.gather(*(images.render_png(kind, renderers[kind], view) for kind, view in batch))
        wall = (time.perf_counter() - t) * 1000
        running = False
        await tick
        running = True
    s = images.stats
    where = "in threads" if workers == 0 else f"in {workers} worker process{'es' if workers > 1 else ''}"
    print(
        f"  {where:<24}{wall / s.renders:5.1f} ms per image   worst loop stall {worst:5.1f} ms   "
        f"first image {start_ms:4.0f} ms   stats {s.as_dict()}"
    )
    images.shutdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--workers", type=int, default=0, help="also render through bot.workers.images in N processes")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--concurrency", type=int, default=8, help="images asked for at once (--workers)")
    parser.add_argument("--restart-child", choices=("table", "hand", "prompt"), help=argparse.SUPPRESS)
    parser.add_argument("--primed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.restart_child:
        restart_child(args.restart_child, args.primed)
        return 0
    table_view = five_player_chain().public_view()
    hand_view = five_player_link_decision().private_view("cleo")
    assert len(hand_view["hand"]) == 10, "the hand sample should hold 10 cards"
    prompts = {
        "prompt (claim)": claim_decision().private_view("ada"),
        "prompt (target, 9)": five_player_chain().private_view("cleo"),
        "prompt (block)": five_player_combat().private_view("ada"),
    }
    drawers: dict[str, Callable[[], Image.Image]] = {
        "table (5 players)": lambda: draw_table(table_view),
        "hand (10 cards)": lambda: draw_hand(hand_view),
        **{name: (lambda v=view: draw_prompt(v)) for name, view in prompts.items()},
    }
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("table (5 players)", lambda: render_table(table_view)),
        ("hand (10 cards)", lambda: render_hand(hand_view)),
        *((name, (lambda v=view: render_prompt(v))) for name, view in prompts.items()),
        ("card (Sir John Travail)", lambda: render_card("sir_john_travail")),
    ]
    ok = True
    print(f"{'image':<26}{'cold ms':>9}{'warm ms':>9}{'target':>8}{'PNG KB':>9}  size")
    for name, fn in cases:
        cold, warm, data = timed(fn, args.repeat)
        w, h = Image.open(BytesIO(data)).size
        target = TARGETS_MS.get(name)
        good = (target is None or warm <= target) and len(data) <= MAX_PNG
        ok = ok and good
        tgt = f"{target:.0f}" if target else "-"
        print(f"{name:<26}{cold:>9.1f}{warm:>9.1f}{tgt:>8}{len(data) / 1024:>9.1f}  {w}x{h}{'' if good else '  OVER'}")
    print("restart: a fresh process's first image of each kind (median of 3):")
    restart_lines()
    print("stages of a warm render:")
    for name, draw in drawers.items():
        stages(name, draw, args.repeat)
    print("against a bare Pillow PNG of the same canvas:")
    renders = dict(cases)
    for name, draw in drawers.items():
        bare_png(name, draw, renders[name], args.repeat)
    if args.workers > 0:
        views = bot_views(args.moves)
        print(f"bot.workers.images: {len(views)} distinct images, each asked for twice, {args.concurrency} at once:")
        for workers in (0, args.workers):
            asyncio.run(through_images(workers, views, args.concurrency))
    print("all targets met" if ok else "some targets missed")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
