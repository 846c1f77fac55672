"""A progress bar that holds still is a meter, not the page loading: what the snapshot's header says.

An account page (fixtures/apps/banner/meters.html) shows progress bars at a fixed value: a disk-usage bar
(``role=progressbar``, ``aria-valuenow=62``), a battery level (``<progress value=80>``), a quota used up
(``<progress value=10 max=10>``), a step indicator ("Step 2 of 4"), and a mailbox's share of its quota, set once
half a second after the page opened, between two reads. None of them says the page is at work: the header lists
no loading, so an agent told to wait while it does, and a test that waits for loading to go, never waits for a
meter. A bar with no value (Export's) is loading, and so is one set more than once and again since the bridge's
last read (Upload's, a tenth every 100 ms of the page's clock, which the test holds and runs) until it is full."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.test_settling import held, held_browser  # noqa: F401  (fixtures: a browser whose pages' clock stands still)
from verdex.browser.session import Session

pytestmark = pytest.mark.anyio


def loading(snapshot) -> list[str]:
    return [item.name for item in snapshot.identity.loading]


async def test_a_progress_bar_at_a_fixed_value_is_no_loading_and_a_moving_or_indeterminate_one_is(held: Session, apps):
    tab = await held.tab()
    await tab.navigate(apps.url + "/banner/meters.html")
    opened = await tab.snapshot()
    assert loading(opened) == [], opened.to_text()
    await tab.page.clock.run_for(500)                     # the mailbox's share is set, once
    await expect(tab.page.get_by_role("progressbar", name="Mailbox")).to_have_attribute("aria-valuenow", "45")
    assert loading(await tab.snapshot()) == []
    assert loading(await tab.snapshot()) == []            # read again, unchanged: still none
    await tab.page.get_by_role("button", name="Export").click()
    assert loading(await tab.snapshot()) == ["Exporting"]
    await tab.page.clock.run_for(1000)                    # the export is done, its bar gone
    await tab.page.get_by_role("button", name="Upload").click()
    await tab.page.clock.run_for(300)                     # 30 %, set three times before the bridge read it
    moving = await tab.snapshot()
    assert loading(moving) == ["Uploading"], moving.to_text()
    await tab.page.clock.run_for(200)                     # 50 %: moved since
    assert loading(await tab.snapshot()) == ["Uploading"]
    await tab.page.clock.run_for(1000)                    # full
    assert loading(await tab.snapshot()) == []
