"""What one seat can know of a game, and whole games sampled consistently with it.

An AI seat must be given only what its seat sees, yet a searching AI needs whole games to
simulate, so it samples the cards it cannot see ("determinisation"). Doing that from the real
state invites leaks: a sampler that starts from the true hands, the true RNG or the true secret
archives can carry them into its samples. So the two steps are kept apart:

``position(game, seat)``
    The seat's knowledge as JSON-native data: the state's fields (``State.to_json``) with
    everything the seat cannot know removed or masked, plus what is needed to sample it back
    (under ``"unseen"``). Two games that differ only in what the seat cannot see give equal
    positions.
``determinize(position, rng)``
    A whole ``Game`` drawn from the position alone. It never sees the real game, so whatever
    it samples carries no hidden information: hidden by construction.

The model is a player with perfect memory of what was shown at the table, but no history
beyond the state itself:

- ``rng`` is dropped (it would predict every shuffle); a sample gets a fresh seed.
- Another seat's hand and deck form one hidden group: its card ids, the multiset of their
  kinds (every card a player owns came from the public starting deck, a public claim or a
  public wound, and every card leaving a hand is seen), the hand and deck sizes. Not which id
  is which kind, which are in hand, nor the deck order. Ids the table still refers to (a
  resolved chain entry, a blocker, a card an effect is working on) keep their kind.
- The seat's own deck: ids and kinds known, order unknown (ids published sorted).
- Discard piles, in play, the chain, the exiled cards, revealed archives and the face-up wound
  stack are public.
- A secret archive the seat does not own: its key is hidden, as are the keys of the draft cards
  that left the game (they are face down by the rules); both are drawn from the draft keys no
  visible archive uses (in a quick start, by whole private-archive pairs).
- The face-down wound stack: order and types hidden, its types multiset published.
- During the draft: the seat's packet, picks and pick of this round, and the packets it saw in
  earlier rounds (so what it passed on); other packets, picks and the undealt cards are drawn
  from the draft cards the seat never saw, consistently with the packets it saw.
- Another seat's decision listing cards of its hand (``choose``) loses its options; the sample
  recomputes them from the sampled hand. What a pending decision itself reveals is kept: an
  opponent asked to exile holds at least two orders, one asked for the wound effect holds a
  wound, one asked to chain (with ``auto_pass``) holds a card it can chain.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from ..rng import next_state
from .actions import is_card_ref
from .cards import card_set
from .game import Game

__all__ = ["HIDDEN", "determinize", "position"]

#: the kind of a card instance the seat cannot identify (in ``position["cards"]``)
HIDDEN = "?"
#: decision kinds whose options every player may see (they never list a hand's cards)
PUBLIC_OPTIONS = frozenset({"target", "combat-order", "absorb-order", "player-order"})
#: target kinds whose answer is a seat or an archive, not a card instance
_NOT_CARD_TARGETS = frozenset({"player", "archive", "claimable_archive"})
#: card-id fields of each task kind (``fx`` tasks are read by ``_task_refs``)
_TASK_CARD_FIELDS: dict[str, tuple[str, ...]] = {
    "fights": ("pick",),
    "fight": ("a",),
    "hurt": ("src", "pick"),
    "each_player": ("src",),
    "choose": ("src",),
    "settle": ("card",),
    "resolve_chain": (),
}
#: random (hand, deck) splits tried before a needed hand is built directly
_ATTEMPTS = 64

Need = tuple[Callable[[str], bool], int]  # (a card kind counts, how many the hand must hold)


# ---------------------------------------------------------------------- the seat's knowledge


def position(game: Game, seat: str) -> dict[str, Any]:
    """Everything ``seat`` can know of ``game``, as JSON-native data (see the module docstring).

    The state's fields, masked, plus ``"viewer"`` (the seat) and ``"unseen"`` (hidden groups
    with their kinds, face-down wound types, candidate archive keys, draft knowledge).
    """
    state: dict[str, Any] = json.loads(game.to_json())
    seats: list[str] = state["seats"]
    if seat not in seats:
        raise ValueError(f"{seat!r} is not a seat of this game")
    me = seats.index(seat)
    state.pop("rng", None)
    cards: list[str] = state["cards"]
    referred = _public_refs(state)

    groups = []
    for j in range(len(seats)):
        hand, deck = state["hands"][j], state["decks"][j]
        if j == me:
            state["decks"][j] = sorted(deck)
            continue
        ids = sorted(hand + deck)
        kinds = []
        for c in ids:
            if c not in referred:
                kinds.append(cards[c])
                cards[c] = HIDDEN
        groups.append({"seat": j, "ids": ids, "kinds": sorted(kinds), "hand": len(hand), "deck": len(deck)})
        state["hands"][j] = [None] * len(hand)
        state["decks"][j] = [None] * len(deck)

    down = state["wounds_down"]
    wound_kinds = sorted(cards[c] for c in down)
    for c in down:
        cards[c] = HIDDEN
    state["wounds_down"] = sorted(down)

    visible = set()
    for a in state["archives"]:
        if a["revealed"] or a["owner"] == me:
            visible.add(a["card"])
        else:
            a["card"] = None
            for c in a["cards"]:
                cards[c] = HIDDEN
    state["left_game"] = [None] * len(state["left_game"])

    unseen: dict[str, Any] = {
        "groups": groups,
        "wounds_down": wound_kinds,
        "archive_keys": [k for k in _draft_keys() if k not in visible],
    }
    if state["phase"] == "draft" and state["draft"]:
        unseen["draft"] = _mask_draft(state["draft"], me, len(seats))

    for w in state["waiting"]:
        if w["seat"] != me and w["kind"] not in PUBLIC_OPTIONS:
            w.pop("options", None)

    state["viewer"] = seat
    state["unseen"] = unseen
    return state


@cache
def _draft_keys() -> tuple[str, ...]:
    return tuple(sorted(c.key for c in card_set().draftable))


def _public_refs(state: dict[str, Any]) -> set[int]:
    """Card ids the table refers to outside the zones (chain, combat, tasks, decisions): their
    kinds were seen, so they stay known even when the card is back in a hand or a deck."""
    out: set[int] = set()
    out.update(e["card"] for e in state["chain"])
    for x in state["attacks"]:
        out.add(x["a"])
        out.update(x["blockers"])
    for t in state["tasks"]:
        out.update(_task_refs(t))
    for w in state["waiting"]:
        refs = [w.get("source")]
        if w["kind"] in PUBLIC_OPTIONS:
            refs.extend(w.get("options") or ())
        out.update(int(r[1:]) for r in refs if is_card_ref(r))
    return out


def _task_refs(t: dict[str, Any]) -> list[int]:
    """The card ids a pending task holds."""
    op = t.get("op")
    if op == "fx":
        whats = {st["as"]: st["what"] for st in t["steps"] if st.get("do") == "target" and "as" in st}
        out = [t["src"]]
        for name, v in t["vars"].items():
            if type(v) is int and name in whats and whats[name] not in _NOT_CARD_TARGETS:
                out.append(v)
        return out
    return [t[f] for f in _TASK_CARD_FIELDS.get(str(op), ()) if type(t.get(f)) is int]


def _mask_draft(d: dict[str, Any], me: int, n: int) -> dict[str, Any]:
    """Mask other seats' packets, picks and choices and the undealt cards in ``d`` (in place);
    return what the seat knows to sample them back: the packet it held in each round so far
    (``seen``) and the draft cards it never saw (``pool``)."""
    r = d["round"]
    seen = []
    for t in range(r + 1):
        # the packet the seat held in round t is, now, at seat me + r - t, less the picks made
        # from it since (by me at round t, my left neighbour at t + 1, ...)
        held = set(d["packets"][(me + r - t) % n])
        held.update(d["picks"][(me + m) % n][t + m][1] for m in range(r - t))
        seen.append(sorted(held))
    known = set(d["commons"]).union(*seen)
    pool = [k for k in _draft_keys() if k not in known]
    for j in range(n):
        if j == me:
            continue
        d["packets"][j] = [None] * len(d["packets"][j])
        d["picks"][j] = [[dest, None] for dest, _ in d["picks"][j]]
        d["chosen"][j] = None if d["chosen"][j] is None else HIDDEN
    d["undealt"] = [None] * len(d["undealt"])
    return {"seen": seen, "pool": pool}


# ---------------------------------------------------------------------- sampling


def determinize(position: dict[str, Any], rng: random.Random) -> Game:
    """A whole game drawn at random among those consistent with ``position`` (``position()``).

    Every public count and every card the seat knows are as in the position; hidden groups get
    their kinds shuffled over their ids and split between hand and deck by the published sizes;
    secret archives and the cards out of the game get keys from the unused ones; face-down
    wounds are shuffled; the game gets a fresh RNG seed from ``rng``. ``position`` is not changed.
    """
    seats: list[str] = position["seats"]
    me = seats.index(position["viewer"])
    unseen = position["unseen"]
    state = {k: v for k, v in position.items() if k not in ("viewer", "unseen")}
    cards = list(state["cards"])
    hands = [list(h) for h in state["hands"]]
    decks = [list(d) for d in state["decks"]]
    rng.shuffle(decks[me])

    needs = _hand_needs(state, me, cards)
    for group in unseen["groups"]:
        j = group["seat"]
        hands[j], decks[j] = _sample_group(group, cards, needs.get(j), rng)

    down = list(state["wounds_down"])
    types = list(unseen["wounds_down"])
    rng.shuffle(types)
    for c, kind in zip(down, types, strict=True):
        cards[c] = kind
    rng.shuffle(down)

    keys = _archive_keys(state, unseen["archive_keys"], rng)
    archives = []
    for k, a in enumerate(state["archives"]):
        if a["card"] is None:
            a = {**a, "card": keys[k]}
            for c in a["cards"]:
                cards[c] = a["card"]
        archives.append(a)
    rest = [key for key in unseen["archive_keys"] if key not in keys.values()]
    rng.shuffle(rest)
    left_game = sorted(rest[: len(state["left_game"])])

    waiting = []
    for w in state["waiting"]:
        if "options" not in w and w["kind"] == "choose":
            hand = hands[w["seat"]]
            ids = hand if w.get("purpose") != "exile" else [c for c in hand if not _is_wound(cards[c])]
            w = {**w, "options": [f"c{c}" for c in ids]}
        waiting.append(w)

    state.update(
        cards=cards,
        hands=hands,
        decks=decks,
        wounds_down=down,
        archives=archives,
        left_game=left_game,
        waiting=waiting,
        rng=next_state(rng.getrandbits(64))[1],
    )
    if "draft" in unseen:
        state["draft"] = _sample_draft(state["draft"], unseen["draft"], me, len(seats), rng)
    return Game.from_json(json.dumps(state))


def _archive_keys(state: dict[str, Any], pool: list[str], rng: random.Random) -> dict[int, str]:
    """A key for each hidden archive (by index), distinct, from ``pool``. In a quick start each
    player's private archives are one of the fixed pairs, in the pair's order: a hidden owner
    gets a pair nobody shows, one that shows half of its pair gets the other half."""
    archives = state["archives"]
    hidden = [k for k, a in enumerate(archives) if a["card"] is None]
    if not hidden:
        return {}
    out: dict[int, str] = {}
    if state["options"].get("draft") == "quick-start":
        pairs = card_set().quick_start_pairs
        free = [p for p in pairs if all(key in pool for key in p)]
        rng.shuffle(free)
        owned: dict[int, list[int]] = {}
        for k, a in enumerate(archives):
            if a["owner"] >= 0:
                owned.setdefault(a["owner"], []).append(k)
        for ks in owned.values():
            shown = {n: archives[k]["card"] for n, k in enumerate(ks) if archives[k]["card"] is not None}
            if len(shown) == len(ks):
                continue
            fits = [p for p in pairs if len(p) == len(ks) and all(p[n] == key for n, key in shown.items())]
            pair = (fits[0] if len(fits) == 1 else None) if shown else (free.pop() if free else None)
            if pair is None or len(pair) != len(ks):
                out.clear()  # not a dealt quick start: any unused key will do
                break
            out.update((k, pair[n]) for n, k in enumerate(ks) if archives[k]["card"] is None)
        else:
            return out
    keys = list(pool)
    rng.shuffle(keys)
    return {k: keys.pop() for k in hidden}


def _is_wound(kind: str) -> bool:
    return kind.startswith("wound:")


def _is_order(kind: str) -> bool:
    return not _is_wound(kind)


def _links_onto(links: tuple[str, ...]) -> Callable[[str], bool]:
    """Whether a card of a kind can be linked onto a card with these link colours."""
    defs = card_set().cards
    return lambda kind: not _is_wound(kind) and defs[kind].colour in links


def _hand_needs(state: dict[str, Any], me: int, cards: list[str]) -> dict[int, Need]:
    """What another seat's pending decision shows of its hand: the engine asks it only when it
    holds such cards (two orders to exile, a wound for the wound effect, a card to chain)."""
    defs = card_set().cards
    needs: dict[int, Need] = {}
    for w in state["waiting"]:
        j, kind = w["seat"], w["kind"]
        if j == me:
            continue
        if kind == "choose" and w.get("purpose") == "exile":
            needs[j] = (_is_order, 2)
        elif kind == "wound":
            needs[j] = (_is_wound, 1)
        elif kind == "chain" and state["options"].get("auto_pass"):
            if state["chain"]:
                needs[j] = (_links_onto(defs[cards[state["chain"][-1]["card"]]].links), 1)
            else:
                needs[j] = (_is_order, 1)
    return needs


def _sample_group(
    group: dict[str, Any], cards: list[str], need: Need | None, rng: random.Random
) -> tuple[list[int], list[int]]:
    """Deal a hidden group's kinds over its masked ids (written into ``cards``) and split its
    ids into a hand and a deck of the published sizes; the hand holds what ``need`` asks."""
    ids: list[int] = group["ids"]
    masked = [c for c in ids if cards[c] == HIDDEN]
    kinds = list(group["kinds"])
    size = group["hand"]
    order = list(ids)
    for _ in range(_ATTEMPTS):
        rng.shuffle(kinds)
        for c, kind in zip(masked, kinds, strict=True):
            cards[c] = kind
        rng.shuffle(order)
        if need is None or sum(1 for c in order[:size] if need[0](cards[c])) >= need[1]:
            return order[:size], order[size:]
    # unlikely by chance: put the needed cards in the hand first, the rest at random
    assert need is not None
    wanted, count = need
    fits = [c for c in order if wanted(cards[c])][: min(count, size)]
    rest = [c for c in order if c not in fits]
    hand = fits + rest[: size - len(fits)]
    rng.shuffle(hand)
    return hand, rest[size - len(fits) :]


def _sample_draft(d: dict[str, Any], known: dict[str, Any], me: int, n: int, rng: random.Random) -> dict[str, Any]:
    """Fill a masked draft: follow each packet ("track") from its deal to now, with the packets
    the seat held as fixed points; picks the seat never saw are drawn from the cards it never
    saw, or from those that vanished between two of its sightings (two players, third round)."""
    r = d["round"]
    seen = [set(s) for s in known["seen"]]
    free = list(known["pool"])
    rng.shuffle(free)
    packets = [list(p) for p in d["packets"]]
    picks = [[list(p) for p in ps] for ps in d["picks"]]
    chosen = list(d["chosen"])
    dealt = len(seen[0])
    for k in range(n):  # track k: dealt to seat k, held by seat k + t in round t
        sightings = [t for t in range(r + 1) if (k + t) % n == me]
        if sightings:
            first = sightings[0]
            contents = sorted(seen[first]) + [free.pop() for _ in range(first)]
        else:
            contents = [free.pop() for _ in range(dealt)]
        for t in range(r):
            holder = (k + t) % n
            if holder == me:
                key = picks[me][t][1]
            else:
                later = next((seen[u] for u in sightings if u > t), None)
                pool = contents if later is None else [c for c in contents if c not in later]
                key = rng.choice(pool)
                picks[holder][t][1] = key
            contents.remove(key)
        holder = (k + r) % n
        if holder != me:
            rng.shuffle(contents)
            packets[holder] = contents
            if chosen[holder] is not None:
                chosen[holder] = rng.choice(contents)
    return {**d, "packets": packets, "picks": picks, "chosen": chosen, "undealt": free}
