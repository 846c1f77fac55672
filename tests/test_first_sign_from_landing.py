"""An action is watched for its first sign, first_sign_ms, from when it landed on the page, whether or not
something changed at once: Node-RED's settings tray moves out of view as Close is clicked (its style) and is
removed, the choice stored, on a 250 ms timer. The watch ended 100 ms after the style change, quiet, and saw no
effect; counted from the watch's start rather than the landing, a busy machine's click (Playwright's checks
before it took longer) left no window at all. In the corpus at load 11-19 Close settled at 606 ms with no
effect, where a quiet machine's recording saw the tray go and POST /settings/user: the test left the page at
once and the language chosen was never stored."""

from __future__ import annotations

import asyncio
import re

import pytest
from playwright.async_api import Locator

from verdex import actions

pytestmark = pytest.mark.anyio



@pytest.mark.parametrize("busy_ms", [0, 600], ids=["at-once", "landing-late"])
async def test_a_tray_closed_on_a_timer_after_a_first_change_is_seen_gone(session, apps, monkeypatch, busy_ms):
    """busy_ms: how long Playwright's actionability checks take before the click lands (a busy machine's)."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/settling/timed-tray.html")
    snapshot = (await tab.snapshot()).text
    close = re.search(r'button "Close" \[ref=(e\d+)\]', snapshot).group(1)
    click = Locator.click

    async def late_click(self: Locator, *args, **kwargs) -> None:
        await asyncio.sleep(busy_ms / 1000)
        await click(self, *args, **kwargs)

    monkeypatch.setattr(Locator, "click", late_click)
    result = await actions.click(tab, close)
    assert not result.effects.no_effect, result.effects
    assert any("User settings" in gone for gone in result.effects.disappeared), result.effects
