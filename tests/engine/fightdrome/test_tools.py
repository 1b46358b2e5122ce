"""Fightdrome's offline tools: the demo plays every format to a winner, and docs/fightdrome-cards.md is exactly
what the card list generator writes, so neither can go stale while the engine and the data change."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from engine.fightdrome import cardlist, demo
from engine.fightdrome.cards import kinds, sleeves, stacks

CARDS_MD = Path(__file__).resolve().parents[3] / "docs" / "fightdrome-cards.md"
WINNER = re.compile(r"Winner: (ada|bram)\b.*\.")


def run_demo(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert demo.main(list(argv)) == 0
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["series", "bout", "tournament"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_demo_plays_a_match_to_a_winner(fmt: str, seed: int) -> None:
    text = run_demo("--seed", str(seed), "--format", fmt)
    lines = text.rstrip("\n").splitlines()
    assert lines[0].startswith("Altered Carbon: Fightdrome")
    assert WINNER.fullmatch(lines[-1]), lines[-1]
    assert "Round 1:" in text and "== Round 1:" in text
    # every event type has words: an unknown one would print as "(type)"
    assert not [line for line in lines if re.fullmatch(r"\s*\(\w+\)", line)]


def test_the_demo_is_deterministic_and_quiet_keeps_only_results() -> None:
    argv = ("--seed", "3", "--target", "150", "--breather", "--last-breath")
    full = run_demo(*argv)
    assert full == run_demo(*argv)
    quiet = run_demo(*argv, "--quiet")
    assert "opens with" not in quiet and "== Round" not in quiet
    assert WINNER.search(quiet.splitlines()[-1])
    # the round results and the winner are the same in both
    assert [line for line in full.splitlines() if line.startswith(("Round ", "Winner:"))] == [
        line for line in quiet.splitlines() if line.startswith(("Round ", "Winner:"))
    ]


def test_the_demo_never_shows_a_private_card() -> None:
    """A stun discard's face and a drawn card are private events: a spectator sees only that they happened."""
    text = run_demo("--seed", "1", "--format", "bout")
    assert "discards a card face down" in text
    assert not re.search(r"draws (Punch|Kick|Grapple|Neurochem|Dodge|Feint)", text)


def test_docs_fightdrome_cards_md_is_the_generator_output() -> None:
    stale = "docs/fightdrome-cards.md is stale: run  python -m engine.fightdrome.cardlist > docs/fightdrome-cards.md"
    assert CARDS_MD.read_text(encoding="utf-8") == cardlist.render_markdown(), stale
    out = io.StringIO()
    with redirect_stdout(out):
        assert cardlist.main() == 0
    assert out.getvalue() == cardlist.render_markdown()


def test_the_card_list_names_every_kind_sleeve_and_stack() -> None:
    page = cardlist.render_markdown()
    assert (len(kinds()), len(sleeves()), len(stacks())) == (11, 6, 11)
    sections = {title.split("\n", 1)[0]: body for title, body in (s.split("\n", 1) for s in page.split("\n## ")[1:])}
    for heading, ids in (
        ("The 11 card kinds", kinds()),
        ("The 6 Sleeves", sleeves()),
        ("The 11 Stacks", stacks()),
    ):
        rows = [line for line in sections[heading].splitlines() if line.startswith("| `")]
        assert [row.split("`")[1] for row in rows] == list(ids), heading
    review = sections["Names for review"]
    for k in kinds().values():
        assert f"| `{k.code}` | {k.names['en']} | {k.names['pl']} | {k.names['ru']} |" in review
    for c in (*sleeves().values(), *stacks().values()):
        assert f"| `{c.id}` | {c.names['en']} | {c.names['pl']} | {c.names['ru']} |" in review
    assert "R values were reconstructed" in page
    assert "may be corrected in `engine/fightdrome/data/cards.json`" in page
    assert "## Example deck: Headliner (ST01) on Kickboxer (SL3)" in page
    assert "| **total** | **44** |" in page


def test_the_played_on_column_reads_the_rule() -> None:
    page = cardlist.render_markdown()
    row = next(line for line in page.splitlines() if line.startswith("| `P` |"))
    assert "a Punch or Grapple of equal or lower strength; never on a neuro attack" in row
    row = next(line for line in page.splitlines() if line.startswith("| `NB` |"))
    assert "any neuro attack" in row
