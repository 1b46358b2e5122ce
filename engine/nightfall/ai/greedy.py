"""The greedy player (the ``normal`` level): each decision by a cheap heuristic of its kind.

The heuristics read a full ``Game``. The player is never given the real one: ``choose``
samples a game consistent with what its seat knows (``knowledge.determinize``) and runs
them there. They look only at what the seat may see — the public table (minions, damage,
wound counts, the chain, revealed archives), its own hand, discard pile and private
archives — so the sample's guesses about hidden cards never sway them, and the player
plays exactly as if it read the real game. The search of the ``hard`` level uses the same
heuristics (``GreedyPlayer.pick``) as its rollout policy on sampled games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import knowledge
from ..cards import CardDef, card
from ..game import Action, Decision, Game
from ..setup import draft_plan

__all__ = ["WORTH", "GreedyPlayer", "card_worth"]

#: Rough worth of owning one more copy of a card, in influence. Claims and drafts rank by it;
#: the chain heuristics value a card by what its text does on the table instead.
WORTH: dict[str, float] = {
    "bad_smoke": 0.7,
    "charlotte_reyes": 0.6,
    "enraged_wight": 0.8,
    "genesis_one": 0.5,
    "jj_mcteague": 0.5,
    "yuri_koroviev": 0.6,
    "alton_hickman": 3.4,
    "blaine_cordell": 3.8,
    "franz_orlok": 5.6,
    "indigo_six": 3.0,
    "ivan_radinski": 4.6,
    "lilith_lawrence": 4.2,
    "marcus_toth": 4.0,
    "watcher_two": 2.6,
    "sir_john_travail": 5.4,
    "vulko": 5.2,
    "great_spirit": 5.4,
    "zacharias_sands": 4.6,
    "flank_attack": 3.6,
    "bite_and_tear": 3.6,
    "hypnotic_presence": 3.0,
    "blood_rage": 3.8,
    "death_grip": 6.0,
    "dark_awakening": 3.4,
    "grim_siege": 4.6,
    "furious_melee": 4.0,
    "shock_and_awe": 3.5,
    "ghoul_summoning": 3.0,
    "team_elimination": 4.2,
    "leave_me": 3.0,
}
#: A private archive only its owner can claim from: a copy taken there is one nobody else gets.
PRIVATE_BONUS = 0.5
#: What putting a card into the chain costs: the influence it would give if discarded instead.
PLAY_COST_OWN_TURN = 0.5
PLAY_COST_OTHERS_TURN = 1.2
#: A link whose kicker is active: the point of linking, a nudge to take it.
KICKER_BONUS = 1.0
#: How many cards ahead the chain planner looks (hands can grow long after a wound effect).
MAX_LINE = 5
#: Claiming adds a card to the deck: not worth it for a card barely better than a starter.
MIN_CLAIM = 1.5
#: A starting minion that has been in play is exiled when it leaves: the deck gets thinner.
THINNING = 0.3
#: What a blocker destroyed in a block costs, per point of strength: the attack it will not make.
BLOCKER_LOSS = 1.0


def card_worth(key: str) -> float:
    """The rough worth of a card kind (cost for a card the table does not know)."""
    if key in WORTH:
        return WORTH[key]
    return float(card(key).cost)


@cache
def _target_uses(key: str) -> dict[str, tuple[str, list[dict[str, Any]]]]:
    """For each target ``what`` of a card: the variable name and every later step that reads it."""
    out: dict[str, tuple[str, list[dict[str, Any]]]] = {}
    d = card(key)
    steps = [st for part in ("chain", "your_chain", "kicker") for st in d.effects.get(part, ())]
    for st in steps:
        if st["do"] == "target" and st["what"] not in out:
            var = st["as"]
            uses = [u for u in steps if var in (u.get("who"), u.get("of"), u.get("on"))]
            out[st["what"]] = (var, uses)
    return out


# ---------------------------------------------------------------------- what one seat sees


@dataclass
class _Line:
    """Where a card would be played in a chain, for valuing its text."""

    own_chain: bool  # "Your Chain:" applies and influence is spendable this turn
    kick: bool
    minions_after: int = 0  # own minions that enter play before this card resolves
    own_before: int = 0  # own cards waiting under it in the chain


class _Eyes:
    """The table as one seat may see it, and the worth of things from that seat's side.

    ``game`` is always a sampled game (``knowledge.determinize``), never the real one; the
    methods still read only what the seat could see, so the sample's guesses do not matter.
    """

    def __init__(self, game: Game, seat: str) -> None:
        self.g = game
        self.s = game.s
        self.me = game.seat_index(seat)
        self.opps = game.others_from_left(self.me)
        self._wounds: dict[int, int] = {}

    # ---- plain facts
    def d(self, cid: int) -> CardDef:
        return card(self.s.cards[cid])

    def is_wound(self, cid: int) -> bool:
        return self.g.is_wound(cid)

    def hand(self) -> list[int]:
        return list(self.s.hands[self.me])

    def minions(self, i: int) -> list[int]:
        return list(self.s.in_play[i])

    def controller(self, cid: int) -> int | None:
        return self.g.controller(cid)

    def wounds(self, i: int) -> int:
        if i not in self._wounds:
            self._wounds[i] = sum(self.g.wounds_of(i).values())
        return self._wounds[i]

    def archive_key(self, k: int) -> str | None:
        """The card of archive ``k`` if this seat may know it."""
        a = self.s.archives[k]
        return str(a["card"]) if a["revealed"] or a["owner"] == self.me else None

    def direct_cap(self, i: int) -> int:
        """How much damage from card text player ``i``'s blockers absorb before it wounds."""
        return sum(self.g.health_left(m) for m in self.g.direct_blockers(i, card_text=True))

    def lead_bonus(self, i: int) -> float:
        """A little extra for hurting whoever has the fewest wounds (the leader)."""
        if i == self.me:
            return 0.0
        fewest = min(self.wounds(o) for o in self.opps)
        return 0.15 if self.wounds(i) == fewest else 0.05 * max(0, 3 - (self.wounds(i) - fewest))

    # ---- worth of minions and damage
    def threat(self, m: int) -> float:
        """What a minion in play is worth to its controller."""
        d = self.d(m)
        v = 0.2 + 0.5 * self.g.strength(m)
        if d.has("blocks_damage"):
            v += 0.4 * self.g.health_left(m)
        if d.has("claim_discount"):
            v += 0.5
        if d.has("vampire_bonus"):
            v += 0.3
        return v

    def hit_value(self, m: int, n: int, destroy: bool = False) -> float:
        """Inflicting ``n`` damage on minion ``m``: positive for an opposing one, negative for mine."""
        if n <= 0 and not destroy:
            return 0.0
        left = self.g.health_left(m)
        mine = self.controller(m) == self.me
        if destroy or n >= left:
            v = self.threat(m)
            if mine and self.d(m).starting:
                v -= THINNING
        else:
            v = 0.1 * n + (0.3 * n if self.d(m).has("blocks_damage") else 0.0)
        return -v if mine else v

    def player_damage(self, i: int, n: int) -> float:
        """Inflicting ``n`` damage on player ``i`` (direct-damage blockers absorb first)."""
        if n <= 0:
            return 0.0
        cap = 0 if i in self.s.no_text_blocks else self.direct_cap(i)
        through = max(0, n - cap)
        v = through + 0.25 * min(n, cap)
        if i == self.me:
            return -1.2 * v
        return v + self.lead_bonus(i)

    def enter_value(self, d: CardDef, own_chain: bool) -> float:
        """A minion entering play in front of this seat."""
        if not d.is_minion:
            return 0.0
        v = 0.45 * (d.strength or 0)
        if d.has("blocks_damage"):
            v += 0.35 * (d.health or 0)
        if d.has("stays_in_play"):
            v += 0.5
        if d.has("unblockable"):
            v += 0.2 * (d.strength or 0)
        if d.has("claim_discount"):
            v += 1.2 if own_chain else 0.5
        if d.has("vampire_bonus"):
            v += 0.3 + 0.3 * sum(1 for m in self.minions(self.me) if "Vampire" in self.d(m).keywords)
        if d.has("to_hand_when_destroyed"):
            v += 0.2
        if d.starting:
            v += THINNING
        return v

    # ---- targets
    def candidates(self, what: str) -> list[str]:
        """Refs a target step of this seat's could pick now: the engine's own list (on the sampled
        game), for a card not yet resolving, so no earlier target of it is excluded."""
        # no task yet: nothing chosen earlier is left out (an "other_minion" excludes no one)
        return self.g.target_options({"ctl": self.me, "vars": {}}, {"what": what, "other": None})

    def _cid(self, ref: str) -> int:
        return int(ref[1:])

    def _archive(self, ref: str) -> int:
        return next(k for k, a in enumerate(self.s.archives) if a["id"] == ref)

    def use_value(
        self,
        what: str,
        ref: str,
        uses: Iterable[dict[str, Any]],
        var: str,
        line: _Line,
        strike: int | None = None,
    ) -> float:
        """What choosing ``ref`` as target ``var`` is worth, given the steps that read it."""
        uses = [u for u in uses if not (u.get("unless_kicker") and line.kick)]
        if what == "player":
            i = self.g.seat_index(ref)
            v = 0.0
            for u in uses:
                do = u["do"]
                if do == "damage_player":
                    v += self.player_damage(i, u["n"])
                elif do == "damage_player_per_minion":
                    v += self.player_damage(i, len(self.minions(self.me)) + line.minions_after)
                elif do == "receive_wounds":
                    v += -1.2 * u["n"] if i == self.me else u["n"] + self.lead_bonus(i)
                elif do == "exile_from_hand":
                    v += 0.8 if i != self.me else -0.2
                elif do == "no_text_blocks":
                    v += 0.2 + 0.3 * self.direct_cap(i) if i != self.me else -0.5
                elif do == "damage_each_minion_of":
                    v += sum(self.hit_value(m, u["n"]) for m in self.minions(i))
            return v + (0.01 if i != self.me else -0.01)  # whatever it is, aim it away from home
        if what in ("minion", "opposing_minion", "own_minion", "other_minion"):
            m = self._cid(ref)
            v = 0.0
            dmg = sum(u["n"] for u in uses if u["do"] == "damage_minion")
            destroy = any(u["do"] == "destroy" for u in uses)
            if dmg or destroy:
                v += self.hit_value(m, dmg, destroy)
            for u in uses:
                do = u["do"]
                if do == "damage_controller":
                    ctl = self.controller(m)
                    if ctl is not None:
                        v += self.player_damage(ctl, u["n"])
                elif do == "heal":
                    hurt = self.s.damage[m]
                    v += (0.3 * hurt + 0.05) * (1 if self.controller(m) == self.me else -1)
                elif do == "return_to_hand":
                    v += self.threat(m) + 0.2 if self.controller(m) != self.me else -self.threat(m)
                elif do == "minion_strikes" and u.get("who") == var:
                    others = [o for o in self.g.all_minions(self.me) if o != m]
                    power = self.g.strength(m)
                    v += max((self.hit_value(o, power) for o in others), default=0.0)
                elif do == "minion_strikes" and u.get("on") == var and strike is not None:
                    v += self.hit_value(m, strike)
            return v
        if what.startswith("own_discard_"):
            c = self._cid(ref)
            if self.is_wound(c):
                return -0.5  # a wound on top of the deck is the worst next draw
            d = self.d(c)
            v = 0.0
            for u in uses:
                do = u["do"]
                if do == "put_on_deck":
                    v += 0.15 * card_worth(d.key)
                elif do == "replay_action":
                    v += 0.4 * card_worth(d.key)
                elif do == "summon":
                    v += self.enter_value(d, line.own_chain) + self.steps_value(
                        d.key, list(d.effects.get("chain", ())), _Line(line.own_chain, False), depth=1
                    )
            return v
        if what in ("archive", "claimable_archive"):
            k = self._archive(ref)
            a = self.s.archives[k]
            key = self.archive_key(k)
            worth = card_worth(key) if key else 4.0
            v = 0.0
            for u in uses:
                if u["do"] == "exile_from_archive":
                    if a["owner"] == self.me:
                        v -= 1.0 + 0.1 * worth
                    elif a["owner"] == -1:
                        v += 0.05 * worth
                    else:
                        v += 0.3 + 0.1 * worth + self.lead_bonus(a["owner"])
                elif u["do"] == "free_claim":
                    v += 0.6 * worth + (PRIVATE_BONUS if a["owner"] == self.me else 0.0)
            return v
        if what == "chain_order":
            c = self._cid(ref)
            entry = next((e for e in self.s.chain if e["card"] == c), None)
            worth = 0.6 * card_worth(self.s.cards[c]) + 0.3
            if entry is not None and entry["by"] == self.me:
                return -worth
            return worth
        return 0.0

    def best_target(self, what: str, uses: list[dict[str, Any]], var: str, line: _Line) -> float:
        """The worth of a target step's best choice (0 when there is nothing to pick)."""
        refs = self.candidates(what)
        if what == "chain_order" and not refs and line.own_before:
            return -1.0  # it will cancel one of this seat's own cards
        if not refs:
            return 0.0
        return max(self.use_value(what, r, uses, var, line) for r in refs)

    # ---- a card's text
    def steps_value(self, key: str, steps: list[dict[str, Any]], line: _Line, depth: int = 0) -> float:
        """The worth of running ``steps`` of card ``key`` now, with the best targets."""
        v = 0.0
        n_opps = len(self.opps)
        for st in steps:
            if st.get("unless_kicker") and line.kick:
                continue
            do = st["do"]
            if do == "target":
                var = st["as"]
                uses = [u for u in steps if var in (u.get("who"), u.get("of"), u.get("on"))]
                if st["what"] == "other_minion":
                    continue  # valued together with the striking minion
                v += self.best_target(st["what"], uses, var, line)
            elif do == "draw":
                v += 0.7 * st["n"]
            elif do == "gain_influence":
                v += 0.5 * st["n"] if line.own_chain else 0.0
            elif do == "double_influence":
                v += 0.5 * (self.s.influence[self.me] + 1) if line.own_chain else 0.0
            elif do == "damage_each_opponent":
                v += 0.8 * sum(self.player_damage(o, st["n"]) for o in self.opps)
            elif do == "damage_each_opposing_minion":
                v += sum(self.hit_value(m, st["n"]) for o in self.opps for m in self.minions(o))
            elif do == "each_opponent_discards":
                v += 0.4 * n_opps
            elif do == "repeat_chain" and depth == 0:
                again = list(card(key).effects.get("chain", ()))
                v += 0.7 * self.steps_value(key, again, line, depth + 1)
        return v

    def play_value(self, key: str, line: _Line) -> float:
        """Putting card ``key`` into the chain at ``line``: its text, its body, minus what it costs."""
        d = card(key)
        steps = list(d.effects.get("chain", ()))
        if line.own_chain:
            steps.extend(d.effects.get("your_chain", ()))
        if line.kick:
            steps.extend(d.effects.get("kicker", ()))
        v = self.steps_value(key, steps, line) + self.enter_value(d, line.own_chain)
        if line.kick:
            v += KICKER_BONUS  # the kicker is the point of linking: a nudge to take it
        return v - (PLAY_COST_OWN_TURN if line.own_chain else PLAY_COST_OTHERS_TURN)


