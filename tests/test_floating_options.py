"""A list of options a click put over the page is no notice: the answer does not call it a toast, and proposes
none of its options as an outcome to check.

On Kolibri's new-user form the "User type" select is Keen UI's UiSelect: a click puts its options, a plain list
with no roles, into a raised layer at the end of the body. The answer said ``appeared: toast "Learner Coach
Admin"`` and proposed ``verify: text "Learner" visible | text "Coach" visible | text "Admin" visible`` — a menu of
choices read as the app's message about what the click did. Fixture ``/aria/floating-options.html``."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_floating_list_of_options_is_no_toast(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/aria/floating-options.html")
    shown = ref_of((await call(session, "browser_snapshot")).text, 'clickable "Learner"')
    opened = (await call(session, "browser_click", ref=shown)).text
    assert "toast" not in opened, opened
    assert 'verify: text "Coach"' not in opened, opened
