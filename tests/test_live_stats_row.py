"""A row of a live dashboard's statistics (a load tester's, a queue's, a job runner's) is told apart by the
cell that names it — its endpoint — never by its figures: Locust's statistics row was checked by
``get_by_role("row", name="GET /hello.json 8 0 17 54 54 17.51 2 54 12 1.5 0", exact=True)``, and its
failures row by ``get_by_role("row").filter(has=get_by_role("cell", name="1"))``, the count of failures;
both figures change on the next run. Plain numbers of fewer than three digits, with no unit, were not
volatile text: a row's name made of its cells holds them, and a cell that shows a number and no word was
taken for the one that names the row. Real Chromium, and the generated test run by pytest against the
next load, whose every figure differs (tests/generation_apps.py ``/live-stats/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


async def test_a_statistics_row_is_found_by_its_endpoint_not_by_its_figures(tmp_path):
    recording = tmp_path / "live_stats.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/live-stats/")
            await agent.wait_for_text("/beta")
            row = re.search(r'row "\d+ GET /beta \d+ [\d.]+" \[ref=(e\d+)\]', await agent.snapshot())
            assert row, agent.last_snapshot
            checked = await agent.call("verify_element", ref=row[1], state="visible")
            assert (checked.data or {}).get("passed"), checked.text
        python = runner.export_python(recording, tmp_path, "live_stats")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_role("cell", name="/beta", exact=True)' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
