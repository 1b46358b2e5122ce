"""Every sentence the engine writes (log lines, move labels, refusals, tie-breaks, decision prompts),
as keyed English templates: the ``engine`` text domain. Polish and Russian live in ``engine/nightfall/locales``.

The engine speaks English unless asked otherwise: each function that writes a sentence takes
``lang`` ("en" by default). Card names are never translated here; they come from the card data
(``engine/nightfall/data/cards.json``), and in Polish and Russian a sentence puts them in quotes, „…” / «…»,
so a name stays in the nominative whatever the grammar around it (see GLOSSARY.md §1.10).

    text("engine.log.drew", "pl", ...)             # via i18n.text / i18n.plural
    card_text("Death Grip", "pl")                  # "„Morderczy chwyt”"
    and_list(["a", "b", "c"], "ru")                # "a, b и c"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache, reduce
from pathlib import Path
from typing import Any

from .. import i18n
from ..i18n import Template
from .cards import CardDef, card_set
from .decisions import KINDS

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "and_list",
    "ask_text",
    "card_key_text",
    "card_text",
    "colour_text",
    "or_list",
    "plural",
    "quoted",
    "spectator_words",
    "text",
    "wound_text",
    "wound_type_text",
]

#: what a decision asks of the deciding player, by the key ``ViewsMixin._asking_words`` gives
_ASK: dict[str, str] = {
    "draft": "Draft round {round} of {rounds}: pick a card.",
    "attack": "All your minions must attack: choose whom each one attacks.",
    "block": "You are attacked! Choose blockers (in the order they take damage), then No more blocks.",
    "combat-order": "Choose which attack resolves next.",
    "absorb-order": "Damage is coming at you: choose which of your minions absorbs it first.",
    "player-order": "Choose which player takes the damage next.",
    "chain_start": "Your chain phase: start a chain with any card, or start none.",
    "chain_link": "Link a card onto {last} ({links}), or pass.",
    "target": "{source}: choose a target.",
    "choose": "{source}: choose a card from your hand to {purpose}.",
    "claim": "Claim phase: you have {influence} influence. Claim, discard for +1, or end the phase.",
    "wound": "Cleanup: use your wound effect (discard all wounds, draw 2 for each) or skip it.",
}

#: what everyone else is told a decision asks, by the key ``ViewsMixin._spectator_words`` gives
_WATCH: dict[str, str] = {
    **{name: kind.spectators for name, kind in KINDS.items()},
    "chain_start": "start a chain or pass",
    "target_for": "choose a target for {source}",
    "choose_to": "choose a card to {purpose}",
    **{kind.public_as: kind.spectators for kind in KINDS.values() if kind.public_as},
}

ENGLISH: dict[str, Template] = {
    # ------------------------------------------------------------------ words inside sentences
    "engine.list.and": "{a} and {b}",
    "engine.list.or": "{a} or {b}",
    "engine.list.nothing": "nothing",
    "engine.colour.red": "red",
    "engine.colour.white": "white",
    "engine.colour.blue": "blue",
    "engine.colour.yellow": "yellow",
    "engine.colour.purple": "purple",
    "engine.colour.green": "green",
    # a wound card by its type: "wound (bite)" in sentences and labels, "Wound (bite)" as a card's name
    "engine.card.wound": "wound ({type})",
    "engine.card.wound_title": "Wound ({type})",
    # counted objects of a verb ("discards 2 wounds", "draw 4 cards"): Polish accusative forms
    "engine.n.wound": ("{n} wound", "{n} wounds"),
    "engine.n.card": ("{n} card", "{n} cards"),
    # a count of one wound type ("1 bite, 0 burn"): the nominative
    "engine.n.bite": ("{n} bite", "{n} bite"),
    "engine.n.burn": ("{n} burn", "{n} burn"),
    "engine.n.bleed": ("{n} bleed", "{n} bleed"),
    # what an effect looked for and found none of ("finds no target (a minion)")
    "engine.what.player": "a player",
    "engine.what.minion": "a minion",
    "engine.what.opposing_minion": "an opposing minion",
    "engine.what.own_minion": "a minion of their own",
    "engine.what.other_minion": "another minion",
    "engine.what.own_discard_card": "a card in their discard pile",
    "engine.what.own_discard_action": "an action in their discard pile",
    "engine.what.own_discard_minion": "a minion in their discard pile",
    "engine.what.own_discard_starting_minion": "a starting minion in their discard pile",
    "engine.what.archive": "an archive",
    "engine.what.claimable_archive": "an archive they may claim from",
    "engine.what.chain_order": "an order in the chain",
    "engine.what.any": "a target",
    # ------------------------------------------------------------------ the log (engine.nightfall.log)
    "engine.log.someone": "someone",
    "engine.log.a_card": "a card",
    "engine.log.unreadable": "Unreadable event: {event}.",
    "engine.log.draft_round": "Draft round {round} of {rounds}: everyone picks a card",
    "engine.log.drafted": "{seat} has picked",
    "engine.log.drafted_card": "{seat} drafts {card}",
    "engine.log.commons": "Commons: {names}",
    "engine.log.archives_of": "{seat}'s archives: {names}",
    "engine.log.archives_none": "none",
    "engine.log.secret_archives": ("{seat} has {n} secret archive", "{seat} has {n} secret archives"),
    "engine.log.first_player": "{seat} goes first",
    "engine.log.turn": "Turn {turn}: {seat} to play",
    "engine.log.attacks": "{seat}'s {card} ({strength}) attacks {target}",
    "engine.log.blocks": "{seat}'s {card} blocks {attacker}",
    "engine.log.blocks_done": "{seat} is done blocking",
    "engine.log.attack_resolves": "{seat}'s {card} strikes {target} for {n}",
    "engine.log.block_absorbs": (
        "{seat}'s {card} blocks {n} of the damage",
        "{seat}'s {card} blocks {n} of the damage",
    ),
    "engine.log.damage_absorbed": ("{seat}'s {card} absorbs {n} damage", "{seat}'s {card} absorbs {n} damage"),
    "engine.log.minion_damaged": ("{seat}'s {card} takes {n} damage", "{seat}'s {card} takes {n} damage"),
    "engine.log.minion_damaged_from": (
        "{seat}'s {card} takes {n} damage from {source}",
        "{seat}'s {card} takes {n} damage from {source}",
    ),
    "engine.log.card_damaged": ("{card} takes {n} damage", "{card} takes {n} damage"),
    "engine.log.card_damaged_from": ("{card} takes {n} damage from {source}", "{card} takes {n} damage from {source}"),
    "engine.log.destroyed": "{seat}'s {card} is destroyed",
    "engine.log.destroyed_to_hand": "{seat}'s {card} is destroyed (back to their hand)",
    "engine.log.destroyed_exiled": "{seat}'s {card} is destroyed (exiled)",
    "engine.log.destroyed_to": "{seat}'s {card} is destroyed ({zone})",
    "engine.log.leaves_play_exiled": "{seat}'s {card} leaves play and is exiled",
    "engine.log.leaves_play": "{seat}'s {card} leaves play to the discard pile",
    "engine.log.returned_to_hand": "{seat}'s {card} returns to their hand",
    "engine.log.enters_play": "{seat}'s {card} enters play",
    "engine.log.healed": ("{card} is healed of {n} damage", "{card} is healed of {n} damage"),
    # {detail} is " (bite, burn)": the wound types, or nothing
    "engine.log.wounded": ("{seat} receives {n} wound{detail}", "{seat} receives {n} wounds{detail}"),
    "engine.log.wounded_from": (
        "{seat} receives {n} wound{detail} from {source}",
        "{seat} receives {n} wounds{detail} from {source}",
    ),
    "engine.log.last_face_up_wound": "{seat} takes the last face-up wound: the game ends once this resolves",
    "engine.log.chain_start": "{seat} starts a chain with {card}",
    "engine.log.chain_start_kicker": "{seat} starts a chain with {card} — kicker!",
    "engine.log.chain_link": "{seat} links {card}",
    "engine.log.chain_link_kicker": "{seat} links {card} — kicker!",
    "engine.log.chain_pass": "{seat} adds no more cards",
    "engine.log.no_chain": "{seat} starts no chain",
    "engine.log.chain_closed": (
        "The chain closes with {n} card; the last one played resolves first",
        "The chain closes with {n} cards; the last one played resolves first",
    ),
    "engine.log.resolves": "{seat}'s {card} resolves",
    "engine.log.resolves_kicker": "{seat}'s {card} resolves with its kicker",
    "engine.log.targets": "{seat} targets {target} with {source}",
    "engine.log.no_target": "{source} finds no target ({what}) and does nothing there",
    "engine.log.does_not_resolve": "{seat}'s {card} does not resolve and goes to the discard pile",
    "engine.log.does_not_resolve_because": (
        "{seat}'s {card} does not resolve because of {source} and goes to the discard pile"
    ),
    "engine.log.replays": "{seat} resolves {card} again from the discard pile",
    "engine.log.replays_kicker": "{seat} resolves {card} again from the discard pile with its kicker",
    "engine.log.repeats": "{seat} resolves {card}'s text once more",
    "engine.log.no_text_blocks": "{seat}'s minions cannot block damage from card text this turn",
    "engine.log.no_text_blocks_because": (
        "{seat}'s minions cannot block damage from card text this turn because of {source}"
    ),
    "engine.log.put_on_deck": "{seat} puts {card} on top of their deck",
    "engine.log.exiled_from_hand": "{seat} exiles {card} from their hand",
    "engine.log.discarded": "{seat} discards {card}",
    "engine.log.archive_exiled": (
        "{seat} exiles {n} card from the {card} archive ({left} left)",
        "{seat} exiles {n} cards from the {card} archive ({left} left)",
    ),
    "engine.log.archive_revealed": "{seat}'s secret archive is revealed: {card}",
    "engine.log.influence_doubled": "{seat} doubles their influence to {total}",
    "engine.log.influence": (
        "{seat} gains {n} influence ({total} in all)",
        "{seat} gains {n} influence ({total} in all)",
    ),
    # a claim says that the number paid is influence and the number left is the archive's
    "engine.log.claimed_paid": (
        "{seat} claims {card}, paying {n} influence ({left} left in the archive)",
        "{seat} claims {card}, paying {n} influence ({left} left in the archive)",
    ),
    "engine.log.claimed_paid_empty": (
        "{seat} claims {card}, paying {n} influence (the archive is now empty)",
        "{seat} claims {card}, paying {n} influence (the archive is now empty)",
    ),
    "engine.log.claimed_free": "{seat} claims {card} for free ({left} left in the archive)",
    "engine.log.claimed_free_empty": "{seat} claims {card} for free (the archive is now empty)",
    "engine.log.discarded_for_influence": "{seat} discards {card} for 1 influence ({total} influence in all)",
    "engine.log.claim_done": "{seat} ends the claim phase",
    "engine.log.claim_done_unspent": (
        "{seat} ends the claim phase, leaving {n} influence unspent",
        "{seat} ends the claim phase, leaving {n} influence unspent",
    ),
    "engine.log.claim_nothing": "{seat} has nothing to claim",
    "engine.log.claim_nothing_unspent": (
        "{seat} has nothing to claim, leaving {n} influence unspent",
        "{seat} has nothing to claim, leaving {n} influence unspent",
    ),
    "engine.log.drew": ("{seat} draws {n} card", "{seat} draws {n} cards"),
    "engine.log.drew_cards": "{seat} draws {names}",
    "engine.log.reshuffled": (
        "{seat} shuffles their discard pile into a new deck of {n} card",
        "{seat} shuffles their discard pile into a new deck of {n} cards",
    ),
    # {wounds} and {cards} are counted objects: engine.n.wound, engine.n.card
    "engine.log.wound_effect": "{seat} discards {wounds} from hand to draw {cards}",
    "engine.log.wound_skip": "{seat} skips the wound effect",
    "engine.log.game_over": "The game is over",
    "engine.log.game_over_ranking": "The game is over: {winner} wins (ranking: {ranking})",
    "engine.log.stalled": "Nobody can do anything any more, so the game ends here",
    # ------------------------------------------------------------------ move labels (buttons; keep them short)
    "engine.label.draft": "Draft {card}",
    "engine.label.attack": "{attacker} attacks {target}",
    "engine.label.block": "Block {attacker} with {blocker}",
    "engine.label.no_more_blocks": "No more blocks",
    "engine.label.end_claim": "End claim phase",
    "engine.label.chain_start": "Start the chain with {card}",
    "engine.label.link": "Link {card}",
    "engine.label.link_kicker": "Link {card} (kicker!)",
    "engine.label.pass": "Pass",
    "engine.label.no_chain": "Start no chain",
    "engine.label.target": "Target {what}",
    "engine.label.next": "Next: {what}",
    "engine.label.yourself": "yourself",
    "engine.label.you": "you",
    "engine.label.exile": "Exile {card}",
    "engine.label.discard": "Discard {card}",
    "engine.label.claim": ("Claim {card} for {n} influence", "Claim {card} for {n} influence"),
    "engine.label.claim_own": (
        "Claim {card} from your archive for {n} influence",
        "Claim {card} from your archive for {n} influence",
    ),
    "engine.label.discard_for_influence": "Discard {card} (+1 influence)",
    "engine.label.wound_skip": "Skip wound effect",
    # {wounds} and {cards} are counted objects: engine.n.wound, engine.n.card
    "engine.label.wound_use": "Use wound effect (discard {wounds}, draw {cards})",
    # what tells a card from its twins, in parentheses after its name: "Vulko (bob's, 1 damage)"
    "engine.label.whose": "{seat}'s",
    "engine.label.yours": "yours",
    "engine.label.damage": ("{n} damage", "{n} damage"),
    "engine.label.undamaged": "undamaged",
    "engine.label.strength": "strength {n}",
    "engine.label.chain_position": "card {k} of the chain",
    "engine.label.attacking": "attacking {seat}",
    "engine.label.attacking_you": "attacking you",
    "engine.label.blocked_by": "{attack}, blocked by {names}",
    # archives in labels, refusals and log lines
    "engine.archive.commons": "{card} (commons)",
    "engine.archive.yours": "{card} (your archive)",
    "engine.archive.theirs": "{card} ({seat}'s archive)",
    "engine.archive.secret": "{seat}'s secret archive",
    "engine.archive.secret_numbered": "{seat}'s secret archive {k}",
    "engine.archive.a_secret": "a secret archive",
    # ------------------------------------------------------------------ refusals of a move
    "engine.illegal.not_a_move": "That is not a move.",
    "engine.illegal.game_over": "This game is over.",
    "engine.illegal.nothing_waiting": "Nothing is waiting for {seat} right now.",
    "engine.illegal.not_a_player": "'{seat}' is not a player in this game.",
    "engine.illegal.not_a_card": "'{ref}' is not a card in this game.",
    "engine.illegal.not_an_archive": "'{ref}' is not an archive in this game.",
    # {asked} is one of engine.need.*
    "engine.illegal.wrong_move": "That move doesn't fit now: you need to {asked}.",
    "engine.illegal.not_a_choice": "That is not one of your choices: you need to {asked}.",
    "engine.illegal.not_in_hand": "That card is not in your hand.",
    "engine.illegal.wound": "Wounds are not orders: they cannot be played.",
    "engine.illegal.no_link": "{card} is {colour}; it cannot link onto {last}, which links to {links}.",
    "engine.illegal.not_your_archive": "You can only claim from the commons and your own private archives.",
    "engine.illegal.archive_empty": "That archive is empty.",
    "engine.illegal.too_dear": (
        "{archive} costs {n} influence; you have {have}.",
        "{archive} costs {n} influence; you have {have}.",
    ),
    # what a decision needs, completing "you need to …"
    **{f"engine.need.{name}": kind.asks for name, kind in KINDS.items()},
    # ------------------------------------------------------------------ decisions
    **{f"engine.ask.{key}": words for key, words in _ASK.items()},
    **{f"engine.watch.{key}": words for key, words in _WATCH.items()},
    # what a card is chosen from the hand for: "to {purpose}" (a verb), "a card to {purpose}" (a noun)
    "engine.purpose.discard": "discard",
    "engine.purpose.exile": "exile",
    "engine.purpose_noun.discard": "discard",
    "engine.purpose_noun.exile": "exile",
    # ------------------------------------------------------------------ the ranking's tie-breaks
    "engine.rank.fewer_wounds": "fewer wounds ({a} against {b})",
    "engine.rank.tie": ("tie on {n} wound", "tie on {n} wounds"),
    "engine.rank.same.1": " and on the largest wound type count ({n} each)",
    "engine.rank.same.2": " and on the second-largest wound type count ({n} each)",
    "engine.rank.by_type.1": "{tie}{same}, decided by the largest wound type count ({a} against {b})",
    "engine.rank.by_type.2": "{tie}{same}, decided by the second-largest wound type count ({a} against {b})",
    "engine.rank.by_type.3": "{tie}{same}, decided by the third-largest wound type count ({a} against {b})",
    "engine.rank.fewer_turns": "{tie} and on wound types, decided by fewer turns ({a} against {b})",
    "engine.rank.seat": (
        "{tie}, on wound types and on turns ({turns} each), decided by seat: closest to the right of the first player"
    ),
    # ---------------------------------------------------------- the offline demo (python -m engine.nightfall.demo)
    "engine.demo.header": (
        "Nightfall: {n} player ({seats}), {variant} draft{secret}, seed {seed}, {ai} AI",
        "Nightfall: {n} players ({seats}), {variant} draft{secret}, seed {seed}, {ai} AI",
    ),
    "engine.demo.secret": ", secret archives",
    "engine.demo.draft": "Draft",
    "engine.demo.setup": "Setup",
    "engine.demo.game_over": "Game over after {turns} turns and {steps} actions ({ms} ms).",
    "engine.demo.ranking": "Final ranking:",
    # {count} is the number padded to two places, {types} the counts by type (engine.n.bite, ...)
    "engine.demo.wounds": ("{count} wound ({types})", "{count} wounds ({types})"),
    "engine.demo.turns": ("{n} turn", "{n} turns"),
    "engine.demo.ahead": "ahead of the next: {why}",
}

DOMAIN = i18n.register("engine", Path(__file__).parent / "locales", ENGLISH)

#: the English templates of ``ASKING_WORDS`` / ``SPECTATOR_WORDS`` (``engine.nightfall.views``), by their keys
ASK_WORDS: dict[str, str] = dict(_ASK)
WATCH_WORDS: dict[str, str] = dict(_WATCH)


def text(key: str, lang: str = "en", /, **kwargs: Any) -> str:
    """The sentence ``key`` in ``lang`` (English when it has no translation), formatted."""
    return i18n.text(key, lang, **kwargs)


def plural(key: str, n: int, lang: str = "en", /, **kwargs: Any) -> str:
    """The counted sentence ``key`` in its CLDR form for ``n`` in ``lang``, formatted."""
    return i18n.plural(key, n, lang, **kwargs)


# ---------------------------------------------------------------------------------------- lists


def and_list(items: Iterable[Any], lang: str = "en") -> str:
    """ "a, b and c" (pl "a, b i c", ru "a, b и c"); "nothing" for no items."""
    words = [str(x) for x in items]
    if not words:
        return text("engine.list.nothing", lang)
    if len(words) == 1:
        return words[0]
    return text("engine.list.and", lang, a=", ".join(words[:-1]), b=words[-1])


def each_and(items: Iterable[Any], lang: str = "en") -> str:
    """ "a and b and c": every pair joined by the language's "and" (for short lists of names)."""
    return reduce(lambda a, b: text("engine.list.and", lang, a=a, b=b), [str(x) for x in items])


