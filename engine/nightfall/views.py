"""What each viewer may see. Views are the only way state leaves the engine.

``public_view`` holds what everyone at the table may see (no hand, deck order, draft
pick, secret archive or face-down wound). ``private_view(seat)`` adds what that seat
alone may look at: its hand, its discard pile, its draft packet, its secret archives
and its decisions with their legal actions.
"""

from __future__ import annotations

from typing import Any

from .actions import Action, is_archive_ref, is_card_ref
from .cards import card_set
from .core import Core, cref
from .decisions import KINDS, Waiting
from .setup import draft_plan
from .texts import ASK_WORDS, WATCH_WORDS, ask_text, text, wound_type_text


class ViewsMixin(Core):
    def card_view(self, cid: int) -> dict[str, Any]:
        if self.is_wound(cid):
            t = self.wound_type(cid)
            return {
                "id": cref(cid),
                "card": "wound",
                "wound_type": t,
                "name": text("engine.card.wound_title", type=t),
                "type": "wound",
            }
        d = self.d(cid)
        return {
            "id": cref(cid),
            "card": d.key,
            "name": d.name,
            "type": d.type,
            "colour": d.colour,
            "links": list(d.links),
            "cost": d.cost,
            "strength": d.strength,
            "health": d.health,
            "starting": d.starting,
            "kicker": d.kicker.colour if d.kicker else None,
        }

    def minion_view(self, cid: int) -> dict[str, Any]:
        d = self.d(cid)
        v = self.card_view(cid)
        v.update(
            strength=self.strength(cid),
            damage=self.s.damage[cid],
            health_left=self.health_left(cid),
            stays_in_play=d.has("stays_in_play"),
            blocks_damage=d.has("blocks_damage"),
            unblockable=d.has("unblockable"),
            keywords=list(d.keywords),
        )
        return v

    def _chain_card(self, entry: dict[str, Any]) -> dict[str, Any]:
        """A chain entry's card; once it has left the chain its id is dropped, since the same
        instance may already sit in a hand or a deck (a reshuffle and a draw)."""
        v = self.card_view(entry["card"])
        if entry["status"] not in ("waiting", "resolving"):
            del v["id"]
        return v

    def archive_view(self, k: int, viewer: int | None) -> dict[str, Any]:
        a = self.s.archives[k]
        visible = a["revealed"] or (viewer is not None and viewer == a["owner"])
        v: dict[str, Any] = {
            "id": a["id"],
            "owner": self.name(a["owner"]) if a["owner"] >= 0 else None,
            "count": len(a["cards"]),
            "hidden": not a["revealed"],
        }
        if visible:
            d = self._defs[a["card"]]
            v.update(
                card=d.key,
                name=d.name,
                colour=d.colour,
                links=list(d.links),
                cost=d.cost,
                type=d.type,
                kicker=d.kicker.colour if d.kicker else None,
            )
        else:
            v.update(card=None, name=None)
        if viewer is not None and a["cards"]:
            v["cost_for_you"] = self.claim_cost(viewer, k) if visible else None
        return v

    def _seat_view(self, i: int, viewer: int | None) -> dict[str, Any]:
        s = self.s
        wounds = self.wounds_of(i)
        disc = s.discards[i]
        return {
            "seat": self.name(i),
            "index": i,
            "hand": len(s.hands[i]),
            "deck": len(s.decks[i]),
            "discard": len(disc),
            "discard_top": self.card_view(disc[-1]) if disc else None,
            "wounds": sum(wounds.values()),
            "wounds_by_type": wounds,
            "turns": s.turns_taken[i],
            "influence": s.influence[i] if s.phase in ("chain", "claim") else None,
            "in_play": [self.minion_view(m) for m in s.in_play[i]],
            "archives": [self.archive_view(k, viewer) for k, a in enumerate(s.archives) if a["owner"] == i],
            "active": i == s.active and s.phase not in ("draft", "over"),
        }

    def _view(self, viewer: int | None) -> dict[str, Any]:
        s = self.s
        pending = [self._pending_view(w) for w in s.waiting]
        view: dict[str, Any] = {
            "game": "nightfall",
            "version": s.version,
            "rules": s.rules,
            "phase": s.phase,
            "step": s.step,
            "turn": s.turn + 1,
            "active": self.name(s.active),
            "first": self.name(s.first),
            "options": dict(s.options),
            "seats": [self._seat_view(i, viewer) for i in range(self.n)],
            "commons": [self.archive_view(k, viewer) for k, a in enumerate(s.archives) if a["owner"] == -1],
            "wound_stack": {
                "face_up": len(s.wounds_up),
                "face_down": len(s.wounds_down),
                "face_up_start": 10 * self.n,
                "top": self.wound_type(s.wounds_up[-1]) if s.wounds_up else None,
            },
            "ending": s.ending,
            "exiled": [self.card_view(c) for c in s.exiled],
            # cards out of the game lie face down: with secret archives their names would tell
            # which cards the private archives hold, so then only their number is shown
            "left_game": [] if s.options.get("secret_archives") else list(s.left_game),
            "left_game_count": len(s.left_game),
            "chain": [
                {
                    **self._chain_card(e),
                    "by": self.name(e["by"]),
                    "onto": e["onto"],
                    "kicker_active": e["kick"],
                    "status": e["status"],
                }
                for e in s.chain
            ],
            "combat": [
                {
                    "attacker": self.minion_view(x["a"]) if self.in_play(x["a"]) else self.card_view(x["a"]),
                    "defender": self.name(x["d"]),
                    "blockers": [cref(b) for b in x["blockers"]],
                    "done": x["done"],
                }
                for x in s.attacks
            ],
            "pending": pending,
            "over": s.phase == "over",
        }
        if s.phase == "draft":
            d = s.draft
            plan = draft_plan(s.options["draft"], s.rules)
            view["draft"] = {
                "round": d["round"] + 1,
                "rounds": d["rounds"],
                # where each round's pick goes ("private", "commons" or "out"), then the last card
                "plan": list(plan.rounds) if plan else [],
                "leftover": plan.leftover if plan else None,
                "waiting": [self.name(w.seat) for w in s.waiting],
                "packet_sizes": [len(p) for p in d["packets"]],
                "commons": [self._defs[k].name for k in d["commons"]],
            }
        if s.phase == "over":
            view["result"] = self.ranking_details()
        return view

    def public_view(self) -> dict[str, Any]:
        """Everything every player and spectator may see."""
        return self._view(None)

    def private_view(self, seat: str, *, lang: str = "en") -> dict[str, Any]:
        """The public view plus what ``seat`` alone may see, and its decisions. What an AI seat is given adds
        all that the seat can know of the whole state (``engine.nightfall.ai.ai_input``, from
        ``engine.nightfall.knowledge``, which builds on the whole ``Game`` and so is not asked from here).

        ``lang`` is the player's language: the card names, the decisions' words and the moves'
        labels read in it (the ids, keys and canonical move texts never change)."""
        i = self.seat_index(seat)
        s = self.s
        view = self._view(i)
        view["you"] = seat
        view["hand"] = [self.card_view(c) for c in s.hands[i]]
        view["discard_pile"] = [self.card_view(c) for c in reversed(s.discards[i])]
        if s.phase == "draft":
            d = s.draft
            view["draft"]["packet"] = [self._defs[k].to_dict() for k in d["packets"][i]]
            view["draft"]["picks"] = [{"to": dst, "card": k, "name": self._defs[k].name} for dst, k in d["picks"][i]]
            view["draft"]["chosen"] = d["chosen"][i]
        view["decisions"] = [self.decision_view(w, lang) for w in s.waiting if w.seat == i]
        if lang != "en":
            view = _names_in(view, lang)
        return view

    # ------------------------------------------------------------------ decisions
    def _pending_view(self, w: Waiting) -> dict[str, Any]:
        """A decision as everyone may see it: who, what kind, in words, and its options only if
        the kind lets them be shown (never a hand's cards)."""
        kind = KINDS[w.kind]
        p: dict[str, Any] = {"seat": self.name(w.seat), "kind": kind.public_as or w.kind}
        if kind.public_options and w.options is not None:
            p["options"] = list(w.options)
        for key in ("what", "source", "purpose"):
            value = getattr(w, key)
            if value is not None:
                p[key] = value
        if w.source is not None:
            p["source_name"] = self.card_name(self.parse_card(w.source))
        key, args = self._spectator_words(w)
        p["ask"] = {"key": key, "args": args}
        p["asks"] = SPECTATOR_WORDS[key].format(**args)
        return p

    def _spectator_words(self, w: Waiting) -> tuple[str, dict[str, Any]]:
        """What everyone is told a decision asks: a key and its arguments (see ``SPECTATOR_WORDS``)."""
        if w.kind == "chain" and not self.s.chain and w.seat == self.s.active:
            return "chain_start", {}
        if w.kind == "target" and w.source is not None:
            return "target_for", {"source": self.card_name(self.parse_card(w.source))}
        if w.kind == "choose" and w.purpose is not None:
            return "choose_to", {"purpose": w.purpose}
        return KINDS[w.kind].public_as or w.kind, {}

    def _asking_words(self, i: int, w: Waiting) -> tuple[str, dict[str, Any]]:
        """What the deciding seat is asked: a key and its arguments (see ``ASKING_WORDS``)."""
        s = self.s
        if w.kind == "draft":
            return "draft", {"round": (w.round or 0) + 1, "rounds": s.draft.get("rounds", 0)}
        if w.kind == "chain":
            if not s.chain:
                return "chain_start", {}
            last = self.d(s.chain[-1]["card"])
            return "chain_link", {"last": last.name, "links": " or ".join(last.links)}
        if w.kind in ("target", "choose"):
            source = self.card_name(self.parse_card(w.source)) if w.source else "?"
            if w.kind == "target":
                return "target", {"source": source}
            return "choose", {"source": source, "purpose": w.purpose or "discard"}
        if w.kind == "claim":
            return "claim", {"influence": s.influence[i]}
        return w.kind, {}

    def decision_facts(self, i: int, w: Waiting) -> dict[str, Any]:
        """The facts a prompt for ``w`` needs, as its kind declares them (``Kind.needs``)."""
        s = self.s
        out: dict[str, Any] = {}
        for need in KINDS[w.kind].needs:
            if need == "round":
                out["round"] = (w.round or 0) + 1
                out["rounds"] = s.draft.get("rounds", 0)
            elif need == "chain_end":
                out["chain_end"] = self.card_view(s.chain[-1]["card"]) if s.chain else None
            elif need == "source":
                out["source"] = self.card_view(self.parse_card(w.source)) if w.source else None
            elif need == "influence":
                out["influence"] = s.influence[i] if s.influence else 0
            elif need == "claimable":
                out["claimable"] = [
                    {
                        **self.archive_view(k, i),
                        "cost": self.claim_cost(i, k),
                        "affordable": self.claim_cost(i, k) <= s.influence[i],
                    }
                    for k in self.claimable(i)
                ]
            elif need == "attacks":
                out["attacks"] = [
                    {
                        "attacker": self.minion_view(x["a"]) if self.in_play(x["a"]) else self.card_view(x["a"]),
                        "by": self.name(s.active),
                        "defender": self.name(x["d"]),
                        "blockers": [self.minion_view(b) for b in x["blockers"] if self.in_play(b)],
                        "done": x["done"],
                    }
                    for x in s.attacks
                ]
            elif need == "damage":
                task = s.tasks[-1] if s.tasks else {}
                out["damage"] = {
                    "n": task.get("n", 0),
                    "source": self.card_view(task["src"]) if "src" in task else None,
                }
            elif need == "attackers":
                out["attackers"] = [self.minion_view(m) for m in self._unassigned()]
            elif need == "wounds_in_hand":
                out["wounds_in_hand"] = sum(1 for c in s.hands[i] if self.is_wound(c))
        return out

    def decision_view(self, w: Waiting, lang: str = "en") -> dict[str, Any]:
        """One of the seat's decisions, whole: what it asks, the facts its prompt needs, and every
        legal answer with its label, the cards it names, how many answers look the same, and
        whether it is the passive one. The bot and the renderer build prompts from this alone."""
        kind = KINDS[w.kind]
        seat = self.name(w.seat)
        actions = self.legal_actions(seat)
        labels = [self.describe(a, lang) for a in actions]
        key, args = self._asking_words(w.seat, w)
        default = self.default_action(seat)
        return {
            "id": f"{w.opened or 0}:{seat}",
            "opened": w.opened or 0,
            "seat": seat,
            "kind": w.kind,
            "verbs": list(kind.verbs),
            "shows": kind.shows,
            "public_options": kind.public_options,
            "ask": {"key": key, "args": args},
            "asks": ask_text(key, args, lang),
            **{k: getattr(w, k) for k in ("what", "source", "purpose") if getattr(w, k) is not None},
            "facts": self.decision_facts(w.seat, w),
            "actions": [
                self._action_view(
                    w.seat,
                    a,
                    label,
                    copies=labels.count(label),
                    copy=labels[:k].count(label) + 1,
                    passive=str(a) in kind.passive,
                    default=a == default,
                )
                for k, (a, label) in enumerate(zip(actions, labels, strict=True))
            ],
        }

    def _action_view(
        self, i: int, a: Action, label: str, copies: int, copy: int, passive: bool, default: bool
    ) -> dict[str, Any]:
        refs: list[dict[str, Any]] = []
        for arg in a.args:
            if is_card_ref(arg):
                cid = self.parse_card(arg)
                ref: dict[str, Any] = {"ref": arg, "type": "card", "card": self.card_view(cid)}
                ctl = self.controller(cid)
                if ctl is not None:
                    ref["controller"] = self.name(ctl)
                refs.append(ref)
            elif is_archive_ref(arg):
                refs.append({"ref": arg, "type": "archive", "archive": self.archive_view(self.archive_index(arg), i)})
            elif arg in self.s.seats:
                refs.append({"ref": arg, "type": "seat"})
        text = str(a)
        return {
            "text": text,
            "verb": a.verb,
            "args": list(a.args),
            "label": label,
            "refs": refs,
            "copies": copies,
            "copy": copy,
            "passive": passive,
            "default": default,
        }


#: what a decision asks of the deciding player, by the key ``_asking_words`` gives (English;
#: ``engine.nightfall.texts.ask_text`` words it in another language)
ASKING_WORDS = ASK_WORDS

#: what everyone is told a decision asks, by the key ``_spectator_words`` gives (English;
#: ``engine.nightfall.texts.spectator_words`` words it in another language)
SPECTATOR_WORDS = WATCH_WORDS


def _names_in(view: Any, lang: str) -> Any:
    """A copy of ``view`` with every card's ``name`` in ``lang`` (found by the card key beside it)."""
    if isinstance(view, list):
        return [_names_in(x, lang) for x in view]
    if not isinstance(view, dict):
        return view
    out = {k: _names_in(v, lang) for k, v in view.items()}
    key, name = out.get("card"), out.get("name")
    if isinstance(key, str) and isinstance(name, str):
        if key == "wound" and isinstance(out.get("wound_type"), str):
            out["name"] = text("engine.card.wound_title", lang, type=wound_type_text(out["wound_type"], lang))
        elif key in card_set().cards:
            out["name"] = card_set().cards[key].name_in(lang)
    return out
