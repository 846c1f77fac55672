"""A device's settings page that asks, as it opens, for what its config holds: ``/api/config`` and
``/api/status`` always, and ``/api/connections`` only while the config lists a remote device (Syncthing's GUI
asks for a folder's or a device's status only when it has one). None of the answers draws a text of its own (an
attribute on ``<body>``), so the test waits for the answers themselves; the config's answer wires "Settings",
whose dialog shows the device's name, and Save posts it and shows it in the heading.

A recording made while the app held a device waits for the three paths; a fresh run of an app with none never
asks for ``/api/connections``. ``late`` holds the config's answer ``CONFIG_AFTER_S`` back, as a slow network.

- ``/settings/`` the page; ``/api/config`` (GET, POST ``{"name": …}``), ``/api/status``, ``/api/connections``."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import LateBody, Request, answering

CONFIG_AFTER_S = 3.0

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>This device</title></head>
<body><main>
<h1 id="name">This device</h1>
<button type="button" id="settings">Settings</button>
<div id="dialog" role="dialog" aria-labelledby="dialog-title" hidden>
  <h2 id="dialog-title">Settings</h2>
  <p><label>Device name <input id="device-name"></label></p>
  <button type="button" id="save">Save</button>
</div>
</main>
<script>
  const dialog = document.getElementById("dialog"), field = document.getElementById("device-name");
  fetch("/api/status").then((answer) => answer.json()).then((status) => {
    document.body.dataset.uptime = status.uptime;
  });
  fetch("/api/config").then((answer) => answer.json()).then((config) => {
    document.body.dataset.devices = config.devices.length;
    if (config.devices.length) {
      fetch("/api/connections").then((answer) => answer.json()).then((connections) => {
        document.body.dataset.connected = connections.connected;
      });
    }
    document.getElementById("settings").addEventListener("click", () => {
      field.value = config.name;
      dialog.hidden = false;
    });
    document.getElementById("save").addEventListener("click", async () => {
      config.name = field.value;
      await fetch("/api/config", {method: "POST", headers: {"Content-Type": "application/json"},
                                  body: JSON.stringify({name: config.name})});
      dialog.hidden = true;
      document.getElementById("name").textContent = config.name;
    });
  });
</script></body></html>"""


class DeviceSettings:
    def __init__(self) -> None:
        self.name = "This device"
        self.devices = ["Backup box"]       # the remote devices the config lists
        self.late = threading.Event()       # the config's answer comes CONFIG_AFTER_S late once set
        self.connections_asked = 0

    def answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        if request.path == "/api/config" and request.method == "POST":
            self.name = json.loads(request.body)["name"]
            return 200, "application/json", "{}"
        if request.path == "/api/config":
            config = json.dumps({"name": self.name, "devices": self.devices})
            return 200, "application/json", LateBody(config, CONFIG_AFTER_S) if self.late.is_set() else config
        if request.path == "/api/status":
            return 200, "application/json", '{"uptime": 42}'
        if request.path == "/api/connections":
            self.connections_asked += 1
            return 200, "application/json", '{"connected": 0}'
        return 200, "text/html; charset=utf-8", PAGE


@contextmanager
def device_settings() -> Iterator[tuple[str, DeviceSettings]]:
    """The app's base URL and its state while it serves."""
    app = DeviceSettings()
    with answering(app.answer) as url:
        yield url, app
