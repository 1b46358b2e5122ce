"""Zones and the basic verbs every phase shares: draw, damage, destroy, wounds, claim.

``Core`` owns the state and the event list of the action being applied; the phase
mixins (setup, combat, chain, effects, turn) build on these verbs.
"""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .actions import IllegalAction, clip, is_archive_ref, is_card_ref
from .cards import CardDef, card_set
from .state import State


def cref(cid: int) -> str:
    """The canonical text of a card instance id."""
    return f"c{cid}"


class Core:
    s: State
    _events: list[dict[str, Any]]

    def __init__(self, state: State) -> None:
        self.s = state
        self._events = []
        self._defs = card_set().cards

    # ------------------------------------------------------------------ provided by the phase mixins
    def _begin_combat(self) -> None:
        raise NotImplementedError

    def _begin_chain(self) -> None:
        raise NotImplementedError

    def _begin_claim(self) -> None:
        raise NotImplementedError

    def _finish(self) -> None:
        raise NotImplementedError

    def ranking(self) -> list[int]:
        raise NotImplementedError

    def ranking_details(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def wounds_of(self, i: int) -> dict[str, int]:
        raise NotImplementedError

    def legal_actions(self, seat: str) -> list[Any]:
        raise NotImplementedError

    def describe(self, a: Any, lang: str = "en") -> str:
        raise NotImplementedError

    def default_action(self, seat: str) -> Any:
        raise NotImplementedError

    def _unassigned(self) -> list[int]:
        raise NotImplementedError

    # ------------------------------------------------------------------ basics
    @property
    def n(self) -> int:
        return len(self.s.seats)

    def seat_index(self, seat: str) -> int:
        """The index of a seat by name; a name that does not play here is an ``IllegalAction``."""
        if isinstance(seat, str) and seat in self.s.seats:
            return self.s.seats.index(seat)
        raise IllegalAction(f"'{clip(seat)}' is not a player in this game.")

    def name(self, i: int) -> str:
        return self.s.seats[i]

    def others_from_left(self, i: int) -> list[int]:
        """Every other seat, starting with the one to the left (next in turn order)."""
        return [(i + k) % self.n for k in range(1, self.n)]

    def rng(self) -> Rng:
        return Rng(self.s.rng)

    def shuffle(self, items: list[int]) -> None:
        r = Rng(self.s.rng)
        r.shuffle(items)
        self.s.rng = r.state

    def emit(self, type_: str, to: int | None = None, **data: Any) -> None:
        """Record an event; ``to`` marks it private to that seat index."""
        ev: dict[str, Any] = {"type": type_, **data}
        if to is not None:
            ev["to"] = self.s.seats[to]
        self._events.append(ev)

    # ------------------------------------------------------------------ cards
    def new_card(self, kind: str) -> int:
        self.s.cards.append(kind)
        self.s.damage.append(0)
        return len(self.s.cards) - 1

    def is_wound(self, cid: int) -> bool:
        return self.s.cards[cid].startswith("wound:")

    def wound_type(self, cid: int) -> str:
        return self.s.cards[cid][6:]

    def d(self, cid: int) -> CardDef:
        """The definition of an order card instance."""
        return self._defs[self.s.cards[cid]]

    def card_name(self, cid: int) -> str:
        if self.is_wound(cid):
            return f"wound ({self.wound_type(cid)})"
        return self.d(cid).name

    def parse_card(self, ref: str) -> int:
        """The card instance named by a canonical reference such as ``c12`` (ASCII digits, no
        leading zero, at most a few of them); anything else is an ``IllegalAction``."""
        if is_card_ref(ref):
            cid = int(ref[1:])
            if cid < len(self.s.cards):
                return cid
        raise IllegalAction(f"'{clip(ref)}' is not a card in this game.")

    # ------------------------------------------------------------------ minions
    def controller(self, cid: int) -> int | None:
        for i, zone in enumerate(self.s.in_play):
            if cid in zone:
                return i
        return None

    def in_play(self, cid: int) -> bool:
        return self.controller(cid) is not None

    def all_minions(self, start: int) -> list[int]:
        """Minions in play, seat by seat from ``start``'s left, ``start``'s own last."""
        out: list[int] = []
        for i in [*self.others_from_left(start), start]:
            out.extend(self.s.in_play[i])
        return out

    def strength(self, cid: int) -> int:
        base = self.d(cid).strength or 0
        ctl = self.controller(cid)
        if ctl is None or "Vampire" not in self.d(cid).keywords:
            return base
        bonus = sum(1 for m in self.s.in_play[ctl] if m != cid and self.d(m).has("vampire_bonus"))
        return base + bonus

    def health_left(self, cid: int) -> int:
        return (self.d(cid).health or 0) - self.s.damage[cid]

    def enter_play(self, i: int, cid: int) -> None:
        self.s.damage[cid] = 0
        self.s.in_play[i].append(cid)
        self.emit("enters_play", seat=self.name(i), card=cref(cid), name=self.card_name(cid))

    def _leave_play(self, cid: int) -> int:
        ctl = self.controller(cid)
        assert ctl is not None
        self.s.in_play[ctl].remove(cid)
        self.s.damage[cid] = 0
        return ctl

    def damage_minion(self, cid: int, n: int, source: str) -> int:
        """Inflict ``n`` damage on a minion in play; returns damage actually marked."""
        if n <= 0 or not self.in_play(cid):
            return 0
        n = min(n, self.health_left(cid))
        self.s.damage[cid] += n
        self.emit(
            "minion_damaged",
            card=cref(cid),
            name=self.card_name(cid),
            seat=self.name(self.controller(cid) or 0),
            n=n,
            source=source,
        )
        if self.health_left(cid) <= 0:
            self.destroy(cid)
        return n

    def destroy(self, cid: int) -> None:
        ctl = self._leave_play(cid)
        d = self.d(cid)
        if d.has("to_hand_when_destroyed"):
            self.s.hands[ctl].append(cid)
            where = "hand"
        elif d.has("exile_when_destroyed"):
            self.s.exiled.append(cid)
            where = "exiled"
        else:
            self.s.discards[ctl].append(cid)
            where = "discard"
        self.emit("destroyed", seat=self.name(ctl), card=cref(cid), name=d.name, to_zone=where)

    def discard_from_play(self, cid: int) -> None:
        ctl = self._leave_play(cid)
        d = self.d(cid)
        if d.has("exile_when_discarded"):
            self.s.exiled.append(cid)
            where = "exiled"
        else:
            self.s.discards[ctl].append(cid)
            where = "discard"
        self.emit("discarded_from_play", seat=self.name(ctl), card=cref(cid), name=d.name, to_zone=where)

    def return_to_hand(self, cid: int) -> None:
        ctl = self._leave_play(cid)
        self.s.hands[ctl].append(cid)
        self.emit("returned_to_hand", seat=self.name(ctl), card=cref(cid), name=self.card_name(cid))

    def heal(self, cid: int) -> None:
        healed = self.s.damage[cid]
        self.s.damage[cid] = 0
        self.emit("healed", card=cref(cid), name=self.card_name(cid), n=healed)

    def direct_blockers(self, i: int, card_text: bool) -> list[int]:
        """Minions that must absorb damage inflicted on player ``i`` right now."""
        if card_text and i in self.s.no_text_blocks:
            return []
        return [m for m in self.s.in_play[i] if self.d(m).has("blocks_damage")]

    def card_steps(self, cid: int, ctl: int, kicker: bool) -> list[dict[str, Any]]:
        """Chain text, Your Chain text (if ``ctl`` started this chain) and, if it applies, Kicker."""
        fx = self.d(cid).effects
        steps = list(fx.get("chain", ()))
        if ctl == self.s.active and self.s.chain_started:
            steps.extend(fx.get("your_chain", ()))
        if kicker:
            steps.extend(fx.get("kicker", ()))
        return steps

    def fx_task(self, ctl: int, src: int, steps: list[dict[str, Any]], kick: bool, onto: str | None) -> dict[str, Any]:
        return {
            "op": "fx",
            "ctl": ctl,
            "src": src,
            "steps": steps,
            "i": 0,
            "vars": {},
            "kick": kick,
            "onto": onto,
        }

    # ------------------------------------------------------------------ cards moving
    def draw(self, i: int, k: int) -> int:
        """Draw ``k`` cards, shuffling the discard pile into the deck only when a draw needs it."""
        drawn: list[int] = []
        deck, hand = self.s.decks[i], self.s.hands[i]
        for _ in range(k):
            if not deck:
                if not self.s.discards[i]:
                    break
                deck.extend(self.s.discards[i])
                self.s.discards[i].clear()
                self.shuffle(deck)
                self.emit("reshuffled", seat=self.name(i), n=len(deck))
            cid = deck.pop()
            hand.append(cid)
            drawn.append(cid)
        if drawn:
            self.emit("drew", seat=self.name(i), n=len(drawn))
            self.emit(
                "drew_cards",
                to=i,
                seat=self.name(i),
                cards=[cref(c) for c in drawn],
                names=[self.card_name(c) for c in drawn],
            )
        return len(drawn)

    def give_wounds(self, i: int, k: int, source: str) -> None:
        """Player ``i`` receives ``k`` wounds: face-up stack first, then face down, then exiled."""
        types: list[str] = []
        for _ in range(k):
            if self.s.wounds_up:
                w = self.s.wounds_up.pop()
                if not self.s.wounds_up and not self.s.ending:
                    self.s.ending = True
                    self.emit("last_face_up_wound", seat=self.name(i))
            elif self.s.wounds_down:
                w = self.s.wounds_down.pop()
            else:
                exiled = [c for c in self.s.exiled if self.is_wound(c)]
                if not exiled:
                    break
                w = exiled[-1]
                self.s.exiled.remove(w)
            self.s.discards[i].append(w)
            types.append(self.wound_type(w))
        if types:
            self.emit("wounded", seat=self.name(i), n=len(types), types=types, source=source)

    def claimable(self, i: int) -> list[int]:
        """Indexes of archives seat ``i`` may claim from: commons and its own, not empty."""
        return [k for k, a in enumerate(self.s.archives) if a["cards"] and (a["owner"] == -1 or a["owner"] == i)]

    def claim_discount(self, i: int) -> int:
        """How much cheaper seat ``i``'s claims are: one per minion of theirs in play that says so."""
        return sum(1 for m in self.s.in_play[i] if self.d(m).has("claim_discount"))

    def claim_cost(self, i: int, k: int, discount: int | None = None) -> int:
        """What seat ``i`` pays to claim from archive ``k`` (``discount``: ``claim_discount(i)``, if
        the caller has it already: the claim phase asks it of every archive)."""
        cost = self._defs[self.s.archives[k]["card"]].cost
        return max(0, cost - (self.claim_discount(i) if discount is None else discount))

    def take_from_archive(self, i: int, k: int, paid: int | None) -> None:
        a = self.s.archives[k]
        cid = a["cards"].pop()
        self.s.discards[i].append(cid)
        if not a["revealed"]:
            a["revealed"] = True
            self.emit(
                "archive_revealed",
                seat=self.name(a["owner"]),
                archive=a["id"],
                card_key=a["card"],
                name=self.card_name(cid),
            )
        self.emit(
            "claimed",
            seat=self.name(i),
            archive=a["id"],
            card=cref(cid),
            name=self.card_name(cid),
            paid=paid,
            left=len(a["cards"]),
        )

    def archive_index(self, ref: str) -> int:
        """The index of the archive named by a canonical reference such as ``a3``."""
        if is_archive_ref(ref):
            for k, a in enumerate(self.s.archives):
                if a["id"] == ref:
                    return k
        raise IllegalAction(f"'{clip(ref)}' is not an archive in this game.")

    def archive_name(self, k: int, viewer: int | None) -> str:
        """The name of archive ``k``'s card as ``viewer`` (None: everyone) may know it, or "a secret archive"."""
        a = self.s.archives[k]
        if a["revealed"] or viewer == a["owner"]:
            return self._defs[a["card"]].name
        return "a secret archive"

    def archive_label(self, k: int, viewer: int | None) -> str:
        """The archive's name and whose it is, in English: "Vulko (bob's archive)"; a common one's name alone."""
        a = self.s.archives[k]
        name = self.archive_name(k, viewer)
        if a["owner"] == -1:
            return name
        return f"{name} ({self.name(a['owner'])}'s archive)"
