"""Fightdrome's words on Discord: the English source here (domain "fightdrome"), Polish and Russian in
``bot/fightdrome/locales``. Card, Sleeve and Stack names never live here: they come from the card data
(``engine/fightdrome/data/cards.json``) in each language."""

# ruff: noqa: E501  (one catalogue entry per line)

from __future__ import annotations

from pathlib import Path

from engine import i18n
from engine.fightdrome import Action
from engine.fightdrome.cards import kinds, sleeves, stacks
from engine.fightdrome.cards import name as card_name

ENGLISH: dict[str, i18n.Template] = {
    # the forms of the game's nouns the host's sentences take (``bot.words.i18n.NOUN_FORMS``): a missed deadline
    # covers the rest of an exchange, and the AI's spells at a seat are numbered by round
    "fightdrome.span.this": "this exchange",
    "fightdrome.span.until_end": "until the exchange ends",
    "fightdrome.span.count": ("{n} exchange", "{n} exchanges"),
    "fightdrome.turn.since": "from round {turn}",
    "fightdrome.turn.during": "in rounds {turns}",
    "fightdrome.turn.nth": "round {turn}",
    "fightdrome.turn.title": "Round {turn}",
    # the first message of a tutorial: how the game is won and what a turn is (``Face.goal``)
    "fightdrome.goal": (
        "🏆 **How to win**: a round ends when a player's hand is empty, and the other player wins it; the cards left "
        "in hand are **Fame**, and in a series the first to the Fame target wins. **A turn**: you play one card: an "
        "attack opens an exchange, and each answer must top the last card or stop it with a block, a Dodge or a Feint."
    ),
    # its AI levels (``engine.fightdrome.rules``), by the names the lobby's menu and /game add-bot show
    "fightdrome.level.easy": "easy",
    "fightdrome.level.normal": "normal",
    "fightdrome.level.hard": "hard",
    # a log line kept before the host's sentence took the game's noun as a field: stored games still read it
    "deadline.default_log.exchange": "⏰ {name} missed this exchange: {label} (by default).",
    # options, as the lobby and the table say them
    # the first prompt of each kind: what it asks, in two lines; the kinds a newcomer meets first (open, answer,
    # a stun) say what is happening in plain words before they name the game's term for it
    "fd.teach.open": (
        "**You start**: put any attacking card from your hand on the table (a Punch, a Kick or a Grapple, any "
        "strength), and your opponent must answer it. Card after card until one of you stops it: that is an "
        "**exchange**. You draw a card after each one you play, except after a neuro (Neurochem) card."
    ),
    "fd.teach.follow_up": "**After your Feint** you draw, then open a new exchange at once with any attack.",
    "fd.teach.open_or_rest": (
        "**Your opponent was stunned**: open a new exchange, or rest (draw one card, up to 7 in hand); after a "
        "rest they must open."
    ),
    "fd.teach.rest_or_open": "**Your opponent rested**: rest too (Breather), or open an exchange.",
    "fd.teach.answer": (
        "**Your opponent attacked**: beat their card with one of yours (a Punch on a Punch or Grapple, a Kick on a "
        "Kick or Grapple, a Grapple on any of them, at equal or higher strength), or stop it with a block of its type, "
        "a Dodge or a Feint. Stopping it ends this back-and-forth, the **exchange**. Only neuro (Neurochem) cards go "
        "on a neuro attack."
    ),
    "fd.teach.stun_discard": (
        "**You could not play**: no card in your hand fits, so you put one of your choice face down. That is being "
        "**stunned**; if it was your last card, you lose the round."
    ),
    "fd.teach.sleeve": "**Grand Tournament**: choose the fighter (Sleeve) you send into the next round.",
    # a tutorial's words on what each card does if played now ({cards}: the cards that do it)
    "fd.coach.open": "{cards}: opens the exchange; your opponent must answer it. You draw a card after it.",
    "fd.coach.open_neuro": "{cards}: opens with a neuro attack: only a neuro card answers it. No draw after it.",
    "fd.coach.attack": "{cards}: the exchange goes on; your opponent must answer this card. You draw after it.",
    "fd.coach.attack_neuro": "{cards}: beats any normal card; only a neuro card answers it. No draw after it.",
    "fd.coach.block": "{cards}: ends the exchange; your opponent must open the next. You draw after it.",
    "fd.coach.block_neuro": "{cards}: stops a neuro attack and ends the exchange; no draw after it.",
    "fd.coach.feint": "{cards}: ends the exchange; you draw, then open the next one at once.",
    "fd.coach.rest": "Rest: you draw one card instead; then your opponent must open.",
    "fd.coach.stun": "The card you put face down stays out of play until the round ends.",
    "fd.format.series": "a match to {target} Fame",
    "fd.format.bout": "a single bout",
    "fd.format.tournament": "a Grand Tournament (three fighters each)",
    "fd.rule.breather": "Breather",
    "fd.rule.last_breath": "Last Breath",
    "fd.rules_on": "; optional rules: {rules}",
    # decisions, as the table's status and the DM ask them
    "fd.kind.open": "opens an exchange",
    "fd.kind.follow_up": "follows the Feint with an attack",
    "fd.kind.open_or_rest": "opens or rests",
    "fd.kind.rest_or_open": "rests again or opens",
    "fd.kind.answer": "answers {card}",
    "fd.kind.stun_discard": "is stunned: discards a card face down",
    "fd.kind.sleeve": "picks a fighter",
    "fd.status": "Round {round} · **{name}** {doing}",
    "fd.status.picking": "Both players pick their first fighter in secret",
    "fd.status.over": "The match is over: **{name}** wins",
    "fd.status.fame": "Fame: {scores} (target {target})",
    "fd.status.fighters": "Fighters left: {scores}",
    "fd.progress": "round {round}",
    "fd.progress.picking": "picking fighters",
    # the DM
    "fd.ask.open": "**Open an exchange**: play any attack from your hand.",
    "fd.ask.follow_up": "**Follow your Feint** with any attack (a new exchange).",
    "fd.ask.open_or_rest": "{name} is stunned. **Open an exchange**, or **rest** (draw a card; then {name} must open).",
    "fd.ask.rest_or_open": "{name} rested. **Rest** too (Breather), or **open an exchange**.",
    "fd.ask.answer": "**Answer {card}** played by {name}. It may be answered with: {needs}.",
    "fd.ask.stun_discard": "**You are stunned**: no card of yours may be played. Choose a card to discard face down.",
    "fd.ask.sleeve": "**Pick your next fighter** (Grand Tournament).",
    "fd.ask.sleeve_first": "**Pick your first fighter** in secret: your opponent sees it when both have picked.",
    "fd.header": "**{game}** in **#{channel}** — round {round}.",
    "fd.header_tutorial": "🎓 **{game}** tutorial — round {round}.",
    "fd.counts": "Your hand {hand}/7 · deck {deck} · discard pile {discard} · stun pile {stun}",
    "fd.counts.rest": " · you may rest",
    "fd.your_stun": "Face down in your stun pile: {cards}",
    "fd.fame_line": "Fame: {scores} (target {target})",
    "fd.placeholder": "Choose a card",
    "fd.help": "New to Fightdrome? `/rules topic:fightdrome` explains it in a minute; `/card` shows any card.",
    "fd.needs.min": "{card} ≥ {strength}",
    "fd.or": " or ",
    # why a move is refused (bot/fightdrome/refusal.py)
    "fd.why.over": "The match is over.",
    "fd.why.not_yours": "It is your opponent's decision now.",
    "fd.why.picked": "You have picked your fighter: your opponent is still picking theirs.",
    "fd.why.rest": "You may rest only instead of opening an exchange, right after your opponent was stunned.",
    "fd.why.rest_breather": "You may rest only instead of opening an exchange, right after your opponent was stunned or rested.",
    "fd.why.rest_full": "You cannot rest with {cards} cards in hand.",
    "fd.why.rest_empty": "You cannot rest: you have no card left to draw.",
    "fd.why.kind.open": "That move does not fit now: you must open an exchange with an attack.",
    "fd.why.kind.follow_up": "That move does not fit now: you must follow your Feint with an attack.",
    "fd.why.kind.open_or_rest": "That move does not fit now: open an exchange with an attack, or rest.",
    "fd.why.kind.rest_or_open": "That move does not fit now: rest again, or open an exchange with an attack.",
    "fd.why.kind.answer": "That move does not fit now: you must answer {card}.",
    "fd.why.kind.stun_discard": "You are stunned: choose a card of your hand to discard face down.",
    "fd.why.kind.sleeve": "That move does not fit now: pick your fighter first.",
    "fd.why.not_in_hand": "You hold no {card}.",
    "fd.why.not_in_team": "{sleeve} is not one of your fighters still to fight.",
    "fd.why.not_attack": "{card} is not an attack: an exchange opens with a Punch, a Kick, a Grapple or a neuro attack.",
    "fd.why.too_weak": "{card} cannot be played on {top}: it needs a strength of {strength} or more.",
    "fd.why.no_fit": "{card} cannot be played on {top}: it may be answered with {needs}.",
    "fd.why.cannot": "{card} cannot be played now.",
    # /card
    "fd.card.copies": "{copies} in the box",
    "fd.card.fame": "worth {fame} Fame in hand at the end of a round",
    "fd.card.fame_strength": "worth its strength in Fame in hand at the end of a round",
    "fd.card.strengths": "Strengths (copies): {spread}.",
    "fd.card.reconstructed": "(Reconstructed: the rulebook prints the rules, not these values.)",
    "fd.card.no_strength": "There is no {card} in the box: {kind} comes in strengths {strengths}. Pick a card from `/card`'s list.",
    "fd.on.P": "An attack. Played on a Punch or a Grapple of equal or lower strength, or opens an exchange. Draw a card after it.",
    "fd.on.K": "An attack. Played on a Kick or a Grapple of equal or lower strength, or opens an exchange. Draw a card after it.",
    "fd.on.G": "An attack. Played on any attack of equal or lower strength, or opens an exchange. Draw a card after it.",
    "fd.on.PB": "A block. Stops a Punch or a Grapple of equal or lower strength; the attacker must open again. Draw a card after it.",
    "fd.on.KB": "A block. Stops a Kick or a Grapple of equal or lower strength; the attacker must open again. Draw a card after it.",
    "fd.on.NP": "A neurochem attack: beats any Punch or Grapple whatever its strength, and a Neurochem Punch or Grapple; only a neuro card may answer it. No draw after it.",
    "fd.on.NK": "A neurochem attack: beats any Kick or Grapple whatever its strength, and a Neurochem Kick or Grapple; only a neuro card may answer it. No draw after it.",
    "fd.on.NG": "A neurochem attack: beats any attack, neuro or not; only a neuro card may answer it. No draw after it.",
    "fd.on.NB": "A neurochem block: stops any attack, neuro or not; the attacker must open again. No draw after it.",
    "fd.on.DG": "Stops any ordinary attack whatever its strength (not a neuro one); the attacker must open again. Draw a card after it.",
    "fd.on.FT": "Played on any ordinary attack (not a neuro one): the exchange ends, you draw, then you must open at once with any attack (and draw again) — or you are stunned.",
    # /rules
    "fd.rules.fightdrome": (
        "**Altered Carbon: Fightdrome** — a card duel for two. Each player has a 44-card deck and 7 cards in hand. "
        "Players take turns playing one card: open an exchange with an attack (Punch, Kick, Grapple), then each "
        "answer must top the last card (same type or a Grapple, equal or higher strength), or stop it with a block, "
        "a Dodge or a Feint. Draw a card after every card that is not neuro. Who cannot play is **stunned** and "
        "discards a card face down. A round ends when a hand is empty; the cards left in hand are **Fame**. "
        "First to 300 Fame wins (150 with Fame Counts), or play a single bout."
    ),
    "fd.rules.fightdrome-answers": (
        "On a Punch: a Punch or a Grapple of equal or higher strength, a Punch Block as strong, a Dodge, a Feint, a "
        "Neurochem Punch or Grapple, the Neurochem Block. On a Kick: the same with Kick. On a Grapple: any attack or "
        "block as strong. On a neuro attack only a neuro card fits: Neurochem Punch on Punch or Grapple, Kick on "
        "Kick or Grapple, Grapple on any, and the Neurochem Block. A block, Dodge or Neurochem Block ends the "
        "exchange and the attacker opens again; after a Feint you open again yourself."
    ),
    "fd.rules.fightdrome-stun": (
        "If you must play and no card fits, you are **stunned**: you choose a card and discard it face down (your "
        "opponent never sees it). If it was your last card you lose the round. Otherwise your opponent opens — or "
        "**rests**: draws a card instead (only with 6 cards or fewer). After a Rest you must open; if you cannot, "
        "the round ends and both players score."
    ),
    "fd.rules.fightdrome-scoring": (
        "A round ends when a player's hand is empty (that player loses it) or when the stunned player cannot open "
        "after a Rest (the resting player wins it). Each player then scores the cards left in hand: an attack its "
        "strength, a block 25, a neuro card 50, Dodge and Feint 0. All cards go back into each deck for the next "
        "round, which the loser opens. If both pass the target in the same round, the higher total wins."
    ),
    "fd.rules.fightdrome-options": (
        "**Formats**: a match to 300 Fame (or 150 with *Fame Counts*), a **single bout** (one round), or a **Grand "
        "Tournament**: three fighters (Sleeves) each, the first picked in secret; a fighter that loses a round is "
        "out and its player sends in the next; who loses all three loses. **Breather**: after a Rest the stunned "
        "player may rest back. **Last Breath**: draw after a neuro card that was your last."
    ),
    "fd.rules.fightdrome-moves": (
        "Your decisions come by DM: tap the card to play (cards that cannot be played now are greyed) or Rest. The "
        "same moves work as commands: `/open`, `/answer`, `/rest`, `/stun`, `/fighter` (their lists show only what "
        "you can play; a card may be typed by name or code, like K30), or `/move`. `/hand` shows your hand, "
        "`/table` the table, `/card` any card."
    ),
    # moves, as buttons and the "✓ …" answer say them
    "fd.move.open": "Open with {card}",
    "fd.move.answer": "Play {card}",
    "fd.move.rest": "Rest: draw a card",
    "fd.move.stun-discard": "Discard {card} face down",
    "fd.move.sleeve": "Fight as {sleeve}",
    # the log
    "fd.log.deal": "{name} fights as {sleeve} with the {stack} Stack.",
    "fd.log.team": "{name}'s team: {sleeves} (Stack: {stack}).",
    "fd.log.round": "Round {round} begins: {name} opens.",
    "fd.log.overload": "Overload: {name} shows their hand ({cards}), shuffles it back and draws 7 again.",
    "fd.log.open": "{name} opens with {card}.",
    "fd.log.answer": "{name} answers with {card}.",
    "fd.log.forced": " (the only card that fits)",
    "fd.log.end.block": "The exchange ends: blocked.",
    "fd.log.end.dodge": "The exchange ends: dodged.",
    "fd.log.end.feint": "The exchange ends: a Feint; {name} attacks again at once.",
    "fd.log.end.stun": "The exchange ends.",
    "fd.log.stunned": "{name} is stunned: no card fits.",
    "fd.log.stun_discard": "{name} discards a card face down.",
    "fd.log.rest": "{name} rests and draws a card.",
    "fd.log.cannot_open": "{name} cannot open after the Rest.",
    "fd.log.reshuffle": "{name} shuffles their discards into a new deck ({n}).",
    "fd.log.last_breath": "Last Breath: {name} draws after their last card.",
    "fd.log.round_end.empty": "Round {round} goes to {winner}: {loser} has no cards left.",
    "fd.log.round_end.rest": "Round {round} goes to {winner}: {loser} cannot open after the Rest.",
    "fd.log.scored": "Fame scored: {scores}. Totals: {totals}.",
    "fd.log.tie": "Both are past the target with equal Fame: another round.",
    "fd.log.picked": "{name} has picked a fighter.",
    "fd.log.revealed": "{name} fights as {sleeve}.",
    "fd.log.sleeve": "{name} sends in {sleeve}.",
    "fd.log.eliminated": "{name}'s {sleeve} is eliminated.",
    "fd.log.match_end": "{name} wins the match!",
    # the channel: one summary per round, the results, game-over DMs, stats
    "fd.summary.start": "🥊 The fighters: {fighters}.",
    "fd.summary.round": "🥊 **Round {round}** to **{winner}** ({how}). {scores}",
    "fd.summary.how.empty": "{loser} ran out of cards",
    "fd.summary.how.rest": "{loser} could not open after a Rest",
    "fd.summary.unfinished": "🥊 Round {round}, unfinished. Stuns: {stuns} · Rests: {rests}",
    "fd.summary.exchanges": "Stuns: {stuns} · Rests: {rests}",
    "fd.summary.fame": "Fame: {scores}.",
    "fd.summary.eliminated": "{name}'s {sleeve} is out.",
    "fd.results.title": "🏁 **The match is over: {name} wins.**",
    "fd.results.series": "{place}. **{name}** — {fame} Fame, rounds won: {rounds}",
    "fd.results.tournament": "{place}. **{name}** — fighters left: {left}, rounds won: {rounds}",
    "fd.results.bout": "{place}. **{name}**",
    "fd.over.won": "🏁 You won the {game} match in **#{channel}**!",
    "fd.over.lost": "🏁 The {game} match in **#{channel}** is over: **{name}** won it.",
    # /game stats: the totals, then a part per format played ({won} of {played} games of it)
    "fd.stats.line": "**{name}** — Fightdrome: {games}, {wins} ({rate}%) · {formats}.",
    "fd.stats.series": "matches to a Fame target: {won} of {played} won, best {best} Fame",
    "fd.stats.bout": "single bouts: {won} of {played} won",
    "fd.stats.tournament": "Grand Tournaments: {won} of {played} won, most fighters left: {best}",
    "fd.stats.none": "**{name}** has no finished Fightdrome match in this server yet.",
    "fd.stats.none_you": "You have no finished Fightdrome match in this server yet: `/game new game:fightdrome` starts one.",
    "fd.hand.title": "Your hand in **#{channel}** ({cards}/7): {list}",
    "fd.hand.title_tutorial": "Your hand in your tutorial game ({cards}/7): {list}",
    "fd.hand.empty": "Your hand is empty.",
    "fd.no_series": "Fightdrome plays its series inside one game: choose `format` (a match to 300 or 150 Fame, a single bout, or a Grand Tournament).",
}

