"""Phone benchmark: how tall Nightfall's images come out on a phone, and how heavy they are.

    python -m bench.phone_images [--seeds 2] [--every 8]

Discord shows an image about 320 px wide on a phone. Seeded games of 2, 3, 4 and 5 players are played to
the end with random legal actions; after every ``--every``-th step the table is drawn in English, Polish and
Russian, and the image of each decision then pending (its prompt, hand or draft packet) for the seat that
decides. The prompts of ``samples.decision_views()`` are added to the prompts. Printed per player count and
image kind: the height at 320 px wide (min / median / max) and the average PNG size, beside the targets:
a table at most 800 px tall at the median and 1,100 px at most, a prompt, hand or draft at most 1,100 px
(one phone screen), a table 70 KB on average.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.nightfall import Game, Options
from engine.nightfall.decisions import KINDS
from render.nightfall import render_draft, render_hand, render_prompt, render_table, samples
from render.theme import PHONE_WIDTH

LANGS = ("en", "pl", "ru")
SEATS = ["ada", "bram", "cleo", "dmitri", "eve"]
#: (median, max) height at 320 px wide; None where the issue sets no median of its own.
TARGET_H: dict[str, tuple[int | None, int]] = {
    "table": (800, 1100),
    "prompt": (None, 1100),
    "hand": (None, 1100),
    "draft": (None, 1100),
}
TARGET_TABLE_KB = 70


def phone_height(png: bytes) -> int:
    """The image's height once shown PHONE_WIDTH wide."""
    w, h = Image.open(io.BytesIO(png)).size
    return round(h * PHONE_WIDTH / w)


def new_game(players: int, seed: int) -> Game:
    options = Options(draft="two-player") if players == 2 else Options(secret_archives=seed % 2 == 1)
    return Game.new(SEATS[:players], seed=seed, options=options)


def images(players: int, seed: int, every: int) -> Iterator[tuple[str, bytes]]:
    """(kind, png) for a seeded game of ``players`` played to its end: the table every ``every`` steps in
    each language, and the image each pending decision shows to its seat then."""
    game = new_game(players, seed)
    rnd = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or game.is_over():
            lang = LANGS[(step // every) % len(LANGS)]
            for table_lang in LANGS:
                yield "table", render_table(game.public_view(), table_lang)
            for decision in game.pending()[:1]:
                view = game.private_view(decision.seat, lang=lang)
                shows = KINDS[decision.kind].shows
                if shows == "draft":
                    yield "draft", render_draft(view, lang)
                elif shows == "hand":
                    yield "hand", render_hand(view, lang)
                else:
                    yield "prompt", render_prompt(view, lang)
        if game.is_over():
            return
        samples.play_random(game, rnd, 1)
        step += 1


def measure(seeds: int, every: int) -> dict[int, dict[str, list[tuple[int, int]]]]:
    """Per player count and kind: (height at 320 px, bytes) of every image drawn."""
    out: dict[int, dict[str, list[tuple[int, int]]]] = {}
    for players in (2, 3, 4, 5):
        kinds: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for seed in range(seeds):
            for kind, png in images(players, 100 * players + seed, every):
                kinds[kind].append((phone_height(png), len(png)))
        out[players] = kinds
    return out


def sample_prompts() -> dict[int, list[tuple[int, int]]]:
    """The prompts of ``samples.decision_views()`` in each language, by the view's player count."""
    out: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for view in samples.decision_views().values():
        for lang in LANGS:
            png = render_prompt(view, lang)
            out[len(view.get("seats") or [])].append((phone_height(png), len(png)))
    return out


def line(kind: str, figures: list[tuple[int, int]]) -> str:
    heights = sorted(h for h, _ in figures)
    median, top = statistics.median(heights), heights[-1]
    kb = statistics.mean(b for _, b in figures) / 1024
    want_median, want_max = TARGET_H[kind]
    ok = (want_median is None or median <= want_median) and top <= want_max
    target = f"median <= {want_median}, " if want_median else ""
    target += f"max <= {want_max}"
    bytes_ok = kind != "table" or kb <= TARGET_TABLE_KB
    kb_target = f" (target <= {TARGET_TABLE_KB} KB)" if kind == "table" else ""
    return (
        f"  {kind:<7} n={len(figures):>4}  height at {PHONE_WIDTH} px: min {heights[0]:>5}  median {median:>7.0f}  "
        f"max {top:>5}  [{target}: {'ok' if ok else 'OVER'}]  "
        f"avg {kb:6.1f} KB{kb_target}{'' if bytes_ok else ' OVER'}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="games per player count")
    parser.add_argument("--every", type=int, default=8, help="draw the images after every N-th step")
    args = parser.parse_args(argv)
    measured = measure(args.seeds, args.every)
    for players, extra in sample_prompts().items():
        measured.setdefault(players, defaultdict(list))["prompt"].extend(extra)
    print(f"Nightfall images on a phone ({PHONE_WIDTH} px wide), {args.seeds} seeded games per player count,")
    print(f"drawn every {args.every} steps in {', '.join(LANGS)}, plus the sample decisions' prompts")
    overall: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for players in sorted(measured):
        print(f"{players} players")
        for kind in ("table", "prompt", "hand", "draft"):
            figures = measured[players].get(kind)
            if figures:
                print(line(kind, figures))
                overall[kind].extend(figures)
    print("all player counts")
    for kind, figures in overall.items():
        print(line(kind, figures))
    five = render_table(samples.five_player_chain().public_view())
    w, h = Image.open(io.BytesIO(five)).size
    print(
        f"five-player chain table (samples.five_player_chain): {w}x{h}, {phone_height(five)} px tall at 320, "
        f"{len(five) / 1024:.0f} KB"
    )


if __name__ == "__main__":
    main()
