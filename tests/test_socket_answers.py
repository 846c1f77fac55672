"""An action its server answered over the page's websocket, followed at once by another action: the test
waits for that answer before it acts again (generators/waits.py, ``server_answers``).

A field whose value the page sends to its server after a debounce, then "Add", which adds the copy the
server holds (tests/socket_apps.py ``/tasks/``): a test that clicks as soon as it has filled sends "Add"
before the value, and the server says "Type a task first". Toggle buttons whose state the page takes
from the server's answer (``/filter/``): a second click sent before the first one's answer has come
finds the first answer pressing the wrong button. Both run in a real Chromium, in pytest and in
``npx playwright test``, and under verdex's chaos, which holds each server message back."""

from __future__ import annotations

import asyncio
import json
import shutil
from contextlib import nullcontext
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.socket_apps import socket_apps

pytestmark = pytest.mark.anyio
THINKING_S = 1.0            # longer than the page's debounce (SEND_AFTER_MS)


async def _record_add(url: str, recording: Path) -> None:
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(url + "/tasks/")
        await agent.wait_for_text("Water plants (Low)")
        await agent.fill("textbox", "New task", "Buy milk")
        await asyncio.sleep(THINKING_S)         # a model's turn: the page has sent the value by its next command
        await agent.click("button", "Add", expect_text="Added Buy milk")
        await agent.verify_text("Added Buy milk")


async def _record_filter(url: str, recording: Path) -> None:
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(url + "/filter/")
        await agent.wait_for_text("Water plants (Low)")
        await agent.click("button", "High")
        await agent.click("button", "Low")
        await agent.verify_text("Water plants (Low)")
        await agent.click("button", "High")
        await agent.verify_text("File taxes (High)")


def _steps(recording: Path) -> list[dict]:
    return [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()][1:]


@pytest.mark.parametrize("record, name", [(_record_add, "add"), (_record_filter, "filter")])
async def test_the_next_action_waits_for_the_servers_answer_to_the_one_before(record, name, tmp_path):
    recording = tmp_path / f"{name}.jsonl"
    with socket_apps() as url:
        await record(url, recording)
        answered = [s for s in _steps(recording) if s["tool"] in ("browser_fill", "browser_click")]
        # the fill's value reaches the server after the fill has settled (the click counts the answer); a click's
        # answer comes as it settles
        heard = answered[0]["effects"]["server_messages"] + answered[1]["answers_before"]
        assert heard >= 1, answered[:2]
        python = runner.export_python(recording, tmp_path, name)
        source = python.read_text(encoding="utf-8")
        assert "window.serverAnswers >=" in source, source
        for extra in ((), ("--chaos-seed", "3")):
            done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url), extra=extra)
            assert done.passed, f"{extra}\n{source}\n{done.failure()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, name) as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert "window.serverAnswers >=" in typescript, typescript
            done = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert done.passed, f"{typescript}\n{done.tail()}"

