"""A check of what a message says holds what the message shows, never what it hides (a database admin's "Item has
been updated." beside the time and a link "SQL command" whose statement stays hidden in the message until asked
for, naming the row by a UUID the server made: Adminer's; ``fixtures/apps/settling/hidden-details.html``). The
agent checks the words it read; the test checks them as a part of the message, not the message's whole text with
its hidden statement, whose key is another on every run. The flow's test passes."""

from __future__ import annotations

import pytest

from tests.recorded_flows import exported_and_passed
from tests.snapshot_refs import refs
from verdex import actions, assertions

pytestmark = pytest.mark.anyio


async def test_a_messages_words_are_checked_without_the_details_it_hides(session, apps, tmp_path):
    recording = tmp_path / "hidden.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/settling/hidden-details.html")
    await actions.fill(tab, (await refs(tab, r'- textbox "Name"'))[0], "Teal mug")
    await actions.click(tab, (await refs(tab, r'- button "Save"'))[0])
    assert (await assertions.text_visible(tab, "Item has been updated.")).passed
    session.record(None)
    source = exported_and_passed(recording, "hidden")
    assert "UPDATE" not in source, source
