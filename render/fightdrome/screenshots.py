"""Write sample images: ``python -m render.fightdrome.screenshots docs/images``.

The views come from :mod:`render.fightdrome.samples` (seeded matches played by the computer), so the files
only change when the renderer or the engine does. ``phone-fightdrome-*.png`` are the table and the hand
scaled to 310 px wide, as Discord shows them on a phone, for the README.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

from ..primitives import to_png
from . import render_card, render_hand, render_results, render_table, samples
from .style import PHONE


def phone(png: bytes, width: int = PHONE) -> bytes:
    """An image as a phone shows it: scaled to ``width`` (Lanczos, as a browser would)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(img.height * width / img.width)
    return to_png(img.resize((width, height), Image.Resampling.LANCZOS))


def write_all(out: Path) -> list[Path]:
    """Render every sample into ``out``; returns the files written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    names = samples.NAMES
    mid = samples.later_round()
    table = render_table(mid.public_view(), names=names)
    save("fightdrome-table.png", table)
    save("phone-fightdrome-table.png", phone(table))
    seat = mid.pending()[0].seat
    hand = render_hand(mid.private_view(seat), names=names)
    save("fightdrome-hand.png", hand)
    save("phone-fightdrome-hand.png", phone(hand))
    results = render_results(samples.finished().public_view(), names=names)
    save("fightdrome-results.png", results)
    save("phone-fightdrome-results.png", phone(results))
    card = render_card("K30")
    save("fightdrome-card.png", card)
    save("phone-fightdrome-card.png", phone(card))
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/images")
    for path in write_all(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
