"""Engine events as sentences (English, Polish or Russian), for the turn log, the demo and the bot's channel.

    for event in public_events(game.apply(action)):
        print(describe_event(event, game))           # English
        print(describe_event(event, game, lang="pl"))

``describe_event`` never raises: an event type it does not know (or one missing a field)
still reads as a sentence built from its fields. Events with a ``"to"`` key are meant for
that seat alone, and so are the ``PRIVATE_TYPES``, whose mere existence tells what a hand holds;
``public_events`` drops both before anything reaches a channel.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .texts import and_list, card_text, plural, text, wound_type_text

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PRIVATE_TYPES", "describe_event", "describe_events", "is_public", "public_events"]

Event = dict[str, Any]
CARD_REF = re.compile(r"^c\d+$")

#: Events that are private whatever their fields say. Skipping the wound effect is a choice only a
#: player holding a wound is offered, so saying it happened tells everyone that hand holds a wound;
#: using it is public, since the wounds are discarded face up.
PRIVATE_TYPES = frozenset({"wound_skip"})


def is_public(event: Event) -> bool:
    """Whether every seat and spectator may see ``event``."""
    return "to" not in event and event.get("type") not in PRIVATE_TYPES


def public_events(events: Iterable[Event]) -> list[Event]:
    """Only the events every seat and spectator may see: no ``"to"`` key and no private type."""
    return [e for e in events if is_public(e)]


def describe_events(events: Iterable[Event], game: Game | None = None, lang: str = "en") -> list[str]:
    return [describe_event(e, game, lang) for e in events]


class _Fields:
    """Reads an event's fields with readable stand-ins for anything missing, and words them in
    ``lang``: card names (which events carry in English) come from the card data."""

    def __init__(self, event: Event, game: Game | None, lang: str = "en") -> None:
        self.e = event
        self.game = game
        self.lang = lang

    def t(self, key: str, **kwargs: Any) -> str:
        return text(f"engine.log.{key}", self.lang, **kwargs)

    def n(self, key: str, n: int, **kwargs: Any) -> str:
        return plural(f"engine.log.{key}", n, self.lang, **kwargs)

    def get(self, key: str, default: str = "?") -> str:
        v = self.e.get(key)
        return default if v is None else str(v)

    def num(self, key: str, default: int = 0) -> int:
        v = self.e.get(key, default)
        return v if isinstance(v, int) and not isinstance(v, bool) else default

    def seat(self, key: str = "seat") -> str:
        return self.get(key, self.t("someone"))

    def card(self, name_key: str = "name", ref_key: str = "card") -> str:
        """A card's name, from the event or (for a bare id) from the game."""
        name = self.e.get(name_key)
        if name:
            return card_text(str(name), self.lang)
        return self.ref(self.e.get(ref_key))

    def ref(self, ref: Any) -> str:
        """Name a card id such as ``c12`` when a game is at hand; otherwise say 'a card'."""
        if isinstance(ref, str) and CARD_REF.match(ref) and self.game is not None:
            try:
                return card_text(self.game.card_name(self.game.parse_card(ref)), self.lang)
            except (ValueError, IndexError):
                return ref
        return str(ref) if ref else self.t("a_card")

    def source(self, key: str = "source") -> str:
        """The name of the card behind an effect, or "" when it cannot be named."""
        name = self.e.get(key + "_name")
        if name:
            return card_text(str(name), self.lang)
        ref = self.e.get(key)
        if isinstance(ref, str) and CARD_REF.match(ref) and self.game is not None:
            return self.ref(ref)
        return ""

    def names(self, items: Iterable[Any]) -> str:
        """Card names as a list in ``lang``: "a, b and c"."""
        return and_list((card_text(str(x), self.lang) for x in items), self.lang)


