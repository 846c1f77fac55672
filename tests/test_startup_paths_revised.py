"""A startup wait for a path a fresh load does not ask (tests/startup_paths_apps.py): the recording's app held a
remote device, and its page asked for the device's connections as it opened; a fresh run's app holds none and
never asks. Proving dropped the whole wait, and the steps after it then acted before the config came (Syncthing's
Settings opened empty and its agent's check failed). The wait is now narrowed to the paths the page a failed run
stopped on did ask (generators/revisions.py, ``WAIT_NARROWED``), so the test still waits for the config."""

from __future__ import annotations

import json
import re

import pytest

from tests.flows.agent import Agent, recording_client
from tests.startup_paths_apps import device_settings

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]


async def test_a_startup_wait_keeps_the_paths_a_fresh_load_asks_when_one_is_never_asked(tmp_path):
    test_file = tmp_path / "test_settings.py"
    with device_settings() as (url, app):
        async with recording_client(tmp_path / "settings.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/settings/")
            await agent.click("button", "Settings")
            token = await agent.fill_unique("textbox", "Device name", "Lab laptop {unique}")
            await agent.click("button", "Save", expect_text=f"Lab laptop {token}")
            await agent.verify_text(f"Lab laptop {token}")
            assert app.connections_asked == 1
            app.devices.clear()                     # the app's state moved on: no device, its status never asked
            app.late.set()                          # and the config comes late, as on a slow network
            answer = await agent.call("export_test", target="python", path=str(test_file), name="settings", prove=3)
        source = test_file.read_text(encoding="utf-8")
    assert not answer.error, f"{answer.text}\n{source}"
    assert re.search(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)", answer.text), f"{answer.text}\n{source}"
    [revision] = answer.data["proof"]["revisions"]
    assert "never asked /api/connections" in revision, revision
    waited = re.search(r"DATA_ANSWERED, arg=(\[[^]]*\])", source)
    assert waited and sorted(json.loads(waited.group(1))) == ["/api/config", "/api/status"], source
