"""docs/cards.md is exactly what ``python -m engine.nightfall.cardlist`` writes, so the card list cannot go stale."""

import io
from contextlib import redirect_stdout
from pathlib import Path

from engine.nightfall.cardlist import main, render_markdown, render_translations
from engine.nightfall.cards import card_set

CARDS_MD = Path(__file__).resolve().parents[2] / "docs" / "cards.md"


def test_docs_cards_md_is_the_generator_output() -> None:
    written = CARDS_MD.read_text(encoding="utf-8")
    stale = "docs/cards.md is stale: run  python -m engine.nightfall.cardlist > docs/cards.md"
    assert written == render_markdown(), stale


def test_main_prints_the_page() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main() == 0
    assert out.getvalue() == render_markdown()


def test_every_card_appears_once_with_both_names() -> None:
    page = render_markdown()
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    cs = card_set()
    assert len(cs.cards) == 30
    for c in cs.cards.values():
        mine = [row for row in rows if row.startswith(f"| `{c.key}` |")]
        assert len(mine) == 1, c.key
        assert c.names["en"] in mine[0] and c.names["pl"] in mine[0]
        if c.kicker:
            assert f"**{c.kicker.colour}:** {c.kicker.text}" in mine[0]
    assert len([row for row in rows if row.split("|")[1].strip().strip("`") in cs.cards]) == 30


def test_groups_wounds_and_quick_start_pairs() -> None:
    page = render_markdown()
    for heading in ("## Starting minions (6)", "## Draft minions (12)", "## Draft actions (12)", "## Wounds"):
        assert heading in page
    assert "## Quick-start pairs" in page
    assert card_set().wound_effect in page
    for a, b in card_set().quick_start_pairs:
        assert any(card_set().cards[a].name in line and card_set().cards[b].name in line for line in page.splitlines())


def test_marks_show_provenance() -> None:
    page = render_markdown()
    # Death Grip's chain text is printed in the rulebook, its kicker inferred, its cost reconstructed
    row = next(line for line in page.splitlines() if line.startswith("| `death_grip` |"))
    assert "Inflict 3 damage on target player. ✓" in row
    assert "(this cannot be blocked). ~" in row
    assert "| 5 |" in row


def test_the_translation_review_page_shows_every_translation_with_its_source() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["--lang", "pl"]) == 0
    page = out.getvalue()
    assert page == render_translations("pl")
    melee = [line for line in page.splitlines() if line.startswith("| Szaleńcza bijatyka |")]
    assert melee[0].endswith("| Zadaj 2 obrażenia każdemu sługusowi wybranego gracza. | ✓ |")
    assert any("| Kicker (white) |" in line and "Usuń 2 rozkazy z wybranego archiwum." in line for line in melee)
    assert "| Vulko | keyword | Lycanthrope | Wilkołak | ✓ |" in page
    assert card_set().wound_effect_in("pl") in page
    ru = render_translations("ru")
    assert "| Vulko | keyword | Lycanthrope | Оборотень | ⚑ |" in ru


def test_an_unknown_option_is_refused() -> None:
    with redirect_stdout(io.StringIO()):
        assert main(["--colour"]) == 2
