"""A field's messages: a region (``role=alert``) that stays under the field, empty when the value is good.
Its rule runs on the value the model still had as the field is typed into, then on the value typed
(doccano's Vuetify text fields: "User name is required" shows and goes again as the name is filled). The
region was still drawn when the fill had settled, so its message was said to have appeared, not to be
gone again, and was proposed as the fill's outcome; the agent's check of it passed (a notice of the last
action) and the test would have checked an error the page no longer showed. A notice whose region shows
no text any more is gone again (verdex/bridge/watch.js). ``/settling/field-messages.html``."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_fields_message_gone_again_from_its_region_is_said_gone_and_not_proposed(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/settling/field-messages.html")
    snapshot = (await call(session, "browser_snapshot")).text
    filled = await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Project name"'), value="Apollo")
    assert '"Project name is required" (gone again)' in filled.text, filled.text
    assert not filled.data["proposals"], filled.text
    checked = await call(session, "verify_text_visible", text="Project name is required")
    assert not checked.data["passed"], checked.text
