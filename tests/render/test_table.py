"""The table image: decodes at its size, draws what must be there, never shows a secret."""

from __future__ import annotations

import copy
import random

import pytest
from PIL import Image

from engine.nightfall import Game, Options
from engine.nightfall.position import build
from render.nightfall import clear_caches, render_table, samples
from render.nightfall.colours import COLOURS
from render.nightfall.table import (
    AMBER,
    GAUGE_TRACK,
    LINKS_X,
    SHIELD,
    common_rows,
    table_height,
    table_layout,
)
from render.theme import ACTIVE, DANGER, DECIDE, GOLD, MOON_R, OK, PANEL_LINE, PHONE_WIDTH, TABLE_WIDTH

from .conftest import View, count_near, decode, near


@pytest.fixture(scope="module")
def table(chain_view: View) -> Image.Image:
    return decode(render_table(chain_view))


def test_table_decodes_at_its_designed_size(chain_view: View, table: Image.Image) -> None:
    assert table.size == (TABLE_WIDTH, table_height(chain_view))
    phone_height = table.height * PHONE_WIDTH / TABLE_WIDTH
    # portrait, so that every word reads 9 px on a phone: five players, a chain and the commons in one phone screen
    assert 800 <= phone_height <= 1100, "five players, chain and commons: one phone screen's scroll"


def test_equal_views_give_identical_bytes(chain_view: View) -> None:
    first = render_table(chain_view)
    assert render_table(copy.deepcopy(chain_view)) == first
    again = samples.five_player_chain().public_view()
    assert again == chain_view
    clear_caches()
    assert render_table(again) == first


def test_a_private_view_is_refused(link_game: Game, chain_view: View) -> None:
    with pytest.raises(ValueError, match="public_view"):
        render_table(link_game.private_view("cleo"))
    for key, value in (("hand", []), ("you", "ada"), ("decisions", [])):
        forged = dict(chain_view)
        forged[key] = value
        with pytest.raises(ValueError, match="public_view"):
            render_table(forged)


def test_hands_never_change_the_table() -> None:
    """Two games that differ only in what ada holds draw the same table, byte for byte."""

    def game(hand: list[str]) -> Game:
        return build(
            ["ada", "bram", "cleo"],
            phase="claim",
            hands={"ada": hand, "bram": ["vulko"]},
            commons=["vulko", "death_grip"],
            private={"ada": ["franz_orlok", "leave_me"]},
            secret_archives=True,
        ).game

    a, b = game(["death_grip", "wound:bite", "genesis_one"]), game(["vulko", "wound:bite", "charlotte_reyes"])
    assert a.public_view() == b.public_view()
    assert render_table(a.public_view()) == render_table(b.public_view())
    assert a.private_view("ada")["hand"] != b.private_view("ada")["hand"]


def test_each_common_shows_its_colour_moon_and_links(chain_view: View, table: Image.Image) -> None:
    boxes = table_layout(chain_view)
    for i, archive in enumerate(chain_view["commons"]):
        x, y, x1, y1 = boxes[f"common:{i}"]
        top, bottom = (round(y + c) for c in common_rows(y1 - y))  # the name's row, then the links' row
        if archive["count"] == 0:
            assert count_near(table, (x1 - 120, y, x1, y1), DANGER) > 40, "an empty archive says EMPTY"
            continue
        # the letter sits in the moon's middle: look below it, inside the ring
        assert near(table.getpixel((x + 16 + MOON_R, top + 14)), COLOURS[archive["colour"]]), archive["card"]
        for j, link in enumerate(archive["links"]):
            lx = x + LINKS_X + MOON_R + j * (2 * MOON_R + 4)
            assert near(table.getpixel((lx, bottom + 14)), COLOURS[link]), (archive["card"], link)


def test_an_empty_archive_is_shown_empty(chain_view: View) -> None:
    assert any(a["count"] == 0 for a in chain_view["commons"]), "the sample needs an empty archive"


