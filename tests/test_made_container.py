"""A control unique now, inside what the flow made (a container told apart by the run's ``{unique}`` value), is
found through that container: the next run makes another, and an app that keeps the first shows the control
twice. Recorded in a real Chromium, exported and run by pytest against the app the recording left as it was.

Kinto Admin's sidebar lists each bucket with its own "Create collection" link. The flow made bucket
``qa-{unique}`` and clicked its link, then the only one: ``get_by_role("link", name="Create collection")``;
the next run, with the recording's bucket still listed, failed on strict mode (2 elements), and proving blamed
"state the recording kept" although the flow had typed ``{unique}``. Here each item added shows its own
"Create collection" link; the test runs on the server the recording used, which still lists its item.
"""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.answering_server import answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.kept_list_app import KeptList, list_page

pytestmark = pytest.mark.anyio

BUCKETS = list_page("""<label>Bucket id <input id="name"></label> <button type="button" id="add">Create bucket</button>""",
                    """item.innerHTML = '<strong></strong> bucket <a href="#">Create collection</a>';
  item.querySelector("strong").textContent = name;
  item.querySelector("a").addEventListener("click", (event) => {
    event.preventDefault();
    document.querySelector("[role=status]").textContent = "New collection in " + name;
  });""")


async def test_a_control_inside_what_the_flow_made_is_found_through_it(tmp_path):
    recording = tmp_path / "buckets.jsonl"
    with answering(KeptList("Buckets", BUCKETS).answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            filled = await agent.fill("textbox", "Bucket id", "qa-{unique}")
            token = re.search(r"\{unique\} is ([0-9a-f]{8})", filled.text).group(1)
            await agent.click("button", "Create bucket", expect_text=f"qa-{token}")
            await agent.click("link", "Create collection", expect_text=f"New collection in qa-{token}")
            await agent.verify_text(f"New collection in qa-{token}")
        python = runner.export_python(recording, tmp_path, "buckets")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))   # the recording's bucket kept
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'filter(has_text=f"qa-{unique}")' in source, source
