"""When nothing a test could write finds the target, verdex says so with a typed error (NO_LOCATOR)
and the facts of what it tried, not a generic VERDEX_ERROR."""

from __future__ import annotations

import re

import pytest

from verdex import assertions, locators
from verdex.errors import NoLocator

pytestmark = pytest.mark.anyio

# Two unnamed buttons in perpetual motion: no test id, name or text tells them apart, and by the time
# Playwright measures a match, it is no longer where the bridge saw the target, so no position holds.
MOVING_TWINS = """
<style>
  @keyframes wander { from { transform: translateX(0); } to { transform: translateX(600px); } }
  span { display: inline-block; width: 40px; height: 20px; background: #36c; animation: wander 0.4s linear infinite; }
</style>
<main><span role="button" tabindex="0"></span><br><span role="button" tabindex="0"></span></main>
"""


async def test_a_target_no_locator_reaches_raises_no_locator_with_what_was_tried(session):
    tab = await session.tab()
    await tab.page.set_content(MOVING_TWINS)
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    with pytest.raises(NoLocator) as caught:
        await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    assert caught.value.code == "NO_LOCATOR"
    assert {"locator": 'page.get_by_role("button")', "matches": 2} in caught.value.facts["tried"]
    assert caught.value.facts["box"]["width"] == pytest.approx(40, abs=0.01)   # mid-transform: 40.0000038


async def test_an_assertion_on_such_a_target_fails_with_the_same_code(session):
    tab = await session.tab()
    await tab.page.set_content(MOVING_TWINS)
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    with pytest.raises(NoLocator):
        await assertions.element(tab, ref, "visible")
