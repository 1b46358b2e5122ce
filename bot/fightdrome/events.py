"""Fightdrome's events as the log keeps them, and each as a line in any language.

Only public events are kept (an engine event with a ``"to"`` is its seat's alone: a drawn card, the face of a
stun discard, a secret Sleeve), and the draws themselves are left out: hand sizes are on the table. Card
faces (``K30``), Sleeves (``SL3``) and Stacks (``ST01``) are codes, worded in the reader's language when a
line is read. Fields that name seats are plain strings, so the host puts display names in them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.fightdrome.texts import card, sleeve, stack, t

if TYPE_CHECKING:
    from engine.fightdrome import Match

Event = dict[str, Any]

#: engine events the log leaves out: each draw (the table shows hand sizes) and who has picked in secret
SKIPPED = {"draw"}


def kept(match: Match, events: Sequence[Event]) -> list[Event]:
    """The public part of a move's events, flattened so that every seat the host renames is a plain field."""
    out: list[Event] = []
    for e in events:
        if "to" in e or e["type"] in SKIPPED:
            continue
        if e["type"] == "round_end":
            a, b = match.seats
            scored, totals = e.get("scored") or {}, e.get("totals") or {}
            out.append(
                {
                    "type": "round_end",
                    "round": e["round"],
                    "winner": e["winner"],
                    "loser": e["loser"],
                    "ending": e["ending"],
                    "series": bool(scored),
                    # keyed by seat, where the host puts each player's name (``engine.protocol.SEAT_KEYED_FIELDS``)
                    "scored": {a: scored.get(a, 0), b: scored.get(b, 0)},
                    "totals": {a: totals.get(a, 0), b: totals.get(b, 0)},
                }
            )
        elif e["type"] == "sleeves_revealed":
            out += [{"type": "revealed", "seat": s, "sleeve": v} for s, v in e["picks"].items()]
        elif e["type"] == "play":
            out.append({k: e[k] for k in ("type", "seat", "verb", "card", "forced")})
        else:
            out.append(dict(e))
    return out


def describe(e: Event, lang: str) -> str:
    """A kept event as a log line in ``lang``."""
    kind = e.get("type")
    name = e.get("seat", "")
    if kind == "deal":
        if e.get("team"):
            sleeves = ", ".join(sleeve(s, lang) for s in e["team"])
            return t("fd.log.team", lang, name=name, sleeves=sleeves, stack=stack(e["stack"], lang))
        return t("fd.log.deal", lang, name=name, sleeve=sleeve(e["sleeve"], lang), stack=stack(e["stack"], lang))
    if kind == "round":
        return t("fd.log.round", lang, round=e["round"], name=e["opener"])
    if kind == "overload":
        return t("fd.log.overload", lang, name=name, cards=", ".join(card(c, lang) for c in e["hand"]))
    if kind == "play":
        line = t(f"fd.log.{e['verb']}", lang, name=name, card=card(e["card"], lang))
        return line[:-1] + t("fd.log.forced", lang) + "." if e.get("forced") else line
    if kind == "exchange_end":
        return t(f"fd.log.end.{e['reason']}", lang, name=name)
    if kind in ("stunned", "stun_discard", "rest", "cannot_open", "last_breath"):
        return t(f"fd.log.{kind}", lang, name=name)
    if kind == "reshuffle":
        return t("fd.log.reshuffle", lang, name=name, n=e["cards"])
    if kind == "round_end":
        line = t(f"fd.log.round_end.{e['ending']}", lang, round=e["round"], winner=e["winner"], loser=e["loser"])
        if e.get("series"):
            scored, totals = round_scores(e)
            both = ", ".join(f"{name} {n}" for name, n in totals.items())
            line += " " + t(
                "fd.log.scored", lang, scores=", ".join(f"{name} +{n}" for name, n in scored.items()), totals=both
            )
        return line
    if kind == "tie_over_target":
        return t("fd.log.tie", lang)
    if kind == "sleeve_picked":
        return t("fd.log.picked", lang, name=name)
    if kind == "revealed":
        return t("fd.log.revealed", lang, name=name, sleeve=sleeve(e["sleeve"], lang))
    if kind == "sleeve":
        return t("fd.log.sleeve", lang, name=name, sleeve=sleeve(e["sleeve"], lang))
    if kind == "eliminated":
        return t("fd.log.eliminated", lang, name=name, sleeve=sleeve(e["sleeve"], lang))
    if kind == "match_end":
        return t("fd.log.match_end", lang, name=e["winner"])
    return str(kind)


def round_scores(e: Event) -> tuple[dict[str, int], dict[str, int]]:
    """A series round's Fame scored and totals, by player (by seat before the host names them). Lines logged before
    they were keyed by seat kept them under "a" and "b"."""
    if "a" in e:
        return {e["a"]: e["a_scored"], e["b"]: e["b_scored"]}, {e["a"]: e["a_total"], e["b"]: e["b_total"]}
    return dict(e.get("scored") or {}), dict(e.get("totals") or {})
