"""Text catalogues: English in the code, Polish and Russian in gettext ``.po`` files, read with Babel.

Every package keeps its own *domain*: a dict of English templates keyed by a stable id (the
source language), and ``<directory>/<lang>/LC_MESSAGES/<domain>.po`` per language. A ``.po``
entry carries the id as ``msgctxt`` and the English as ``msgid``, so a translator sees the English
and the usual tools (``pybabel update``, Poedit, Weblate) mark a translation fuzzy when its English
changes; ``python -m bot.words.catalogues`` (``make catalogues``) writes the ``.pot`` templates and merges
them into the ``.po`` files. Counted sentences are gettext plurals: Babel writes each language's ``Plural-Forms`` from
CLDR (Polish and Russian have *one / few / many*), and ``gettext`` picks the form.

    register("engine", Path(__file__).parent / "locales", ENGLISH)
    text("log.attack", "pl", who="ala")        # "ala atakuje…"
    plural("n.wound", 5, "ru")                 # "5 ранений"

Nothing here knows a game: a second game registers its own domains.
"""

from __future__ import annotations

import gettext
import io
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

__all__ = [
    "LANGUAGES",
    "Domain",
    "domains",
    "language",
    "placeholders",
    "plural",
    "read_catalog",
    "read_po",
    "register",
    "text",
    "unregister",
    "update",
]

#: The languages the catalogues cover; English is the source language.
LANGUAGES: tuple[str, ...] = ("en", "pl", "ru")

#: An English template: one sentence, or (singular, plural) for a counted one.
Template = str | tuple[str, str]


@dataclass(frozen=True)
class Domain:
    """One package's texts: its English templates and where its translations live."""

    name: str
    directory: Path
    english: Mapping[str, Template]

    def po_path(self, lang: str) -> Path:
        return self.directory / lang / "LC_MESSAGES" / f"{self.name}.po"

    @property
    def pot_path(self) -> Path:
        return self.directory / f"{self.name}.pot"


_DOMAINS: dict[str, Domain] = {}
_KEYS: dict[str, Domain] = {}


def register(name: str, directory: Path, english: Mapping[str, Template]) -> Domain:
    """Make ``english``'s keys known, their translations read from ``directory``. Keys are unique
    across all domains, so a key alone names a text; registering a domain again replaces it."""
    domain = Domain(name, directory, english)
    clash = [k for k in english if k in _KEYS and _KEYS[k].name != name]
    if clash:
        raise ValueError(f"keys of domain {name!r} already belong to another domain: {clash[:5]}")
    old = _DOMAINS.get(name)
    if old is not None:
        for k in old.english:
            _KEYS.pop(k, None)
    _DOMAINS[name] = domain
    _KEYS.update(dict.fromkeys(english, domain))
    _translations.cache_clear()
    return domain


def unregister(name: str) -> None:
    """Forget a domain (tests register throwaway ones)."""
    old = _DOMAINS.pop(name, None)
    if old is not None:
        for k in old.english:
            _KEYS.pop(k, None)
    _translations.cache_clear()


def domains() -> list[Domain]:
    """Every registered domain, in registration order."""
    return list(_DOMAINS.values())


def language(code: Any) -> str:
    """Our language for a locale code: "pl", "pl-PL", ``discord.Locale.polish`` → "pl"; anything
    we have no catalogue for (``en-US``, ``de``, None) → "en"."""
    base = str(code or "").replace("_", "-").split("-", 1)[0].lower()
    return base if base in LANGUAGES else "en"


def has(key: str) -> bool:
    return key in _KEYS


def english(key: str) -> Template:
    """The English template of ``key`` (KeyError for an unknown key: a typo is a bug, not a text)."""
    return _KEYS[key].english[key]


def text(key: str, lang: str = "en", /, **kwargs: Any) -> str:
    """The sentence ``key`` in ``lang``, formatted with ``kwargs`` (English when it has no translation)."""
    en = english(key)
    if isinstance(en, tuple):
        raise TypeError(f"{key!r} is a counted sentence: use plural()")
    tr = _translations(_KEYS[key].name, lang)
    return _format(tr.pgettext(key, en), en, kwargs)


def plural(key: str, n: int, lang: str = "en", /, **kwargs: Any) -> str:
    """The counted sentence ``key`` for ``n`` in ``lang`` (its CLDR form), formatted with ``n`` and ``kwargs``."""
    en = english(key)
    if not isinstance(en, tuple):
        raise TypeError(f"{key!r} is not a counted sentence: use text()")
    tr = _translations(_KEYS[key].name, lang)
    chosen = tr.npgettext(key, en[0], en[1], n)
    return _format(chosen, en[0] if n == 1 else en[1], {"n": n, **kwargs})


def _format(template: str, fallback: str, kwargs: Mapping[str, Any]) -> str:
    """``template`` formatted; a translation naming a field the code does not pass falls back to
    English rather than failing a player's move (the catalogue tests keep this from happening)."""
    try:
        return template.format(**kwargs)
    except (KeyError, IndexError, ValueError):
        return fallback.format(**kwargs)


def placeholders(template: str) -> set[str]:
    """The ``{field}`` names a template formats."""
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


@cache
def _translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The domain's compiled catalogue for ``lang``; English (the code's own text) when none."""
    d = _DOMAINS[domain]
    path = d.po_path(lang)
    if lang == "en" or not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, catalog)  # fuzzy entries are left out: their English changed since they were translated
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def read_catalog(domain: Domain, lang: str) -> Catalog:
    """The ``.po`` catalogue of ``domain`` in ``lang`` as Babel reads it (for the tools and tests)."""
    with domain.po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=domain.name)


def template(domain: Domain) -> Catalog:
    """The ``.pot`` template of a domain: each key as ``msgctxt``, its English as ``msgid``."""
    cat = _catalog(domain, None)
    for key, en in domain.english.items():
        cat.add(en, context=key, flags=("python-brace-format",) if _has_fields(en) else ())
    return cat


def _catalog(domain: Domain, lang: str | None) -> Catalog:
    return Catalog(
        locale=lang,
        domain=domain.name,
        project="nightfall-discord",
        version="1",
        copyright_holder="the nightfall-discord authors",
        msgid_bugs_address="",
        language_team=f"{lang} <>" if lang else "",
        fuzzy=False,
    )


def _has_fields(en: Template) -> bool:
    return any(placeholders(s) for s in ((en,) if isinstance(en, str) else en))


def update(domain: Domain) -> list[str]:
    """Write the domain's ``.pot`` and merge it into each language's ``.po`` (what ``pybabel update``
    does): new keys arrive untranslated, changed English makes a translation fuzzy. Returns what
    it wrote."""
    written = []
    pot = template(domain)
    domain.directory.mkdir(parents=True, exist_ok=True)
    with domain.pot_path.open("wb") as f:
        write_po(f, pot, width=100, omit_header=False, sort_output=False)
    written.append(str(domain.pot_path))
    for lang in LANGUAGES[1:]:
        path = domain.po_path(lang)
        if path.exists():
            cat = read_catalog(domain, lang)
            cat.update(pot, update_header_comment=False, no_fuzzy_matching=True)
            cat.obsolete.clear()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = _catalog(domain, lang)
            cat.update(pot, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, cat, width=100, sort_output=False)
        written.append(str(path))
    _translations.cache_clear()
    return written
