"""Nightfall's words on Discord: the English source here (domain "nightfall"), Polish and Russian in
``bot/nightfall/locales/<lang>/LC_MESSAGES/nightfall.po``. Its lobby, prompts, lessons, tutorial notes, table status,
turn summaries, results, stats and counted nouns, and the forms of its nouns the host's sentences take as fields
(``bot.words.i18n.NOUN_FORMS``). Card names never live here: they come from the card data. ``/rules`` is the
"rules" domain (``rules_text``)."""

# ruff: noqa: E501  (one catalogue entry per line)

from __future__ import annotations

from pathlib import Path

from engine import i18n

ENGLISH: dict[str, i18n.Template] = {
    # the forms of the game's nouns the host's sentences take (``bot.words.i18n.NOUN_FORMS``): a missed deadline
    # covers the rest of a turn, and the AI's spells at a seat are numbered by turn
    "nightfall.span.this": "this turn",
    "nightfall.span.until_end": "until the turn ends",
    "nightfall.span.count": ("{n} turn", "{n} turns"),
    "nightfall.turn.since": "from turn {turn}",
    "nightfall.turn.during": "in turns {turns}",
    "nightfall.turn.nth": "turn {turn}",
    "nightfall.turn.title": "Turn {turn}",
    # the first message of a tutorial: how the game is won and what a turn is (``Face.goal``)
    "nightfall.goal": (
        "🏆 **How to win**: the game ends when the last face-up wound is dealt, and the player with the fewest "
        "wounds wins. **A turn**: your minions attack, you play cards one after another, you claim new cards with "
        "influence, and you draw up to 5."
    ),
    # its AI levels (``engine.nightfall.rules``), by the names the lobby's menu and /game add-bot show
    "nightfall.level.easy": "easy",
    "nightfall.level.normal": "normal",
    "nightfall.level.hard": "hard",
    # log lines kept before the host's sentence took the game's noun as a field: stored games still read them
    "deadline.default_log": "⏰ {name} missed this turn: {label} (by default).",
    "deadline.default_log.turn": "⏰ {name} missed this turn: {label} (by default).",
    # the lobby: the options in words
    "lobby.secret": ", secret archives",
    # a tutorial's words on each choice
    "coach.chain": "{card} is {colour}; after it, a {links} card may link on.",
    "coach.kicker_now": "Its kicker applies: it goes straight onto a {colour} card.",
    "coach.kicker_later": "Its kicker would apply only straight onto a {colour} card.",
    "coach.pass": "Passing ends your part of the chain; then the chain resolves, the last card played first.",
    "coach.claim": "You have {influence} influence now; each card you discard from your hand adds 1.",
    "coach.attack": "{card} deals {damage} to the player it attacks, less what blockers absorb.",
    "coach.block": "{card} would absorb up to {damage} and is destroyed if it takes that much.",
    # the first prompt of each kind: what it asks
    "teach.draft": (
        "**Draft**: pick one card; the others pass to the next player. Your picks become archives of 7 copies that "
        "you claim from later (private ones: only you). Nobody sees a pick until everyone has picked."
    ),
    "teach.attack": (
        "**Combat**: every minion you have in play must attack; send each at an opponent. Damage nobody blocks "
        "becomes their wounds, and the fewest wounds win the game."
    ),
    "teach.block": (
        "**Blocking**: you are attacked. Each of your minions may block one attacker and absorbs damage up to its "
        "health (blockers deal none back); damage nobody absorbs becomes your wounds."
    ),
    "teach.combat_order": "**Order of attacks**: your attacks are dealt with one by one, in the order you choose.",
    "teach.absorb_order": (
        "**Order of blockers**: choose which of your blockers takes the damage first; each absorbs up to its health."
    ),
    "teach.player_order": "**Order**: nothing happens at once; you choose in which order the players are affected.",
    "teach.target": "**Target**: a card's text is resolving and asks whom or what it hits.",
    "teach.chain": (
        "**Chain**: play a card from your hand, then you may add more, one on top of the other. Each card you add "
        "must match the one before it: its colour (big moon) must be one of that card's link colours (small moons). "
        "The cards then take effect from the last one back to the first. A kicker adds its text when a card goes "
        "straight onto a card of the kicker's colour."
    ),
    "teach.choose": "**Choose a card**: a card's text asks you to pick a card, to discard or to exile.",
    "teach.claim": (
        "**Claim**: you have 2 influence, +1 for each card you discard from your hand now. Spend it on the top card "
        "of the commons or of your own archives (to your discard pile); what you don't spend is lost."
    ),
    "teach.wound": (
        "**Wounds in hand**: once per turn you may discard all wounds from your hand and draw 2 cards for each."
    ),
    # /game mine and the table's status: where the game stands
    "mine.draft": "draft round {round} of {rounds}",
    "mine.turn": "turn {turn}",
    "status.phase": "Turn {turn} · {active} · {phase}",
    "status.draft": "Draft round {round} of {rounds}",
    # phase names as a sentence reads them ("turn 3, combat")
    "phase.draft": "draft",
    "phase.combat": "combat",
    "phase.chain": "chain",
    "phase.claim": "claim",
    "phase.cleanup": "cleanup",
    "phase.over": "game over",
    # the DM of a decision
    "prompt.header": "**Nightfall** in **#{channel}** — turn {turn}, {phase}.",
    "prompt.header_draft": "**Nightfall** in **#{channel}** — draft round {round} of {rounds}.",
    "prompt.header_tutorial": "🎓 **Nightfall** tutorial — turn {turn}, {phase}.",
    "prompt.header_draft_tutorial": "🎓 **Nightfall** tutorial — draft round {round} of {rounds}.",
    "prompt.draft": "Pick a card.",
    "prompt.draft_to.private": "This round's pick becomes one of your private archives.",
    "prompt.draft_to.commons": "This round's pick goes to the commons, where everyone may claim it.",
    "prompt.draft_to.out": "This round's pick leaves the game.",
    "prompt.attack": "All your minions must attack: choose whom each one attacks.",
    "prompt.block": "You are attacked! Choose blockers (in the order they take damage), then **No more blocks**.",
    "prompt.combat-order": "Choose which attack resolves next.",
    "prompt.absorb-order": "Damage is coming at you: choose which of your minions absorbs it first.",
    "prompt.player-order": "Choose which player takes the damage next.",
    "prompt.chain_start": "Your chain phase: start a chain with any card, or start none.",
    "prompt.chain_link": "Link a card onto **{last}** ({links}), or pass.",
    "prompt.target": "**{source}**: choose a target.",
    "prompt.choose": "**{source}**: choose a card from your hand to {purpose}.",
    "prompt.claim": "Claim phase: you have **{influence}** influence. Claim, discard for +1, or end the phase.",
    "prompt.wound": "Cleanup: use your wound effect (discard all wounds, draw 2 for each) or skip it.",
    "prompt.fact.attack": "{by} {attacker} (strength {strength}) attacks {defender}{blocked}.",
    "prompt.fact.by": "{name}'s",
    "prompt.fact.does": "{name} — {text}",
    "prompt.fact.by_you": "Your",
    "prompt.fact.blocked": ", blocked by {blockers}",
    "prompt.fact.damage": "{damage}{source} to share out.",
    "prompt.fact.damage_each": "{damage}{source} to each of the players below.",
    "prompt.fact.source": " from {source}",
    "prompt.fact.wounds": "You hold {wounds}.",
    "prompt.placeholder": "Choose",
    "prompt.copies": "(one of {n})",
    "prompt.discard_many": "Discard for +1 influence each",
    # /hand
    "hand.title": "Your hand in **#{channel}** ({cards}):",
    "hand.title_tutorial": "Your hand in your tutorial game ({cards}):",
    "hand.empty": "Your hand is empty.",
    # the results
    "results.title": "🏁 **The game is over.**",
    "results.line": "{place}. **{name}** — {wounds} ({types})",
    "results.tiebreak": "{name} is ahead of {other}: {reason}.",
    "status.wounds_left": "Face-up wounds left: {left}/{start}",
    # the channel: one summary per finished turn
    "summary.turn": "📜 **Turn {turn} — {name}**",
    "summary.turn_plain": "📜 **Turn {turn}**",
    "summary.draft": "📜 **The draft is over.**",
    "summary.commons": "Commons: {cards}.",
    "summary.first": "**{name}** goes first.",
    "summary.quiet": "A quiet turn: no chain, no attack, no wound.",
    "summary.no_chain": "⛓️ No chain.",
    "summary.chain": "⛓️ Chain of {n}: {cards}.",
    "summary.attacks": "⚔️ {attacks}.",
    "summary.attack": "{attacker} ({strength}) attacks {defender}",
    "summary.blocked": "— blocked by {blockers}",
    "summary.destroyed": "💀 Destroyed: {minions}.",
    "summary.claims": "🏛️ Claimed: {claims}.",
    "summary.claim": "{name}: {cards}",
    "summary.wounds": "🩸 {wounds}.",
    "summary.over": "🏁 The game is over: the results follow.",
    "summary.last_wound": "⚠️ {name} took the last face-up wound: the game ends after this round.",
    # the game-over DM
    "over.dm": (
        "🏁 The Nightfall game in **#{channel}** is over: you finished **{place}** of {players} with {wounds}. {winner}"
    ),
    "over.dm_winner": "You won!",
    "over.dm_other": "**{name}** won with {wounds}.",
    # the draft variants, as the lobby names them
    "variant.standard": "standard draft",
    "variant.two-player": "two-player draft",
    "variant.quick-start": "quick start",
    "variant.open": "open archives",
    "variant.common-ground": "common ground",
    # /game stats
    "stats.line": (
        "📊 **{name}** in this server: {games} played, {wins} ({rate}%), on average {average} wounds a game, "
        "best game {best}."
    ),
    "stats.none_you": (
        "You have no finished Nightfall game in this server yet. Open one with `/game new`: it counts here once it ends."
    ),
    "stats.none": "**{name}** has no finished Nightfall game in this server yet.",
    # counted nouns: (one, other) in English; Polish and Russian have three forms (one, few, many)
    "n.wound": ("{n} wound", "{n} wounds"),
    "n.card": ("{n} card", "{n} cards"),
    "n.bite": ("{n} bite", "{n} bites"),
    "n.burn": ("{n} burn", "{n} burns"),
    "n.bleed": ("{n} bleed", "{n} bleeds"),
    "n.damage": ("{n} damage", "{n} damage"),
}

DOMAIN = i18n.register("nightfall", Path(__file__).parent / "locales", ENGLISH)
