"""The hard level: determinised Monte Carlo search at the root, with greedy rollouts.

For one decision the player samples worlds — full games consistent with what its seat knows
(``knowledge.determinize``) — and tries its candidate moves in them: play the move, let greedy
players (``GreedyPlayer.pick``) play every seat for a few turns (or to the end of the game),
and score where it got to for this seat. A UCB1 bandit decides which candidate to try next.

By default a decision gets ``DEFAULT_ROLLOUTS`` rollouts of ``DEFAULT_HORIZON`` turns, and the
time budget (``DEFAULT_BUDGET``) is only a ceiling: the level is as strong on a slow or busy
machine as on a fast one, and ``bench/arena.py`` measures the very player the bot seats.

Two things keep a small budget useful in a card game where one rollout says little:

* **Common worlds.** The k-th try of every candidate is played in the same k-th world with the
  same rollout seeds, so two candidates are compared on the same deals (paired samples) rather
  than on luck.
* **The greedy move is the default.** The search leaves the move the normal level would play
  only when another is ahead of it on the worlds both were tried in, by more than its noise.

Everything it reads comes from ``view`` (its seat's private view and knowledge); the games it
reads and plays are its own samples. With an ``iterations`` cap it is deterministic for a given
seed as long as the time budget (if any) is not reached; with ``iterations=None`` it tries as many
worlds as the time allows.

The budget counts from the moment the decision is asked for: sampling the worlds and finding the
greedy move are part of it. A rollout reads the clock every few actions and is abandoned when the
time is up (a rollout to the end of the game can take longer than the whole budget); an abandoned
rollout is no sample, so every candidate's k-th score still comes from the same k-th world.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from .. import knowledge
from ..game import Action, Game
from .greedy import GreedyPlayer, card_worth

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_HORIZON",
    "DEFAULT_ROLLOUTS",
    "HardPlayer",
    "SearchReport",
    "distinct_actions",
    "score",
]

#: Rollouts per decision by default: the hard level's strength, the same on any machine and under any load.
DEFAULT_ROLLOUTS = 24
#: Turns a rollout plays by default before the position is scored as it stands (``score``): eight turns
#: in many sampled worlds tell moves apart better than a few games played to the end (and near the end
#: of a game a rollout plays to it). Three turns were too short: 52 % against normal in two-player games.
DEFAULT_HORIZON = 8
#: Seconds per decision at most by default: a ceiling for a busy machine (the rollouts take far less).
DEFAULT_BUDGET = 1.0
#: Stop this long before the budget runs out: the bot also builds the view and applies the move.
SAFETY = 0.02
#: A rollout that runs this many actions without ending is scored as it stands.
ROLLOUT_CAP = 4000
#: A rollout reads the clock after every this many actions (an action takes well under a millisecond).
CLOCK_EVERY = 4
#: How the end of a rollout is scored for the searching seat (the weights add up to 1):
#: winning is what counts; the place and the wound margin to the best opponent give a
#: smoother signal than a bare win or loss, so fewer rollouts tell two moves apart.
W_WIN, W_PLACE, W_MARGIN = 0.6, 0.2, 0.2
#: Wound margin that counts as comfortable (the tanh of margin / MARGIN_SCALE).
MARGIN_SCALE = 4.0
#: A rollout cut short by the horizon counts each point of a seat's card worth (``card_worth``)
#: as this many wounds fewer: a better deck deals more wounds and blocks more in the turns left.
MATERIAL_RATE = 0.15


@dataclass
class _Arm:
    """One candidate move and what the rollouts after it scored (the k-th in world k)."""

    action: Action
    rewards: list[float] = field(default_factory=list)

    @property
    def visits(self) -> int:
        return len(self.rewards)

    @property
    def mean(self) -> float:
        return sum(self.rewards) / len(self.rewards) if self.rewards else 0.0


@dataclass
class SearchReport:
    """What the last search did, for benchmarks and curious tests."""

    iterations: int = 0
    arms: int = 0
    chosen: str = ""
    prior: str = ""
    seconds: float = 0.0
    #: rollouts left unfinished when the time ran out (0 or 1): not counted in ``iterations``
    abandoned: int = 0
    #: rollouts scored per candidate (they add up to ``iterations``)
    visits: list[int] = field(default_factory=list)


#: The clock the search reads (a test may wind it).
clock = time.perf_counter


class HardPlayer:
    """Searches each decision with rollouts in sampled worlds; drafts like the normal level.

    ``budget`` is the thinking time per decision in seconds, ``iterations`` a cap on rollouts
    per decision; with ``budget=None`` only the cap counts and the player is deterministic.
    ``horizon`` truncates rollouts after that many turns (None: play to the end). ``trust``
    is how many standard errors a move must beat the greedy move by to be preferred.
    """

    #: it thinks for its budget: the host runs it in a worker process (``engine.protocol.Player``)
    searches = True

    def __init__(
        self,
        seed: int = 0,
        budget: float | None = DEFAULT_BUDGET,
        iterations: int | None = DEFAULT_ROLLOUTS,
        *,
        exploration: float = 0.5,
        horizon: int | None = DEFAULT_HORIZON,
        trust: float = 1.0,
    ) -> None:
        if budget is None and iterations is None:
            raise ValueError("the hard player needs a time budget or an iteration cap")
        self.rng = random.Random(f"hard-{seed}")
        self.policy = GreedyPlayer(seed)
        self.budget = budget
        self.iterations = iterations
        self.exploration = exploration
        self.horizon = horizon
        self.trust = trust
        #: seconds spent on each decision that offered a choice (for the arena's statistics)
        self.times: list[float] = []
        self.last = SearchReport()

    # ------------------------------------------------------------------ the decision
    def choose(self, view: dict[str, Any], actions: list[Action]) -> Action:
        if not actions:
            raise ValueError(f"{view.get('you')} has nothing to decide")
        if len(actions) == 1:
            return actions[0]
        start = clock()
        try:
            return self._search(view, actions, start)
        finally:
            self.times.append(clock() - start)

    def _search(self, view: dict[str, Any], actions: list[Action], start: float) -> Action:
        if _kind(view) == "draft":
            # a draft pick's worth shows only many turns later: rollouts cannot tell picks apart
            return self.policy.choose(view, actions)
        deadline = None if self.budget is None else start + self.budget - SAFETY
        seat = str(view["you"])
        position = view["position"]
        arms = [_Arm(a) for a in distinct_actions(view, actions)]
        worlds: list[tuple[str, int]] = []

        def world(k: int) -> tuple[str, int]:
            """The k-th sampled world (as JSON, copied for each rollout) and its rollout seed."""
            while len(worlds) <= k:
                seed = self.rng.getrandbits(64)
                sampled = knowledge.determinize(position, random.Random(seed))
                worlds.append((sampled.to_json(), seed))
            return worlds[k]

        greedy = self.policy.pick(Game.from_json(world(0)[0]), seat, actions)
        prior = next(k for k, arm in enumerate(arms) if _same(view, arm.action, greedy))
        self.last = SearchReport(arms=len(arms), prior=str(greedy), chosen=str(greedy))
        if len(arms) == 1:
            return greedy

        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None:
                now = clock()
                per = (now - start) / done if done else 0.0
                if now + per >= deadline:
                    break
            k = self._select(arms, prior, done)
            arm = arms[k]
            text, seed = world(arm.visits)
            reward = self._rollout(Game.from_json(text), seat, arm.action, seed, deadline)
            if reward is None:
                # the time ran out in the middle of it: no sample, and no time for another
                self.last.abandoned = 1
                break
            arm.rewards.append(reward)
            done += 1
            if _indifferent(arms):
                break
        choice = arms[self._final(arms, prior)].action
        self.last.iterations = done
        self.last.visits = [arm.visits for arm in arms]
        self.last.chosen = str(choice)
        self.last.seconds = clock() - start
        return greedy if _same(view, choice, greedy) else choice

    def _select(self, arms: list[_Arm], prior: int, total: int) -> int:
        """UCB1 over the candidates; the greedy move first, then every other once."""
        if arms[prior].visits == 0:
            return prior
        for k, arm in enumerate(arms):
            if arm.visits == 0:
                return k
        log_n = math.log(total)
        return max(
            range(len(arms)),
            key=lambda k: arms[k].mean + self.exploration * math.sqrt(log_n / arms[k].visits),
        )

    def _final(self, arms: list[_Arm], prior: int) -> int:
        """The best-scoring candidate if it beats the greedy move clearly on common worlds."""
        best = max(range(len(arms)), key=lambda k: (arms[k].mean, arms[k].visits, k == prior))
        if best == prior:
            return prior
        n = min(arms[best].visits, arms[prior].visits)
        if n < 2:
            return prior
        diffs = [b - p for b, p in zip(arms[best].rewards[:n], arms[prior].rewards[:n], strict=True)]
        gain = statistics.fmean(diffs)
        noise = statistics.stdev(diffs) / math.sqrt(n)
        return best if gain > 0 and gain > self.trust * noise else prior

    # ------------------------------------------------------------------ rollouts
    def _rollout(self, game: Game, seat: str, action: Action, seed: int, deadline: float | None = None) -> float | None:
        """Play ``action`` in the sampled ``game``, let greedy players finish it, score it.

        None if the clock passed ``deadline`` before the rollout ended: it is abandoned unscored.
        """
        game.apply(action)
        players = {s: GreedyPlayer(seed + k) for k, s in enumerate(game.seats)}
        stop = None if self.horizon is None else game.s.turn + self.horizon
        for step in range(ROLLOUT_CAP):
            if game.is_over() or (stop is not None and game.s.turn >= stop):
                break
            if deadline is not None and step % CLOCK_EVERY == CLOCK_EVERY - 1 and clock() >= deadline:
                return None
            who = game.next_to_act()
            assert who is not None  # a game not over always waits for someone
            game.apply_legal(players[who].pick(game, who, game.legal_actions(who)))
        return score(game, game.seat_index(seat))


def score(game: Game, me: int) -> float:
    """How good the (sampled, played-out) game is for seat ``me``, from 0 to 1.

    The standings as they are, if the game has not ended (a rollout cut short by ``horizon``):
    fewest wounds ahead, each seat's wounds less ``MATERIAL_RATE`` per point of its cards' worth.
    """
    n = game.n
    wounds: list[float] = [sum(game.wounds_of(i).values()) for i in range(n)]
    if not game.is_over():
        # a rollout cut short: the cards each seat owns will still deal wounds (or stop them)
        worth = [_material(game, i) for i in range(n)]
        wounds = [w - MATERIAL_RATE * m for w, m in zip(wounds, worth, strict=True)]
    rank = game.ranking()
    place = sorted(range(n), key=lambda i: (wounds[i], rank.index(i))).index(me)
    margin = min(w for i, w in enumerate(wounds) if i != me) - wounds[me]
    return (
        W_WIN * (place == 0)
        + W_PLACE * (n - 1 - place) / (n - 1)
        + W_MARGIN * 0.5 * (1.0 + math.tanh(margin / MARGIN_SCALE))
    )


def _material(game: Game, i: int) -> float:
    """The rough worth of the cards seat ``i`` owns (deck, hand, discard pile, minions in play)."""
    s = game.s
    return sum(
        card_worth(s.cards[c])
        for zone in (s.decks[i], s.hands[i], s.discards[i], s.in_play[i])
        for c in zone
        if not game.is_wound(c)
    )


# ---------------------------------------------------------------------- candidates


def _kind(view: dict[str, Any]) -> str:
    decisions = view.get("decisions") or [{}]
    return str(decisions[0].get("kind", ""))


def _hand_keys(view: dict[str, Any]) -> dict[str, str]:
    """Card ref → kind of each card in the seat's hand (wounds by type)."""
    out = {}
    for c in view.get("hand", ()):
        out[str(c["id"])] = f"wound:{c['wound_type']}" if c["card"] == "wound" else str(c["card"])
    return out


def _signature(a: Action, hand: dict[str, str]) -> str:
    """Two moves with the same signature lead to the same game up to which copy of a card moved."""
    if a.verb in ("chain", "discard", "choose") and a.args and a.args[0] in hand:
        return f"{a.verb} {hand[a.args[0]]}"
    return str(a)


def _same(view: dict[str, Any], a: Action, b: Action) -> bool:
    hand = _hand_keys(view)
    return _signature(a, hand) == _signature(b, hand)


def distinct_actions(view: dict[str, Any], actions: list[Action]) -> list[Action]:
    """``actions`` with one representative per signature: playing either of two copies of a
    card in hand is the same move, and the search should not try it twice."""
    hand = _hand_keys(view)
    seen: dict[str, Action] = {}
    for a in actions:
        seen.setdefault(_signature(a, hand), a)
    return list(seen.values())


def _indifferent(arms: list[_Arm], probe: int = 4) -> bool:
    """True once every candidate scored exactly alike on the first ``probe`` common worlds:
    the choice changes nothing that matters, and more rollouts will not say otherwise."""
    if any(arm.visits < probe for arm in arms):
        return False
    first = arms[0].rewards[:probe]
    return all(arm.rewards[:probe] == first for arm in arms[1:])
