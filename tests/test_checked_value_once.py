"""A value the page set, which the agent checked, is checked once. DokuWiki's media manager, opened from the
editor in a window of its own, writes the image's markup into the editor's text and closes itself; the agent
checked the text, then saved. The opener's text changed while the agent acted in the picker, so the recording
saw the change only before Save (``values_before``), and the export waited for it there, after the agent's own
check of the same value: ``expect(wiki_text).to_have_value(…)`` twice in a row. A wait the agent's check
between the two actions already makes is not written again (/popup/media.html)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import CAPS, Agent, recording_client

pytestmark = pytest.mark.anyio
MARKUP = "== Photos ==\n{{lake.png|}}"


async def test_a_value_the_page_set_and_the_agent_checked_is_checked_once(apps, tmp_path):
    recording = tmp_path / "media.jsonl"
    async with recording_client(recording, caps=(*CAPS, "tabs")) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/popup/media.html")
        opened = await agent.click("button", "Add an image")
        await agent.must("browser_tab_select", tab=opened.data["effects"]["new_tabs"][0])
        inserted = await agent.call("browser_click", ref=await agent.locate("button", "Insert"))
        assert not inserted.error and "closed itself" in inserted.text, inserted.text
        await agent.verify_element("textbox", "", "value", MARKUP)
        await agent.click("button", "Save", expect_text="Saved")
        await agent.verify_text("Saved")
    python = runner.export_python(recording, tmp_path, "media")
    source = python.read_text(encoding="utf-8")
    assert source.count(".to_have_value(") == 1, source
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"

