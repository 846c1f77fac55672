"""Waiting helpers shared by the suites."""

import time
from collections.abc import Callable

from playwright.sync_api import Page


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0, interval: float = 0.2) -> None:
    """Poll an out-of-browser condition (a queue, a mailbox) until it holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(interval)  # noqa: VDX004 (polling a non-browser condition)
    raise TimeoutError("condition not met")


def settle(page: Page, seconds: float = 1.0) -> None:
    page.wait_for_timeout(seconds * 1000)  # expect: VDX004


def wait_for_spinner(page: Page) -> None:
    page.wait_for_selector(".spinner", state="detached", timeout=30_000)  # expect: VDX021
