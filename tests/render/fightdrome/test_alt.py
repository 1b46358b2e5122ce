"""Fightdrome's alt text: the table, a hand, the results and a card in words, within Discord's 1,024 characters,
in the image's language, with the facts the image shows; a table's words name no card of either hand."""

from __future__ import annotations

import re

import pytest

from engine.fightdrome import Match
from render.alt import ALT_LIMIT, TEXT_LIMIT
from render.fightdrome import alt, samples, texts

LANGS = ("en", "pl", "ru")
NAMES = {"ana": "Ana ⚙", "bo": "Bo"}
#: a word each language's words of an image kind must hold
MARKS = {
    "table": {"en": "Fightdrome table", "pl": "Stół Fightdrome", "ru": "Стол Fightdrome"},
    "hand": {"en": "Your hand:", "pl": "Twoja ręka:", "ru": "Ваша рука:"},
    "results": {"en": "match result", "pl": "wynik meczu", "ru": "итог матча"},
    "card": {"en": "Fame", "pl": "Sława", "ru": "Слава"},
}


@pytest.fixture(scope="module")
def matches() -> dict[str, Match]:
    return samples.all_matches()


@pytest.mark.parametrize("lang", LANGS)
def test_every_image_has_words_in_its_language_within_the_limit(matches: dict[str, Match], lang: str) -> None:
    for key, match in matches.items():
        public = match.public_view()
        shown = {"table": alt.table_words(public, lang, NAMES)}
        if public.get("over"):
            shown["results"] = alt.results_words(public, lang, NAMES)
        for seat in public["seats"]:
            own = match.private_view(seat)
            if own.get("hand"):
                shown["hand"] = alt.hand_words(own, lang, NAMES)
        for kind, words in shown.items():
            text = words.fit(ALT_LIMIT)
            assert text and len(text) <= ALT_LIMIT, (key, kind)
            assert len(words.fit(TEXT_LIMIT)) <= TEXT_LIMIT
            assert MARKS[kind][lang] in text, (key, kind, text)
            for other, mark in MARKS[kind].items():
                if other != lang:
                    assert mark not in text, (key, kind, other)
            assert "⚙" not in text and "≥" not in text and "≤" not in text
    for face in ("K30", "NG", "DG", "FT", "PB60"):
        text = alt.card_words(face, lang).fit(ALT_LIMIT)
        assert MARKS["card"][lang] in text and texts.card_name(face, lang) in text


def test_the_table_says_the_exchange_what_answers_it_and_each_fighter(matches: dict[str, Match]) -> None:
    text = alt.table_words(matches["mid_exchange"].public_view(), "en", NAMES).fit(ALT_LIMIT)
    assert text.startswith("Fightdrome table. Round 2. To 300 Fame. Deciding now: Bo, answer Grapple 30.")
    assert (
        "first to top: Kick 20 by Ana (AI); Kick 20 by Bo; Grapple 20 by Ana (AI); Grapple 20 by Bo; Grapple 30" in text
    )
    assert "To answer the top card: Any attack 30 or more; Punch Block 30 or more;" in text
    assert "Ana (AI): Fame 60, Sleeve Judoka, Stack Specialist, hand 7, deck 32, discard 2, stun 0, Rest: no." in text
    assert "Round 1: Ana (AI) won, hand empty; Fame: Ana (AI) +60, Bo +0." in text


def test_a_tournament_table_says_the_teams(matches: dict[str, Match]) -> None:
    text = alt.table_words(matches["tournament"].public_view(), "en", NAMES).fit(ALT_LIMIT)
    assert "Grand Tournament." in text
    assert "team Wrestler, out: Street Brawler" in text


def test_a_hand_says_the_move_the_top_card_and_what_is_playable(matches: dict[str, Match]) -> None:
    match = matches["mid_exchange"]
    text = alt.hand_words(match.private_view("bo"), "en", NAMES).fit(ALT_LIMIT)
    assert text.startswith("Your move: answer Grapple 30. Top card: Grapple 30 (Ana (AI)).")
    assert "Your hand: Punch 10, not playable now; Punch 30, playable now;" in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_public_table_names_no_card_of_either_hand(matches: dict[str, Match], lang: str) -> None:
    for key, match in matches.items():
        public = match.public_view()
        text = alt.table_words(public, lang, NAMES).fit(TEXT_LIMIT)
        seen = {c["card"] for c in public.get("line") or []}
        answers = " ".join(texts.requirement_groups(list(public.get("requirement") or []), lang))
        for seat in public["seats"]:
            for card in match.private_view(seat).get("hand") or []:
                if card["card"] in seen:
                    continue
                name = texts.card_name(card["card"], lang)
                if name in answers:  # "Dodge" may answer the top card: the rules' words, not a hand's
                    continue
                assert not re.search(rf"{re.escape(name)}(?!\d)", text), (key, name)


def test_the_table_refuses_a_private_view(matches: dict[str, Match]) -> None:
    with pytest.raises(ValueError):
        alt.table_words(matches["mid_exchange"].private_view("bo"), "en")


def test_results_say_the_winner_and_every_round(matches: dict[str, Match]) -> None:
    text = alt.results_words(matches["finished"].public_view(), "pl", NAMES).fit(ALT_LIMIT)
    assert text.startswith("Fightdrome, wynik meczu. Bo wygrywa mecz.")
    assert "Runda 5: wygrywa Bo, po odpoczynku" in text


def test_a_card_says_its_kind_strength_fame_and_what_it_answers() -> None:
    assert alt.card_words("K30", "en").fit(ALT_LIMIT) == (
        "Kick 30: attack, kick. Strength 30, Fame 30. Plays on: Kick/Grapple 30 or less; not on neuro attacks. "
        "May open an exchange."
    )
    assert alt.card_words("DG", "en").fit(ALT_LIMIT).startswith("Dodge. No strength, Fame 0.")
