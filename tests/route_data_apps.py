"""A single-page app with hash routes whose router moves to a route only once the route's data has come, as
Ember's does (its route waits for its model: Ghost's admin after "Publish post, right now"), and one route it
moves to at once, loading its data after (tests/test_route_data.py).

``/#/editor``: a draft, "Robins", with "Preview". "Preview" moves the URL to ``#/preview`` at once, then asks
``GET /api/preview`` and draws the preview, with "Publish". "Publish" sends ``PUT /api/posts/1``, says "Published"
when it is answered, then asks for the post list's three queries (``GET /api/posts?filter=…``, as Ghost's list
asks for its published, draft and scheduled posts) and only once all three have answered moves the URL to
``#/posts`` and draws the list. "All posts" sends no change: it asks the list page by page
(``GET /api/posts?page=1``, then 2, then 3: a page number is no word that tells the requests apart) and moves to
``#/posts`` once the last has answered; its response wait, on the first page, is by a glob that the other two
match (``**/api/posts?**``).

The list's answers come ``LIST_AFTER_S`` late once ``late`` is set, at the server's pace: longer than an
assertion's 5 s, however fast the machine.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import Request, answering

LIST_AFTER_S = 7.0
FILTERS = ("published", "draft", "scheduled")
APP = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Posts</title></head>
<body><main></main><p role="status"></p>
<script>
const main = document.querySelector("main");
const status = document.querySelector("[role=status]");
const routes = {
  editor() {
    main.innerHTML = '<h1>Robins</h1><p>A draft.</p><button type="button" id="preview">Preview</button>' +
      '<button type="button" id="all">All posts</button>';
    document.querySelector("#all").addEventListener("click", async () => {
      const lists = [];
      for (const page of [1, 2, 3]) lists.push(await (await fetch(`/api/posts?page=${page}`)).json());
      location.hash = "#/posts";
      main.innerHTML = "<h1>Posts</h1><ul>" + lists.flat().map((p) => `<li>${p.title} (${p.status})</li>`).join("") +
        "</ul>";
    });
    document.querySelector("#preview").addEventListener("click", async () => {
      location.hash = "#/preview";                       // at once: the route draws its data when it comes
      main.innerHTML = "<h1>Preview</h1>";
      const post = await (await fetch("/api/preview")).json();
      main.innerHTML = `<h1>Preview</h1><article>${post.title}</article>` +
        '<button type="button" id="publish">Publish</button>';
      document.querySelector("#publish").addEventListener("click", publish);
    });
  },
};
async function publish(event) {
  event.target.disabled = true;
  await fetch("/api/posts/1", { method: "PUT", headers: { "Content-Type": "application/json" },
                               body: JSON.stringify({ status: "published" }) });
  status.textContent = "Published";
  // the posts route waits for its model: the URL moves once every list has answered
  const lists = await Promise.all(FILTERS.map(async (filter) => (await fetch(`/api/posts?filter=${filter}`)).json()));
  location.hash = "#/posts";
  main.innerHTML = "<h1>Posts</h1><ul>" + lists.flat().map((p) => `<li>${p.title} (${p.status})</li>`).join("") +
    "</ul>";
}
routes.editor();
</script></body></html>""".replace("FILTERS", json.dumps(list(FILTERS)))


class RouteDataApp:
    def __init__(self) -> None:
        self.late = threading.Event()       # the list's answers come LIST_AFTER_S late once set

    def answer(self, request: Request) -> tuple[int, str, str]:
        path, _, query = request.path.partition("?")
        if request.method == "GET" and path == "/":
            return 200, "text/html; charset=utf-8", APP
        if request.method == "GET" and path == "/api/preview":
            return 200, "application/json", json.dumps({"title": "Robins"})
        if request.method == "PUT" and path == "/api/posts/1":
            return 200, "application/json", json.dumps({"ok": True})
        if request.method == "GET" and path == "/api/posts":
            if self.late.is_set():
                time.sleep(LIST_AFTER_S)
            published = query in ("filter=published", "page=1")
            return 200, "application/json", json.dumps([{"title": "Robins", "status": "published"}] if published else [])
        return 404, "text/plain", "not found"


@contextmanager
def route_data_app() -> Iterator[tuple[str, RouteDataApp]]:
    """The app's base URL while it serves, and the app (to hold its list's answers back)."""
    app = RouteDataApp()
    with answering(app.answer) as url:
        yield url, app
