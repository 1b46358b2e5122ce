"""The image layer: renamed views without copies, the PNG cache, and renders in worker processes."""

from __future__ import annotations

import asyncio
import copy
import io
import os
import random
import re
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from PIL import Image

import render.fightdrome
import render.nightfall
from bot.nightfall import images as nightfall_images
from bot.nightfall.naming import label, named_view
from bot.settings import Settings
from bot.workers import images
from engine.nightfall import Game, Options
from render.nightfall import samples

View = dict[str, Any]
SEATS = ["p1", "p2", "p3", "p4", "p5"]
NAMES = {"p1": "Ada", "p2": "Bram the p3 fan", "p3": "Cleo", "p4": "Dmitri", "p5": "Eve"}


def named_view_by_deepcopy(view: View, names: dict[str, str]) -> View:
    """``named_view`` as it was: a deep copy renamed in place (the reference for the new one)."""
    v = copy.deepcopy(view)

    def n(x: Any) -> Any:
        return names.get(x, x) if isinstance(x, str) else x

    for key in ("active", "first", "you"):
        if key in v:
            v[key] = n(v[key])
    for seat in v.get("seats", []):
        seat["seat"] = n(seat["seat"])
        for a in seat.get("archives", []):
            a["owner"] = n(a.get("owner"))
    for entry in v.get("chain", []):
        entry["by"] = n(entry["by"])
    for fight in v.get("combat", []):
        fight["defender"] = n(fight["defender"])
    for p in v.get("pending", []):
        p["seat"] = n(p["seat"])
        if "options" in p:
            p["options"] = [n(o) for o in p["options"]]
    for r in v.get("result", []) or []:
        r["seat"] = n(r["seat"])
    if "draft" in v and "waiting" in v["draft"]:
        v["draft"]["waiting"] = [n(x) for x in v["draft"]["waiting"]]
    for d in v.get("decisions", []):
        d["seat"] = n(d["seat"])
        for a in d.get("actions", []):
            a["label"] = label(a["label"], names)
            for r in a.get("refs", []):
                if r["type"] == "seat":
                    r["name"] = n(r["ref"])
                if "controller" in r:
                    r["controller"] = n(r["controller"])
                if "archive" in r and r["archive"].get("owner") is not None:
                    r["archive"]["owner"] = n(r["archive"]["owner"])
        for x in d.get("facts", {}).get("attacks", []):
            x["by"] = n(x["by"])
            x["defender"] = n(x["defender"])
    return v


def real_views() -> Iterator[tuple[str, View]]:
    """Public and private views of games played with the bot's seat ids, at every phase, plus the
    sample positions (chain, link decision, combat, draft, results)."""
    for seed, n, options in ((1, 5, Options()), (2, 2, Options(draft="two-player")), (3, 4, Options())):
        seats = SEATS[:n]
        game = Game.new(seats, seed=seed, options=options)
        rnd = random.Random(seed)
        for steps in (0, 2, 40, 120, 400, 5000):
            samples.play_random(game, rnd, steps)
            yield f"{seed}/{steps}/public", game.public_view()
            for seat in seats:
                yield f"{seed}/{steps}/{seat}", game.private_view(seat)
            if game.is_over():
                break
    link = samples.five_player_link_decision()
    yield "link/cleo", link.private_view("cleo")
    yield "chain", samples.five_player_chain().public_view()
    combat = samples.five_player_combat()
    yield "combat", combat.public_view()
    yield "combat/ada", combat.private_view("ada")
    draft = samples.draft_game()
    yield "draft/ada", draft.private_view("ada")
    yield "results", samples.finished_game().public_view()


@pytest.fixture(scope="module")
def views() -> list[tuple[str, View]]:
    return list(real_views())


def test_the_sample_views_cover_what_named_view_renames(views: list[tuple[str, View]]) -> None:
    present = {key for _, v in views for key, value in v.items() if value}
    assert {"seats", "chain", "combat", "pending", "result", "draft", "decisions", "you"} <= present
    labels = [a["label"] for _, v in views for d in v.get("decisions", []) for a in d.get("actions", [])]
    assert any(re.search(r"\bp[1-5]\b", text) for text in labels), "some action label should name a seat"


def test_named_view_equals_the_deepcopy_version_and_leaves_the_view_alone(views: list[tuple[str, View]]) -> None:
    names = {**NAMES, "ada": "Ada L.", "cleo": "Cleo p2", "eve": "Eve"}
    for name, view in views:
        before = copy.deepcopy(view)
        renamed = named_view(view, names)
        assert view == before, f"{name}: the input view was changed"
        assert renamed == named_view_by_deepcopy(before, names), name
        assert renamed is not view
        assert view == before


