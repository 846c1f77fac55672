"""A number in the link a click followed that the link's name does not show is the server's, and the URL check
takes it as any value. MediaWiki's history names each revision's "cur" link by that word alone, its URL
``?diff=17&oldid=13`` the latest revision's id and the row's, which the next edit changes: the test checked
those two ids and failed once the page was edited again (generators/server_names.py ``linked_numbers``;
/routes/history.html, whose ids differ on each load)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio


async def test_a_url_check_takes_the_numbers_a_link_held_and_its_name_did_not_show_as_any(apps, tmp_path):
    recording = tmp_path / "history.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/routes/history.html")
        await agent.click("link", "cur", after=("text", "add a map"))
        await agent.verify_text("Trip planning: Difference between revisions")
    python = runner.export_python(recording, tmp_path, "history")
    source = python.read_text(encoding="utf-8")
    assert r"diff=[^&#]*" in source and r"oldid=[^&#]*" in source, source
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"
