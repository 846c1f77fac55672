"""A button drawn by CSS alone: an icon with a title and a click listener, the default cursor, and a stylesheet
rule that draws it pressed (Transmission's footer: `#settings_menu:active`, the only way to its Preferences).
Nothing said it was a control, so the snapshot left it out and an agent could not reach the menu. An element a
rule draws pressed, told apart by a class or an id, is a `clickable`; a titled status light with no pressed
look, and a link with no href under a rule for every `a:active`, are not
(``fixtures/apps/aria/pressed-icons.html``)."""

from __future__ import annotations

import re

import pytest

from verdex.tools import TOOLS

pytestmark = pytest.mark.anyio


async def test_an_icon_the_stylesheet_draws_pressed_is_a_clickable_the_agent_can_use(session, apps):
    await TOOLS["browser_navigate"](session, {"url": apps.url + "/aria/pressed-icons.html"})
    snapshot = (await TOOLS["browser_snapshot"](session, {})).text
    menu = re.search(r'clickable "Settings Menu" \[ref=(\w+)\]', snapshot)
    assert menu and 'clickable "Compact View" [ref=' in snapshot, snapshot     # a rule inside @media too
    assert "Connected" not in snapshot and 'clickable "Top"' not in snapshot, snapshot
    clicked = (await TOOLS["browser_click"](session, {"ref": menu.group(1)})).text
    assert 'get_by_title("Settings Menu", exact=True)' in clicked, clicked
    assert "Preferences" in (await TOOLS["browser_snapshot"](session, {})).text