DOMAIN = i18n.register("fightdrome", Path(__file__).parent / "locales", ENGLISH)


def t(key: str, lang: str = "en", **fields: object) -> str:
    return i18n.text(key, lang, **fields)


def kind_name(code: str, lang: str) -> str:
    """A kind of card in words: "Punch Block"."""
    names = kinds()[code].names
    return names.get(lang) or names["en"]


def card(face: str, lang: str) -> str:
    """A card face in words: "Kick 30"."""
    return card_name(face, lang)


def sleeve(key: str, lang: str) -> str:
    s = sleeves()[key]
    return s.names.get(lang) or s.names["en"]


def stack(key: str, lang: str) -> str:
    s = stacks()[key]
    return s.names.get(lang) or s.names["en"]


def needs(codes: list[str], lang: str) -> str:
    """What may answer the top card, from the engine's ``requirement``: "Punch ≥ 60, Grapple ≥ 60, Punch Block ≥ 60,
    Dodge, Feint, Neurochem Punch, Neurochem Grapple, Neurochem Block"."""
    out = []
    for code in codes:
        if "≥" in code:
            kind, strength = code.split("≥")
            out.append(t("fd.needs.min", lang, card=kind_name(kind, lang), strength=strength))
        else:
            out.append(card(code, lang))
    return ", ".join(out)


def move_label(action: Action, lang: str) -> str:
    """A move in words, for its button, the autocomplete and the "✓ …" answer: "Open with Kick 30"."""
    if action.verb == "rest":
        return t("fd.move.rest", lang)
    if action.verb == "sleeve":
        return t("fd.move.sleeve", lang, sleeve=sleeve(action.arg, lang))
    return t(f"fd.move.{action.verb}", lang, card=card(action.arg, lang))
