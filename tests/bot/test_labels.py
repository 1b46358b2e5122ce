"""A prompt's button and menu labels: shortened to Discord's limits, every option still reads differently."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.components.moves import Move, move_view
from bot.nightfall.face import NightfallFace
from bot.words.i18n import shorten
from bot.words.labels import BUTTON_LABEL, OPTION_LABEL, distinct_labels

from .conftest import user_errors_only
from .test_typed_moves import alice_to_chain

BOB_A = "Block Enraged Wight (Vesper 🤖's, attacking bob, blocked by Charlotte Reyes) with Grave Hound, protecting bob"
BOB_B = "Block Enraged Wight (Vesper 🤖's, attacking bob, blocked by Charlotte Reyes) with Grave Hound, protecting Ann"

WORDS = {
    "en": ["Block", "Enraged", "Wight", "attacking", "blocked", "by", "Charlotte", "(Vesper", "🤖's,", "bob)"],
    "pl": ["Zablokuj", "Rozwścieczonego", "Upiora", "atakującego", "ŁAŃCUCH", "zagrywany", "z", "góry", "żółć"],
    "ru": ["Заблокировать", "Разъярённого", "Умертвия", "разыграна", "сверху", "вниз", "·", "первой", "ёж"],
}


def test_the_two_blocks_bob_was_offered_read_differently() -> None:
    """The issue's example: cut between words at 80 characters, both read 'Block Enraged Wight (…)…'."""
    assert shorten(BOB_A, BUTTON_LABEL) == shorten(BOB_B, BUTTON_LABEL)  # what the old cut showed
    a, b = distinct_labels([BOB_A, BOB_B], BUTTON_LABEL)
    assert a != b
    assert len(a) <= BUTTON_LABEL and len(b) <= BUTTON_LABEL
    assert a.startswith("Block Enraged Wight") and b.startswith("Block Enraged Wight")
    assert a.endswith("protecting bob") and b.endswith("protecting Ann")  # what tells them apart is kept
    assert "…" in a  # the shared middle is cut, marked


def test_labels_that_fit_or_already_differ_are_the_plain_cut() -> None:
    labels = ["Pass", "Play Grave Hound", "Block " + "x " * 60 + "end", "Attack " + "y " * 60 + "end"]
    assert distinct_labels(labels, BUTTON_LABEL) == [shorten(label, BUTTON_LABEL) for label in labels]
    assert distinct_labels([], BUTTON_LABEL) == []


def _label(draw: st.DrawFn, lang: str) -> str:
    return " ".join(draw(st.lists(st.sampled_from(WORDS[lang]), min_size=1, max_size=30)))


@st.composite
def label_sets(draw: st.DrawFn) -> tuple[list[str], int]:
    """Labels in one script, often sharing a long start and/or end (the blocks above), sometimes repeated."""
    lang = draw(st.sampled_from(sorted(WORDS)))
    head = _label(draw, lang) if draw(st.booleans()) else ""
    tail = _label(draw, lang) if draw(st.booleans()) else ""
    middles = [_label(draw, lang) for _ in range(draw(st.integers(1, 12)))]
    labels = [" ".join(part for part in (head, middle, tail) if part) for middle in middles]
    if draw(st.booleans()):
        labels.append(labels[0])  # the same label twice reads the same, of course
    return labels, draw(st.sampled_from([BUTTON_LABEL, OPTION_LABEL, 40, 25]))


@settings(max_examples=300, deadline=None)
@given(label_sets())
def test_every_option_reads_differently_within_the_limit(case: tuple[list[str], int]) -> None:
    labels, limit = case
    out = distinct_labels(labels, limit)
    assert len(out) == len(labels)
    assert all(len(text) <= limit for text in out)
    for i, j in ((a, b) for a in range(len(labels)) for b in range(a)):
        assert (out[i] == out[j]) == (labels[i] == labels[j]), (labels[i], labels[j], out[i])
    if all(len(label) <= limit for label in labels):
        assert out == labels
    assert distinct_labels(labels, limit) == out  # deterministic


@pytest.mark.parametrize("seed", range(20))
def test_random_scripts_mixed(seed: int) -> None:
    """Long shared starts and ends in all three scripts at once, no two alike."""
    rng = random.Random(seed)
    every = [w for words in WORDS.values() for w in words]
    head = " ".join(rng.choices(every, k=rng.randint(0, 25)))
    tail = " ".join(rng.choices(every, k=rng.randint(0, 25)))
    labels = list(
        dict.fromkeys(f"{head} {' '.join(rng.choices(every, k=rng.randint(1, 6)))} {tail}".strip() for _ in range(25))
    )
    out = distinct_labels(labels, OPTION_LABEL)
    assert len(set(out)) == len(labels)
    assert all(len(text) <= OPTION_LABEL for text in out)


def _labels_of(view: object) -> list[str]:
    shown = []
    for item in view.children:  # type: ignore[attr-defined]
        shown += [o.label for o in item.item.options] if hasattr(item.item, "options") else [item.item.label]
    return shown


def test_a_prompts_buttons_read_differently() -> None:
    view = move_view(1, 0, [Move("block 1 a", BOB_A), Move("block 1 b", BOB_B), Move("pass", "Pass", True)], "Pick")
    shown = _labels_of(view)
    assert len(shown) == 3 and len(set(shown)) == 3
    assert all(len(label) <= BUTTON_LABEL for label in shown)


def test_a_prompts_menu_options_read_differently() -> None:
    moves = [Move(f"block {i}", f"{BOB_A} and {'Ann ' * 5}number {i}") for i in range(25)]
    view = move_view(1, 0, [*moves, Move("pass", "Pass", True)], "Pick")
    shown = _labels_of(view)
    assert len(shown) == 26 and len(set(shown)) == 26
    assert all(len(label) <= OPTION_LABEL for label in shown)


@pytest.mark.unseen_images
async def test_typed_move_suggestions_read_differently(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slash option's suggestions are cut at 100 characters too: moves sharing a long start stay apart."""
    party, _seat, _ref = await alice_to_chain(simcord_env)
    shared = "Chain a card whose label reads the same for a long while, as blocks of one attacker do, " * 2
    original = NightfallFace.label

    def long_label(self: NightfallFace, match: Any, action: Any, names: Any, lang: str) -> str:
        return shared + original(self, match, action, names, lang)

    monkeypatch.setattr(NightfallFace, "label", long_label)
    choices = await party.members["alice"].autocomplete(party.channel, "chain", "card", "")
    names = [c["name"] for c in choices]
    assert len(names) > 1 and len(set(names)) == len(names)
    assert all(len(name) <= OPTION_LABEL for name in names)
    user_errors_only(simcord_env)
