"""Engine seats are ``p1``…``p5``; players see display names. These helpers translate views and labels."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

SEAT_TOKEN = re.compile(r"\bp[1-5]\b")


def label(text: str, names: dict[str, str]) -> str:
    """A label from ``Game.describe`` with seat ids replaced by names."""
    return SEAT_TOKEN.sub(lambda m: names.get(m.group(0), m.group(0)), text)


def named_view(view: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A copy of an engine view in which every seat id reads as the player's display name.

    Only the dicts and lists on the way to a renamed value are copied; every other part is
    shared with ``view``, which is never changed. Treat the result as read-only too (the
    renderers and the image cache only read it).
    """

    def n(x: Any) -> Any:
        return names.get(x, x) if isinstance(x, str) else x

    v = dict(view)
    for key in ("active", "first", "you"):
        if key in v:
            v[key] = n(v[key])
    if "seats" in v:
        v["seats"] = [_named_seat(seat, n) for seat in v["seats"]]
    if "chain" in v:
        v["chain"] = [{**entry, "by": n(entry["by"])} for entry in v["chain"]]
    if "combat" in v:
        v["combat"] = [{**fight, "defender": n(fight["defender"])} for fight in v["combat"]]
    if "pending" in v:
        v["pending"] = [_named_pending(p, n) for p in v["pending"]]
    if v.get("result"):
        v["result"] = [{**r, "seat": n(r["seat"])} for r in v["result"]]
    if "draft" in v and "waiting" in v["draft"]:
        v["draft"] = {**v["draft"], "waiting": [n(x) for x in v["draft"]["waiting"]]}
    if "decisions" in v:
        v["decisions"] = [_named_decision(d, names) for d in v["decisions"]]
    return v


def _named_seat(seat: dict[str, Any], n: Callable[[Any], Any]) -> dict[str, Any]:
    out = {**seat, "seat": n(seat["seat"])}
    if "archives" in seat:
        out["archives"] = [{**a, "owner": n(a.get("owner"))} for a in seat["archives"]]
    return out


def _named_pending(p: dict[str, Any], n: Callable[[Any], Any]) -> dict[str, Any]:
    out = {**p, "seat": n(p["seat"])}
    if "options" in p:
        out["options"] = [n(o) for o in p["options"]]
    return out


def _named_decision(d: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    def n(x: Any) -> Any:
        return names.get(x, x) if isinstance(x, str) else x

    out = {**d}
    if "seat" in d:
        out["seat"] = n(d["seat"])
    if "actions" in d:
        out["actions"] = [
            {
                **a,
                "label": label(a["label"], names),
                "refs": [_named_ref(r, n) for r in a.get("refs") or ()],
            }
            for a in d["actions"]
        ]
    facts = d.get("facts")
    if facts and "attacks" in facts:
        out["facts"] = {
            **facts,
            "attacks": [{**x, "by": n(x["by"]), "defender": n(x["defender"])} for x in facts["attacks"]],
        }
    return out


def _named_ref(ref: dict[str, Any], n: Callable[[Any], Any]) -> dict[str, Any]:
    """A card, archive or seat an action names; the canonical ``ref`` stays, names are added."""
    out = {**ref}
    if ref.get("type") == "seat":
        out["name"] = n(ref["ref"])
    if "controller" in ref:
        out["controller"] = n(ref["controller"])
    if "archive" in ref and ref["archive"].get("owner") is not None:
        out["archive"] = {**ref["archive"], "owner": n(ref["archive"]["owner"])}
    return out
