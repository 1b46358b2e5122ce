"""Fightdrome's computer players. Each gets only its seat's private view and its legal moves
(``ai_input``): never the opponent's hand, the order of either deck, or the faces of a stun pile.

- ``normal`` (``SteadyPlayer``) plays sensibly: it opens with its weakest ordinary attack, answers with
  what costs it least (an evasion or a block before a strong attack, a neuro card only when nothing else
  fits), keeps its neuro cards for when they matter, rests when its hand is short, and throws the least
  useful card when stunned.
- ``easy`` (``EasyPlayer``) is that player with a beginner's habits: now and then it plays any legal card,
  often its strongest, and it seldom rests.
- ``hard`` (``HardPlayer``) samples the hidden cards from what its seat has seen (the opponent's
  character, both discard piles, the fight line, its own deck list), plays each candidate move out to the
  end of the round with the normal player on both sides (the same deals for every candidate), within a time
  budget, and leaves the normal move only for one whose gain clears the rollouts' noise. The budget counts
  from the moment it is asked, sampling included; a playout reads the clock every few moves and is abandoned
  when the time is up, and with it the whole deal it belonged to (every candidate keeps one score per deal).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rng import Rng
from .actions import Action
from .cards import box, face_of, fame, is_attack, is_neuro, kind, sleeves, sort_key, stacks, strength
from .match import Fighter, Match, Options

LEVELS = ("easy", "normal", "hard")
DEFAULT_BUDGET = 1.0
#: the hard player stops this long before its budget runs out (the steady move and the answer still follow)
SAFETY = 0.005
#: a playout reads the clock after every this many moves
CLOCK_EVERY = 4

#: the clock the hard player reads (a test may wind it)
clock = time.perf_counter

#: what a card is worth keeping in hand, beyond its Fame: evasions and blocks answer many attacks
_KEEP = {"DG": 18, "FT": 22, "PB": 8, "KB": 8, "NP": 20, "NK": 20, "NG": 25, "NB": 25}


def ai_input(match: Match, seat: str) -> tuple[dict[str, Any], list[Action]]:
    """What an AI seat is given: its private view and its legal moves."""
    return match.private_view(seat), match.legal_actions(seat)


def keep_value(face: str) -> int:
    return fame(face) + _KEEP.get(kind(face).code, 0)


class SteadyPlayer:
    """The normal level: cheap answers, neuro cards last, rest when the hand is short."""

    rest_below = 6  # rests when it holds fewer cards than this

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        acts = list(actions)
        verb = acts[0].verb
        if verb == "sleeve":
            return self._sleeve(view, acts)
        if verb == "stun-discard":
            return min(acts, key=lambda a: (keep_value(a.arg), sort_key(a.arg)))
        if verb == "answer":
            return self._answer(view, acts)
        return self._open(view, acts)

    def _sleeve(self, view: dict[str, Any], acts: list[Action]) -> Action:
        return acts[0]

    def _open(self, view: dict[str, Any], acts: list[Action]) -> Action:
        rest = next((a for a in acts if a.verb == "rest"), None)
        if rest is not None and len(view["hand"]) < self.rest_below:
            return rest
        opens = [a for a in acts if a.verb == "open"]
        if not opens:
            assert rest is not None
            return rest
        normal = [a for a in opens if not is_neuro(a.arg)]
        if not normal:
            return rest if rest is not None else opens[0]
        counts: dict[str, int] = {}
        for c in view["hand"]:
            counts[kind(c["card"]).type] = counts.get(kind(c["card"]).type, 0) + 1
        # the weakest attack, of the type it holds most of (so it can answer the answer)
        return min(normal, key=lambda a: (strength(a.arg) or 0, -counts.get(kind(a.arg).type, 0), sort_key(a.arg)))

    def _answer(self, view: dict[str, Any], acts: list[Action]) -> Action:
        normal = [a for a in acts if not is_neuro(a.arg)]
        if normal:
            return min(normal, key=lambda a: (self._cost(a.arg), sort_key(a.arg)))
        attacks = [a for a in acts if is_attack(a.arg)]
        return (attacks or acts)[0]

    def _cost(self, face: str) -> float:
        code = kind(face).code
        if code == "FT":
            return 4
        if code == "DG":
            return 6
        if code in ("PB", "KB"):
            return 27
        return float(strength(face) or 0)


class EasyPlayer(SteadyPlayer):
    """A beginner: a third of its moves are any legal card (often its strongest), and it rarely rests."""

    rest_below = 3
    whim = 0.35

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        acts = list(actions)
        if acts[0].verb in ("open", "answer") and self.rng.random() < self.whim:
            cards = [a for a in acts if a.verb != "rest"] or acts
            if self.rng.random() < 0.5:
                return max(cards, key=lambda a: (fame(a.arg) if a.arg else 0, sort_key(a.arg) if a.arg else (0, 0, "")))
            return self.rng.choice(cards)
        return super().choose(view, acts)


def sample_match(view: dict[str, Any], rng: random.Random) -> Match:
    """A match consistent with everything ``view``'s seat has seen, the hidden cards dealt at random."""
    me = view["you"]
    seats = list(view["seats"])
    opp = seats[1 - seats.index(me)]
    m = Match()
    m.seats = seats
    m.options = Options(**view["options"])
    m.rng = Rng(rng.getrandbits(63))
    m.version = view["version"]
    m.round, m.opener = view["round"], view["opener"]
    m.turn, m.kind = view["turn"], view["kind"]
    pool = {p: list(ids) for p, ids in box().items()}
    by_face: dict[str, list[str]] = {}
    for ids in pool.values():
        for c in ids:
            by_face.setdefault(face_of(c), []).append(c)

    def take(face: str) -> str:
        return by_face[face].pop()

    pub = view["fighters"]
    mine = Fighter(sleeve=pub[me]["sleeve"], stack=pub[me]["stack"], team=list(pub[me]["team"]), fame=pub[me]["fame"])
    theirs = Fighter(
        sleeve=pub[opp]["sleeve"], stack=pub[opp]["stack"], team=list(pub[opp]["team"]), fame=pub[opp]["fame"]
    )
    line = [(x["seat"], take(x["card"])) for x in view["line"]]
    mine.hand = [take(c["card"]) for c in view["hand"]]
    mine.stun = [take(x) for x in view["stun_pile"]]
    mine.discard = [take(x) for x in pub[me]["discard_faces"]]
    rest = list(view["deck_list"])
    for c in [face_of(c) for c in mine.hand + mine.stun + mine.discard] + [face_of(c) for s, c in line if s == me]:
        rest.remove(c)
    mine.deck = [take(x) for x in rest]
    rng.shuffle(mine.deck)
    theirs.discard = [take(x) for x in pub[opp]["discard_faces"]]
    # the opponent's unseen cards: their character's counts by pile, less what is in sight, from what is left
    seen: dict[str, int] = {}
    for c in theirs.discard + [c for s, c in line if s == opp]:
        p = _pile(c)
        seen[p] = seen.get(p, 0) + 1
    unseen: list[str] = []
    if theirs.sleeve:
        need = dict(zip(sleeves()[theirs.sleeve].slots, stacks()[theirs.stack].counts, strict=True)) | {
            "DG": 2,
            "FT": 2,
        }
        for p, n in need.items():
            left = [c for face in sorted(by_face) for c in by_face[face] if _pile(c) == p]
            rng.shuffle(left)
            unseen += left[: max(0, n - seen.get(p, 0))]
    rng.shuffle(unseen)
    nh, ns = pub[opp]["hand"], pub[opp]["stun"]
    theirs.hand, theirs.stun, theirs.deck = unseen[:nh], unseen[nh : nh + ns], unseen[nh + ns :]
    m.fighters = {me: mine, opp: theirs}
    m.line = line
    m.piles = {p: [] for p in pool}
    return m


