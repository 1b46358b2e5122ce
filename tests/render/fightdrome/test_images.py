"""Fightdrome's images: every kind renders for seeded positions in every language and format, reads on a
phone (no text below 11 px at 310 px wide), keeps hands out of the channel, and gives the same bytes for
the same view."""

from __future__ import annotations

import io
import math
import re
from typing import Any

import pytest
from PIL import Image

from engine.fightdrome import Match, cards
from render.fightdrome import render_card, render_hand, render_results, render_table, samples, texts
from render.fightdrome.card import card_face, marks, plays_on
from render.fightdrome.hand import TILES, draw_hand
from render.fightdrome.results import draw_results
from render.fightdrome.style import DECIDE, PHONE, PHONE_MIN, WIDTH
from render.fightdrome.table import draw_table
from render.primitives import drawn_texts, smallest

from ..conftest import count_near, decode

View = dict[str, Any]
LANGS = ("en", "pl", "ru")
#: Display names the bot would pass: long ones, in Polish and Russian letters, to stress the layout.
LONG_NAMES = {"ana": "Aleksandra Wiśniewska-Kowalczyk", "bo": "Владимир Александрович"}


@pytest.fixture(scope="module")
def matches() -> dict[str, Match]:
    return samples.all_matches()


def all_faces() -> list[str]:
    return sorted({cards.face_of(c) for pile in cards.box().values() for c in pile}, key=cards.sort_key)


def readable_on_a_phone(img: Image.Image, what: str) -> None:
    """No recorded text (em size) or icon is below PHONE_MIN px once the image is shown PHONE px wide."""
    text, icon = smallest(img)
    assert math.isfinite(text), f"{what}: no text recorded"
    scale = PHONE / img.width
    assert text * scale >= PHONE_MIN, f"{what}: a {text * scale:.1f} px text on a phone"
    assert icon * scale >= PHONE_MIN, f"{what}: a {icon * scale:.1f} px icon on a phone"


def texts_fit(img: Image.Image, what: str) -> None:
    """Every text stays inside the box the layout gave it and the image, and no two texts overlap."""
    drawn = drawn_texts(img)
    for d in drawn:
        ink, box = d.ink, d.region
        assert box[0] - 1 <= ink[0] and box[1] - 1 <= ink[1], f"{what}: {d.text!r} leaves its box"
        assert ink[2] <= min(box[2], img.width) + 1 and ink[3] <= min(box[3], img.height) + 1, f"{what}: {d.text!r}"
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            x, y = a.ink, b.ink
            apart = x[2] - 1 <= y[0] or y[2] - 1 <= x[0] or x[3] - 1 <= y[1] or y[3] - 1 <= x[1]
            assert apart, f"{what}: {a.text!r} runs into {b.text!r}"


def words(img: Image.Image) -> str:
    return " ".join(d.text for d in drawn_texts(img))


# ---------------------------------------------------------------------------------------------- the samples


def test_the_samples_cover_every_format_and_the_decisions(matches: dict[str, Match]) -> None:
    formats = {m.options.format for m in matches.values()}
    assert formats == {"series", "bout", "tournament"}
    kinds = {d.kind for m in matches.values() for d in m.pending()}
    assert {"answer", "open_or_rest", "sleeve"} <= kinds
    assert len(matches["mid_exchange"].line) > 4, "two rows of the fight line"
    assert matches["finished"].is_over() and matches["finished_tournament"].is_over()
    assert any(h["ending"] == "rest" for h in matches["finished"].history)


@pytest.mark.parametrize("lang", LANGS)
def test_every_image_renders_readably_in_every_language(matches: dict[str, Match], lang: str) -> None:
    for key, m in matches.items():
        pub = m.public_view()
        for what, img in (
            ("table", draw_table(pub, lang, samples.NAMES)),
            ("results", draw_results(pub, lang, samples.NAMES)),
            *((f"hand {seat}", draw_hand(m.private_view(seat), lang, samples.NAMES)) for seat in m.seats),
        ):
            label = f"{key} {what} {lang}"
            assert img.width == WIDTH, label
            readable_on_a_phone(img, label)
            texts_fit(img, label)


@pytest.mark.parametrize("lang", LANGS)
def test_long_display_names_stay_in_their_boxes(matches: dict[str, Match], lang: str) -> None:
    for key in ("mid_exchange", "tournament", "finished"):
        m = matches[key]
        texts_fit(draw_table(m.public_view(), lang, LONG_NAMES), f"{key} table")
        texts_fit(draw_results(m.public_view(), lang, LONG_NAMES), f"{key} results")
        texts_fit(draw_hand(m.private_view("ana"), lang, LONG_NAMES), f"{key} hand")


def test_png_bytes_decode_at_the_drawn_size(matches: dict[str, Match]) -> None:
    m = matches["answer_decision"]
    pub = m.public_view()
    assert decode(render_table(pub)).size == draw_table(pub).size
    assert decode(render_hand(m.private_view("ana"))).size == draw_hand(m.private_view("ana")).size
    assert decode(render_results(pub)).size == draw_results(pub).size
    assert decode(render_card("K30")).size == card_face("K30").size