# ---------------------------------------------------------------------- greedy


class GreedyPlayer:
    """The normal level: each decision by a cheap heuristic of its kind; no search of the game tree.

    ``choose`` samples one game from the seat's knowledge and runs the heuristics there;
    ``pick`` runs them on a game already sampled (the search's rollouts).
    """

    def __init__(self, seed: int = 0) -> None:
        #: breaks exact ties between equally scored moves
        self.rng = random.Random(seed)
        #: samples the hidden cards; kept apart so that ties break the same whatever the sample
        self.world_rng = random.Random(f"world-{seed}")
        #: (face-up wounds left, turn) when that count last changed: to notice a stalled game
        self._calm: tuple[int, int] = (-1, -1)

    def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
        if not actions:
            raise ValueError(f"{view.get('you')} has nothing to decide")
        if len(actions) == 1:
            return actions[0]
        world = knowledge.determinize(view["position"], self.world_rng)
        return self.pick(world, str(view["you"]), actions)

    def pick(self, game: Game, seat: str, actions: list[Action]) -> Action:
        """The heuristic move among ``actions`` for ``seat`` in ``game``.

        ``game`` is a sampled game (or, inside a search, a game already sampled); the
        heuristics read only what ``seat`` may see in it. Falls back to the first action
        when no heuristic applies.
        """
        if len(actions) == 1:
            return actions[0]
        decision = game.decision_of(seat)
        pick = self._by_kind().get(decision.kind) if decision is not None else None
        choice = pick(_Eyes(game, seat), decision, actions) if pick is not None and decision is not None else None
        if choice is None or choice not in actions:
            return actions[0]
        return choice

    def _by_kind(self) -> dict[str, Callable[[_Eyes, Decision, list[Action]], Action]]:
        return {
            "draft": self._draft,
            "attack": self._attack,
            "block": self._block,
            "combat-order": self._combat_order,
            "absorb-order": self._absorb_order,
            "player-order": self._player_order,
            "chain": self._chain,
            "target": self._target,
            "choose": self._choose,
            "claim": self._claim,
            "wound": self._wound,
        }

    def _restless(self, e: _Eyes) -> bool:
        """True when no wound has been dealt for a while: then play on even at a small loss.

        Two careful players holding only dead cards could otherwise pass forever.
        """
        up, turn = len(e.s.wounds_up), e.s.turn
        if up != self._calm[0] or turn < self._calm[1]:
            self._calm = (up, turn)
        return turn - self._calm[1] >= 3 * e.g.n

    def _best(self, actions: list[Action], score: Callable[[Action], float]) -> Action:
        """The highest-scoring action; seeded jitter breaks exact ties."""
        return max(actions, key=lambda a: (score(a), self.rng.random()))

    # ---- setup
    def _draft(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        # Every destination wants the strongest card: a private archive to claim from, the
        # commons everyone shares, or (two-player draft) the game's bin, which denies it to
        # the opponent the packet goes to next.
        plan = draft_plan(e.s.options["draft"], e.s.rules)
        dest = plan.rounds[dec.info.get("round", 0)] if plan else "private"
        bonus = PRIVATE_BONUS if dest == "private" else 0.0
        return self._best(actions, lambda a: card_worth(a.args[0]) + bonus)

    # ---- combat
    def _attack(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        g = e.g
        assigned: dict[int, int] = {}
        for x in e.s.attacks:
            assigned[x["d"]] = assigned.get(x["d"], 0) + g.strength(x["a"])

        def score(a: Action) -> float:
            m, d = e._cid(a.args[0]), g.seat_index(a.args[1])
            power = g.strength(m)
            if e.d(m).has("unblockable"):
                through = power
            else:
                cap = sum(g.health_left(b) for b in e.minions(d)) - assigned.get(d, 0)
                through = max(0, power - max(0, cap))
            # strongest minion first, to where it wounds most, the leader on a tie
            return 10.0 * power + through + 0.5 * e.lead_bonus(d) - 0.01 * e.wounds(d)

        return self._best(actions, score)

    def _block(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        g = e.g
        mine = [x for x in e.s.attacks if x["d"] == e.me and not x["done"]]
        remaining = {
            x["a"]: g.strength(x["a"]) - sum(g.health_left(b) for b in x["blockers"] if g.in_play(b)) for x in mine
        }
        used = {b for x in e.s.attacks for b in x["blockers"]}
        direct = sum(g.health_left(m) for m in e.minions(e.me) if e.d(m).has("blocks_damage") and m not in used)
        incoming = sum(max(0, r) for r in remaining.values())
        wounds_if_done = max(0, incoming - direct)

        def score(a: Action) -> float:
            if a.verb == "done":
                return 0.0
            b, att = e._cid(a.args[0]), e._cid(a.args[1])
            if e.d(b).has("blocks_damage"):
                return -1.0  # it absorbs unblocked damage anyway, and chain damage later
            rest = remaining.get(att, 0)
            if rest <= 0:
                return -1.0
            health = g.health_left(b)
            saved = min(health, rest, wounds_if_done)
            dies = health <= rest
            # a blocker that survives attacks on its owner's turn for its strength: one that dies
            # for less damage than that trades a sure attack for a smaller save
            loss = BLOCKER_LOSS * g.strength(b) if dies else 0.0
            if dies and e.d(b).has("to_hand_when_destroyed"):
                loss *= 0.3
            if dies and e.d(b).starting:
                loss = max(0.0, loss - THINNING)
            if dies and saved <= loss:
                return -1.0
            # biggest attacker first, cheapest blocker first
            return saved - loss + (0.0 if dies else 0.2) + 0.01 * g.strength(att) - 0.01 * card_worth(e.d(b).key)

        return self._best(actions, score)

    def _combat_order(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        return self._best(actions, lambda a: float(e.g.strength(e._cid(a.args[0]))))

    def _absorb_order(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        # a starting blocker is exiled when destroyed anyway; keep the valuable ones whole
        def score(a: Action) -> float:
            m = e._cid(a.args[0])
            return -card_worth(e.d(m).key) + 0.1 * e.g.health_left(m)

        return self._best(actions, score)

    def _player_order(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        return self._best(actions, lambda a: -float(e.wounds(e.g.seat_index(a.args[0]))))

    # ---- chain
    def _chain(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        s = e.s
        own_chain = s.active == e.me
        hand_keys: dict[str, Action] = {}
        for a in actions:
            if a.verb == "chain":
                hand_keys.setdefault(s.cards[e._cid(a.args[0])], a)
        if not hand_keys:
            return next(a for a in actions if a.verb == "pass")
        # the whole hand can follow the first card, not only what links onto the chain now
        keys = tuple(sorted(s.cards[c] for c in e.hand() if not e.is_wound(c)))
        prev = s.cards[s.chain[-1]["card"]] if s.chain else None
        own_before = sum(1 for x in s.chain if x["by"] == e.me and x["status"] == "waiting")
        depth = MAX_LINE if len(keys) <= 10 else 3  # keep a huge hand quick to think about
        value, line = _Planner(e, own_chain).best(keys, prev, own_before > 0, depth)
        if line and value > 0 and line[0] in hand_keys:
            return hand_keys[line[0]]
        if own_chain and not s.chain and self._restless(e):
            line_here = _Line(own_chain=True, kick=False)
            return hand_keys[max(hand_keys, key=lambda k: e.play_value(k, line_here))]
        return next(a for a in actions if a.verb == "pass")

    # ---- texts
    def _target(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        what = str(dec.info.get("what", ""))
        src = e._cid(str(dec.info["source"]))
        key = e.s.cards[src]
        var, uses = _target_uses(key).get(what, ("", []))
        entry = next((x for x in e.s.chain if x["card"] == src), None)
        line = _Line(own_chain=e.s.active == e.me, kick=bool(entry and entry["kick"]))
        strike = None
        if what == "other_minion":
            # the striking minion is the one in play the options leave out
            offered = {e._cid(a.args[0]) for a in actions}
            left_out = [m for m in e.g.all_minions(e.me) if m not in offered]
            strike = e.g.strength(left_out[0]) if left_out else None
        return self._best(actions, lambda a: e.use_value(what, a.args[0], uses, var, line, strike))

    def _choose(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        # give up the card worth least: a wound when discarding, a starting minion when exiling
        def keep(a: Action) -> float:
            c = e._cid(a.args[0])
            return -1.0 if e.is_wound(c) else card_worth(e.d(c).key)

        return self._best(actions, lambda a: -keep(a))

    # ---- claim and cleanup
    def _claim(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        g, s, me = e.g, e.s, e.me
        influence = s.influence[me]

        # A discarded card is not lost (it comes back with the discard pile) and cleanup refills
        # the hand to 5, so giving a card up costs little: least for a starting minion, a bit
        # more for a wound (kept, it draws 2 in cleanup) or a good card.
        def keep(c: int) -> float:
            if e.is_wound(c):
                return 0.3
            d = e.d(c)
            return 0.1 if d.starting else 0.15 * card_worth(d.key)

        spare = sorted(e.hand(), key=keep)
        offers: list[tuple[float, int, str]] = []  # (worth, cost, archive id)
        discount = g.claim_discount(me)
        for k in g.claimable(me):
            key = e.archive_key(k)
            if key is None:
                continue
            a = s.archives[k]
            worth = card_worth(key) + (PRIVATE_BONUS if a["owner"] == me else 0.0)
            offers.append((worth + 0.05 * card(key).cost, g.claim_cost(me, k, discount), str(a["id"])))
        now = max((o for o in offers if o[1] <= influence), default=None)
        least = 0.0 if self._restless(e) else MIN_CLAIM
        now_worth = now[0] if now and now[0] >= least else 0.0
        stretch = max(
            (
                w - sum(keep(c) for c in spare[: cost - influence])
                for w, cost, _ in offers
                if influence < cost <= influence + len(spare)
            ),
            default=0.0,
        )
        if spare and stretch > now_worth + 0.3:
            return Action(dec.seat, "discard", (f"c{spare[0]}",))
        if now_worth:
            assert now is not None
            return Action(dec.seat, "claim", (now[2],))
        return Action(dec.seat, "done")

    def _wound(self, e: _Eyes, dec: Decision, actions: list[Action]) -> Action:
        return Action(dec.seat, "wound", ("use",))


class _Planner:
    """Finds the most valuable run of cards to link, looking at most ``MAX_LINE`` cards ahead."""

    def __init__(self, e: _Eyes, own_chain: bool) -> None:
        self.e = e
        self.own_chain = own_chain
        self.memo: dict[tuple[tuple[str, ...], str | None, bool, int], tuple[float, list[str]]] = {}
        self.values: dict[tuple[str, bool, int, bool], float] = {}

    def value(self, key: str, kick: bool, after: int, own_before: bool) -> float:
        k = (key, kick, after, own_before)
        if k not in self.values:
            line = _Line(self.own_chain, kick, minions_after=after, own_before=int(own_before))
            self.values[k] = self.e.play_value(key, line)
        return self.values[k]

    def best(
        self, keys: tuple[str, ...], prev: str | None, own_before: bool, depth: int = MAX_LINE
    ) -> tuple[float, list[str]]:
        """The best run from ``keys`` linked after ``prev`` (stopping is worth 0)."""
        memo_key = (keys, prev, own_before, depth)
        if memo_key in self.memo:
            return self.memo[memo_key]
        best: tuple[float, list[str]] = (0.0, [])
        links = card(prev).links if prev else None
        onto = card(prev).colour if prev else None
        tried: set[str] = set()
        for k, key in enumerate(keys if depth > 0 else ()):
            d = card(key)
            if key in tried or (links is not None and d.colour not in links):
                continue
            tried.add(key)
            rest = keys[:k] + keys[k + 1 :]
            sub_value, sub_line = self.best(rest, key, True, depth - 1)
            kick = bool(onto and d.kicker and d.kicker.colour == onto)
            after = sum(1 for x in sub_line if card(x).is_minion)
            total = self.value(key, kick, after, own_before) + sub_value
            if total > best[0]:
                best = (total, [key, *sub_line])
        self.memo[memo_key] = best
        return best
