"""A button the page names anew once a status comes (tests/extended_names_apps.py): Syncthing's "Backup box X"
became "Disconnected (Unused) Backup box X" as the device's status arrived, its panel closed by the redraw, and
the agent clicked the new name to open it again. The test clicked both names, exactly: a run whose status came
before the first click found no "Backup box X", one whose status came after the second found no "Disconnected
(Unused) Backup box X". Both are now found by the words of the shorter name (generators/extended_names.py), and
the click the agent did again is done once (its check between them kept), once the name holds the status as the
recording saw it then: twice, a run with either status would close the panel it opened, and once before a status
that comes later, its redraw would. Run with the status there from the start, and coming after the recording's
first click."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.extended_names_apps import STATUS, devices_app
from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio
STATUS_AFTER_S = 2.0        # the status comes this long after the device was saved: after the recording's first click


async def test_a_name_the_page_extends_with_a_status_is_found_before_and_after_the_status_comes(tmp_path):
    recording = tmp_path / "devices.jsonl"
    with devices_app() as (url, app):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/devices/")
            await agent.click("button", "Add remote device")
            token = await agent.fill_unique("textbox", "Device name", "Backup box {unique}")
            await agent.click("button", "Save", expect_text=f"Backup box {token}")
            await agent.click("button", f"Backup box {token}")
            await agent.verify_text(f"Backup box {token}")     # the agent's check between its two clicks
            app.status = STATUS                   # the status comes: the list is redrawn, the panel closed
            await agent.click("button", f"{STATUS} Backup box {token}")
            await agent.click("button", "Remove", expect_text="No remote devices")
            await agent.verify_text("No remote devices")
        python = runner.export_python(recording, tmp_path, "devices")
        source = python.read_text(encoding="utf-8")
        ran = {}
        for status, after_s in ((STATUS, None), (None, STATUS_AFTER_S)):    # there from the start; comes later
            app.status, app.status_after_s = status, after_s
            ran[after_s] = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
    failed = {status: done.tail() for status, done in ran.items() if not done.passed}
    assert not failed, f"{source}\n{failed}"
    code = [line.strip() for line in source.splitlines() if not line.strip().startswith("#")]
    assert not any("Disconnected" in line for line in code), source       # the name in one state alone
    clicks = [line for line in code if line.startswith('page.get_by_role("button", name=re.compile(')
              and line.endswith(".click()")]
    assert len(clicks) == 1, source                                        # the toggle clicked once
    assert 're.compile(rf"\\S.*(?<!\\S)Backup box {unique}$")' in source, source         # the status waited for

