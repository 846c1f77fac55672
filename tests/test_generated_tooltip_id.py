"""A tooltip directive that keys its tooltip by an id it generates (Directus's v-tooltip:
``data-tooltip="oIatrdOqWru0z3ukxFVbo"``, new on every render) names nothing: a field row of Directus's data
model was shown as ``clickable "oIatrdOqWru0z3ukxFVbo"`` and checked by
``page.locator('div[data-tooltip="kAjJ5C8kJCEV829-sZb9W"]')``, which no later load shows. Such an id is no
tooltip: the row is named by its text and found by it. Real Chromium, and the generated test run by pytest
on fresh loads, each with ids of its own (tests/generation_apps.py ``/field-list/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_row_keyed_by_a_generated_tooltip_id_is_named_and_found_by_its_text(tmp_path):
    recording = tmp_path / "field_list.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/field-list/")
            snapshot = await agent.snapshot()
            assert re.search(r'clickable "id Input" \[ref=e\d+\]', snapshot), snapshot
            await agent.fill("textbox", "Key", "title")
            await agent.click("button", "Add field")
            await agent.verify_element("clickable", "title Input", "visible")
        python = runner.export_python(recording, tmp_path, "field_list")
        source = python.read_text(encoding="utf-8")
        assert "data-tooltip" not in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
