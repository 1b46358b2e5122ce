"""Write sample images of every kind: ``python -m render.nightfall.screenshots docs/images``.

The views come from :mod:`render.nightfall.samples` (seeded games and built positions), so the files
only change when the renderer or the engine does. ``phone-*.png`` are the table, a hand and a
prompt scaled to 320 px wide, as Discord shows them on a phone, for the README.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from PIL import Image

from engine.nightfall.cards import card_set

from ..primitives import to_png
from ..theme import PHONE_WIDTH
from . import render_card, render_draft, render_hand, render_prompt, render_results, render_table, samples


def phone(png: bytes) -> bytes:
    """An image as a phone shows it: scaled to PHONE_WIDTH wide (Lanczos, as a browser would)."""
    img = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(img.height * PHONE_WIDTH / img.width)
    return to_png(img.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS))


def write_all(out: Path) -> list[Path]:
    """Render every sample into ``out``; returns the files written, in order."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def save(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    five = samples.five_player_chain()
    table = render_table(five.public_view())
    save("table-5p.png", table)
    save("phone-table.png", phone(table))
    save("table-5p-pl.png", render_table(five.public_view(), lang="pl"))
    save("phone-table-pl.png", phone(render_table(five.public_view(), lang="pl")))
    two = samples.two_player_midgame()
    save("table-2p.png", render_table(two.public_view()))
    save("table-5p-combat.png", render_table(samples.five_player_combat().public_view()))
    link = samples.five_player_link_decision()
    save("table-5p-link.png", render_table(link.public_view()))
    hand = render_hand(link.private_view("cleo"))
    save("hand.png", hand)
    save("phone-hand.png", phone(hand))
    save("hand-pl.png", render_hand(link.private_view("cleo", lang="pl"), lang="pl"))
    save("phone-hand-ru.png", phone(render_hand(link.private_view("cleo", lang="ru"), lang="ru")))
    save("hand-2p.png", render_hand(two.private_view(two.public_view()["active"])))
    draft = samples.draft_game()
    save("draft.png", render_draft(draft.private_view("ada")))
    save("draft-picked.png", render_draft(draft.private_view("cleo")))
    save("table-draft.png", render_table(draft.public_view()))
    target = render_prompt(five.private_view("cleo"))
    save("prompt-target.png", target)
    save("phone-prompt.png", phone(target))
    save("prompt-claim.png", render_prompt(samples.claim_decision().private_view("ada")))
    save("prompt-block.png", render_prompt(samples.five_player_combat().private_view("ada")))
    done = samples.finished_game()
    save("results.png", render_results(done.public_view()))
    save("table-over.png", render_table(done.public_view()))
    cards = out / "cards"
    cards.mkdir(exist_ok=True)
    for key in card_set().cards:
        save(f"cards/{key}.png", render_card(key))
    for key in ("bad_smoke", "hypnotic_presence", "indigo_six"):
        save(f"cards/{key}-pl.png", render_card(key, lang="pl"))
    for wound in card_set().wound_types:
        save(f"cards/wound-{wound}.png", render_card(f"wound:{wound}"))
    save("cards/wound-bite-ru.png", render_card("wound:bite", lang="ru"))
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/images")
    for path in write_all(out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
