"""Sample images drawn with the bot's own words (the texts of ``bot/words/locales``), for the README:
``python -m bot.words.samples docs/images`` (``make screenshots``). Today: the leaderboard of ``/game top``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

import render.leaderboard
from bot.games import FACES
from bot.ratings.leaderboard import labels
from render.leaderboard import Entry
from render.primitives import to_png
from render.theme import PHONE_WIDTH


def sample(out: Path) -> list[Path]:
    """Sample boards of the first game, drawn with the bot's own words: in English, as a phone shows it
    (``phone-leaderboard.png``, 320 px wide) and in Polish, with a name as long as the bot keeps (40 characters)."""
    people = [
        ("Marisol", 1412, 41, 19),
        ("Vesna Kowalczyk-Brzęczyszczykiewicz", 1286, 37, 14),
        ("bram", 1203, 22, 8),
        ("Дмитрий", 1150, 18, 6),
        ("eve", 1098, 12, 4),
        ("Ola", 1061, 9, 3),
        ("quinn", 1024, 6, 2),
        ("Rook", 1002, 4, 1),
        ("zed", 981, 3, 0),
        ("Łucja", 944, 5, 0),
    ]
    board = [Entry(n + 1, name, rating, games, wins) for n, (name, rating, games, wins) in enumerate(people)]
    out.mkdir(parents=True, exist_ok=True)
    written = []
    game = next(iter(FACES))
    english = render.leaderboard.render_leaderboard(board, labels(game, "Night Owls", 1, 2, "en"))
    polish = render.leaderboard.render_leaderboard(board, labels(game, "Night Owls", 1, 2, "pl"))
    files = {"leaderboard.png": english, "phone-leaderboard.png": phone(english), "leaderboard-pl.png": polish}
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


def phone(png: bytes) -> bytes:
    """An image as a phone shows it: scaled to PHONE_WIDTH wide (Lanczos, as a browser would)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return to_png(img.resize((PHONE_WIDTH, round(img.height * PHONE_WIDTH / img.width)), Image.Resampling.LANCZOS))


if __name__ == "__main__":
    for written in sample(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")):
        print(written)
