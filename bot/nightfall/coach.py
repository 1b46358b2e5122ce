"""A Nightfall tutorial's words on a decision: what each choice does, one short line each.

Read from the engine's own game (the seat's cards, the chain's last card, its influence): a kicker that
would apply now or only onto its colour, the damage an attacker deals or a blocker absorbs, the influence
a claim can spend. Every line comes from the rules the engine plays, so the coach never says what the
game would not do.
"""

from __future__ import annotations

from typing import Any

from bot.words.i18n import count, t
from engine.nightfall import Game
from engine.nightfall.texts import card_key_text, colour_text, or_list

#: at most this many choices explained (a prompt stays short)
MOST = 6


def coach_lines(g: Game, seat: str, names: dict[str, str], lang: str) -> list[str]:
    """One line per distinct choice of ``seat``'s current decision (what it does); empty for a decision whose
    buttons say it all."""
    actions = g.legal_actions(seat)
    if not actions:
        return []
    verb = actions[0].verb
    lines: list[str] = []
    seen: set[str] = set()
    for a in actions:
        try:
            line = _line(g, seat, a, lang)
        except (LookupError, ValueError):
            continue
        if line and line not in seen:
            seen.add(line)
            lines.append(line)
    if verb in ("chain", "pass") and any(a.verb == "pass" for a in actions):
        lines.append(t("coach.pass", lang))
    if verb in ("claim", "discard", "done") and any(a.verb in ("claim", "discard") for a in actions):
        i = g.seat_index(seat)
        lines.insert(0, t("coach.claim", lang, influence=g.s.influence[i]))
    return lines[: MOST + 1]


def _line(g: Game, seat: str, a: Any, lang: str) -> str:
    if a.verb == "chain":
        d = g.d(g.parse_card(a.args[0]))
        name = card_key_text(d.key, lang)
        links = or_list((colour_text(c, lang) for c in d.links), lang)
        line = t("coach.chain", lang, card=name, colour=colour_text(d.colour, lang), links=links)
        if d.kicker is not None:
            chain = g.s.chain
            last = g.d(chain[-1]["card"]).colour if chain else None
            key = "coach.kicker_now" if last == d.kicker.colour else "coach.kicker_later"
            line += " " + t(key, lang, colour=colour_text(d.kicker.colour, lang))
        return line
    if a.verb == "attack":
        cid = g.parse_card(a.args[0])
        d = g.d(cid)
        return t("coach.attack", lang, card=card_key_text(d.key, lang), damage=count(d.strength or 0, "damage", lang))
    if a.verb == "block":
        cid = g.parse_card(a.args[0])
        d = g.d(cid)
        return t("coach.block", lang, card=card_key_text(d.key, lang), damage=count(g.health_left(cid), "damage", lang))
    return ""
