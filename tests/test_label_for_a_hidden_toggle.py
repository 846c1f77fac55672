"""A hidden checkbox whose label takes the click, the label showing a count (Prometheus's alert state filters:
"Firing (1)", a label.btn holding its checkbox): the label is found by the field it names,
``label:has(#firingAlerts)`` (``label[for="silencedAlerts"]`` for one tied by for=), not by its text, which the
next alert to fire changes ("Firing (2)")."""

from __future__ import annotations

import re

import pytest

from verdex import actions

pytestmark = pytest.mark.anyio


async def test_a_label_showing_a_count_is_found_by_the_field_it_names(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/state-filters.html")
    snapshot = (await tab.snapshot()).text
    firing = re.search(r'"Firing \(1\)" \[ref=(e\d+)\]', snapshot)
    assert firing, snapshot
    result = await actions.click(tab, firing.group(1))
    assert result.locator.code == 'page.locator("label:has(#firingAlerts)")', result.locator.code
    assert not await tab.page.locator("#firingAlerts").is_checked()
    await tab.page.click("#evaluate")           # another alert fires: the label now says "Firing (2)"
    assert await tab.page.locator("label:has(#firingAlerts)").inner_text() == "Firing (2)"
    silenced = re.search(r'"Silenced \(0\)" \[ref=(e\d+)\]', snapshot).group(1)
    tied = await actions.click(tab, silenced)
    assert tied.locator.code == r'page.locator("label[for=\"silencedAlerts\"]")', tied.locator.code
