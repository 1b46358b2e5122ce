"""One channel message per finished turn, from that turn's public engine events.

A move's events are filed under the turn they belong to (the draft is turn 0): a move that
ends a turn also starts the next, so its events are split at the engine's ``turn`` event.
The summary says what a spectator wants at a glance — the chain, the attacks and blocks, the
minions destroyed, the claims and the wounds — and leaves the play-by-play to the log thread.
Only public events are ever stored here, so a summary cannot tell what a hand holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

# a move's events are split at the engine's ``turn`` event, as every face does by default
from bot.face import split_by_turn as split_by_turn
from bot.nightfall.events import in_language
from bot.words.i18n import clip, count, t

if TYPE_CHECKING:
    from engine.nightfall import Game

Event = dict[str, Any]

#: a summary line is cut to this many characters (a long chain or many claims), the message to Discord's limit
LINE_LIMIT = 400
MESSAGE_LIMIT = 1900


def turn_of(game: Game) -> int:
    """The turn a game is in, with the draft as turn 0: what a move's events are filed under."""
    return 0 if game.phase == "draft" else game.turn


def summary_text(turn: int, events: Sequence[Event], names: dict[str, str], lang: str = "en") -> str:
    """The channel's message for a finished turn (or the draft, turn 0), in the game's ``lang``."""
    events = [in_language(e, lang) for e in events]

    def name(seat: Any) -> str:
        return names.get(str(seat), str(seat))

    if turn == 0:
        return clip(_draft(events, name, lang), MESSAGE_LIMIT)
    # the turn event names the active player; a game's very first turn has none, and there the
    # active player is the one who starts a chain (or starts none)
    active = next((e.get("seat") for e in events if e.get("type") == "turn"), None) or next(
        (e.get("seat") for e in events if e.get("type") in ("chain_start", "no_chain")), None
    )
    header = (
        t("summary.turn", lang, turn=turn, name=name(active)) if active else t("summary.turn_plain", lang, turn=turn)
    )
    lines = [header]
    for part in (_chain, _attacks, _destroyed, _claims, _wounds, _end):
        line = part(events, name, lang)
        if line:
            lines.append(clip(line, LINE_LIMIT))
    if len(lines) == 1:
        lines.append(t("summary.quiet", lang))
    return clip("\n".join(lines), MESSAGE_LIMIT)


def _draft(events: Sequence[Event], name: Any, lang: str) -> str:
    lines = [t("summary.draft", lang)]
    ready = next((e for e in events if e.get("type") == "archives_ready"), None)
    if ready is not None and ready.get("commons"):
        lines.append(t("summary.commons", lang, cards=", ".join(str(c) for c in ready["commons"])))
    first = next((e.get("seat") for e in events if e.get("type") in ("first_player", "turn")), None)
    if first is not None:
        lines.append(t("summary.first", lang, name=name(first)))
    return "\n".join(lines)


def _of(events: Iterable[Event], *types: str) -> list[Event]:
    return [e for e in events if e.get("type") in types]


def _chain(events: Sequence[Event], name: Any, lang: str) -> str:
    links = _of(events, "chain_start", "chain_link")
    if not links:
        return t("summary.no_chain", lang) if _of(events, "no_chain") else ""
    runs: list[tuple[Any, list[str]]] = []  # one player's links in a row read as one step
    for e in links:
        if runs and runs[-1][0] == e.get("seat"):
            runs[-1][1].append(str(e.get("name", "?")))
        else:
            runs.append((e.get("seat"), [str(e.get("name", "?"))]))
    cards = " → ".join(f"{name(seat)}: {_counted(cards)}" for seat, cards in runs)
    return t("summary.chain", lang, n=len(links), cards=cards)


def _counted(items: Sequence[str]) -> str:
    """Names in order of first appearance, each once with its count: "Death Grip ×3, Vulko"."""
    counts = Counter(items)
    return ", ".join(f"{item} ×{n}" if n > 1 else item for item, n in counts.items())


def _attacks(events: Sequence[Event], name: Any, lang: str) -> str:
    blockers: dict[str, list[str]] = {}
    for e in _of(events, "blocks"):
        blockers.setdefault(str(e.get("attacker")), []).append(f"{e.get('name', '?')}")
    parts = []
    for e in _of(events, "attacks"):
        text = t(
            "summary.attack",
            lang,
            attacker=e.get("name", "?"),
            strength=e.get("strength", "?"),
            defender=name(e.get("target")),
        )
        blocked = blockers.get(str(e.get("card")))
        if blocked:
            text += " " + t("summary.blocked", lang, blockers=", ".join(blocked))
        parts.append(text)
    return t("summary.attacks", lang, attacks="; ".join(parts)) if parts else ""


def _destroyed(events: Sequence[Event], name: Any, lang: str) -> str:
    gone = [f"{name(e.get('seat'))}: {e.get('name', '?')}" for e in _of(events, "destroyed")]
    return t("summary.destroyed", lang, minions=", ".join(gone)) if gone else ""


def _claims(events: Sequence[Event], name: Any, lang: str) -> str:
    by_seat: dict[Any, list[str]] = {}
    for e in _of(events, "claimed"):
        by_seat.setdefault(e.get("seat"), []).append(str(e.get("name", "?")))
    claims = [t("summary.claim", lang, name=name(seat), cards=_counted(cards)) for seat, cards in by_seat.items()]
    return t("summary.claims", lang, claims="; ".join(claims)) if claims else ""


def _wounds(events: Sequence[Event], name: Any, lang: str) -> str:
    taken: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = {}
    for e in _of(events, "wounded"):
        seat = str(e.get("seat"))
        n = int(e.get("n") or 0)
        taken[seat] += n
        kinds.setdefault(seat, Counter()).update(str(k) for k in e.get("types") or ())
    if not taken:
        return ""
    parts = []
    for seat, n in taken.items():
        types = ", ".join(count(c, k, lang) for k, c in kinds[seat].items())
        parts.append(f"{name(seat)} +{count(n, 'wound', lang)}" + (f" ({types})" if types else ""))
    return t("summary.wounds", lang, wounds="; ".join(parts))


def _end(events: Sequence[Event], name: Any, lang: str) -> str:
    if _of(events, "game_over", "stalled"):
        return t("summary.over", lang)
    last = _of(events, "last_face_up_wound")
    if last:
        return t("summary.last_wound", lang, name=name(last[0].get("seat")))
    return ""
