"""A form whose related record is added in a popup window that closes itself when saved, as every admin built
on Django's does for a foreign key ("+" beside a select) and as a picker window does: the opener's "+" opens
``/add/`` with ``window.open``; its Save posts the name, and the answer is a page whose script puts the new
record into the opener's select (chosen) and closes its own window. The opener's Save then keeps the plan with
the product chosen, and the plan's page says which.

- ``/shelf/`` the opener: a plan's name, a product select (empty at first) with its "+", Save;
- ``/shelf/add/`` the popup's form; its answer's headers come at once (the click's navigation has begun, which
  is all Playwright's click waits for) and its closing script a second later: a test that goes on in the opener
  without waiting for the popup to close saves the plan without its product;
- ``/shelf/versions/`` the chosen product's versions, a second late: the server made each with the product, an id
  of its own (the plan's Version select holds the recording's id, another each run); a plan saved before they came
  has no version and is refused ("Version: This field is required.", as Django's form says);
- ``/shelf/pick/`` a picker popup whose "Use" button writes the choice into the opener and closes the window
  in its click handler, with no request at all."""

from __future__ import annotations

import html
import itertools
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

from tests.answering_server import LateBody, Request, answering

VERSIONS_LATE_S = 1.0  # the chosen product's versions: answered this long after they are asked for
CLOSING_LATE_S = 1.0   # the popup's answer: its headers at once, its closing script this long after them
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main>{body}</main></body></html>"""
PLAN_FORM = """<h1>New plan</h1>
<form method="post" action="/shelf/">
<p><label>Plan name <input name="name"></label></p>
<p><label for="product">Product</label> <select id="product" name="product"><option value="">---------</option>
{options}</select>
<a href="/shelf/add/?_popup=1" id="add-product" title="Add product"
   onclick="window.open(this.href, 'add_product', 'width=500,height=400'); return false;">+</a>
<a href="/shelf/pick/" id="pick-product" title="Pick a product"
   onclick="window.open(this.href, 'pick_product', 'width=500,height=400'); return false;">Pick</a></p>
<p><label for="version">Version</label> <select id="version" name="version"></select></p>
<p><button>Save plan</button></p>
</form>
<script>
  // the product's versions come from the server once a product is chosen, each a record with an id of its own
  document.getElementById("product").addEventListener("change", async (event) => {{
    const answer = await fetch("/shelf/versions/?product=" + encodeURIComponent(event.target.value));
    const version = document.getElementById("version");
    version.replaceChildren(...(await answer.json()).map(([pk, name]) => new Option(name, pk)));
  }});
</script>"""
ADD_FORM = """<h1>Add product</h1>
<form method="post" action="/shelf/add/?_popup=1"><label>Product name <input name="name"></label>
<button>Save product</button></form>"""
# Django's popup_response.html: the answer's script hands the new record to the opener, which closes the popup
CLOSING = """<script>
  var select = window.opener.document.getElementById("product");
  select.add(new Option({name}, "{pk}", true, true));
  select.dispatchEvent(new Event("change"));
  window.close();
</script>"""
PICKER = """<h1>Pick a product</h1>
<p><label>Product name <input id="picked"></label> <button type="button" id="use">Use it</button></p>
<script>
  document.getElementById("use").addEventListener("click", function () {
    var name = document.getElementById("picked").value;
    const select = window.opener.document.getElementById("product");
    select.add(new Option(name, "picked:" + name, true, true));
    select.dispatchEvent(new Event("change"));
    window.close();
  });
</script>"""


class RelatedPopups:
    def __init__(self) -> None:
        self.products: dict[str, str] = {}          # pk → name
        self.plans: dict[str, tuple[str, str, str]] = {}  # pk → (name, product, version)
        self.versions: dict[str, tuple[str, str]] = {}    # pk → (product, name)
        self.ids = itertools.count(1)
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        path = request.path.split("?")[0]
        form = {k: v[0] for k, v in parse_qs(request.body.decode()).items()}
        if path == "/shelf/" and request.method == "POST":
            with self.lock:
                pk = str(next(self.ids))
                self.plans[pk] = (form.get("name", ""), form.get("product", ""), form.get("version", ""))
            if self.versions.get(self.plans[pk][2], ("", ""))[0] != self.plans[pk][1]:
                body = "<h1>New plan</h1><p>Version: This field is required.</p>"
                return 200, "text/html", PAGE.format(title="New plan", body=body)
            return 303, "text/plain", f"/shelf/plan/{pk}/"
        if path == "/shelf/":
            options = "".join(f'<option value="{pk}">{html.escape(name)}</option>'
                              for pk, name in self.products.items())
            return 200, "text/html", PAGE.format(title="New plan", body=PLAN_FORM.format(options=options))
        if path == "/shelf/add/" and request.method == "POST":
            with self.lock:
                pk = str(next(self.ids))
                self.products[pk] = form.get("name", "")
                self.versions[str(next(self.ids))] = (pk, "unspecified")
            name = json.dumps(self.products[pk]).replace("<", "\\u003c")     # a string of the script
            return 200, "text/html", LateBody(PAGE.format(title="Saved", body=CLOSING.format(name=name, pk=pk)),
                                              after_s=CLOSING_LATE_S)
        if path == "/shelf/add/":
            return 200, "text/html", PAGE.format(title="Add product", body=ADD_FORM)
        if path == "/shelf/versions/":
            time.sleep(VERSIONS_LATE_S)
            product = parse_qs(request.path.partition("?")[2]).get("product", [""])[0]
            if product.startswith("picked:"):
                with self.lock:
                    self.versions.setdefault(f"v-{product}", (product, "unspecified"))
            return 200, "application/json", json.dumps([[pk, name] for pk, (of, name) in self.versions.items()
                                                        if of == product])
        if path == "/shelf/pick/":
            return 200, "text/html", PAGE.format(title="Pick a product", body=PICKER)
        if path.startswith("/shelf/plan/"):
            name, product, _version = self.plans.get(path.split("/")[3], ("", "", ""))
            shown = self.products.get(product, product.removeprefix("picked:"))
            body = f"<h1>Plan: {html.escape(name)}</h1><p>Product: {html.escape(shown)}</p>"
            return 200, "text/html", PAGE.format(title="Plan", body=body)
        return 404, "text/plain", "not found"


@contextmanager
def related_popup_apps() -> Iterator[tuple[str, RelatedPopups]]:
    apps = RelatedPopups()

    def answer(request: Request) -> tuple[int, str, str | LateBody]:
        status, kind, text = apps.answer(request)
        return status, kind + "; charset=utf-8", text

    with answering(answer) as url:
        yield url, apps
