"""One channel message per round at most, from that round's kept public events (the fighters before the
first round): who won it and how, the Fame each scored, a fighter eliminated. The play-by-play stays in the
game's thread. ``/game replay`` steps exchange by exchange: each step says its exchange's log lines, and the step
that ends a round adds the round's summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.fightdrome.events import describe, round_scores
from bot.fightdrome.texts import sleeve, stack, t
from bot.words.i18n import clip

Event = dict[str, Any]


def split_by_round(turn: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
    """A move's events filed by round: those before a ``round`` event belong to ``turn``, the rest to the round
    it starts (a move may end one round and start the next)."""
    out: list[tuple[int, list[Event]]] = [(turn, [])]
    for e in events:
        if e.get("type") == "round":
            out.append((int(e["round"]), []))
        out[-1][1].append(e)
    return [(n, evs) for n, evs in out if evs]


def split_by_exchange(exchange: int, events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
    """A move's events filed by exchange, numbered as ``Match.exchanges`` counts them (``exchange``: the one the
    move was made in): a ``round`` event begins the round's first exchange, an ``exchange_end`` ends its
    exchange and what follows belongs to the next."""
    out: list[tuple[int, list[Event]]] = [(exchange, [])]
    for e in events:
        if e.get("type") == "round":
            out.append((out[-1][0] + 1, []))
        out[-1][1].append(e)
        if e.get("type") == "exchange_end":
            out.append((out[-1][0] + 1, []))
    return [(n, evs) for n, evs in out if evs]


#: events a round's summary tells: a replay step that summarises the round leaves out their log lines
SUMMARISED = {"round_end", "eliminated", "match_end"}


def replay_lines(stretch: Sequence[Event], summaries: Sequence[str], lang: str = "en") -> list[str]:
    """A replay step in words: the log lines of what happened since the step before (an exchange, as the game's
    thread has them), then the summary of each round the step ends, as the channel has it. ``stretch`` has the
    players' names in it."""
    said = SUMMARISED if summaries else set()
    return [describe(e, lang) for e in stretch if e.get("type") not in said] + list(summaries)


def summary_text(turn: int, events: Sequence[Event], lang: str = "en") -> str:
    """The channel's message for a finished round (round 0: the fighters), in the game's ``lang``."""
    stuns = sum(e.get("type") == "stunned" for e in events)
    rests = sum(e.get("type") == "rest" for e in events)
    if turn > 0 and not any(e.get("type") == "round_end" for e in events):  # an abandoned match's last round
        return t("fd.summary.unfinished", lang, round=turn, stuns=stuns, rests=rests)
    if turn == 0:
        fighters = [
            f"{e['seat']} — {sleeve(e['sleeve'], lang)} ({stack(e['stack'], lang)})"
            for e in events
            if e.get("type") == "deal" and e.get("sleeve")
        ] + [f"{e['seat']} — {sleeve(e['sleeve'], lang)}" for e in events if e.get("type") in ("revealed", "sleeve")]
        return t("fd.summary.start", lang, fighters="; ".join(fighters) or "—")
    end = next(e for e in events if e.get("type") == "round_end")
    how = t(f"fd.summary.how.{end['ending']}", lang, loser=end["loser"])
    scores = ""
    if end.get("series"):
        scored, totals = round_scores(end)
        each = [f"{name} {total} (+{scored.get(name, 0)})" for name, total in totals.items()]
        scores = t("fd.summary.fame", lang, scores=" · ".join(each))
    lines = [t("fd.summary.round", lang, round=end["round"], winner=end["winner"], how=how, scores=scores).strip()]
    lines.append(t("fd.summary.exchanges", lang, stuns=stuns, rests=rests))
    for e in events:
        if e.get("type") == "eliminated":
            lines.append(t("fd.summary.eliminated", lang, name=e["seat"], sleeve=sleeve(e["sleeve"], lang)))
        if e.get("type") == "match_end":
            lines.append(t("fd.log.match_end", lang, name=e["winner"]))
    return clip("\n".join(lines), 1900)
