"""A segment the server put into the URL by a redirect, which the redirected URL did not hold and which is no word,
is a name the server made, and the URL checks take it as any name from the first export on. pretalx answers
"Submit a proposal" (``/event/submit/``) with a redirect to a new draft, ``/event/submit/mpYPsL/info/``, and each
step of its wizard keeps that key: every URL check held it and failed on a fresh run, until proving revised them
one by one (generators/server_names.py ``_redirected_to``; tests/wizard_apps.py, whose key is new on each visit)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.wizard_apps import wizard_apps

pytestmark = pytest.mark.anyio


async def test_a_url_check_takes_the_key_a_redirect_put_into_the_url_as_any_name(tmp_path):
    recording = tmp_path / "wizard.jsonl"
    with wizard_apps() as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/wizard/")
            await agent.click("link", "Submit a proposal")
            await agent.fill_unique("textbox", "Proposal title", "Tide pools {unique}")
            await agent.click("button", "Continue")
            await agent.verify_text("Proposal received:")
        python = runner.export_python(recording, tmp_path, "wizard")
        source = python.read_text(encoding="utf-8")
        assert r"/wizard/[^/]+/info/" in source and r"/wizard/[^/]+/done/" in source, source
        run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
    assert run.passed, f"{source}\n{run.tail()}"
