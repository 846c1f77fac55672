"""A form's controls of one kind scattered among its fields and headings are no repeated run: a CMS's
"New field" drawer lays out its field types as buttons in groups under headings, then the field's key and
"Save", all siblings. The snapshot folded every button past the tenth into "… 15 more like button …",
"Save" among them, so an agent saw no way to save (Directus's data model editor). Only a run of one shape
(one after another) folds now. Real Chromium, and the generated test run by pytest
(tests/generation_apps.py ``/field-types/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_button_among_a_forms_scattered_buttons_is_shown_and_clicked(tmp_path):
    recording = tmp_path / "field_types.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/field-types/")
            snapshot = await agent.snapshot()
            assert re.search(r'button "Save" \[ref=e\d+\]', snapshot), snapshot
            assert "more like" not in snapshot and 'button "Range"' in snapshot, snapshot
            await agent.fill("textbox", "Key", "title")
            await agent.click("button", "Save")
            await agent.verify_text("Saved field title")
        python = runner.export_python(recording, tmp_path, "field_types")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_role("button", name="Save", exact=True).click()' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
