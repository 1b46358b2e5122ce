"""The public face of the rules engine: ``Game`` and the contract the bot relies on.

    game = Game.new(seats=["s1", "s2"], seed=7, options=Options())
    for action in game.legal_actions("s1"): ...
    events = game.apply(action)

Every input is one atomic ``Action``; ``apply`` refuses anything not in
``legal_actions`` with an ``IllegalAction`` whose message a player can read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rng import next_state
from .actions import (
    Action,
    ActionError,
    IllegalAction,
    ParseError,
    clip,
    is_archive_ref,
    is_card_ref,
    is_seat_name,
)
from .chain import ChainMixin
from .combat import CombatMixin
from .core import cref
from .decisions import KINDS, Decision, Waiting
from .effects import EffectsMixin
from .scoring import ApocalypseCup, ScoringMixin
from .setup import SetupMixin
from .state import QUIET_RULES, RULES, Options, State, check_rules
from .texts import card_key_text, colour_text, each_and, or_list, plural, text, wound_text
from .turn import TurnMixin
from .views import ViewsMixin

__all__ = [
    "Action",
    "ActionError",
    "ApocalypseCup",
    "Decision",
    "Game",
    "IllegalAction",
    "Options",
    "ParseError",
]


class Game(SetupMixin, CombatMixin, ChainMixin, EffectsMixin, TurnMixin, ScoringMixin, ViewsMixin):
    """One game of Nightfall. Pure and deterministic: same seed and actions, same game."""

    #: the events of setting the game up (draft rounds, archives, first player); not persisted
    setup_events: list[dict[str, Any]] = []  # noqa: RUF012

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, seats: list[str], seed: int = 0, options: Options | None = None, *, rules: int = RULES) -> Game:
        """A new game, set up and played to its first decision. ``rules`` picks the rules
        version (see ``engine.nightfall.state.RULES``); only tests and replays want an older one."""
        options = options or Options()
        check_rules(rules)
        if not 2 <= len(seats) <= 5:
            raise ValueError("Nightfall is played by 2 to 5 players.")
        if len(set(seats)) != len(seats):
            raise ValueError("Seat names must be different.")
        for seat in seats:
            if not is_seat_name(seat):
                raise ValueError(
                    f"'{clip(seat)}' cannot be a seat name (letters, digits, _ . - only; not c<number> or a<number>)."
                )
        if options.first_player is not None and options.first_player not in seats:
            raise ValueError(f"first player '{options.first_player}' is not one of the seats")
        state = State(
            seats=list(seats), options=options.to_dict(), rng=next_state(seed & ((1 << 64) - 1))[1], rules=rules
        )
        game = cls(state)
        game._setup()
        game._advance()
        game._open_decisions({})
        game.setup_events, game._events = game._events, []
        return game

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls(State.from_json(text))

    def to_json(self) -> str:
        return self.s.to_json()

    @property
    def version(self) -> int:
        """Goes up by one with every applied action: a stale button carries an older one."""
        return self.s.version

    def secrets(self) -> dict[str, tuple[frozenset[str], Any]]:
        """Every hidden zone (``engine.protocol.Match.secrets``), as ``views`` hides them: the generator, each
        deck's order, the face-down wounds and the cards out of the game (nobody), each hand, discard pile and
        draft packet (its seat), each secret archive (its owner). Every content is a copy."""
        s = self.s
        nobody: frozenset[str] = frozenset()
        out: dict[str, tuple[frozenset[str], Any]] = {
            "rng": (nobody, s.rng),
            "wounds_down": (nobody, list(s.wounds_down)),
            "left_game": (nobody, list(s.left_game)),
        }
        for i, seat in enumerate(s.seats):
            own = frozenset({seat})
            out[f"deck:{seat}"] = (nobody, list(s.decks[i]))
            out[f"hand:{seat}"] = (own, sorted(s.hands[i]))
            out[f"discard:{seat}"] = (own, list(s.discards[i]))
            if s.phase == "draft" and s.draft:
                d = s.draft
                picks = [list(p) for p in d["picks"][i]]  # copies: a later action must not change what was taken
                out[f"draft:{seat}"] = (own, [sorted(d["packets"][i]), picks, d["chosen"][i]])
        for a in s.archives:
            if not a["revealed"]:
                seers = frozenset({self.name(a["owner"])}) if a["owner"] >= 0 else nobody
                out[f"archive:{a['id']}"] = (seers, [a["card"], list(a["cards"])])
        return out

    def taken_back(self, earlier: str) -> Game:
        """The position ``earlier`` as this game's next state (``engine.protocol.Match.taken_back``)."""
        game = Game.from_json(earlier)
        game.s.version = self.s.version + 1
        return game

    @property
    def rules(self) -> int:
        """The rules version the game was started under; it never changes during a game."""
        return self.s.rules

    @property
    def seats(self) -> list[str]:
        return list(self.s.seats)

    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def turn(self) -> int:
        """The turn number every view shows (1 for the first turn, and during the draft)."""
        return self.s.turn + 1

    # ------------------------------------------------------------------ decisions
    def pending(self) -> list[Decision]:
        """Who must act now, and on what (several seats at once in a draft round or when blocking)."""
        return [self._decision(w) for w in self.s.waiting]

    def decision_of(self, seat: str) -> Decision | None:
        """What ``seat`` must decide now (None: nothing): one seat's part of ``pending``."""
        w = self._waiting_for(self.seat_index(seat))
        return None if w is None else self._decision(w)

    def next_to_act(self) -> str | None:
        """The first seat in seating order that must act now (None when nobody must): the one
        ``play_out``, the AI's rollouts and the arena move next when several seats are asked at once."""
        return self.name(min(w.seat for w in self.s.waiting)) if self.s.waiting else None

    def _decision(self, w: Waiting) -> Decision:
        seat = self.name(w.seat)
        return Decision(
            seat,
            w.kind,
            id=decision_id(w, seat),
            opened=w.opened or 0,
            # a hand's cards (a "choose" decision) are not for every caller's eyes
            options=tuple(w.options) if w.options is not None and KINDS[w.kind].public_options else None,
            what=w.what,
            source=w.source,
            purpose=w.purpose,
            round=w.round,
        )

    def _waiting_for(self, i: int) -> Waiting | None:
        for w in self.s.waiting:
            if w.seat == i:
                return w
        return None

    def _option_texts(self, i: int, w: Waiting) -> list[str]:
        return KINDS[w.kind].options(self, i, w)

    def legal_actions(self, seat: str) -> list[Action]:
        """Every action ``seat`` may take now (empty if it has nothing to decide)."""
        i = self.seat_index(seat)
        w = self._waiting_for(i)
        if w is None:
            return []
        # the engine writes its options in the canonical form: no need to parse them back
        return [Action(seat, verb, tuple(args)) for verb, *args in (t.split(" ") for t in self._option_texts(i, w))]

    def parse_action(self, seat: str, text: str) -> Action:
        """Read an action from its canonical text, exactly as ``str(action)`` prints it (ASCII
        whitespace around it is ignored). Raises ``ParseError`` for text that is not a move, and
        ``IllegalAction`` if ``seat`` does not play here; never anything else."""
        self.seat_index(seat)
        return Action.parse(text, seat)

    def default_action(self, seat: str) -> Action | None:
        """The most passive legal action (Ruling 5), for a decision whose deadline passed."""
        i = self.seat_index(seat)
        w = self._waiting_for(i)
        if w is None:
            return None
        return Action.parse(KINDS[w.kind].default(self, i, w, self._option_texts(i, w)), seat)

    def default_attack(self) -> str:
        """Ruling 5 for the attack: the next minion still to send attacks the next opponent on the left."""
        m = self._unassigned()[0]
        return f"attack {cref(m)} {self.name((self.s.active + 1) % self.n)}"

    def apply(self, action: Action) -> list[dict[str, Any]]:
        """Apply one legal action and play on to the next decision; returns the events."""
        s = self.s
        if not isinstance(action, Action):
            raise IllegalAction(text("engine.illegal.not_a_move"))
        if s.phase == "over":
            raise IllegalAction(text("engine.illegal.game_over"))
        i = self.seat_index(action.seat)
        try:
            # hand-made actions too: only what ``parse_action`` could have given goes any further
            action.check()
        except ParseError as e:
            raise IllegalAction(str(e)) from None
        w = self._waiting_for(i)
        if w is None:
            raise IllegalAction(text("engine.illegal.nothing_waiting", seat=clip(action.seat)))
        kind = KINDS[w.kind]
        if action.verb not in kind.verbs or not self._is_option(i, w, action):
            raise IllegalAction(self._explain(i, w, action))
        return self._play(i, w, action)

    def apply_legal(self, action: Action) -> list[dict[str, Any]]:
        """``apply`` for an action just taken from ``legal_actions`` of this very position, without
        checking it again: the AI's rollouts play thousands of such moves a decision, and checking
        each one (its text, then the whole list of options) was a third of their time. Anything
        else must go through ``apply``."""
        i = self.seat_index(action.seat)
        w = self._waiting_for(i)
        assert w is not None, "apply_legal takes a move from legal_actions of this position"
        return self._play(i, w, action)

    def _play(self, i: int, w: Waiting, action: Action) -> list[dict[str, Any]]:
        """Apply legal ``action`` of seat ``i`` to decision ``w`` and play on to the next decision."""
        s = self.s
        kind = KINDS[w.kind]
        self._events = []
        asked = {x.seat: (x.question(), x.opened) for x in s.waiting if x.seat != i}
        if s.options["auto_pass"] or not self._only_a_pass(i, w):
            s.quiet_turns = 0  # someone could act: the count of turns nobody could act in starts again
        kind.handle(self, i, w, action)
        for x in s.waiting:
            if x.seat == i:
                x.opened = None  # the mover's next decision is a new one, even if it asks the same
        s.version += 1
        self._advance()
        self._open_decisions(asked)
        events, self._events = self._events, []
        return events

    def _is_option(self, i: int, w: Waiting, action: Action) -> bool:
        """Whether ``action`` is one of the options of ``w``: compared as verb and arguments."""
        wanted = (action.verb, *action.args)
        return any(tuple(text.split(" ")) == wanted for text in self._option_texts(i, w))

    def _open_decisions(self, asked: dict[int, tuple[Any, int | None]]) -> None:
        """Date every decision that has just reached its seat. A seat that was already asked the
        same question keeps its date (its buttons stay good); the seat that moved always gets a
        new one, even for the same question, so its old buttons turn stale."""
        for w in self.s.waiting:
            if w.opened is None:
                before = asked.get(w.seat)
                w.opened = before[1] if before is not None and before[0] == w.question() else self.s.version

    def _only_a_pass(self, i: int, w: Waiting) -> bool:
        """Whether decision ``w`` is one ``auto_pass`` skips: a chain opportunity with no card to
        chain, or a claim phase where "done" is the only move. Answering it is not acting. (With
        ``auto_pass`` on, such a decision is never asked, and ``apply`` does not ask this.)"""
        if w.kind == "chain":
            return not self._chain_options(i)
        return w.kind == "claim" and len(self._claim_options()) == 1

    def _advance(self) -> None:
        s = self.s
        quiet_turns = 0  # rules 1 and 2: counted only while no decision at all is asked
        while not s.waiting and s.phase != "over":
            if s.tasks:
                TASKS[s.tasks[-1]["op"]](self, s.tasks[-1])
            elif s.step == "begin":
                if s.rules >= QUIET_RULES:
                    s.quiet_turns += 1
                    quiet_turns = s.quiet_turns
                else:
                    quiet_turns += 1
                if quiet_turns > 2 * self.n:
                    # every player has had two turns with nothing they could do but pass, and
                    # nothing will ever change: the game cannot go on, so it ends as it stands
                    self.emit("stalled")
                    self._finish()
                    return
                self._begin_turn()
            elif s.step == "combat-end":
                self._end_combat()
            elif s.step == "chain-end":
                self._end_chain()
            else:
                raise AssertionError(f"no decision and nothing to do at {s.phase}/{s.step}")

    # ------------------------------------------------------------------ end
    def is_over(self) -> bool:
        return self.s.phase == "over"

    def result(self) -> list[tuple[str, int, dict[str, int]]]:
        """Final ranking: (seat, wounds, wounds by type), winner first."""
        out = []
        for i in self.ranking():
            counts = self.wounds_of(i)
            out.append((self.name(i), sum(counts.values()), counts))
        return out

    # ------------------------------------------------------------------ words
    def explain(self, action: Action, lang: str = "en") -> str:
        """Why ``apply`` would refuse ``action``, in ``lang``; "" when it is a legal move. The bot
        shows this to a player in their language (``IllegalAction`` itself carries English)."""
        s = self.s
        if not isinstance(action, Action):
            return text("engine.illegal.not_a_move", lang)
        if s.phase == "over":
            return text("engine.illegal.game_over", lang)
        if action.seat not in s.seats:
            return text("engine.illegal.not_a_player", lang, seat=clip(action.seat))
        i = self.seat_index(action.seat)
        try:
            action.check()
        except ParseError as e:
            return str(e)
        w = self._waiting_for(i)
        if w is None:
            return text("engine.illegal.nothing_waiting", lang, seat=clip(action.seat))
        if action.verb not in KINDS[w.kind].verbs or not self._is_option(i, w, action):
            return self._explain(i, w, action, lang)
        return ""

    def _explain(self, i: int, w: Waiting, a: Action, lang: str = "en") -> str:
        kind = w.kind
        asked = text(f"engine.need.{kind}", lang)
        if a.verb not in KINDS[kind].verbs:
            return text("engine.illegal.wrong_move", lang, asked=asked)
        if kind == "chain" and a.verb == "chain":
            try:
                cid = self.parse_card(a.args[0])
            except IllegalAction:
                return text("engine.illegal.not_a_card", lang, ref=clip(a.args[0]))
            if cid not in self.s.hands[i]:
                return text("engine.illegal.not_in_hand", lang)
            if self.is_wound(cid):
                return text("engine.illegal.wound", lang)
            last = self.d(self.s.chain[-1]["card"])
            return text(
                "engine.illegal.no_link",
                lang,
                card=self._name(cid, lang),
                colour=colour_text(self.d(cid).colour, lang),
                last=card_key_text(last.key, lang),
                links=or_list((colour_text(c, lang) for c in last.links), lang),
            )
        if kind == "claim" and a.verb == "claim":
            try:
                k = self.archive_index(a.args[0])
            except IllegalAction:
                return text("engine.illegal.not_an_archive", lang, ref=clip(a.args[0]))
            arch = self.s.archives[k]
            if arch["owner"] not in (-1, i):
                return text("engine.illegal.not_your_archive", lang)
            if not arch["cards"]:
                return text("engine.illegal.archive_empty", lang)
            return plural(
                "engine.illegal.too_dear",
                self.claim_cost(i, k),
                lang,
                archive=self._archive_label(k, i, lang),
                have=self.s.influence[i],
            )
        if kind in ("claim",) and a.verb == "discard":
            return text("engine.illegal.not_in_hand", lang)
        return text("engine.illegal.not_a_choice", lang, asked=asked)

    def _name(self, cid: int, lang: str = "en") -> str:
        """A card instance's name as a sentence or a label in ``lang`` shows it (``card_name`` in
        English; quoted in Polish and Russian)."""
        if self.is_wound(cid):
            return wound_text(self.wound_type(cid), lang)
        return card_key_text(self.d(cid).key, lang)

    def _archive_label(self, k: int, viewer: int | None, lang: str = "en") -> str:
        """``archive_label`` in ``lang``: the archive's card (or "a secret archive") and whose it is."""
        a = self.s.archives[k]
        if a["revealed"] or viewer == a["owner"]:
            name = card_key_text(a["card"], lang)
        else:
            name = text("engine.archive.a_secret", lang)
        if a["owner"] == -1:
            return name
        return text("engine.archive.theirs", lang, card=name, seat=self.name(a["owner"]))

    def describe(self, a: Action, lang: str = "en") -> str:
        """A short label for a button or an autocomplete entry, from the acting seat's view, in ``lang``.

        It names whatever tells two moves apart (whose card, which attack, whose archive, a
        card's damage when its twin has other damage), so two moves read the same only when
        they are the same move in all but the card's id: two copies of one card in hand. The
        bot shows those as one button."""
        i = self.seat_index(a.seat)
        v, args = a.verb, a.args
        w = self._waiting_for(i)
        kind = w.kind if w else None

        def label(key: str, **kwargs: Any) -> str:
            return text(f"engine.label.{key}", lang, **kwargs)

        if v == "draft":
            return label("draft", card=card_key_text(args[0], lang))
        if v == "attack":
            return label("attack", attacker=self._card_words(args[0], i, lang=lang), target=args[1])
        if v == "block":
            return label(
                "block",
                attacker=self._card_words(args[1], i, lang=lang),
                blocker=self._card_words(args[0], i, lang=lang),
            )
        if v == "done":
            return label("no_more_blocks" if kind == "block" else "end_claim")
        if v == "chain":
            cid = self.parse_card(args[0])
            d = self.d(cid)
            if not self.s.chain:
                return label("chain_start", card=self._name(cid, lang))
            kick = d.kicker and d.kicker.colour == self.d(self.s.chain[-1]["card"]).colour
            return label("link_kicker" if kick else "link", card=self._name(cid, lang))
        if v == "pass":
            return label("pass" if self.s.chain_started else "no_chain")
        if v in ("target", "order"):
            ref = args[0]
            if is_archive_ref(ref):
                words = self._archive_words(self.archive_index(ref), i, lang)
            elif is_card_ref(ref):
                words = self._card_words(ref, i, fight=kind == "combat-order", lang=lang, mark_own=v == "target")
            elif ref == a.seat:
                words = label("yourself" if v == "target" else "you")
            else:
                words = ref
            return label("target" if v == "target" else "next", what=words)
        if v == "choose":
            verb = "exile" if w and w.purpose == "exile" else "discard"
            return label(verb, card=self._card_words(args[0], i, lang=lang))
        if v == "claim":
            k = self.archive_index(args[0])
            a_ = self.s.archives[k]
            key = "claim_own" if a_["owner"] == i else "claim"
            return plural(f"engine.label.{key}", self.claim_cost(i, k), lang, card=card_key_text(a_["card"], lang))
        if v == "discard":
            return label("discard_for_influence", card=self._card_words(args[0], i, lang=lang))
        if v == "wound":
            n = sum(1 for x in self.s.hands[i] if self.is_wound(x))
            if args[0] != "use":
                return label("wound_skip")
            wounds, cards = plural("engine.n.wound", n, lang), plural("engine.n.card", 2 * n, lang)
            return label("wound_use", wounds=wounds, cards=cards)
        return str(a)

    def _card_words(self, ref: str, i: int, fight: bool = False, lang: str = "en", mark_own: bool = False) -> str:
        """A card as seat ``i`` reads it in a label: its name, whose it is when not ``i``'s (with ``mark_own``, a
        target among everyone's cards: "yours" too), what tells it from a same-named card of the same player,
        and (``fight``) whom it attacks."""
        try:
            cid = self.parse_card(ref)
        except IllegalAction:
            return ref
        notes: list[str] = []
        ctl = self.controller(cid)
        link = next((e for e in self.s.chain if e["card"] == cid and e["status"] == "waiting"), None)
        owner = ctl if ctl is not None else (link["by"] if link is not None else None)
        if owner is not None and owner != i:
            notes.append(text("engine.label.whose", lang, seat=self.name(owner)))
        elif owner is not None and mark_own:
            notes.append(text("engine.label.yours", lang))
        notes.extend(self._differences(cid, fight=fight, lang=lang))
        words = self._name(cid, lang) + (f" ({', '.join(notes)})" if notes else "")
        attack = self._attack_words(cid, i, lang) if fight else ""
        return f"{words} {attack}" if attack else words

    def _differences(self, cid: int, fight: bool = False, lang: str = "en") -> list[str]:
        """What tells card ``cid`` from its twins: same-named cards of the same player in play, or
        in the chain. Only the facts that differ are named; identical twins get nothing. With
        ``fight`` the attack is left out: the label names it whole anyway. The facts are compared
        as values, so they differ alike in every language, and worded in ``lang``."""
        s = self.s
        name = self.card_name(cid)
        ctl = self.controller(cid)
        if ctl is not None:
            twins = [m for m in s.in_play[ctl] if m != cid and self.card_name(m) == name]
            if not twins:
                return []
            # each fact: what is compared, and its words
            facts: list[tuple[Callable[[int], Any], Callable[[int], str]]] = [
                (
                    lambda m: s.damage[m],
                    lambda m: (
                        plural("engine.label.damage", s.damage[m], lang)
                        if s.damage[m]
                        else text("engine.label.undamaged", lang)
                    ),
                ),
                (self.strength, lambda m: text("engine.label.strength", lang, n=self.strength(m))),
            ]
            if not fight:
                facts.append((lambda m: self._attack_words(m, None), lambda m: self._attack_words(m, None, lang)))
            return [words(cid) for value, words in facts if words(cid) and any(value(m) != value(cid) for m in twins)]
        links = [e for e in s.chain if e["status"] == "waiting"]
        link = next((e for e in links if e["card"] == cid), None)
        if link is None:
            return []
        same = [e for e in links if e is not link and e["by"] == link["by"] and self.card_name(e["card"]) == name]
        return [text("engine.label.chain_position", lang, k=s.chain.index(link) + 1)] if same else []

    def _attack_words(self, m: int, viewer: int | None, lang: str = "en") -> str:
        """Whom minion ``m`` attacks ("you" when that is ``viewer``) and who blocks it, or ""
        when it is not attacking."""
        attack = next((x for x in self.s.attacks if x["a"] == m), None)
        if attack is None:
            return ""
        blocked = []
        for b in (b for b in attack["blockers"] if self.in_play(b)):  # a destroyed blocker blocks no more
            diff = self._differences(b, lang=lang)
            blocked.append(self._name(b, lang) + (f" ({', '.join(diff)})" if diff else ""))
        if attack["d"] == viewer:
            words = text("engine.label.attacking_you", lang)
        else:
            words = text("engine.label.attacking", lang, seat=self.name(attack["d"]))
        if blocked:
            words = text("engine.label.blocked_by", lang, attack=words, names=each_and(blocked, lang))
        return words

    def _archive_words(self, k: int, i: int, lang: str = "en") -> str:
        """An archive as seat ``i`` reads it: its card (if ``i`` may see it) and whose it is, "your
        archive" for ``i``'s own; several unseen archives of one player are numbered."""
        s = self.s
        a = s.archives[k]
        owner = a["owner"]
        card = card_key_text(a["card"], lang)
        if owner == -1:
            return text("engine.archive.commons", lang, card=card)
        if a["revealed"] or owner == i:
            if owner == i:
                return text("engine.archive.yours", lang, card=card)
            return text("engine.archive.theirs", lang, card=card, seat=self.name(owner))
        hidden = [x["id"] for x in s.archives if x["owner"] == owner and not x["revealed"]]
        if len(hidden) > 1:
            return text("engine.archive.secret_numbered", lang, seat=self.name(owner), k=hidden.index(a["id"]) + 1)
        return text("engine.archive.secret", lang, seat=self.name(owner))


TASKS: dict[str, Callable[[Game, dict[str, Any]], None]] = {
    "fights": lambda g, t: g._task_fights(t),
    "fight": lambda g, t: g._task_fight(t),
    "hurt": lambda g, t: g._task_hurt(t),
    "each_player": lambda g, t: g._task_each_player(t),
    "choose": lambda g, t: g._task_choose(t),
    "fx": lambda g, t: g._task_fx(t),
    "resolve_chain": lambda g, t: g._task_resolve_chain(t),
    "settle": lambda g, t: g._task_settle(t),
}


def decision_id(w: Waiting, seat: str) -> str:
    """A decision's stable id: the version at which it reached the seat, and the seat."""
    return f"{w.opened or 0}:{seat}"
