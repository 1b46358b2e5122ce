"""Bring every text domain's ``.pot`` template and ``.po`` catalogues up to date with the English in the code.

    python -m bot.words.catalogues          # every domain (or: make catalogues)
    python -m bot.words.catalogues render   # one domain

New English keys arrive untranslated in ``pl`` and ``ru``, changed English makes the old
translation fuzzy (the bot then shows English until a translator confirms it), removed keys go.
The bot imports every module that registers a domain, so this sees them all.
"""

from __future__ import annotations

import sys

import bot.app  # noqa: F401  (imports every module that registers a text domain)
from engine import i18n


def main(names: list[str]) -> None:
    known = {d.name: d for d in i18n.domains()}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"unknown domain(s) {unknown}; known: {sorted(known)}")
    for domain in [known[n] for n in names] if names else known.values():
        for path in i18n.update(domain):
            print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
