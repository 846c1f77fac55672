"""A menu's flyout and a row's actions kept off the page until hovered (``/races/flyout-menu.html``: placed at
``top: -1000em`` and ``left: -9999em``, as WordPress's admin keeps its submenus and a list row's Edit and Trash
links): they are in the page and visible to Playwright, but no scroll reaches them, so a click waits in vain for
them to come into view. The refusal says so at once, names the control beside them to hover (the menu item, the
row's title), and does not wait; once that is hovered, the item takes the click."""

from __future__ import annotations

import re

import pytest

from verdex import actions, assertions
from verdex.errors import NotActionable

pytestmark = pytest.mark.anyio


async def _ref(tab, line: str) -> str:
    return re.search(re.escape(line) + r" \[ref=(e\d+)\]", (await tab.snapshot()).text).group(1)


async def test_a_flyout_item_off_the_page_is_refused_with_the_item_to_hover_and_clicked_once_hovered(session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/races/flyout-menu.html")
    item, menu = await _ref(tab, 'link "Add note"'), await _ref(tab, 'link "Notes"')
    with pytest.raises(NotActionable) as refused:
        await actions.click(tab, item, wait=True)
    said = str(refused.value).splitlines()[0]
    assert "placed off the page (ul.flyout at x=" in said and "where no scroll reaches it" in said, said
    assert f'hover link "Notes" [ref={menu}] first' in said, said
    assert said.endswith("(not waited for: it comes onto the page once what it belongs to is hovered)"), said
    assert "inside the viewport" not in said, said
    await actions.hover(tab, menu)
    await actions.click(tab, item)
    await assertions.text_visible(tab, "Clicked: Add note")


async def test_a_rows_action_off_the_page_names_the_rows_title_to_hover(session, apps):
    tab = await session.tab()
    await actions.navigate(tab, apps.url + "/races/flyout-menu.html")
    trash, title = await _ref(tab, 'link "Trash"'), await _ref(tab, 'link "Heron count"')
    with pytest.raises(NotActionable) as refused:
        await actions.click(tab, trash)
    said = str(refused.value).splitlines()[0]
    assert "placed off the page (div.row-actions at x=" in said and f'hover link "Heron count" [ref={title}] first' in \
        said, said
    await actions.hover(tab, title)
    await actions.click(tab, trash)
    await assertions.text_visible(tab, "Clicked: Trash Heron count")
