"""A check that a text is gone holds once no element shows it, however many showed it before it went.

An agent often checks a deletion after the app has done it: the text was gone before ``wait-for --text-gone``
began, so the recording cannot tell how many elements had shown it. On Kolibri's users page a deleted user's name
was in its row's cell and again in its checkbox's label ("Select Ada Lovelace, Coach"); the test checked
``expect(page.get_by_text("Ada Lovelace")).to_be_hidden()`` right after Delete, while the row was still there
(the app reads the list again first): two elements matched, a strict locator fails at once, and the test failed
its first run. The check is written as no element showing the text (``to_have_count(0)`` among the visible ones),
which waits until the row has gone. Fixture ``/aria/rows-labelled.html``: the row goes 1.5 s after its Delete."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_name_gone_before_the_agent_checked_is_checked_as_shown_by_none(session, apps, tmp_path):
    recording = tmp_path / "users.jsonl"
    session.record(recording, base_url=apps.url)
    await call(session, "browser_navigate", url=apps.url + "/aria/rows-labelled.html")
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_click", ref=ref_of(snapshot, 'button "Delete Ada Lovelace"'))
    # the agent looks again only after the app has taken the row away
    await (await session.tab()).page.wait_for_function("!document.body.innerText.includes('Ada Lovelace')")
    gone = await call(session, "browser_wait_for", text_gone="Ada Lovelace")
    assert gone.data["elements_showing"] == 0, gone.data
    session.record(None)
    source = exported_and_passed(recording, "users")
    assert 'expect(page.get_by_text("Ada Lovelace").filter(visible=True)).to_have_count(0)' in source, source
