"""A test's own app whose list lives on its server: ``GET /api/items`` answers the names added so far, ``POST
/api/items?name=N`` adds one; every other path is the page. A fresh one knows none; one kept between runs shows
what the recording (and each earlier run) added. ``fresh_app`` serves a new one per run (``runner.run_pytest``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import unquote

from tests.answering_server import Request, answering
from tests.generation_apps import PAGE


def list_page(form: str, drawn: str) -> tuple[str, str]:
    """The page: ``form`` (a field ``#name``, a button ``#add``) above the list ``#items``, each item a ``li``
    that ``drawn`` (JavaScript with ``item`` and ``name`` in scope) fills; the list is loaded after the page."""
    return (form + '<ul id="items"></ul><p role="status"></p>',
            """const show = (name) => {
  const item = document.createElement("li");
  """ + drawn + """
  document.querySelector("#items").append(item);
};
fetch("/api/items").then((r) => r.json()).then((names) => names.forEach(show));
document.querySelector("#add").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  await fetch("/api/items?name=" + encodeURIComponent(name), { method: "POST" });
  show(name);
});""")


class KeptList:
    def __init__(self, title: str, page: tuple[str, str]) -> None:
        self.title, self.page = title, page
        self.names: list[str] = []

    def answer(self, request: Request) -> tuple[int, str, str]:
        if request.path.startswith("/api/items"):
            if request.method == "POST":
                self.names.append(unquote(request.path.split("name=", 1)[1]))
            return 200, "application/json", json.dumps(self.names)
        return 200, "text/html; charset=utf-8", PAGE.format(title=self.title, body=self.page[0], script=self.page[1])


def fresh_app(title: str, page: tuple[str, str]):
    """A ``serve`` for ``runner.run_pytest``: each run on a new app that has never seen the recording's items."""

    @contextmanager
    def serve(_seed: int | None) -> Iterator[str]:
        with answering(KeptList(title, page).answer) as url:
            yield url

    return serve