def or_list(items: Iterable[Any], lang: str = "en") -> str:
    """ "a or b or c" in ``lang``."""
    return reduce(lambda a, b: text("engine.list.or", lang, a=a, b=b), [str(x) for x in items])


# ---------------------------------------------------------------------------------------- names


def quoted(name: str, lang: str) -> str:
    """A card name as a Polish or Russian sentence shows it: in „…” / «…» quotes, so the grammar
    around it never has to decline it (a name the data already quotes keeps its one pair).
    English names stay as they are."""
    if lang == "pl":
        return name if name.startswith("„") else f"„{name}”"
    if lang == "ru":
        if name.startswith("«"):
            return name
        if len(name) > 1 and name.startswith('"') and name.endswith('"'):
            name = name[1:-1]
        return f"«{name}»"
    return name


def card_key_text(key: str, lang: str = "en") -> str:
    """A card's name (by card key) as a sentence in ``lang`` shows it."""
    d = card_set().cards[key]
    return quoted(_name(d, lang), lang)


def _name(d: CardDef, lang: str) -> str:
    return d.names.get(lang) or d.name


@cache
def _by_english_name() -> Mapping[str, CardDef]:
    return {d.name: d for d in card_set().cards.values()}


def card_by_english_name(name: str) -> CardDef | None:
    """The card an engine event names in English ("Death Grip"); None for any other name."""
    return _by_english_name().get(name)


