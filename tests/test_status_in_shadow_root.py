"""A status a web component draws and changes in place (``fixtures/apps/settling/component-status.html``): a Lit
component marked ``role=status`` (or ``role=alert``) binds its message to one text node straight in its shadow
root (or in a span there) and sets its data as the save goes on: "Saving…" at the click, "Saved Ada" once the
server answered. The click's effect is that notice, said by its role as the same status in the page's light DOM
is (``status "Saved Ada"``), and proposed as the outcome. The page's notices were read from the light DOM only:
the component's said nothing there, and the click's watch alone saw it, as a toast."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("query", "said"), [("", 'status "Saved Ada"'), ("?in=span", 'status "Saved Ada"'),
                                             ("?role=alert", 'alert "Saved Ada"')])
async def test_a_status_a_component_changes_in_its_shadow_root_is_said_by_its_role(session, apps, query, said):
    await call(session, "browser_navigate", url=apps.url + "/settling/component-status.html" + query)
    opened = (await call(session, "browser_snapshot")).text
    saved = await call(session, "browser_click", ref=ref_of(opened, 'button "Save"'))
    assert saved.data["effects"]["appeared"] == [said], saved.text
    assert [(p["kind"], p["value"]) for p in saved.data["proposals"]] == [("text_visible", "Saved Ada")], saved.text
