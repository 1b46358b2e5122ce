"""A Fightdrome match: the state, the decisions, and every automatic step between them.

Exactly one seat acts at a time (but for the Grand Tournament's secret first Sleeve, which both pick at
once). Every step the table does by itself — draws, reshuffles, an Overload's re-deal, the end of an exchange,
stuns when no card fits, the end of a round and its scoring, a decision with a single option — happens in
``apply`` before it returns, so ``pending()`` only ever holds real choices. References are to
``FIGHTDROME.md`` (sections and Rulings).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from ..rng import Rng
from .actions import Action, IllegalAction, parse
from .cards import answers, box, face_of, fame, is_attack, is_neuro, kind, sleeves, sort_key, stacks, strength
from .state import FORMATS, KINDS, TARGETS, Decision, Fighter, Options
from .views import private_view, public_view

__all__ = ["FORMATS", "HAND", "KINDS", "TARGETS", "TEAM", "Decision", "Fighter", "Match", "Options"]

HAND = 7
TEAM = 3


def _pile_of(card: str) -> str:
    code = kind(face_of(card)).code
    if code in ("P", "K", "G", "DG", "FT"):
        return code
    return "N" if kind(face_of(card)).neuro else "B"


class Match:
    """Fightdrome between two seats (``engine.protocol.Match``)."""

    def __init__(self) -> None:
        self.seats: list[str] = []
        self.options = Options()
        self.rng = Rng(0)
        self.version = 0
        self.fighters: dict[str, Fighter] = {}
        self.piles: dict[str, list[str]] = {}
        self.round = 0
        #: exchanges begun in the whole match (a round's first one included): the stretch of play a missed
        #: deadline covers on Discord
        self.exchanges = 0
        self.opener = ""
        self.line: list[tuple[str, str]] = []
        self.turn: str | None = None
        self.kind: str | None = None
        self.opened = 0
        #: the stunned seat whose stun began the current run of rests (Ruling 23); None once a card is played
        self.dazed: str | None = None
        self.picks: dict[str, str] = {}
        self.picking: list[str] = []
        self.history: list[dict[str, Any]] = []
        self.winner: str | None = None
        self.last: list[dict[str, Any]] = []
        self._events: list[dict[str, Any]] = []

    # ------------------------------------------------------------------ setup (section 2)
    @classmethod
    def new(cls, seats: list[str], seed: int = 0, options: Options | None = None) -> Match:
        if len(seats) != 2 or len(set(seats)) != 2:
            raise ValueError("Fightdrome is played by exactly two different seats")
        m = cls()
        m.seats = list(seats)
        m.options = options or Options()
        m.rng = Rng(seed)
        m.piles = {p: list(ids) for p, ids in box().items()}
        sl, st = list(sleeves()), list(stacks())
        m.rng.shuffle(sl)
        m.rng.shuffle(st)
        team = TEAM if m.options.format == "tournament" else 1
        for i, seat in enumerate(m.seats):
            mine = sl[i * team : (i + 1) * team]
            m.fighters[seat] = Fighter(sleeve="" if team > 1 else mine[0], stack=st[i], team=mine if team > 1 else [])
            m._emit(
                type="deal", seat=seat, sleeve=m.fighters[seat].sleeve, stack=st[i], team=list(m.fighters[seat].team)
            )
        if m.options.format == "tournament":
            m.picking = list(m.seats)  # the first Sleeve, picked by both in secret (Ruling 25)
            m.opened = 0
        else:
            for seat in m.seats:
                m._build(seat)
            m._start_round(m.seats[m.rng.below(2)])
        m._auto()
        m.last = m._events
        m._events = []
        return m

    def _build(self, seat: str) -> None:
        """A deck from the piles: the Stack's counts of the Sleeve's five types, plus 2 Dodges and 2 Feints."""
        f = self.fighters[seat]
        deck: list[str] = []
        for pile, count in zip(sleeves()[f.sleeve].slots, stacks()[f.stack].counts, strict=True):
            self.rng.shuffle(self.piles[pile])
            deck += self.piles[pile][-count:]
            del self.piles[pile][-count:]
        for pile in ("DG", "FT"):
            deck += self.piles[pile][-2:]
            del self.piles[pile][-2:]
        f.deck = deck

    def _unbuild(self, seat: str) -> None:
        """Every card of ``seat``'s deck back to the box's piles (a Grand Tournament fighter is eliminated)."""
        f = self.fighters[seat]
        for card in self._gather(seat):
            self.piles[_pile_of(card)].append(card)
        f.deck = []

    def _gather(self, seat: str) -> list[str]:
        f = self.fighters[seat]
        cards = f.hand + f.deck + f.discard + f.stun + [c for s, c in self.line if s == seat]
        f.hand, f.deck, f.discard, f.stun = [], [], [], []
        self.line = [(s, c) for s, c in self.line if s != seat]
        return cards

    def _gather_view(self, seat: str) -> list[str]:
        """Every card of ``seat``'s deck wherever it lies now (without moving it)."""
        f = self.fighters[seat]
        return f.hand + f.deck + f.discard + f.stun + [c for s, c in self.line if s == seat]

    def _start_round(self, opener: str) -> None:
        """All cards back into each deck, shuffled, 7 each, Overload checked; ``opener`` opens (Rulings 17–20)."""
        self.round += 1
        self.exchanges += 1
        self.opener = opener
        for seat in self.seats:
            f = self.fighters[seat]
            f.deck = self._gather(seat)
        self.line = []
        self.dazed = None
        self._emit(type="round", round=self.round, opener=opener)
        for seat in self.seats:
            f = self.fighters[seat]
            self.rng.shuffle(f.deck)
            f.hand, f.deck = f.deck[-HAND:], f.deck[:-HAND]
            faces = sorted((face_of(c) for c in f.hand), key=sort_key)
            neuro = sum(is_neuro(x) for x in faces)
            if neuro > 2 or not any(is_attack(x) for x in faces):
                # Overload: only the hand "po pierwszym dobraniu kart" (after the first draw) is tested; it is
                # shown to the opponent (the public log), shuffled back, and the 7 new cards are kept whatever
                # they hold (Ruling 17)
                self._emit(type="overload", seat=seat, hand=faces, reason="neuro" if neuro > 2 else "no_attack")
                f.deck += f.hand
                self.rng.shuffle(f.deck)
                f.hand, f.deck = f.deck[-HAND:], f.deck[:-HAND]
        self._open(opener, after_rest=False, may_rest=False)

    # ------------------------------------------------------------------ the protocol
    def pending(self) -> list[Decision]:
        if self.winner is not None:
            return []
        if self.picking:
            return [Decision(s, "sleeve", self.opened) for s in self.picking if s not in self.picks]
        assert self.turn is not None and self.kind is not None
        return [Decision(self.turn, self.kind, self.opened)]

    def is_over(self) -> bool:
        return self.winner is not None

    def secrets(self) -> dict[str, tuple[frozenset[str], Any]]:
        """Every hidden zone (``engine.protocol.Match.secrets``), as ``views`` hides them: the generator and the
        box's piles (nobody), each deck's order (nobody: its owner knows its cards, not their order), each hand,
        stun pile and secret first Sleeve pick (its seat). Every content is a copy."""
        nobody: frozenset[str] = frozenset()
        out: dict[str, tuple[frozenset[str], Any]] = {
            "rng": (nobody, self.rng.state),
            "piles": (nobody, {p: list(ids) for p, ids in self.piles.items()}),
        }
        for seat, f in self.fighters.items():
            own = frozenset({seat})
            out[f"deck:{seat}"] = (nobody, list(f.deck))
            out[f"hand:{seat}"] = (own, sorted(f.hand))
            out[f"stun:{seat}"] = (own, sorted(f.stun))
            out[f"pick:{seat}"] = (own, self.picks.get(seat))
        return out

    def taken_back(self, earlier: str) -> Match:
        """The position ``earlier`` as this match's next state (``engine.protocol.Match.taken_back``)."""
        m = Match.from_json(earlier)
        m.version = self.version + 1
        return m

    def other(self, seat: str) -> str:
        return self.seats[1 - self.seats.index(seat)]

    def top(self) -> str | None:
        return face_of(self.line[-1][1]) if self.line else None

    def can_rest(self, seat: str) -> bool:
        """Rest needs 6 or fewer cards in hand and a card to draw (Rulings 10, 15)."""
        f = self.fighters[seat]
        return len(f.hand) < HAND and bool(f.deck or f.discard or f.stun)

    def legal_actions(self, seat: str) -> list[Action]:
        if self.winner is not None:
            return []
        if self.picking:
            if seat not in self.picking or seat in self.picks:
                return []
            return [Action(seat, "sleeve", s) for s in self.fighters[seat].team]
        if seat != self.turn:
            return []
        f = self.fighters[seat]
        faces = f.faces()
        if self.kind == "sleeve":
            return [Action(seat, "sleeve", s) for s in f.team]
        if self.kind == "stun_discard":
            return [Action(seat, "stun-discard", x) for x in faces]
        if self.kind == "answer":
            top = self.top()
            assert top is not None
            return [Action(seat, "answer", x) for x in faces if answers(x, top)]
        out = [Action(seat, "open", x) for x in faces if is_attack(x)]
        if self.kind in ("open_or_rest", "rest_or_open") and self.can_rest(seat):
            out.append(Action(seat, "rest"))
        return out

    def parse_action(self, seat: str, text: str) -> Action:
        return parse(seat, text)

    def default_action(self, seat: str) -> Action | None:
        """The passive move a deadline makes (section 9): Rest when allowed; open with the weakest normal attack;
        answer with the card of lowest Fame, then lowest strength; discard the lowest-Fame card when stunned;
        the first Sleeve left."""
        legal = self.legal_actions(seat)
        if not legal:
            return None
        for a in legal:
            if a.verb == "rest":
                return a
        if legal[0].verb in ("open", "answer", "stun-discard"):
            return min(
                legal,
                key=lambda a: (is_neuro(a.arg) and a.verb == "open", fame(a.arg), strength(a.arg) or 0, a.arg),
            )
        return legal[0]

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Apply one legal move and every automatic step after it; the events, public and (``"to"``) private."""
        if self.winner is not None:
            raise IllegalAction("the match is over")
        legal = self.legal_actions(action.seat)
        if action not in legal:
            raise IllegalAction(self._why(action, legal))
        self.version += 1
        self._events = []
        self._do(action, forced=False)
        self._auto()
        self.last, self._events = self._events, []
        return self.last

    def _why(self, action: Action, legal: list[Action]) -> str:
        if not legal:
            return "it is not your decision now"
        if action.verb not in {a.verb for a in legal}:
            return (
                f"you cannot {action.verb.replace('-', ' ')} now: you may {', '.join(sorted({a.verb for a in legal}))}"
            )
        if (
            action.arg
            and action.arg not in {face_of(c) for c in self.fighters[action.seat].hand}
            and action.verb != "sleeve"
        ):
            return f"you hold no {action.arg}"
        return f"{action.arg or action.verb} cannot be played now"

    def _auto(self) -> None:
        """Make every decision that has a single option (section 9.4)."""
        while self.winner is None:
            forced = [(d.seat, self.legal_actions(d.seat)) for d in self.pending()]
            one = next(((s, acts[0]) for s, acts in forced if len(acts) == 1), None)
            if one is None or (self.picking and len(self.picking) > 1):
                return
            self._do(one[1], forced=True)

    # ------------------------------------------------------------------ moves (sections 3.1–3.5)
    def _emit(self, **event: Any) -> None:
        self._events.append(event)

    def _set(self, seat: str, kind: str) -> None:
        self.turn, self.kind, self.opened = seat, kind, self.version

    def _do(self, action: Action, forced: bool) -> None:
        seat, f = action.seat, self.fighters[action.seat]
        if action.verb == "sleeve":
            self._pick(seat, action.arg, forced)
            return
        if action.verb == "rest":
            self._emit(type="rest", seat=seat, forced=forced)
            self._draw(seat)
            self._reshuffle_if_empty(seat)
            other = self.other(seat)
            self._open(other, after_rest=True, may_rest=self.options.breather, rested=seat)
            return
        self.dazed = None  # a card is played or discarded: any run of rests is over
        card = next(c for c in f.hand if face_of(c) == action.arg)
        f.hand.remove(card)
        if action.verb == "stun-discard":
            f.stun.append(card)
            self._emit(type="stun_discard", seat=seat, forced=forced)
            self._emit(type="stun_card", seat=seat, card=action.arg, to=seat)
            if not f.hand:
                self._end_round(loser=seat, ending="empty")
            else:
                self.dazed = seat  # the stun any rests that follow begin with (Ruling 23)
                self._open(self.other(seat), after_rest=False, may_rest=True)
            return
        face = action.arg
        self.line.append((seat, card))
        self._emit(type="play", seat=seat, verb=action.verb, card=face, forced=forced)
        family = kind(face).family
        ends = family in ("block", "dodge", "feint")
        if ends:
            self._end_exchange(seat, reason=family if face != "NB" else "block")
        if not is_neuro(face):
            self._draw(seat)
        elif self.options.last_breath and not f.hand:
            self._emit(type="last_breath", seat=seat)
            self._draw(seat)
        self._reshuffle_if_empty(seat)
        if not f.hand:  # Ruling 13: an empty hand after the play's draw loses the round
            self._end_round(loser=seat, ending="empty")
            return
        other = self.other(seat)
        if family == "attack":
            self._answer(other)
        elif family == "feint":
            self._open(seat, after_rest=False, may_rest=False, follow_up=True)
        else:
            self._open(other, after_rest=False, may_rest=False)

    def _pick(self, seat: str, sleeve: str, forced: bool) -> None:
        f = self.fighters[seat]
        if self.picking:  # the secret first pick: revealed when both have picked (Ruling 25)
            # the team stays whole until then: a Sleeve gone from it would name the pick to the opponent
            self.picks[seat] = sleeve
            self._emit(type="sleeve_picked", seat=seat)
            self._emit(type="sleeve_secret", seat=seat, sleeve=sleeve, to=seat)
            if len(self.picks) < len(self.picking):
                return
            for s in self.seats:
                self.fighters[s].team.remove(self.picks[s])
                self.fighters[s].sleeve = self.picks[s]
                self._build(s)
            self._emit(type="sleeves_revealed", picks=dict(self.picks))
            self.picking, self.picks = [], {}
            self._start_round(self.seats[self.rng.below(2)])
            return
        f.team.remove(sleeve)
        f.sleeve = sleeve
        self._emit(type="sleeve", seat=seat, sleeve=sleeve, forced=forced)
        self._build(seat)
        self._start_round(seat)  # the loser opens the next round

    def _open(self, seat: str, after_rest: bool, may_rest: bool, follow_up: bool = False, rested: str = "") -> None:
        """``seat`` must open (Ruling 3): a decision if it can; stunned if it cannot. Right after a Rest the stunned
        player whose stun began the rests ends the round instead (section 3.5); under Breather anyone else who can
        neither rest nor open is stunned, as "WALKA MUSI TRWAĆ" says of every player who must attack and does not
        (Ruling 23)."""
        f = self.fighters[seat]
        can_open = any(is_attack(face_of(c)) for c in f.hand)
        rest = may_rest and self.can_rest(seat)
        if can_open or rest:
            kind_ = (
                "follow_up"
                if follow_up
                else ("rest_or_open" if rested and rest else ("open_or_rest" if rest else "open"))
            )
            self._set(seat, kind_)
            return
        if after_rest and self.dazed in (seat, None):
            self._emit(type="cannot_open", seat=seat)
            self._end_round(loser=seat, ending="rest")
            return
        self._stunned(seat)

    def _answer(self, seat: str) -> None:
        top = self.top()
        assert top is not None
        if any(answers(face_of(c), top) for c in self.fighters[seat].hand):
            self._set(seat, "answer")
        else:
            self._stunned(seat)

    def _stunned(self, seat: str) -> None:
        self._emit(type="stunned", seat=seat)
        if self.line:
            self._end_exchange(seat, reason="stun")
        self._set(seat, "stun_discard")

    def _end_exchange(self, seat: str, reason: str) -> None:
        """The fight line goes face up onto its owners' discard piles (Ruling 9)."""
        for owner, card in self.line:
            self.fighters[owner].discard.append(card)
        self._emit(type="exchange_end", seat=seat, reason=reason, cards=len(self.line))
        self.line = []
        self.exchanges += 1

    def _draw(self, seat: str) -> None:
        f = self.fighters[seat]
        self._reshuffle_if_empty(seat)
        if not f.deck:
            return  # nothing to draw anywhere: the draw is skipped (Ruling 10)
        card = f.deck.pop()
        f.hand.append(card)
        self._emit(type="draw", seat=seat)
        self._emit(type="drew", seat=seat, card=face_of(card), to=seat)

    def _reshuffle_if_empty(self, seat: str) -> None:
        f = self.fighters[seat]
        if f.deck or not (f.discard or f.stun):
            return
        f.deck, f.discard, f.stun = f.discard + f.stun, [], []
        self.rng.shuffle(f.deck)
        self._emit(type="reshuffle", seat=seat, cards=len(f.deck))

    # ------------------------------------------------------------------ rounds and the match (section 4)
    def _end_round(self, loser: str, ending: str) -> None:
        winner = self.other(loser)
        self.fighters[winner].wins += 1
        scored = {s: sum(fame(face_of(c)) for c in self.fighters[s].hand) for s in self.seats}
        hands = {s: sorted((face_of(c) for c in self.fighters[s].hand), key=sort_key) for s in self.seats}
        fmt = self.options.format
        if fmt == "series":
            for s in self.seats:
                self.fighters[s].fame += scored[s]
        entry = {
            "round": self.round,
            "winner": winner,
            "loser": loser,
            "ending": ending,
            "scored": scored if fmt == "series" else {},
            "totals": {s: self.fighters[s].fame for s in self.seats},
            "hands": hands,
        }
        self.history.append(entry)
        self.turn = self.kind = None
        self._emit(type="round_end", **entry)
        if fmt == "bout":
            self._finish(winner, "bout")
        elif fmt == "series":
            over = [s for s in self.seats if self.fighters[s].fame >= self.options.target]
            if len(over) == 1:
                self._finish(over[0], "target")
            elif len(over) == 2 and self.fighters[over[0]].fame != self.fighters[over[1]].fame:
                self._finish(max(over, key=lambda s: self.fighters[s].fame), "both_over")
            else:
                if len(over) == 2:
                    self._emit(type="tie_over_target")
                self._start_round(loser)
        else:
            # the round's last exchange leaves the fight line (its cards face up on their owners' discard piles,
            # Ruling 9) before the eliminated deck goes back to the box: the line shows no half of an exchange
            for owner, card in self.line:
                self.fighters[owner].discard.append(card)
            self.line = []
            f = self.fighters[loser]
            f.lost.append(f.sleeve)
            self._emit(type="eliminated", seat=loser, sleeve=f.sleeve)
            self._unbuild(loser)
            f.sleeve = ""
            if not f.team:
                self._finish(winner, "team")
            else:
                self._set(loser, "sleeve")

    def _finish(self, winner: str, reason: str) -> None:
        self.winner = winner
        self.turn = self.kind = None
        self._emit(type="match_end", winner=winner, reason=reason)

    def result(self) -> list[tuple[str, int, dict[str, Any]]]:
        """Best first: (seat, score, details). The score is Fame in a series, fighters left in a Grand Tournament,
        and 1 for the winner of a single bout."""

        def score(seat: str) -> int:
            f = self.fighters[seat]
            if self.options.format == "series":
                return f.fame
            if self.options.format == "tournament":
                return len(f.team) + (1 if f.sleeve else 0)
            return 1 if seat == self.winner else 0

        order = sorted(self.seats, key=lambda s: (s != self.winner, -score(s)))
        return [
            (
                s,
                score(s),
                {"fame": self.fighters[s].fame, "rounds": self.fighters[s].wins, "format": self.options.format},
            )
            for s in order
        ]

    # ------------------------------------------------------------------ views and JSON
    def public_view(self) -> dict[str, Any]:
        return public_view(self)

    def private_view(self, seat: str) -> dict[str, Any]:
        return private_view(self, seat)

    def to_json(self) -> str:
        return json.dumps(
            {
                "seats": self.seats,
                "options": asdict(self.options),
                "rng": self.rng.state,
                "version": self.version,
                "fighters": {s: asdict(f) for s, f in self.fighters.items()},
                "piles": self.piles,
                "round": self.round,
                "exchanges": self.exchanges,
                "opener": self.opener,
                "line": [list(x) for x in self.line],
                "turn": self.turn,
                "kind": self.kind,
                "opened": self.opened,
                "dazed": self.dazed,
                "picks": self.picks,
                "picking": self.picking,
                "history": self.history,
                "winner": self.winner,
                "last": self.last,
            },
            sort_keys=True,
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Match:
        d = json.loads(text)
        m = cls()
        m.seats = d["seats"]
        m.options = Options(**d["options"])
        m.rng = Rng(d["rng"])
        m.version = d["version"]
        m.fighters = {s: Fighter(**f) for s, f in d["fighters"].items()}
        m.piles = d["piles"]
        m.round, m.opener = d["round"], d["opener"]
        m.exchanges = d.get("exchanges", m.round)  # states saved before the count was kept
        m.line = [(s, c) for s, c in d["line"]]
        m.turn, m.kind, m.opened = d["turn"], d["kind"], d["opened"]
        m.dazed = d.get("dazed")  # states saved before Ruling 23's revision: a rest ends the round as it did
        m.picks, m.picking = d["picks"], d["picking"]
        m.history, m.winner, m.last = d["history"], d["winner"], d["last"]
        return m
