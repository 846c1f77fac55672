"""Names a test cannot find a control by for long, and controls no role finds (tests/badge_apps.py),
recorded in a real Chromium, exported and run by pytest:

- a link whose name holds a count badge (Calibre-Web's sidebar shelf: an icon's glyph, the shelf's name, and
  ``<span class="badge">0</span>``, the books on it) is found by the words beside the count, never by the
  count: every run of the flow adds a book, so the next run meets another count;
- a control marked ``aria-hidden="true"`` that is drawn, visible and the only way to do something
  (OctoPrint's wizard dialogs close only by such a "Close" link) gets a ref, says it is aria-hidden, and
  is found by its text: Playwright's role engine does not see it. A decorative icon marked aria-hidden
  inside a button stays what it is, a part of the button.
"""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.badge_apps import badge_apps
from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio


async def test_a_link_whose_name_holds_a_count_badge_is_found_by_its_words_as_the_count_changes(tmp_path):
    recording = tmp_path / "shelves.jsonl"
    with badge_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/shelves/")
            await agent.locate("link", "\ue001 Garden 2")
            await agent.click("link", "\ue001 Garden 2", expect_text="Shelf: Garden")
            await agent.click("button", "Add a book", expect_text="a book added")
            await agent.locate("link", "\ue001 Garden 3")
            await agent.click("link", "\ue001 Garden 3", expect_text="Shelf: Garden")
            await agent.must("verify_element", ref=await agent.locate("link", "\ue001 Garden 3"), state="visible")
            await agent.verify_text("Shelf: Garden")
        python = runner.export_python(recording, tmp_path, "shelves")
        source = python.read_text(encoding="utf-8")
        for run in (1, 2):                   # each run adds a book: Garden holds 4, then 5 as the runs start
            done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"run {run}:\n{source}\n{done.tail()}"
        assert apps.shelves[0]["books"] == 5
    assert 'get_by_role("link", name=re.compile(r"(?<!\\S)Garden(?!\\S)"))' in source, source  # a glyph, a space before
    assert "Garden 2" not in source and "Garden 3" not in source and ".nth(" not in source, source


async def test_a_dialogs_only_close_marked_aria_hidden_is_a_control_found_by_its_text(tmp_path):
    recording = tmp_path / "wizard.jsonl"
    with badge_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/wizard/")
            snapshot = await agent.snapshot()
            assert re.search(r'link "Close" \[ref=e\d+\] \[aria-hidden\]', snapshot), snapshot
            assert "arrow" not in snapshot and "→" not in snapshot.split('button "Next')[1].split("\n")[0]
            assert len(re.findall(r"\[ref=", snapshot.split('button "Next')[1].split("\n")[0])) == 1, snapshot
            await agent.click("link", "Close")
            await agent.click("button", "Start a print", expect_text="Printing")
            await agent.verify_text("Printing")
        python = runner.export_python(recording, tmp_path, "wizard")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
    # the page put the dialog up on its own as it opened: the test closes it whenever it shows, by its text
    assert 'add_locator_handler(page.get_by_text("Close", exact=True), lambda control: control.click())' \
        in source, source
    assert 'get_by_role("link", name="Close"' not in source, source
