"""A check that an element is hidden, found the way the agent's snapshot showed it.

A hidden element is out of the accessibility tree: no role or name is left to find it by, and a ref never
acted on has no proven locator, so a check that it is hidden found it by position
(``page.locator("div.x-window-header").nth(1)``: Deluge's "Add Torrents" window), which holds whichever
element the position finds. The element was shown when the snapshot gave it its ref: its role and name then
(or, for a control a script wires up, its class and the text it showed) find it again. An element gone from
the page (a row a filter took away), which the page still holds in memory, is checked gone by that way, which
finds nothing now. The way is proven
here to reach exactly this element now, hidden as it is — Playwright's role engine asked to include hidden
elements for the proof; the test's locator is the plain one, so that it holds while no shown element has
that role and name.
"""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError

import verdex.locators as locators
from verdex.browser.tab import Tab
from verdex.facts import LocatorChoice, LocatorStep, RankedLocator

AS_SHOWN_KIND = "as shown"
BOX_OF_SINGLE = """els => els.length === 1
    ? { count: 1, box: (({ x, y, width, height }) => ({ x, y, width, height }))(els[0].getBoundingClientRect()) }
    : { count: els.length }"""


async def shown_locator(tab: Tab, ref: str) -> LocatorChoice | None:
    """The locator of ref as the snapshot showed it, when ref is hidden now and that way reaches it alone;
    else None."""
    way = await tab.shown_way(ref)
    if not way.hidden:
        return None
    frames = [locators.frame_step(frame, tab.test_id_attribute) for frame in way.frames]
    if way.role and way.name:
        named = {"name": way.name, "exact": True}
        steps = [*frames, LocatorStep(method="get_by_role", args=[way.role], kwargs=named)]
        proof = [*frames, LocatorStep(method="get_by_role", args=[way.role], kwargs={**named, "include_hidden": True})]
        score = locators.SCORES["role"]
    elif way.selector and way.text:
        steps = proof = [*frames, LocatorStep(method="locator", args=[way.selector]),
                         LocatorStep(method="filter", kwargs={"has_text": way.text})]
        score = locators.SCORES["css"]
    else:
        return None
    try:
        found = await locators.build(tab.page, steps if way.gone else proof).evaluate_all(BOX_OF_SINGLE)
    except PlaywrightError:          # the page navigated or its frame went away meanwhile
        return None
    if way.gone:
        # gone: the check holds when nothing has that way now, which is what it asserts (a row with that name
        # drawn again would fail it, as it should)
        if found["count"] != 0:
            return None
    elif found["count"] != 1 or not locators.same_box(found["box"], way.box):
        return None
    chosen = RankedLocator(kind=AS_SHOWN_KIND, steps=steps, score=score, matches=found["count"],
                           is_target=not way.gone)
    return LocatorChoice(chosen=chosen, candidates=[chosen], code=locators.python_expression(steps))
