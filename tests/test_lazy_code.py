"""What an action draws with code the page loads only then (a dialog's lazily loaded chunk: ``import()``), waited
for at the network's pace (``Effects.code_loaded``, ``waits.loaded_code``), recorded in a real Chromium, exported
and run by pytest.

"Add server" imports the dialog's module the first time it is clicked; the dialog focuses its "Name" field once
it has opened. The test waited for that focus within Playwright's 5 s, and failed whenever the module came later
(pgAdmin's "Register - Server" under chaos: proved 3/3 on export, then 9 of 20 seeded runs). Here the module
comes ``MODULE_AFTER_S`` late in the test's run, past those 5 s, as on a slow network: the test's wait for the
focus, and its check after the click, wait as long as a load may, and say why.
"""

from __future__ import annotations

import threading
from contextlib import nullcontext

import pytest

from tests.answering_server import LateBody, Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

MODULE_AFTER_S = 7.0
SERVERS = ("""<button type="button" id="add">Add server</button><div id="dialogs"></div>
<ul id="servers"></ul>""",
           """document.querySelector("#add").addEventListener("click", async () => {
  const { openDialog } = await import("/dialog.js");
  openDialog((name) => {
    const item = document.createElement("li");
    item.textContent = name;
    document.querySelector("#servers").append(item);
  });
});""")
DIALOG = """export function openDialog(added) {
  const dialog = document.createElement("div");
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-label", "Register server");
  dialog.innerHTML = '<label>Name <input id="name"></label> <button type="button">Save</button>';
  document.querySelector("#dialogs").append(dialog);
  setTimeout(() => dialog.querySelector("#name").focus(), 50);
  dialog.querySelector("button").addEventListener("click", () => {
    added(dialog.querySelector("#name").value);
    dialog.remove();
  });
}"""


class Servers:
    def __init__(self) -> None:
        self.late = threading.Event()       # the module comes MODULE_AFTER_S late once set

    def answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        if request.path == "/dialog.js":
            return 200, "text/javascript", LateBody(DIALOG, MODULE_AFTER_S) if self.late.is_set() else DIALOG
        return 200, "text/html; charset=utf-8", PAGE.format(title="Servers", body=SERVERS[0], script=SERVERS[1])


async def test_what_an_action_draws_with_code_it_loads_only_then_is_waited_for_at_the_networks_pace(tmp_path):
    recording = tmp_path / "server.jsonl"
    app = Servers()
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            clicked = await agent.click("button", "Add server")
            assert "loaded code: 1 script the page asked for only now" in clicked.text, clicked.text
            await agent.fill("textbox", "Name", "local")
            await agent.click("button", "Save", expect_text="local")
            await agent.verify_text("local")
        python = runner.export_python(recording, tmp_path, "server")
        source = python.read_text(encoding="utf-8")
        assert 'expect(page.get_by_role("textbox", name="Name", exact=True)).to_be_focused(timeout=30_000)' in source, \
            source
        said = " ".join(line.strip().removeprefix("# ") for line in source.splitlines())   # comments unwrapped
        assert "the click loaded code the page did not have yet (1 script)" in said, source
        app.late.set()
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"


def test_a_route_reached_once_code_it_loads_only_then_has_come_is_checked_at_the_networks_pace():
    """An Angular login that routes to "/" once the route's lazily loaded chunks have come (Homebridge's UI):
    the URL check after it waits as long as a load may, not the assertion's 5 s (a run under chaos, its chunks
    1.5 s late each, was still on the login page after 5 s)."""
    from pathlib import Path

    from verdex.generators import build_plan, read_recording
    from verdex.generators.plan import Action

    recording = read_recording(Path(__file__).resolve().parents[1] / "examples" / "recordings" / "login.jsonl")
    index, record = next((i, r) for i, r in enumerate(recording.records) if r.effects and r.effects.url_after
                         != r.effects.url_before)
    routed = record.effects.model_copy(update={"navigated": False, "code_loaded": 3})      # pushState, not a load
    recording.records[index] = record.model_copy(update={"effects": routed})
    plan = build_plan(recording, "login")
    url = next(a for s in plan.statements if isinstance(s, Action) for a in s.asserts if a.kind == "url")
    assert url.timeout_ms == 30_000 and "loaded code the page did not have yet (3 scripts)" in url.timeout_reason
