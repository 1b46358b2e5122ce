"""The effect primitives that card texts in ``data/cards.json`` are built from.

A card's text is a list of steps run by an ``fx`` task. A step may stop to ask a
player (a target, an order, a card of their choice); the answer is written back into
the task and the run goes on, so every pause is plain data and survives a restart.

Primitives (``"do"``): target, damage_player, damage_minion, damage_controller,
damage_player_per_minion, receive_wounds, damage_each_opponent,
damage_each_opposing_minion, damage_each_minion_of, minion_strikes, draw,
gain_influence, double_influence, heal, destroy, exile_from_hand,
each_opponent_discards, exile_from_archive, put_on_deck, replay_action, summon,
cancel_order, free_claim, return_to_hand, repeat_chain, no_text_blocks.

``replay_action`` (Sir John Travail's kicker) resolves an action from the discard pile where it
lies: its Chain text and, if it has one, its Kicker whatever the kicker's colour (rules version 2;
under rules 1 the kicker applied only if its colour was the one the replaying card was linked onto).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action
from .core import Core, cref
from .decisions import Waiting

NEXT, WAIT, PUSHED = "next", "wait", "pushed"


class EffectsMixin(Core):
    # ------------------------------------------------------------------ fx runner
    def _task_fx(self, t: dict[str, Any]) -> None:
        while t["i"] < len(t["steps"]):
            step = t["steps"][t["i"]]
            if step.get("unless_kicker") and t["kick"]:
                t["i"] += 1
                continue
            res = STEPS[step["do"]](self, t, step)
            if res == WAIT:
                return
            t["i"] += 1
            if res == PUSHED:
                return
        self.s.tasks.pop()

    def _var(self, t: dict[str, Any], name: str) -> Any:
        return t["vars"].get(name)

    def _src(self, t: dict[str, Any]) -> str:
        return cref(t["src"])

    # ------------------------------------------------------------------ targets
    def target_options(self, t: dict[str, Any], step: dict[str, Any]) -> list[str]:
        """Legal targets for a target step, in a stable order (opponents first)."""
        s, ctl, what = self.s, t["ctl"], step["what"]
        if what == "player":
            return [self.name(i) for i in [*self.others_from_left(ctl), ctl]]
        if what == "minion":
            return [cref(m) for m in self.all_minions(ctl)]
        if what == "opposing_minion":
            return [cref(m) for i in self.others_from_left(ctl) for m in s.in_play[i]]
        if what == "own_minion":
            return [cref(m) for m in s.in_play[ctl]]
        if what == "other_minion":
            other = self._var(t, step["other"])
            return [cref(m) for m in self.all_minions(ctl) if m != other]
        if what.startswith("own_discard_"):
            keep: Callable[[int], bool] = {
                "own_discard_card": lambda c: True,
                "own_discard_action": lambda c: not self.is_wound(c) and not self.d(c).is_minion,
                "own_discard_minion": lambda c: not self.is_wound(c) and self.d(c).is_minion,
                "own_discard_starting_minion": lambda c: not self.is_wound(c) and self.d(c).starting,
            }[what]
            seen: set[str] = set()
            out = []
            for c in reversed(s.discards[ctl]):  # copies of one kind are interchangeable
                if keep(c) and s.cards[c] not in seen:
                    seen.add(s.cards[c])
                    out.append(cref(c))
            return out
        if what == "archive":
            return [a["id"] for a in s.archives if a["cards"]]
        if what == "claimable_archive":
            return [s.archives[k]["id"] for k in self.claimable(ctl)]
        if what == "chain_order":
            return [cref(e["card"]) for e in reversed(s.chain) if e["status"] == "waiting"]
        raise ValueError(f"unknown target kind {what}")

    def _resolve_ref(self, what: str, ref: str) -> int:
        if what == "player":
            return self.seat_index(ref)
        if what in ("archive", "claimable_archive"):
            return self.archive_index(ref)
        return self.parse_card(ref)

    def _set_target(self, t: dict[str, Any], step: dict[str, Any], ref: str | None) -> None:
        name = step["as"]
        if ref is None:
            t["vars"][name] = None
            self.emit(
                "no_target",
                seat=self.name(t["ctl"]),
                source=self._src(t),
                source_name=self.card_name(t["src"]),
                what=step["what"],
            )
            return
        v = self._resolve_ref(step["what"], ref)
        t["vars"][name] = v
        if step["what"].endswith("minion") and step["what"] in (
            "minion",
            "opposing_minion",
            "own_minion",
            "other_minion",
        ):
            t["vars"][name + "_ctl"] = self.controller(v)
        # an archive's owner is a field of its own, never inside its name (``engine.protocol``: where seats go)
        owner = self.s.archives[v]["owner"] if step["what"] in ("archive", "claimable_archive") else -1
        event: dict[str, Any] = {
            "seat": self.name(t["ctl"]),
            "source": self._src(t),
            "source_name": self.card_name(t["src"]),
            "what": step["what"],
            "target": ref,
            "target_name": self.ref_name(step["what"], v),
        }
        if owner != -1:
            event["target_owner"] = self.name(owner)
        self.emit("targets", **event)

    def ref_name(self, what: str, v: int) -> str:
        """A target's name as the event carries it: a seat id, an archive's card (or "a secret archive": whose
        it is goes in ``target_owner``), a card's English name."""
        if what == "player":
            return self.name(v)
        if what in ("archive", "claimable_archive"):
            return self.archive_name(v, None)
        return self.card_name(v)

    def _step_target(self, t: dict[str, Any], step: dict[str, Any]) -> str:
        opts = self.target_options(t, step)
        if len(opts) <= 1:  # Ruling 3: none does nothing, exactly one is chosen for you
            self._set_target(t, step, opts[0] if opts else None)
            return NEXT
        self.s.waiting = [Waiting(t["ctl"], "target", what=step["what"], source=self._src(t), options=opts)]
        return WAIT

    def _on_target(self, a: Action) -> None:
        t = self.s.tasks[-1]
        self.s.waiting = []
        self._set_target(t, t["steps"][t["i"]], a.args[0])
        t["i"] += 1

    # ------------------------------------------------------------------ damage
    def _hurt(self, to: int | None, n: int, t: dict[str, Any]) -> str:
        if to is None or n <= 0:
            return NEXT
        self.s.tasks.append(
            {
                "op": "hurt",
                "to": to,
                "n": n,
                "text": True,
                "unblockable": False,
                "src": t["src"],
                "pick": None,
            }
        )
        return PUSHED

    def _task_hurt(self, t: dict[str, Any]) -> None:
        """Damage on a player: direct-damage blockers absorb first (owner's order), the rest wounds."""
        to = t["to"]
        while t["n"] > 0:
            absorbers = [] if t["unblockable"] else self.direct_blockers(to, t["text"])
            if not absorbers:
                break
            b = t["pick"]
            if b is None:
                if len(absorbers) > 1:
                    self.s.waiting = [Waiting(to, "absorb-order", options=[cref(m) for m in absorbers])]
                    return
                b = absorbers[0]
            t["pick"] = None
            took = min(t["n"], self.health_left(b))
            t["n"] -= took
            self.emit("damage_absorbed", seat=self.name(to), card=cref(b), name=self.card_name(b), n=took)
            self.damage_minion(b, took, source=cref(t["src"]))
        self.s.tasks.pop()
        if t["n"] > 0:
            self.give_wounds(to, t["n"], source=cref(t["src"]))

    def _on_absorb_order(self, a: Action) -> None:
        self.s.tasks[-1]["pick"] = self.parse_card(a.args[0])
        self.s.waiting = []

    def _task_each_player(self, t: dict[str, Any]) -> None:
        """Damage for several players, one at a time, in the order the card's controller picks."""
        left = t["left"]
        if not left:
            self.s.tasks.pop()
            return
        pick = t["pick"]
        if pick is None:
            if len(left) > 1:
                self.s.waiting = [Waiting(t["ctl"], "player-order", options=[self.name(i) for i in left])]
                return
            pick = left[0]
        t["pick"] = None
        left.remove(pick)
        self.s.tasks.append(
            {
                "op": "hurt",
                "to": pick,
                "n": t["n"],
                "text": True,
                "unblockable": False,
                "src": t["src"],
                "pick": None,
            }
        )

    def _on_player_order(self, a: Action) -> None:
        self.s.tasks[-1]["pick"] = self.seat_index(a.args[0])
        self.s.waiting = []

    # ------------------------------------------------------------------ choices from a hand
    def _task_choose(self, t: dict[str, Any]) -> None:
        """Players pick a card from their own hand (discard or exile), all at the same time."""
        s = self.s
        if t.get("asked"):
            if not s.waiting:
                s.tasks.pop()
            return
        t["asked"] = True
        waiting = []
        for i in t["seats"]:
            opts = self._choose_options(i, t["purpose"])
            if len(opts) == 1:
                self._do_choose(i, t["purpose"], self.parse_card(opts[0]))
            elif opts:
                waiting.append(Waiting(i, "choose", purpose=t["purpose"], source=cref(t["src"]), options=opts))
        s.waiting = waiting
        if not waiting:
            s.tasks.pop()

    def _choose_options(self, i: int, purpose: str) -> list[str]:
        hand = self.s.hands[i]
        if purpose == "exile":  # "exiles 1 order": wounds are not orders
            return [cref(c) for c in hand if not self.is_wound(c)]
        return [cref(c) for c in hand]

    def _do_choose(self, i: int, purpose: str, cid: int) -> None:
        self.s.hands[i].remove(cid)
        if purpose == "exile":
            self.s.exiled.append(cid)
            self.emit("exiled_from_hand", seat=self.name(i), card=cref(cid), name=self.card_name(cid))
        else:
            self.s.discards[i].append(cid)
            self.emit("discarded", seat=self.name(i), card=cref(cid), name=self.card_name(cid))

    def _on_choose(self, i: int, w: Waiting, a: Action) -> None:
        self._do_choose(i, w.purpose or "discard", self.parse_card(a.args[0]))
        self.s.waiting = [x for x in self.s.waiting if x.seat != i]


