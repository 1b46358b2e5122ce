"""Fightdrome's Discord face (``bot.face.Face``): its options, words, prompts, images, results and commands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any, cast

import discord
from discord.ext import commands

import render.fightdrome
from bot.errors import UserError
from bot.face import BaseFace, NewOption, Prompt, Recent
from bot.fightdrome import commands as _words  # noqa: F401  (registers the game's slash-command words)
from bot.fightdrome import images, prompts, summary, web
from bot.fightdrome.coach import coach_lines
from bot.fightdrome.events import describe, kept
from bot.fightdrome.info import TOPIC_NAMES, card_reply, choice, find_cards, rules_topic
from bot.fightdrome.play import NEW_OPTIONS, VERBS
from bot.fightdrome.refusal import refusal
from bot.fightdrome.texts import card, move_label, sleeve, t
from bot.store import SeatRow, Store
from bot.table import Table
from bot.verbs import Verb
from bot.web.sections import Section
from bot.words.i18n import clip, count, rename
from bot.workers.images import Picture
from engine.fightdrome import Action, Match, Options
from engine.fightdrome.cards import name as card_name
from engine.fightdrome.match import FORMATS
from engine.fightdrome.rules import FIGHTDROME
from engine.i18n import LANGUAGES, has
from engine.protocol import Match as AnyMatch
from engine.protocol import Rules


def match_of(m: AnyMatch | None) -> Match:
    assert m is not None
    return cast(Match, m)


def scores_text(m: Match, names: Mapping[str, str], lang: str) -> str:
    """Both players' Fame (a series) or fighters left (a tournament), for the status and the DM."""
    pub = m.public_view()
    if m.options.format == "series":
        scores = " · ".join(f"{names.get(s, s)} {pub['fighters'][s]['fame']}" for s in m.seats)
        return t("fd.status.fame", lang, scores=scores, target=m.options.target)
    if m.options.format == "tournament":
        left = {s: len(pub["fighters"][s]["team"]) + (1 if pub["fighters"][s]["sleeve"] else 0) for s in m.seats}
        return t("fd.status.fighters", lang, scores=" · ".join(f"{names.get(s, s)} {left[s]}" for s in m.seats))
    return ""


def doing(m: Match, lang: str) -> str:
    """What the player to act is doing, in words: "answers Kick 30"."""
    top = m.top()
    return t(f"fd.kind.{m.kind}", lang, card=card(top, lang) if top else "")


