"""A dialog inside a dialog of the same name is one dialog to the agent: an action's answer says it appeared once,
and the snapshot's identity lists it once.

On Kolibri a row's options menu is a design-system popover (role=dialog) that a positioning library (tippy.js)
puts inside its own popper, also role=dialog: every open and close of the menu was said twice (``appeared: dialog
"Copy class Rename class Delete class"`` on two lines, and two such dialogs in the snapshot's ``dialogs:``), as if
two menus had opened. Fixture ``/aria/popper-menu.html``."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio

MENU = 'dialog "Copy class Rename class Delete class"'


async def test_a_popover_inside_its_popper_is_said_to_appear_and_go_once(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/aria/popper-menu.html")
    more = ref_of((await call(session, "browser_snapshot")).text, 'button "Options for Grade 5"')
    opened = (await call(session, "browser_click", ref=more)).text
    assert opened.count(f"appeared: {MENU}") == 1, opened
    identity = (await call(session, "browser_snapshot")).text.split("\n---")[0]
    assert identity.count(MENU) == 1, identity
    closed = (await call(session, "browser_click", ref=more)).text
    assert closed.count(f"disappeared: {MENU}") == 1, closed
