"""When nothing a test could write finds the target, verdex says so with a typed error (NO_LOCATOR)
and the facts of what it tried, not a generic VERDEX_ERROR."""

from __future__ import annotations

import re

import pytest

from verdex import assertions, locators
from verdex.errors import NoLocator

pytestmark = pytest.mark.anyio

# Two unnamed buttons: no test id, name or text tells them apart. The page moves them after every read the
# bridge makes, so when Playwright measures a match, neither is where the bridge saw the target: no position holds.
TWINS = """
<style>span { position: relative; display: inline-block; width: 40px; height: 20px; background: #36c; }</style>
<main><span role="button" tabindex="0"></span><br><span role="button" tabindex="0"></span></main>
"""


def moved_after_every_read(tab, monkeypatch) -> None:
    read = type(tab).candidates

    async def read_then_moved(self, *args, **kwargs):
        answer = await read(self, *args, **kwargs)
        await self.page.evaluate("document.querySelectorAll('span').forEach(s => s.style.left = "
                                 "(parseFloat(s.style.left || '0') + 100) + 'px')")
        return answer

    monkeypatch.setattr(type(tab), "candidates", read_then_moved)


async def test_a_target_no_locator_reaches_raises_no_locator_with_what_was_tried(session, monkeypatch):
    tab = await session.tab()
    await tab.page.set_content(TWINS)
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    moved_after_every_read(tab, monkeypatch)
    with pytest.raises(NoLocator) as caught:
        await locators.choose(tab.page, await tab.candidates(ref), tab.test_id_attribute)
    assert caught.value.code == "NO_LOCATOR"
    assert {"locator": 'page.get_by_role("button")', "matches": 2} in caught.value.facts["tried"]
    assert caught.value.facts["box"]["width"] == 40


async def test_an_assertion_on_such_a_target_fails_with_the_same_code_after_reading_it_three_times(session, monkeypatch):
    tab = await session.tab()
    await tab.page.set_content(TWINS)
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    moved_after_every_read(tab, monkeypatch)
    with pytest.raises(NoLocator):
        await assertions.element(tab, ref, "visible")
    assert await tab.page.evaluate("document.querySelector('span').style.left") == f"{100 * locators.READS}px"


async def test_a_target_that_resizes_while_it_is_located_is_read_again_not_lost(session, monkeypatch):
    """A link in a paragraph rewraps as the page lays out (its column narrows) right after the bridge has
    measured it: Playwright's one match then has another size. The target is read again, and the assertion
    passes with the role locator, not NO_LOCATOR."""
    tab = await session.tab()
    await tab.page.set_content('<p style="width:600px">Read the <a href="#guide">getting started guide for '
                               'new users of the data explorer</a> before you begin.</p>')
    ref = re.search(r"\[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)
    read = type(tab).candidates
    reads = []

    async def read_then_rewrapped(self, *args, **kwargs):
        answer = await read(self, *args, **kwargs)
        reads.append(answer.box)
        if len(reads) == 1:
            await self.page.evaluate("document.querySelector('p').style.width = '240px'")
        return answer

    monkeypatch.setattr(type(tab), "candidates", read_then_rewrapped)
    verification = await assertions.element(tab, ref, "visible")
    assert len(reads) == 2 and reads[0].height != reads[1].height      # the rewrap changed the link's box
    assert verification.locator.code == 'page.get_by_role("link", name="getting started guide for new users of the data explorer", exact=True)'
