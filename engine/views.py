"""What each viewer may see. Views are the only way state leaves the engine.

``public_view`` holds what everyone at the table may see (no hand, deck order, draft
pick, secret archive or face-down wound). ``private_view(seat)`` adds what that seat
alone may look at: its hand, its discard pile, its draft packet, its secret archives
and its decisions with their legal actions.
"""

from __future__ import annotations

from typing import Any

from .core import Core, cref
from .setup import draft_plan

PUBLIC_OPTION_KINDS = ("target", "combat-order", "absorb-order", "player-order")


class ViewsMixin(Core):
    def card_view(self, cid: int) -> dict[str, Any]:
        if self.is_wound(cid):
            t = self.wound_type(cid)
            return {
                "id": cref(cid),
                "card": "wound",
                "wound_type": t,
                "name": f"Wound ({t})",
                "type": "wound",
            }
        d = self.d(cid)
        return {
            "id": cref(cid),
            "card": d.key,
            "name": d.name,
            "type": d.type,
            "colour": d.colour,
            "links": list(d.links),
            "cost": d.cost,
            "strength": d.strength,
            "health": d.health,
            "starting": d.starting,
            "kicker": d.kicker.colour if d.kicker else None,
        }

    def minion_view(self, cid: int) -> dict[str, Any]:
        d = self.d(cid)
        v = self.card_view(cid)
        v.update(
            strength=self.strength(cid),
            damage=self.s.damage[cid],
            health_left=self.health_left(cid),
            stays_in_play=d.has("stays_in_play"),
            blocks_damage=d.has("blocks_damage"),
            unblockable=d.has("unblockable"),
            keywords=list(d.keywords),
        )
        return v

    def _chain_card(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A chain entry's card; once it has left the chain its id is dropped, since the same
        instance may already sit in a hand or a deck (a reshuffle and a draw)."""
        v = self.card_view(entry["card"])
        if entry["status"] not in ("waiting", "resolving"):
            del v["id"]
        return v

    def archive_view(self, k: int, viewer: int | None) -> dict[str, Any]:
        a = self.s.archives[k]
        visible = a["revealed"] or (viewer is not None and viewer == a["owner"])
        v: dict[str, Any] = {
            "id": a["id"],
            "owner": self.name(a["owner"]) if a["owner"] >= 0 else None,
            "count": len(a["cards"]),
            "hidden": not a["revealed"],
        }
        if visible:
            d = self._defs[a["card"]]
            v.update(
                card=d.key,
                name=d.name,
                colour=d.colour,
                links=list(d.links),
                cost=d.cost,
                type=d.type,
                kicker=d.kicker.colour if d.kicker else None,
            )
        else:
            v.update(card=None, name=None)
        if viewer is not None and a["cards"]:
            v["cost_for_you"] = self.claim_cost(viewer, k) if visible else None
        return v

    def _seat_view(self, i: int, viewer: int | None) -> dict[str, Any]:
        s = self.s
        wounds = self.wounds_of(i)
        disc = s.discards[i]
        return {
            "seat": self.name(i),
            "index": i,
            "hand": len(s.hands[i]),
            "deck": len(s.decks[i]),
            "discard": len(disc),
            "discard_top": self.card_view(disc[-1]) if disc else None,
            "wounds": sum(wounds.values()),
            "wounds_by_type": wounds,
            "turns": s.turns_taken[i],
            "influence": s.influence[i] if s.phase in ("chain", "claim") else None,
            "in_play": [self.minion_view(m) for m in s.in_play[i]],
            "archives": [self.archive_view(k, viewer) for k, a in enumerate(s.archives) if a["owner"] == i],
            "active": i == s.active and s.phase not in ("draft", "over"),
        }

    def _view(self, viewer: int | None) -> dict[str, Any]:
        s = self.s
        pending = []
        for w in s.waiting:
            p: dict[str, Any] = {"seat": self.name(w["seat"]), "kind": w["kind"]}
            if w["kind"] in PUBLIC_OPTION_KINDS:
                p["options"] = list(w["options"])
            for key in ("what", "source", "purpose"):
                if key in w:
                    p[key] = w[key]
            if "source" in w:
                p["source_name"] = self.card_name(self.parse_card(w["source"]))
            pending.append(p)
        view: dict[str, Any] = {
            "game": "nightfall",
            "version": s.version,
            "rules": s.rules,
            "phase": s.phase,
            "step": s.step,
            "turn": s.turn + 1,
            "active": self.name(s.active),
            "first": self.name(s.first),
            "options": dict(s.options),
            "seats": [self._seat_view(i, viewer) for i in range(self.n)],
            "commons": [self.archive_view(k, viewer) for k, a in enumerate(s.archives) if a["owner"] == -1],
            "wound_stack": {
                "face_up": len(s.wounds_up),
                "face_down": len(s.wounds_down),
                "face_up_start": 10 * self.n,
                "top": self.wound_type(s.wounds_up[-1]) if s.wounds_up else None,
            },
            "ending": s.ending,
            "exiled": [self.card_view(c) for c in s.exiled],
            "left_game": list(s.left_game),
            "chain": [
                {
                    **self._chain_card(e),
                    "by": self.name(e["by"]),
                    "onto": e["onto"],
                    "kicker_active": e["kick"],
                    "status": e["status"],
                }
                for e in s.chain
            ],
            "combat": [
                {
                    "attacker": self.minion_view(x["a"]) if self.in_play(x["a"]) else self.card_view(x["a"]),
                    "defender": self.name(x["d"]),
                    "blockers": [cref(b) for b in x["blockers"]],
                    "done": x["done"],
                }
                for x in s.attacks
            ],
            "pending": pending,
            "over": s.phase == "over",
        }
        if s.phase == "draft":
            d = s.draft
            plan = draft_plan(s.options["draft"], s.rules)
            view["draft"] = {
                "round": d["round"] + 1,
                "rounds": d["rounds"],
                # where each round's pick goes ("private", "commons" or "out"), then the last card
                "plan": list(plan.rounds) if plan else [],
                "leftover": plan.leftover if plan else None,
                "waiting": [self.name(w["seat"]) for w in s.waiting],
                "packet_sizes": [len(p) for p in d["packets"]],
                "commons": [self._defs[k].name for k in d["commons"]],
            }
        if s.phase == "over":
            view["result"] = self.ranking_details()
        return view

    def public_view(self) -> dict[str, Any]:
        """Everything every player and spectator may see."""
        return self._view(None)

    def private_view(self, seat: str) -> dict[str, Any]:
        """The public view plus what ``seat`` alone may see, and its decisions."""
        i = self.seat_index(seat)
        s = self.s
        view = self._view(i)
        view["you"] = seat
        view["hand"] = [self.card_view(c) for c in s.hands[i]]
        view["discard_pile"] = [self.card_view(c) for c in reversed(s.discards[i])]
        if s.phase == "draft":
            d = s.draft
            view["draft"]["packet"] = [self._defs[k].to_dict() for k in d["packets"][i]]
            view["draft"]["picks"] = [
                {"to": dst, "card": k, "name": self._defs[k].name} for dst, k in d["picks"][i]
            ]
            view["draft"]["chosen"] = d["chosen"][i]
        view["decisions"] = [
            {
                "kind": w["kind"],
                **{k: w[k] for k in ("what", "source", "purpose") if k in w},
                "actions": [{"text": str(a), "label": self.describe(a)} for a in self.legal_actions(seat)],
            }
            for w in s.waiting
            if w["seat"] == i
        ]
        return view
