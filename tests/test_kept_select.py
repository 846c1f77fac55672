"""A select drawn by script over the native one it keeps for the form (fixtures/apps/components/kept-select.html,
as bootstrap-select draws every select of a PatternFly 3 form: Kiwi TCMS's test plan type). The native select stays
in the page, see-through, so Playwright's ``get_by_role("option", name="Regression")`` finds its option and the
dropdown's item; the page's script counted the item alone and the click acted at once with that locator:
Playwright refused it as a strict mode violation, and verdex answered ``click on e.. failed`` with nothing
recorded. A locator Playwright finds more than once is the bridge's count being wrong, as a proof that fails:
the locator is chosen again, counted by Playwright."""

from __future__ import annotations

import re

import pytest

from verdex import actions, locators

pytestmark = pytest.mark.anyio


async def test_an_item_named_as_an_option_of_the_kept_native_select_is_chosen_by_a_locator_playwright_finds_once(
        session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/components/kept-select.html")
    toggle = re.search(r'combobox "Acceptance" \[ref=(e\d+)\]', (await tab.snapshot(mode="full")).text)[1]
    opened = await actions.click(tab, toggle)
    item = re.search(r'\+ option "Regression" \[ref=(e\d+)\]', opened.to_text())[1]
    result = await actions.click(tab, item)
    assert await tab.page.get_by_role("status").inner_text() == "Type: Regression"
    assert result.locator.chosen.matches == 1 and result.locator.chosen.counted_by == "playwright"
    await tab.page.get_by_role("combobox", name="Regression").click()          # the menu again: one item so named
    assert await locators.build(tab.page, result.locator.chosen.steps).count() == 1, result.locator.code
