"""What a player must never read, found in any text or image: a number with the wrong plural form ("5 ugryzienie",
"1 wounds", "21 ранений"), a catalogue key or a placeholder left unformatted, a development note.

The plural forms come from the catalogues themselves (every counted sentence of every domain, in every
language), so a new counted noun is checked as soon as it exists. Images are read from the texts the
renderer drew (``render.primitives.Draw``), a number drawn just above its word counting as "number word".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from babel import Locale

from engine import i18n

#: words that only a development note would show a player
DEV_NOTE = re.compile(
    r"reconstruct|printed copy|no printed|TODO|FIXME|placeholder|debug|rekonstru|реконструк|lorem",
    re.IGNORECASE,
)
#: a catalogue key shown instead of its text ("err.stale"), or a field left unformatted ("{name}")
RAW_KEY = re.compile(
    r"(?<![\w/.-])(?:err|status|deadline|lobby|prompt|render|engine|cards|fd|away|over|mine|notify|cup|"
    r"table|summary|level|n)\.[a-z_]+(?:\.[a-z_]+)*(?![\w(])"
)
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
NUMBER_WORD = re.compile(r"(?:([^\W\d_]+)\s+)?(?<![\w.,/:#-])(\d+)\s+([^\W\d_]+)")
#: prepositions after which a number and its noun take the genitive whatever the number ("из 3 карт", "z 3 kart")
GOVERNS_CASE = {"из", "от", "до", "без", "около", "после", "для", "у", "с", "со", "z", "ze", "od", "do", "bez", "około"}


@cache
def _forms() -> dict[str, set[tuple[str, str]]]:
    """Every counted word → the (language, CLDR category) pairs it is right for."""
    out: dict[str, set[tuple[str, str]]] = {}
    samples = (0, 1, 2, 3, 5, 11, 12, 21, 22, 25, 101, 102, 111)
    for domain in i18n.domains():
        for key, template in domain.english.items():
            if not isinstance(template, tuple):
                continue
            for lang in i18n.LANGUAGES:
                rule = Locale.parse(lang).plural_form
                for n in samples:
                    try:
                        shown = i18n.plural(key, n, lang)
                    except (KeyError, ValueError, IndexError):
                        continue
                    words = shown.split(str(n), 1)[1] if str(n) in shown else shown
                    word = next(iter(re.findall(r"[^\W\d_]+", words)), None)
                    if word:
                        out.setdefault(word.casefold(), set()).add((lang, rule(n)))
    return out


def plural_errors(text: str) -> list[str]:
    """Each "number word" in ``text`` whose word is a counted form that number never takes in its language."""
    forms = _forms()
    bad = []
    for before, number, word in NUMBER_WORD.findall(text):
        fits = forms.get(word.casefold())
        if not fits or before.casefold() in GOVERNS_CASE:
            continue
        n = int(number)
        langs = {lang for lang, _ in fits}
        if not any((lang, Locale.parse(lang).plural_form(n)) in fits for lang in langs):
            bad.append(f"{number} {word}")
    return bad


def defects(text: str) -> list[str]:
    """Everything wrong with one text a player reads."""
    found = [f"plural: {e}" for e in plural_errors(text)]
    found += [f"development note: {m.group(0)}" for m in DEV_NOTE.finditer(text)]
    found += [f"raw key: {m.group(0)}" for m in RAW_KEY.finditer(text)]
    found += [f"placeholder: {m.group(0)}" for m in PLACEHOLDER.finditer(text)]
    return found


def image_texts(drawn: Iterable[str]) -> Iterator[str]:
    """The texts one image drew, in order, with each bare number joined to the text drawn after it (the results
    image draws "5" above "ugryzień": it reads "5 ugryzień")."""
    items = list(drawn)
    for i, text in enumerate(items):
        if text.strip().isdigit() and i + 1 < len(items):
            yield f"{text.strip()} {items[i + 1]}"
        yield text
