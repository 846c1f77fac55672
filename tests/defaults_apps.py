"""A page whose form asks the server for its defaults more times on one load than on another, each answer
drawing the form's fields anew (an admin's add-row form whose parts each fetch the row's defaults, as
Piccolo Admin's does) — for proving's response waits on a count of answers (tests/test_proof_answers.py).

``/studio/``: "New studio" asks ``GET /api/studio/defaults``; its answer draws the fields ("Name" empty,
"City" Lisbon) and may name a second part of the form (``more``), which the page then asks for too, and
whose answer renders the fields anew (new elements), "Name" empty again. Until its last part is drawn the
form takes no typing (the page puts back the field's value, as a form rendered from its state while it
loads does). ``/studio/new`` is the same page asking for the defaults as it opens, no click. What the
server says on a load is set by the test:

- ``second``: the URL of the second part (``/api/studio/defaults``, the same request asked again; or
  ``/api/studio/defaults?fields=extra``, the same path with other words), or None: one part only;
- ``held``: the second part's answer comes ``HELD_S`` after it was asked: a test that types before it
  came typed into a form that took nothing, and its check of the Name fails, whatever the machine's pace
  (the value stays empty before that answer and after it); a test that waits for it passes;
- ``poll_s``: how often the page asks ``GET /api/studio/status`` on its timer (as it opens,
  then each ``poll_s``), each answer drawn as "Checked N times" (qBittorrent's sync); None: never.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import answering

HELD_S = 3.0                 # how late the held answer comes (an order the test waits on or not, not a race)
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studios</title></head>
<body><main><h1>Studios</h1><button type='button'>New studio</button><form hidden></form>
<p id="status"></p></main>
<script>
const form = document.querySelector("form");
const draw = (defaults) => {            // each answer renders the fields anew, as a framework's form does
  form.hidden = false;
  form.innerHTML = "<label>Name <input name='name'></label> <label>City <input name='city'></label>";
  form.elements.name.value = defaults.name;
  form.elements.city.value = defaults.city;
  form.dataset.complete = defaults.more ? "" : "yes";
};
const part = (url) => fetch(url).then((r) => r.json()).then((defaults) => {
  draw(defaults);
  if (defaults.more) part(defaults.more);
});
document.querySelector("button").addEventListener("click", () => part("/api/studio/defaults"));
if (location.pathname.endsWith("/new")) part("/api/studio/defaults");
form.addEventListener("input", (event) => {   // still loading: what was typed is put back
  if (!form.dataset.complete) event.target.value = "";
});
</script></body></html>"""
POLL = """<script>
const poll = () => fetch("/api/studio/status").then((r) => r.json()).then((status) => {
  document.querySelector("#status").textContent = `Checked ${status.checked} times`;
  setTimeout(poll, status.poll_ms);
});
poll();
</script>"""
DEFAULTS = {"name": "", "city": "Lisbon"}


class DefaultsApp:
    def __init__(self) -> None:
        self.second: str | None = None
        self.held = False
        self.poll_s: float | None = None
        self.checked = 0                            # the status polls answered
        self.asked = 0                              # the defaults asked for since the page loaded
        self.lock = threading.Lock()

    def answer(self, method: str, path: str) -> tuple[int, str, str]:
        if method == "GET" and path in ("/studio/", "/studio/new"):
            with self.lock:
                self.asked = 0
            return 200, "text/html", PAGE + (POLL if self.poll_s is not None else "")
        if method == "GET" and path.startswith("/api/studio/defaults"):
            with self.lock:
                self.asked += 1
                first = self.asked == 1
            if not first and self.held:
                time.sleep(HELD_S)
            return 200, "application/json", json.dumps({**DEFAULTS, "more": self.second if first else None})
        if method == "GET" and path == "/api/studio/status":
            with self.lock:
                self.checked += 1
                checked = self.checked
            answer = {"checked": checked, "poll_ms": (self.poll_s or 0) * 1000}
            return 200, "application/json", json.dumps(answer)
        return 404, "text/plain", "not found"


@contextmanager
def defaults_app() -> Iterator[tuple[str, DefaultsApp]]:
    app = DefaultsApp()
    with answering(lambda request: app.answer(request.method, request.path)) as url:
        yield url, app
