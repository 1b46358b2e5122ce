"""Bring every text domain's ``.pot`` template and ``.po`` catalogues up to date with the English in the code.

    python -m bot.catalogues          # or: make catalogues

New English keys arrive untranslated in ``pl`` and ``ru``, changed English makes the old
translation fuzzy (the bot then shows English until a translator confirms it), removed keys go.
The bot imports every module that registers a domain, so this sees them all.
"""

from __future__ import annotations

import bot.app  # noqa: F401  (imports every module that registers a text domain)
from engine import i18n


def main() -> None:
    for domain in i18n.domains():
        for path in i18n.update(domain):
            print(path)


if __name__ == "__main__":
    main()
