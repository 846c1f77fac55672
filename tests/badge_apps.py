"""Small apps whose controls a name alone does not find for long, or a role does not find at all
(tests/test_badges_and_hidden_controls.py), each a class of real apps, not a copy of one:

- ``/shelves/``: a sidebar of shelf links, each an icon font's glyph, the shelf's name and a count badge
  (``<span class="badge">2</span>``: the number of books on it, a bare number, not "(2)"), drawn from
  ``GET /api/shelves``; a shelf's link opens it ("Shelf: Garden"), and "Add a book" puts one more book on
  the open shelf and draws the sidebar again. The server keeps the counts across page loads and runs, so
  every run of a flow that adds a book meets counts one higher than the run before;
- ``/wizard/``: a first-run dialog over the page (a backdrop covers "Start a print") whose only way out is
  a "Close" link marked ``aria-hidden="true"`` — drawn, visible, wired to close it by a listener on the
  document, as Bootstrap's ``data-dismiss`` is; its "Next" button holds a decorative icon marked
  ``aria-hidden`` too, which is no control of its own. Escape does nothing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import unquote

from tests.answering_server import Request, answering
from tests.generation_apps import PAGE

SHELVES = ("""<style>.glyph::before{content:"\\e001"} .badge{background:#777;color:#fff;border-radius:9px;
padding:0 6px;margin-left:4px}</style>
<nav aria-label="Shelves"><ul id="shelves"></ul></nav>
<section><p id="open">No shelf open</p><button type="button" id="add">Add a book</button></section>""",
           """const list = document.querySelector("#shelves");
let open = null;
const draw = (shelves) => {
  list.replaceChildren(...shelves.map((shelf) => {
    const link = Object.assign(document.createElement("a"), { href: "#" + shelf.name.toLowerCase() });
    const glyph = Object.assign(document.createElement("span"), { className: "glyph" });
    const badge = Object.assign(document.createElement("span"), { className: "badge",
                                                                  textContent: String(shelf.books) });
    link.append(glyph, " " + shelf.name + " ", badge);
    link.addEventListener("click", () => {
      open = shelf.name;
      document.querySelector("#open").textContent = "Shelf: " + shelf.name;
    });
    const item = document.createElement("li");
    item.append(link);
    return item;
  }));
};
const load = () => fetch("/api/shelves").then((r) => r.json()).then(draw);
document.querySelector("#add").addEventListener("click", async () => {
  if (!open) return;
  await fetch("/api/shelves/" + encodeURIComponent(open) + "/books", { method: "POST" });
  await load();
  document.querySelector("#open").textContent = "Shelf: " + open + ", a book added";
});
load();""")
WIZARD = ("""<style>.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.4)}
.modal{position:fixed;top:15%;left:20%;width:60%;background:#fff;padding:1em}
.modal-footer{border-top:1px solid #ccc;padding-top:.5em;text-align:right}</style>
<button type="button" id="start">Start a print</button><p id="said">Idle</p>
<div class="backdrop"></div>
<div class="modal" role="dialog" aria-modal="true" aria-labelledby="wizard-title">
<h3 id="wizard-title">Please set up Access Control</h3>
<p>Access control keeps strangers away from your printer.</p>
<button type="button" disabled>Next <i class="icon-arrow" aria-hidden="true" style="cursor:pointer">&rarr;</i></button>
<div class="modal-footer"><a href="#" class="btn" data-dismiss="modal" aria-hidden="true">Close</a></div>
</div>""",
          """document.addEventListener("click", (event) => {
  const dismiss = event.target.closest("[data-dismiss=modal]");
  if (!dismiss) return;
  event.preventDefault();
  document.querySelector(".modal").remove();
  document.querySelector(".backdrop").remove();
});
document.querySelector("#start").addEventListener("click", () => {
  document.querySelector("#said").textContent = "Printing";
});""")
FIRST_SHELVES = ({"name": "Garden", "books": 2}, {"name": "Kitchen", "books": 0}, {"name": "Travel", "books": 12})


class BadgeApps:
    def __init__(self) -> None:
        self.shelves = [dict(shelf) for shelf in FIRST_SHELVES]
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        pages = {"/shelves/": ("Shelves", SHELVES), "/wizard/": ("Printer", WIZARD)}
        if request.method == "GET" and request.path in pages:
            title, (html, script) = pages[request.path]
            return 200, "text/html; charset=utf-8", PAGE.format(title=title, body=html, script=script)
        if request.method == "GET" and request.path == "/api/shelves":
            with self.lock:
                return 200, "application/json", json.dumps(self.shelves)
        if request.method == "POST" and request.path.startswith("/api/shelves/"):
            name = unquote(request.path.split("/")[3])
            with self.lock:
                for shelf in self.shelves:
                    if shelf["name"] == name:
                        shelf["books"] += 1
            return 201, "application/json", "{}"
        return 404, "text/plain", "not found"


@contextmanager
def badge_apps() -> Iterator[tuple[str, BadgeApps]]:
    apps = BadgeApps()
    with answering(apps.answer) as url:
        yield url, apps
