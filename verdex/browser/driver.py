"""Playwright's driver, one per event loop, shared by the sessions that run on it.

Every ``async_playwright().start()`` starts a Node.js process, Playwright's driver: a quarter of a second
of CPU to start and some tens of MB while it runs. A server with several clients, or a program that
opens one session after another while another is open, runs them all on one driver; each session still
launches (or connects to) its own browser. The driver stops when the last session on it lets go. One whose
session saw its browser go away is handed to no new session (it may be the driver that died); the sessions
still on it keep it to their end.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from playwright.async_api import Playwright, async_playwright

__all__ = ["DriverLease", "acquire"]


@dataclass(eq=False)
class _Driver:
    starting: asyncio.Future[Playwright]
    users: int = 0


# per event loop: the driver new sessions are handed
_HANDED: WeakKeyDictionary[asyncio.AbstractEventLoop, _Driver] = WeakKeyDictionary()


class DriverLease:
    """A session's hold on a driver: ``playwright`` while held, ``release()`` once at the end."""

    def __init__(self, loop: asyncio.AbstractEventLoop, driver: _Driver) -> None:
        self._loop, self._driver = loop, driver
        self.playwright: Playwright | None = None

    async def release(self, *, broken: bool = False) -> None:
        """Let go; ``broken``: the session saw its browser go away, so no new session is handed this driver."""
        driver, self._driver = self._driver, None
        if driver is None:
            return
        driver.users -= 1
        if (broken or driver.users == 0) and _HANDED.get(self._loop) is driver:
            del _HANDED[self._loop]
        if driver.users > 0:
            return
        if not driver.starting.done():             # its last session stopped waiting for it: stop it once started
            driver.starting.add_done_callback(_stop_once_started)
        elif _started(driver.starting):
            await driver.starting.result().stop()


def _started(starting: asyncio.Future[Playwright]) -> bool:
    return not starting.cancelled() and starting.exception() is None


def _stop_once_started(starting: asyncio.Future[Playwright]) -> None:
    if _started(starting):
        asyncio.ensure_future(starting.result().stop())


async def acquire() -> DriverLease:
    """A hold on the running loop's driver, started if there is none."""
    loop = asyncio.get_running_loop()
    driver = _HANDED.get(loop)
    if driver is None:
        driver = _HANDED[loop] = _Driver(asyncio.ensure_future(async_playwright().start()))
    driver.users += 1
    lease = DriverLease(loop, driver)
    try:
        lease.playwright = await asyncio.shield(driver.starting)
    except BaseException:
        await lease.release(broken=True)
        raise
    return lease
