"""Sealed Bids, the kit game's rules: a small game of secret simultaneous bids for 2–4 players.

Each round a prize is turned up from a shuffled pile: points to win, or penalty points to avoid. Every player bids
one of their bid tokens (1 up to the number of rounds, each used once) in secret, all at once. When all have bid,
the bids are shown: the highest bid nobody matched takes a prize, the lowest bid nobody matched takes a penalty;
matched bids cancel each other, and a prize nobody takes is lost. The most points after the last round wins.

It keeps ``engine.protocol`` in full, with words and options unlike the real games' on purpose: its turns are
"rounds", its AI levels "novice" and "expert", its scores may be negative.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from engine.protocol import IllegalAction, ParseError, Secrets, Traits

KEY = "kitgame"
#: the prize pile: penalty points below zero
PRIZES = (-2, -1, 1, 2, 3, 4)
LEVELS = ("novice", "expert")


@dataclass(frozen=True)
class Options:
    """How many rounds are played (each player has that many bid tokens)."""

    rounds: int = 4

    def __post_init__(self) -> None:
        if not 2 <= self.rounds <= len(PRIZES):
            raise ValueError(f"rounds must be 2–{len(PRIZES)}")


@dataclass(frozen=True)
class Bid:
    """A seat's bid of one of its tokens: ``bid 3``."""

    seat: str
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class Decision:
    seat: str
    kind: str
    opened: int