def test_the_table_is_short_enough_for_a_phone_screen(matches: dict[str, Match]) -> None:
    """A phone shows about 550 px of height at 310 wide: 1100 px here. An exchange of up to four cards
    (most of them) keeps the table within 620 px; the longest sample stays well within a screen."""
    for key, m in matches.items():
        for lang in LANGS:
            img = draw_table(m.public_view(), lang, samples.NAMES)
            limit = 620 if len(m.line) <= 4 else 720
            assert img.height <= limit, (key, lang, img.height)


# ---------------------------------------------------------------------------------------------- privacy


def test_the_table_and_results_refuse_a_private_view(matches: dict[str, Match]) -> None:
    m = matches["mid_exchange"]
    private = m.private_view("ana")
    for fn in (render_table, render_results):
        with pytest.raises(ValueError):
            fn(private)
        for key in ("hand", "you"):  # either key alone is enough to refuse
            only = m.public_view() | {key: private[key]}
            with pytest.raises(ValueError):
                fn(only)
    # the public view holds no card instance id ("K30-2") anywhere the table could draw it from
    table = words(draw_table(m.public_view()))
    assert not re.search(r"\b[A-Z]{1,2}[0-9]*-[0-9]+\b", table)
    assert render_table(m.public_view())[:4] == b"\x89PNG"


def test_the_hand_takes_a_private_view_only(matches: dict[str, Match]) -> None:
    with pytest.raises(ValueError):
        render_hand(matches["bout"].public_view())


# ---------------------------------------------------------------------------------------------- same bytes


def test_the_same_view_gives_the_same_bytes(matches: dict[str, Match]) -> None:
    from render import primitives

    m = matches["tournament"]
    first = (
        render_table(m.public_view(), "pl", samples.NAMES),
        render_hand(m.private_view("bo"), "ru", samples.NAMES),
        render_results(m.public_view(), "en"),
        render_card("NB", "pl"),
    )
    primitives._text_mask.cache_clear()
    again = samples.tournament()  # the same seeded match, played again
    assert first == (
        render_table(again.public_view(), "pl", samples.NAMES),
        render_hand(again.private_view("bo"), "ru", samples.NAMES),
        render_results(again.public_view(), "en"),
        render_card("NB", "pl"),
    )


# ---------------------------------------------------------------------------------------------- what they show


def test_the_table_shows_names_counts_exchange_and_requirement(matches: dict[str, Match]) -> None:
    m = matches["mid_exchange"]
    pub = m.public_view()
    shown = words(draw_table(pub, "en", samples.NAMES))
    for seat in m.seats:
        f = pub["fighters"][seat]
        assert samples.NAMES[seat] in shown
        assert texts.sleeve_name(f["sleeve"]) in shown and texts.stack_name(f["stack"]) in shown
        for key in ("hand", "deck", "discard", "stun"):
            assert str(f[key]) in shown
    assert "to answer:" in shown and "Dodge" in shown
    assert "Breather" in shown and "to 300 Fame" in shown
    assert f"Round {pub['round']}" in shown
    assert "Rest: no" in shown or "Rest: yes" in shown
    # the newest chips of the exchange show their strengths
    for entry in pub["line"][-7:]:
        assert str(entry["strength"]) in shown or entry["neuro"]
    assert "ana" not in shown.split() and "bo" not in shown.split(), "display names replace seat ids"


def test_the_table_names_the_seats_by_id_without_a_mapping(matches: dict[str, Match]) -> None:
    shown = words(draw_table(matches["bout"].public_view()))
    assert "ana" in shown and "bo" in shown and "single bout" in shown


def test_a_finished_match_shows_its_winner_and_last_round(matches: dict[str, Match]) -> None:
    m = matches["finished"]
    pub = m.public_view()
    winner = samples.NAMES[pub["winner"]]
    assert f"{winner} wins the match" in words(draw_table(pub, "en", samples.NAMES))
    results = words(draw_results(pub, "en", samples.NAMES))
    assert f"{winner} wins the match" in results
    for h in pub["history"]:
        for seat, scored in h["scored"].items():
            assert f"+{scored}" in results, (seat, scored)
    assert "after Rest" in results and "hand empty" in results
    for seat in m.seats:
        assert str(pub["fighters"][seat]["fame"]) in results


def test_a_tournament_shows_teams_and_fighters_left(matches: dict[str, Match]) -> None:
    pub = matches["finished_tournament"].public_view()
    shown = words(draw_results(pub, "pl", samples.NAMES))
    assert "Wielki turniej" in shown and "pozostali zawodnicy" in shown
    table = words(draw_table(matches["tournament"].public_view(), "en", samples.NAMES))
    assert "team" in table
    lost = matches["tournament"].public_view()["fighters"]
    assert any(texts.sleeve_name(s) in table for f in lost.values() for s in f["lost"])