TARGET_KINDS = (
    "player",
    "minion",
    "opposing_minion",
    "own_minion",
    "other_minion",
    "own_discard_card",
    "own_discard_action",
    "own_discard_minion",
    "own_discard_starting_minion",
    "archive",
    "claimable_archive",
    "chain_order",
)
#: an archive as ``Core.archive_label`` names it in English, "Vulko (bob's archive)": what events kept from before
#: ``target_owner`` carry in ``target_name``
ARCHIVE_LABEL = re.compile(r"(?P<name>.+) \((?P<seat>.+)'s archive\)")

Describer = Callable[[_Fields], str]


def _chain_link(f: _Fields) -> str:
    key = "chain_start" if f.e.get("type") == "chain_start" else "chain_link"
    return f.t(key + ("_kicker" if f.e.get("kicker") else ""), seat=f.seat(), card=f.card())


def _wounded(f: _Fields) -> str:
    n = f.num("n")
    types = f.e.get("types") or []
    detail = f" ({', '.join(wound_type_text(str(t), f.lang) for t in types)})" if types else ""
    source = f.source()
    if source:
        return f.n("wounded_from", n, seat=f.seat(), detail=detail, source=source)
    return f.n("wounded", n, seat=f.seat(), detail=detail)


def _influence(f: _Fields) -> str:
    if f.e.get("doubled"):
        return f.t("influence_doubled", seat=f.seat(), total=f.num("total"))
    return f.n("influence", f.num("gained"), seat=f.seat(), total=f.num("total"))


def _archives_ready(f: _Fields) -> str:
    commons = f.e.get("commons") or []
    private = f.e.get("private") or {}
    parts = [f.t("commons", names=f.names(commons))]
    for seat, keys in private.items() if isinstance(private, dict) else ():
        if isinstance(keys, list):
            parts.append(f.t("archives_of", seat=seat, names=f.names(keys) if keys else f.t("archives_none")))
        else:
            parts.append(f.n("secret_archives", int(keys), seat=seat))
    return "; ".join(parts)


def _claimed(f: _Fields) -> str:
    """Says that the number paid is influence and the number left is the archive's, so neither
    reads as the other (or as damage)."""
    paid = f.e.get("paid")
    left = f.num("left")
    empty = "_empty" if left == 0 else ""
    if isinstance(paid, int) and paid > 0:
        return f.n("claimed_paid" + empty, paid, seat=f.seat(), card=f.card(), left=left)
    return f.t("claimed_free" + empty, seat=f.seat(), card=f.card(), left=left)


def _claim_done(f: _Fields) -> str:
    unspent = f.num("unspent")
    key = "claim_nothing" if f.e.get("auto") else "claim_done"
    if unspent:
        return f.n(key + "_unspent", unspent, seat=f.seat())
    return f.t(key, seat=f.seat())


def _target_name(f: _Fields) -> str:
    """Whom or what an effect targets: a player's name, a card's, or an archive's: its card (or "a secret
    archive") in ``target_name`` and whose it is in ``target_owner``. Events kept from before the owner had a
    field of its own carry the archive's label in English instead: "Vulko (bob's archive)"."""
    name = f.e.get("target_name")
    if not name:
        return f.ref(f.e.get("target"))
    name = str(name)
    what = f.e.get("what")
    if what == "player":
        return name
    if what in ("archive", "claimable_archive"):
        owner = f.e.get("target_owner")
        m = ARCHIVE_LABEL.fullmatch(name) if owner is None else None
        if m is not None:
            if f.lang == "en":
                return name
            name, owner = m.group("name"), m.group("seat")
        if owner is None:
            return card_text(name, f.lang)
        if name == "a secret archive":
            return text("engine.archive.secret", f.lang, seat=owner)
        return text("engine.archive.theirs", f.lang, card=card_text(name, f.lang), seat=owner)
    return card_text(name, f.lang)


def _targets(f: _Fields) -> str:
    return f.t("targets", seat=f.seat(), target=_target_name(f), source=f.card("source_name", "source"))


