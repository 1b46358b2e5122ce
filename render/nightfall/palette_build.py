"""Choose the fixed PNG palette of :mod:`render.palette` from sample images (offline).

    python -m render.nightfall.palette_build            # how well the stored palette fits the samples
    python -m render.nightfall.palette_build --write    # choose it again, rewrite render/palette_data.py

The samples are the tables, hands, drafts, prompts and results of the sample games and of a few
seeded random games (:func:`render.nightfall.samples.palette_views`), and every card face. Their colours,
counted over all pixels, go through a weighted k-means in RGB (:func:`choose`). Every colour the
renderer names (:func:`named_colours`: the theme and the constants of each drawing module) and
the 32 most common colours of the samples (backgrounds, panels) are entries as they are; the
other entries follow the pixels, weighted by pixel count to the power 0.85, so large areas
decide most of them but edge blends still get some. Each entry that mostly stands for one
colour is then snapped onto it exactly, so panels, borders, text and card colours keep their
exact values. The result is deterministic for a given Pillow.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from PIL import Image, ImageChops

from ..palette import SIZE, as_image, palette_image, quantize
from ..theme import RGB

#: Weight of a colour in the k-means: its pixel count to this power.
WEIGHT_POWER = 0.85
ROUNDS = 25
#: An entry is snapped onto its most common colour when that colour has this share of its weight.
SNAP_SHARE = 0.5
#: The most common colours of the samples (backgrounds, panels) are entries as they are.
PINNED_COMMON = 32
#: How many times each full card face counts among the samples.
FACE_WEIGHT = 2


def sample_images() -> Iterator[Image.Image]:
    """The images the palette is chosen from, unquantized: sample views and every card face."""
    from engine.nightfall.cards import card_set

    from . import samples
    from .cards import card_face, wound_face
    from .hand import draw_draft, draw_hand
    from .prompt import draw_prompt
    from .results import draw_results
    from .table import draw_table

    drawers = {
        "table": draw_table,
        "hand": draw_hand,
        "draft": draw_draft,
        "prompt": draw_prompt,
        "results": draw_results,
    }
    for kind, view, lang in samples.palette_views():
        yield drawers[kind](view, lang)
    cards = card_set()
    # twice: the art bands' sky gradients appear in no other image now that hands show compact
    # faces, and without the weight they once had from the hands they lose palette entries
    for _ in range(FACE_WEIGHT):
        for key in cards.cards:
            yield card_face(key, "en", 500)
    for wound in cards.wound_types:
        yield wound_face(wound, "en", 500)


def histogram(images: Iterable[Image.Image]) -> Counter[RGB]:
    """How many pixels of each colour the images hold, together."""
    counts: Counter[RGB] = Counter()
    for img in images:
        rgb = img if img.mode == "RGB" else img.convert("RGB")
        for n, c in rgb.getcolors(rgb.width * rgb.height) or []:
            assert isinstance(c, tuple)
            counts[(c[0], c[1], c[2])] += n
    return counts


def _nearest(cols: list[RGB], entries: list[RGB]) -> list[int]:
    """The entry each colour maps to, by the same lookup a render uses."""
    row = Image.new("RGB", (len(cols), 1))
    row.putdata(cols)
    return list(row.quantize(palette=as_image(entries), dither=Image.Dither.NONE).tobytes())


def palette_for(images: Iterable[Image.Image]) -> list[RGB]:
    """The palette for these images, pinning the named colours and the most common ones."""
    counts = histogram(images)
    common = sorted(counts, key=lambda c: (-counts[c], c))[:PINNED_COMMON]
    return choose(counts, named_colours() + common)


def choose(counts: Counter[RGB], fixed: Iterable[RGB] = (), size: int = SIZE) -> list[RGB]:
    """A ``size``-colour palette for colours with these pixel counts (deterministic).

    The ``fixed`` colours are entries as they are; the others follow the pixels.
    """
    pinned = list(dict.fromkeys(fixed))
    cols = sorted(counts, key=lambda c: (-counts[c], c))
    free = [c for c in cols if c not in set(pinned)]
    if len(pinned) + len(free) <= size:
        return (pinned + free + [(0, 0, 0)] * size)[:size]
    weight = [counts[c] ** WEIGHT_POWER for c in cols]
    entries = pinned + free[: size - len(pinned)]
    for _ in range(ROUNDS):
        idx = _nearest(cols, entries)
        sums = [[0.0, 0.0, 0.0, 0.0] for _ in entries]
        for c, w, j in zip(cols, weight, idx, strict=True):
            s = sums[j]
            s[0] += c[0] * w
            s[1] += c[1] * w
            s[2] += c[2] * w
            s[3] += w
        new = [
            (round(s[0] / s[3]), round(s[1] / s[3]), round(s[2] / s[3])) if s[3] and j >= len(pinned) else entries[j]
            for j, s in enumerate(sums)
        ]
        # an entry nothing maps to moves to the colour served worst
        empty = [j for j, s in enumerate(sums) if not s[3] and j >= len(pinned)]
        if empty:
            worst = sorted(
                range(len(cols)),
                key=lambda i: -weight[i] * sum((a - b) ** 2 for a, b in zip(cols[i], entries[idx[i]], strict=True)),
            )
            for j, i in zip(empty, worst, strict=False):
                new[j] = cols[i]
        if new == entries:
            break
        entries = new
    return pinned + _snap(cols, counts, entries)[len(pinned) :]


def named_colours() -> list[RGB]:
    """Every colour the renderer names: RGB constants (and dicts of them) in its modules, in order."""
    from .. import primitives, theme
    from . import cards, colours, hand, icons, prompt, results, table

    found: list[RGB] = []
    for mod in (theme, colours, primitives, icons, table, hand, cards, prompt, results):
        for value in vars(mod).values():
            for v in value.values() if isinstance(value, dict) else (value,):
                if _is_rgb(v):
                    found.append(v)
    return list(dict.fromkeys(found))


def _is_rgb(v: object) -> bool:
    return (
        isinstance(v, tuple)
        and len(v) == 3
        and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 255 for x in v)
    )


def _snap(cols: list[RGB], counts: Counter[RGB], entries: list[RGB]) -> list[RGB]:
    """Move each entry onto the colour that holds most of its pixels, if that colour holds enough."""
    idx = _nearest(cols, entries)
    top: dict[int, RGB] = {}
    total: defaultdict[int, int] = defaultdict(int)
    for c, j in zip(cols, idx, strict=True):
        total[j] += counts[c]
        if j not in top:  # cols run from the most common colour down
            top[j] = c
    return [top[j] if j in top and counts[top[j]] >= SNAP_SHARE * total[j] else e for j, e in enumerate(entries)]


def fit(images: Iterable[Image.Image], palette: Image.Image | None = None) -> dict[str, float]:
    """How far the palette moves the pixels of ``images``: mean and worst channel error, and the
    share of pixels moved by more than 8 and by more than 14 levels on some channel."""
    hist = [0] * 256
    for img in images:
        rgb = img if img.mode == "RGB" else img.convert("RGB")
        hist = [a + b for a, b in zip(hist, channel_error(rgb, quantize(rgb, palette)).histogram(), strict=True)]
    n = sum(hist) or 1
    return {
        "mean": sum(i * c for i, c in enumerate(hist)) / n,
        "max": max((i for i, c in enumerate(hist) if c), default=0),
        "over8": sum(hist[9:]) / n,
        "over14": sum(hist[15:]) / n,
    }


def channel_error(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel, the largest difference on any channel between two images of one size ("L")."""
    r, g, bl = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), bl)


def write(entries: list[RGB], path: Path) -> None:
    hexes = [f"{r:02x}{g:02x}{b:02x}" for r, g, b in entries]
    lines = [" ".join(hexes[i : i + 12]) for i in range(0, len(hexes), 12)]
    body = "\n".join(lines)
    path.write_text(
        '"""The fixed PNG palette: written by a game\'s ``palette_build --write`` (``render/<game>/``); '
        'do not edit by hand."""\n\n'
        f'PALETTE_HEX = """\n{body}\n"""\n',
        encoding="utf-8",
    )


def main(argv: list[str]) -> int:
    images = list(sample_images())
    if "--write" in argv:
        entries = palette_for(images)
        path = Path(__file__).parent.parent / "palette_data.py"
        write(entries, path)
        print(f"wrote {len(entries)} colours to {path}")
        palette = as_image(entries)
    else:
        palette = palette_image()
    f = fit(images, palette)
    print(
        f"{len(images)} images: mean error {f['mean']:.2f}, worst {f['max']:.0f}, "
        f"{100 * f['over8']:.2f}% of pixels off by more than 8, {100 * f['over14']:.3f}% by more than 14"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