def test_the_hand_frames_the_legal_cards_and_dims_the_rest(matches: dict[str, Match]) -> None:
    m = matches["mid_exchange"]
    seat = m.pending()[0].seat
    view = m.private_view(seat)
    img = draw_hand(view, "en", samples.NAMES)
    tiles = img.info[TILES]
    assert [t.face for t in tiles if t.face != "rest"] == [c["card"] for c in view["hand"]]
    assert {t.state for t in tiles} == {"play", "dim"}, "this sample has both"
    png = decode(render_hand(view, "en", samples.NAMES))
    for tile, card in zip(tiles, view["hand"], strict=False):
        assert tile.state == ("play" if card["legal"] else "dim")
        x0, y0, x1, _ = tile.box
        frame = count_near(png, (x0, y0, x1, y0 + 5), DECIDE, 20)
        assert (frame > 50) == card["legal"], (card, frame)
    other = draw_hand(m.private_view(m.other(seat)), "en")
    assert {t.state for t in other.info[TILES]} == {"show"}, "a hand waiting on the opponent is not dimmed"


def test_the_hand_shows_the_rest_tile_and_the_stun_pile(matches: dict[str, Match]) -> None:
    m = matches["open_or_rest"]
    seat = m.pending()[0].seat
    view = m.private_view(seat)
    assert view["can_rest"]
    img = draw_hand(view, "en")
    assert "rest" in [t.face for t in img.info[TILES]]
    shown = words(img)
    assert "You may rest" in shown and "Your stun pile:" in shown
    for face in view["stun_pile"]:
        assert texts.card_name(face) in shown


def test_the_hand_of_a_secret_sleeve_pick_shows_the_team(matches: dict[str, Match]) -> None:
    view = matches["tournament_pick"].private_view("ana")
    shown = words(draw_hand(view, "en"))
    for sleeve in view["fighters"]["ana"]["team"]:
        assert texts.sleeve_name(sleeve) in shown


# ---------------------------------------------------------------------------------------------- one card


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_face_renders_readably(lang: str) -> None:
    for face in all_faces():
        img = card_face(face, lang)
        readable_on_a_phone(img, f"{face} {lang}")
        texts_fit(img, f"{face} {lang}")
        assert texts.card_name(face, lang) in words(img)


def test_a_card_says_how_sure_its_numbers_are() -> None:
    assert marks("G10") == {"name": "✓", "strength": "R", "fame": "✓"}
    assert marks("K30")["strength"] == "~", "seen in the rulebook's worked example"
    assert marks("DG")["strength"] == ""
    assert "R reconstructed" in words(card_face("G10"))
    assert "~ inferred" in words(card_face("K30"))
    assert "R zrekonstruowane" in words(card_face("PB80", "pl"))


def test_a_card_says_what_it_plays_on() -> None:
    assert plays_on("K30") == ["Kick/Grapple ≤ 30", "not on neuro attacks"]
    assert plays_on("G10") == ["Any attack ≤ 10", "not on neuro attacks"]
    assert plays_on("NB") == ["any attack, neuro too"]
    assert plays_on("NP") == ["Punch/Grapple, any strength", "Neuro: Punch/Grapple"]
    assert plays_on("DG") == ["Any attack, any strength", "not on neuro attacks"]


def test_an_unknown_face_is_refused() -> None:
    with pytest.raises(ValueError):
        render_card("X99")


# ---------------------------------------------------------------------------------------------- the words


def test_every_language_has_the_same_words() -> None:
    keys = set(texts.WORDS["en"])
    for lang in LANGS:
        assert set(texts.WORDS[lang]) == keys, lang
        assert all(v.strip() for v in texts.WORDS[lang].values()), lang
    assert texts.word("round", "pl", n=3) == "Runda 3"
    assert texts.word("round", "xx", n=3) == "Round 3", "an unknown language falls back to English"


def test_the_requirement_is_worded() -> None:
    assert texts.requirement_groups(["P≥60", "G≥60", "PB≥60", "DG", "FT", "NP", "NG", "NB"]) == [
        "Punch/Grapple ≥ 60",
        "Punch Block ≥ 60",
        "Dodge",
        "Feint",
        "Neuro: Punch/Grapple/Block",
    ]
    assert texts.requirement_groups(cards.requirement("G20"), "pl")[0] == "Każdy atak ≥ 20"
    assert texts.requirement_groups(["NP", "NK", "NG", "NB"], "ru") == ["Нейро: любая"]


def test_the_phone_copies_are_310_wide() -> None:
    from render.fightdrome.screenshots import phone

    png = phone(render_card("FT"))
    assert Image.open(io.BytesIO(png)).width == PHONE


def test_every_named_colour_is_a_palette_entry() -> None:
    """Flat fills keep their exact colour in the fixed-palette PNG (``render.palette``)."""
    from render.fightdrome import card, hand, style
    from render.palette import colours

    named = [*style.OWNER, *style.OWNER_FILL, style.NEURO, style.NEURO_FILL, style.DECIDE_FILL, style.WIN_FILL]
    named += [style.OK, *style.FAMILY.values(), hand.DIM_BAND, *card.MARK_INK.values()]
    assert [c for c in named if c not in set(colours())] == []