def _pile(card: str) -> str:
    code = kind(face_of(card)).code
    if code in ("P", "K", "G", "DG", "FT"):
        return code
    return "N" if is_neuro(face_of(card)) else "B"


@dataclass
class SearchReport:
    """What the hard player's last search did (benchmarks and tests)."""

    #: deals every candidate was played out in (complete samples)
    iterations: int = 0
    #: deals left unfinished when the time ran out (0 or 1): not counted, for no candidate
    abandoned: int = 0
    steady: str = ""
    chosen: str = ""
    seconds: float = 0.0


class HardPlayer(SteadyPlayer):
    """Rollouts over sampled hidden cards, to the end of the round, within ``budget`` seconds.

    ``max_rollouts`` caps the deals per decision; with ``budget=None`` only the cap counts, and the
    player is deterministic for its seed.
    """

    #: below this many sampled deals, or a gain below ``margin`` a deal, it keeps the steady move
    min_samples = 8
    margin = 0.04
    #: how many standard errors a move's gain over the steady move must clear
    confidence = 2.0
    #: how much a round's Fame counts beside winning it (per 100 Fame), in a match to a Fame target
    fame_weight = 0.5

    def __init__(self, seed: int = 0, budget: float | None = DEFAULT_BUDGET, max_rollouts: int = 400) -> None:
        super().__init__(seed)
        self.budget = budget
        self.max_rollouts = max_rollouts
        self.policy = SteadyPlayer(seed)
        self.last = SearchReport()

    def choose(self, view: dict[str, Any], actions: Sequence[Action]) -> Action:
        acts = list(actions)
        if len(acts) == 1 or acts[0].verb == "sleeve" or view.get("turn") != view["you"]:
            return super().choose(view, acts)
        start = clock()
        deadline = None if self.budget is None else start + self.budget - SAFETY
        values: dict[Action, list[float]] = {a: [] for a in acts}
        report = self.last = SearchReport()
        while report.iterations < self.max_rollouts:
            if deadline is not None and clock() >= deadline:
                break
            sample = sample_match(view, self.rng)
            seed = self.rng.getrandbits(63)  # the same shuffles for every candidate: only the move differs
            scores = []
            for a in acts:
                score = self._playout(_clone(sample, seed), a, view["you"], deadline)
                if score is None:
                    break
                scores.append(score)
            if len(scores) < len(acts):
                # the time ran out inside this deal: it counts for no candidate, so the samples stay paired
                report.abandoned = 1
                break
            for a, score in zip(acts, scores, strict=True):
                values[a].append(score)
            report.iterations += 1
        # the steady move, unless the rollouts show another better by more than their noise: the same deals
        # for every candidate make the difference of two moves a paired sample
        steady = super().choose(view, acts)
        best = self._best(acts, values, steady)
        report.steady, report.chosen, report.seconds = str(steady), str(best), clock() - start
        return best

    def _best(self, acts: list[Action], values: dict[Action, list[float]], steady: Action) -> Action:
        n = len(values[steady])
        if n < self.min_samples:
            return steady
        best, best_gain = steady, 0.0
        for a in acts:
            diffs = [x - y for x, y in zip(values[a], values[steady], strict=True)]
            mean = sum(diffs) / n
            spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
            if mean > max(self.margin, self.confidence * spread / n**0.5) and mean > best_gain:
                best, best_gain = a, mean
        return best

    def _playout(self, m: Match, first: Action, me: str, deadline: float | None = None) -> float | None:
        """``first`` played in the sampled match, then the round to its end by the steady player: the score for
        ``me``. None when the clock passes ``deadline`` first (the playout is abandoned)."""
        start = m.round
        m.apply(first)
        steps = 0
        while not m.is_over() and m.round == start and steps < 400:
            if deadline is not None and steps % CLOCK_EVERY == CLOCK_EVERY - 1 and clock() >= deadline:
                return None
            d = m.pending()[0]
            # the policy reads only the hand: a light view keeps a rollout cheap
            view = {"hand": [{"card": face_of(c)} for c in m.fighters[d.seat].hand]}
            m.apply(self.policy.choose(view, m.legal_actions(d.seat)))
            steps += 1
        if not m.history or m.history[-1]["round"] != start:
            return 0.0
        h = m.history[-1]
        won = 1.0 if h["winner"] == me else -1.0
        if m.options.format != "series":
            return won
        opp = m.other(me)
        return won + self.fame_weight * (h["scored"].get(me, 0) - h["scored"].get(opp, 0)) / 100


