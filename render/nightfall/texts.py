"""Every word the images draw: the English source here, Polish and Russian in ``render/nightfall/locales``.

The table and the results are drawn in the game's language, the hand, draft and prompts in the
player's; the caller passes ``lang``. Card names come from the card data (``render.nightfall.cards``), and
what a decision asks and its answers' labels come with the engine's view, in the view's language.
Counted words are plural templates (Polish and Russian have three forms), never an English "s".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine import i18n
from engine.i18n import Template

ENGLISH: dict[str, Template] = {
    # shared: headers, phases, variants
    "render.turn": "turn {turn}",
    "render.round": "round {round} of {rounds}",
    "render.turn_of": "{name}'s turn",
    "render.wins": "{name} wins",
    "render.game_over": "Game over",
    "render.secret_archives": "secret archives",
    "render.phase.draft": "DRAFT",
    "render.phase.combat": "COMBAT",
    "render.phase.chain": "CHAIN",
    "render.phase.claim": "CLAIM",
    "render.phase.cleanup": "CLEANUP",
    "render.phase.over": "OVER",
    "render.variant.standard": "standard draft",
    "render.variant.two-player": "two-player draft",
    "render.variant.quick-start": "quick-start draft",
    "render.variant.open": "open draft",
    "render.variant.common-ground": "common-ground draft",
    "render.variant.other": "{variant} draft",
    # the moon colours (the moons keep the letters R W B Y P G in every language; the legend names them)
    "render.colour.red": "red",
    "render.colour.white": "white",
    "render.colour.blue": "blue",
    "render.colour.yellow": "yellow",
    "render.colour.purple": "purple",
    "render.colour.green": "green",
    # the word under (or beside) a big wound total: no number in the text, the number is drawn apart
    "render.wounds_word": ("wound", "wounds"),
    # the word under a wound type's count on the results image, in the count's plural form
    "render.type.bite": ("bite", "bites"),
    "render.type.burn": ("burn", "burns"),
    "render.type.bleed": ("bleed", "bleeds"),
    "render.none": "none",
    "render.secret_archive": "secret archive",
    "render.default": "default",
    # card kinds on a prompt's card chip
    "render.kind.minion": "minion",
    "render.kind.action": "action",
    "render.kind.wound": "wound",
    "render.kind.card": "card",
    # the table: waiting band, wound gauge
    "render.table.waiting": "WAITING FOR",
    "render.gauge.of": "of {start}",
    # the noun after "of {start}": counted by the start
    "render.gauge.left": ("wound left", "wounds left"),
    "render.gauge.nightfall": "NIGHTFALL: the last face-up wound is gone",
    "render.gauge.face_down": ("+{n} face down", "+{n} face down"),
    "render.gauge.next": "next: {type}",
    # the table: commons and archives
    "render.commons.title": "COMMONS",
    "render.commons.note": "anyone may claim · cost · copies left",
    # the letter before a common's kicker moon (the legend explains it)
    "render.kicker_letter": "K",
    "render.archive.empty_tile": "EMPTY",
    "render.archive.empty": "empty",
    "render.archive.left": ("×{n} left", "×{n} left"),
    # the table during the draft
    "render.draft.title": "DRAFT",
    "render.draft.goes.private": "this round's picks go to each player's private archives",
    "render.draft.goes.commons": "this round's picks go to the commons",
    "render.draft.goes.out": "this round's picks go out of the game",
    "render.draft.picking": "picking",
    "render.draft.commons_so_far": "commons so far: {names}",
    "render.draft.commons_none": "commons so far: none yet",
    # the table: the chain
    "render.chain.title": "CHAIN",
    "render.chain.note": "played top to bottom · the last one played resolves first",
    "render.chain.next_link": "next link:",
    "render.chain.empty": "no card in the chain yet",
    "render.chain.by": "by {name}",
    "render.chain.resolved": "✓ resolved",
    "render.chain.resolving": "▶ resolving",
    "render.chain.cancelled": "✗ cancelled",
    "render.chain.waiting": "waiting",
    "render.chain.kicker": "★ KICKER",
    # the table: combat
    "render.combat.title": "COMBAT",
    "render.combat.attacks": "{name} attacks",
    "render.combat.strength": "strength {n}",
    "render.combat.blocked_by": "· blocked by {names}",
    "render.combat.unblocked": "· unblocked",
    "render.combat.done": "✓ done",
    "render.combat.to_fight": "to fight",
    # the table: players
    "render.players.title": "PLAYERS",
    "render.players.note": "in turn order",
    "render.seat.turn": "▶ TURN",
    "render.seat.deciding": "DECIDING",
    "render.seat.influence": "influence",
    # a count and its label; the number is drawn bold where {n} stands
    "render.seat.hand": "{n} hand",
    "render.seat.deck": "{n} deck",
    "render.seat.discard": "{n} discard",
    "render.seat.archives": "ARCHIVES",
    "render.seat.in_play": "IN PLAY",
    # the table: legend
    "render.legend.kicker": "kicker colour",
    "render.legend.stays": "stays in play",
    "render.legend.blocks": "blocks damage",
    "render.legend.unblockable": "cannot be blocked",
    "render.legend.strength": "strength",
    "render.legend.health": "♥ health left",
    "render.legend.kicker_applies": "★ kicker applies",
    # the hand
    "render.hand.title": ("{you} · your hand · {n} card", "{you} · your hand · {n} cards"),
    "render.hand.link_onto": "Link onto {name} — it links to",
    "render.hand.your_decision": "Your decision",
    "render.hand.waiting_for": "Waiting for {names}",
    "render.hand.start": "▶ START",
    "render.hand.link": "▶ LINK",
    "render.hand.start_kicker": "▶ START  ★ KICKER",
    "render.hand.link_kicker": "▶ LINK  ★ KICKER",
    "render.hand.wound": "wound",
    "render.hand.cannot_link": "can't link",
    "render.hand.empty": "no cards in hand",
    # the draft packet
    "render.draft.header": "{you} · draft round {round} of {rounds}",
    "render.draft.picked": "You picked {card} — waiting for the others",
    "render.draft.pick": "Pick one card",
    "render.draft.pick.private": "Pick one card for your private archives",
    "render.draft.pick.commons": "Pick one card for the commons",
    "render.draft.pick.out": "Pick one card to leave out of the game",
    "render.draft.your_picks": "Your picks so far: {picks}",
    "render.draft.to.private": "{card} (private)",
    "render.draft.to.commons": "{card} (commons)",
    "render.draft.to.out": "{card} (out)",
    "render.draft.your_pick": "★ YOUR PICK",
    # prompts
    "render.prompt.default_words": "the default if time runs out",
    "render.prompt.seat_facts": "{hand} in hand · {play} in play · {deck} in deck",
    # copies of a card merged into one button, as the DM's button says it (bot: prompt.copies)
    "render.prompt.copies": "(one of {n})",
    "render.prompt.commons": "commons",
    "render.prompt.your_archive": "your archive",
    "render.prompt.owners_archive": "{name}'s archive",
    "render.prompt.your_private_archive": "your private archive",
    "render.prompt.yours": "yours",
    "render.prompt.owners": "{name}'s",
    "render.prompt.blocked_by": "blocked by {names}",
    "render.prompt.not_blocked": "not blocked",
    "render.prompt.fought": "✓ fought",
    "render.prompt.attacks_you": "attacks YOU",
    "render.prompt.attacks": "attacks {name}",
    "render.prompt.can_claim": "YOU CAN CLAIM",
    "render.prompt.can_claim_note": "cost to you · copies left",
    "render.prompt.too_dear": "NOT ENOUGH INFLUENCE",
    "render.prompt.too_dear_note": "they cost more than {influence}",
    "render.prompt.influence": "influence to spend",
    "render.prompt.choose": "CHOOSE",
    "render.prompt.or": "OR",
    "render.prompt.damage": ("{n} damage to deal", "{n} damage to deal"),
    "render.prompt.resolving": "RESOLVING",
    "render.prompt.played_by": "played by {name}",
    "render.prompt.kicker_applies": "★ its kicker applies",
    "render.prompt.attacks_title": "ATTACKS",
    "render.prompt.attacks_by": "by {name}",
    "render.prompt.to_send": ("{n} minion still to send", "{n} minions still to send"),
    # the verbs of a prompt's choices, listed beside CHOOSE
    "render.verb.draft": "draft",
    "render.verb.attack": "attack",
    "render.verb.block": "block",
    "render.verb.chain": "chain",
    "render.verb.pass": "pass",
    "render.verb.target": "target",
    "render.verb.order": "order",
    "render.verb.choose": "choose",
    "render.verb.claim": "claim",
    "render.verb.discard": "discard",
    "render.verb.done": "done",
    "render.verb.wound": "wound",
    # the results
    "render.results.title": "FINAL RANKING",
    "render.results.note": "night has fallen",
    "render.results.winner": "winner",
    "render.results.turns": ("{n} turn", "{n} turns"),
    "render.results.ahead": "{name} is ahead of {next}:",
    "render.results.rule": (
        "Fewest wounds wins. Tied: the lower largest wound-type count, then the second and third largest; "
        "then fewer turns (seated closest to the right of the first player)."
    ),
    # the images' words for readers who cannot see them (alt text, read aloud): plain words, no symbols
    "render.alt.table": "Nightfall table, turn {turn}.",
    "render.alt.phase": "Phase: {phase}.",
    "render.alt.turn_of": "It is {name}'s turn.",
    "render.alt.deciding": "Deciding now: {what}.",
    "render.alt.gauge": "Face-up wounds left: {left} of {start}, {down} face down.",
    "render.alt.next": "Next wound: {type}.",
    "render.alt.nightfall": "Nightfall: the last face-up wound is gone.",
    "render.alt.wounds": ("{n} wound", "{n} wounds"),
    "render.alt.counts": "hand {hand}, deck {deck}, discard {discard}",
    "render.alt.influence": "influence {n}",
    "render.alt.seat": "{name}: {wounds} ({types}); {counts}.",
    "render.alt.archives": "{name}'s archives: {list}.",
    "render.alt.copies": ("{n} copy left", "{n} copies left"),
    "render.alt.minions": "{name}'s minions in play: {list}.",
    "render.alt.minion": "{name}, strength {strength}, health {left} of {health}",
    "render.alt.commons": "Commons: {list}.",
    "render.alt.common": "{name}: {colour}, links to {links}, cost {cost}, {copies}",
    "render.alt.kicker": "kicker {colour}",
    "render.alt.chain": "Chain, from the first card played to the last; the last resolves first: {list}.",
    "render.alt.link": "{name} by {by}, {status}",
    "render.alt.status.resolved": "resolved",
    "render.alt.status.resolving": "resolving",
    "render.alt.status.cancelled": "cancelled",
    "render.alt.status.waiting": "waiting",
    "render.alt.kicker_applies": "its kicker applies",
    "render.alt.combat": "Combat, {name} attacks: {list}.",
    "render.alt.fight": "{name}, strength {strength}, attacks {defender}, {blocks}, {state}",
    "render.alt.fight.done": "fought",
    "render.alt.fight.to_fight": "still to fight",
    "render.alt.draft": "Draft, round {round} of {rounds}.",
    "render.alt.ai": "(AI)",
    "render.alt.hand": ("{you}'s hand, {n} card:", "{you}'s hand, {n} cards:"),
    "render.alt.card": "{name}: {kind}, {colour}, links to {links}, cost {cost}",
    "render.alt.stats": "strength {strength}, health {health}",
    "render.alt.can_start": "can start a chain",
    "render.alt.can_link": "can link",
    "render.alt.can_start_kicker": "can start a chain, with its kicker",
    "render.alt.can_link_kicker": "can link, with its kicker",
    "render.alt.cannot_link": "cannot link now",
    "render.alt.wound_card": "{name}: a wound",
    "render.alt.draft_header": "{you}, draft round {round} of {rounds}.",
    "render.alt.packet": "The packet: {list}.",
    "render.alt.question": "Your decision: {what}.",
    "render.alt.resolving": "Resolving: {card}, played by {name}.",
    "render.alt.choices": "What you may choose: {list}.",
    "render.alt.controlled_by": "{name}'s",
    "render.alt.archive": "{name} from {owner}, cost {cost}, {copies}",
    "render.alt.player": "{name}, {wounds}",
    "render.alt.results": "Nightfall, final ranking: {list}.",
    "render.alt.place": "{place}. {name}, {wounds} ({types})",
    "render.alt.card_face": "{name}, {type}, cost {cost}, {colour}, links to {links}.",
    "render.alt.card_stats": "Strength {strength}, health {health}.",
    "render.alt.card_kicker": "Kicker, {colour}: {text}",
}

DOMAIN = i18n.register("render", Path(__file__).parent / "locales", ENGLISH)


def has(key: str) -> bool:
    """Whether ``key`` is a known text (some keys are made from a view's ids: a phase, a variant)."""
    return i18n.has(key)


def t(key: str, lang: str = "en", /, **kwargs: Any) -> str:
    """The image text ``key`` in ``lang`` (English when it has no translation)."""
    return i18n.text(key, lang, **kwargs)


def n(key: str, count: int, lang: str = "en", /, **kwargs: Any) -> str:
    """The counted image text ``key`` for ``count`` in ``lang``'s plural form."""
    return i18n.plural(key, count, lang, **kwargs)


def around(key: str, lang: str = "en") -> tuple[str, str]:
    """The words before and after ``{n}`` in the text ``key`` ("{n} hand" → ("", " hand"); Polish
    "ręka {n}" → ("ręka ", "")), so the number can be drawn in its own font between them."""
    before, _, after = t(key, lang, n="\0").partition("\0")
    return before, after


def phase(name: str | None, lang: str = "en") -> str:
    """A phase's label for the header's pill; "?" for none, the id in capitals for an unknown one."""
    key = f"render.phase.{name}"
    return t(key, lang) if has(key) else (name or "?").upper()


def variant(name: str, lang: str = "en") -> str:
    """A draft variant, as the header names it ("standard draft", "draft standardowy")."""
    key = f"render.variant.{name}"
    return t(key, lang) if has(key) else t("render.variant.other", lang, variant=name)


def colour_name(name: str, lang: str = "en") -> str:
    key = f"render.colour.{name}"
    return t(key, lang) if has(key) else name


def kind(name: str, lang: str = "en") -> str:
    """A card's kind on a chip ("minion", "sługus"); an unknown kind as the view gives it."""
    key = f"render.kind.{name}"
    return t(key, lang) if has(key) else name


def verb(name: str, lang: str = "en") -> str:
    key = f"render.verb.{name}"
    return t(key, lang) if has(key) else name


def wounds_word(count: int, lang: str = "en") -> str:
    """The word under a wound total: "wound", "wounds"; "rana", "rany", "ran"."""
    return n("render.wounds_word", count, lang)


def type_word(wound_type: str, count: int, lang: str = "en") -> str:
    """The word under a wound type's count: "0 burns", "5 ugryzień", "1 укус" (never "5 ugryzienie")."""
    return n(f"render.type.{wound_type}", count, lang)
