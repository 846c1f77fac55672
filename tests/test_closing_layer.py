"""The first action after one in a layer over the page that took its own target away waits for it to be gone.
MediaWiki's VisualEditor closes its link dialog as its option is chosen, and its window manager takes no
toolbar click while a window closes: a test that clicks "Save page…" at once opens nothing, where the agent,
slower, clicked once the dialog had gone. The click's effects saw the option go; the test waits for that
before it acts (generators/settling.py ``before_acting``; /settling/closing-window.html, whose dialog fades
for 1.2 s and whose toolbar drops a click meanwhile)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio
HIDDEN = 'expect(page.get_by_role("option", name="Main Page", exact=True)).to_be_hidden()'


async def test_an_action_after_a_closing_layer_waits_for_the_layer_to_be_gone(apps, tmp_path):
    recording = tmp_path / "closing.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/settling/closing-window.html")
        await agent.click("button", "Link")
        chosen = await agent.click("option", "Main Page")
        assert '- option "Main Page"' in "\n".join(chosen.data["effects"]["interactive_diff"]), chosen.text
        await agent.click("button", "Save page…", expect_text="Saved: Follow the path to the lake. See Main Page")
        await agent.verify_text("Saved: Follow the path to the lake. See Main Page")
    python = runner.export_python(recording, tmp_path, "closing")
    source = python.read_text(encoding="utf-8")
    assert "(a layer that closes)" in " ".join(source.replace("#", "").split()), source
    assert source.index('name="Main Page", exact=True).click()') < source.index(HIDDEN) \
        < source.index('name="Save page…", exact=True).click()'), source
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"
