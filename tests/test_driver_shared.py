"""Sessions on one event loop share Playwright's driver (one Node.js process), each with its own browser;
the driver stops with the last session on it, and one that died is handed to no new session."""

from __future__ import annotations

import asyncio
import os
import signal

import anyio
import pytest

from test_transports import children, command, launched_browsers
from verdex.browser.session import BrowserOptions, Session
from verdex.errors import BrowserClosed
from verdex.fixtures.server import FixtureServer



def drivers() -> set[int]:
    """The Playwright drivers (node) this process started and that still run."""
    return {child for child in children(os.getpid()) if command(child).endswith("/node")}


async def _heading(session: Session, url: str) -> str:
    tab = await session.tab()
    await tab.navigate(url)
    return await tab.page.get_by_role("heading").first.inner_text()


# Each test runs on an event loop of its own (asyncio.run): the suite's own loop holds a driver for all its
# tests (tests/conftest.py), a new loop starts with none.

def test_two_sessions_open_at_once_run_on_one_driver_each_with_its_own_browser(apps: FixtureServer) -> None:
    asyncio.run(_two_sessions_at_once(apps.url))


def test_a_driver_that_died_under_a_session_is_not_handed_to_the_next_one(apps: FixtureServer) -> None:
    asyncio.run(_driver_killed(apps.url))


async def _two_sessions_at_once(url: str) -> None:
    before_drivers, before_browsers = drivers(), launched_browsers()
    async with Session(record=False) as first, Session(record=False) as second:
        await _heading(first, url + "/login/")
        await _heading(second, url + "/login/")
        assert len(drivers() - before_drivers) == 1
        assert len(launched_browsers() - before_browsers) == 2
        await first.end()
        assert await _heading(second, url + "/login/"), "the driver outlives the first session's end"
    with anyio.fail_after(10):
        while drivers() - before_drivers:          # the last session let go: the driver stops
            await anyio.sleep(0.05)


async def _driver_killed(url: str) -> None:
    before = drivers()
    async with Session(record=False) as first:
        await _heading(first, url + "/login/")
        (driver,) = drivers() - before
        os.kill(driver, signal.SIGKILL)
        with pytest.raises(BrowserClosed):
            with anyio.fail_after(20):
                while True:                         # the session learns its browser went away
                    await _heading(first, url + "/login/")
                    await anyio.sleep(0.05)
        async with Session(record=False) as second:
            assert await _heading(second, url + "/login/")
