"""A server-rendered form, as Roundup's issue tracker draws it, is written by what its author named its fields, and a
select is checked by what the snapshot shows of it (/accounts/ticket.html).

- A field with no label whose name begins with the marks a framework keeps for its own fields (Roundup's login box,
  ``__login_name`` and ``__login_password`` under a bold "Login"; its change note ``@note``) is found by that name,
  ``input[name="__login_name"]``, never by its place among the page's text boxes (``get_by_role("textbox").nth(2)``).
- A select whose options are valued by the records' ids (``<option value="2">urgent</option>``) shows its chosen
  option's label in the snapshot (``combobox: "urgent"``); the agent's check of that value held nothing before
  ("actual 2"). It passes, and the test asserts the chosen option's text through the select's own locator.
"""

from __future__ import annotations

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, parse_snapshot, recording_client

pytestmark = pytest.mark.anyio


async def test_unlabelled_fields_named_with_a_frameworks_marks_are_found_by_their_names(apps, tmp_path):
    recording = tmp_path / "login.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/accounts/ticket.html")
        boxes = [line.ref for line in parse_snapshot(await agent.snapshot()) if line.role == "textbox" and not line.name]
        await agent.must("browser_fill", ref=boxes[0], value="admin")
        await agent.must("browser_fill", ref=boxes[1], value="s3cret pass")
        await agent.click("button", "Login", expect_text="Hello, admin")
        await agent.verify_text("Hello, admin")
    python = runner.export_python(recording, tmp_path, "login")
    source = python.read_text(encoding="utf-8")
    assert 'locator(\'input[name="__login_name"]\')' in source, source
    assert 'locator(\'input[name="__login_password"]\')' in source, source
    assert ".nth(" not in source, source


async def test_a_selects_value_is_checked_as_the_snapshot_shows_it(apps, tmp_path):
    recording = tmp_path / "ticket.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/accounts/ticket.html")
        await agent.fill("textbox", "", "Crash on save", after=("rowheader", "Title"))
        await agent.select("combobox", "", "urgent", after=("rowheader", "Priority"))
        await agent.fill("textbox", "", "It crashes.", after=("rowheader", "Change Note"))
        checked = await agent.verify_element("combobox", "", "value", "urgent", after=("rowheader", "Priority"))
        assert "option:checked" in checked.text, checked.text
        await agent.click("button", "Submit New Entry", expect_text="(urgent, - no selection -): It crashes.")
    python = runner.export_python(recording, tmp_path, "ticket")
    source = python.read_text(encoding="utf-8")
    assert '.locator("option:checked")).to_have_text("urgent"' in source, source
    assert 'locator(\'textarea[name="@note"]\')' in source, source
    run = runner.run_pytest(python, None)
    assert run.passed, f"{source}\n{run.tail()}"
