"""Sealed Bids' Discord face: the host's ``BaseFace`` with only what is the game's own (its labels, log lines,
status, prompt and images, its ``/bid`` verb); everything else is the defaults'."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from discord.ext import commands

from bot.components.moves import Move, move_view
from bot.face import BaseFace, NewOption, Prompt, Recent, recent_text
from bot.table import Table
from bot.verbs import Verb
from bot.words.i18n import clip
from bot.workers.images import Picture
from engine.protocol import Match, Rules
from tests.kitgame import render
from tests.kitgame.engine import SEALED_BIDS, Bid, SealedBids
from tests.kitgame.words import VERBS, plural, t

Event = dict[str, Any]


def bids(match: Match | None) -> SealedBids:
    assert match is not None
    return cast(SealedBids, match)


def prize_text(prize: int) -> str:
    return f"{prize:+d}"


def _scores_alt(title: str, view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The image's short description: its title and each seat's points (numbers read the same in every language)."""
    totals = ", ".join(f"{names.get(seat, seat)} {points}" for seat, points in view["totals"].items())
    return f"{title}: {totals}"


class SealedBidsFace(BaseFace):
    """Sealed Bids on Discord: no options, no cards, no series; a DM per round with a button per token."""

    rules: Rules = SEALED_BIDS
    new_options: Sequence[NewOption] = ()
    verbs: Sequence[Verb] = VERBS
    prime_images = staticmethod(render.prime)

    def label(self, match: Match, action: Any, names: Mapping[str, str], lang: str) -> str:
        return t("kg.label", lang, amount=cast(Bid, action).amount)

    def log_events(self, match: Match, events: Sequence[Event]) -> list[Event]:
        """Each shown bid a line of its own, every seat a plain field the host renames."""
        out: list[Event] = []
        for e in events:
            if e["type"] == "shown":
                out += [{"type": "revealed", "seat": s, "amount": n} for s, n in e["picks"].items()]
                out.append({"type": "taken", "winner": e["winner"], "prize": e["prize"], "round": e["round"]})
            elif e["type"] == "over":
                out.append({"type": "over"})
            else:
                out.append(dict(e))
        return out

    def describe(self, event: Event, lang: str) -> str:
        kind = event["type"]
        if kind == "bid":
            return t("kg.log.bid", lang, name=event["seat"])
        if kind == "revealed":
            return t("kg.log.revealed", lang, name=event["seat"], amount=event["amount"])
        if kind == "taken":
            prize = int(event["prize"])
            if event["winner"] is None:
                return t("kg.log.nobody", lang, prize=prize_text(prize))
            key = "kg.log.points" if prize > 0 else "kg.log.penalty"
            return plural(key, abs(prize), lang, name=event["winner"])
        if kind == "prize":
            return t("kg.log.prize", lang, round=event["round"], prize=prize_text(event["prize"]))
        return t("kg.log.over", lang)

    def turn(self, match: Match) -> int:
        return bids(match).round

    def split_by_turn(self, turn: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
        """A round ends with its bids shown: the next prize turned up starts the next one."""
        out: list[tuple[int, list[Event]]] = [(turn, [])]
        for e in events:
            if e["type"] == "prize":
                out.append((int(e["round"]), []))
            out[-1][1].append(e)
        return [(n, evs) for n, evs in out if evs]

    def summary(self, turn: int, events: Sequence[Event], names: Mapping[str, str], lang: str) -> str:
        lines = [t("kg.turn", lang, round=turn)]
        renamed = [{k: names.get(v, v) if isinstance(v, str) else v for k, v in e.items()} for e in events]
        lines += [self.describe(e, lang) for e in renamed if e["type"] in ("revealed", "taken")]
        return clip("\n".join(lines))

    def progress(self, match: Match, lang: str) -> str:
        m = bids(match)
        return t("kg.progress", lang, round=min(m.round, m.options.rounds), rounds=m.options.rounds)

    def status(self, table: Table, lang: str) -> str:
        m = bids(table.game)
        if m.is_over():
            return t("kg.status.over", lang)
        sealed = ", ".join(table.names.get(s, s) for s in m.seats if s in m.bids) or "—"
        return t("kg.status", lang, round=m.round, rounds=m.options.rounds, prize=prize_text(m.prize), sealed=sealed)

    def lesson(self, kind: str, lang: str) -> str:
        return t("kg.lesson.bid", lang) if kind == "bid" else ""

    def prompt(self, table: Table, seat: str, lang: str, recent: Recent | None = None) -> Prompt | None:
        m = bids(table.game)
        decision = next((d for d in m.pending() if d.seat == seat), None)
        if decision is None:
            return None
        since = table.since.get(seat, decision.opened)
        passive = m.default_action(seat)
        moves = [Move(str(a), self.label(m, a, table.names, lang), passive=a == passive) for a in m.legal_actions(seat)]
        view = move_view(table.id, since, moves, placeholder=t("kg.placeholder", lang))
        header = t("kg.header", lang, channel=table.row.channel_name, round=m.round, rounds=m.options.rounds)
        lines = [header]
        if recent is not None and (since_lines := recent_text(recent, self.describe, lang)):
            lines.append(since_lines)
        if table.row.tutorial or m.round == 1:
            lines.append(self.lesson("bid", lang))
        tokens = ", ".join(str(n) for n in m.tokens[seat])
        lines.append(t("kg.tokens", lang, tokens=tokens, points=m.scores[seat]))
        lines.append(t("kg.ask", lang, prize=prize_text(m.prize)))
        own = m.private_view(seat)
        words = {
            "title": t("kg.img.title", lang, round=m.round, rounds=m.options.rounds),
            "sealed": t("kg.img.sealed", lang),
        }
        alt = f"{words['title']}. {t('kg.tokens', lang, tokens=tokens, points=m.scores[seat])}"
        picture = Picture("kg-tokens", render.render_tokens, (own, words), f"kitgame-{table.id}-tokens.png", alt, alt)
        return Prompt(clip("\n".join(lines)), picture, view, since)

    def table_picture(self, table: Table, lang: str | None = None) -> Picture:
        m, lang = bids(table.game), lang or table.lang
        round_ = min(m.round, m.options.rounds)
        words = {
            "title": t("kg.img.title", lang, round=round_, rounds=m.options.rounds),
            "sealed": t("kg.img.sealed", lang),
        }
        args = (m.public_view(), table.drawn_names, words)
        alt = _scores_alt(words["title"], m.public_view(), table.drawn_names)
        return Picture("kg-table", render.render_table, args, f"kitgame-{table.id}-table.png", alt, alt)

    def results_picture(self, table: Table, lang: str | None = None) -> Picture:
        words = {"title": t("kg.img.results", lang or table.lang)}
        args = (bids(table.game).public_view(), table.drawn_names, words)
        alt = _scores_alt(words["title"], args[0], table.drawn_names)
        return Picture("kg-results", render.render_results, args, f"kitgame-{table.id}-results.png", alt, alt)

    def cogs(self, host: Any) -> list[commands.Cog]:
        """None beyond its verb, which the host makes from ``verbs``."""
        return []


FACE = SealedBidsFace()
