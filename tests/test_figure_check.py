"""A figure the agent checks (a number and no word) is checked beside the label it is shown with: Locust's
header shows "Users" and "6", and ``verify-text 6`` passed while no other element of the page showed a 6;
the test said ``get_by_text("6", exact=True)``, and on the next run the statistics table under the header
showed a 6 too (a median, a count): a strict-mode violation. The check finds "Users6" now, the element
that holds the figure and its label. Real Chromium, and the generated test run by pytest against the next
load, whose table shows a 6 (tests/generation_apps.py ``/load-summary/``)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_figure_is_checked_beside_its_label_not_alone_on_a_page_of_figures(tmp_path):
    recording = tmp_path / "load_summary.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/load-summary/")
            await agent.wait_for_text("/gamma")
            checked = await agent.verify_text("6")
            assert (checked.data or {}).get("passed"), checked.text
        python = runner.export_python(recording, tmp_path, "load_summary")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_text("Users6", exact=True)' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
