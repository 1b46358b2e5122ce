"""Apocalypse Cup standings and ``/game stats``, both read from the results rows of finished games; and the cup's
words (domain "nightfall_cup": Polish and Russian in ``locales/<lang>/LC_MESSAGES/nightfall_cup.po``), among them
the name and the lobby note the host's series sentences take (``bot.table.series_name``, ``series_lobby_note``).

The cup's rule (RULES.md: wounds add up over the games until someone's total reaches 100; the
lowest total wins, and a tie shares the win) lives in ``engine.nightfall.scoring.ApocalypseCup``; this module
feeds it the stored rows and words the outcome. Cup players are keyed by seat: every game of a cup
keeps the seats of its first game, and a seat's name is the one it had in the latest game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.numbers import format_decimal

from bot.errors import UserError
from bot.store import GameRow, ResultRow, Store
from bot.words.i18n import count, t
from engine import i18n
from engine.nightfall.rules import NIGHTFALL
from engine.nightfall.scoring import ApocalypseCup

#: the key Nightfall's games are stored under
GAME = NIGHTFALL.key

ENGLISH: dict[str, i18n.Template] = {
    # what the host's series sentences call the cup, and what the lobby of a cup's first game says of it
    "nightfall.series": "Apocalypse Cup",
    "nightfall.series.lobby_note": (
        "\n🏆 **Apocalypse Cup**: each game adds every player's wounds to their total, until someone's total "
        "reaches {target}; then the lowest total wins. After each game, `/game next` starts the next one with "
        "the same seats."
    ),
    # /game cup, and the results message of a cup's game
    "cup.title": "🏆 **Apocalypse Cup** in #{channel} after {games} (to {target} wounds)",
    "cup.title_none": "🏆 **Apocalypse Cup** in #{channel} (to {target} wounds): no game has finished yet.",
    "cup.line": "{place}. **{name}** — {total} ({games})",
    "cup.leads": "Leading: **{names}**.",
    "cup.closest": "Closest to {target}: **{names}**, {left} to go.",
    "cup.under_way": "Game {number} is being played: its wounds count when it ends.",
    "cup.after": "🏆 Apocalypse Cup after {games}: {totals} — `/game next` starts the next game.",
    "cup.total": "{name} {total}",
    "cup.over": "🏆 **The Apocalypse Cup is over** after {games}: **{names}** reached {target} wounds.",
    "cup.winner": "🥇 **{name}** wins the cup with {total}!",
    "cup.winners": "🥇 **{names}** share the win, with {total} each!",
}

DOMAIN = i18n.register("nightfall_cup", Path(__file__).parent / "locales", ENGLISH)


@dataclass(frozen=True)
class Standing:
    """One player of a cup: their place (shared by equal totals), total and wounds in each game."""

    place: int
    seat: str
    name: str
    total: int
    games: tuple[int, ...]


@dataclass(frozen=True)
class Standings:
    target: int
    games: int
    #: lowest total first
    rows: list[Standing]
    over: bool
    #: everyone with the lowest total once the cup is over (several on a tie), else empty
    winners: list[Standing]


def standings(results: Sequence[tuple[int, ResultRow]], target: int) -> Standings:
    """The cup after the finished games whose (game id, row) results are given, in game order."""
    by_game: dict[int, dict[str, int]] = {}
    names: dict[str, str] = {}
    for game_id, row in results:
        by_game.setdefault(game_id, {})[row.seat] = row.score  # a seat's wounds in that game
        names[row.seat] = row.display_name
    seats = sorted(names)
    cup = ApocalypseCup(seats, target, [{s: game.get(s, 0) for s in seats} for game in by_game.values()])
    totals = cup.totals()
    rows = [
        Standing(
            place=1 + sum(1 for other in totals.values() if other < total),
            seat=seat,
            name=names[seat],
            total=total,
            games=tuple(game[seat] for game in cup.games),
        )
        for seat, total in cup.standings()
    ]
    winners = set(cup.winners())
    return Standings(target, len(cup.games), rows, cup.is_over(), [r for r in rows if r.seat in winners])


def standings_lines(s: Standings, lang: str = "en") -> list[str]:
    return [
        t(
            "cup.line",
            lang,
            place=r.place,
            name=r.name,
            total=count(r.total, "wound", lang),
            games=" · ".join(str(w) for w in r.games),
        )
        for r in s.rows
    ]


def end_lines(s: Standings, lang: str = "en") -> list[str]:
    """The end of a cup: who reached the target, who wins (a tie shares the win), the final standings."""
    reached = ", ".join(r.name for r in s.rows if r.total >= s.target)
    lines = [t("cup.over", lang, games=count(s.games, "game", lang), names=reached, target=s.target)]
    total = count(s.winners[0].total, "wound", lang)
    if len(s.winners) == 1:
        lines.append(t("cup.winner", lang, name=s.winners[0].name, total=total))
    else:
        lines.append(t("cup.winners", lang, names=", ".join(r.name for r in s.winners), total=total))
    return lines + standings_lines(s, lang)


async def cup_note(store: Store, row: GameRow, lang: str = "en") -> str:
    """What a finished cup game adds to its results message: the totals so far and `/game next`, or
    the end of the cup. Counted up to this game, so a late or repeated delivery says the same."""
    if row.series_id is None:
        return ""
    series = await store.series.series(row.series_id)
    if series is None or series.status == "abandoned":
        return ""
    s = standings(await store.series.series_results(series.id, up_to=row.id), series.target)
    if not s.rows:
        return ""
    if s.over:
        return "\n\n" + "\n".join(end_lines(s, lang))
    totals = " · ".join(t("cup.total", lang, name=r.name, total=r.total) for r in s.rows)
    return "\n\n" + t("cup.after", lang, games=count(s.games, "game", lang), totals=totals)


async def cup_text(store: Store, channel_id: int) -> str:
    """``/game cup``: the standings of the channel's latest cup, who leads and who is closest to the
    end, or how it ended; a game of the cup being played is mentioned, its wounds not yet counted."""
    series = await store.series.series_in(channel_id)
    if series is None:
        raise UserError("err.no_series")
    games = await store.series.series_games(series.id)
    channel = games[-1].channel_name if games else ""
    lang = games[-1].language if games else "en"  # the standings are public: in the cup's games' language
    s = standings(await store.series.series_results(series.id), series.target)
    if not s.rows:
        lines = [t("cup.title_none", lang, channel=channel, target=s.target)]
    elif s.over:
        lines = end_lines(s, lang)
    else:
        lines = [t("cup.title", lang, channel=channel, games=count(s.games, "game", lang), target=s.target)]
        lines += standings_lines(s, lang)
        lines.append(t("cup.leads", lang, names=", ".join(r.name for r in s.rows if r.place == 1)))
        top = s.rows[-1].total
        closest = ", ".join(r.name for r in s.rows if r.total == top)
        lines.append(t("cup.closest", lang, target=s.target, names=closest, left=count(s.target - top, "wound", lang)))
    if series.status == "running" and games and games[-1].status in ("lobby", "active"):
        lines.append(t("cup.under_way", lang, number=s.games + 1))
    return "\n".join(lines)


async def stats_text(
    store: Store, guild_id: int, user_id: int, name: str, lang: str = "en", *, mine: bool
) -> tuple[str, bool]:
    """``/game stats``: (text, whether there is anything to show) for a person's finished games in
    this server: games, wins (first place), average wounds a game and the best (fewest) game."""
    stats = await store.series.player_stats(guild_id, user_id, GAME, best="low")
    if stats.games == 0 or stats.best is None:
        return (t("stats.none_you", lang) if mine else t("stats.none", lang, name=name)), False
    text = t(
        "stats.line",
        lang,
        name=name,
        games=count(stats.games, "game", lang),
        wins=count(stats.wins, "win", lang),
        rate=round(100 * stats.wins / stats.games),
        average=format_decimal(stats.score / stats.games, format="0.0", locale=lang),
        best=count(stats.best, "wound", lang),
    )
    return text, True
