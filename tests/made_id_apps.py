"""A list of folders whose dialog the server names: "Add folder" opens a dialog whose Folder ID the page fills
from ``GET /api/random`` (a new id each time it is asked, as Syncthing's ``/rest/svc/random/string``), Save posts
the folder, and each folder's "Edit" opens the same dialog again, its Folder ID filled from
``GET /api/folder?id=…``, Remove deletes it; closing the dialog empties its fields. A recording sees the page set Folder ID to the
same value each time the dialog opened; a fresh run has an id of its own at each.

- ``/folders/`` the page; ``/api/random``, ``/api/folders`` (GET the list, POST one, DELETE ``?id=``),
  ``/api/folder?id=``."""

from __future__ import annotations

import json
import secrets
import string
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

from tests.answering_server import LateBody, Request, answering

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Folders</title></head>
<body><main>
<h1>Folders</h1>
<ul id="folders"></ul>
<button type="button" id="add">Add folder</button>
<div id="dialog" role="dialog" aria-labelledby="dialog-title" hidden>
  <h2 id="dialog-title">Folder</h2>
  <p><label>Folder label <input id="label"></label></p>
  <p><label>Folder ID <input id="folder-id"></label></p>
  <button type="button" id="save">Save</button> <button type="button" id="close">Close</button>
  <button type="button" id="remove">Remove</button>
</div>
</main>
<script>
  const dialog = document.getElementById("dialog"), label = document.getElementById("label"),
        id = document.getElementById("folder-id");
  let editing = null;
  async function draw() {
    const folders = await (await fetch("/api/folders")).json();
    document.getElementById("folders").replaceChildren(...folders.map((folder) => {
      const item = document.createElement("li"), edit = document.createElement("button");
      item.append(folder.label + " ");
      edit.type = "button";
      edit.textContent = "Edit";
      edit.setAttribute("aria-label", "Edit " + folder.label);
      edit.addEventListener("click", () => open(folder.id));
      item.append(edit);
      return item;
    }));
  }
  function shut() {
    dialog.hidden = true;
    label.value = id.value = "";
  }
  async function open(existing) {
    editing = existing;
    const folder = existing === null
      ? {id: await (await fetch("/api/random")).text(), label: ""}
      : await (await fetch("/api/folder?id=" + encodeURIComponent(existing))).json();
    id.value = folder.id;
    label.value = folder.label;
    dialog.hidden = false;
  }
  document.getElementById("add").addEventListener("click", () => open(null));
  document.getElementById("close").addEventListener("click", shut);
  document.getElementById("remove").addEventListener("click", async () => {
    await fetch("/api/folders?id=" + encodeURIComponent(id.value), {method: "DELETE"});
    shut();
    await draw();
  });
  document.getElementById("save").addEventListener("click", async () => {
    await fetch("/api/folders", {method: "POST", headers: {"Content-Type": "application/json"},
                                 body: JSON.stringify({id: id.value, label: label.value})});
    shut();
    await draw();
  });
  draw();
</script></body></html>"""


class MadeIds:
    def __init__(self) -> None:
        self.folders: dict[str, str] = {}          # id → label
        self.removed = 0
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        status, kind, text = self._answer(request)
        return status, kind + "; charset=utf-8", text

    def _answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        parts = urlsplit(request.path)
        if parts.path == "/folders/":
            return 200, "text/html", PAGE
        if parts.path == "/api/random":
            letters = string.ascii_lowercase
            return 200, "text/plain", "-".join("".join(secrets.choice(letters) for _ in range(5)) for _ in range(2))
        if parts.path == "/api/folders" and request.method == "POST":
            folder = json.loads(request.body)
            with self.lock:
                self.folders[folder["id"]] = folder["label"]
            return 200, "application/json", "{}"
        if parts.path == "/api/folders" and request.method == "DELETE":
            with self.lock:
                self.folders.pop(parse_qs(parts.query).get("id", [""])[0], None)
                self.removed += 1
            return 200, "application/json", "{}"
        if parts.path == "/api/folders":
            with self.lock:
                listed = [{"id": key, "label": label} for key, label in self.folders.items()]
            return 200, "application/json", json.dumps(listed)
        if parts.path == "/api/folder":
            key = parse_qs(parts.query).get("id", [""])[0]
            return 200, "application/json", json.dumps({"id": key, "label": self.folders.get(key, "")})
        return 404, "text/plain", "not found"


@contextmanager
def made_id_apps() -> Iterator[tuple[str, MadeIds]]:
    apps = MadeIds()
    with answering(apps.answer) as url:
        yield url, apps
