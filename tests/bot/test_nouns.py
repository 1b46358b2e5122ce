"""Each game gives the forms of its nouns the host's sentences take as fields (``bot.words.i18n.NOUN_FORMS``), in
English, Polish and Russian: a game that forgets one, or gets a placeholder wrong, fails here rather than at
``/game new``; and a game calling its stretches of play by a noun the host never heard of needs no host change."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.clocks.durations import deadline_text
from bot.games import FACES
from bot.words.i18n import COUNTED_FORMS, NOUN_FORMS, noun, t
from engine import i18n
from engine.games import GAMES


def _domain_of(key: str) -> i18n.Domain:
    return next(d for d in i18n.domains() if key in d.english)


def _translation(key: str, lang: str) -> str | tuple[str, ...] | None:
    """The key's translation in ``lang``, None when it has none (missing, empty or fuzzy)."""
    domain = _domain_of(key)
    if not domain.po_path(lang).exists():
        return None
    en = i18n.english(key)
    message = i18n.read_catalog(domain, lang).get(en if isinstance(en, str) else en[0], context=key)
    if message is None or message.fuzzy or not message.string:
        return None
    if isinstance(message.string, tuple) and not all(message.string):
        return None
    return message.string


def form_problems(game: str) -> Iterator[str]:
    """What is wrong with a game's noun forms: each missing form, a counted one written as a sentence (or the
    other way round), a placeholder that is not exactly the form's, a missing Polish or Russian translation."""
    for form, fields in NOUN_FORMS.items():
        key = f"{game}.{form}"
        if not i18n.has(key):
            yield f"{key}: missing"
            continue
        en = i18n.english(key)
        counted = form in COUNTED_FORMS
        if counted != isinstance(en, tuple):
            yield f"{key}: {'counted, (one, other)' if counted else 'a sentence, not counted'} expected"
            continue
        for text in (en,) if isinstance(en, str) else en:
            if i18n.placeholders(text) != fields:
                yield f"{key} (en): fields {sorted(i18n.placeholders(text))}, expected {sorted(fields)}"
        for lang in i18n.LANGUAGES[1:]:
            tr = _translation(key, lang)
            if tr is None:
                yield f"{key} ({lang}): untranslated"
                continue
            for text in (tr,) if isinstance(tr, str) else tr:
                if i18n.placeholders(text) != fields:
                    found = sorted(i18n.placeholders(text))
                    yield f"{key} ({lang}): {text!r} has fields {found}, expected {sorted(fields)}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_gives_every_form_of_its_nouns_in_every_language(game: str) -> None:
    assert list(form_problems(game)) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_english_forms_say_the_nouns_the_rules_declare(game: str) -> None:
    """``Rules.span_noun`` and ``turn_noun`` are the English words the forms are made of: the declaration and the
    words cannot drift apart."""
    rules = GAMES[game]
    for form in NOUN_FORMS:
        word = rules.span_noun if form.startswith("span.") else rules.turn_noun
        en = i18n.english(f"{game}.{form}")
        assert all(word in text.lower() for text in ((en,) if isinstance(en, str) else en)), (form, word, en)


@pytest.mark.parametrize("game", sorted(FACES))
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_host_sentences_take_each_games_nouns(game: str, lang: str) -> None:
    """Every sentence that takes a game's noun reads in each language, the noun in it (no English fallback)."""
    until_end = noun(game, "span.until_end", lang)
    turns = noun(game, "span.count", lang, n=3)
    text = deadline_text(3600, 3, game, lang)
    assert until_end in text and turns in text
    assert until_end in deadline_text(3600, 0, game, lang) and turns not in deadline_text(3600, 0, game, lang)
    span = noun(game, "span.this", lang)
    assert span in t("deadline.defaulted", lang, name="ala", span=span, label="Pass")
    assert until_end in t("deadline.missed", lang, name="ala", until_end=until_end, then="")
    since = noun(game, "turn.since", lang, turn=7)
    assert "7" in since and since in t("away.ai_when", lang, when=since)
    assert "3–5" in noun(game, "turn.during", lang, turns="3–5")
    if lang != "en":
        assert t("status.deadline_noai", lang, deadline="1", until_end="x") != t(
            "status.deadline_noai", "en", deadline="1", until_end="x"
        )


def test_the_polish_and_russian_counts_take_three_forms() -> None:
    assert [noun("nightfall", "span.count", "pl", n=n) for n in (1, 3, 5)] == ["1 tura", "3 tury", "5 tur"]
    assert [noun("fightdrome", "span.count", "ru", n=n) for n in (1, 3, 5)] == ["1 обмен", "3 обмена", "5 обменов"]


@pytest.fixture
def trick_game(tmp_path: Path) -> Iterator[str]:
    """A made-up game whose stretches of play are tricks, with its own domain: a noun the host never heard of."""
    english: dict[str, i18n.Template] = {
        "trickgame.span.this": "this trick",
        "trickgame.span.until_end": "until the trick is taken",
        "trickgame.span.count": ("{n} trick", "{n} tricks"),
        "trickgame.turn.since": "from hand {turn}",
        "trickgame.turn.during": "in hands {turns}",
        "trickgame.turn.nth": "hand {turn}",
        "trickgame.turn.title": "Hand {turn}",
    }
    i18n.register("trickgame", tmp_path, english)
    yield "trickgame"
    i18n.unregister("trickgame")


def test_a_game_with_a_noun_the_host_never_heard_of_needs_no_host_change(trick_game: str) -> None:
    assert deadline_text(3600, 3, trick_game) == (
        "Deadline: 1 hour per decision. A player who misses one plays by default until the trick is taken; "
        "after 3 tricks missed in a row the AI takes their seat."
    )
    assert t("away.ai_when", when=noun(trick_game, "turn.since", turn=2)) == "(AI from hand 2)"
    # Polish and Russian read English until the game's translators give them: never a crash
    assert "until the trick is taken" in deadline_text(3600, 3, trick_game, "pl")
    assert list(form_problems(trick_game)) == [
        f"trickgame.{form} ({lang}): untranslated" for form in NOUN_FORMS for lang in ("pl", "ru")
    ]


def test_a_game_that_forgets_a_form_fails_the_check(tmp_path: Path) -> None:
    i18n.register("forgetful", tmp_path, {"forgetful.span.this": "this go", "forgetful.span.count": "{n} goes"})
    try:
        problems = list(form_problems("forgetful"))
    finally:
        i18n.unregister("forgetful")
    assert "forgetful.span.until_end: missing" in problems
    assert "forgetful.span.count: counted, (one, other) expected" in problems
    with pytest.raises(KeyError):
        noun("nightfall", "span.that")


def test_the_checker_reads_translations() -> None:
    """``_translation`` finds translated entries, counted ones too (else the check above would fail them all)."""
    assert _translation("nightfall.span.this", "pl") == "ta tura"
    assert _translation("fightdrome.span.count", "ru") == ("{n} обмен", "{n} обмена", "{n} обменов")
