"""Every kind of decision, declared once.

A decision is a pause in the game: one seat must choose before play goes on. Each kind says here,
in one place, which verbs answer it, how its options are listed, its passive default (Ruling 5),
whether its options may be shown to the other players, what it asks in words, which image a
prompt shows with it and which facts that prompt needs. The engine applies moves by this table,
``private_view`` describes each decision by it, and the bot, the renderer and the AI read those
views: none of them keeps a list of kinds of its own, so a new kind is one new row.

Waiting decisions live in the state as :class:`Waiting` records (a dict in the state's JSON, with
the same keys as ever, so stored games load unchanged).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: the image a prompt for a decision shows: the draft packet, the hand, the archives one may claim
#: from, the candidates of a choice (targets, what goes next), the fights of a combat, or the table
SHOWS = ("draft", "hand", "claim", "candidates", "combat", "table")

#: the facts a prompt may need, each computed by the views (see ``ViewsMixin.decision_facts``)
NEEDS = (
    "round",  # draft round and number of rounds
    "chain_end",  # the card at the end of the chain (None when no chain was started) and its links
    "source",  # the card whose effect is asking (target, choose)
    "influence",  # the seat's influence now
    "claimable",  # the archives the seat could claim from, with cost and affordability
    "attacks",  # every attack of the combat: attacker, defender, blockers so far, whether resolved
    "damage",  # the damage being dealt: how much and from which card
    "attackers",  # the seat's minions still to be sent to attack
    "wounds_in_hand",  # how many wounds the seat holds
)


@dataclass(slots=True)
class Waiting:
    """One seat's decision waiting in the state.

    ``opened`` is the game version at which the decision reached the seat: it stays while the
    decision stays the same, so a button made for it keeps working, and changes when the seat
    has answered or the question changed (which is what makes an old button stale).
    """

    seat: int
    kind: str
    options: list[str] | None = None
    what: str | None = None
    source: str | None = None
    purpose: str | None = None
    round: int | None = None
    opened: int | None = None

    def question(self) -> tuple[Any, ...]:
        """What is asked, without who or since when: equal questions are the same decision."""
        return (self.kind, self.options, self.what, self.source, self.purpose, self.round)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        for key in ("options", "what", "source", "purpose", "round", "opened"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if key == "options" else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Waiting:
        if data.get("kind") not in KINDS:
            raise ValueError(f"unknown decision kind {data.get('kind')!r}")
        known = {k: data[k] for k in ("options", "what", "source", "purpose", "round", "opened") if k in data}
        if "options" in known:
            known["options"] = list(known["options"])
        return cls(seat=int(data["seat"]), kind=str(data["kind"]), **known)


@dataclass(frozen=True)
class Decision:
    """A pending decision as ``Game.pending()`` gives it: who must act, and what kind of choice.

    Two decisions compare equal when the same seat faces the same kind; the rest describes it.
    """

    seat: str
    kind: str
    id: str = field(default="", compare=False)
    opened: int = field(default=0, compare=False)
    options: tuple[str, ...] | None = field(default=None, compare=False)
    what: str | None = field(default=None, compare=False)
    source: str | None = field(default=None, compare=False)
    purpose: str | None = field(default=None, compare=False)
    round: int | None = field(default=None, compare=False)

    @property
    def info(self) -> dict[str, Any]:
        """The describing fields that are set, as a dict."""
        out: dict[str, Any] = {}
        for key in ("options", "what", "source", "purpose", "round"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if key == "options" else value
        return out


#: ``(game, seat index, waiting) -> option texts``; ``game`` is the engine's ``Game``
OptionLister = Callable[[Any, int, Waiting], list[str]]
#: ``(game, seat index, waiting, action) -> None``: apply a legal answer
Handler = Callable[[Any, int, Waiting, Any], None]
#: ``(game, seat index, waiting, options) -> option text``: the passive default (Ruling 5)
Default = Callable[[Any, int, Waiting, list[str]], str]


@dataclass(frozen=True)
class Kind:
    """Everything about one kind of decision."""

    name: str
    #: the verbs that answer it
    verbs: tuple[str, ...]
    #: how its options are listed (canonical move texts)
    options: OptionLister
    #: how a legal answer is applied
    handle: Handler
    #: the most passive answer, for a decision whose deadline passed (Ruling 5)
    default: Default
    #: what it asks of the deciding player, completing "you need to …"
    asks: str
    #: what it asks, for everyone else watching: "bob: declare blockers"
    spectators: str
    #: whether everyone may see its options (a hand's cards may not be shown)
    public_options: bool
    #: which image a prompt for it shows (one of ``SHOWS``)
    shows: str
    #: the facts a prompt for it needs (each one of ``NEEDS``)
    needs: tuple[str, ...] = ()
    #: move texts that leave things as they are (shown as the quiet choice)
    passive: tuple[str, ...] = ()
    #: what everyone else is told the decision is, when its own name would say what a hand holds
    #: (a wound decision exists only for a hand holding a wound): the public view's kind
    public_as: str | None = None


def _first(g: Any, i: int, w: Waiting, options: list[str]) -> str:
    return options[0]


def _fixed(text: str) -> Default:
    return lambda g, i, w, options: text


def _attack_default(g: Any, i: int, w: Waiting, options: list[str]) -> str:
    """Each minion attacks the next opponent on the left (Ruling 5)."""
    return g.default_attack()


_KINDS = (
    Kind(
        name="draft",
        verbs=("draft",),
        options=lambda g, i, w: [f"draft {k}" for k in g._draft_options(i)],
        handle=lambda g, i, w, a: g._on_draft(i, a),
        default=_first,
        asks="pick a draft card",
        spectators="pick a draft card",
        public_options=False,
        shows="draft",
        needs=("round",),
    ),
    Kind(
        name="attack",
        verbs=("attack",),
        options=lambda g, i, w: g._attack_options(),
        handle=lambda g, i, w, a: g._on_attack(a),
        default=_attack_default,
        asks="send your minions to attack",
        spectators="send minions to attack",
        public_options=True,
        shows="combat",
        needs=("attackers",),
    ),
    Kind(
        name="block",
        verbs=("block", "done"),
        options=lambda g, i, w: g._block_options(i),
        handle=lambda g, i, w, a: g._on_block(i, a),
        default=_fixed("done"),
        asks="declare blockers (or say done)",
        spectators="declare blockers",
        public_options=True,
        shows="combat",
        needs=("attacks",),
        passive=("done",),
    ),
    Kind(
        name="combat-order",
        verbs=("order",),
        options=lambda g, i, w: [f"order {o}" for o in w.options or ()],
        handle=lambda g, i, w, a: g._on_combat_order(a),
        default=_first,
        asks="choose which attack resolves next",
        spectators="choose the next fight",
        public_options=True,
        shows="candidates",
        needs=("attacks",),
    ),
    Kind(
        name="absorb-order",
        verbs=("order",),
        options=lambda g, i, w: [f"order {o}" for o in w.options or ()],
        handle=lambda g, i, w, a: g._on_absorb_order(a),
        default=_first,
        asks="choose which of your minions absorbs the damage next",
        spectators="order the damage on blockers",
        public_options=True,
        shows="candidates",
        needs=("damage",),
    ),
    Kind(
        name="player-order",
        verbs=("order",),
        options=lambda g, i, w: [f"order {o}" for o in w.options or ()],
        handle=lambda g, i, w, a: g._on_player_order(a),
        default=_first,
        asks="choose which player takes the damage next",
        spectators="choose who takes damage first",
        public_options=True,
        shows="candidates",
        needs=("damage",),
    ),
    Kind(
        name="chain",
        verbs=("chain", "pass"),
        options=lambda g, i, w: [*(f"chain {c}" for c in g._chain_options(i)), "pass"],
        handle=lambda g, i, w, a: g._on_chain(i, a),
        default=_fixed("pass"),
        asks="add a card to the chain or pass",
        spectators="link a card or pass",
        public_options=False,
        shows="hand",
        needs=("chain_end", "influence"),
        passive=("pass",),
    ),
    Kind(
        name="target",
        verbs=("target",),
        options=lambda g, i, w: [f"target {o}" for o in w.options or ()],
        handle=lambda g, i, w, a: g._on_target(a),
        default=_first,
        asks="choose a target",
        spectators="choose a target",
        public_options=True,
        shows="candidates",
        needs=("source",),
    ),
    Kind(
        name="choose",
        verbs=("choose",),
        options=lambda g, i, w: [f"choose {o}" for o in w.options or ()],
        handle=lambda g, i, w, a: g._on_choose(i, w, a),
        default=_first,
        asks="choose a card from your hand",
        spectators="choose a card from hand",
        public_options=False,
        shows="hand",
        needs=("source",),
    ),
    Kind(
        name="claim",
        verbs=("claim", "discard", "done"),
        options=lambda g, i, w: g._claim_options(),
        handle=lambda g, i, w, a: g._on_claim(a),
        default=_fixed("done"),
        asks="claim, discard for influence, or say done",
        spectators="claim, discard or end",
        public_options=False,
        shows="claim",
        needs=("influence", "claimable"),
        passive=("done",),
    ),
    Kind(
        name="wound",
        verbs=("wound",),
        options=lambda g, i, w: ["wound use", "wound skip"],
        handle=lambda g, i, w, a: g._on_wound(a),
        default=_fixed("wound skip"),
        asks="use or skip the wound effect",
        spectators="finish the turn",
        public_as="cleanup",
        public_options=False,
        shows="hand",
        needs=("wounds_in_hand",),
        passive=("wound skip",),
    ),
)

#: every kind of decision, by name
KINDS: dict[str, Kind] = {k.name: k for k in _KINDS}


def check_declarations() -> None:
    """Refuse a declaration that misses something (run by the tests and at import)."""
    for kind in KINDS.values():
        if not kind.verbs or not kind.asks or not kind.spectators:
            raise AssertionError(f"decision kind {kind.name!r} is missing its verbs or words")
        if kind.shows not in SHOWS:
            raise AssertionError(f"decision kind {kind.name!r} shows an unknown image {kind.shows!r}")
        unknown = [need for need in kind.needs if need not in NEEDS]
        if unknown:
            raise AssertionError(f"decision kind {kind.name!r} needs unknown facts {unknown}")
        if any(p.split(" ")[0] not in kind.verbs for p in kind.passive):
            raise AssertionError(f"decision kind {kind.name!r} has a passive move it cannot answer with")


check_declarations()
