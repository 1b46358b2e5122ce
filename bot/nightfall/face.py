"""Nightfall's Discord face (``bot.face.Face``): its options, words, prompts, images, results and commands."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any, cast

import discord
from discord.ext import commands

import render.nightfall
from bot.errors import UserError
from bot.face import BaseFace, NewOption, Prompt, Recent
from bot.nightfall import commands as _words  # noqa: F401  (registers the game's slash-command words)
from bot.nightfall import cup, images, prompts, summary, web
from bot.nightfall.coach import coach_lines
from bot.nightfall.events import describe, localised
from bot.nightfall.images import card_file, private_picture
from bot.nightfall.info import card_text, choice_name, find_cards
from bot.nightfall.naming import label
from bot.nightfall.play import NEW_OPTIONS, VARIANTS, VERBS
from bot.nightfall.rules_text import TOPICS, rules_topic
from bot.store import GameRow, ResultRow, SeatRow, Store
from bot.table import Table
from bot.verbs import Verb
from bot.web.sections import Section
from bot.words.i18n import clip, count, t
from bot.workers.images import Picture
from engine.i18n import LANGUAGES, has
from engine.nightfall import Game, Options
from engine.nightfall.actions import is_archive_ref, is_card_ref
from engine.nightfall.cards import card_set
from engine.nightfall.log import public_events
from engine.nightfall.rules import NIGHTFALL
from engine.nightfall.scoring import tie_break_text
from engine.nightfall.texts import wound_text
from engine.protocol import Match, Rules


def game(match: Match) -> Game:
    """A match of this face's rules as the Nightfall ``Game`` it is."""
    return cast(Game, match)


def place_text(place: int, lang: str = "en") -> str:
    """1st, 2nd, 3rd, 4th, 5th (in Polish and Russian, the ordinal their catalogues give)."""
    return t(f"place.{place}", lang) if place in (1, 2, 3) else t("place.n", lang, n=place)


def status_line(table: Table, lang: str | None = None) -> str:
    """Where the game stands: the draft round during the draft (it is no "turn 1" yet), else the
    turn, whose it is and the phase; in ``lang`` (the game's language unless a reader's is given)."""
    assert table.game is not None
    lang = lang or table.lang
    pub = table.game.public_view()
    if pub["phase"] == "draft":
        return t("status.draft", lang, round=pub["draft"]["round"], rounds=pub["draft"]["rounds"])
    phase = t(f"phase.{pub['phase']}", lang)
    return t("status.phase", lang, turn=pub["turn"], active=table.names[pub["active"]], phase=phase)


def results_text(details: list[dict[str, Any]], names: Mapping[str, str], lang: str = "en") -> str:
    """The final ranking, then why each tied place is ahead of the next: the ranking's own
    ``decided_by`` in words (``engine.nightfall.scoring.tie_break_text``), which names the wound-type count
    or the turns that decided, never a step that did not."""
    lines = [t("results.title", lang)]
    for place in details:
        types = ", ".join(count(n, k, lang) for k, n in place["by_type"].items())
        wounds = count(place["wounds"], "wound", lang)
        name = names[place["seat"]]
        lines.append(t("results.line", lang, place=place["place"], name=name, wounds=wounds, types=types))
    for a, b in itertools.pairwise(details):
        if a.get("decided_by") not in (None, "wounds"):
            reason = tie_break_text(a, b, lang=lang)
            lines.append(t("results.tiebreak", lang, name=names[a["seat"]], other=names[b["seat"]], reason=reason))
    return clip("\n".join(lines))


