"""A page whose controls are drawn before its code is wired to take them: it asks for its settings once it has
opened, and only their answer wires the "Add server" tile; the answer changes the page (a theme on ``<body>``)
without a text of its own, so no text tells a test the page is ready. The test waits until the page has had
an answer for each data request its startup made (``waits.startup_waits``, a ``data_answered`` wait read from
the page's Resource Timing entries), recorded in a real Chromium, exported and run by pytest and by Playwright
Test.

pgAdmin's dashboard (after its login) draws its "Add New Server" tile (a tile there, a button here) while ``/preferences/get_all`` is still
on its way: under chaos the click on the tile did nothing, no dialog opened, and proving, blaming the choices
after it, dropped the click's response wait and the dialog's focus wait and then said UNPROVEN for want of
another locator. Here the settings come ``SETTINGS_AFTER_S`` late in the test's runs, as on a slow network.

A page that first loads its code in more chunks than a page keeps Resource Timing entries for (250, unless
told otherwise: marimo loads its editor so) would drop its data's entries: the test keeps them all (an init
script), or the wait never ends.
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

SETTINGS_AFTER_S = 3.0
SETTINGS = '{"theme": "dark", "confirm": true}'
CHUNKS = 300                # more than the 250 Resource Timing entries a page keeps unless told otherwise
DASHBOARD = ("""<button type="button" id="add">Add server</button><div id="dialogs"></div>
<ul id="servers"></ul>""",
             """Promise.all(Array.from({ length: CHUNKS }, (_, n) => fetch(`/chunks/${n}.js`)))
.then(() => fetch("/api/settings")).then((answer) => answer.json()).then((settings) => {
  document.body.dataset.theme = settings.theme;
  document.querySelector("#add").addEventListener("click", () => {
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-label", "Register server");
    dialog.innerHTML = '<label>Name <input id="name"></label> <button type="button">Save</button>';
    document.querySelector("#dialogs").append(dialog);
    dialog.querySelector("button").addEventListener("click", () => {
      const item = document.createElement("li");
      item.textContent = dialog.querySelector("#name").value;
      document.querySelector("#servers").append(item);
      dialog.remove();
    });
  });
});""")


class Dashboard:
    def __init__(self, chunks: int) -> None:
        self.late = threading.Event()       # the settings come SETTINGS_AFTER_S late once set
        self.chunks = chunks                # the page loads its code in this many chunks before it asks

    def answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        if request.path == "/api/settings":
            return 200, "application/json", LateBody(SETTINGS, SETTINGS_AFTER_S) if self.late.is_set() else SETTINGS
        if request.path.startswith("/chunks/"):
            return 200, "text/javascript", "// a part of the app's code"
        return 200, "text/html; charset=utf-8", PAGE.format(title="Servers", body=DASHBOARD[0],
                                                            script=DASHBOARD[1].replace("CHUNKS", str(self.chunks)))


@pytest.mark.parametrize("chunks", [0, CHUNKS], ids=["its-data-alone", "code-in-more-chunks-than-a-page-keeps"])
async def test_a_page_drawn_before_its_data_wires_it_is_acted_on_once_its_data_requests_are_answered(tmp_path,
                                                                                                    chunks):
    recording = tmp_path / "dashboard.jsonl"
    app = Dashboard(chunks)
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.click("button", "Add server")
            await agent.fill("textbox", "Name", "local")
            await agent.click("button", "Save", expect_text="local")
            await agent.verify_text("local")
        python = runner.export_python(recording, tmp_path, "dashboard")
        source = python.read_text(encoding="utf-8")
        assert 'page.wait_for_function(DATA_ANSWERED, arg=["/api/settings"], timeout=30_000)' in source, source
        said = " ".join(line.strip().removeprefix("# ") for line in source.splitlines())   # comments unwrapped
        assert "none with a text of its own to wait for" in said, source
        app.late.set()
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        with runner.exported_spec(recording, "dashboard") as spec:
            spec_source = spec.read_text(encoding="utf-8")
            assert 'await page.waitForFunction(DATA_ANSWERED, ["/api/settings"], { timeout: 30_000 });' in spec_source
            ran = runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url))
            assert ran.passed, f"{spec_source}\n{ran.output[-3000:]}"


def test_no_data_wait_holds_a_path_that_names_one_thing():
    """A request for one record (an id, a hash, a name a run made) is asked otherwise by another load: the wait
    names only the paths every load asks for."""
    from verdex.facts import RequestEffect, Startup
    from verdex.generators.waits import startup_waits
    from verdex.recording_format import ClickStep

    asked = [RequestEffect(method="GET", url=f"http://app.test{path}", resource_type="fetch", status=200,
                           changed_page=True)
             for path in ("/api/settings", "/api/items/1234", "/api/files/local-5c2e1c7e", "/api/settings")]
    record = ClickStep.model_construct(startup=Startup(requests=asked))
    [wait] = startup_waits(record)
    assert wait.kind == "data_answered" and wait.paths == ["/api/settings"], wait
