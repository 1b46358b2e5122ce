"""Engine events as English sentences, for the turn log, the demo and the bot's channel.

    for event in public_events(game.apply(action)):
        print(describe_event(event, game))

``describe_event`` never raises: an event type it does not know (or one missing a field)
still reads as a sentence built from its fields. Events with a ``"to"`` key are meant for
that seat alone, and so are the ``PRIVATE_TYPES``, whose mere existence tells what a hand holds;
``public_events`` drops both before anything reaches a channel.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .nightfall import Game

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


def describe_events(events: Iterable[Event], game: Game | None = None) -> list[str]:
    return [describe_event(e, game) for e in events]


class _Fields:
    """Reads an event's fields with readable stand-ins for anything missing."""

    def __init__(self, event: Event, game: Game | None) -> None:
        self.e = event
        self.game = game

    def get(self, key: str, default: str = "?") -> str:
        v = self.e.get(key)
        return default if v is None else str(v)

    def num(self, key: str, default: int = 0) -> int:
        v = self.e.get(key, default)
        return v if isinstance(v, int) and not isinstance(v, bool) else default

    def seat(self, key: str = "seat") -> str:
        return self.get(key, "someone")

    def card(self, name_key: str = "name", ref_key: str = "card") -> str:
        """A card's name, from the event or (for a bare id) from the game."""
        name = self.e.get(name_key)
        if name:
            return str(name)
        return self.ref(self.e.get(ref_key))

    def ref(self, ref: Any) -> str:
        """Name a card id such as ``c12`` when a game is at hand; otherwise say 'a card'."""
        if isinstance(ref, str) and CARD_REF.match(ref) and self.game is not None:
            try:
                return self.game.card_name(self.game.parse_card(ref))
            except (ValueError, IndexError):
                return ref
        return str(ref) if ref else "a card"

    def source(self, key: str = "source") -> str:
        """' from X' naming the card behind an effect, or nothing when it cannot be named."""
        name = self.e.get(key + "_name")
        if name:
            return f" from {name}"
        ref = self.e.get(key)
        if isinstance(ref, str) and CARD_REF.match(ref) and self.game is not None:
            return f" from {self.ref(ref)}"
        return ""


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _names(items: Iterable[Any]) -> str:
    words = [str(x) for x in items]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


ZONES = {"hand": "back to their hand", "exiled": "exiled", "discard": "to the discard pile"}
TARGET_KINDS = {
    "player": "a player",
    "minion": "a minion",
    "opposing_minion": "an opposing minion",
    "own_minion": "a minion of their own",
    "other_minion": "another minion",
    "own_discard_card": "a card in their discard pile",
    "own_discard_action": "an action in their discard pile",
    "own_discard_minion": "a minion in their discard pile",
    "own_discard_starting_minion": "a starting minion in their discard pile",
    "archive": "an archive",
    "claimable_archive": "an archive they may claim from",
    "chain_order": "an order in the chain",
}

Describer = Callable[[_Fields], str]


def _chain_link(f: _Fields) -> str:
    kicker = " — kicker!" if f.e.get("kicker") else ""
    if f.e.get("type") == "chain_start":
        return f"{f.seat()} starts a chain with {f.card()}{kicker}"
    return f"{f.seat()} links {f.card()}{kicker}"


def _wounded(f: _Fields) -> str:
    n = f.num("n")
    types = f.e.get("types") or []
    detail = f" ({', '.join(str(t) for t in types)})" if types else ""
    return f"{f.seat()} receives {_plural(n, 'wound')}{detail}{f.source()}"


def _influence(f: _Fields) -> str:
    if f.e.get("doubled"):
        return f"{f.seat()} doubles their influence to {f.num('total')}"
    return f"{f.seat()} gains {f.num('gained')} influence ({f.num('total')} in all)"


def _archives_ready(f: _Fields) -> str:
    commons = f.e.get("commons") or []
    private = f.e.get("private") or {}
    parts = [f"Commons: {_names(commons)}"]
    for seat, keys in private.items() if isinstance(private, dict) else ():
        if isinstance(keys, list):
            parts.append(f"{seat}'s archives: {_names(keys) if keys else 'none'}")
        else:
            parts.append(f"{seat} has {_plural(int(keys), 'secret archive')}")
    return "; ".join(parts)


