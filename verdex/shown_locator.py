"""A check that an element is hidden, found the way the agent's snapshot showed it.

A hidden element is out of the accessibility tree: no role or name is left to find it by, and a ref never
acted on has no proven locator, so a check that it is hidden found it by position
(``page.locator("div.x-window-header").nth(1)``: Deluge's "Add Torrents" window), which holds whichever
element the position finds. The element was shown when the snapshot gave it its ref: its role and name then
(or, for a control a script wires up, its class and the text it showed) find it again. An element gone from
the page (a row a filter took away), which the page still holds in memory, is checked gone by that way, which
finds nothing now, or by what lasts of it: its own test id, a row's cell that says which row it is (a row's
name is all its cells' text, "… Never a few seconds ago in a day revoke" on JupyterHub's tokens). The way is proven
here to reach exactly this element now, hidden as it is — Playwright's role engine asked to include hidden
elements for the proof; the test's locator is the plain one, so that it holds while no shown element has
that role and name. A role and name the shown look-alikes share (every chart card's "Pin card" button, its
card hidden by a filter) is tried inside each container around the element that tells it apart, read with the
text hidden along with it.
"""

from __future__ import annotations

from playwright.async_api import Error as PlaywrightError

import verdex.locators as locators
from verdex.browser.tab import Tab
from verdex.facts import LocatorChoice, LocatorStep, RankedLocator
from verdex.name_words import REGEX_SPECIAL

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
    options: list[tuple[list[LocatorStep], list[LocatorStep], int]] = []
    # gone: by what lasts of it first, its test id, a row's cell that says which it is (its name is all its cells'
    # text, a time or a state among them, which may read otherwise while the row stays)
    if way.test_id:
        steps = [*frames, LocatorStep(method="get_by_test_id", args=[way.test_id])]
        options.append((steps, steps, locators.SCORES["test_id"]))
    if way.role and way.cell:
        cell = LocatorStep(method="get_by_role", args=[way.cell.role], kwargs={"name": way.cell.name, "exact": True})
        steps = [*frames, LocatorStep(method="get_by_role", args=[way.role]), LocatorStep(method="filter", has=[cell])]
        options.append((steps, steps, locators.CONTAINER_BASE))
    if way.role and way.name:
        named = {"name": way.name, "exact": True}
        own = LocatorStep(method="get_by_role", args=[way.role], kwargs=named)
        hidden_too = LocatorStep(method="get_by_role", args=[way.role], kwargs={**named, "include_hidden": True})
        options.append(([*frames, own], [*frames, hidden_too], locators.SCORES["role"]))
        # a name the shown look-alikes share (every card's "Pin card"): inside the container that tells it apart
        for scope in [] if way.gone else way.scopes:
            container = locators.way_steps(scope)
            options.append(([*frames, *container, own], [*frames, *container, hidden_too], locators.CONTAINER_BASE))
    elif way.selector and way.text:
        # its whole text, when that is what it showed: has_text alone finds a peer that holds it as a part too
        text = LocatorStep(method="filter", kwargs={"has_text": whole_text(way.text)}, regex=["has_text"]) \
            if way.whole else LocatorStep(method="filter", kwargs={"has_text": way.text})
        steps = [*frames, LocatorStep(method="locator", args=[way.selector]), text]
        options.append((steps, steps, locators.SCORES["css"]))
    for steps, proof, score in options:
        try:
            found = await locators.build(tab.page, steps if way.gone else proof).evaluate_all(BOX_OF_SINGLE)
        except PlaywrightError:          # the page navigated or its frame went away meanwhile
            return None
        if way.gone:
            # gone: the check holds when nothing has that way now, which is what it asserts (a row with that name
            # drawn again would fail it, as it should)
            if found["count"] != 0:
                continue
        elif found["count"] != 1 or not locators.same_box(found["box"], way.box):
            continue
        chosen = RankedLocator(kind=AS_SHOWN_KIND, steps=steps, score=score, matches=found["count"],
                               is_target=not way.gone)
        return LocatorChoice(chosen=chosen, candidates=[chosen], code=locators.python_expression(steps))
    return None


def whole_text(text: str) -> str:
    """A regular expression's source that matches an element whose whole text is ``text``, spaced as it may be."""
    words = (REGEX_SPECIAL.sub(lambda m: "\\" + m.group(), word) for word in text.split())
    return r"^\s*" + r"\s+".join(words) + r"\s*$"
