"""A page the server named, found through its list and checked by its URL (tests/named_pages_apps.py): the
agent adds an address, opens the kept page from the list and verifies the URL it is at. The name is new each
run and appears only in the list's HTML, so the recording's answers cannot say the server made it.

The agent's URL check right after the click is said once, with the click's own (planner's
``_already_asserted``): a check that stands for the agent's, which proving may wait longer for but never loosens
or drops. A name of a moment (a Unix time with its microseconds, ArchiveBox's snapshots) is an id by its shape
and any name in the URL pattern; a counter's slug (``entry-2``) is not, and the export says UNPROVEN, where it
used to stop asserting the URL and call the test proved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.flows.agent import Agent, Outcome, recording_client
from tests.named_pages_apps import named_pages_apps

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")


async def _keep_and_open(tmp_path: Path, shelf: str) -> tuple[Outcome, str]:
    """Record adding an address on ``shelf``, opening its kept page from the list and checking its URL and
    text; the export's answer and the test it wrote."""
    test_file = tmp_path / f"test_{shelf}.py"
    with named_pages_apps() as (url, _apps):
        async with recording_client(tmp_path / f"{shelf}.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/{shelf}/")
            token = await agent.fill_unique("textbox", "Address", "http://example.test/robins/{unique}")
            await agent.click("button", "Add", expect_text=f"Kept: http://example.test/robins/{token}")
            opened = await agent.click("link", f"Kept: http://example.test/robins/{token}", expect_text="Kept page")
            landed = (opened.data or {})["effects"]["url_after"]
            await agent.verify_url(landed)
            await agent.verify_text(f"http://example.test/robins/{token}")
            answer = await agent.call("export_test", target="python", path=str(test_file), name=shelf)
    return answer, test_file.read_text(encoding="utf-8")


async def test_a_page_named_by_the_moment_it_was_added_is_any_name_in_the_url_the_agent_checked(tmp_path):
    answer, source = await _keep_and_open(tmp_path, "stamped")
    assert not answer.error and PROVED_3.search(answer.text) and "revised" not in answer.text, answer.text
    assert source.count("to_have_url(") == 1, source                    # the kept page's, said once
    assert r'to_have_url(re.compile(r"/stamped/archive/[^/]+/index\.html$")' in source, source


async def test_the_agents_url_check_said_with_the_clicks_own_is_never_loosened_by_proving(tmp_path):
    answer, source = await _keep_and_open(tmp_path, "counted")
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "the agent asserted this URL" in answer.text and "not asserted" not in answer.text, answer.text
    assert "in its numbers alone" in answer.text, answer.text          # entry-1 asserted, entry-2 made
    assert r"/counted/archive/entry\-1/index\.html$" in source, source