def _clone(m: Match, seed: int) -> Match:
    c = Match()
    c.seats, c.options, c.rng, c.version = m.seats, m.options, Rng(seed), m.version
    c.fighters = {
        s: Fighter(
            f.sleeve,
            f.stack,
            list(f.team),
            list(f.lost),
            list(f.hand),
            list(f.deck),
            list(f.discard),
            list(f.stun),
            f.fame,
            f.wins,
        )
        for s, f in m.fighters.items()
    }
    c.piles = {p: list(v) for p, v in m.piles.items()}
    c.round, c.opener, c.line = m.round, m.opener, list(m.line)
    c.turn, c.kind, c.opened = m.turn, m.kind, m.opened
    return c


def make_player(level: str, seed: int = 0, budget: float | None = None) -> SteadyPlayer:
    """A player of ``level``; ``budget`` is the hard level's thinking time per decision (seconds)."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return SteadyPlayer(seed)
    if level == "hard":
        return HardPlayer(seed, budget=DEFAULT_BUDGET if budget is None else budget)
    raise ValueError(f"unknown AI level '{level}'; choose one of {', '.join(LEVELS)}")


def play_out(match: Match, players: dict[str, Any], max_steps: int = 100_000) -> int:
    """Play ``match`` to its end with ``players`` by seat; the number of moves made."""
    steps = 0
    while not match.is_over() and steps < max_steps:
        for d in match.pending():
            view, acts = ai_input(match, d.seat)
            match.apply(players[d.seat].choose(view, acts))
            steps += 1
            break
    return steps
