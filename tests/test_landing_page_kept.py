"""A login that returns the user to the last page they saw lands elsewhere on every run: the URL check
verdex writes after the action held only for the recording. Directus's "Sign In" led the recording to the
page an earlier session ended on and each run of the test to the page the run before it ended on; the check
loosened twice (the path alone, its last segment as any name) and still failed, and the export said
UNPROVEN, "the recording offers no other choice for its url". The app chose the page: proving drops that
check, which is verdex's own (the agent's ``verify_url`` is never revised). Real Chromium, proved on export
(tests/generation_apps.py ``/desk/``); ``tests/test_revisions.py`` has the revision as data."""

from __future__ import annotations

import pytest

from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps
from verdex.proof import prove_export

pytestmark = pytest.mark.anyio


async def test_the_url_a_login_returns_to_is_not_asserted_once_a_fresh_run_lands_elsewhere(tmp_path):
    recording = tmp_path / "desk.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/desk/")
            await agent.click("button", "Sign in")
            await agent.click("link", "Reports")
            await agent.verify_text("Sales: up")
        assert apps.last_desk_page == "/desk/reports/weekly"
        path = tmp_path / "test_desk.py"
        _written, proof = prove_export(recording, target="python", path=path, name="desk", runs=2)
        source = path.read_text(encoding="utf-8")
        assert proof.verdict == "proved", f"{proof.reason}\n{source}"
        assert "/desk/inbox" not in source, source
        assert "the URL is not asserted" in source, source