_WOUND_NAME = re.compile(r"wound \((\w+)\)")


def card_text(name: str, lang: str = "en") -> str:
    """The card an engine event names in English ("Death Grip", "wound (bite)") as ``lang`` shows
    it in a sentence. A name that is no card's (a stand-in such as "a card") is left as it is."""
    if lang == "en":
        return name
    d = card_by_english_name(name)
    if d is not None:
        return quoted(_name(d, lang), lang)
    m = _WOUND_NAME.fullmatch(name)
    if m is not None and m.group(1) in card_set().wound_types:
        return wound_text(m.group(1), lang)
    return name


def wound_type_text(wound_type: str, lang: str = "en") -> str:
    """A wound type's word ("bite", "ugryzienie", "укус") from the card data."""
    names = card_set().wound_names
    return (names.get(lang) or {}).get(wound_type) or names["en"].get(wound_type) or wound_type


def wound_text(wound_type: str, lang: str = "en") -> str:
    """A wound card as a sentence or a label names it: "wound (bite)", „Rana (ugryzienie)”."""
    words = text("engine.card.wound", lang, type=wound_type_text(wound_type, lang))
    return quoted(words, lang) if lang != "en" else words


def colour_text(colour: str, lang: str = "en") -> str:
    """A moon colour's word in ``lang`` (the masculine form in Polish and Russian: "kolor"/"цвет")."""
    key = f"engine.colour.{colour}"
    return text(key, lang) if i18n.has(key) else colour


