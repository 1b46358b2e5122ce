"""No subtitle, note, name or header line is cut with "…" in any of the three languages, in Nightfall's table and
prompts and in Fightdrome's table, hands, results and cards: a text too long for its line takes two lines (or a
condensed face), checked on the texts the renderer records as it draws them."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PIL import Image

from engine.fightdrome import Match, Options, cards
from engine.nightfall import Game
from render.fightdrome import samples as fd_samples
from render.fightdrome.card import card_face
from render.fightdrome.hand import draw_hand
from render.fightdrome.results import draw_results
from render.fightdrome.table import draw_table as draw_fd_table
from render.nightfall import samples
from render.nightfall.prompt import draw_prompt
from render.nightfall.table import draw_table
from render.primitives import drawn_texts

GAMES: dict[str, Callable[[], Game]] = {
    "chain": samples.five_player_chain,
    "linking": samples.five_player_link_decision,
    "combat": samples.five_player_combat,
    "draft": samples.draft_game,
    "midgame": samples.two_player_midgame,
    "over": samples.finished_game,
}


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_table_text_is_cut(name: str, lang: str) -> None:
    img = draw_table(GAMES[name]().public_view(), lang)
    drawn = [d.text for d in drawn_texts(img)]
    assert drawn, "the renderer records what it draws"
    assert [text for text in drawn if text.rstrip().endswith("…")] == []


LONG_NAMES = ["Aleksandra_Wisniewska", "Konstantin.Rozhdestvensky", "Malgorzata_Przybylska", "Jean-Baptiste_D", "eve"]


def played_tables(steps: tuple[int, ...] = (30, 90, 150, 210, 270)) -> dict[str, Game]:
    """Seeded random games of 2 to 5 players stopped at several points: their chains (links, kickers beside or
    under the statuses), the seats' pills (turn, deciding, influence) and counts beside short names, and the
    header's "turn: <name>" and "<name> wins" for players with long names (which were cut in Polish and Russian)."""
    from engine.nightfall import Options

    games: dict[str, Game] = {}
    for players in (2, 3, 4, 5):
        for at in steps:
            seats = LONG_NAMES[:players] if at % 60 == 30 else ["ada", "bram", "cleo", "dmitri", "eve"][:players]
            options = Options(draft="two-player") if players == 2 else Options(secret_archives=at % 60 == 30)
            game = Game.new(seats, seed=40 + players, options=options)
            samples.play_random(game, random.Random(players), at)
            games[f"{players} players, step {at}"] = game
    return games


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_no_chain_row_or_pill_is_cut_in_played_games(lang: str) -> None:
    """Beyond the samples: a chain link's name and player, a kicker tag, a status, the phase pill and a seat's
    badges and counts (and every other text) read whole at many points of played games."""
    for name, game in played_tables().items():
        drawn = [d.text for d in drawn_texts(draw_table(game.public_view(), lang))]
        assert [text for text in drawn if text.rstrip().endswith("…")] == [], name


def test_the_chain_note_reads_whole_in_polish_and_russian() -> None:
    """The issue's two cut notes: 'zagrywany z góry…' and 'разыграна сверху вниз · первой…'."""
    for lang, note in (
        ("pl", "najpierw rozpatrywana ostatnio zagrana"),
        ("ru", "первой разрешается последняя сыгранная"),
    ):
        drawn = " ".join(d.text for d in drawn_texts(draw_table(samples.five_player_chain().public_view(), lang)))
        assert note in drawn, lang


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_no_prompt_note_is_cut(lang: str) -> None:
    """A prompt image's section notes (the claim's 'cost to you · copies left' in Russian was cut)."""
    views = samples.decision_views(("claim", "candidates", "combat"))
    views["claim (sample)"] = samples.claim_decision().private_view("ada")
    views["block (sample)"] = samples.five_player_combat().private_view("ada")
    for name, view in views.items():
        drawn = [d.text for d in drawn_texts(draw_prompt(view, lang))]
        assert [text for text in drawn if text.rstrip().endswith("…")] == [], name


#: Fightdrome's formats and optional rules, each played from several seeds
FD_OPTIONS = {
    "series": Options(),
    "bout": Options(format="bout"),
    "tournament": Options(format="tournament"),
    "both rules": Options(target=150, breather=True, last_breath=True),
}


def fd_matches() -> dict[str, Match]:
    """The samples, a Grand Tournament with one fighter picked, and seeded matches of every format in their first
    round, later on and at their end."""
    matches = dict(fd_samples.all_matches())
    matches["one pick"] = fd_samples.play(5, 1, Options(format="tournament"))
    for label, options in FD_OPTIONS.items():
        for seed in range(3):
            for moves in (20, 60, None):
                matches[f"{label} {seed} {moves}"] = fd_samples.play(seed, moves, options)
    return matches


def cut(img: Image.Image) -> list[str]:
    return [d.text for d in drawn_texts(img) if d.text.rstrip().endswith("…")]


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_no_fightdrome_text_is_cut(lang: str) -> None:
    """The Polish opener beside both optional rules ('zaczyna…'), the Russian Sleeve being picked ('выбор…') and the
    Russian Rest tile ('отдохну…') were cut."""
    names = fd_samples.NAMES
    for key, m in fd_matches().items():
        pub = m.public_view()
        assert cut(draw_fd_table(pub, lang, names)) == [], f"{key} table"
        assert cut(draw_fd_table(pub, lang)) == [], f"{key} table, seat ids"
        assert cut(draw_results(pub, lang, names)) == [], f"{key} results"
        for seat in m.seats:
            assert cut(draw_hand(m.private_view(seat), lang, names)) == [], f"{key} hand of {seat}"
    for face in sorted({cards.face_of(c) for pile in cards.box().values() for c in pile}, key=cards.sort_key):
        assert cut(card_face(face, lang)) == [], face
