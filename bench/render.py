"""Render benchmark: median time to draw the 5-player table, a 10-card hand and one card, and PNG sizes.

    python bench/render.py [--repeat 30]

Targets on the reference machine: table <= 60 ms, hand <= 40 ms, every PNG <= 500 KB.
"Warm" is the steady state of a running bot (card faces and tiles cached); "cold" clears the
caches first, as after a restart.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from render import clear_caches, render_card, render_hand, render_table
from render.samples import five_player_chain, five_player_link_decision

TARGETS_MS = {"table (5 players)": 60.0, "hand (10 cards)": 40.0}
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    table_view = five_player_chain().public_view()
    hand_view = five_player_link_decision().private_view("cleo")
    assert len(hand_view["hand"]) == 10, "the hand sample should hold 10 cards"
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("table (5 players)", lambda: render_table(table_view)),
        ("hand (10 cards)", lambda: render_hand(hand_view)),
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
    print("all targets met" if ok else "some targets missed")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
