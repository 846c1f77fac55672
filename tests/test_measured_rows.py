"""A row of a request log (a proxy's flows, a job runner's runs, a network panel) is told apart by what
it is — its URL — never by what the app measured of it: mitmweb's flow list was clicked through
``get_by_role("row").filter(has=get_by_role("cell", name="23ms"))``, the one cell a duration, which the
next request measures again (a strict-mode violation once a second flow took 109 ms too), and its rows
were checked by their whole name, sizes and durations included. Two readings made it so: a duration or
a size with its unit ("23ms", "30b") was not volatile text, and the URL cell
("http://127.0.0.1:5302/gamma.json") was, for the numbers of its address. Real Chromium, and the
generated test run by pytest against the next load, whose sizes and durations differ
(tests/generation_apps.py ``/request-log/``)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio

URL = "http://10.0.0.7:8080/beta.json"


async def test_a_logged_request_is_found_by_its_url_not_by_its_duration_or_size(tmp_path):
    recording = tmp_path / "request_log.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/request-log/")
            await agent.wait_for_text(URL)
            row = re.search(rf'row "{re.escape(URL)} GET 200 \d+b \d+ms" \[ref=(e\d+)\]', await agent.snapshot())
            assert row, agent.last_snapshot
            clicked = await agent.call("browser_click", ref=row[1])
            assert not clicked.error, clicked.text
            await agent.verify_text("Request to " + URL)
            checked = await agent.call("verify_element", ref=row[1], state="visible")
            assert (checked.data or {}).get("passed"), checked.text
        python = runner.export_python(recording, tmp_path, "request_log")
        source = python.read_text(encoding="utf-8")
        assert not re.search(r'"\d+(ms|b)"|\d+b \d+ms', source), source        # no measurement finds a row
        assert f'get_by_role("cell", name="{URL}", exact=True)' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
