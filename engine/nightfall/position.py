"""Build a game in an exact position, for tests, examples and sample images.

    pos = build(["alice", "bob"], phase="chain",
                hands={"alice": ["alton_hickman", "furious_melee"]},
                in_play={"bob": ["zacharias_sands"]})
    pos.game.apply(Action.parse(f"chain {pos.card('alice', 'alton_hickman')}", "alice"))

Every card the position names is a real instance; wounds not given to anyone start in
the wound stack, so cards are conserved exactly as in a dealt game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..rng import next_state
from .cards import card_set
from .core import cref
from .game import Game
from .state import RULES, Options, State, check_rules

CardSpec = str | tuple[str, int]  # a card key, or (minion key, damage already marked)


@dataclass
class Position:
    game: Game

    def card(self, seat: str, key: str, zone: str = "hand", nth: int = 0) -> str:
        """The id text (``"c12"``) of the ``nth`` ``key`` card in ``seat``'s ``zone``."""
        s = self.game.s
        i = s.seats.index(seat)
        ids = {"hand": s.hands, "deck": s.decks, "discard": s.discards, "play": s.in_play}[zone][i]
        found = [c for c in ids if s.cards[c] == key]
        return cref(found[nth])

    def archive(self, key: str) -> str:
        for a in self.game.s.archives:
            if a["card"] == key:
                return str(a["id"])
        raise KeyError(key)

    def reveal(self, key: str | None = None, *, claimed_from: bool = False) -> None:
        """Turn secret archives face up: the one of card ``key``, or with ``claimed_from`` every
        private archive a card has been claimed from (as play would have revealed them)."""
        for a in self.game.s.archives:
            if a["card"] == key or (claimed_from and a["owner"] >= 0 and len(a["cards"]) < card_set().archive_size):
                a["revealed"] = True


def build(
    seats: Sequence[str],
    *,
    phase: str = "chain",
    active: int = 0,
    first: int | None = None,
    hands: Mapping[str, Iterable[str]] | None = None,
    decks: Mapping[str, Iterable[str]] | None = None,
    discards: Mapping[str, Iterable[str]] | None = None,
    in_play: Mapping[str, Iterable[CardSpec]] | None = None,
    commons: Iterable[str] = (),
    private: Mapping[str, Iterable[str]] | None = None,
    archive_sizes: Mapping[str, int] | None = None,
    wounds_up: Sequence[str] | int | None = None,
    influence: int | None = None,
    secret_archives: bool = False,
    seed: int = 0,
    rules: int = RULES,
    auto_pass: bool = True,
) -> Position:
    """A game of ``seats`` at the start of ``phase`` (combat, chain or claim) of ``active``'s turn.

    Hand, deck, discard and play entries are card keys, or ``"wound:bite"`` etc.
    ``wounds_up`` is the face-up stack (a count, or wound types bottom to top).
    ``rules`` is the rules version the game plays under (``engine.nightfall.state.RULES``, the newest).
    ``auto_pass`` is the game option (``Options.auto_pass``).
    """
    check_rules(rules)
    cs = card_set()
    opts = Options(secret_archives=secret_archives, auto_pass=auto_pass)
    state = State(seats=list(seats), options=opts.to_dict(), rng=next_state(seed)[1], rules=rules)
    g = Game(state)
    n = len(seats)
    s = g.s
    s.turns_taken = [0] * n
    s.influence = [0] * n
    s.decks = [[] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.discards = [[] for _ in range(n)]
    s.in_play = [[] for _ in range(n)]
    pool: dict[str, list[int]] = {
        t: [g.new_card(f"wound:{t}") for _ in range(cs.wounds_per_type)] for t in cs.wound_types
    }

    def make(key: str) -> int:
        if key.startswith("wound:"):
            return pool[key[6:]].pop()
        return g.new_card(key)

    for zone, spec in ((s.hands, hands), (s.decks, decks), (s.discards, discards)):
        for seat, keys in (spec or {}).items():
            zone[seats.index(seat)].extend(make(k) for k in keys)
    for seat, items in (in_play or {}).items():
        for item in items:
            key, dmg = (item, 0) if isinstance(item, str) else item
            cid = make(key)
            s.damage[cid] = dmg
            s.in_play[seats.index(seat)].append(cid)
    sizes = dict(archive_sizes or {})
    for owner, keys in [
        (-1, list(commons)),
        *((seats.index(p), list(k)) for p, k in (private or {}).items()),
    ]:
        for key in keys:
            s.archives.append(
                {
                    "id": f"a{len(s.archives) + 1}",
                    "card": key,
                    "owner": owner,
                    "cards": [g.new_card(key) for _ in range(sizes.get(key, cs.archive_size))],
                    "revealed": owner == -1 or not secret_archives,
                }
            )
    rest = [w for t in cs.wound_types for w in pool[t]]
    if wounds_up is None:
        wounds_up = 10 * n
    if isinstance(wounds_up, int):
        up = rest[len(rest) - wounds_up :] if wounds_up else []
    else:
        up = [pool[t].pop() for t in wounds_up]
    s.wounds_up = up
    s.wounds_down = [w for t in cs.wound_types for w in pool[t] if w not in up]
    s.first = active if first is None else first
    s.active = active
    s.influence[active] = 2 if influence is None else influence
    if phase == "combat":
        s.phase, s.step = "combat", "begin"
        g._advance()
        if influence is not None:
            s.influence[active] = influence
    elif phase == "chain":
        g._begin_chain()
        g._advance()
    elif phase == "claim":
        g._begin_claim()
        g._advance()
    else:
        raise ValueError(f"cannot build a position at phase '{phase}'")
    g._open_decisions({})
    g._events = []
    return Position(g)
