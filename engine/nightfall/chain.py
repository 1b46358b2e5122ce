"""The chain phase: start, link by colour, each opponent's one opportunity, LIFO resolution."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .core import Core, cref
from .decisions import Waiting


class ChainMixin(Core):
    def _begin_chain(self) -> None:
        s = self.s
        s.phase, s.step, s.chain, s.chain_started = "chain", "build", [], False
        s.chain_builders = [s.active]
        self._ask_chain()

    def _chain_options(self, i: int) -> list[str]:
        hand = self.s.hands[i]
        if not self.s.chain:
            return [cref(c) for c in hand if not self.is_wound(c)]
        links = self.d(self.s.chain[-1]["card"]).links
        return [cref(c) for c in hand if not self.is_wound(c) and self.d(c).colour in links]

    def _ask_chain(self) -> None:
        s = self.s
        while s.chain_builders:
            b = s.chain_builders[0]
            if self._chain_options(b) or not s.options["auto_pass"]:
                s.waiting = [Waiting(b, "chain")]
                return
            self._chain_builder_done(b, auto=True)
        s.waiting = []
        if not s.chain:
            self._begin_claim()
            return
        s.step = "resolve"
        self.emit("chain_closed", n=len(s.chain))
        s.tasks.append({"op": "resolve_chain"})

    def _chain_builder_done(self, b: int, auto: bool) -> None:
        s = self.s
        s.chain_builders.pop(0)
        if b == s.active and not s.chain_started:
            self.emit("no_chain", seat=self.name(b))
            s.chain_builders = []
            return
        self.emit("chain_pass", seat=self.name(b), auto=auto)
        if b == s.active:
            s.chain_builders = self.others_from_left(s.active)

    def _on_chain(self, i: int, a: Action) -> None:
        s = self.s
        if a.verb == "pass":
            self._chain_builder_done(i, auto=False)
            self._ask_chain()
            return
        cid = self.parse_card(a.args[0])
        s.hands[i].remove(cid)
        d = self.d(cid)
        onto = self.d(s.chain[-1]["card"]).colour if s.chain else None
        kick = bool(onto and d.kicker and d.kicker.colour == onto)
        s.chain.append({"card": cid, "by": i, "onto": onto, "kick": kick, "status": "waiting"})
        s.chain_started = True
        self.emit(
            "chain_link" if onto else "chain_start",
            seat=self.name(i),
            card=cref(cid),
            name=d.name,
            onto=onto,
            kicker=kick,
        )
        self._ask_chain()

    # ------------------------------------------------------------ resolution
    def _task_resolve_chain(self, t: dict[str, Any]) -> None:
        s = self.s
        for entry in reversed(s.chain):
            if entry["status"] == "waiting":
                break
        else:
            s.tasks.pop()
            s.step = "chain-end"
            return
        entry["status"] = "resolving"
        cid, by = entry["card"], entry["by"]
        d = self.d(cid)
        self.emit("resolves", seat=self.name(by), card=cref(cid), name=d.name, kicker=entry["kick"])
        s.tasks.append({"op": "settle", "card": cid})
        steps = self.card_steps(cid, by, kicker=entry["kick"])
        if steps:
            s.tasks.append(self.fx_task(by, cid, steps, entry["kick"], entry["onto"]))

    def _task_settle(self, t: dict[str, Any]) -> None:
        s = self.s
        s.tasks.pop()
        entry = next(e for e in s.chain if e["card"] == t["card"])
        if entry["status"] != "resolving":
            return
        entry["status"] = "resolved"
        cid, by = entry["card"], entry["by"]
        if self.d(cid).is_minion:
            self.enter_play(by, cid)
        else:
            s.discards[by].append(cid)

    def _end_chain(self) -> None:
        self.s.chain = []
        if self.s.ending:
            self._finish()
        else:
            self._begin_claim()
