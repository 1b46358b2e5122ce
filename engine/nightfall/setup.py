"""Setting up a game: wounds, starting decks, and every draft method."""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Action
from .cards import card_set
from .core import Core
from .decisions import Waiting


class DraftPlan(NamedTuple):
    """How one draft runs: where each round's pick goes ("private", "commons" or "out"), where
    the card left in each hand goes, how many cards each player is dealt, and whether the
    commons are then filled up to ``COMMONS`` from the undealt draft cards."""

    rounds: tuple[str, ...]
    leftover: str
    dealt: int
    fill_up: bool = True


#: Every draft with a dealt hand, under the current rules (``engine.nightfall.state.RULES``).
DRAFT_PLANS: dict[str, DraftPlan] = {
    "standard": DraftPlan(("private", "private", "commons"), "out", 4),
    "two-player": DraftPlan(("out", "private", "private"), "commons", 4),
    "open": DraftPlan(("private", "private"), "out", 3),
    # Ruling 8 (corrected): every pick is a commons; everything else leaves the game
    "common-ground": DraftPlan(("commons", "commons", "commons"), "out", 4, fill_up=False),
}
#: Where an older rules version planned a draft differently (see ``engine.nightfall.state.RULES``).
OLD_DRAFT_PLANS: dict[int, dict[str, DraftPlan]] = {
    1: {"common-ground": DraftPlan(("commons", "commons"), "out", 4)},
}
COMMONS = 8


def draft_plan(draft: str, rules: int) -> DraftPlan | None:
    """The plan of ``draft`` under rules version ``rules``; None for a draft with no dealt hand
    (quick start)."""
    return OLD_DRAFT_PLANS.get(rules, {}).get(draft) or DRAFT_PLANS.get(draft)


class SetupMixin(Core):
    def _setup(self) -> None:
        """Lay out wounds and decks, then start the draft (or skip it for quick start)."""
        s, cs = self.s, card_set()
        s.turns_taken = [0] * self.n
        s.influence = [0] * self.n
        s.decks = [[] for _ in range(self.n)]
        s.hands = [[] for _ in range(self.n)]
        s.discards = [[] for _ in range(self.n)]
        s.in_play = [[] for _ in range(self.n)]
        wounds = [self.new_card(f"wound:{t}") for t in cs.wound_types for _ in range(cs.wounds_per_type)]
        self.shuffle(wounds)
        up = 10 * self.n
        s.wounds_down = wounds[: len(wounds) - up]
        s.wounds_up = wounds[len(wounds) - up :]
        for i in range(self.n):
            for c in cs.starting:
                s.decks[i].extend(self.new_card(c.key) for _ in range(2))
            self.shuffle(s.decks[i])
        draft_keys = [c.key for c in cs.draftable]
        self.shuffle_keys(draft_keys)
        opt = s.options
        if opt["draft"] == "quick-start":
            pairs = [list(p) for p in cs.quick_start_pairs]
            self.shuffle_keys(pairs)
            privates = pairs[: self.n]
            used = {k for p in privates for k in p}
            rest = [k for k in draft_keys if k not in used]
            self._finish_draft(rest[:COMMONS], privates, rest[COMMONS:])
            return
        plan = draft_plan(opt["draft"], s.rules)
        assert plan is not None
        dealt = plan.dealt
        commons: list[str] = []
        if opt["draft"] == "open":
            commons, draft_keys = draft_keys[:COMMONS], draft_keys[COMMONS:]
        packets = [draft_keys[i * dealt : (i + 1) * dealt] for i in range(self.n)]
        s.draft = {
            "round": 0,
            "packets": packets,
            "picks": [[] for _ in range(self.n)],
            "chosen": [None] * self.n,
            "commons": commons,
            "undealt": draft_keys[self.n * dealt :],
            "rounds": len(plan.rounds),
        }
        s.phase, s.step = "draft", "pick"
        self._ask_draft()

    def shuffle_keys(self, items: list[Any]) -> None:
        r = self.rng()
        r.shuffle(items)
        self.s.rng = r.state

    def _ask_draft(self) -> None:
        d = self.s.draft
        self.s.waiting = [Waiting(i, "draft", round=d["round"]) for i in range(self.n)]
        self.emit("draft_round", round=d["round"] + 1, rounds=d["rounds"])

    def _draft_options(self, i: int) -> list[str]:
        return sorted(set(self.s.draft["packets"][i]))

    def _on_draft(self, i: int, a: Action) -> None:
        d = self.s.draft
        d["chosen"][i] = a.args[0]
        self.s.waiting = [w for w in self.s.waiting if w.seat != i]
        self.emit("drafted", seat=self.name(i))
        self.emit("drafted_card", to=i, seat=self.name(i), card_key=a.args[0], name=self._defs[a.args[0]].name)
        if self.s.waiting:
            return
        # everyone has picked: apply the round, pass the rest to the left
        plan = draft_plan(self.s.options["draft"], self.s.rules)
        assert plan is not None
        dest = plan.rounds[d["round"]]
        for j in range(self.n):
            key = d["chosen"][j]
            d["packets"][j].remove(key)
            d["picks"][j].append([dest, key])
            d["chosen"][j] = None
        d["packets"] = [d["packets"][(j - 1) % self.n] for j in range(self.n)]
        d["round"] += 1
        if d["round"] < d["rounds"]:
            self._ask_draft()
            return
        commons = list(d["commons"])
        privates: list[list[str]] = []
        out: list[str] = []
        for j in range(self.n):
            privates.append([k for dst, k in d["picks"][j] if dst == "private"])
            commons.extend(k for dst, k in d["picks"][j] if dst == "commons")
            out.extend(k for dst, k in d["picks"][j] if dst == "out")
            (commons if plan.leftover == "commons" else out).extend(d["packets"][j])
        undealt = list(d["undealt"])
        while plan.fill_up and len(commons) < COMMONS and undealt:
            commons.append(undealt.pop(0))
        self._finish_draft(commons, privates, out + undealt)

    def _finish_draft(self, commons: list[str], privates: list[list[str]], out: list[str]) -> None:
        s, size = self.s, card_set().archive_size
        secret = bool(s.options["secret_archives"])
        s.draft = {}
        s.left_game = sorted(out)
        s.archives = []
        for owner, keys in [(-1, commons), *enumerate(privates)]:
            for key in keys:
                k = len(s.archives) + 1
                s.archives.append(
                    {
                        "id": f"a{k}",
                        "card": key,
                        "owner": owner,
                        "cards": [self.new_card(key) for _ in range(size)],
                        "revealed": owner == -1 or not secret,
                    }
                )
        self.emit(
            "archives_ready",
            commons=[self._defs[k].name for k in commons],
            private={
                self.name(i): ([self._defs[k].name for k in keys] if not secret else len(keys))
                for i, keys in enumerate(privates)
            },
        )
        for i in range(self.n):
            self.draw(i, 5)
        fp = s.options.get("first_player")
        s.first = s.seats.index(fp) if fp is not None else self.rng_below(self.n)
        s.active = s.first
        self.emit("first_player", seat=self.name(s.first))
        s.phase, s.step, s.waiting = "combat", "begin", []

    def rng_below(self, n: int) -> int:
        r = self.rng()
        v = r.below(n)
        self.s.rng = r.state
        return v
