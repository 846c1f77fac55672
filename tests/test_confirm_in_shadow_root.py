"""A confirmation a web component draws (``fixtures/apps/danger/component-confirm.html``): a Lit or Shoelace
dialog whose words are in its shadow root (the host is the dialog), or a ``<dialog>`` in a shadow root that draws
the page's question where its slot is. Its OK and Yes say nothing of themselves; the dialog's words (removing a
member, deleting a workspace "that cannot be undone") make them danger, as in a dialog of the page's own markup,
and a dialog's Cancel and No stay safe. Risk read the dialog's words from the light DOM only, and marked no
button of either."""

from __future__ import annotations

import pytest

from tests.test_risk_precision import _marks

pytestmark = pytest.mark.anyio


async def test_a_dialogs_words_in_a_components_shadow_root_make_its_answer_danger(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/danger/component-confirm.html")
    risk = _marks((await tab.snapshot(mode="full", max_bytes=None)).text, "button")
    assert risk == {"Cancel": None, "OK": "danger", "No": None, "Yes": "danger"}, risk
