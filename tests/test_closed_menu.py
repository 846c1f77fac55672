"""A menu kept in the page while closed (``/races/closed-menu.html``: drawn transparent and taking no pointer
events, over the form below it, as a member page's actions menu is): its items are there, and a click on one
lands on whatever lies under it. The refusal says so — a closed menu or popover, the control that opens it
first — and names no cover for a test to wait on, nor waits for it; once its button has opened it, the item
takes the click."""

from __future__ import annotations

import re

import pytest

from verdex import actions, assertions
from verdex.errors import NotActionable

pytestmark = pytest.mark.anyio


async def _ref(tab, line: str) -> str:
    return re.search(re.escape(line) + r" \[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)


async def test_an_item_of_a_closed_menu_is_refused_as_that_and_clicked_once_it_is_open(session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/races/closed-menu.html")
    item = await _ref(tab, 'button "Delete member"')
    with pytest.raises(NotActionable) as refused:
        await actions.click(tab, item, wait=True)
    said = str(refused.value).splitlines()[0]
    assert "drawn transparent and takes no pointer events (a closed menu or popover" in said, said
    assert "covered" not in said and said.endswith("(not waited for: it shows once what opens it is clicked)"), said
    assert refused.value.facts["blockers"] == [], refused.value.facts
    await actions.click(tab, await _ref(tab, 'button "Member actions"'))
    await actions.click(tab, item)
    await assertions.text_visible(tab, "Clicked: Delete member")
