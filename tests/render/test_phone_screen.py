"""Nightfall's images fit a phone screen: Discord shows them about 320 px wide, where a table of 2 to 5 players is
at most 800 px tall at the median over a game and 1,100 px at most, and a prompt, a hand or a draft packet at most
1,100 px (one screen); a table weighs 70 KB on average.

Measured on seeded random games of each size, at sampled positions (each drawn in one of the three languages in
turn, so every language is met), and on the sample positions of the README (the five-player chain is the
fullest table there is). ``python -m bench.phone_images`` measures the same over more positions.
"""

from __future__ import annotations

import io
import random
import statistics
from dataclasses import dataclass
from functools import cache

import pytest
from PIL import Image

from engine.nightfall import Game, Options
from engine.nightfall.decisions import KINDS
from render.nightfall import render_draft, render_hand, render_prompt, render_table, samples
from render.theme import PHONE_WIDTH

LANGS = ("en", "pl", "ru")
PLAYERS = (2, 3, 4, 5)
SEATS = ["ada", "bram", "cleo", "dmitri", "eve"]
#: Heights at PHONE_WIDTH: a table's median over a game, and any image's most (about one phone screen).
TABLE_MEDIAN = 800
SCREEN = 1100
TABLE_AVERAGE_BYTES = 70 * 1024
#: Draw the images after every this many moves of a game.
EVERY = 20


@dataclass(frozen=True)
class Shot:
    kind: str  # "table", "prompt", "hand" or "draft"
    where: str
    height: int  # at PHONE_WIDTH
    size: int  # bytes


def shot(kind: str, where: str, png: bytes) -> Shot:
    w, h = Image.open(io.BytesIO(png)).size
    return Shot(kind, where, round(h * PHONE_WIDTH / w), len(png))


def decision_image(game: Game, lang: str) -> tuple[str, bytes] | None:
    """The image the first pending decision shows its seat, in ``lang``."""
    if not game.pending():
        return None
    decision = game.pending()[0]
    view = game.private_view(decision.seat, lang=lang)
    shows = KINDS[decision.kind].shows
    if shows == "draft":
        return "draft", render_draft(view, lang)
    if shows == "hand":
        return "hand", render_hand(view, lang)
    return "prompt", render_prompt(view, lang)


@cache
def played(players: int) -> tuple[Shot, ...]:
    """The table and the decision's image every EVERY moves of a seeded game of ``players``, to its end."""
    options = Options(draft="two-player") if players == 2 else Options(secret_archives=players % 2 == 1)
    game = Game.new(SEATS[:players], seed=7 + players, options=options)
    rnd = random.Random(7 + players)
    shots: list[Shot] = []
    step = 0
    while True:
        if step % EVERY == 0 or game.is_over():
            lang = LANGS[(step // EVERY) % len(LANGS)]
            where = f"{players} players, move {step}, {lang}"
            shots.append(shot("table", where, render_table(game.public_view(), lang)))
            image = decision_image(game, lang)
            if image:
                shots.append(shot(image[0], where, image[1]))
        if game.is_over():
            return tuple(shots)
        samples.play_random(game, rnd, 1)
        step += 1


def of(kind: str, shots: tuple[Shot, ...]) -> list[Shot]:
    return [s for s in shots if s.kind == kind]


@pytest.mark.parametrize("players", PLAYERS)
def test_a_table_fits_a_phone_screen_over_a_game(players: int) -> None:
    tables = of("table", played(players))
    heights = [s.height for s in tables]
    assert len(tables) >= 5
    assert statistics.median(heights) <= TABLE_MEDIAN, f"{players} players: median {statistics.median(heights)} px"
    tallest = max(tables, key=lambda s: s.height)
    assert tallest.height <= SCREEN, tallest


@pytest.mark.parametrize("players", PLAYERS)
def test_prompts_hands_and_drafts_take_at_most_one_screen(players: int) -> None:
    others = [s for s in played(players) if s.kind != "table"]
    assert {s.kind for s in others} >= {"prompt", "hand"}
    too_tall = [s for s in others if s.height > SCREEN]
    assert too_tall == []


def test_tables_weigh_70_kb_on_average() -> None:
    tables = [s for players in PLAYERS for s in of("table", played(players))]
    average = statistics.mean(s.size for s in tables)
    assert average <= TABLE_AVERAGE_BYTES, f"{average / 1024:.1f} KB on average"


@pytest.mark.parametrize("lang", LANGS)
def test_the_fullest_samples_fit_one_screen(lang: str) -> None:
    """Five players with a chain of five links and eleven chips; the claim with its choices; a combat's blocks."""
    table = shot("table", "five-player chain", render_table(samples.five_player_chain().public_view(), lang))
    assert table.height <= SCREEN, table
    for where, view in (
        ("claim", samples.claim_decision().private_view("ada", lang=lang)),
        ("block", samples.five_player_combat().private_view("ada", lang=lang)),
    ):
        prompt = shot("prompt", where, render_prompt(view, lang))
        assert prompt.height <= SCREEN, prompt


def at_move(seed: int, moves: int) -> Game:
    """A seeded two-player game after ``moves`` random moves."""
    game = Game.new(SEATS[:2], seed=seed, options=Options(draft="two-player"))
    samples.play_random(game, random.Random(seed), moves)
    return game


@pytest.mark.parametrize("lang", LANGS)
def test_the_tallest_prompt_and_hand_met_in_play_fit_one_screen(lang: str) -> None:
    """A claim with seven archives one can afford, three too dear and seven cards to discard (1,431 px tall in
    Russian), and a thirteen-card hand holding six wounds (1,132 px): the tallest of the benchmark's games."""
    for moves, kind in ((144, "prompt"), (120, "hand")):
        image = decision_image(at_move(201, moves), lang)
        assert image is not None and image[0] == kind
        drawn = shot(kind, f"seed 201, move {moves}", image[1])
        assert drawn.height <= SCREEN, drawn
