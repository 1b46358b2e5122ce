"""A Fightdrome tutorial's words on a decision: what each card would do if played now, one line per kind of effect.

From the rules the engine plays (section 3 of the rules digest): an attack keeps the exchange going and the
opponent must answer it; a block, a Neurochem Block or a Dodge ends it and the opponent opens; a Feint ends it,
then its player draws and opens at once; a neuro card draws nothing; a rest draws one card.
"""

from __future__ import annotations

from bot.fightdrome.texts import card, t
from engine.fightdrome import Action
from engine.fightdrome.cards import is_neuro, kind


def coach_lines(actions: list[Action], lang: str) -> list[str]:
    """One line per distinct effect among ``actions``, naming the cards that have it."""
    effects: dict[str, list[str]] = {}
    for a in actions:
        if a.verb in ("open", "answer") and a.arg:
            family = kind(a.arg).family
            effect = {"attack": "attack", "block": "block", "dodge": "block", "feint": "feint"}[family]
            if a.verb == "open":
                effect = "open"
            key = f"fd.coach.{effect}" + ("_neuro" if is_neuro(a.arg) else "")
            names = effects.setdefault(key, [])
            if card(a.arg, lang) not in names:
                names.append(card(a.arg, lang))
        elif a.verb == "rest":
            effects.setdefault("fd.coach.rest", [])
        elif a.verb == "stun-discard":
            effects.setdefault("fd.coach.stun", [])
    lines = []
    for key, names in effects.items():
        shown = ", ".join(names[:4]) + (", …" if len(names) > 4 else "")
        lines.append(t(key, lang, cards=shown))
    return lines
