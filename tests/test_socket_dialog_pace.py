"""A dialog its own button closed once the server had answered over the page's websocket (Cockpit's "Create new
group"), then a reload: the test waits for the dialog's button to go before it leaves, or the reload cuts the
server's command off. The server answers when it has run the command, as late as the network and the server
make it: the wait is as long as a load's, not the assertion's 5 s (tests/socket_apps.py ``/groups/``).

Recorded with the server answering in 0.2 s; the exported test then runs against the same server answering in
6 s (a busier one, or verdex's chaos holding each message back)."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest

from tests import socket_apps as apps
from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio
SLOW_ANSWER_S = 6.0          # longer than an assertion's default timeout (5 s)


async def _record_create(url: str, recording: Path) -> None:
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(url + "/groups/")
        await agent.click("button", "Create new group")
        await agent.fill("textbox", "Name", "birders")
        await agent.click("button", "Create")          # the dialog goes with the answer, as the click settles
        await agent.call("browser_reload")
        await agent.verify_text("birders")


async def test_the_wait_for_a_dialog_the_servers_answer_closes_lasts_as_long_as_a_load(tmp_path, monkeypatch):
    monkeypatch.setattr(apps, "GROUPS", [])
    recording = tmp_path / "groups.jsonl"
    with apps.socket_apps() as url:
        await _record_create(url, recording)
        python = runner.export_python(recording, tmp_path, "groups")
        source = python.read_text(encoding="utf-8")
        assert 'expect(page.get_by_role("button", name="Create", exact=True)).to_be_hidden(' in source, source
        monkeypatch.setattr(apps, "GROUPS", [])
        monkeypatch.setattr(apps, "CREATE_AFTER_S", SLOW_ANSWER_S)
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.failure()}"