def _no_target(f: _Fields) -> str:
    what = f.get("what", "")
    words = text(f"engine.what.{what}" if what in TARGET_KINDS else "engine.what.any", f.lang)
    return f.t("no_target", source=f.card("source_name", "source"), what=words)


def _game_over(f: _Fields) -> str:
    ranking = f.e.get("ranking") or []
    if not ranking:
        return f.t("game_over")
    return f.t("game_over_ranking", winner=ranking[0], ranking=and_list(ranking, f.lang))


def _minion_damaged(f: _Fields) -> str:
    source = f.source()
    key = ("minion_damaged" if f.e.get("seat") else "card_damaged") + ("_from" if source else "")
    return f.n(key, f.num("n"), seat=f.seat(), card=f.card(), source=source)


def _destroyed(f: _Fields) -> str:
    zone = f.get("to_zone")
    key = {"discard": "destroyed", "hand": "destroyed_to_hand", "exiled": "destroyed_exiled"}.get(zone, "destroyed_to")
    return f.t(key, seat=f.seat(), card=f.card(), zone=zone)


def _because(f: _Fields, key: str) -> str:
    """``key``, or ``key``_because naming the card that caused it when it can be named."""
    source = f.source()
    if source:
        return f.t(key + "_because", seat=f.seat(), card=f.card(), source=source)
    return f.t(key, seat=f.seat(), card=f.card())


def _wound_effect(f: _Fields) -> str:
    n = f.num("n")
    wounds = plural("engine.n.wound", n, f.lang)
    return f.t("wound_effect", seat=f.seat(), wounds=wounds, cards=plural("engine.n.card", 2 * n, f.lang))