def test_named_view_copies_only_what_it_renames(views: list[tuple[str, View]]) -> None:
    view = dict(views)["link/cleo"]
    renamed = named_view(view, {"cleo": "Cleo"})
    assert renamed["you"] == "Cleo" and view["you"] == "cleo"
    assert renamed["seats"] is not view["seats"]
    assert renamed["hand"] is view["hand"], "untouched parts are shared, not copied"
    assert renamed["commons"] is view["commons"]
    seat = next(s for s in renamed["seats"] if s["seat"] == "Cleo")
    original = next(s for s in view["seats"] if s["seat"] == "cleo")
    assert seat["in_play"] is original["in_play"]


# --- the image layer ----------------------------------------------------------------------


@dataclass
class FakeTable:
    """What the image functions read from a ``service.Table``."""

    game: Game
    names: dict[str, str] = field(default_factory=lambda: dict(NAMES))
    id: int = 7
    lang: str = "en"

    @property
    def drawn_names(self) -> dict[str, str]:
        return self.names


@pytest.fixture(autouse=True)
def fresh_images() -> Iterator[None]:
    images.shutdown()
    images.configure(0)
    images.clear_cache()
    images.stats.reset()
    yield
    images.shutdown()
    images.configure(0)
    images.clear_cache()
    images.stats.reset()


def png_of(file: discord.File) -> bytes:
    file.fp.seek(0)
    data = file.fp.read()
    assert isinstance(data, bytes)
    return data


def five_player_game() -> Game:
    game = Game.new(SEATS, seed=5, options=Options())
    samples.play_random(game, random.Random(5), 60)
    return game


def make_table(game: Game) -> Any:
    """A stand-in for ``service.Table`` (typed loosely: the image functions only read it)."""
    return FakeTable(game)


def test_settings_read_the_worker_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NIGHTFALL_RENDER_WORKERS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert Settings.from_env(env_file=None).render_workers == 2, "two worker processes by default"
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert Settings.from_env(env_file=None).render_workers == 1, "one on a single core"
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert Settings.from_env(env_file=None).render_workers == 1
    monkeypatch.setenv("NIGHTFALL_RENDER_WORKERS", "0")
    assert Settings.from_env(env_file=None).render_workers == 0, "0 draws in a thread"
    assert Settings().render_workers == 0, "settings built in code (tests, benchmarks) draw in a thread"
    monkeypatch.setenv("NIGHTFALL_RENDER_WORKERS", "2")
    assert Settings.from_env(env_file=None).render_workers == 2
    monkeypatch.setenv("NIGHTFALL_RENDER_WORKERS", "-1")
    with pytest.raises(ValueError, match="NIGHTFALL_RENDER_WORKERS"):
        Settings.from_env(env_file=None)


def test_settings_read_whether_to_prime(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NIGHTFALL_RENDER_PRIME", raising=False)
    assert Settings.from_env(env_file=None).render_prime, "the bot primes by default"
    monkeypatch.setenv("NIGHTFALL_RENDER_PRIME", "0")
    assert not Settings.from_env(env_file=None).render_prime
    assert not Settings().render_prime, "settings built in code (tests, benchmarks) do not"


def test_configure_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError):
        images.configure(-1)
    assert images.workers() == 0


async def test_an_identical_table_is_a_cache_hit_and_a_changed_one_a_miss() -> None:
    table = make_table(five_player_game())
    first = await nightfall_images.table_file(table)
    assert first.filename == "nightfall-7-table.png"
    assert (images.stats.renders, images.stats.hits) == (1, 0)
    again = await nightfall_images.table_file(table)
    assert (images.stats.renders, images.stats.hits) == (1, 1)
    assert png_of(again) == png_of(first)
    assert png_of(first) == render.nightfall.render_table(named_view(table.game.public_view(), table.names))

    game = table.game
    decision = game.pending()[0]
    game.apply(game.legal_actions(decision.seat)[0])
    changed = await nightfall_images.table_file(table)
    assert (images.stats.renders, images.stats.hits) == (2, 1)
    assert png_of(changed) != png_of(first)

    table.names = {**NAMES, "p1": "Ada Renamed"}
    await nightfall_images.table_file(table)
    assert images.stats.renders == 3, "other display names are another image"