@dataclass
class SealedBids:
    """A match of Sealed Bids in progress (``engine.protocol.Match``)."""

    seats: list[str]
    options: Options
    rng: random.Random
    pile: list[int]
    prize: int
    round: int = 1
    version: int = 0
    #: the match's version when this round's bids were asked for: every bid decision of the round keeps it
    opened: int = 0
    tokens: dict[str, list[int]] = field(default_factory=dict)
    bids: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    #: each round's shown bids and who took its prize: (prize, bids, taker)
    history: list[tuple[int, dict[str, int], str | None]] = field(default_factory=list)

    @classmethod
    def new(cls, seats: Sequence[str], seed: int = 0, options: Options | None = None) -> SealedBids:
        opts = options or Options()
        if len(seats) not in SEALED_BIDS.seats or len(set(seats)) != len(seats):
            raise ValueError("Sealed Bids seats 2–4 different players")
        rng = random.Random(seed)
        pile = list(PRIZES)
        rng.shuffle(pile)
        pile = pile[: opts.rounds]
        return cls(
            seats=list(seats),
            options=opts,
            rng=rng,
            pile=pile[1:],
            prize=pile[0],
            tokens={s: list(range(1, opts.rounds + 1)) for s in seats},
            scores=dict.fromkeys(seats, 0),
        )

    # ------------------------------------------------------------------ what waits
    def is_over(self) -> bool:
        return self.round > self.options.rounds

    def pending(self) -> list[Decision]:
        if self.is_over():
            return []
        return [Decision(s, "bid", self.opened) for s in self.seats if s not in self.bids]

    def legal_actions(self, seat: str) -> list[Bid]:
        if self.is_over() or seat not in self.seats or seat in self.bids:
            return []
        return [Bid(seat, n) for n in self.tokens[seat]]

    def default_action(self, seat: str) -> Bid | None:
        """The passive bid: the smallest token left."""
        legal = self.legal_actions(seat)
        return legal[0] if legal else None

    def parse_action(self, seat: str, text: str) -> Bid:
        words = text.strip().split()
        if len(words) != 2 or words[0] != "bid" or not words[1].isdigit():
            raise ParseError(f"not a move of Sealed Bids: {text!r}")
        return Bid(seat, int(words[1]))

    # ------------------------------------------------------------------ playing
    def apply(self, action: Any) -> list[dict[str, Any]]:
        if not isinstance(action, Bid) or action not in self.legal_actions(action.seat):
            raise IllegalAction("that bid cannot be made now: bid one of your tokens left, once a round")
        self.version += 1
        self.bids[action.seat] = action.amount
        self.tokens[action.seat].remove(action.amount)
        events: list[dict[str, Any]] = [{"type": "bid", "seat": action.seat, "round": self.round}]
        if len(self.bids) == len(self.seats):
            events += self._show()
        return events

    def _show(self) -> list[dict[str, Any]]:
        """All have bid: the bids are shown, the prize taken, the next one turned up."""
        bids = dict(self.bids)
        single = [b for b in bids.values() if list(bids.values()).count(b) == 1]
        taker = None
        if single:
            best = max(single) if self.prize > 0 else min(single)
            taker = next(s for s, b in bids.items() if b == best)
            self.scores[taker] += self.prize
        self.history.append((self.prize, bids, taker))
        events: list[dict[str, Any]] = [
            {"type": "shown", "round": self.round, "prize": self.prize, "picks": bids, "winner": taker}
        ]
        self.bids = {}
        self.round += 1
        self.opened = self.version
        if self.pile:
            self.prize = self.pile.pop(0)
            events.append({"type": "prize", "round": self.round, "prize": self.prize})
        else:
            events.append({"type": "over", "ranking": [s for s, _score, _d in self.result()]})
        return events

    def result(self) -> list[tuple[str, int, Any]]:
        """Best first: the most points; among equals, the seat that took fewer penalties, then seat order."""
        taken = {s: sum(1 for p, _b, t in self.history if t == s and p < 0) for s in self.seats}
        order = sorted(self.seats, key=lambda s: (-self.scores[s], taken[s], self.seats.index(s)))
        return [(s, self.scores[s], {"penalties": taken[s]}) for s in order]

    # ------------------------------------------------------------------ what is seen
    def public_view(self) -> dict[str, Any]:
        return {
            "round": min(self.round, self.options.rounds),
            "rounds": self.options.rounds,
            "prize": None if self.is_over() else self.prize,
            "prizes_left": len(self.pile),
            "totals": dict(self.scores),
            "tokens": {s: list(t) for s, t in self.tokens.items()},
            "bid": {s: s in self.bids for s in self.seats},
            "history": [{"prize": p, "picks": dict(b), "winner": t} for p, b, t in self.history],
            "over": self.is_over(),
        }

    def private_view(self, seat: str) -> dict[str, Any]:
        view = self.public_view()
        view["you"] = seat
        view["my_bid"] = self.bids.get(seat)
        return view

    def secrets(self) -> Secrets:
        out: Secrets = {f"bid:{s}": (frozenset({s}), b) for s, b in self.bids.items()}
        out["pile"] = (frozenset(), tuple(self.pile))
        out["rng"] = (frozenset(), self.rng.getstate())
        return out

    # ------------------------------------------------------------------ saving and undoing
    def to_json(self) -> str:
        return json.dumps(
            {
                "seats": self.seats,
                "options": asdict(self.options),
                "rng": _state_to_json(self.rng.getstate()),
                "pile": self.pile,
                "prize": self.prize,
                "round": self.round,
                "version": self.version,
                "opened": self.opened,
                "tokens": self.tokens,
                "bids": self.bids,
                "scores": self.scores,
                "history": [[p, b, t] for p, b, t in self.history],
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> SealedBids:
        d = json.loads(text)
        rng = random.Random()
        rng.setstate(_state_from_json(d["rng"]))
        return cls(
            seats=d["seats"],
            options=Options(**d["options"]),
            rng=rng,
            pile=d["pile"],
            prize=d["prize"],
            round=d["round"],
            version=d["version"],
            opened=d["opened"],
            tokens=d["tokens"],
            bids=d["bids"],
            scores=d["scores"],
            history=[(p, b, t) for p, b, t in d["history"]],
        )

    def taken_back(self, earlier: str) -> SealedBids:
        back = SealedBids.from_json(earlier)
        back.version = self.version + 1
        return back


def _state_to_json(state: Any) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _state_from_json(data: list[Any]) -> Any:
    version, internal, gauss = data
    return (version, tuple(internal), gauss)


# ---------------------------------------------------------------------------------------------- the AI
@dataclass
class Novice:
    """Bids any token left."""

    rng: random.Random

    def choose(self, view: dict[str, Any], actions: Sequence[Any]) -> Any:
        return self.rng.choice(list(actions))


@dataclass
class Expert:
    """Bids high for a big prize, low for a penalty: its tokens in the order of the prizes still to come."""

    rng: random.Random

    def choose(self, view: dict[str, Any], actions: Sequence[Any]) -> Any:
        ordered = sorted(actions, key=lambda a: a.amount)
        shown = [h["prize"] for h in view["history"]]
        left = sorted(p for p in PRIZES if p not in shown)
        rank = left.index(view["prize"]) if view["prize"] in left else 0
        return ordered[min(len(ordered) - 1, rank * len(ordered) // max(1, len(left)))]


# ---------------------------------------------------------------------------------------------- the rules
#: bids are secret and simultaneous, the prize pile is drawn from, nobody holds a hand; penalties make scores negative
TRAITS = Traits(
    draws_cards=True,
    simultaneous=True,
    hands=False,
    min_score=sum(p for p in PRIZES if p < 0),
    max_score=sum(p for p in PRIZES if p > 0),
)


@dataclass(frozen=True)
class SealedBidsRules:
    """Sealed Bids declared as data (``engine.protocol.Rules``)."""

    key: str = KEY
    name: str = "Sealed Bids"
    seats: range = range(2, 5)
    score_wins: Literal["low", "high"] = "high"
    ai_levels: tuple[str, ...] = LEVELS
    default_level: str = "expert"
    span_noun: str = "round"
    turn_noun: str = "round"
    traits: Traits = TRAITS
    Options: type = Options

    def new(self, seats: Sequence[str], seed: int = 0, options: Any = None) -> SealedBids:
        return SealedBids.new(seats, seed, options)

    def from_json(self, text: str) -> SealedBids:
        return SealedBids.from_json(text)

    def make_player(self, level: str, seed: int = 0, budget: float | None = None) -> Novice | Expert:
        if level not in LEVELS:
            raise ValueError(f"Sealed Bids has no AI level {level!r}: {', '.join(LEVELS)}")
        return (Novice if level == "novice" else Expert)(random.Random(seed))

    def ai_input(self, match: Any, seat: str) -> tuple[dict[str, Any], Sequence[Any]]:
        return match.private_view(seat), match.legal_actions(seat)


SEALED_BIDS = SealedBidsRules()