DESCRIBERS: dict[str, Describer] = {
    # setup
    "draft_round": lambda f: f.t("draft_round", round=f.num("round"), rounds=f.num("rounds")),
    "drafted": lambda f: f.t("drafted", seat=f.seat()),
    "drafted_card": lambda f: f.t("drafted_card", seat=f.seat(), card=f.card()),
    "archives_ready": _archives_ready,
    "first_player": lambda f: f.t("first_player", seat=f.seat()),
    # turn
    "turn": lambda f: f.t("turn", turn=f.num("turn"), seat=f.seat()),
    # combat
    "attacks": lambda f: f.t(
        "attacks", seat=f.seat(), card=f.card(), strength=f.num("strength"), target=f.get("target", f.t("someone"))
    ),
    "blocks": lambda f: f.t("blocks", seat=f.seat(), card=f.card(), attacker=f.card("attacker_name", "attacker")),
    "blocks_done": lambda f: f.t("blocks_done", seat=f.seat()),
    "attack_resolves": lambda f: f.t(
        "attack_resolves", seat=f.seat(), card=f.card(), target=f.get("target", f.t("someone")), n=f.num("n")
    ),
    "block_absorbs": lambda f: f.n("block_absorbs", f.num("n"), seat=f.seat(), card=f.card()),
    "damage_absorbed": lambda f: f.n("damage_absorbed", f.num("n"), seat=f.seat(), card=f.card()),
    "minion_damaged": _minion_damaged,
    "destroyed": _destroyed,
    "discarded_from_play": lambda f: f.t(
        "leaves_play_exiled" if f.e.get("to_zone") == "exiled" else "leaves_play", seat=f.seat(), card=f.card()
    ),
    "returned_to_hand": lambda f: f.t("returned_to_hand", seat=f.seat(), card=f.card()),
    "enters_play": lambda f: f.t("enters_play", seat=f.seat(), card=f.card()),
    "healed": lambda f: f.n("healed", f.num("n"), card=f.card()),
    # wounds
    "wounded": _wounded,
    "last_face_up_wound": lambda f: f.t("last_face_up_wound", seat=f.seat()),
    # chain
    "chain_start": _chain_link,
    "chain_link": _chain_link,
    # an automatic pass reads as a chosen one: "has nothing to link" would tell what the hand lacks
    "chain_pass": lambda f: f.t("chain_pass", seat=f.seat()),
    "no_chain": lambda f: f.t("no_chain", seat=f.seat()),
    "chain_closed": lambda f: f.n("chain_closed", f.num("n")),
    "resolves": lambda f: f.t("resolves_kicker" if f.e.get("kicker") else "resolves", seat=f.seat(), card=f.card()),
    "targets": _targets,
    "no_target": _no_target,
    "does_not_resolve": lambda f: _because(f, "does_not_resolve"),
    "replays": lambda f: f.t("replays_kicker" if f.e.get("kicker") else "replays", seat=f.seat(), card=f.card()),
    "repeats": lambda f: f.t("repeats", seat=f.seat(), card=f.card()),
    "no_text_blocks": lambda f: _because(f, "no_text_blocks"),
    "put_on_deck": lambda f: f.t("put_on_deck", seat=f.seat(), card=f.card()),
    "exiled_from_hand": lambda f: f.t("exiled_from_hand", seat=f.seat(), card=f.card()),
    "discarded": lambda f: f.t("discarded", seat=f.seat(), card=f.card()),
    "archive_exiled": lambda f: f.n("archive_exiled", f.num("n"), seat=f.seat(), card=f.card(), left=f.num("left")),
    "archive_revealed": lambda f: f.t("archive_revealed", seat=f.seat(), card=f.card()),
    "influence": _influence,
    # claim and cleanup
    "claimed": _claimed,
    "discarded_for_influence": lambda f: f.t(
        "discarded_for_influence", seat=f.seat(), card=f.card(), total=f.num("total")
    ),
    "claim_done": _claim_done,
    "drew": lambda f: f.n("drew", f.num("n"), seat=f.seat()),
    "drew_cards": lambda f: f.t("drew_cards", seat=f.seat(), names=f.names(f.e.get("names") or f.e.get("cards") or [])),
    "reshuffled": lambda f: f.n("reshuffled", f.num("n"), seat=f.seat()),
    "wound_effect": _wound_effect,
    # private (``PRIVATE_TYPES``): only the seat that skipped may read it
    "wound_skip": lambda f: f.t("wound_skip", seat=f.seat()),
    # end
    "game_over": _game_over,
    "stalled": lambda f: f.t("stalled"),
}


def _fallback(event: Event) -> str:
    """An event no describer reads, as its type and fields (for a developer, so not translated)."""
    kind = str(event.get("type") or "event").replace("_", " ").replace("-", " ")
    fields = [f"{k}={v}" for k, v in event.items() if k not in ("type", "to")]
    who = event.get("seat")
    head = f"{who}: {kind}" if who else kind[:1].upper() + kind[1:]
    rest = [x for x in fields if not x.startswith("seat=")]
    return f"{head} ({', '.join(rest)})." if rest else f"{head}."


def describe_event(event: Event, game: Game | None = None, lang: str = "en") -> str:
    """One readable sentence for one engine event in ``lang`` ("en", "pl" or "ru"); ``game``
    (optional) names bare card ids."""
    if not isinstance(event, dict):
        return text("engine.log.unreadable", lang, event=repr(event))
    describer = DESCRIBERS.get(str(event.get("type")))
    if describer is None:
        return _fallback(event)
    try:
        words = describer(_Fields(event, game, lang))
    except Exception:  # a malformed event must never break a log
        return _fallback(event)
    seat = event.get("seat")
    # a sentence opens with a capital, unless it opens with a player's name, written as the player wrote it
    if lang == "en":
        upper = seat is None
    else:
        upper = seat is None or not words.startswith(str(seat))
    if words and words[0].islower() and upper:
        words = words[:1].upper() + words[1:]
    return words if words.endswith((".", "!", "?")) else words + "."
