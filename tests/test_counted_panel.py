"""A panel found by its test id is never told apart by a heading that counts what it holds: Verdaccio's
versions panel (``data-testid="versions"``, "Current Tags (1)") held an unnamed filter field, which the
recording found as ``get_by_test_id("versions").filter(has_text="Current Tags (1)")``, a locator the next
tag breaks. Here each run adds an item the server keeps, so the test's own run counts one more than its
recording did (tests/generation_apps.py ``/basket/``); real Chromium, the generated test run by pytest."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_field_in_a_panel_whose_heading_counts_is_found_without_the_count(tmp_path):
    recording = tmp_path / "basket.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/basket/")
            await agent.click("button", "Add item", expect_text="Basket (1)")
            await agent.fill("textbox", "", "Gift wrap")
        python = runner.export_python(recording, tmp_path, "basket")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        assert 'page.get_by_test_id("basket").get_by_role("textbox")' in source, source
