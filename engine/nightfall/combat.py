"""The combat phase: every minion attacks, defenders block, attacks resolve one by one."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .core import Core, cref
from .decisions import Waiting


class CombatMixin(Core):
    def _begin_combat(self) -> None:
        s = self.s
        s.phase, s.attacks, s.blocks_open = "combat", [], []
        attackers = list(s.in_play[s.active])
        if not attackers:
            self._begin_chain()
            return
        opponents = self.others_from_left(s.active)
        if len(opponents) == 1:  # Ruling 2: the only opponent is attacked automatically
            for m in attackers:
                self._assign(m, opponents[0])
            self._begin_blocks()
            return
        s.step = "assign"
        s.waiting = [Waiting(s.active, "attack")]

    def _assign(self, m: int, d: int) -> None:
        self.s.attacks.append({"a": m, "d": d, "blockers": [], "done": False})
        self.emit(
            "attacks",
            seat=self.name(self.s.active),
            card=cref(m),
            name=self.card_name(m),
            target=self.name(d),
            strength=self.strength(m),
        )

    def _unassigned(self) -> list[int]:
        assigned = {x["a"] for x in self.s.attacks}
        return [m for m in self.s.in_play[self.s.active] if m not in assigned]

    def _attack_options(self) -> list[str]:
        return [
            f"attack {cref(m)} {self.name(d)}" for m in self._unassigned() for d in self.others_from_left(self.s.active)
        ]

    def _on_attack(self, a: Action) -> None:
        self._assign(self.parse_card(a.args[0]), self.seat_index(a.args[1]))
        if not self._unassigned():
            self.s.waiting = []
            self._begin_blocks()

    # ---------------------------------------------------------------- blocks
    def _blockable(self, d: int) -> list[dict[str, Any]]:
        return [x for x in self.s.attacks if x["d"] == d and not self.d(x["a"]).has("unblockable")]

    def _free_blockers(self, d: int) -> list[int]:
        used = {b for x in self.s.attacks for b in x["blockers"]}
        return [m for m in self.s.in_play[d] if m not in used]

    def _block_options(self, d: int) -> list[str]:
        out = ["done"]
        for b in self._free_blockers(d):
            out.extend(f"block {cref(b)} {cref(x['a'])}" for x in self._blockable(d))
        return out

    def _begin_blocks(self) -> None:
        s = self.s
        s.step = "block"
        defenders = []
        for d in self.others_from_left(s.active):
            if self._blockable(d) and self._free_blockers(d):
                defenders.append(d)
        s.blocks_open = defenders
        s.waiting = [Waiting(d, "block") for d in defenders]
        if not defenders:
            self._begin_fights()

    def _on_block(self, i: int, a: Action) -> None:
        if a.verb == "block":
            b, att = self.parse_card(a.args[0]), self.parse_card(a.args[1])
            x = next(x for x in self.s.attacks if x["a"] == att)
            x["blockers"].append(b)
            self.emit(
                "blocks",
                seat=self.name(i),
                card=cref(b),
                name=self.card_name(b),
                attacker=cref(att),
                attacker_name=self.card_name(att),
                position=len(x["blockers"]),
            )
            if len(self._block_options(i)) > 1:
                return
        else:
            self.emit("blocks_done", seat=self.name(i))
        self.s.blocks_open.remove(i)
        self.s.waiting = [w for w in self.s.waiting if w.seat != i]
        if not self.s.blocks_open:
            self._begin_fights()

    # ---------------------------------------------------------------- fights
    def _begin_fights(self) -> None:
        self.s.step = "fight"
        self.s.tasks.append({"op": "fights", "pick": None})

    def _task_fights(self, t: dict[str, Any]) -> None:
        s = self.s
        left = [x["a"] for x in s.attacks if not x["done"]]
        if not left:
            s.tasks.pop()
            s.step = "combat-end"
            return
        pick = t["pick"]
        if pick is None and len(left) > 1 and self._order_matters(left):
            s.waiting = [Waiting(s.active, "combat-order", options=[cref(m) for m in left])]
            return
        t["pick"] = None
        s.tasks.append({"op": "fight", "a": pick if pick is not None else left[0]})

    def _order_matters(self, left: list[int]) -> bool:
        """The order of attacks is asked only when it can change the outcome: several defenders
        (who gets which wound), or a defender whose direct-damage blockers share out the damage."""
        defenders = {x["d"] for x in self.s.attacks if x["a"] in left}
        if len(defenders) > 1:
            return True
        return bool(self.direct_blockers(defenders.pop(), card_text=False))

    def _task_fight(self, t: dict[str, Any]) -> None:
        s = self.s
        x = next(x for x in s.attacks if x["a"] == t["a"])
        x["done"] = True
        att = x["a"]
        dmg = self.strength(att)
        self.emit(
            "attack_resolves",
            seat=self.name(s.active),
            card=cref(att),
            name=self.card_name(att),
            target=self.name(x["d"]),
            n=dmg,
        )
        for b in x["blockers"]:
            if dmg <= 0:
                break
            if self.controller(b) != x["d"]:
                continue  # destroyed (or gone) before this attack resolved
            took = min(dmg, self.health_left(b))
            dmg -= took
            self.emit("block_absorbs", seat=self.name(x["d"]), card=cref(b), name=self.card_name(b), n=took)
            self.damage_minion(b, took, source=cref(att))
        s.tasks.pop()
        if dmg > 0:
            s.tasks.append(
                {
                    "op": "hurt",
                    "to": x["d"],
                    "n": dmg,
                    "text": False,
                    "unblockable": self.d(att).has("unblockable"),
                    "src": att,
                    "pick": None,
                }
            )

    def _end_combat(self) -> None:
        s = self.s
        for m in list(s.in_play[s.active]):
            if not self.d(m).has("stays_in_play"):
                self.discard_from_play(m)
        s.attacks = []
        if s.ending:
            self._finish()
        else:
            self._begin_chain()

    def _on_combat_order(self, a: Action) -> None:
        self.s.tasks[-1]["pick"] = self.parse_card(a.args[0])
        self.s.waiting = []
