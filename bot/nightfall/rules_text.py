"""Short rules help for ``/rules``, by topic: the English source here, Polish and Russian in ``bot/words/locales``
(domain "rules"). The full rules are in the README."""

from __future__ import annotations

from pathlib import Path

from engine import i18n
from engine.nightfall.cards import card_set

#: The English help per topic (the ``/rules topic:`` ids). A ``{card_id}`` field is that card's name
#: in the reader's language, from the card data: card names never live in the catalogues.
TOPICS: dict[str, str] = {
    "overview": (
        "**Nightfall** — deck-building for 2–5 players. Each turn: **combat** (all your minions attack), "
        "**chain** (play cards, linking colours), **claim** (buy cards with influence), **cleanup** (draw to 5). "
        "Damage to you becomes **wound** cards. When the last face-up wound is dealt, the game ends after the "
        "combat or chain in progress; **fewest wounds wins**."
    ),
    "combat": (
        "All your minions must attack; each picks an opponent. Defenders may block: a blocker blocks one attacker, "
        "several may block the same one, and the defender orders them. Each blocker absorbs damage up to its health "
        '(destroyed at 0); the rest wounds the defender. Blockers deal no damage back. Minions that "block damage '
        'inflicted on you" ({vulko}, {bad_smoke}) absorb unblocked and card damage first. After combat your minions '
        "are discarded (starting minions are exiled), except those that stay in play."
    ),
    "chain": (
        "Start a chain with any card. Link more: each card's colour (big moon) must be a link colour (small moons) "
        "of the **last** card. Then each opponent, in turn order, gets one chance to link cards. Cards resolve "
        "**last in, first out**; targets are chosen when a card resolves. A **kicker** applies when the card was "
        "linked directly onto a card of the kicker's colour. *Your Chain* text only works in your own chain. "
        "Minions enter play when they resolve."
    ),
    "claim": (
        "You have 2 influence, plus influence from cards this turn, plus 1 for each card you discard from your hand "
        "now. Claim the top card of a common archive or one of your own private archives for its cost; it goes on "
        "top of your discard pile. Unspent influence is lost."
    ),
    "cleanup": (
        "Draw up to 5 cards. Then you may use one wound effect: discard all wounds from your hand and draw 2 cards "
        'for each. Effects that last "this turn" end.'
    ),
    "end": (
        "The game ends when the last face-up wound is given out; finish the chain or combat in progress (extra "
        "wounds come from the face-down pile). Fewest wounds wins. Ties: compare your largest count of one wound "
        "type (lower wins), then the next; then the tied player closest to the right of the first player wins."
    ),
    "variants": (
        "**standard** draft (pick 2 private archives and 1 common), **two-player** (first pick removed), "
        "**quick-start** (fixed pairs, no draft), **open** archives (commons known first), **common-ground** "
        "(no private archives). **Secret archives** keep private archives hidden until first claimed."
    ),
    "cards": (
        "`/card name` shows any of the 30 cards (English or Polish name). The rulebooks print only some card texts; "
        "cards marked *reconstructed* were completed to fit the rulebook, and a group owning the printed cards can "
        "correct them in `engine/nightfall/data/cards.json`."
    ),
    "moves": (
        "Your decisions come by DM with buttons. The same moves work as commands: `/attack`, `/block`, `/chain`, "
        "`/pass`, `/target`, `/claim`, `/discard`, `/done`, `/wound`, `/draft`; their lists only show moves you can "
        "make now. `/hand` shows your hand privately, `/table` the table, `/game status` who must act."
    ),
}

#: The catalogue keys: ``rules.<topic>``.
ENGLISH: dict[str, i18n.Template] = {f"rules.{topic}": text for topic, text in TOPICS.items()}

DOMAIN = i18n.register("rules", Path(__file__).parent / "locales", ENGLISH)


def rules_topic(topic: str, lang: str) -> str:
    """The help on ``topic`` in ``lang`` (an unknown topic gets the overview, as a stale client may send one)."""
    key = f"rules.{topic if topic in TOPICS else 'overview'}"
    names = {c.key: c.names.get(lang, c.name) for c in card_set().cards.values()}
    return i18n.text(key, lang, **names)
