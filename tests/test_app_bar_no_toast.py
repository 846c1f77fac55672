"""An app's bar over the page, drawn anew as the route changes, is no notice: the answer does not call its title
a toast, nor propose it as the outcome to check.

On Kolibri, New user opens a page of its own whose bar, fixed at the top, is a back button and the page's title
"New users" in place of the app's bar of links; the answers said ``appeared: toast "New users"`` (and "Users" on
the way back) and proposed ``verify: text "New users" visible`` beside the real toast "User created". Fixture
``/aria/app-bar-route.html``."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_bar_drawn_anew_with_the_route_is_no_toast(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/aria/app-bar-route.html")
    new_user = ref_of((await call(session, "browser_snapshot")).text, 'link "New user"')
    clicked = (await call(session, "browser_click", ref=new_user)).text
    assert "Create new user" in clicked, clicked           # the route was drawn
    assert 'toast "New users"' not in clicked, clicked
    assert 'verify: text "New users"' not in clicked, clicked
