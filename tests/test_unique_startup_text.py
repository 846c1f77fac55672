"""A text the page's data drew that holds the run's ``{unique}`` value is waited for with the test's own value,
not by a shape that takes the token's digits for counts: recorded in a real Chromium, exported and run by pytest
on a fresh copy of the app.

Kinto Admin's sidebar lists the bucket the flow made ("qa-8d0f3a4e bucket") once the page is reloaded; the
wait before the next step was written ``get_by_text(re.compile(r"^\\s*qa\\-\\d+d\\d+f\\d+a\\d+e\\s+bucket\\s*$"))``,
the token's letters kept and its digits made any number: another run's bucket ("qa-3b0f4a1e") never matches
it. Here the page loads its list from its server after each load; the flow adds ``item-{unique}``, reloads and
adds another; the exported test runs against a server that has never seen the recording's item.
"""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.answering_server import answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.kept_list_app import KeptList, fresh_app, list_page

pytestmark = pytest.mark.anyio

ITEMS = list_page("""<label>Name <input id="name"></label> <button type="button" id="add">Add</button>""",
                  "item.textContent = name;")


async def test_a_startup_text_that_holds_the_runs_unique_value_is_waited_for_with_the_tests_own(tmp_path):
    recording = tmp_path / "items.jsonl"
    with answering(KeptList("Items", ITEMS).answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            filled = await agent.fill("textbox", "Name", "item-{unique}")
            token = re.search(r"\{unique\} is ([0-9a-f]{8})", filled.text).group(1)
            await agent.click("button", "Add", expect_text=f"item-{token}")
            await agent.must("browser_reload")
            while f"item-{token}" not in await agent.snapshot():    # looked at, as the agent does: no wait recorded
                await asyncio.sleep(0.2)
            await agent.fill("textbox", "Name", "second")
            await agent.click("button", "Add", expect_text="second")
            await agent.verify_text("second")
        python = runner.export_python(recording, tmp_path, "items")
        source = python.read_text(encoding="utf-8")
    done = runner.run_pytest(python, None, serve=fresh_app("Items", ITEMS))
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'expect(page.get_by_text(f"item-{unique}", exact=True)).to_be_visible(timeout=30_000)' in source, source
