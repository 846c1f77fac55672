"""A button drawn anew under its new label straight in a shadow root (``fixtures/apps/components/shadow-relabel.html``):
a web component whose render() returns its button and nothing around it, and draws a new button when "Publish"
becomes "Published" (another template, as Lit makes one). The watch keeps where the clicked button sat to find
what the page drew in its place; the button had no parent element (its parent is the shadow root), so no place
was kept, and the click read as one button gone and another come (``+ button "Published" [ref=e3]``), with no
outcome proposed. Its place is its index in the shadow root now: the new button is the clicked one renamed, keeps
its ref, its label is proposed, and the exported test does not wait for "Publish" to be hidden."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio
PAGE = "/components/shadow-relabel.html"


async def test_a_button_drawn_anew_straight_in_a_shadow_root_is_the_clicked_one_renamed(session, apps, tmp_path):
    recording = tmp_path / "publish.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + PAGE)
    publish = ref_of((await call(session, "browser_snapshot")).text, 'button "Publish"')
    clicked = await call(session, "browser_click", ref=publish)
    assert f'+ button "Published" [ref={publish}]' in clicked.text, clicked.text
    assert clicked.data["proposals"] == [{"kind": "text_visible", "value": "Published", "ref": None}], clicked.text
    assert (await call(session, "verify_text_visible", text="Published")).data["passed"]
    session.record(None)
    source = exported_and_passed(recording, "publish")
    assert "to_be_hidden" not in source, source
