"""A toast a web component draws (``fixtures/apps/settling/component-toast.html``): a Lit component marked
``role=status`` whose render() returns the message and nothing around it, so the message is a text straight in
its shadow root, with no parent element. The click's watch took such a text for nobody's (its parent element is
null), and a notice's lines were read from the light DOM only: the effects said "no observable effect". Now the
text's element is the component holding it, its lines are the ones it draws, and the toast is said, by its role as
the page's notices are (tests/test_status_in_shadow_root.py)."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_toast_straight_in_a_components_shadow_root_is_said(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/settling/component-toast.html")
    opened = (await call(session, "browser_snapshot")).text
    saved = await call(session, "browser_click", ref=ref_of(opened, 'button "Save"'))
    assert saved.data["effects"]["appeared"] == ['status "Saved Ada"'], saved.text
