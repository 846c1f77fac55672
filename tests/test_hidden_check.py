"""A check that an element is hidden, on an element hidden now: it has no role or name left (a hidden
element is out of the accessibility tree), and a ref never acted on has no proven locator, so the check
was written by position (``page.locator("div.x-window-header").nth(1)``, Deluge's "Add Torrents" window):
it held whichever window the position found. The element was shown when the agent's snapshot gave it its
ref; the check finds it the way it was shown, proven to reach that element now, shown or not. Real
Chromium, and the generated test run by pytest (tests/generation_apps.py ``/windows/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_window_closed_is_checked_hidden_by_what_it_showed_not_by_its_position(tmp_path):
    recording = tmp_path / "windows.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/windows/")
            await agent.click("button", "Add")
            await agent.click("button", "Preferences")
            snapshot = await agent.snapshot()
            title = re.search(r'clickable "Add Torrents" \[ref=(e\d+)\]', snapshot)
            field = re.search(r'textbox "Url" \[ref=(e\d+)\]', snapshot)
            assert title is not None and field is not None, snapshot
            await agent.click("button", "Cancel")
            for ref in (title.group(1), field.group(1)):      # refs of the snapshot that showed them
                checked = await agent.call("verify_element", ref=ref, state="hidden")
                assert not checked.error and "FAILED" not in checked.text, checked.text
            await agent.verify_text("Bandwidth")
        python = runner.export_python(recording, tmp_path, "windows")
        source = python.read_text(encoding="utf-8")
        hidden = [line.strip() for line in re.sub(r"(?<=\()\n\s*|\n\s*(?=\))", "", source).splitlines()
                  if "to_be_hidden()" in line]
        assert hidden == [      # by its whole text: a window titled "Add Torrents from URL" is another one
            'expect(page.locator("div.x-window-header").filter(has_text=re.compile(r"^\\s*Add\\s+Torrents\\s*$"))'
            ').to_be_hidden()',
            'expect(page.get_by_role("textbox", name="Url", exact=True)).to_be_hidden()'], source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"


async def test_a_row_a_filter_took_off_the_page_is_checked_gone_by_the_name_it_showed(tmp_path):
    """A data grid's filter redraws the table without the rows that do not match: the row the agent's
    snapshot showed is gone from the page, so its ref is stale, and it was never acted on. The check that it
    is gone finds it by the role and name it showed, which find nothing now — and held no more if the row
    came back."""
    recording = tmp_path / "tasks.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/tasks/")
            snapshot = await agent.snapshot()
            row = re.search(r'row "Review the budget" \[ref=(e\d+)\]', snapshot)
            assert row is not None, snapshot
            await agent.fill("textbox", "Filter", "venue")
            checked = await agent.call("verify_element", ref=row.group(1), state="hidden")
            assert not checked.error and "FAILED" not in checked.text, checked.text
        python = runner.export_python(recording, tmp_path, "tasks")
        source = python.read_text(encoding="utf-8")
        assert 'expect(page.get_by_role("row", name="Review the budget", exact=True)).to_be_hidden()' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        unfiltered = python.with_name("test_unfiltered.py")
        unfiltered.write_text(source.replace('.fill("venue")', '.fill("")'), encoding="utf-8")
        assert not runner.run_pytest(unfiltered, None, serve=lambda _seed: nullcontext(url)).passed
