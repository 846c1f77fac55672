"""An archive whose server names each page it keeps, served by its own forms (no script): "Add" posts the
address typed, the list links the kept page at ``/<shelf>/archive/<name>/index.html``, and that page says what
it keeps. The name is in no answer a recording reads as JSON, only in the list's HTML, and it is new each run:

- ``/stamped/`` names a page by the moment it was added, a Unix time with its microseconds
  (``1796044543.927698``, as ArchiveBox names its snapshots);
- ``/counted/`` names it by a counter of the server's (``entry-1``, then ``entry-2``: a slug that says nothing
  by its shape)."""

from __future__ import annotations

import html
import itertools
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

from tests.answering_server import Request, answering

SHELVES = ("stamped", "counted")
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main>{body}</main></body></html>"""
FORM = """<h1>Archive</h1>
<form method="post" action="/{shelf}/add"><label>Address <input name="url"></label> <button>Add</button></form>
<ul>{items}</ul>"""
KEPT = re.compile(r"^/(\w+)/archive/([^/]+)/index\.html$")


class NamedPages:
    def __init__(self) -> None:
        self.kept: dict[str, dict[str, str]] = {shelf: {} for shelf in SHELVES}     # name → address
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        path = request.path.split("?")[0]
        shelf = path.strip("/").split("/")[0]
        if shelf not in SHELVES:
            return 404, "text/plain", "not found"
        if request.method == "POST" and path == f"/{shelf}/add":
            address = parse_qs(request.body.decode()).get("url", [""])[0]
            with self.lock:
                self.kept[shelf][self._name(shelf)] = address
            return 303, "text/plain", f"/{shelf}/"
        if path == f"/{shelf}/":
            items = "".join(f'<li><a href="/{shelf}/archive/{name}/index.html">Kept: {html.escape(address)}</a></li>'
                            for name, address in self.kept[shelf].items())
            return 200, "text/html", PAGE.format(title="Archive", body=FORM.format(shelf=shelf, items=items))
        kept = KEPT.match(path)
        if kept and kept.group(2) in self.kept[shelf]:
            address = html.escape(self.kept[shelf][kept.group(2)])
            return 200, "text/html", PAGE.format(title="Kept page", body=f"<h1>Kept page</h1><p>{address}</p>")
        return 404, "text/plain", "not found"

    def _name(self, shelf: str) -> str:
        return f"{time.time():.6f}" if shelf == "stamped" else f"entry-{next(self.counter)}"


@contextmanager
def named_pages_apps() -> Iterator[tuple[str, NamedPages]]:
    apps = NamedPages()

    def answer(request: Request) -> tuple[int, str, str]:
        status, kind, text = apps.answer(request)
        return status, kind + "; charset=utf-8", text

    with answering(answer) as url:
        yield url, apps
