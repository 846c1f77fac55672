"""A variable is not named after the recording's ``{unique}`` token. DokuWiki's editor, found inside the main
region that shows the new page's id (``trips:lake_9b9b4d4f``), was held in ``trips_lake_9b9b4d4f_main``: a name
that spells the value of one recording, in a test that makes its own each run. The token's place in a
variable's name says ``unique``, as the literals around it say ``{unique}`` (/notes/: a new note's buttons
found by the article that holds its title)."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio
DECLARED = re.compile(r"^    (\w+) = ", re.MULTILINE)


async def test_a_container_found_by_the_runs_own_value_is_named_unique_not_by_the_recordings(apps, tmp_path):
    recording = tmp_path / "notes.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/notes/")
        token = await agent.fill_unique("textbox", "Title", "Trip {unique}")
        await agent.click("button", "Create", expect_text=f"Trip {token}")
        await agent.click("button", "Pin", after=("text", f"Trip {token}"))
        await agent.click("button", "Publish", after=("text", f"Trip {token}"))
        await agent.verify_text("Pinned, published")
    python = runner.export_python(recording, tmp_path, "notes")
    source = python.read_text(encoding="utf-8")
    named = [name for name in DECLARED.findall(source) if name != "unique"]
    assert "trip_unique_article" in named, source
    assert not any(token in name for name in named), source
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"
