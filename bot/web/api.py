"""The JSON API's answer about one game: its status, seats, who decides and by when, the public view (every card
instance's ``"id"`` taken out: an id would let a reader follow a card into and out of a hand) and the recent public
log. Built from a ``Snapshot``, which holds nothing private."""

from __future__ import annotations

import json
from typing import Any

from bot.web.snapshot import Snapshot


def without_ids(value: Any) -> Any:
    """``value`` with every ``"id"`` key of every dict in it removed, at any depth."""
    if isinstance(value, dict):
        return {k: without_ids(v) for k, v in value.items() if k != "id"}
    if isinstance(value, list | tuple):
        return [without_ids(v) for v in value]
    return value


def answer(snap: Snapshot, links: dict[str, str]) -> dict[str, Any]:
    """The API's answer (``/api/g/<token>``, and each event of ``/api/g/<token>/events``)."""
    table, game = snap.table, snap.table.game
    names = table.names
    return {
        "game": snap.row.game,
        "status": snap.row.status,
        "paused": snap.row.paused,
        "version": snap.version,
        "turn": snap.face.turn(game) if game is not None else None,
        "seats": [{"seat": s.seat, "name": names.get(s.seat, s.display_name), "ai": s.is_ai} for s in table.seats],
        "deciding": snap.deciding,
        "deadline": snap.deadline.isoformat() if snap.deadline is not None else None,
        "view": without_ids(game.public_view()) if game is not None else None,
        "log": snap.log,
        "links": links,
    }


def encoded(snap: Snapshot, links: dict[str, str]) -> str:
    """The answer as compact JSON text (one line: an SSE event's data)."""
    return json.dumps(answer(snap, links), ensure_ascii=False, separators=(",", ":"))
