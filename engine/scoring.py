"""Counting wounds, the final ranking with the full tie-break, and the Apocalypse Cup."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import WOUND_TYPES
from .core import Core


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

    def ranking_details(self) -> list[dict[str, Any]]:
        """The ranking, each place saying what put it ahead of the next one."""
        order = self.ranking()
        out: list[dict[str, Any]] = []
        for pos, i in enumerate(order):
            counts = self.wounds_of(i)
            decided = None
            if pos + 1 < len(order):
                a, b = self._rank_key(i), self._rank_key(order[pos + 1])
                if a[0] != b[0]:
                    decided = "wounds"
                elif a[1] != b[1]:
                    decided = "wound types"
                else:
                    decided = "seat"
            out.append(
                {
                    "seat": self.name(i),
                    "place": pos + 1,
                    "wounds": sum(counts.values()),
                    "by_type": counts,
                    "turns": self.s.turns_taken[i],
                    "ahead_of_next_by": decided,
                }
            )
        return out


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
