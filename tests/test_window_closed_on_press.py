"""A window that closes itself as its control is pressed. A picker opened in a window of its own writes its choice
into the opener and calls ``window.close()`` in its handler; Playwright's click reads the click's end from the page
after the input, and when the window is gone by then the click fails: "Target page, context or browser has been
closed" — one click in forty on a busy machine when the handler runs on ``click`` (DokuWiki's media manager), about
one in three when it runs as the pointer goes down (/popup/labels.html's colour picker). The agent's click is done
all the same (said as "the tab closed itself"), and the exported test tells that close from a failed click: the
click's error is the test's only when its window is still open. Six such windows in one flow, so that each of the
agent's clicks and each run's (pytest and the spec) meets the close first often."""

from __future__ import annotations

import re
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import CAPS, Agent, recording_client

pytestmark = pytest.mark.anyio
LABELS = ("Bug", "Feature", "Docs", "Chore", "Security", "Question")
COLOURS = ("Red", "Green", "Blue")


async def test_a_click_whose_window_closes_before_the_click_ends_is_done_and_exported_so(apps, tmp_path):
    recording = tmp_path / "labels.jsonl"
    async with recording_client(recording, caps=(*CAPS, "tabs")) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/popup/labels.html")
        for index, label in enumerate(LABELS):
            opened = await agent.click("button", f"Choose a colour for {label}")
            await agent.must("browser_tab_select", tab=opened.data["effects"]["new_tabs"][0])
            colour = COLOURS[index % len(COLOURS)]
            pressed = await agent.call("browser_click", ref=await agent.locate("button", colour))
            assert not pressed.error and "closed itself" in pressed.text, pressed.text
            await agent.verify_element("textbox", f"{label} colour", "value", colour)
    python = runner.export_python(recording, tmp_path, "labels")
    source = python.read_text(encoding="utf-8")
    assert source.count("except Error:") == len(LABELS) and "import Error, Page, expect" in source, source
    assert len(re.findall(r"if not page\d.is_closed\(\):", source)) == len(LABELS), source
    runs = runner.run_exported({"labels": recording}, tmp_path, serve=lambda _seed: nullcontext(apps.url))
    for target, run in runs["labels"].items():
        assert run.passed, f"{target}:\n{run.tail()}"
