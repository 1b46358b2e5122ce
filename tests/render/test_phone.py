"""Made for a phone: Discord shows these images about 320 px wide (310 on a 400 px phone), and nothing in them
may come out smaller than 9 px there (a text's em size, an icon's height): the images are 760 px wide, portrait.

Every text and icon the renderer draws is recorded in the image it is drawn into (and handed on
when a cached tile is pasted), so each image says the smallest size it holds; these tests check
that number for every image kind at its real size, and that the check does fail on a size that
is too small.
"""

from __future__ import annotations

import ast
import math
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

import render.nightfall.cards
import render.nightfall.prompt
import render.nightfall.results
import render.nightfall.table
from engine.nightfall import Game, Options
from engine.nightfall.decisions import KINDS
from render import primitives
from render.nightfall import (
    clear_caches,
    render_draft,
    render_hand,
    render_prompt,
    render_results,
    render_table,
    samples,
)
from render.nightfall.hand import draw_draft, draw_hand
from render.nightfall.prompt import draw_prompt
from render.nightfall.results import draw_results
from render.nightfall.table import draw_table
from render.primitives import Draw, phone_px, smallest
from render.theme import (
    BIG,
    BODY,
    COIN_R,
    HEAD,
    MIN_PX,
    MOON_R,
    NAME,
    PHONE_MIN_PX,
    PHONE_WIDTH,
    SMALL,
    TABLE_WIDTH,
    min_px,
)

from .conftest import View, decode

RENDER = Path(__file__).resolve().parents[2] / "render"
#: The decisions that have a prompt image of their own (the others show the hand, draft or table).
PROMPT_SHOWS = ("claim", "candidates", "combat")


def assert_readable_on_a_phone(img: Image.Image, what: str) -> None:
    """Nothing in ``img`` is below PHONE_MIN_PX once it is shown PHONE_WIDTH wide."""
    text, icon = smallest(img)
    assert math.isfinite(text) and math.isfinite(icon), f"{what}: no text or no icon was recorded"
    scale = PHONE_WIDTH / img.width
    assert text * scale >= PHONE_MIN_PX, f"{what}: a {text * scale:.1f} px text on a phone"
    assert icon * scale >= PHONE_MIN_PX, f"{what}: a {icon * scale:.1f} px icon on a phone"


def three_player_game() -> Game:
    """A seeded three-player game some way past the draft."""
    game = Game.new(["ada", "bram", "cleo"], seed=3, options=Options(secret_archives=True))
    samples.play_random(game, random.Random(3), 120)
    return game