# ---------------------------------------------------------------------- the primitives
Step = Callable[[EffectsMixin, dict[str, Any], dict[str, Any]], str]


def _target(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    return g._step_target(t, st)


def _damage_player(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    return g._hurt(g._var(t, st["who"]), st["n"], t)


def _damage_controller(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    if g._var(t, st["of"]) is None:
        return NEXT
    return g._hurt(g._var(t, st["of"] + "_ctl"), st["n"], t)


def _damage_player_per_minion(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    return g._hurt(g._var(t, st["who"]), len(g.s.in_play[t["ctl"]]), t)


def _receive_wounds(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    who = g._var(t, st["who"])
    if who is not None:
        g.give_wounds(who, st["n"], source=g._src(t))
    return NEXT


def _damage_minion(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    m = g._var(t, st["who"])
    if m is not None:
        g.damage_minion(m, st["n"], source=g._src(t))
    return NEXT


def _minion_strikes(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    m, m2 = g._var(t, st["who"]), g._var(t, st["on"])
    if m is not None and m2 is not None and g.in_play(m):
        g.damage_minion(m2, g.strength(m), source=cref(m))
    return NEXT


def _damage_each_opponent(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    g.s.tasks.append(
        {
            "op": "each_player",
            "ctl": t["ctl"],
            "left": g.others_from_left(t["ctl"]),
            "n": st["n"],
            "src": t["src"],
            "pick": None,
        }
    )
    return PUSHED


def _damage_each_opposing_minion(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    # Order among minions cannot change the outcome, so it is not asked (Ruling 4).
    for m in [m for i in g.others_from_left(t["ctl"]) for m in g.s.in_play[i]]:
        g.damage_minion(m, st["n"], source=g._src(t))
    return NEXT


def _damage_each_minion_of(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    who = g._var(t, st["who"])
    if who is not None:
        for m in list(g.s.in_play[who]):
            g.damage_minion(m, st["n"], source=g._src(t))
    return NEXT


def _draw(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    g.draw(t["ctl"], st["n"])
    return NEXT


def _gain_influence(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    g.s.influence[t["ctl"]] += st["n"]
    g.emit("influence", seat=g.name(t["ctl"]), gained=st["n"], total=g.s.influence[t["ctl"]])
    return NEXT


def _double_influence(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    before = g.s.influence[t["ctl"]]
    g.s.influence[t["ctl"]] = before * 2
    g.emit("influence", seat=g.name(t["ctl"]), gained=before, total=before * 2, doubled=True)
    return NEXT


def _heal(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    m = g._var(t, st["who"])
    if m is not None and g.in_play(m):
        g.heal(m)
    return NEXT


def _destroy(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    m = g._var(t, st["who"])
    if m is not None and g.in_play(m):
        g.destroy(m)
    return NEXT


def _exile_from_hand(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    who = g._var(t, st["who"])
    if who is None:
        return NEXT
    g.s.tasks.append({"op": "choose", "seats": [who], "purpose": "exile", "src": t["src"]})
    return PUSHED


def _each_opponent_discards(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    g.s.tasks.append({"op": "choose", "seats": g.others_from_left(t["ctl"]), "purpose": "discard", "src": t["src"]})
    return PUSHED


def _exile_from_archive(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    k = g._var(t, st["who"])
    if k is None:
        return NEXT
    a = g.s.archives[k]
    gone = [a["cards"].pop() for _ in range(min(st["n"], len(a["cards"])))]
    g.s.exiled.extend(gone)
    if gone and not a["revealed"]:
        a["revealed"] = True  # the exiled copies are seen by everyone
    g.emit(
        "archive_exiled",
        seat=g.name(t["ctl"]),
        archive=a["id"],
        name=g.card_name(gone[0]) if gone else "",
        n=len(gone),
        left=len(a["cards"]),
    )
    return NEXT


def _put_on_deck(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    c = g._var(t, st["who"])
    ctl = t["ctl"]
    if c is not None and c in g.s.discards[ctl]:
        g.s.discards[ctl].remove(c)
        g.s.decks[ctl].append(c)
        g.emit("put_on_deck", seat=g.name(ctl), card=cref(c), name=g.card_name(c))
    return NEXT


def _replay_action(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    c = g._var(t, st["who"])
    if c is None or c not in g.s.discards[t["ctl"]]:
        return NEXT
    d = g.d(c)
    if g.s.rules >= 2:
        # the Polish FAQ (p.33): the chosen card's text and its kicker, if it has one, whatever
        # the kicker's colour
        kick = d.kicker is not None
    else:  # rules 1: only a kicker of the colour this card was linked onto
        kick = bool(d.kicker and d.kicker.colour == t["onto"])
    g.emit("replays", seat=g.name(t["ctl"]), card=cref(c), name=d.name, kicker=kick)
    steps = g.card_steps(c, t["ctl"], kicker=kick)
    g.s.tasks.append(g.fx_task(t["ctl"], c, steps, kick, t["onto"]))
    return PUSHED


def _summon(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    c = g._var(t, st["who"])
    ctl = t["ctl"]
    if c is None or c not in g.s.discards[ctl]:
        return NEXT
    g.s.discards[ctl].remove(c)
    g.enter_play(ctl, c)
    steps = g.card_steps(c, ctl, kicker=False)  # never its Kicker
    if not steps:
        return NEXT
    g.s.tasks.append(g.fx_task(ctl, c, steps, False, None))
    return PUSHED


def _cancel_order(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    c = g._var(t, st["who"])
    for e in g.s.chain:
        if e["card"] == c and e["status"] == "waiting":
            e["status"] = "cancelled"
            g.s.discards[e["by"]].append(c)
            g.emit("does_not_resolve", seat=g.name(e["by"]), card=cref(c), name=g.card_name(c), source=g._src(t))
    return NEXT


def _free_claim(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    k = g._var(t, st["who"])
    if k is not None and k in g.claimable(t["ctl"]):
        g.take_from_archive(t["ctl"], k, paid=None)
    return NEXT


def _return_to_hand(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    m = g._var(t, st["who"])
    if m is not None and g.in_play(m):
        g.return_to_hand(m)
    return NEXT


def _repeat_chain(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    steps = list(g.d(t["src"]).effects.get("chain", ()))
    g.emit("repeats", seat=g.name(t["ctl"]), card=g._src(t), name=g.card_name(t["src"]))
    g.s.tasks.append(g.fx_task(t["ctl"], t["src"], steps, False, t["onto"]))
    return PUSHED


def _no_text_blocks(g: EffectsMixin, t: dict[str, Any], st: dict[str, Any]) -> str:
    who = g._var(t, st["who"])
    if who is not None and who not in g.s.no_text_blocks:
        g.s.no_text_blocks.append(who)
        g.emit("no_text_blocks", seat=g.name(who), source=g._src(t))
    return NEXT


STEPS: dict[str, Step] = {
    "target": _target,
    "damage_player": _damage_player,
    "damage_controller": _damage_controller,
    "damage_player_per_minion": _damage_player_per_minion,
    "receive_wounds": _receive_wounds,
    "damage_minion": _damage_minion,
    "minion_strikes": _minion_strikes,
    "damage_each_opponent": _damage_each_opponent,
    "damage_each_opposing_minion": _damage_each_opposing_minion,
    "damage_each_minion_of": _damage_each_minion_of,
    "draw": _draw,
    "gain_influence": _gain_influence,
    "double_influence": _double_influence,
    "heal": _heal,
    "destroy": _destroy,
    "exile_from_hand": _exile_from_hand,
    "each_opponent_discards": _each_opponent_discards,
    "exile_from_archive": _exile_from_archive,
    "put_on_deck": _put_on_deck,
    "replay_action": _replay_action,
    "summon": _summon,
    "cancel_order": _cancel_order,
    "free_claim": _free_claim,
    "return_to_hand": _return_to_hand,
    "repeat_chain": _repeat_chain,
    "no_text_blocks": _no_text_blocks,
}
