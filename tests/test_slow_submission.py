"""A click whose input was delivered, while Playwright still waits for the navigation it started: Playwright's
click waits for the navigations it scheduled to commit, within the action's timeout, and a busy server answers
a form's POST later than that (Redmine's "Create" on WEBrick under load: the issue was made, the click said
TIMEOUT, and nothing was recorded). The click is done; the server's answer is held here until Playwright's click
has given up, whatever the machine's pace."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from playwright.async_api import Locator as PlaywrightLocator

from verdex import actions

pytestmark = pytest.mark.anyio


async def test_a_submission_answered_after_the_clicks_timeout_is_a_done_click(session, apps, tmp_path, monkeypatch):
    recorder = session.record(tmp_path / "session.jsonl", base_url=apps.url)
    tab = await session.tab()
    await tab.navigate(apps.url + "/races/slow-save.html")
    text = (await tab.snapshot()).text
    create = re.search(r'button "Create" \[ref=(e\d+)\]', text).group(1)

    given_up = asyncio.Event()
    clicking = PlaywrightLocator.click

    async def click_then_say_so(self, *args, **kwargs):
        try:
            return await clicking(self, *args, **kwargs)
        finally:
            given_up.set()

    async def answer_once_the_click_gave_up(route):
        await given_up.wait()
        await route.continue_()

    # Playwright's click must deliver its input before it gives up waiting for the navigation: 500 ms was
    # not enough for that on a loaded machine (load 18: "waiting for get_by_test_id", nothing clicked)
    monkeypatch.setattr(actions, "ACTION_TIMEOUT_MS", 5_000)
    monkeypatch.setattr(PlaywrightLocator, "click", click_then_say_so)
    await tab.page.route("**/api/redirect?*", answer_once_the_click_gave_up)

    result = await actions.click(tab, create)

    assert result.effects.navigated and result.effects.url_after.endswith("/races/landing.html?saved=1"), \
        result.to_text()
    recorder.close()
    steps = [json.loads(line) for line in (tmp_path / "session.jsonl").read_text().splitlines()[1:]]
    assert [step["tool"] for step in steps] == ["browser_navigate", "browser_click"]
