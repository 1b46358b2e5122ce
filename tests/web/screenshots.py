"""Screenshots of the web table for the README: ``python -m tests.web.screenshots docs/images`` (``make
screenshots``; needs Debian's ``chromium``, as the browser tests do).

The real bot plays a game of every registered game in SimCord (its seeds fixed, so the pictures only change when
the pages or the games do): people and an AI seat, the people's moves chosen by the game's easiest AI level and made
with ``/move``, for 30 moves (a four-player Nightfall game is then in its third turn). The bot serves its pages, and
headless Chromium takes each game's live table and the replay's step before the present as a phone (360 px wide, the
whole page) and a desktop (1280 × 900) show them: ``web-<game>-live-phone.png``, ``web-<game>-live-desktop.png``,
``web-<game>-replay-phone.png``, ``web-<game>-replay-desktop.png``. The game's images are not drawn (no page shows
them). The replay's lines start with emoji: install an emoji font first (Debian's ``fonts-noto-color-emoji``), as a
phone has one.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright, expect
from simcord import Env

import bot.service.seats
from bot import Settings, create_bot
from bot.games import FACES
from bot.workers import images
from tests.bot.helpers import open_lobby, undrawn
from tests.chromium import Chromium
from tests.web.apart import serve_apart
from tests.web.serving import one_move, web_on

PHONE, DESKTOP = 360, 1280
#: the window each is taken in: a phone's screen (the whole page is taken), a laptop's
WINDOWS = {"phone": (PHONE, 780), "desktop": (DESKTOP, 900)}
#: the people at each table, and how many AI seats join them (as many as the game seats, at most four in all)
PEOPLE = ("Marisol", "Vesna", "bram")
#: milliseconds a live page is given to draw the table its stream sends first, before it is taken
SWAP_MS = 500
#: the game's version (moves made, the AI's included) the live table is shown at
MOVES = 30


def settings(folder: Path) -> Settings:
    return Settings(
        token=None,
        db_path=str(folder / "nightfall.db"),
        ai_delay=0.0,
        ai_budget=0.05,
        ai_workers=0,
        table_edit_interval=0.0,
        burst_seconds=0.0,
        discord_limits=False,
        heartbeat_seconds=3600.0,
        web_addr="127.0.0.1:0",
        web_requests=1000.0,
        web_streams=100,
    )


async def play_a_while(env: Env, key: str) -> Any:
    """A game of ``key`` with people and one AI seat, ``MOVES`` moves into it."""
    face = FACES[key]
    seats = min(4, max(face.rules.seats))
    people = PEOPLE[: max(1, seats - 1)]
    party = await open_lobby(env, people, channel_name=key, spectators=(), ais=1, game=key)
    for n in range(MOVES):
        table = await party.table()
        if table.game.is_over() or table.row.version >= MOVES:
            break
        await one_move(party, seed=n)
    return party


async def shoot(page: Any, path: Path, whole: bool) -> None:
    await page.screenshot(path=str(path), full_page=whole, animations="disabled", caret="hide")
    print(path)


async def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    seeds = itertools.count(7000)
    bot.service.seats.new_seed = lambda: next(seeds)  # type: ignore[assignment]  (the same games every time)
    images._draw = undrawn(images._draw)  # type: ignore[method-assign]
    browser_process = Chromium()
    browser_process.start()
    try:
        with tempfile.TemporaryDirectory() as folder:
            nightfall = create_bot(settings(Path(folder)))
            env = Env(nightfall, settle_timeout=60.0)
            await env.start()
            await serve_apart(nightfall)
            web = nightfall.web
            try:
                async with async_playwright() as playwright:
                    browser = await playwright.chromium.connect_over_cdp(browser_process.endpoint)
                    for key in FACES:
                        party = await play_a_while(env, key)
                        url = await web_on(party, web)
                        replay = await web.replays.get(nightfall.store, FACES[key], (await party.table()).row)
                        step = max(1, len(replay.steps) - 1)  # the step before the present
                        for kind, (width, height) in WINDOWS.items():
                            context = await browser.new_context(
                                viewport={"width": width, "height": height}, locale="en-US", timezone_id="UTC"
                            )
                            page = await context.new_page()
                            await page.goto(url)
                            await expect(page.locator("#live")).to_have_class("live on")
                            # the stream's first event swaps the same table in just after it opens: let it be drawn
                            await page.wait_for_timeout(SWAP_MS)
                            path = out / f"web-{key}-live-{kind}.png"
                            await shoot(page, path, kind == "phone")
                            written.append(path)
                            await page.goto(f"{url}/replay?step={step}")
                            path = out / f"web-{key}-replay-{kind}.png"
                            await shoot(page, path, kind == "phone")
                            written.append(path)
                            await context.close()
                    await browser.close()
            finally:
                await web.stop()
                await env.shutdown()
                await nightfall.store.close()
                nightfall.service.thinker.shutdown(wait=True)
    finally:
        browser_process.stop()
    return written


if __name__ == "__main__":
    asyncio.run(take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")))
