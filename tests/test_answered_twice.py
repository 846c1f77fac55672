"""An action that asks for one thing twice, each answer drawing the page anew, is waited for until the last
answer has come. On a page whose "Add Row" form has two parts that each ask for the row's defaults
(tests/generation_apps.py ``/new-row/``: ``GET /api/rows/new/`` ×2, each answer drawing the fields anew,
empty), a wait that ended at the first answer let the test fill the Name while the second was on its way;
it came before the form was sent, emptied the Name, and the server refused the row ("The form has
errors"), as Piccolo Admin's "Add Row" did under chaos. The test counts the responses from before the
click and waits for the second (generators/waits.py ``_every_answer``). The server holds the second
answer until the page checks the name (at most ``NEW_ROW_HOLD_S``): a test that did not wait for it
sends an empty row every time."""

from __future__ import annotations

import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio

WAIT = 'nth_response(2, response_to("GET", r"/api/rows/new/$"))'


async def test_a_request_an_action_sent_twice_is_waited_for_until_its_last_answer(tmp_path):
    recording = tmp_path / "new_row.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/new-row/")
            added = await agent.click("button", "Add Row")
            await agent.fill("textbox", "Name", "Lumiere")
            await agent.click("button", "Save")
            await agent.verify_text("Saved Lumiere")
        assert "GET /api/rows/new/ → 200 (×2)" in added.text, added.text
        python = runner.export_python(recording, tmp_path, "new_row")
        source = python.read_text(encoding="utf-8")
        assert source.index("page.expect_response(") < source.index(WAIT) < source.index('"Add Row"'), source
        served = {"serve": lambda _seed: nullcontext(url)}
        apps.new_row_held = True
        done = runner.run_pytest(python, None, **served)
        assert done.passed, f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "new_row") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert 'nthResponse(2, responseTo("GET", new RegExp("/api/rows/new/$")))' in typescript, typescript
            ran = runner.run_typescript(spec.parent, **served)
            assert ran.passed, f"{typescript}\n{ran.tail()}"
