"""A check right after the test's own reload checks the first render of a page loaded again, which a
single-page app draws from its server after the load event the reload waits for: JupyterLab restores the
text file it had open, and under a slowed CPU the saved line showed after more than the assertion's 5 s
(run 2 of its export, chaos seed 1). The checks after a back, forward or reload, up to the next action,
wait as long as a load, as those after an action that loaded another page do. ``/saved-note/`` of
tests/generation_apps.py holds the note's answer 6 s when the generated test runs."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import SAVED_NOTE_HOLD_S, generation_apps

pytestmark = pytest.mark.anyio


async def test_a_check_after_the_tests_own_reload_waits_as_long_as_a_load(tmp_path):
    recording = tmp_path / "saved_note.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/saved-note/")
            await agent.fill("textbox", "Note", "eggs")
            await agent.click("button", "Save", expect_text="Saving done")
            await agent.must("browser_reload")
            await agent.verify_text("Saved: eggs")
        python = runner.export_python(recording, tmp_path, "saved_note")
        source = python.read_text(encoding="utf-8")
        assert "the reload loaded the page again" in source, source
        apps.saved_note = ""
        apps.saved_note_hold_s = SAVED_NOTE_HOLD_S         # the note comes after the assertion's 5 s
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.failure()}"
