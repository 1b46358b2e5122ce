"""The web table in a real browser: the bot in SimCord serves its pages (``NIGHTFALL_WEB_ADDR``) to a headless
Chromium (``tests/web/conftest.py``). A move made in SimCord changes an open page without a reload; the page fits a
360 px phone and lays the players out side by side on a 1280 px desktop; the replay steps with the arrow keys; the
leaderboard lists a finished game's players, a name with markup as plain text; without JavaScript the table is
all there."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.async_api import expect

from bot.web.server import WebServer
from tests.bot.helpers import open_game

from .conftest import DESKTOP, PHONE, OpenPage
from .serving import one_move, web_on

#: images are checked by their presence only (tests/bot/conftest.py): the pages are what these tests look at
pytestmark = pytest.mark.unseen_images
#: the most moves a test makes to reach the position it wants
MAX_MOVES = 200


async def test_a_move_in_discord_changes_the_open_page_without_a_reload(
    simcord_env: Any, web: WebServer, open_page: OpenPage
) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    url = await web_on(party, web)
    page = await open_page(url, PHONE)
    table = page.locator("main#table")
    before = int(await table.get_attribute("data-version") or -1)
    assert before == (await party.table()).row.version
    await expect(page.locator("#live")).to_have_class(re.compile(r"\bon\b"))  # the stream is open
    await page.evaluate("window.sameDocument = true")  # gone if the page were loaded again
    log_before = await page.locator("main .log li").all_inner_texts()

    await one_move(party)
    after = (await party.table()).row.version
    assert after > before

    await expect(table).to_have_attribute("data-version", str(after))
    assert await page.evaluate("window.sameDocument") is True
    assert await page.locator("main .log li").all_inner_texts() != log_before


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
async def test_the_table_fits_a_phone_and_spreads_over_a_desktop(
    simcord_env: Any, web: WebServer, open_page: OpenPage, width: int
) -> None:
    party = await open_game(simcord_env, ("alice", "bob", "dave"), ais=1)
    for _ in range(4):
        await one_move(party)
    page = await open_page(await web_on(party, web), width)
    assert await page.evaluate("document.scrollingElement.scrollWidth") <= width, "the page scrolls sideways"
    cards = page.locator("main .sections > section")
    boxes = [await cards.nth(n).bounding_box() for n in range(await cards.count())]
    assert len(boxes) >= 4 and all(b is not None for b in boxes)
    lefts = {round(b["x"]) for b in boxes if b is not None}
    if width == PHONE:
        assert len(lefts) == 1, f"one column on a phone, not {len(lefts)}"
        assert all(b is not None and b["width"] <= PHONE for b in boxes)
    else:
        assert len(lefts) >= 3, f"the sections side by side on a desktop, not in {len(lefts)} column(s)"
    for name in ("alice", "bob", "dave"):
        await expect(page.locator("main")).to_contain_text(name)


async def test_the_replay_steps_with_the_arrow_keys(simcord_env: Any, web: WebServer, open_page: OpenPage) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    face = party.bot.service.faces[(await party.table()).row.game]
    for _ in range(MAX_MOVES):  # into the third turn: a step a turn, the first being turn 1's
        if face.turn((await party.table()).game) >= 3:
            break
        await one_move(party)
    page = await open_page(await web_on(party, web) + "/replay?step=1", DESKTOP)
    replay = page.locator("main#replay")
    await expect(replay).to_have_attribute("data-step", "1")
    first = await replay.inner_text()

    await page.keyboard.press("ArrowRight")
    await expect(replay).to_have_attribute("data-step", "2")
    assert re.search(r"[?&]step=2\b", page.url)
    assert await replay.inner_text() != first
    await page.keyboard.press("ArrowRight")
    await expect(replay).to_have_attribute("data-step", "3")
    await page.keyboard.press("ArrowLeft")
    await expect(replay).to_have_attribute("data-step", "2")
    await page.keyboard.press("ArrowLeft")
    await expect(replay).to_have_attribute("data-step", "1")
    await page.keyboard.press("ArrowLeft")  # nothing before the first step
    await expect(replay).to_have_attribute("data-step", "1")
    assert await replay.inner_text() == first
    phone = await open_page(page.url, PHONE)
    assert await phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE, "the replay scrolls sideways"


@pytest.mark.simcord(settle_timeout=60)  # the AI plays the game to its end within one settle
async def test_the_leaderboard_lists_the_players_of_a_finished_game(
    simcord_env: Any, web: WebServer, open_page: OpenPage
) -> None:
    marked = "<b>bob</b>"
    party = await open_game(simcord_env, ("alice", marked))
    url = await web_on(party, web)
    for name in ("alice", marked):  # the AI plays on for each
        await party.members[name].slash(party.channel, "game leave")
    await simcord_env.settle()
    table = await party.table()
    assert table.row.status == "over"
    store = party.bot.store
    # as if each had played two more: a board lists people once their rating is no longer provisional
    assert await store._write("UPDATE ratings SET games = games + 2 WHERE user_id IS NOT NULL") == 2
    server = await store.web.server(party.channel.guild.id)
    top = f"{url.split('/g/')[0]}/s/{server.token}/top/{table.row.game}"

    page = await open_page(top, PHONE)
    names = page.locator("main table tbody td.name")
    await expect(names).to_have_count(2)
    assert sorted(await names.all_inner_texts()) == sorted(["alice", marked])  # the markup is text, no bold "bob"
    assert await page.locator("main table b").count() == 0
    assert await page.evaluate("document.scrollingElement.scrollWidth") <= PHONE


async def test_without_javascript_the_table_is_all_there(simcord_env: Any, web: WebServer, open_page: OpenPage) -> None:
    party = await open_game(simcord_env, ("alice", "bob"))
    await one_move(party)
    url = await web_on(party, web)
    scripted = await open_page(url, PHONE)
    plain = await open_page(url, PHONE, javascript=False)
    await expect(scripted.locator("#live")).to_be_visible()
    await expect(plain.locator("#live")).to_be_hidden()  # no promise of live updates without the script
    sections = await plain.locator("main section h2").all_inner_texts()
    assert len(sections) >= 3
    assert sections == await scripted.locator("main section h2").all_inner_texts()
    for name in ("alice", "bob"):
        await expect(plain.locator("main")).to_contain_text(name)
    assert await plain.locator("main .log li").count() >= 1
    assert await plain.evaluate("document.scrollingElement.scrollWidth") <= PHONE
