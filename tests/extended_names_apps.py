"""A list of remote devices whose buttons the page names with each device's status once the status has come:
"Backup box" until then, "Disconnected (Unused) Backup box" after (Syncthing's GUI: the status and the name
each a span of the button). A device's button opens and
closes its panel (a toggle), which holds Remove; the page asks for the list every ``POLL_MS`` and redraws it when
it changed, closing the panel. ``status`` is what the server says of every device (None until the status has
come), or ``STATUS`` once ``status_after_s`` have passed since the device was added (a status that comes at the
app's pace).

- ``/devices/`` the page; ``/api/devices`` (GET the list, POST ``{"name": …}``, DELETE ``?name=``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

from tests.answering_server import Request, answering

POLL_MS = 300
STATUS = "Disconnected (Unused)"

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Devices</title></head>
<body><main>
<h1>Remote devices</h1>
<ul id="devices"></ul>
<p id="empty">No remote devices</p>
<button type="button" id="add">Add remote device</button>
<div id="dialog" role="dialog" aria-labelledby="dialog-title" hidden>
  <h2 id="dialog-title">Add device</h2>
  <p><label>Device name <input id="name"></label></p>
  <button type="button" id="save">Save</button>
</div>
</main>
<script>
  const dialog = document.getElementById("dialog"), field = document.getElementById("name");
  let shown = "";
  async function draw() {
    const answer = await (await fetch("/api/devices")).text();
    if (answer === shown) return;
    shown = answer;
    const devices = JSON.parse(answer);
    document.getElementById("empty").hidden = devices.length > 0;
    document.getElementById("devices").replaceChildren(...devices.map((device) => {
      const item = document.createElement("li"), toggle = document.createElement("button"),
            panel = document.createElement("div"), remove = document.createElement("button");
      toggle.type = remove.type = "button";
      const status = document.createElement("span"), name = document.createElement("span");
      status.textContent = device.status ? device.status + " " : "";
      name.textContent = device.name;
      toggle.append(status, name);
      toggle.setAttribute("aria-expanded", "false");
      panel.hidden = true;
      remove.textContent = "Remove";
      remove.addEventListener("click", async () => {
        await fetch("/api/devices?name=" + encodeURIComponent(device.name), {method: "DELETE"});
        await draw();
      });
      toggle.addEventListener("click", () => {
        panel.hidden = !panel.hidden;
        toggle.setAttribute("aria-expanded", String(!panel.hidden));
      });
      panel.append(remove);
      item.append(toggle, panel);
      return item;
    }));
  }
  document.getElementById("add").addEventListener("click", () => { dialog.hidden = false; });
  document.getElementById("save").addEventListener("click", async () => {
    await fetch("/api/devices", {method: "POST", headers: {"Content-Type": "application/json"},
                                 body: JSON.stringify({name: field.value})});
    dialog.hidden = true;
    field.value = "";
    await draw();
  });
  draw();
  setInterval(draw, POLL_MS);
</script></body></html>""".replace("POLL_MS", str(POLL_MS))


class Devices:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.added: dict[str, float] = {}   # each device's name → when it was added
        self.status: str | None = None      # what the server says of every device once the status has come
        self.status_after_s: float | None = None   # ... or of each, this long after it was added

    def answer(self, request: Request) -> tuple[int, str, str]:
        split = urlsplit(request.path)
        if split.path == "/api/devices" and request.method == "POST":
            name = json.loads(request.body)["name"]
            self.names.append(name)
            self.added[name] = time.monotonic()
            return 200, "application/json", "{}"
        if split.path == "/api/devices" and request.method == "DELETE":
            self.names.remove(parse_qs(split.query)["name"][0])
            return 200, "application/json", "{}"
        if split.path == "/api/devices":
            return 200, "application/json", json.dumps([{"name": name, "status": self._status(name)} for name in self.names])
        return 200, "text/html; charset=utf-8", PAGE

    def _status(self, name: str) -> str | None:
        late = self.status_after_s is not None and time.monotonic() - self.added[name] >= self.status_after_s
        return self.status or (STATUS if late else None)


@contextmanager
def devices_app() -> Iterator[tuple[str, Devices]]:
    """The app's base URL and its state while it serves."""
    app = Devices()
    with answering(app.answer) as url:
        yield url, app
