"""Nightfall's moves as slash commands (``/draft``, ``/attack``…) and its ``/game new`` options, declared as data:
the host makes the commands (``bot.cogs.verbs``), each option's autocomplete listing the player's legal moves of
its kind; the words' translations are in ``bot.nightfall.commands``."""

from __future__ import annotations

from bot.face import NewOption
from bot.verbs import Verb

VERBS: tuple[Verb, ...] = (
    Verb("draft", "Pick a draft card", ("draft",), "card", "The card to pick"),
    Verb("attack", "Send one of your minions to attack an opponent", ("attack",), "move", "Which minion attacks whom"),
    Verb(
        "block",
        "Block an attacker with one of your minions",
        ("block",),
        "move",
        "Which of your minions blocks which attacker",
    ),
    Verb("chain", "Start the chain, or link a card onto it", ("chain",), "card", "A card from your hand"),
    Verb("pass", "Add no (more) cards to the chain", ("pass",)),
    Verb(
        "target",
        "Answer a pending choice: a target, an order, a card",
        ("target", "order", "choose"),
        "choice",
        "Your choice",
    ),
    Verb("claim", "Claim the top card of an archive", ("claim",), "archive", "An archive you can afford"),
    Verb("discard", "Discard a card from your hand for 1 influence", ("discard",), "card", "A card from your hand"),
    Verb("done", "End your blocks, or end your claim phase", ("done",)),
    Verb(
        "wound",
        "Use or skip the wound effect in your cleanup",
        ("wound",),
        "choice",
        "use: discard every wound in your hand and draw 2 cards for each; skip: keep them",
        ("use", "skip"),
    ),
)

#: the draft variants, as ``/game new variant:`` offers them
VARIANTS = ("standard", "two-player", "quick-start", "open", "common-ground")

NEW_OPTIONS: tuple[NewOption, ...] = (
    NewOption("variant", str, "How the archives are drafted", "standard", VARIANTS),
    NewOption("secret_archives", bool, "Keep private archives hidden", False),
)