def _claimed(f: _Fields) -> str:
    """Says that the number paid is influence and the number left is the archive's, so neither
    reads as the other (or as damage)."""
    paid = f.e.get("paid")
    how = f", paying {paid} influence" if isinstance(paid, int) and paid > 0 else " for free"
    left = f.num("left")
    rest = "the archive is now empty" if left == 0 else f"{left} left in the archive"
    return f"{f.seat()} claims {f.card()}{how} ({rest})"


def _claim_done(f: _Fields) -> str:
    unspent = f.num("unspent")
    tail = f", leaving {unspent} influence unspent" if unspent else ""
    if f.e.get("auto"):
        return f"{f.seat()} has nothing to claim{tail}"
    return f"{f.seat()} ends the claim phase{tail}"


def _targets(f: _Fields) -> str:
    target = f.e.get("target_name") or f.ref(f.e.get("target"))
    return f"{f.seat()} targets {target} with {f.card('source_name', 'source')}"


def _no_target(f: _Fields) -> str:
    what = TARGET_KINDS.get(f.get("what", ""), "a target")
    return f"{f.card('source_name', 'source')} finds no target ({what}) and does nothing there"


def _game_over(f: _Fields) -> str:
    ranking = f.e.get("ranking") or []
    if not ranking:
        return "The game is over"
    return f"The game is over: {ranking[0]} wins (ranking: {_names(ranking)})"


