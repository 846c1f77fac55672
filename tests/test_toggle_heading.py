"""A heading that opens and closes its section (Bootstrap's collapse: ``<a role="heading"
data-toggle="collapse">``, handled by a listener on the document) is the only thing a user clicks to reach
the controls the section holds, so the snapshot gives it a ref: OctoPrint's sidebar heading "Connection"
had none, its "Disconnect" sat in the closed section, and an agent could not reach it. Real Chromium, and
the generated test run by pytest (tests/generation_apps.py ``/sidebar/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_heading_that_toggles_its_section_is_a_control_the_test_clicks(tmp_path):
    recording = tmp_path / "sidebar.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/sidebar/")
            snapshot = await agent.snapshot()
            assert re.search(r'heading "Connection" \[ref=e\d+\] \[level=2\]', snapshot), snapshot
            assert not re.search(r'heading "Sidebar" .*\[ref=', snapshot), "a heading that toggles nothing stays text"
            await agent.click("heading", "Connection")
            await agent.click("button", "Disconnect")
            await agent.verify_text("Printer: disconnected")
        python = runner.export_python(recording, tmp_path, "sidebar")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_role("heading", name="Connection", exact=True).click()' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
