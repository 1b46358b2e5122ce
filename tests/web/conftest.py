"""The web table's tests: the real bot in SimCord (the bot tests' fixtures, ``tests/bot/conftest.py``) and a headless
Chromium (``tests/chromium.py``): one browser per test process, a Playwright client and fresh pages per test.

``open_page(url, width=360)`` opens a page as a phone (360 px) or a desktop (1280 px) shows it, in a browser context
of its own (no cookie, cache or storage from another test), with JavaScript on or off; a page that throws, or that
the Content-Security-Policy refuses something, fails the test at its end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Awaitable, Iterator
from typing import Any, Protocol

import pytest
import pytest_asyncio
from playwright.async_api import expect

from bot import Settings
from bot.web.server import WebServer
from tests import chromium
from tests.bot.conftest import (  # noqa: F401 (the real bot in SimCord, as the bot tests run it)
    db_location,
    db_store,
    far_apart_retries,
    make_bot,
    native_work_untimed,
    postgresql_cluster,
    quick_settle,
    replayable_seeds,
    simcord_bot,
    unseen_images,
    virtual_alarms,
)
from tests.bot.conftest import settings as bot_settings  # noqa: F401 (a fixture, widened by ``settings`` below)
from tests.chromium import CHROMIUM_SKIPPED
from tests.web.apart import serve_apart

#: the widths the pages are laid out for: a phone and a desktop
PHONE = 360
DESKTOP = 1280
#: a window as tall as a phone's screen, or a laptop's
HEIGHTS = {PHONE: 780, DESKTOP: 900}
#: milliseconds Playwright waits for what a test expects of a page (a live update must come within 2 s; a busy
#: machine may take longer to run the browser)
PATIENCE_MS = 15_000

_failure: list[str] = []
expect.set_options(timeout=PATIENCE_MS)


@pytest.fixture
def settings(bot_settings: Settings) -> Settings:  # noqa: F811 (the fixture imported above)
    """The bot tests' settings with the web table on, on a free port of loopback, with room for a test's requests."""
    return dataclasses.replace(bot_settings, web_addr="127.0.0.1:0", web_requests=1000.0, web_streams=100)


@pytest_asyncio.fixture
async def web(simcord_env: Any) -> AsyncIterator[WebServer]:
    """The bot's web table, served apart from SimCord's bookkeeping (``tests/web/apart.py`` says why)."""
    await serve_apart(simcord_env.bot)
    server: WebServer = simcord_env.bot.web
    try:
        yield server
    finally:
        await server.stop()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[chromium.Chromium]:
    """One headless Chromium for this test process; skipped (failed, when ``NIGHTFALL_TEST_CHROMIUM=required``)
    where it cannot start."""
    if _failure:
        pytest.skip(_failure[0])
    browser: chromium.Chromium | None = None
    try:
        reason = chromium.missing()
        if reason is not None:
            raise chromium.Unavailable(reason)
        browser = chromium.Chromium()
        browser.start()
    except (chromium.Unavailable, OSError) as e:
        reason = f"{CHROMIUM_SKIPPED}: {e}"
        if chromium.required():
            pytest.fail(f"{reason} ({chromium.REQUIRED_ENV}=required)", pytrace=False)
        _failure.append(reason)
        pytest.skip(reason)
    yield browser
    browser.stop()


class OpenPage(Protocol):
    def __call__(
        self, url: str, width: int = PHONE, *, javascript: bool = True, locale: str = "en-US"
    ) -> Awaitable[Any]: ...


@pytest_asyncio.fixture
async def browser(chromium_browser: chromium.Chromium) -> AsyncIterator[Any]:
    """Playwright's ``Browser``, connected to this process's Chromium from the test's own event loop."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        connected = await playwright.chromium.connect_over_cdp(chromium_browser.endpoint)
        try:
            yield connected
        finally:
            await connected.close()  # disconnects; the browser itself stays for the next test


@pytest_asyncio.fixture
async def open_page(browser: Any) -> AsyncIterator[OpenPage]:
    """``await open_page(url, width)``: a Playwright ``Page`` showing ``url`` in a fresh context ``width`` px wide.
    Uncaught script errors and what the Content-Security-Policy refused are gathered, and fail the test at its end."""
    contexts: list[Any] = []
    problems: list[str] = []

    async def open_one(url: str, width: int = PHONE, *, javascript: bool = True, locale: str = "en-US") -> Any:
        context = await browser.new_context(
            viewport={"width": width, "height": HEIGHTS.get(width, 900)},
            java_script_enabled=javascript,
            locale=locale,
            device_scale_factor=1,
        )
        contexts.append(context)
        context.set_default_timeout(PATIENCE_MS)
        page = await context.new_page()
        page.on("pageerror", lambda error: problems.append(f"{url}: script error: {error}"))
        page.on(
            "console",
            lambda message: (
                problems.append(f"{url}: {message.text}") if "Content Security Policy" in message.text else None
            ),
        )
        answer = await page.goto(url)
        assert answer is not None and answer.ok, f"{url}: {answer.status if answer else 'no answer'}"
        return page

    yield open_one
    for context in contexts:
        await context.close()
    assert not problems, "\n".join(problems)