# ---------------------------------------------------------------------------------------- decisions


def _local_args(args: Mapping[str, Any], lang: str, purpose_key: str) -> dict[str, Any]:
    """A decision's arguments (``ask["args"]`` of a view, in English) with the card names, the
    link colours and the purpose put into ``lang``."""
    out = dict(args)
    for k in ("source", "last"):
        if isinstance(out.get(k), str):
            out[k] = card_text(out[k], lang)
    if isinstance(out.get("links"), str):
        out["links"] = or_list((colour_text(c, lang) for c in out["links"].split(" or ")), lang)
    if isinstance(out.get("purpose"), str) and i18n.has(f"{purpose_key}.{out['purpose']}"):
        out["purpose"] = text(f"{purpose_key}.{out['purpose']}", lang)
    return out


def ask_args(args: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
    """A decision's ``ask["args"]`` in ``lang``, for a prompt that words the question itself."""
    return _local_args(args, lang, "engine.purpose")


def ask_text(key: str, args: Mapping[str, Any], lang: str = "en") -> str:
    """What a decision asks of the deciding player (a view's ``decision["ask"]``) in ``lang``."""
    return text(f"engine.ask.{key}", lang, **_local_args(args, lang, "engine.purpose"))


def spectator_words(key: str, args: Mapping[str, Any], lang: str = "en") -> str:
    """What everyone else is told a decision asks (a public view's ``pending[...]["ask"]``) in ``lang``."""
    return text(f"engine.watch.{key}", lang, **_local_args(args, lang, "engine.purpose_noun"))
