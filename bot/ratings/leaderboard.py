"""``/game top`` and the rating line of ``/game stats``: a server's leaderboard of one game, as an image, and a
person's rating and rank there. The ratings themselves are the store's (``bot/ratings/rating.py``,
``bot/store/ratings.py``).

Both name people the way the bot does everywhere: their display name in the server, and the name they had in their
latest game there once they are no longer in it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import render.leaderboard
from bot.errors import UserError
from bot.games import game_name
from bot.ratings.rating import BASE, PROVISIONAL_GAMES, display
from bot.store import RatingRow, Store
from bot.words.i18n import count, t
from bot.words.logline import per_language
from bot.workers.images import Picture
from render.leaderboard import PAGE, Entry, Labels

#: a name as the board shows it: the server's display name of a person still in it (None: not in it)
NameOf = Callable[[int], str | None]


def ordinal(n: int, lang: str) -> str:
    """1st, 2nd, 3rd, 4th… (in Polish and Russian, the ordinal their catalogues give)."""
    return t(f"place.{n}", lang) if n in (1, 2, 3) else t("place.n", lang, n=n)


def labels(game: str, server: str, page: int, pages: int, lang: str) -> Labels:
    """Every word of the board's image, in ``lang``."""
    return Labels(
        title=t("top.title", lang, game=game_name(game)),
        subtitle=t("top.subtitle", lang, server=server, games=count(PROVISIONAL_GAMES, "game", lang)),
        rank=t("top.rank", lang),
        name=t("top.name", lang),
        rating=t("top.rating", lang),
        games=t("top.games", lang),
        wins=t("top.wins", lang),
        empty=t("top.empty_row", lang),
        footer=t("top.footer", lang, page=page, pages=pages, base=BASE),
    )


def entries(rows: list[RatingRow], first_rank: int, name_of: NameOf) -> list[Entry]:
    """The board's rows from the store's, ranked from ``first_rank`` on."""
    out = []
    for n, r in enumerate(rows):
        name = (name_of(r.user_id) or r.name or str(r.user_id))[:40]
        out.append(Entry(first_rank + n, name, display(r.mu, r.sigma), r.games, r.wins))
    return out


async def leaderboard(
    store: Store, guild_id: int, server: str, game: str, page: int, lang: str, name_of: NameOf
) -> tuple[str, Picture]:
    """``/game top``: (the message's text, the board's image) of page ``page`` (from 1). A refusal (nobody ranked
    yet, a page past the last) is a ``UserError``, answered privately."""
    ranked = await store.ratings.ranked_count(guild_id, game)
    if ranked == 0:
        games = per_language(lambda lang: count(PROVISIONAL_GAMES, "game", lang))
        raise UserError("err.top_none", game=game_name(game), games=games)
    pages = math.ceil(ranked / PAGE)
    if not 1 <= page <= pages:
        counted = per_language(lambda lang: count(pages, "page", lang))
        raise UserError("err.top_page", game=game_name(game), pages=counted)
    rows = await store.ratings.leaderboard(guild_id, game, PAGE, (page - 1) * PAGE)
    board = entries(rows, (page - 1) * PAGE + 1, name_of)
    words = labels(game, server, page, pages, lang)
    picture = Picture(
        "leaderboard",
        render.leaderboard.render_leaderboard,
        (board, words),
        f"{game}-top-{page}.png",
        **render.leaderboard.leaderboard_words(board, words).described(),
    )
    return t("top.caption", lang, game=game_name(game), page=page, pages=pages), picture


async def rating_text(store: Store, guild_id: int, user_id: int, game: str, lang: str) -> str:
    """``/game stats``' line on a person's rating of ``game`` in the server ("" with no rated game there)."""
    found = await store.ratings.rating_of(guild_id, game, user_id)
    if found is None:
        return ""
    row, rank = found
    rating = display(row.mu, row.sigma)
    if rank is None:
        more = count(PROVISIONAL_GAMES - row.games, "game", lang)
        return t("stats.rating_provisional", lang, game=game_name(game), rating=rating, more=more)
    ranked = await store.ratings.ranked_count(guild_id, game)
    return t("stats.rating", lang, game=game_name(game), rating=rating, rank=ordinal(rank, lang), ranked=ranked)
