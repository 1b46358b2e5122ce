"""The turn around the phases: its start, the claim and cleanup phases, its end, the game's end."""

from __future__ import annotations

from .actions import Action
from .core import Core, cref
from .decisions import Waiting

HAND_SIZE = 5
START_INFLUENCE = 2


class TurnMixin(Core):
    def _begin_turn(self) -> None:
        s = self.s
        s.influence = [0] * self.n
        s.influence[s.active] = START_INFLUENCE
        s.no_text_blocks = []
        self.emit("turn", seat=self.name(s.active), turn=s.turn + 1)
        self._begin_combat()

    # ------------------------------------------------------------------ claim
    def _begin_claim(self) -> None:
        s = self.s
        s.phase, s.step = "claim", "claim"
        s.waiting = [Waiting(s.active, "claim")]
        if s.options["auto_pass"] and len(self._claim_options()) == 1:
            s.waiting = []  # nothing to claim and nothing to discard: only "done" was possible
            self.emit("claim_done", seat=self.name(s.active), auto=True, unspent=s.influence[s.active])
            self._begin_cleanup()

    def _claim_options(self) -> list[str]:
        s = self.s
        i = s.active
        discount = self.claim_discount(i)
        out = [
            f"claim {s.archives[k]['id']}"
            for k in self.claimable(i)
            if self.claim_cost(i, k, discount) <= s.influence[i]
        ]
        out.extend(f"discard {cref(c)}" for c in s.hands[i])
        out.append("done")
        return out

    def _on_claim(self, a: Action) -> None:
        s = self.s
        i = s.active
        if a.verb == "claim":
            k = self.archive_index(a.args[0])
            cost = self.claim_cost(i, k)
            s.influence[i] -= cost
            self.take_from_archive(i, k, paid=cost)
        elif a.verb == "discard":
            cid = self.parse_card(a.args[0])
            s.hands[i].remove(cid)
            s.discards[i].append(cid)
            s.influence[i] += 1
            self.emit(
                "discarded_for_influence",
                seat=self.name(i),
                card=cref(cid),
                name=self.card_name(cid),
                total=s.influence[i],
            )
        else:
            s.waiting = []
            self.emit("claim_done", seat=self.name(i), auto=False, unspent=s.influence[i])
            self._begin_cleanup()

    # ------------------------------------------------------------------ cleanup
    def _begin_cleanup(self) -> None:
        s = self.s
        s.phase, s.step = "cleanup", "draw"
        i = s.active
        short = HAND_SIZE - len(s.hands[i])
        if short > 0:
            self.draw(i, short)
        if any(self.is_wound(c) for c in s.hands[i]):
            s.step = "wound"
            s.waiting = [Waiting(i, "wound")]
            return
        self._end_turn()

    def _on_wound(self, a: Action) -> None:
        s = self.s
        i = s.active
        s.waiting = []
        if a.args[0] == "use":
            wounds = [c for c in s.hands[i] if self.is_wound(c)]
            for w in wounds:
                s.hands[i].remove(w)
                s.discards[i].append(w)
            self.emit("wound_effect", seat=self.name(i), n=len(wounds))
            self.draw(i, 2 * len(wounds))
        else:
            self.emit("wound_skip", seat=self.name(i))
        self._end_turn()

    def _end_turn(self) -> None:
        s = self.s
        s.turns_taken[s.active] += 1
        s.turn += 1
        s.influence = [0] * self.n
        s.no_text_blocks = []
        s.active = (s.active + 1) % self.n
        s.phase, s.step = "combat", "begin"

    def _finish(self) -> None:
        s = self.s
        s.phase, s.step, s.waiting, s.tasks = "over", "over", [], []
        self.emit("game_over", ranking=[self.name(i) for i in self.ranking()])
