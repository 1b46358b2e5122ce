"""Counting wounds, the final ranking with the full tie-break, and the Apocalypse Cup."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import WOUND_TYPES
from .core import Core
from .texts import plural, text


class ScoringMixin(Core):
    def wounds_of(self, i: int) -> dict[str, int]:
        """Wounds in seat ``i``'s deck, hand and discard pile, by type."""
        s = self.s
        counts = dict.fromkeys(WOUND_TYPES, 0)
        for zone in (s.decks[i], s.hands[i], s.discards[i]):
            for c in zone:
                if self.is_wound(c):
                    counts[self.wound_type(c)] += 1
        return counts

    def _rank_key(self, i: int) -> tuple[int, tuple[int, ...], int]:
        counts = self.wounds_of(i)
        # the tied player seated closest to the right of the first player had the fewest turns
        seat_key = (self.s.first - i - 1) % self.n
        return (sum(counts.values()), tuple(sorted(counts.values(), reverse=True)), seat_key)

    def ranking(self) -> list[int]:
        return sorted(range(self.n), key=self._rank_key)

    def _turn_under_way(self) -> bool:
        """True while the active player's turn has begun and not ended. A game that is over
        ended during its active player's turn (the last face-up wound is given out in a combat
        or a chain, and the game ends when that phase is done), unless it stalled before that
        turn began (then no wound was pending: ``ending`` is false)."""
        s = self.s
        if s.phase == "over":
            return s.ending
        return s.phase != "draft" and s.step != "begin"

    def turns_played(self, i: int) -> int:
        """Turns seat ``i`` has had, the one under way (or the one the game ended in) included:
        what the rulebook's last tie-break, "fewer turns", counts."""
        s = self.s
        return s.turns_taken[i] + (1 if i == s.active and self._turn_under_way() else 0)

    def ranking_details(self) -> list[dict[str, Any]]:
        """The ranking, each place saying what put it ahead of the next one.

        ``ahead_of_next_by`` names the tie-break step: "wounds", "wound types" or "seat" (the
        last one: seated closest to the right of the first player, i.e. fewer turns).
        ``decided_by`` says exactly what differed (one of ``DECIDERS``): for "wound types", which
        of the sorted type counts; for "seat", "fewer turns" when the turns differ and "seat"
        when they were equal too. Both are None for the last place. ``turns`` counts the turn
        the game ended in (``turns_played``).
        """
        order = self.ranking()
        out: list[dict[str, Any]] = []
        for pos, i in enumerate(order):
            counts = self.wounds_of(i)
            step = decided = None
            if pos + 1 < len(order):
                j = order[pos + 1]
                a, b = self._rank_key(i), self._rank_key(j)
                if a[0] != b[0]:
                    step = decided = "wounds"
                elif a[1] != b[1]:
                    step = "wound types"
                    k = next(k for k, (x, y) in enumerate(zip(a[1], b[1], strict=True)) if x != y)
                    decided = DECIDERS[1 + k]
                else:
                    step = "seat"
                    decided = "fewer turns" if self.turns_played(i) != self.turns_played(j) else "seat"
            out.append(
                {
                    "seat": self.name(i),
                    "place": pos + 1,
                    "wounds": sum(counts.values()),
                    "by_type": counts,
                    "turns": self.turns_played(i),
                    "ahead_of_next_by": step,
                    "decided_by": decided,
                }
            )
        return out


#: What puts a place ahead of the next, in the rulebook's order (p.28): fewer wounds; then the
#: largest wound-type count, the second and the third (lower wins); then the seat closest to the
#: right of the first player, who had the fewest turns ("fewer turns" when the turns differ,
#: "seat" when they are equal too).
DECIDERS = (
    "wounds",
    "largest wound type",
    "second-largest wound type",
    "third-largest wound type",
    "fewer turns",
    "seat",
)


def tie_break_text(a: dict[str, Any], b: dict[str, Any], lang: str = "en") -> str:
    """Why ranking row ``a`` is ahead of the next row ``b`` (two rows of ``ranking_details``),
    in words in ``lang``; "" for the last place."""
    how = a.get("decided_by")
    if how is None:
        return ""
    if how == "wounds":
        return text("engine.rank.fewer_wounds", lang, a=a["wounds"], b=b["wounds"])
    tie = plural("engine.rank.tie", a["wounds"], lang)
    ta = sorted(a["by_type"].values(), reverse=True)
    tb = sorted(b["by_type"].values(), reverse=True)
    if how in DECIDERS[1:4]:
        k = DECIDERS.index(how) - 1
        same = "".join(text(f"engine.rank.same.{m + 1}", lang, n=ta[m]) for m in range(k))
        return text(f"engine.rank.by_type.{k + 1}", lang, tie=tie, same=same, a=ta[k], b=tb[k])
    if how == "fewer turns":
        return text("engine.rank.fewer_turns", lang, tie=tie, a=a["turns"], b=b["turns"])
    return text("engine.rank.seat", lang, tie=tie, turns=a["turns"])


@dataclass
class ApocalypseCup:
    """A series of games: wounds add up until someone reaches ``target``; lowest total wins."""

    seats: list[str]
    target: int = 100
    games: list[dict[str, int]] = field(default_factory=list)

    def add_game(self, result: list[tuple[str, int, dict[str, int]]]) -> None:
        """Record one finished game, given as ``Game.result()``."""
        wounds = {seat: w for seat, w, _ in result}
        missing = set(self.seats) - set(wounds)
        if missing:
            raise ValueError(f"the game has no result for {sorted(missing)}")
        self.games.append({seat: wounds[seat] for seat in self.seats})

    def totals(self) -> dict[str, int]:
        return {seat: sum(g[seat] for g in self.games) for seat in self.seats}

    def is_over(self) -> bool:
        return any(t >= self.target for t in self.totals().values())

    def standings(self) -> list[tuple[str, int]]:
        """Seats by series total, lowest first (ties keep seat order)."""
        totals = self.totals()
        return sorted(totals.items(), key=lambda kv: kv[1])

    def winners(self) -> list[str]:
        """Everyone with the lowest total once the series is over (several if tied), else []."""
        if not self.is_over():
            return []
        totals = self.totals()
        low = min(totals.values())
        return [seat for seat in self.seats if totals[seat] == low]

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "target": self.target, "games": list(self.games)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ApocalypseCup:
        return cls(seats=list(data["seats"]), target=int(data["target"]), games=list(data["games"]))
