"""The language of a web answer: the one the address asks for (``?lang=``), else the first of the browser's
(``Accept-Language``, by its weights) the bot speaks, else the game's or the server's own."""

from __future__ import annotations

from engine.i18n import LANGUAGES


def _weighted(header: str) -> list[tuple[float, int, str]]:
    """(weight, order, primary tag) of each language the header names, weights as given (1 by default)."""
    out = []
    for order, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        primary = tag.strip().split("-", 1)[0].lower()
        if primary and weight > 0:
            out.append((weight, order, primary))
    return out


def from_header(header: str | None) -> str | None:
    """The browser's most wanted language among the bot's (None: it names none of them)."""
    if not header:
        return None
    for _weight, _order, primary in sorted(_weighted(header[:1000]), key=lambda w: (-w[0], w[1])):
        if primary in LANGUAGES:
            return primary
    return None


def choose(asked: str | None, header: str | None, fallback: str) -> str:
    """``?lang=`` if it is one of the bot's languages, else the browser's, else ``fallback`` (the game's or the
    server's language; English if that is none of them)."""
    if asked and asked.lower() in LANGUAGES:
        return asked.lower()
    return from_header(header) or (fallback if fallback in LANGUAGES else "en")