def test_seat_borders_show_whose_turn_and_who_decides(chain_view: View, table: Image.Image) -> None:
    """Who must decide now wears the decision's colour (it matters most on a phone); otherwise the
    seat whose turn it is wears gold."""
    boxes = table_layout(chain_view)
    pending = {p["seat"] for p in chain_view["pending"]}
    assert pending and not any(s["active"] for s in chain_view["seats"] if s["seat"] in pending)
    for seat in chain_view["seats"]:
        left, top, _, bottom = boxes[f"seat:{seat['seat']}"]
        edge = table.getpixel((left + 1, (top + bottom) // 2))
        if seat["seat"] in pending:
            assert near(edge, DECIDE), seat["seat"]
        elif seat["active"]:
            assert near(edge, ACTIVE), seat["seat"]
        else:
            assert near(edge, PANEL_LINE, 20), seat["seat"]


def test_the_awaited_player_is_named_in_a_band_of_its_own(chain_view: View, table: Image.Image) -> None:
    x0, y0, x1, y1 = table_layout(chain_view)["waiting"]
    assert y0 < table_layout(chain_view)["gauge"][1], "right under whose turn it is"
    assert count_near(table, (x0, y0, x1, y1), DECIDE, 10) > 3000, "framed and written in the decision's colour"


def test_secret_archives_are_face_down(chain_view: View, table: Image.Image) -> None:
    boxes = table_layout(chain_view)
    eve = next(s for s in chain_view["seats"] if s["seat"] == "eve")
    assert all(a["hidden"] and a["card"] is None for a in eve["archives"])
    for i in range(2):
        x0, y0, x1, y1 = boxes[f"archive:eve:{i}"]
        assert count_near(table, (x0, y0, x1, y1), (48, 40, 76), 6) > 200, "the hatched card back"
    x0, y0, x1, y1 = boxes["archive:ada:0"]
    assert count_near(table, (x0, y0, x1, y1), (48, 40, 76), 6) < 20


def test_minions_carry_their_blocking_mark(chain_view: View, table: Image.Image) -> None:
    boxes = table_layout(chain_view)
    for seat in chain_view["seats"]:
        for i, m in enumerate(seat["in_play"]):
            box = boxes[f"minion:{seat['seat']}:{i}"]
            shields = count_near(table, box, SHIELD, 10)
            assert (shields > 30) == m["blocks_damage"], (seat["seat"], m["card"], shields)


def test_chain_shows_kickers_and_resolution(chain_view: View, table: Image.Image) -> None:
    boxes = table_layout(chain_view)
    statuses = [e["status"] for e in chain_view["chain"]]
    assert {"waiting", "resolving", "resolved"} <= set(statuses)
    for i, entry in enumerate(chain_view["chain"]):
        x0, y0, x1, y1 = boxes[f"link:{i}"]
        cy = (y0 + y1) // 2
        tag = count_near(table, (x1 - 420, y0, x1 - 180, y1), GOLD, 10)
        assert (tag > 100) == entry["kicker_active"], (entry["name"], tag)
        assert near(table.getpixel((x0 + 20 + MOON_R, cy + 14)), COLOURS[entry["colour"]]), entry["name"]
        if entry["status"] == "resolving":
            assert near(table.getpixel((x0 + 1, cy)), DECIDE)
        resolved_ink = count_near(table, (x1 - 180, y0, x1 - 8, y1), OK, 12)
        assert (resolved_ink > 20) == (entry["status"] == "resolved"), entry["name"]


def test_wound_gauge_is_filled_in_proportion(chain_view: View, table: Image.Image) -> None:
    stack = chain_view["wound_stack"]
    frac = stack["face_up"] / stack["face_up_start"]
    assert 0.25 < frac <= 0.5
    x0, y0, x1, y1 = table_layout(chain_view)["gauge-bar"]
    edge = x0 + (x1 - x0) * frac
    cy = (y0 + y1) // 2
    assert near(table.getpixel((round(edge) - 6, cy)), AMBER)
    assert near(table.getpixel((round(edge) + 8, cy)), GAUGE_TRACK)


def test_names_stay_readable_at_phone_width(chain_view: View, table: Image.Image) -> None:
    """Discord shows the table about 550 px wide on a phone: seat names keep a 7 px x-height
    (a 16 px font on the phone), 11 px with ascenders."""
    phone = table.resize((550, round(table.height * 550 / TABLE_WIDTH)), Image.Resampling.LANCZOS)
    scale = 550 / TABLE_WIDTH
    for seat in chain_view["seats"]:
        left, top, _, bottom = table_layout(chain_view)[f"name:{seat['seat']}"]
        box = (
            round(left * scale),
            round(top * scale),
            round((left + 240) * scale),
            round(bottom * scale),
        )
        # only bright ink counts (the name, not the panel): a comment once swallowed this threshold
        region = phone.crop(box).convert("L").point(lambda v: 255 if v > 170 else 0)
        bbox = region.getbbox()
        tall = any(ch in "bdfhklt" or ch.isupper() for ch in seat["seat"])
        assert bbox is not None and bbox[3] - bbox[1] >= (11 if tall else 7), (seat["seat"], bbox)


def test_polish_names_change_the_commons(chain_view: View) -> None:
    assert render_table(chain_view, lang="pl") != render_table(chain_view)


@pytest.mark.parametrize(
    "make",
    [samples.two_player_midgame, samples.draft_game, samples.five_player_combat, samples.five_player_link_decision],
    ids=["two-player", "draft", "combat", "link"],
)
def test_every_phase_draws(make: object) -> None:
    assert callable(make)
    view = make().public_view()
    img = decode(render_table(view))
    assert img.size == (TABLE_WIDTH, table_height(view))


def test_png_stays_small(chain_view: View) -> None:
    assert len(render_table(chain_view)) <= 500 * 1024


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tables_draw_all_through_a_random_game(players: int) -> None:
    """Every phase a seeded random game passes through draws at its layout size, twice alike."""
    seats = ["ada", "bram", "cleo", "dmitri", "eve"][:players]
    game = Game.new(seats, seed=players, options=Options(secret_archives=players % 2 == 1))
    rnd = random.Random(players)
    step = 0
    while not game.is_over():
        if step % 90 == 0:
            view = game.public_view()
            img = decode(render_table(view))
            assert img.size == (TABLE_WIDTH, table_height(view)), view["phase"]
        samples.play_random(game, rnd, 1)
        step += 1
    view = game.public_view()
    assert render_table(view) == render_table(copy.deepcopy(view))
