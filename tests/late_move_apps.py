"""Pages that go on to another URL after the action that set them off has settled, for the URL a test checks
before its next action and the pace of the checks after it (tests/test_late_moves.py).

``/limits/``: a table of limits ("alpha-limit", "beta-limit"), each row with its "Open menu" button (a menu
in the row: "Delete", which removes the row and says "Deleted alpha-limit"). Typing into "Search limits"
does nothing at once; ``DEBOUNCE_MS`` after the last input the page writes the search into the query
(``history.replaceState``: ``?search=alpha``) and draws the rows that match, in one go. Until then the
whole list is there: "Open menu" names one button per row, and a test that clicks it before the list is
narrowed meets two (Playwright's strict mode refuses it at once), however fast or slow the machine —
unless the click comes a whole ``DEBOUNCE_MS`` after the typing, which no test's next line does.

``/pools/alpha``: a pool's page with "Delete pool"; the click says "Deleting…" and the page goes to the
list, ``/pools/`` ("No pools left"), only ``GONE_AFTER_MS`` later (``history.pushState``), as an app that
asks for the deleted thing again and again before it gives up on it does: longer than an assertion's
5 s, however fast the machine.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import answering

DEBOUNCE_MS = 1500
GONE_AFTER_MS = 7000
POOL = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pool</title></head>
<body><main><h1>alpha</h1><button type="button">Delete pool</button><p role="status"></p></main>
<script>
document.querySelector("button").addEventListener("click", (event) => {
  event.target.disabled = true;
  document.querySelector("[role=status]").textContent = "Deleting…";
  setTimeout(() => {
    history.pushState(null, "", "/pools/");
    document.querySelector("main").innerHTML = "<h1>Pools</h1><p>No pools left</p>";
  }, GONE_AFTER_MS);
});
</script></body></html>""".replace("GONE_AFTER_MS", str(GONE_AFTER_MS))
LIMITS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Limits</title></head>
<body><main><h1>Limits</h1>
<label>Search limits <input type="search" id="search"></label>
<table><thead><tr><th>Name</th><th>Actions</th></tr></thead><tbody></tbody></table>
<p role="status"></p></main>
<script>
const names = ["alpha-limit", "beta-limit"];
const body = document.querySelector("tbody");
const draw = () => {
  const search = new URLSearchParams(location.search).get("search") || "";
  body.innerHTML = "";
  for (const name of names.filter((n) => n.includes(search))) {
    const row = body.insertRow();
    row.insertCell().textContent = name;
    const cell = row.insertCell();
    const open = document.createElement("button");
    open.type = "button";
    open.textContent = "Open menu";
    const menu = document.createElement("div");
    menu.setAttribute("role", "menu");
    menu.hidden = true;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.setAttribute("role", "menuitem");
    remove.textContent = "Delete";
    menu.append(remove);
    open.addEventListener("click", () => { menu.hidden = false; });
    remove.addEventListener("click", () => {
      names.splice(names.indexOf(name), 1);
      draw();
      document.querySelector("[role=status]").textContent = "Deleted " + name;
    });
    cell.append(open, menu);
  }
};
let pending = null;
document.querySelector("#search").addEventListener("input", (event) => {
  clearTimeout(pending);
  pending = setTimeout(() => {
    const url = new URL(location.href);
    url.searchParams.set("search", event.target.value);
    history.replaceState(null, "", url);
    draw();
  }, DEBOUNCE_MS);
});
draw();
</script></body></html>""".replace("DEBOUNCE_MS", str(DEBOUNCE_MS))


@contextmanager
def late_move_apps() -> Iterator[str]:
    """The app's base URL while it serves."""
    def answer(request) -> tuple[int, str, str]:
        if request.method == "GET" and request.path.split("?")[0] == "/limits/":
            return 200, "text/html", LIMITS
        if request.method == "GET" and request.path == "/pools/alpha":
            return 200, "text/html", POOL
        return 404, "text/plain", "not found"

    with answering(answer) as url:
        yield url