DESCRIBERS: dict[str, Describer] = {
    # setup
    "draft_round": lambda f: f"Draft round {f.num('round')} of {f.num('rounds')}: everyone picks a card",
    "drafted": lambda f: f"{f.seat()} has picked",
    "drafted_card": lambda f: f"{f.seat()} drafts {f.card()}",
    "archives_ready": _archives_ready,
    "first_player": lambda f: f"{f.seat()} goes first",
    # turn
    "turn": lambda f: f"Turn {f.num('turn')}: {f.seat()} to play",
    # combat
    "attacks": lambda f: f"{f.seat()}'s {f.card()} ({f.num('strength')}) attacks {f.get('target', 'someone')}",
    "blocks": lambda f: f"{f.seat()}'s {f.card()} blocks {f.card('attacker_name', 'attacker')}",
    "blocks_done": lambda f: f"{f.seat()} is done blocking",
    "attack_resolves": lambda f: f"{f.seat()}'s {f.card()} strikes {f.get('target', 'someone')} for {f.num('n')}",
    "block_absorbs": lambda f: f"{f.seat()}'s {f.card()} blocks {f.num('n')} of the damage",
    "damage_absorbed": lambda f: f"{f.seat()}'s {f.card()} absorbs {f.num('n')} damage",
    "minion_damaged": lambda f: (
        f"{f.seat()}'s {f.card()} takes {f.num('n')} damage{f.source()}"
        if f.e.get("seat")
        else f"{f.card()} takes {f.num('n')} damage{f.source()}"
    ),
    "destroyed": lambda f: (
        f"{f.seat()}'s {f.card()} is destroyed"
        + ("" if f.e.get("to_zone") == "discard" else f" ({ZONES.get(f.get('to_zone'), f.get('to_zone'))})")
    ),
    "discarded_from_play": lambda f: (
        f"{f.seat()}'s {f.card()} leaves play"
        + (" and is exiled" if f.e.get("to_zone") == "exiled" else " to the discard pile")
    ),
    "returned_to_hand": lambda f: f"{f.seat()}'s {f.card()} returns to their hand",
    "enters_play": lambda f: f"{f.seat()}'s {f.card()} enters play",
    "healed": lambda f: f"{f.card()} is healed of {_plural(f.num('n'), 'damage', 'damage')}",
    # wounds
    "wounded": _wounded,
    "last_face_up_wound": lambda f: f"{f.seat()} takes the last face-up wound: the game ends once this resolves",
    # chain
    "chain_start": _chain_link,
    "chain_link": _chain_link,
    # an automatic pass reads as a chosen one: "has nothing to link" would tell what the hand lacks
    "chain_pass": lambda f: f"{f.seat()} adds no more cards",
    "no_chain": lambda f: f"{f.seat()} starts no chain",
    "chain_closed": lambda f: f"The chain closes with {_plural(f.num('n'), 'card')}; it resolves from the top",
    "resolves": lambda f: f"{f.seat()}'s {f.card()} resolves" + (" with its kicker" if f.e.get("kicker") else ""),
    "targets": _targets,
    "no_target": _no_target,
    "does_not_resolve": lambda f: (
        f"{f.seat()}'s {f.card()} does not resolve{f.source().replace(' from', ' because of')}"
        " and goes to the discard pile"
    ),
    "replays": lambda f: (
        f"{f.seat()} resolves {f.card()} again from the discard pile"
        + (" with its kicker" if f.e.get("kicker") else "")
    ),
    "repeats": lambda f: f"{f.seat()} resolves {f.card()}'s text once more",
    "no_text_blocks": lambda f: (
        f"{f.seat()}'s minions cannot block damage from card text this turn"
        + f.source().replace(" from", " because of")
    ),
    "put_on_deck": lambda f: f"{f.seat()} puts {f.card()} on top of their deck",
    "exiled_from_hand": lambda f: f"{f.seat()} exiles {f.card()} from their hand",
    "discarded": lambda f: f"{f.seat()} discards {f.card()}",
    "archive_exiled": lambda f: (
        f"{f.seat()} exiles {_plural(f.num('n'), 'card')} from the {f.card()} archive ({f.num('left')} left)"
    ),
    "archive_revealed": lambda f: f"{f.seat()}'s secret archive is revealed: {f.card()}",
    "influence": _influence,
    # claim and cleanup
    "claimed": _claimed,
    "discarded_for_influence": lambda f: (
        f"{f.seat()} discards {f.card()} for 1 influence ({f.num('total')} influence in all)"
    ),
    "claim_done": _claim_done,
    "drew": lambda f: f"{f.seat()} draws {_plural(f.num('n'), 'card')}",
    "drew_cards": lambda f: f"{f.seat()} draws {_names(f.e.get('names') or f.e.get('cards') or [])}",
    "reshuffled": lambda f: (
        f"{f.seat()} shuffles their discard pile into a new deck of {_plural(f.num('n'), 'card')}"
    ),
    "wound_effect": lambda f: (
        f"{f.seat()} discards {_plural(f.num('n'), 'wound')} from hand to draw {_plural(2 * f.num('n'), 'card')}"
    ),
    # private (``PRIVATE_TYPES``): only the seat that skipped may read it
    "wound_skip": lambda f: f"{f.seat()} skips the wound effect",
    # end
    "game_over": _game_over,
    "stalled": lambda f: "Nobody can do anything any more, so the game ends here",
}


def _fallback(event: Event) -> str:
    kind = str(event.get("type") or "event").replace("_", " ").replace("-", " ")
    fields = [f"{k}={v}" for k, v in event.items() if k not in ("type", "to")]
    who = event.get("seat")
    head = f"{who}: {kind}" if who else kind[:1].upper() + kind[1:]
    rest = [x for x in fields if not x.startswith("seat=")]
    return f"{head} ({', '.join(rest)})." if rest else f"{head}."


def describe_event(event: Event, game: Game | None = None) -> str:
    """One readable sentence for one engine event; ``game`` (optional) names bare card ids."""
    if not isinstance(event, dict):
        return f"Unreadable event: {event!r}."
    describer = DESCRIBERS.get(str(event.get("type")))
    if describer is None:
        return _fallback(event)
    try:
        text = describer(_Fields(event, game))
    except Exception:  # a malformed event must never break a log
        return _fallback(event)
    text = text[:1].upper() + text[1:] if text and text[0].islower() and event.get("seat") is None else text
    return text if text.endswith((".", "!", "?")) else text + "."
