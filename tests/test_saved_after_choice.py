"""A choice a settings page saves a moment after it was made, then a reload (``EffectsWatch.chose``,
``NetworkLog.asked_with_typed_text``, the navigation's ``requests_before``), recorded in a real Chromium,
exported and run by pytest:

The theme ``<select>`` saves the option's value (``PUT /api/ui`` with ``{"key":"theme","value":"teal"}``)
``SAVE_AFTER_MS`` after the change, as Homebridge's settings do; the agent reloaded once the save had come and
saw the theme kept. The test chose and reloaded at once: the page went before it saved, and after the reload
the old theme was back. The request holds the chosen option's value, not its label ("Teal"); the reload's
step records it, and the choice waits for its answer before the test leaves.
"""

from __future__ import annotations

import json
import threading
from contextlib import nullcontext

import anyio
import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

SAVE_AFTER_MS = 1000
SETTINGS = ("""<label>Theme <select id="theme"><option value="deep-purple">Deep Purple</option>
<option value="teal">Teal</option><option value="red">Red</option></select></label>""",
            """const select = document.querySelector("#theme");
fetch("/api/ui").then((r) => r.json()).then((ui) => { select.value = ui.theme; });
let saving = null;
select.addEventListener("change", () => {
  clearTimeout(saving);
  saving = setTimeout(() => fetch("/api/ui", { method: "PUT", body: JSON.stringify({ key: "theme", value: select.value }) }),
                      %d);
});""" % SAVE_AFTER_MS)


class Settings:
    def __init__(self) -> None:
        self.theme = "deep-purple"
        self.saved = threading.Event()

    def answer(self, request: Request) -> tuple[int, str, str]:
        if request.path == "/":
            return 200, "text/html; charset=utf-8", PAGE.format(title="Settings", body=SETTINGS[0], script=SETTINGS[1])
        if request.method == "PUT":
            self.theme = json.loads(request.body)["value"]
            self.saved.set()
        return 200, "application/json", json.dumps({"theme": self.theme})


async def test_a_choice_saved_a_moment_later_is_waited_for_before_the_test_reloads(tmp_path):
    recording = tmp_path / "theme.jsonl"
    app = Settings()
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.select("combobox", "Theme", "Teal")
            assert await anyio.to_thread.run_sync(app.saved.wait, 10)   # the agent goes on once the page saved it
            await anyio.sleep(0.3)                                        # ... and read its answer
            await agent.must("browser_reload")
            await agent.wait_for_text("Theme")
            with anyio.fail_after(30):                 # the page sets the kept theme once its GET is answered
                while not (await agent.call("verify_element", ref=await agent.locate("combobox", "Theme"),
                                            state="value", value="teal")).data.get("passed"):
                    await anyio.sleep(0.2)
        python = runner.export_python(recording, tmp_path, "theme")
        source = python.read_text(encoding="utf-8")
        assert 'with page.expect_response(response_to("PUT", r"/api/ui$"))' in source, source
        app.theme = "deep-purple"
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        assert app.theme == "teal"
