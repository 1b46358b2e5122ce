"""Engine seats are ``p1``…``p5``; players see display names. These helpers translate views and labels."""

from __future__ import annotations

import copy
import re
from typing import Any

SEAT_TOKEN = re.compile(r"\bp[1-5]\b")


def label(text: str, names: dict[str, str]) -> str:
    """A label from ``Game.describe`` with seat ids replaced by names."""
    return SEAT_TOKEN.sub(lambda m: names.get(m.group(0), m.group(0)), text)


def named_view(view: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A copy of an engine view in which every seat id reads as the player's display name."""
    v = copy.deepcopy(view)

    def n(x: Any) -> Any:
        return names.get(x, x) if isinstance(x, str) else x

    for key in ("active", "first", "you"):
        if key in v:
            v[key] = n(v[key])
    for seat in v.get("seats", []):
        seat["seat"] = n(seat["seat"])
        for a in seat.get("archives", []):
            a["owner"] = n(a.get("owner"))
    for entry in v.get("chain", []):
        entry["by"] = n(entry["by"])
    for fight in v.get("combat", []):
        fight["defender"] = n(fight["defender"])
    for p in v.get("pending", []):
        p["seat"] = n(p["seat"])
        if "options" in p:
            p["options"] = [n(o) for o in p["options"]]
    for r in v.get("result", []) or []:
        r["seat"] = n(r["seat"])
    if "draft" in v and "waiting" in v["draft"]:
        v["draft"]["waiting"] = [n(x) for x in v["draft"]["waiting"]]
    for d in v.get("decisions", []):
        for a in d.get("actions", []):
            a["label"] = label(a["label"], names)
    return v