TABLES: dict[str, Callable[[], View]] = {
    "2 players": lambda: samples.two_player_midgame().public_view(),
    "3 players": lambda: three_player_game().public_view(),
    "3 players claiming": lambda: samples.claim_decision().public_view(),
    "5 players, chain": lambda: samples.five_player_chain().public_view(),
    "5 players, link": lambda: samples.five_player_link_decision().public_view(),
    "5 players, combat": lambda: samples.five_player_combat().public_view(),
    "draft": lambda: samples.draft_game().public_view(),
    "over": lambda: samples.finished_game().public_view(),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_tables_read_on_a_phone(name: str) -> None:
    view = TABLES[name]()
    img = draw_table(view)
    assert decode(render_table(view)).size == img.size == (TABLE_WIDTH, img.height), "drawn at its real size"
    assert_readable_on_a_phone(img, f"table, {name}")


def test_polish_tables_read_on_a_phone(chain_view: View) -> None:
    """Polish names run longer: they wrap rather than shrink."""
    assert_readable_on_a_phone(draw_table(chain_view, "pl"), "table in Polish")


HANDS: dict[str, Callable[[], tuple[View, str]]] = {
    "10 cards, linking": lambda: (samples.five_player_link_decision().private_view("cleo"), "en"),
    "10 cards, Polish": lambda: (samples.five_player_link_decision().private_view("cleo"), "pl"),
    "no decision": lambda: (samples.five_player_chain().private_view("ada"), "en"),
    "2 players": lambda: (_active_view(samples.two_player_midgame()), "en"),
}


def _active_view(game: Game) -> View:
    return game.private_view(game.public_view()["active"])


@pytest.mark.parametrize("name", sorted(HANDS))
def test_hands_read_on_a_phone(name: str) -> None:
    view, lang = HANDS[name]()
    img = draw_hand(view, lang)
    assert decode(render_hand(view, lang)).size == img.size and img.width == TABLE_WIDTH
    assert_readable_on_a_phone(img, f"hand, {name}")


@pytest.mark.parametrize("seat", ["ada", "cleo"], ids=["picking", "picked"])
def test_drafts_read_on_a_phone(seat: str) -> None:
    view = samples.draft_game().private_view(seat)
    img = draw_draft(view)
    assert decode(render_draft(view)).size == img.size and img.width == TABLE_WIDTH
    assert_readable_on_a_phone(img, f"draft, {seat}")


@pytest.fixture(scope="module")
def decision_views() -> dict[str, View]:
    return samples.decision_views(PROMPT_SHOWS)


def test_every_kind_with_a_prompt_is_sampled(decision_views: dict[str, View]) -> None:
    wanted = {name for name, kind in KINDS.items() if kind.shows in PROMPT_SHOWS}
    assert wanted and set(decision_views) == wanted


@pytest.mark.parametrize("kind", sorted(n for n, k in KINDS.items() if k.shows in PROMPT_SHOWS))
def test_prompts_read_on_a_phone(kind: str, decision_views: dict[str, View]) -> None:
    view = decision_views[kind]
    img = draw_prompt(view)
    assert decode(render_prompt(view)).size == img.size and img.width == TABLE_WIDTH
    assert_readable_on_a_phone(img, f"prompt, {kind}")


@pytest.mark.parametrize(
    "make",
    [
        lambda: samples.claim_decision().private_view("ada"),
        lambda: samples.five_player_chain().private_view("cleo"),
        lambda: samples.five_player_combat().private_view("ada"),
    ],
    ids=["claim", "target", "block"],
)
def test_sample_prompts_read_on_a_phone(make: Callable[[], View]) -> None:
    img = draw_prompt(make())
    assert_readable_on_a_phone(img, "prompt")
    assert_readable_on_a_phone(draw_prompt(make(), "pl"), "prompt in Polish")


def finished_tied_game(players: int) -> Game:
    """A random game of ``players`` played to its end, the first seed where a tie-break decided a place."""
    for seed in range(60):
        options = Options(draft="two-player") if players == 2 else Options()
        game = Game.new(samples.SEATS5[:players], seed=seed, options=options)
        samples.play_random(game, random.Random(seed), 5000)
        if game.is_over() and any(r["decided_by"] not in ("wounds", None) for r in game.public_view()["result"]):
            return game
    raise AssertionError(f"no {players}-player game of the first 60 seeds ended in a tie")


def every_tie_break() -> View:
    """Five places, each ahead of the next by another step of the tie-break, with long names."""

    def place(seat: str, by_type: tuple[int, int, int], turns: int, decided: str | None) -> View:
        counts = dict(zip(("bite", "burn", "bleed"), by_type, strict=True))
        return {"seat": seat, "wounds": sum(by_type), "by_type": counts, "turns": turns, "decided_by": decided}

    result = [
        place("Bartholomew the Unready of Somewhere", (3, 2, 2), 1, "second-largest wound type"),
        place("Justyna Wielka-Przybyszewska", (3, 3, 1), 1, "largest wound type"),
        place("andrzej", (1, 4, 2), 1, "fewer turns"),
        place("eve", (4, 2, 1), 2, "seat"),
        place("Zofia", (2, 4, 1), 2, None),
    ]
    for i, r in enumerate(result):
        r["place"] = i + 1
    return {"over": True, "turn": 9, "options": {"draft": "standard"}, "result": result}


RESULTS: dict[str, Callable[[], View]] = {
    "2 players": lambda: finished_tied_game(2).public_view(),
    "4 players": lambda: samples.finished_game().public_view(),
    "5 players": lambda: finished_tied_game(5).public_view(),
    "5 players, every tie-break, long names": every_tie_break,
}


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_results_read_on_a_phone(name: str) -> None:
    view = RESULTS[name]()
    assert any(r["decided_by"] not in ("wounds", None) for r in view["result"]), "a tie-break decided a place"
    img = draw_results(view)
    assert decode(render_results(view)).size == img.size and img.width == TABLE_WIDTH
    assert_readable_on_a_phone(img, f"results, {name}")


def test_a_random_game_reads_on_a_phone_throughout() -> None:
    """Tables, hands and prompts of a seeded four-player game, every few moves to its end."""
    game = Game.new(["ada", "bram", "cleo", "dmitri"], seed=8, options=Options())
    rnd = random.Random(8)
    step = 0
    while not game.is_over():
        if step % 40 == 0:
            assert_readable_on_a_phone(draw_table(game.public_view()), f"table at step {step}")
            for decision in game.pending()[:1]:
                view = game.private_view(decision.seat)
                shows = view["decisions"][0]["shows"]
                if shows in PROMPT_SHOWS:
                    assert_readable_on_a_phone(draw_prompt(view), f"prompt at step {step}")
                elif shows == "draft":
                    assert_readable_on_a_phone(draw_draft(view), f"draft at step {step}")
                else:
                    assert_readable_on_a_phone(draw_hand(view), f"hand at step {step}")
        samples.play_random(game, rnd, 1)
        step += 1
    assert_readable_on_a_phone(draw_table(game.public_view()), "table at the end")
    assert_readable_on_a_phone(draw_results(game.public_view()), "results")


def test_the_type_scale_is_declared_against_the_width() -> None:
    """The sizes the layouts use are declared once, from the phone's width and minimum."""
    assert MIN_PX == min_px(TABLE_WIDTH) == 22
    assert min(SMALL, BODY, NAME, HEAD, BIG) == MIN_PX
    assert round(MOON_R * 1.15) >= MIN_PX, "a moon's letter"
    assert round(COIN_R * 1.25) >= MIN_PX, "a coin's digit"


# ---------------------------------------------------------------- the check can fail


@pytest.fixture
def fresh_caches() -> object:
    """Cached tiles would keep the sizes they were drawn with: start and end without them."""
    clear_caches()
    yield None
    clear_caches()


def test_a_too_small_text_fails_the_check(monkeypatch: pytest.MonkeyPatch, fresh_caches: object) -> None:
    view = samples.five_player_chain().public_view()
    assert_readable_on_a_phone(draw_table(view), "table")
    monkeypatch.setattr(render.nightfall.table, "SMALL", 18)  # 7.6 px on a phone: counts, labels, legend
    img = draw_table(view)
    assert smallest(img)[0] == 18
    with pytest.raises(AssertionError, match=r"7\.6 px text"):
        assert_readable_on_a_phone(img, "table")


def test_a_too_small_results_text_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    view = samples.finished_game().public_view()
    assert_readable_on_a_phone(draw_results(view), "results")
    monkeypatch.setattr(render.nightfall.results, "SMALL", 19)  # 8 px on a phone: labels, turns, the rule
    with pytest.raises(AssertionError, match=r"8\.0 px text"):
        assert_readable_on_a_phone(draw_results(view), "results")


def test_a_too_small_icon_fails_the_check(monkeypatch: pytest.MonkeyPatch, fresh_caches: object) -> None:
    view = samples.five_player_chain().private_view("cleo")
    assert_readable_on_a_phone(draw_prompt(view), "prompt")

    def small_sword(d: Draw, cx: float, cy: float, h: float, fill: tuple[int, int, int]) -> None:
        primitives.sword(d, cx, cy, 14, fill)  # 5.9 px on a phone: the strength mark on every minion

    monkeypatch.setattr(render.nightfall.cards, "sword", small_sword)
    clear_caches()  # the chips drawn above hold full-size swords
    img = draw_prompt(view)
    assert smallest(img) == (MIN_PX, 14) and round(phone_px(img), 1) == 5.9
    with pytest.raises(AssertionError, match=r"5\.9 px icon"):
        assert_readable_on_a_phone(img, "prompt")


def test_a_too_small_moon_fails_the_check(monkeypatch: pytest.MonkeyPatch, fresh_caches: object) -> None:
    """A moon is an icon, and its letter a text: shrinking it fails on the letter first."""
    view = samples.five_player_chain().private_view("cleo")
    monkeypatch.setattr(render.nightfall.table, "MOON_R", 8)
    img = draw_prompt(view)
    assert smallest(img)[1] == 16
    with pytest.raises(AssertionError, match="px text"):
        assert_readable_on_a_phone(img, "prompt")


def test_a_too_small_card_text_fails_the_check(monkeypatch: pytest.MonkeyPatch, fresh_caches: object) -> None:
    """The hand pastes cached faces: their sizes travel with them."""
    view = samples.five_player_link_decision().private_view("cleo")
    monkeypatch.setattr(render.nightfall.cards, "SMALL", 16)
    with pytest.raises(AssertionError, match=r"6\.7 px text"):
        assert_readable_on_a_phone(draw_hand(view), "hand")


def test_an_image_with_nothing_recorded_fails_the_check() -> None:
    with pytest.raises(AssertionError, match="no text"):
        assert_readable_on_a_phone(Image.new("RGB", (TABLE_WIDTH, 100)), "blank")


def test_everything_is_drawn_through_the_recording_primitives() -> None:
    """Text drawn with a bare ``ImageDraw.Draw``, or a tile pasted with ``Image.paste``, would
    escape the record: only :mod:`render.primitives` may do either."""
    for path in sorted(RENDER.glob("*.py")):
        if path.name == "primitives.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr != "paste", f"{path.name}:{node.lineno}: use primitives.paste"
                owner = node.func.value
                is_imagedraw = isinstance(owner, ast.Name) and owner.id == "ImageDraw"
                assert not (is_imagedraw and node.func.attr == "Draw"), (
                    f"{path.name}:{node.lineno}: use primitives.draw"
                )
