"""The web pages' own words: English here, Polish and Russian in ``bot/words/locales`` (the ``web`` domain).

A game's words on its table come from the game (``Face.web_sections``); these are the page's frame: its title,
the deadline, the live state, the replay's steps, the leaderboard's and the missing page's sentences.
"""

from __future__ import annotations

from pathlib import Path

from engine import i18n
from engine.i18n import Template

ENGLISH: dict[str, Template] = {
    # the page's title and heading: the game's name and its players
    "web.page.title": "{game}: {players}",
    "web.page.players": "Players: {players}.",
    # who must decide, and by when ({time}: the deadline, shown in the reader's time zone)
    "web.page.until": "{names} must decide by {time}.",
    "web.page.lobby": "The game has not started yet.",
    "web.page.log": "Recent moves",
    "web.page.replay": "Replay",
    "web.page.log_text": "Whole log (text)",
    "web.page.live": "Live",
    "web.page.reconnecting": "Reconnecting…",
    "web.page.language": "Language",
    "web.page.public": "Only what everyone at the table sees is shown here: no hand, no private choice.",
    "web.page.version": "Move {version}",
    "web.replay.title": "Replay: {game}",
    "web.replay.step": "Step {step} of {steps}",
    "web.replay.previous": "← Previous",
    "web.replay.next": "Next →",
    "web.replay.keys": "The ← and → keys step too.",
    "web.replay.happened": "What happened",
    "web.replay.live_table": "The live table",
    "web.log.head": "{game}: {players}. The public log.",
    "web.missing.title": "Not found",
    "web.missing.text": (
        "There is nothing here. The link may be mistyped, or its server has turned its web table off."
    ),
    # the answer to an address that asked too often (429), as plain text
    "web.busy": "Too many requests from your address: try again in {seconds} s.",
}

DOMAIN = i18n.register("web", Path(__file__).parent.parent / "words" / "locales", ENGLISH)
