"""A check on what a page draws from a request it makes on a timer waits at the timer's pace (``drawing_timers``
in generators/periodic.py, ``redrawn_by_a_timer`` in generators/waits.py).

A load-test dashboard (Locust's) asks ``GET /api/stats`` every second and redraws its table from each answer;
"Start" starts a run, and a request's row shows only once the run has made that request and the next poll has
come. Recorded, the agent saw the row and checked it; the test checked it within Playwright's 5 s and failed
whenever the app drew it later (Locust under chaos: 8 of 60 runs). Here the app draws the row
``ROW_AFTER_S`` after "Start", past those 5 s on every run, as a slow network or a slow run would: the test's
check waits as long as a page's load may, and says why.

A BitTorrent client's web interface (Transmission's) polls the same way over its RPC: ``POST /transmission/rpc``
with ``{"method": "torrent-get", "arguments": …}`` every few seconds, and a paused torrent shows "Paused" only
with the next answer. A POST that names its operation is a read the page makes on a timer as a GET is.
"""

from __future__ import annotations

import json
import threading
import time
from contextlib import nullcontext

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

ROW_AFTER_S = 8.0
DASHBOARD = ("""<button type="button">Start</button><table><tbody id="rows"></tbody></table>""",
             """const draw = (rows) => document.querySelector("#rows").replaceChildren(...rows.map((row) => {
  const tr = document.createElement("tr");
  tr.innerHTML = `<td>${row.name}</td><td>${row.count}</td>`;
  return tr;
}));
%s
poll();
setInterval(poll, 1000);
document.querySelector("button").addEventListener("click", start);""")
# how the page asks for its rows and starts a run: REST, or one RPC endpoint whose body names the method
TRANSPORTS = {
    "rest": ("GET /api/stats", """const poll = () => fetch("/api/stats").then((r) => r.json()).then(draw);
const start = () => fetch("/api/start", { method: "POST" });"""),
    "rpc": ("POST /api/rpc stats-get", """const call = (method) => fetch("/api/rpc", { method: "POST",
  body: JSON.stringify({ method, arguments: {}, tag: 1 }) }).then((r) => r.json());
const poll = () => call("stats-get").then(draw);
const start = () => call("run-start");"""),
}


class Dashboard:
    def __init__(self, transport: str) -> None:
        self.script = DASHBOARD[1] % TRANSPORTS[transport][1]
        self.started: float | None = None
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        if request.path == "/":
            return 200, "text/html; charset=utf-8", PAGE.format(title="Load test", body=DASHBOARD[0],
                                                                 script=self.script)
        if request.path == "/api/start" or b"run-start" in request.body:
            with self.lock:
                self.started = time.monotonic()
            return 200, "application/json", "{}"
        with self.lock:
            shown = self.started is not None and time.monotonic() - self.started >= ROW_AFTER_S
        rows = [{"name": "GET /hello", "count": 3}] if shown else []
        return 200, "application/json", json.dumps([*rows, {"name": "Aggregated", "count": 3 if shown else 0}])


@pytest.mark.parametrize("transport", sorted(TRANSPORTS))
async def test_a_check_on_what_a_timers_answer_draws_waits_at_the_timers_pace(tmp_path, transport):
    recording = tmp_path / "start.jsonl"
    app = Dashboard(transport)
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.click("button", "Start")
            await agent.locate("row", "GET /hello 3")         # the agent looks until the dashboard shows it
            await agent.verify_text("GET /hello")
        python = runner.export_python(recording, tmp_path, "start")
        source = python.read_text(encoding="utf-8")
        assert 'expect(page.get_by_text("GET /hello", exact=True)).to_be_visible(timeout=30_000)' in source, source
        assert f"the page asks {TRANSPORTS[transport][0]} on a timer" in source, source
        app.started = None
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
