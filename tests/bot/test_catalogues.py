"""The text catalogues: every key in every language, the same placeholders, CLDR plurals, nothing stale."""

from __future__ import annotations

import pytest

import bot.app  # noqa: F401  (registers every text domain)
from bot.words.i18n import count
from engine import i18n

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]
DOMAINS = {d.name: d for d in i18n.domains()}


def _forms(en: i18n.Template) -> tuple[str, ...]:
    return (en,) if isinstance(en, str) else en


def test_the_domains_cover_the_engine_the_images_and_the_bot() -> None:
    assert {"engine", "render", "bot", "rules", "commands"} <= set(DOMAINS)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_every_key_is_translated_with_the_same_placeholders(name: str, lang: str) -> None:
    domain = DOMAINS[name]
    catalog = i18n.read_catalog(domain, lang)
    found = {m.context: m for m in catalog if m.id}
    missing = sorted(set(domain.english) - set(found))
    extra = sorted(set(found) - set(domain.english))
    assert not missing, f"{name}/{lang}: keys without an entry (run `make catalogues`): {missing[:10]}"
    assert not extra, f"{name}/{lang}: entries for keys the code no longer has: {extra[:10]}"
    problems = []
    for key, en in domain.english.items():
        m = found[key]
        english = _forms(en)
        msgid = m.id if isinstance(m.id, tuple) else (m.id,)
        if tuple(msgid) != english:
            problems.append(f"{key}: the .po has old English (run `make catalogues`)")
            continue
        if m.fuzzy:
            problems.append(f"{key}: fuzzy (the English changed; confirm the translation)")
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if isinstance(en, tuple) and len(strings) != 3:
            problems.append(f"{key}: needs 3 plural forms (one, few, many), has {len(strings)}")
        want = set().union(*(i18n.placeholders(s) for s in english))
        for s in strings:
            if not s:
                problems.append(f"{key}: not translated")
            elif i18n.placeholders(s) - want:
                problems.append(f"{key}: unknown placeholder {sorted(i18n.placeholders(s) - want)} in {s!r}")
            elif isinstance(en, str) and i18n.placeholders(s) != want:
                problems.append(f"{key}: placeholders {sorted(i18n.placeholders(s))} instead of {sorted(want)}")
    assert not problems, f"{name}/{lang}:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("name", sorted(DOMAINS))
def test_the_templates_are_up_to_date(name: str) -> None:
    domain = DOMAINS[name]
    with domain.pot_path.open("rb") as f:
        pot = i18n.read_po(f)
    assert {m.context: m.id for m in pot if m.id} == {
        k: en if isinstance(en, str) else tuple(en) for k, en in domain.english.items()
    }, "run `make catalogues`"


WOUNDS = {
    "pl": {
        0: "0 ran",
        1: "1 rana",
        2: "2 rany",
        5: "5 ran",
        11: "11 ran",
        12: "12 ran",
        21: "21 ran",
        22: "22 rany",
        25: "25 ran",
    },
    "ru": {
        0: "0 ранений",
        1: "1 ранение",
        2: "2 ранения",
        5: "5 ранений",
        11: "11 ранений",
        12: "12 ранений",
        21: "21 ранение",
        22: "22 ранения",
        25: "25 ранений",
    },
    "en": {0: "0 wounds", 1: "1 wound", 2: "2 wounds", 5: "5 wounds", 21: "21 wounds"},
}
CARDS = {
    "pl": {
        0: "0 kart",
        1: "1 karta",
        2: "2 karty",
        5: "5 kart",
        11: "11 kart",
        12: "12 kart",
        21: "21 kart",
        22: "22 karty",
        25: "25 kart",
    },
    "ru": {
        0: "0 карт",
        1: "1 карта",
        2: "2 карты",
        5: "5 карт",
        11: "11 карт",
        12: "12 карт",
        21: "21 карта",
        22: "22 карты",
        25: "25 карт",
    },
}


@pytest.mark.parametrize(("noun", "table"), [("wound", WOUNDS), ("card", CARDS)])
def test_counted_nouns_follow_cldr(noun: str, table: dict[str, dict[int, str]]) -> None:
    for lang, expected in table.items():
        assert {n: count(n, noun, lang) for n in expected} == expected


def test_plural_forms_come_from_babel_cldr_data() -> None:
    from babel import Locale

    for lang in TRANSLATED:
        for name, domain in DOMAINS.items():
            header = i18n.read_catalog(domain, lang).plural_forms
            assert header.startswith("nplurals=3;"), (name, lang, header)
        forms = {n: Locale(lang).plural_form(n) for n in (0, 1, 2, 5, 11, 12, 21, 22, 25)}
        assert forms[21] == ("many" if lang == "pl" else "one")
        assert [forms[n] for n in (0, 1, 2, 5, 11, 12, 22, 25)] == [
            "many",
            "one",
            "few",
            "many",
            "many",
            "many",
            "few",
            "many",
        ]


def test_a_missing_or_broken_translation_falls_back_to_english(tmp_path) -> None:
    po = tmp_path / "pl" / "LC_MESSAGES"
    po.mkdir(parents=True)
    (po / "probe.po").write_text(
        'msgid ""\nmsgstr ""\n"Language: pl\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgctxt "probe.ok"\nmsgid "Hello {name}"\nmsgstr "Cześć {name}"\n\n'
        'msgctxt "probe.broken"\nmsgid "Bye {name}"\nmsgstr "Pa {imie}"\n\n'
        '#, fuzzy\nmsgctxt "probe.fuzzy"\nmsgid "Old {name}"\nmsgstr "Stare {name}"\n',
        encoding="utf-8",
    )
    english = {
        "probe.ok": "Hello {name}",
        "probe.broken": "Bye {name}",
        "probe.fuzzy": "Old {name}",
        "probe.new": "New",
    }
    i18n.register("probe", tmp_path, english)
    try:
        assert i18n.text("probe.ok", "pl", name="ala") == "Cześć ala"
        assert i18n.text("probe.broken", "pl", name="ala") == "Bye ala"
        assert i18n.text("probe.fuzzy", "pl", name="ala") == "Old ala"
        assert i18n.text("probe.new", "pl") == "New"
        assert i18n.text("probe.ok", "ru", name="ala") == "Hello ala"
    finally:
        i18n.unregister("probe")


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("pl", "pl"),
        ("pl-PL", "pl"),
        ("ru", "ru"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "en"),
        (None, "en"),
        ("uk", "en"),
    ],
)
def test_language_of_a_locale(code: str | None, lang: str) -> None:
    assert i18n.language(code) == lang