class FightdromeFace(BaseFace):
    """Fightdrome on Discord: two players, a match to a Fame target, a bout or a Grand Tournament."""

    rules: Rules = FIGHTDROME
    #: the images' start-up work, run in the background by ``bot.workers.images.prime``
    prime_images = staticmethod(render.fightdrome.prime)
    new_options: Sequence[NewOption] = NEW_OPTIONS
    verbs: Sequence[Verb] = VERBS

    # ------------------------------------------------------------------ options and matches
    def options(self, chosen: Mapping[str, Any]) -> dict[str, Any]:
        fmt = str(chosen.get("format", "series"))
        if fmt not in FORMATS:
            raise UserError("err.unknown_variant", variant=fmt[:40])
        target = 150 if chosen.get("fame_counts") else 300
        opts = Options(fmt, target, bool(chosen.get("breather")), bool(chosen.get("last_breath")))
        return asdict(opts)

    def options_text(self, options: Mapping[str, Any], lang: str) -> str:
        fmt = str(options.get("format", "series"))
        text = t(f"fd.format.{fmt}", lang, target=options.get("target", 300))
        rules = [t(f"fd.rule.{r}", lang) for r in ("breather", "last_breath") if options.get(r)]
        return text + (t("fd.rules_on", lang, rules=", ".join(rules)) if rules else "")

    # ------------------------------------------------------------------ moves and the log
    def label(self, match: AnyMatch, action: Any, names: Mapping[str, str], lang: str) -> str:
        return move_label(cast(Action, action), lang)

    def move_names(self, match: AnyMatch, action: Any, names: Mapping[str, str]) -> Sequence[str]:
        """A card by its code (``K30``, ``pb80``) or its name in any language; a Sleeve by its name."""
        a = cast(Action, action)
        if not a.arg:
            return ()
        if a.verb == "sleeve":
            return [a.arg, *(sleeve(a.arg, lang) for lang in LANGUAGES)]
        return [a.arg, *(card_name(a.arg, lang) for lang in LANGUAGES)]

    def refusal(self, match: AnyMatch, action: Any, lang: str) -> str:
        return refusal(match_of(match), cast(Action, action), lang)

    def log_events(self, match: AnyMatch, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return kept(match_of(match), events)

    def describe(self, event: dict[str, Any], lang: str) -> str:
        return describe(event, lang)

    def turn(self, match: AnyMatch) -> int:
        return match_of(match).round

    def span(self, match: AnyMatch) -> int:
        return match_of(match).exchanges

    def split_by_turn(self, turn: int, events: Sequence[dict[str, Any]]) -> list[tuple[int, list[dict[str, Any]]]]:
        return summary.split_by_round(turn, events)

    def summary(self, turn: int, events: Sequence[dict[str, Any]], names: Mapping[str, str], lang: str) -> str:
        return summary.summary_text(turn, [rename(e, dict(names)) for e in events], lang)

    # a replay steps exchange by exchange (a round lasts a whole bout), the round's summary at its end
    def replay_mark(self, match: AnyMatch) -> int:
        return match_of(match).exchanges

    def split_by_mark(self, mark: int, events: Sequence[dict[str, Any]]) -> list[tuple[int, list[dict[str, Any]]]]:
        return summary.split_by_exchange(mark, events)

    def replay_lines(
        self,
        stretch: Sequence[dict[str, Any]],
        turns: Sequence[tuple[int, Sequence[dict[str, Any]]]],
        names: Mapping[str, str],
        lang: str,
    ) -> list[str]:
        summaries = [self.summary(n, evs, names, lang) for n, evs in turns if evs]
        return summary.replay_lines([rename(e, dict(names)) for e in stretch], summaries, lang)

    # ------------------------------------------------------------------ what players read
    def progress(self, match: AnyMatch, lang: str) -> str:
        m = match_of(match)
        return t("fd.progress.picking", lang) if m.picking else t("fd.progress", lang, round=m.round)

    def status(self, table: Table, lang: str) -> str:
        m = match_of(table.game)
        if m.winner is not None:
            return t("fd.status.over", lang, name=table.names.get(m.winner, m.winner))
        if m.picking:
            return t("fd.status.picking", lang)
        assert m.turn is not None
        return t("fd.status", lang, round=m.round, name=table.names.get(m.turn, m.turn), doing=doing(m, lang))

    def status_facts(self, table: Table, lang: str) -> list[str]:
        text = scores_text(match_of(table.game), table.names, lang)
        return [text] if text else []

    def web_sections(self, table: Table, lang: str) -> list[Section]:
        return web.web_sections(self.status(table, lang), table, lang)

    def prompt(self, table: Table, seat: str, lang: str, recent: Recent | None = None) -> Prompt | None:
        return prompts.build_prompt(table, seat, lang, recent)

    def table_picture(self, table: Table, lang: str | None = None) -> Picture:
        return images.table_picture(table, lang)

    def results_picture(self, table: Table, lang: str | None = None) -> Picture:
        return images.results_picture(table, lang)

    def hand(self, table: Table, seat: str, lang: str) -> tuple[str, Picture]:
        """``/hand``: the seat's hand in words and as an image (only that player sees either)."""
        view = match_of(table.game).private_view(seat)
        cards = [card(c["card"], lang) for c in view["hand"]]
        text = (
            t("fd.hand.title_tutorial", lang, cards=len(cards), list=", ".join(cards))
            if table.row.tutorial
            else t("fd.hand.title", lang, channel=table.row.channel_name, cards=len(cards), list=", ".join(cards))
        )
        return (text if cards else t("fd.hand.empty", lang)), images.hand_picture(table, seat, lang, view)

    # ------------------------------------------------------------------ results and series
    def results_text(self, table: Table, lang: str) -> str:
        m = match_of(table.game)
        names = table.played_by()
        winner = m.winner or m.seats[0]
        lines = [t("fd.results.title", lang, name=names.get(winner, winner))]
        for place, (seat, score, details) in enumerate(m.result(), start=1):
            lines.append(
                t(
                    f"fd.results.{m.options.format}",
                    lang,
                    place=place,
                    name=names.get(seat, seat),
                    fame=details["fame"],
                    left=score,
                    rounds=details["rounds"],
                )
            )
        return clip("\n".join(lines))

    def game_over_text(self, table: Table, seat: SeatRow, lang: str) -> str | None:
        m = match_of(table.game)
        if seat.seat not in m.seats or m.winner is None:
            return None
        game, channel = self.rules.name, table.row.channel_name
        if m.winner == seat.seat:
            return t("fd.over.won", lang, game=game, channel=channel)
        return t("fd.over.lost", lang, game=game, channel=channel, name=table.names.get(m.winner, m.winner))

    async def stats_text(
        self, store: Store, guild_id: int, user_id: int, name: str, lang: str, *, mine: bool
    ) -> tuple[str, bool]:
        """The totals, then each format played in its own terms: Fame in matches to a target, fighters left in Grand
        Tournaments, wins alone in single bouts (a score means something else in each)."""
        played = await store.series.player_results(guild_id, user_id, self.key)
        if not played:
            return (t("fd.stats.none_you", lang) if mine else t("fd.stats.none", lang, name=name)), False
        by_format: dict[str, list[tuple[int, int]]] = {}
        for options, place, score in played:
            by_format.setdefault(str(options.get("format", "series")), []).append((place, score))
        parts = [
            t(
                f"fd.stats.{fmt}",
                lang,
                played=len(games),
                won=sum(place == 1 for place, _ in games),
                best=max(score for _, score in games),
            )
            for fmt in FORMATS
            if (games := by_format.get(fmt))
        ]
        wins = sum(place == 1 for _, place, _ in played)
        text = t(
            "fd.stats.line",
            lang,
            name=name,
            games=count(len(played), "game", lang),
            wins=count(wins, "win", lang),
            rate=round(100 * wins / len(played)),
            formats=" · ".join(parts),
        )
        return text, True

    # ------------------------------------------------------------------ /card and /rules
    def find_cards(self, query: str) -> list[str]:
        return find_cards(query)

    def card_choice(self, key: str, lang: str) -> tuple[str, str]:
        return choice(key, lang)

    def card_name(self, key: str, lang: str) -> str:
        return card(key.split(":", 1)[1], lang) if ":" in key else key

    tutorial_options: Mapping[str, Any] = {"format": "bout"}

    def coach(self, match: AnyMatch, seat: str, names: Mapping[str, str], lang: str) -> list[str]:
        return coach_lines(list(match_of(match).legal_actions(seat)), lang)

    def lesson(self, kind: str, lang: str) -> str:
        key = f"fd.teach.{kind}"
        return t(key, lang) if has(key) else ""

    async def card_reply(self, key: str, lang: str) -> tuple[str, discord.File]:
        return await card_reply(key, lang)

    @property
    def rules_topics(self) -> Mapping[str, str]:
        return TOPIC_NAMES

    def rules_text(self, topic: str, lang: str) -> str:
        return rules_topic(topic, lang)

    # ------------------------------------------------------------------ its own commands
    def cogs(self, host: Any) -> list[commands.Cog]:
        return []  # its verbs are declared (``verbs``): the host makes their commands


FACE = FightdromeFace()
