"""A toggle whose input its style hides (display: none) is drawn by its label, which is what a user clicks: the
snapshot shows that label as clickable, named by its text and checked when its input is, and a click on its ref
chooses the toggle. pretalx's markdown fields have "Text" and "Preview" tabs made so (a radio with role="tab" and
its <label for>); the snapshot showed the two words as text with no ref, and no agent could open the preview
(verdex/bridge/tree.js ``labelOfHiddenToggle``; /editor/markdown-tabs.html)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio


async def test_the_label_of_a_hidden_tab_input_is_clickable_and_its_click_opens_the_tab(apps, tmp_path):
    recording = tmp_path / "preview.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/editor/markdown-tabs.html")
        shown = await agent.snapshot()
        assert shown.count('clickable "Text" [ref=') == 2 and 'clickable "Preview" [ref=' in shown, shown
        assert shown.split('clickable "Text"', 1)[1].split("\n", 1)[0].endswith("[checked]"), shown
        await agent.fill("textbox", "Biography", "Marine biologist, *tide pool* nerd.")
        await agent.click("clickable", "Preview", after=("text", "Biography"), expect_text="tide pool")
        await agent.verify_text("Marine biologist, tide pool nerd.")
    python = runner.export_python(recording, tmp_path, "preview")
    source = python.read_text(encoding="utf-8")
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"