class NightfallFace(BaseFace):
    """Nightfall on Discord: 2–5 players, the fewest wounds win, an Apocalypse Cup as its series."""

    #: its series is the Apocalypse Cup, a run of games in one channel (``/game new series:cup``)
    series: bool = True
    rules: Rules = NIGHTFALL
    #: the images' start-up work, run in the background by ``bot.workers.images.prime``
    prime_images = staticmethod(render.nightfall.prime)
    new_options: Sequence[NewOption] = NEW_OPTIONS
    verbs: Sequence[Verb] = VERBS

    # ------------------------------------------------------------------ options and matches
    def options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        variant = str(chosen.get("variant", "standard"))
        if variant not in VARIANTS:
            raise UserError("err.unknown_variant", variant=variant[:40])
        return asdict(Options(draft=variant, secret_archives=bool(chosen.get("secret_archives", False))))

    def options_text(self, options: Mapping[str, Any], lang: str) -> str:
        variant = t(f"variant.{options.get('draft', 'standard')}", lang)
        return variant + (t("lobby.secret", lang) if options.get("secret_archives") else "")

    # ------------------------------------------------------------------ moves and the log
    def label(self, match: Match, action: Any, names: Mapping[str, str], lang: str) -> str:
        return label(game(match).describe(action, lang=lang), dict(names))

    def move_names(self, match: Match, action: Any, names: Mapping[str, str]) -> Sequence[str]:
        g = game(match)
        out: list[str] = []
        for arg in action.args:
            if arg in names:
                out.append(names[arg])
                continue
            key = None
            try:
                if is_card_ref(arg):
                    cid = g.parse_card(arg)
                    if g.is_wound(cid):
                        out += [wound_text(g.wound_type(cid), lang) for lang in LANGUAGES]
                    else:
                        key = g.d(cid).key
                elif is_archive_ref(arg):
                    key = g.s.archives[g.archive_index(arg)]["card"]
                elif arg in card_set().cards:
                    key = arg
            except (ValueError, LookupError):
                continue
            if key is not None:
                d = card_set().cards[key]
                out += [d.name, *d.names.values()]
        return out

    def refusal(self, match: Match, action: Any, lang: str) -> str:
        return game(match).explain(action, lang)

    def log_events(self, match: Match, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        # card names per language, so lines and summaries made from these events read in any language
        return [localised(e, game(match).card_view) for e in public_events(list(events))]

    def describe(self, event: dict[str, Any], lang: str) -> str:
        return describe(event, lang)

    def turn(self, match: Match) -> int:
        return summary.turn_of(game(match))

    def summary(self, turn: int, events: Sequence[dict[str, Any]], names: Mapping[str, str], lang: str) -> str:
        return summary.summary_text(turn, events, dict(names), lang)

    # ------------------------------------------------------------------ what players read
    def progress(self, match: Match, lang: str) -> str:
        pub = match.public_view()
        if pub["phase"] == "draft":
            return t("mine.draft", lang, round=pub["draft"]["round"], rounds=pub["draft"]["rounds"])
        return t("mine.turn", lang, turn=pub["turn"])

    def status(self, table: Table, lang: str) -> str:
        return status_line(table, lang)

    def status_facts(self, table: Table, lang: str) -> list[str]:
        assert table.game is not None
        stack = table.game.public_view()["wound_stack"]
        return [t("status.wounds_left", lang, left=stack["face_up"], start=stack["face_up_start"])]

    def prompt(self, table: Table, seat: str, lang: str, recent: Recent | None = None) -> Prompt | None:
        return prompts.build_prompt(table, seat, lang, recent)

    def web_sections(self, table: Table, lang: str) -> list[Section]:
        return web.web_sections(status_line(table, lang), table, lang)

    def table_picture(self, table: Table, lang: str | None = None) -> Picture:
        return images.table_picture(table, lang)

    def results_picture(self, table: Table, lang: str | None = None) -> Picture:
        return images.results_picture(table, lang)

    # ------------------------------------------------------------------ results and series
    def results(self, table: Table, match: Match) -> list[ResultRow]:
        assert match.is_over()
        names = table.names
        return [
            ResultRow(d["seat"], table.by_seat(d["seat"]).user_id, names[d["seat"]], d["place"], d["wounds"])
            for d in game(match).ranking_details()
        ]

    def results_text(self, table: Table, lang: str) -> str:
        assert table.game is not None
        return results_text(game(table.game).ranking_details(), table.played_by(), lang)

    def game_over_text(self, table: Table, seat: SeatRow, lang: str) -> str | None:
        assert table.game is not None
        details = game(table.game).ranking_details()
        mine = next((d for d in details if d["seat"] == seat.seat), None)
        if mine is None:
            return None  # a seat an old race added after the deal: it played no part (dropped on purpose)
        best = details[0]
        if best["seat"] == seat.seat:
            winner = t("over.dm_winner", lang)
        else:
            wounds = count(best["wounds"], "wound", lang)
            winner = t("over.dm_other", lang, name=table.names[best["seat"]], wounds=wounds)
        return t(
            "over.dm",
            lang,
            channel=table.row.channel_name,
            place=place_text(mine["place"], lang),
            players=len(details),
            wounds=count(mine["wounds"], "wound", lang),
            winner=winner,
        )

    async def stats_text(
        self, store: Store, guild_id: int, user_id: int, name: str, lang: str, *, mine: bool
    ) -> tuple[str, bool]:
        return await cup.stats_text(store, guild_id, user_id, name, lang, mine=mine)

    async def series_text(self, store: Store, channel_id: int) -> str:
        return await cup.cup_text(store, channel_id)

    async def series_note(self, store: Store, row: GameRow, lang: str) -> str:
        return await cup.cup_note(store, row, lang)

    # ------------------------------------------------------------------ /hand, /card and /rules
    def hand(self, table: Table, seat: str, lang: str) -> tuple[str, Picture]:
        view = game(table.game).private_view(seat, lang=lang) if table.game is not None else {"hand": []}
        names = ", ".join(c["name"] for c in view["hand"]) or t("hand.empty", lang)
        cards = count(len(view["hand"]), "card", lang)
        title = (
            t("hand.title_tutorial", lang, cards=cards)
            if table.row.tutorial
            else t("hand.title", lang, channel=table.row.channel_name, cards=cards)
        )
        text = f"{title}\n{names}"
        return text, private_picture(table, seat, "hand", view, lang)

    def find_cards(self, query: str) -> list[str]:
        return [c.key for c in find_cards(query)]

    def card_choice(self, key: str, lang: str) -> tuple[str, str]:
        return choice_name(card_set().cards[key], lang), key

    def card_name(self, key: str, lang: str) -> str:
        return card_set().cards[key].name_in(lang)

    tutorial_options: Mapping[str, Any] = {"variant": "quick-start"}

    def coach(self, match: Match, seat: str, names: Mapping[str, str], lang: str) -> list[str]:
        return coach_lines(game(match), seat, dict(names), lang)

    def lesson(self, kind: str, lang: str) -> str:
        key = f"teach.{kind.replace('-', '_')}"
        return t(key, lang) if has(key) else ""

    async def card_reply(self, key: str, lang: str) -> tuple[str, discord.File]:
        return card_text(key, lang), await card_file(key, lang)

    @property
    def rules_topics(self) -> Mapping[str, str]:
        return {topic: topic for topic in TOPICS}

    def rules_text(self, topic: str, lang: str) -> str:
        return rules_topic(topic, lang)

    # ------------------------------------------------------------------ its own commands
    def cogs(self, host: Any) -> list[commands.Cog]:
        return []  # its verbs are declared (``verbs``): the host makes their commands


FACE = NightfallFace()