async def test_an_unchanged_hand_is_not_drawn_again() -> None:
    table = make_table(five_player_game())
    seat = table.game.pending()[0].seat
    a = await nightfall_images.hand_file(table, seat)
    b = await nightfall_images.hand_file(table, seat)
    assert (images.stats.renders, images.stats.hits) == (1, 1)
    assert png_of(a) == png_of(b)
    other = next(s for s in SEATS if s != seat)
    await nightfall_images.hand_file(table, other)
    assert images.stats.renders == 2, "another seat's hand is another image"


async def test_the_same_image_asked_twice_at_once_is_drawn_once() -> None:
    table = make_table(five_player_game())
    files = await asyncio.gather(*(nightfall_images.table_file(table) for _ in range(4)))
    assert (images.stats.renders, images.stats.hits) == (1, 3)
    assert len({png_of(f) for f in files}) == 1


async def test_cards_are_cached_by_key_and_language() -> None:
    await nightfall_images.card_file("vulko")
    await nightfall_images.card_file("vulko")
    await nightfall_images.card_file("vulko", "pl")
    assert (images.stats.renders, images.stats.hits) == (2, 1)


async def test_the_cache_keeps_the_most_recent_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(images, "CACHE_SIZE", 2)
    for key in ("vulko", "leave_me", "vulko", "death_grip", "leave_me"):
        await nightfall_images.card_file(key)
    # vulko was used again before death_grip came in, so leave_me was the one forgotten
    assert (images.stats.renders, images.stats.hits) == (4, 1)
    assert len(images._cache) == 2


def test_the_key_is_the_exact_view() -> None:
    view = samples.five_player_chain().public_view()
    same = copy.deepcopy(view)
    assert images.view_key("table", view) == images.view_key("table", same)
    assert images.view_key("table", view) != images.view_key("results", view)
    same["turn"] += 1
    assert images.view_key("table", view) != images.view_key("table", same)


async def test_a_worker_process_renders_the_same_bytes_and_shutdown_stops_it() -> None:
    images.configure(1)
    assert images.pool.current is None, "the pool starts with the first render, not before"
    table = make_table(five_player_game())
    file = await nightfall_images.table_file(table)
    data = png_of(file)
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.mode == "P"
    assert data == render.nightfall.render_table(named_view(table.game.public_view(), table.names))
    assert (images.stats.renders, images.stats.pool_renders) == (1, 1)

    pool = images.pool.current
    assert pool is not None
    loop = asyncio.get_running_loop()
    modules = await loop.run_in_executor(pool, eval, "sorted(__import__('sys').modules)")
    assert "render" in modules
    assert not [m for m in modules if m == "discord" or m.startswith(("discord.", "bot"))], (
        "a worker imports no discord"
    )
    processes = list(pool._processes.values())
    assert processes and all(p.is_alive() for p in processes)

    images.shutdown()
    assert images.pool.current is None
    assert not any(p.is_alive() for p in processes)
    assert images.workers() == 0

    # after shutdown a late image is drawn in a thread: no new processes during close
    await nightfall_images.hand_file(table, "p1")
    assert (images.stats.renders, images.stats.pool_renders) == (2, 1)
    assert images.pool.current is None


async def test_a_dead_worker_is_replaced() -> None:
    images.configure(1)
    table = make_table(five_player_game())
    await nightfall_images.table_file(table)
    pool = images.pool.current
    assert pool is not None
    for p in pool._processes.values():
        p.kill()
        p.join()
    await nightfall_images.hand_file(table, "p1")
    assert images.stats.pool_restarts == 1
    assert images.stats.pool_renders == 2
    assert images.pool.current is not None and images.pool.current is not pool


def test_prime_runs_the_games_start_up_drawing_in_a_thread() -> None:
    done = threading.Event()

    def broken() -> None:
        raise RuntimeError("no fonts")

    images.prime([broken, done.set])  # a primer that fails costs its head start, not the others'
    assert done.wait(10)


async def test_a_worker_primes_itself_as_it_starts() -> None:
    images.configure(1)
    images.prime([render.fightdrome.prime])
    pool = images.pool.current
    assert pool is not None, "priming starts the pool at once"
    loop = asyncio.get_running_loop()
    fonts = await loop.run_in_executor(pool, eval, "__import__('render.theme').theme.font.cache_info().currsize")
    assert fonts > 0
    modules = await loop.run_in_executor(pool, eval, "sorted(__import__('sys').modules)")
    assert not [m for m in modules if m == "discord" or m.startswith(("discord.", "bot"))]
