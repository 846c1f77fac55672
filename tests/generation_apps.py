"""Small apps for what the generator must tell apart at generation time, each a class of real apps, not
a copy of one:

- ``/folders/``: "New folder" asks the server for a folder, which the server names with a counter
  ("Untitled Folder", then "Untitled Folder 1", …), and opens ``/folders/open/<name>``; there "List
  files" asks ``GET /api/folders/<name>/files`` — a URL and a response holding a name the server made;
- ``/notes/``: the same as a single-page app: "New note" asks ``POST /api/notes``, whose JSON answer
  (200, not 201) names the note, and the page stays, showing ``/notes/open/<name>`` (``pushState``);
- ``/views/``: "Open project" asks the server for a new view of project 1 (``POST /api/projects/1/views``, sent
  with the view's settings: ``"target": "rows"``, ``"conjunction": "and"``), which answers ``201 Created`` with
  the view's number (a counter: 1, then 2, …) and the settings it was sent, and the page shows it at
  ``/views/1/data?view=<number>`` (``pushState``), as a data manager opens the view it made — the number is
  the server's, the same as an id the flow saw before, and ``data`` a word of the route; "Annotate" then saves
  an annotation of row 7 (``POST /api/rows/7/annotations?project=1``): ``rows`` is the app's word, echoed;
- ``/imports/``: "Upload file" opens a file chooser (a hidden file input the button clicks, as an import
  dialog's is); the chosen file is sent at once (``POST /api/imports``, ``201 Created`` with its size), and the
  page says "Imported <size> bytes" — a request the files send, not the click;
- ``/keyed-notes/``: the same, asked by Enter in a "Title" field rather than by a button (an inline name
  that saves what it names when the key is pressed, as a workflow editor's title does);
- ``/drafts/``: "New draft" asks ``POST /api/drafts``, whose answer names the draft, shows its editor at
  once and then loads the draft (``GET /api/drafts/<name>``, answered ``DRAFT_LOAD_S`` later), whose
  answer sets the editor's text — emptying what was typed before it came, as JupyterLab's new notebook
  does; "Save", enabled once the draft has loaded, sends the text (``POST /api/drafts/<name>/body``) and says what was saved;
- ``/usage/``: the page pings ``POST /api/usage`` on a timer, as analytics and autosaves do, and "Run
  report" asks ``GET /api/report``; the server answers the report only after two more pings came, so
  the timer's requests are among the action's, answered right before the page changes;
- ``/operations/``: the same as ``/usage/`` through one endpoint for every operation, told apart by the
  query (``POST /api/rpc?op=Ping`` on the timer, ``POST /api/rpc?op=Report`` for "Run report"), as RPC
  and GraphQL apps send theirs;
- ``/graph-operations/``: the same through one GraphQL endpoint, told apart only by the operation's name
  in the body (``POST /api/gql`` with ``"operationName": "Ping"`` on the timer, ``"Report"`` for "Run
  report"), as Apollo's clients send every query and mutation;
- ``/rpc-operations/``: the same through one JSON-RPC endpoint, told apart only by the method its body
  names (``POST /api/json`` with ``{"method": "system.ping", "params": [], "id": 1}`` on the timer,
  ``"report.run"`` for "Run report"), as a web UI over a JSON-RPC daemon sends every call;
- ``/catalog/``: "Search" asks a GraphQL query with POST (``{"query": "query Assets …"}``), whose answer
  names the assets there are, and draws a link to each (``/catalog/order_summary``) — a POST that reads:
  its names are not the server's new ones;
- ``/welcome/``: the app puts up a panel over itself as it opens ("Join the community", with "Skip"),
  until "Skip" tells the server (``POST /api/welcome``), which remembers it for good — an onboarding or
  news panel a user dismisses once (``seen_welcome``, which a test resets);
- ``/editor-welcome/``: the same panel ("Welcome to the editor", with "Start editing") before an editor that
  then shows its notices ("1 notice", with "Close"), which take the focus only as the panel closes; when
  the server remembers the panel closed, the notices come at once, unfocused (VisualEditor's welcome);
  ``/editor-link/`` opens the same editor only from its "Edit" link, in the page (``pushState`` to
  ``?veaction=edit``), as a wiki's section "edit" link does;
- ``/link-tips/``: a "Link" whose first click shows tips ("Links", with "Okay, got it") in front of the link
  dialog, until "Okay, got it" tells the server (``POST /api/tips``), which remembers it (``seen_tips``);
  then the dialog comes ("Add a link": "Search pages", "Insert"), at once on a later click (VisualEditor's);
- ``/language/``: the page greets in the browser's language (``navigator.language``) and names its time
  zone, and the server answers its ``GET /api/greeting`` by ``Accept-Language``;
- ``/synced/``: notes the server keeps ("Groceries", "Errands"), each with "Delete", which asks
  ``confirm()`` first; once confirmed, the note leaves the page at once ("Deleted Groceries") and the
  page's sync queue tells the server a moment later (``SYNC_DELAY_MS`` after the change, as a wiki's or an
  editor's syncer gathers the changes of a moment), one change after another: the page's story first
  (``PUT /api/synced/story``, then "Story saved"), then the note (``DELETE /api/synced/<name>``), of
  which the page says nothing; with ``?locked``, it asks for the server's lock between the two
  (``GET /api/synced/lock``, answered ``LOCK_S`` later), as a syncer that checks a revision does;
- ``/queue/``: a hash-routed page: "Queue job" asks ``POST /api/jobs``, whose answer numbers the job (a
  counter), and goes to ``#/jobs/<number>?follow=true`` (a route with a query of its own, as a build
  server's request page is); "Open lane" asks ``POST /api/lanes`` (204), then ``GET /api/lanes/current``,
  whose answer names the lane the server moved to (a word, one more each time), and goes to
  ``#/lanes/<word>`` — a name no answer to the change gave; "Run job" queues one as "Queue job" does and,
  ``RUN_STARTS_MS`` later, goes on to ``#/runs/<number>`` (the page a build server moves to once the build
  starts), past the click's watch however busy the machine; "Show help", a link to ``#`` whose script shows
  the help, leaves the URL with a ``#`` and nothing after it (from a route: the page's first route, ``#``);
- ``/console/``: "Sign in" submits a form with no named field by GET, so the page it loads is
  ``/console/?``, a query that is there and empty, as a script-driven login form sends; its tabs are links
  to fragments (``#terminal``), so a tab's URL is ``/console/?#terminal``;
- ``/sidebar/``: a sidebar of collapsible sections, each opened and closed by its heading (a link-less
  ``<a role="heading">`` with ``data-toggle="collapse"``, handled by one listener on the document, as
  Bootstrap's collapse is); the "Connection" section is closed, its body 0 px high with its overflow
  hidden, over its "Disconnect" button;
- ``/windows/``: two windows a widget toolkit draws without roles and hides by visibility and offsets
  (ExtJS's hideMode "offsets"), each with a title bar a user drags (``cursor: move``) and its title in a span,
  and a field named by a span beside it (``aria-labelledby``): "Add" and "Preferences" open them, each
  window's own button closes it.
- ``/dag-search/``: Airflow 3's DAG list in small: the list asked with its own words (``limit=50&
  tags_match_mode=any&exclude_stale=true&order_by=dag_display_name``), and again with the typed search
  beside them (``&dag_display_name_prefix_pattern=…``), its count ("1 Dag") above it;
- ``/tasks/``: a table of tasks, each row opened by a click, and a filter box over it that redraws the
  table with the rows that hold what is typed (the others are taken off the page, as a data grid's filter
  does);
- ``/basket/``: a panel with a test id (``data-testid="basket"``) whose heading counts what the server
  keeps in it ("Basket (1)", drawn from ``GET /api/basket``), over a note field with no name; "Add item"
  adds one (``POST /api/basket``) and draws the count again — as Verdaccio's versions panel ("Current Tags
  (1)") holds its unnamed version filter: each run adds an item, so the next counts one more;
- ``/request-log/``: a log of requests an app has seen (a proxy's, a job runner's, a network panel), drawn
  from ``GET /api/request-log`` as a table whose rows open when clicked: each row its URL (an address with
  its port: ``http://10.0.0.7:8080/beta.json``), method, status, size and duration; the server measures
  the sizes and durations anew on every load (``30b`` then ``33b``, ``22ms`` then ``33ms``).
- ``/live-stats/``: a load tester's statistics, drawn from ``GET /api/live-stats`` as a table whose rows
  are an endpoint's figures: its failures counted first, then its method, its name (``/beta``), its requests
  and its median time in plain numbers (``4``, ``17.5``: no unit, fewer than three digits); the server counts
  them anew on every load, so each run reads other numbers in every row but the endpoint's name;
- ``/load-summary/``: a load test's header of figures beside their labels (Status ``running``, Users ``6``)
  over a table of figures drawn from ``GET /api/load-summary``, which the server counts anew on every load:
  the first load's cells show no ``6``, every later one's median is ``6`` too, as a live dashboard's
  numbers meet its header's;
- ``/field-types/``: a drawer that creates a field, flat: two groups of field types (a heading, then twelve
  buttons), then the field's "Key" and "Save", as a CMS's data model editor lays them out; "Save" says
  which field it saved;
- ``/field-list/``: a collection's fields, each a clickable row whose tooltip directive keys it by an id it
  generates on every render (``data-tooltip="oIatrdOqWru0z3ukxFVbo"``), as Vue's tooltip directives do;
  "Add field" adds a row for the key typed;
- ``/desk/``: "Sign in" asks the server where to go (``POST /api/desk/login``), and the server answers with the
  last page the user saw (every desk page tells it, ``POST /api/desk/track``), ``/desk/inbox`` the first
  time: a login that returns a user where they left off, as admin apps do;
- ``/checkout/``: "Place order" sends the order (``POST /api/checkout``); the server makes it a code and a secret
  (five capitals, sixteen lower-case letters and digits: ``LEFTS``, ``sqg63vuxrd3irjsx``) and answers where its
  page is (``{"redirect": "/checkout/order/<code>/<secret>/pay/1/complete"}``), where the page goes at once (a
  ticket shop's task that answers with a URL to go to); that URL sends the browser on (302) to
  ``/checkout/order/<code>/<secret>/?thanks=yes``, which says "Thank you! Your order <code> has been placed.";
- ``/placed/``: "Place order" says, in one paragraph, "Your order has been placed successfully. See below for
  details." and, in bold, "Please note that we still await your payment to complete the process." (a shop's
  order page: a notice longer than a line of a test), then, in a paragraph of its own, "A confirmation email has
  been sent - your order number is 100017. Please make a note of this reference and quote it in any
  communication with us regarding your order." (a long notice with a number in it, checked as a pattern);
- ``/titled/``: "Create" shows the name typed as a title, each word's first character capitalised
  (``notes_3b0f4a1e`` as "Notes 3b0f4a1e", ``notes_eb0f4a1e`` as "Notes Eb0f4a1e"), as a CMS titles a
  collection's name.
- ``/codes/``: "Save" keeps the code typed in capitals, as shops keep voucher and coupon codes (``bird3b0f4a1e``
  as "BIRD3B0F4A1E"): it says "The new voucher has been created:" with a link to the code, and lists the code
  in a table, its link in a cell beside its uses ("0 / 1").
  the sizes and durations anew on every load (``30b`` then ``33b``, ``22ms`` then ``33ms``);
- ``/styled/``: "Sign in" posts a form, whose answer is the library page: a file input in its navigation
  ("Choose File", which says what was chosen) and a second one in a form for another use, hidden by the
  page's external stylesheet alone (``class="hide"``, ``.hide {display: none !important}``, as Bootstrap's).
  The server holds that stylesheet ``stylesheet_hold_s`` seconds (the test sets it: none while recording,
  ``STYLESHEET_HOLD_S`` when the test it wrote runs), so the page commits, unstyled, with both inputs shown.
- ``/gateway/``: a basket whose "Checkout now" link opens a checkout's "Who are you?" form (email, "Checkout as a guest" checked or "I have an account" with
  a password; "Continue" posts it and the answer is the shipping address page): the HTML sends the password
  ``required`` and enabled, and the page's script (``/gateway/gateway.js``, at the end of the body) disables it
  while the guest choice is checked, so the browser's own validation lets the form be sent only once the script
  has run, as a shop's checkout gateway does. The server holds that script ``page_script_hold_s`` seconds
  (the test sets it: none while recording, longer when the test it wrote runs).
- ``/menu/``: a link "Dashboard" opens a server-rendered dashboard whose menu toggle "Catalogue" (a link to ``#``
  with ``role="button"``) gets its handler from the script at the end of the body (``/menu/menu.js``, as
  Bootstrap's dropdowns do): its click shows the menu's "Products" link, which opens the product list. The server
  holds that script ``page_script_hold_s`` seconds (the test sets it: none while recording, longer when the test
  it wrote runs), so the dashboard commits before its menu has a handler.
- ``/saved-note/``: an editor of one note the server keeps: the page draws it once ``GET /api/saved-note``
  has answered, and "Save" sends what was typed (``PUT``); a reload draws the saved note again, as an
  editor app restores its open file. The server holds that ``GET`` ``saved_note_hold_s`` seconds (the
  test sets it: none while recording, ``SAVED_NOTE_HOLD_S`` when the test it wrote runs): the page's
  first render after the load event, later than an assertion's 5 s.
- ``/new-row/``: "Add Row" opens a form whose two parts each ask for the row's defaults as they mount, so
  the click sends ``GET /api/rows/new/`` twice, and each answer draws the form's fields anew with the
  defaults (an empty Name), as an admin's add-row form does. The second answer comes ``NEW_ROW_LATER_S``
  later; with ``new_row_held`` (the test sets it while the test it wrote runs) it is held until the page
  asks ``GET /api/rows/check`` (or ``NEW_ROW_HOLD_S``): "Save" checks the name with the server, then
  sends the form as it is then (``POST /api/rows``), which the server refuses without a name ("The
  form has errors"), else "Saved <name>".
- ``/autosaved/``: the same as ``/usage/`` with a slower timer, as an editor's autosave is: ``POST /api/autosave``
  every ``AUTOSAVE_MS`` from the page's load, so that its first tick may fall inside the first action ("Run
  report", whose answer the server holds until two more ticks came; ``report_asked`` says it is held);
- ``/taxonomy/``: a link "Categories" opens a server-rendered page whose form "Add New Category" the script at the
  end of the body (``/taxonomy/tags.js``, held as ``/menu/``'s is) posts itself (``POST /taxonomy/api/add``) and
  lists the new category, as WordPress's taxonomy pages do; the browser's own post of the form answers a page
  without the list.
- ``/status-menu/``: a status poll, ``GET /api/status`` every ``STATUS_POLL_MS`` from the page's load (longer than a
  response wait waits, as Syncthing's ten-second refresh is under a slowed clock), and an "Actions" menu that asks
  nothing: its toggle opens the menu a moment later (``data-menu`` says "opening" at once), and its "Settings"
  shows a panel headed "Settings";
- ``/account/``: a header that says who is signed in, read from ``GET /api/me`` as the page loads; the app keeps
  that copy ``ACCOUNT_FRESH_MS`` on the page's clock and reads it again on an action only once it is older (as a
  query cache's stale time does); "Delete account" only opens a dialog (and re-reads the user when the copy is
  old), whose "Delete", once "delete" is typed, closes the account (``POST /api/account/close``) and says
  "Account closed";
- ``/settings/``: a form whose "Save Changes" submits it, and the page's own submit listener prevents the
  browser's submission and saves by ``fetch`` (``POST /api/settings``), as a single-page app's forms do; once
  saved, a toast of two boxes says so, its title "Settings saved" over its text "Display name is now <name>"
  (a component library's toast: a title and a description, no space between them in the DOM, and its "Close"
  button), and the page
  moves to the saved settings' own route (``/settings/saved``, by ``pushState``: no document is loaded).
  ``/settings/?announced`` also says it to screen readers, as a toast library announces its toasts: a copy
  of the toast's text after its label ("Notification Settings saved…Close") in a live region of its own
  (``role="status"``), visually hidden (1×1, clipped to nothing).
"""

from __future__ import annotations

import json
import re
import secrets
import string
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs, unquote, urlsplit

from tests.answering_server import LateBody, Request, answering

PINGS_BEFORE_REPORT = 2
AUTOSAVE_MS = 1000           # /autosaved/'s timer
STATUS_POLL_MS = 40_000      # /status-menu/'s timer: past the 30 s a response wait waits
DRAFT_LOAD_S = 1.0           # the draft's content comes this long after its editor is shown
DRAFT_BODY_S = 0.1           # and its body this long after its headers (less than the 0.3 s verdex waits for one)
REPORT_BOUND_S = 10.0        # a bound for a page whose timer stopped, not a timing
SYNC_DELAY_MS = 50           # the sync queue tells the server of a change this long after it
# "Run job" moves on to its run this long after the job was queued: past the 1.5 s a click's effects are
# watched at most (verdex/effects.py SETTLE_DOM_S), so the move is never the click's (at 300 ms a CI machine
# at load 15 saw it inside the click's effects, and the run's number became one the test waits for anew)
RUN_STARTS_MS = 2000
LOCK_S = 1.0                 # the server's answer to a syncer's lock: its DELETE goes out after it
SYNCED_NOTES = ("Groceries", "Errands")
STYLESHEET_HOLD_S = 1.0      # how long /styled/'s stylesheet is held while a generated test runs
SAVED_NOTE_HOLD_S = 6.0      # how long /saved-note/'s note is held while a generated test runs: more than 5 s
SAVED_NOTE = ("<label>Note <input id='note'></label> <button type='button'>Save</button><p id='shown'></p>",
              """fetch("/api/saved-note").then((r) => r.text()).then((text) => {
  document.querySelector("#shown").textContent = text ? "Saved: " + text : "Nothing saved";
});
document.querySelector("button").addEventListener("click", async () => {
  await fetch("/api/saved-note", { method: "PUT", body: document.querySelector("#note").value });
  document.querySelector("#shown").textContent = "Saving done";
});""")
BASKET = ("<button type='button'>Add item</button><section data-testid='basket'><h2></h2><input></section>",
          """const counted = (items) => { document.querySelector("h2").textContent = `Basket (${items.length})`; };
fetch("/api/basket").then((r) => r.json()).then(counted);
document.querySelector("button").addEventListener("click", async () => {
  counted(await fetch("/api/basket", { method: "POST", body: "{}" }).then((r) => r.json()));
});""")
ACCOUNT_FRESH_MS = 60_000     # /account/ reads who is signed in again only once its copy is older than this
ACCOUNT = ("""<header><p id="who"></p></header><button type="button" id="delete">Delete account</button>
<div role="dialog" aria-label="Delete account" hidden><label>Type delete to confirm <input></label>
<button type="button" id="confirm">Delete</button></div><p role="status"></p>""",
           f"""let readAt = 0;
const readMe = () => fetch("/api/me").then((r) => r.json()).then((me) => {{
  readAt = Date.now();
  document.querySelector("#who").textContent = "Signed in as " + me.name;
}});
readMe();
document.querySelector("#delete").addEventListener("click", () => {{
  if (Date.now() - readAt > {ACCOUNT_FRESH_MS}) readMe();      // its copy is old: read it again
  document.querySelector("[role=dialog]").hidden = false;
}});
document.querySelector("#confirm").addEventListener("click", async () => {{
  const closed = await fetch("/api/account/close", {{ method: "POST", body: "{{}}" }});
  document.querySelector("[role=dialog]").hidden = true;
  document.querySelector("[role=status]").textContent = closed.ok ? "Account closed" : "Not closed";
}});""")
NEW_ROW_LATER_S = 0.2         # /new-row/'s second answer with the defaults comes this long after the first
NEW_ROW_HOLD_S = 3.0          # or, held while a generated test runs, at most this long (until the check)
NEW_ROW_CHECK_AFTER_S = 0.3   # the check is answered this long after the second answer was sent
NEW_ROW = ("<button type='button'>Add Row</button><form hidden></form><p role='status'></p>",
           """const form = document.querySelector("form");
const draw = (row) => {
  form.innerHTML = `<label>Name <input name="name" value="${row.name}"></label>
<label>Rating <input name="rating" value="${row.rating}"></label><button>Save</button>`;
  form.hidden = false;
};
const defaults = () => fetch("/api/rows/new/").then((r) => r.json()).then(draw);
document.querySelector("button").addEventListener("click", () => {
  defaults();          // the form
  defaults();          // and its preview, each mounted with the row
});
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  await fetch("/api/rows/check?name=" + encodeURIComponent(form.elements.name.value));
  const row = Object.fromEntries(new FormData(form));
  const saved = await fetch("/api/rows", { method: "POST", body: JSON.stringify(row) });
  document.querySelector("[role=status]").textContent = saved.ok ? "Saved " + row.name : "The form has errors";
});""")
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main><h1>{title}</h1>{body}</main><script>{script}</script></body></html>"""
STYLED_SIGN_IN = ("<form method='post' action='/styled/library'><button>Sign in</button></form>", "")
STYLED_LIBRARY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Library</title>
<script>document.addEventListener("change", (event) => {
  document.querySelector("[role=status]").textContent = "Chosen: " + event.target.files[0].name;
});</script>
<link rel="stylesheet" href="/styled/site.css"></head>
<body><nav><h1>Library</h1><input type="file" id="upload"></nav>
<form class="hide" method="post" action="/styled/format"><input type="file" id="format"></form>
<p role="status"></p></body></html>"""
STYLED_CSS = ".hide { display: none !important; }"
MENU_DASHBOARD = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dashboard</title></head>
<body><nav><a href="#" role="button" id="toggle" aria-expanded="false">Catalogue</a>
<ul id="menu" hidden><li><a href="/menu/products">Products</a></li></ul></nav><main><h1>Dashboard</h1></main>
<script src="/menu/menu.js"></script></body></html>"""
MENU_SCRIPT = """document.querySelector("#toggle").addEventListener("click", (event) => {
  event.preventDefault();
  const menu = document.querySelector("#menu");
  menu.hidden = !menu.hidden;
  event.currentTarget.setAttribute("aria-expanded", String(!menu.hidden));
});"""
GATEWAY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Who are you?</title></head>
<body><main><h1>Who are you?</h1><form method="post" action="/gateway/address">
<label>Email <input type="email" name="email" required></label>
<label><input type="radio" name="options" value="guest" required checked> Checkout as a guest</label>
<label><input type="radio" name="options" value="account" required> I have an account, my password is</label>
<input type="password" name="password" aria-label="Password" required>
<button>Continue</button></form></main><script src="/gateway/gateway.js"></script></body></html>"""
GATEWAY_SCRIPT = """const password = document.querySelector("[name=password]");
const choose = () => { password.disabled = document.querySelector("[name=options]:checked").value === "guest"; };
document.querySelectorAll("[name=options]").forEach((radio) => radio.addEventListener("change", choose));
choose();"""
TAXONOMY = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Categories</title></head>
<body><main><h1>Categories</h1><form method="post" action="/taxonomy/categories">
<label>Name <input name="name"></label><button>Add New Category</button></form>
<ul id="categories"></ul><p role="status"></p></main><script src="/taxonomy/tags.js"></script></body></html>"""
TAXONOMY_SCRIPT = """document.querySelector("form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const field = event.target.elements.name;
  const answer = await fetch("/taxonomy/api/add", { method: "POST", body: field.value });
  const item = document.createElement("li");
  item.textContent = (await answer.json()).name;
  document.querySelector("#categories").append(item);
  document.querySelector("[role=status]").textContent = "Category added.";
  field.value = "";
});"""
SCRIPTED_PAGES = {"/menu/dashboard": MENU_DASHBOARD, "/gateway/who": GATEWAY, "/taxonomy/categories": TAXONOMY}
PAGE_SCRIPTS = {"/menu/menu.js": MENU_SCRIPT, "/gateway/gateway.js": GATEWAY_SCRIPT,
                "/taxonomy/tags.js": TAXONOMY_SCRIPT}
SETTINGS = ("""<form action="/settings/save" method="post"><label>Display name <input name="display_name"></label>
<button>Save Changes</button></form><div id="toaster" aria-live="polite"></div>""",
            """document.querySelector("form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = new FormData(event.target).get("display_name");
  await fetch("/api/settings", { method: "POST", body: JSON.stringify({ display_name: name }) });
  const toast = document.createElement("div");
  toast.setAttribute("role", "status");
  toast.innerHTML = '<div class="toast-title"></div><div class="toast-description"></div>'
    + '<button type="button" class="toast-close">Close</button>';
  toast.querySelector(".toast-title").textContent = "Settings saved";
  toast.querySelector(".toast-description").textContent = "Display name is now " + name;
  document.querySelector("#toaster").append(toast);
  if (new URLSearchParams(location.search).has("announced")) {     // a copy for screen readers, visually hidden
    const said = Object.assign(document.createElement("span"), { textContent: "Notification " + toast.textContent });
    said.setAttribute("role", "status");
    said.setAttribute("aria-live", "assertive");
    said.style.cssText = "position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0; "
      + "overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap";
    document.body.append(said);
  }
  history.pushState(null, "", "/settings/saved");
});""")
FOLDERS = ("<button type='button'>New folder</button>",
           """document.querySelector("button").addEventListener("click", async () => {
  const answer = await fetch("/api/folders", { method: "POST" }).then((r) => r.json());
  location.assign("/folders/open/" + encodeURIComponent(answer.name));
});""")
NOTES = ("<button type='button'>New note</button><p role='status'></p>",
         """document.querySelector("button").addEventListener("click", async () => {
  const { note } = await fetch("/api/notes", { method: "POST" }).then((r) => r.json());
  history.pushState(null, "", "/notes/open/" + encodeURIComponent(note.name));
  const button = Object.assign(document.createElement("button"), { type: "button", textContent: "List files" });
  button.addEventListener("click", async () => {
    const files = await fetch("/api/notes/" + encodeURIComponent(note.name) + "/files").then((r) => r.json());
    document.querySelector("[role=status]").textContent = files.length ? files.join(", ") : "No files yet";
  });
  document.querySelector("main").append(button);
});""")
VIEWS = ("<button type='button'>Open project</button> <button type='button'>Annotate</button><p role='status'></p>",
         """const [open, annotate] = document.querySelectorAll("button");
const said = (text) => { document.querySelector("[role=status]").textContent = text; };
open.addEventListener("click", async () => {
  const sent = { type: "list", target: "rows", filters: { conjunction: "and" } };
  const view = await fetch("/api/projects/1/views", { method: "POST", body: JSON.stringify(sent) })
    .then((r) => r.json());
  history.pushState(null, "", "/views/1/data?view=" + view.id);
  said("Showing the " + view.type + " view");
});
annotate.addEventListener("click", async () => {
  const made = await fetch("/api/rows/7/annotations?project=1", { method: "POST", body: "{}" });
  said(made.ok ? "Annotation saved" : "Not saved");
});""")
IMPORTS = ("<button type='button'>Upload file</button><input type='file' hidden><p role='status'></p>",
           """const input = document.querySelector("input");
document.querySelector("button").addEventListener("click", () => input.click());
input.addEventListener("change", async () => {
  const answer = await fetch("/api/imports", { method: "POST", body: input.files[0] }).then((r) => r.json());
  document.querySelector("[role=status]").textContent = "Imported " + answer.size + " bytes";
});""")
KEYED_NOTES = ("<label>Title <input></label><p role='status'></p>",
               NOTES[1].replace('document.querySelector("button").addEventListener("click", async () => {',
                                """document.querySelector("input").addEventListener("keydown", async (event) => {
  if (event.key !== "Enter") return;"""))
FOLDER = ("<button type='button'>List files</button><p role='status'></p>",
          """document.querySelector("button").addEventListener("click", async () => {
  const name = location.pathname.split("/").pop();
  const files = await fetch("/api/folders/" + name + "/files").then((r) => r.json());
  document.querySelector("[role=status]").textContent = files.length ? files.join(", ") : "No files yet";
});""")
DRAFTS = ("<button type='button'>New draft</button><p role='status'></p>",
          """document.querySelector("button").addEventListener("click", async () => {
  const { name } = await fetch("/api/drafts", { method: "POST" }).then((r) => r.json());
  const editor = Object.assign(document.createElement("textarea"), { ariaLabel: "Body" });
  const save = Object.assign(document.createElement("button"), { type: "button", textContent: "Save", disabled: true });
  const loaded = document.createElement("p");
  save.addEventListener("click", async () => {
    await fetch("/api/drafts/" + encodeURIComponent(name) + "/body", { method: "POST", body: editor.value });
    document.querySelector("[role=status]").textContent = "Saved: " + editor.value;
  });
  document.querySelector("main").append(editor, save, loaded);
  const draft = await fetch("/api/drafts/" + encodeURIComponent(name)).then((r) => r.json());
  editor.value = draft.body;
  save.disabled = false;
  loaded.textContent = draft.name + " loaded";
});""")
USAGE = ("<button type='button'>Run report</button><p role='status'></p>",
         """setInterval(() => fetch("/api/usage", { method: "POST", body: "{}" }), 100);
document.querySelector("button").addEventListener("click", async () => {
  const report = await fetch("/api/report").then((r) => r.json());
  document.querySelector("[role=status]").textContent = "Report ready: " + report.title;
});""")
AUTOSAVED = ("<button type='button'>Run report</button><p role='status'></p>",
             """setInterval(() => fetch("/api/autosave", { method: "POST", body: "{}" }), AUTOSAVE_MS);
document.querySelector("button").addEventListener("click", async () => {
  const report = await fetch("/api/report").then((r) => r.json());
  document.querySelector("[role=status]").textContent = "Report ready: " + report.title;
});""".replace("AUTOSAVE_MS", str(AUTOSAVE_MS)))
STATUS_MENU = ("""<button type='button' id='actions' aria-expanded='false'>Actions</button>
<div id='menu' hidden><button type='button' id='settings'>Settings</button></div>
<section id='panel' hidden><h2>Settings</h2><label>Device name <input value='laptop'></label></section>""",
               """setInterval(() => fetch("/api/status"), STATUS_POLL_MS);
document.getElementById("actions").addEventListener("click", (event) => {
  document.body.dataset.menu = "opening";
  setTimeout(() => {
    document.getElementById("menu").hidden = false;
    event.target.setAttribute("aria-expanded", "true");
  }, 50);
});
document.getElementById("settings").addEventListener("click", () => {
  document.getElementById("panel").hidden = false;
});""".replace("STATUS_POLL_MS", str(STATUS_POLL_MS)))
OPERATIONS = ("<button type='button'>Run report</button><p role='status'></p>",
              """setInterval(() => fetch("/api/rpc?op=Ping", { method: "POST", body: "{}" }), 100);
document.querySelector("button").addEventListener("click", async () => {
  const report = await fetch("/api/rpc?op=Report", { method: "POST", body: "{}" }).then((r) => r.json());
  document.querySelector("[role=status]").textContent = "Report ready: " + report.title;
});""")
GRAPH_OPERATIONS = ("<button type='button'>Run report</button><p role='status'></p>",
                    """const ask = (operationName) => fetch("/api/gql", { method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ operationName, query: "query " + operationName + " { " + operationName.toLowerCase() + " }" }) });
setInterval(() => ask("Ping"), 100);
document.querySelector("button").addEventListener("click", async () => {
  const report = await ask("Report").then((r) => r.json());
  document.querySelector("[role=status]").textContent = "Report ready: " + report.data.title;
});""")
RPC_OPERATIONS = ("<button type='button'>Run report</button><p role='status'></p>",
                  """let calls = 0;
const call = (method) => fetch("/api/json", { method: "POST", headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ method, params: [], id: ++calls }) });
setInterval(() => call("system.ping"), 100);
document.querySelector("button").addEventListener("click", async () => {
  const report = await call("report.run").then((r) => r.json());
  document.querySelector("[role=status]").textContent = "Report ready: " + report.result.title;
});""")
CATALOG = ("<button type='button'>Search</button><ul></ul>",
           """document.querySelector("button").addEventListener("click", async () => {
  const query = "query Assets { assets { name } }";
  const answer = await fetch("/api/graphql", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ query, operationName: "Assets" }) }).then((r) => r.json());
  for (const asset of answer.data.assets) {
    const item = document.createElement("li");
    item.append(Object.assign(document.createElement("a"), { href: "/catalog/" + asset.name, textContent: asset.name }));
    document.querySelector("ul").append(item);
  }
});""")
WELCOME = ("<button type='button'>Refresh</button><p role='status'></p>",
           """fetch("/api/welcome").then((r) => r.json()).then((welcome) => {
  if (welcome.seen) return;
  const panel = Object.assign(document.createElement("div"), { className: "welcome-overlay" });
  panel.style.cssText = "position: fixed; inset: 0; background: white; padding: 3em";
  panel.innerHTML = "<p>Join the community: news and tips, once a month.</p><button type='button'>Skip</button>";
  panel.querySelector("button").addEventListener("click", async () => {
    await fetch("/api/welcome", { method: "POST", body: "{}" });
    panel.remove();
  });
  document.body.append(panel);
});
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Refreshed";
});""")
# the same panel, as an editor's welcome: once it is closed (or at once, when the server remembers it closed)
# the editor goes on to its notices, a panel of their own that takes the focus only from the welcome closing
EDITOR_WELCOME = ("<a href='?veaction=edit' id='edit'>Edit</a> <button type='button'>Refresh</button>"
                  "<p role='status'></p>",
                  """const notices = (focused) => {
  const box = document.createElement("div");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "1 notice");
  box.innerHTML = "<p>This page does not exist yet: start typing.</p><button type='button'>Close</button>";
  box.querySelector("button").addEventListener("click", () => box.remove());
  document.body.append(box);
  if (focused) box.querySelector("button").focus();
};
const openEditor = () => fetch("/api/welcome").then((r) => r.json()).then((welcome) => {
  if (welcome.seen) return notices(false);
  const panel = Object.assign(document.createElement("div"), { className: "welcome-overlay" });
  panel.style.cssText = "position: fixed; inset: 0; background: white; padding: 3em";
  panel.innerHTML = "<p>Welcome to the editor: anyone can edit.</p><button type='button'>Start editing</button>";
  panel.querySelector("button").addEventListener("click", async () => {
    await fetch("/api/welcome", { method: "POST", body: "{}" });
    panel.remove();
    notices(true);
  });
  document.body.append(panel);
});
if (location.pathname === "/editor-welcome/") openEditor();       // /editor-link/ opens it from its Edit link
document.querySelector("#edit").addEventListener("click", (event) => {
  event.preventDefault();
  history.pushState(null, "", "?veaction=edit");
  openEditor();
});
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Refreshed";
});""")
# a toolbar's "Link" whose first click shows tips in front of the link dialog, until "Okay, got it" tells the
# server (POST /api/tips), which remembers them seen; then the dialog it asked for comes
LINK_TIPS = ("<button type='button' id='link'>Link</button><p role='status'></p>",
             """const dialog = () => {
  const box = document.createElement("div");
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "Add a link");
  box.innerHTML = "<label>Search pages <input></label> <button type='button'>Insert</button>";
  box.querySelector("button").addEventListener("click", () => {
    document.querySelector("[role=status]").textContent = "Linked " + box.querySelector("input").value;
    box.remove();
  });
  document.body.append(box);
  box.querySelector("input").focus();
};
document.querySelector("#link").addEventListener("click", async () => {
  const tips = await fetch("/api/tips").then((r) => r.json());
  if (tips.seen) return dialog();
  const popup = document.createElement("div");
  popup.setAttribute("role", "dialog");
  popup.setAttribute("aria-label", "Links");
  popup.innerHTML = "<p>Link important words to other pages.</p><button type='button'>Okay, got it</button>";
  popup.querySelector("button").addEventListener("click", async () => {
    await fetch("/api/tips", { method: "POST", body: "{}" });
    popup.remove();
    dialog();
  });
  document.body.append(popup);
  popup.querySelector("button").focus();
});""")
SYNCED = ("<ul id='notes'></ul><p role='status'></p><p id='story'></p>",
          """const queue = [];
const flush = async () => {
  await fetch("/api/synced/story", { method: "PUT", body: "{}" });
  document.querySelector("#story").textContent = "Story saved";
  if (new URLSearchParams(location.search).has("locked")) await fetch("/api/synced/lock");
  for (const name of queue.splice(0)) await fetch("/api/synced/" + encodeURIComponent(name), { method: "DELETE" });
};
fetch("/api/synced").then((r) => r.json()).then((notes) => {
  for (const name of notes) {
    const item = Object.assign(document.createElement("li"), { textContent: name + " " });
    const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Delete" });
    remove.addEventListener("click", () => {
      if (!confirm("Delete the note " + name + "?")) return;
      item.remove();
      document.querySelector("[role=status]").textContent = "Deleted " + name;
      queue.push(name);
      setTimeout(flush, SYNC_DELAY_MS);
    });
    item.append(remove);
    document.querySelector("#notes").append(item);
  }
});""".replace("SYNC_DELAY_MS", str(SYNC_DELAY_MS)))
QUEUE = ("<button type='button' id='job'>Queue job</button> <button type='button' id='lane'>Open lane</button>"
         " <button type='button' id='run'>Run job</button> <a href='#' id='help'>Show help</a>"
         "<p id='shown'>Nothing queued</p><p id='help-text' hidden>Jobs run in the order they were queued</p>",
         """const show = () => {
  const route = location.hash.slice(1).split("?")[0].split("/");
  document.querySelector("#shown").textContent = route[1] === "jobs" ? "Following job " + route[2]
    : route[1] === "lanes" ? "Lane " + route[2] : route[1] === "runs" ? "Run " + route[2] : "Nothing queued";
};
addEventListener("hashchange", show);
document.querySelector("#job").addEventListener("click", async () => {
  const job = await (await fetch("/api/jobs", {method: "POST"})).json();
  location.hash = "#/jobs/" + job.number + "?follow=true";
});
document.querySelector("#run").addEventListener("click", async () => {
  const job = await (await fetch("/api/jobs", {method: "POST"})).json();
  location.hash = "#/jobs/" + job.number + "?follow=true";
  setTimeout(() => { location.hash = "#/runs/" + job.number; }, RUN_STARTS_MS);
});
document.querySelector("#help").addEventListener("click", () => {     // a link to "#": the URL gains a "#"
  document.querySelector("#help-text").hidden = false;
});
document.querySelector("#lane").addEventListener("click", async () => {
  await fetch("/api/lanes", {method: "POST"});
  const lane = await (await fetch("/api/lanes/current")).json();
  location.hash = "#/lanes/" + lane.name;
});
show();""".replace("RUN_STARTS_MS", str(RUN_STARTS_MS)))
LANES = ("amber", "birch", "cedar", "dune", "elm", "fern", "gorse", "heath", "iris", "juniper")
CONSOLE = ("""<form method="get" action="/console/"><input aria-label="User"><button>Sign in</button></form>
<nav><a href="#status">Status</a> <a href="#terminal">Terminal</a></nav><p id="shown"></p>""",
           """const show = () => {
  document.querySelector("#shown").textContent = location.hash === "#terminal" ? "Terminal ready" : "Status: idle";
};
addEventListener("hashchange", show);
show();""")
SIDEBAR = ("""<style>.body{overflow:hidden;height:0}.body.in{height:auto}.toggle{cursor:pointer}</style>
<div class="group"><a role="heading" aria-level="2" class="toggle" data-toggle="collapse" data-target="#connection">Connection</a>
<div class="body" id="connection"><button type="button">Disconnect</button></div></div>
<div class="group"><a role="heading" aria-level="2" class="toggle" data-toggle="collapse" data-target="#state">State</a>
<div class="body in" id="state"><p id="said">Printer: connected</p></div></div>""",
           """document.addEventListener("click", (event) => {
  const toggle = event.target.closest("[data-toggle=collapse]");
  if (toggle) document.querySelector(toggle.dataset.target).classList.toggle("in");
  if (event.target.closest("button")) document.querySelector("#said").textContent = "Printer: disconnected";
});""")
WINDOWS = ("""<style>.x-window{position:absolute;width:260px;border:1px solid #99bbe8;background:#fff}
.x-window-header{cursor:move;background:#dfe8f6;padding:4px}.x-window-body{padding:8px}</style>
<div class="x-toolbar"><button type="button" data-opens="add">Add</button>
<button type="button" data-opens="prefs">Preferences</button></div>
<div class="x-window" id="add"><div class="x-window-header"><span class="x-window-header-text">Add Torrents</span></div>
<div class="x-window-body"><span id="url-label">Url</span> <input class="x-form-text" aria-labelledby="url-label">
<button type="button" class="x-close">Cancel</button></div></div>
<div class="x-window" id="prefs"><div class="x-window-header"><span class="x-window-header-text">Preferences</span></div>
<div class="x-window-body"><p>Bandwidth</p><span id="speed-label">Maximum Download Speed</span>
<input class="x-form-text" aria-labelledby="speed-label"> <button type="button" class="x-close">Close</button></div></div>""",
           """const place = { add: [20, 200], prefs: [320, 200] };
const show = (win, shown) => {
  win.style.visibility = shown ? "visible" : "hidden";
  win.style.left = shown ? place[win.id][0] + "px" : "-10000px";
  win.style.top = shown ? place[win.id][1] + "px" : "-10000px";
};
document.querySelectorAll(".x-window").forEach((win) => show(win, false));
document.addEventListener("click", (event) => {
  const opener = event.target.closest("[data-opens]");
  if (opener) show(document.getElementById(opener.dataset.opens), true);
  if (event.target.closest(".x-close")) show(event.target.closest(".x-window"), false);
});""")
TASKS = ("""<label>Filter <input id="filter"></label><table><tbody></tbody></table><p id="open">No task open</p>""",
         """const tasks = ["Write the report", "Review the budget", "Book the venue"];
const draw = (shown) => document.querySelector("tbody").replaceChildren(...shown.map((task) => {
  const tr = document.createElement("tr");
  tr.appendChild(document.createElement("td")).textContent = task;
  tr.style.cursor = "pointer";
  tr.addEventListener("click", () => { document.querySelector("#open").textContent = "Open: " + task; });
  return tr;
}));
draw(tasks);
document.querySelector("#filter").addEventListener("input", (event) =>
  draw(tasks.filter((task) => task.toLowerCase().includes(event.target.value.toLowerCase()))));""")
DAG_SEARCH = ("""<label>Search Dags <input id="search"></label><h2 id="count"></h2><ul id="dags"></ul>""",
              """const list = "/api/dags?limit=50&tags_match_mode=any&exclude_stale=true&order_by=dag_display_name";
const draw = (url) => fetch(url).then((r) => r.json()).then((dags) => {
  document.querySelector("#count").textContent = dags.length + (dags.length === 1 ? " Dag" : " Dags");
  document.querySelector("#dags").replaceChildren(...dags.map((dag) => Object.assign(document.createElement("li"), { textContent: dag })));
});
draw(list);
document.querySelector("#search").addEventListener("input", (event) =>
  draw(list + "&dag_display_name_prefix_pattern=" + encodeURIComponent(event.target.value)));""")
DAGS = ("dune_ingest", "example_bash_operator", "example_python_operator", "tutorial")
REQUEST_LOG = ("""<table><thead><tr><th>Path</th><th>Method</th><th>Status</th><th>Size</th><th>Time</th></tr></thead>
<tbody></tbody></table><p id="detail">No request open</p>""",
               """fetch("/api/request-log").then((r) => r.json()).then((rows) => {
  for (const row of rows) {
    const tr = document.createElement("tr");
    for (const value of [row.url, "GET", "200", row.size, row.time])
      tr.appendChild(document.createElement("td")).textContent = value;
    tr.style.cursor = "pointer";
    tr.addEventListener("click", () => { document.querySelector("#detail").textContent = "Request to " + row.url; });
    document.querySelector("tbody").appendChild(tr);
  }
});""")
LOGGED_PATHS = ("alpha.json", "beta.json", "gamma.json")
LIVE_STATS = ("""<table><thead><tr><th># Fails</th><th>Method</th><th>Name</th><th># Requests</th><th>Median</th></tr>
</thead><tbody></tbody></table>""",
              """fetch("/api/live-stats").then((r) => r.json()).then((rows) => {
  for (const row of rows) {
    const tr = document.querySelector("tbody").appendChild(document.createElement("tr"));
    for (const value of [row.fails, "GET", row.name, row.requests, row.median])
      tr.appendChild(document.createElement("td")).textContent = value;
  }
});""")
STATS_ENDPOINTS = ("/alpha", "/beta", "/gamma")
LOAD_SUMMARY = ("""<header><div><p>Status</p><span>running</span></div><div><p>Users</p><span>6</span></div></header>
<table><thead><tr><th>Name</th><th># Requests</th><th>Median</th></tr></thead><tbody></tbody></table>""",
                """fetch("/api/load-summary").then((r) => r.json()).then((rows) => {
  for (const row of rows) {
    const tr = document.querySelector("tbody").appendChild(document.createElement("tr"));
    for (const value of row) tr.appendChild(document.createElement("td")).textContent = value;
  }
});""")
FIELD_TYPES = ("<h2>Text</h2><div>" + "".join(f"<button type='button'>{name}</button>" for name in (
    "Input", "Textarea", "Markdown", "Code", "Tags", "Slug", "Hash", "Color", "Slider", "Rating", "Email", "Link"))
    + "</div><h2>Selection</h2><div>" + "".join(f"<button type='button'>{name}</button>" for name in (
        "Toggle", "Dropdown", "Checkboxes", "Radio", "Date", "Time", "Datetime", "Icon", "Map", "Tree", "Multiple",
        "Range")) + """</div><label>Key <input id="key"></label><div><button type="button" id="save">Save</button></div>
<p id="said"></p>""",
               """document.querySelector("#save").addEventListener("click", () => {
  document.querySelector("#said").textContent = "Saved field " + document.querySelector("#key").value;
});""")
FIELD_LIST = ("""<style>.label{cursor:pointer}</style><div id="fields"></div>
<label>Key <input id="key"></label><button type="button" id="add">Add field</button>""",
              """const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const generated = () => Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => letters[b & 63]).join("") +
  (crypto.getRandomValues(new Uint8Array(1))[0] % 10);
const fields = ["id"];
function render() {
  document.querySelector("#fields").replaceChildren(...fields.map((key) => {
    const row = document.createElement("div");
    row.innerHTML = "<div class='label'>" + key + " <small>Input</small></div><button type='button'>more</button>";
    row.firstChild.dataset.tooltip = generated();
    row.firstChild.addEventListener("click", () => { row.dataset.open = "true"; });
    return row;
  }));
}
render();
document.querySelector("#add").addEventListener("click", () => {
  fields.push(document.querySelector("#key").value);
  render();
});""")
TITLED = ("""<label>Name <input id="name"></label><button type="button">Create</button><p id="made"></p>""",
          """document.querySelector("button").addEventListener("click", () => {
  const words = document.querySelector("#name").value.split("_");
  document.querySelector("#made").textContent = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
});""")
CODES = ("""<label>Code <input id="code"></label><button type="button">Save</button><p id="said"></p>
<table><tbody id="codes"></tbody></table>""",
         """document.querySelector("button").addEventListener("click", () => {
  const code = document.querySelector("#code").value.toUpperCase();
  const link = () => Object.assign(document.createElement("a"), { href: "#" + code, textContent: code });
  document.querySelector("#said").replaceChildren("The new voucher has been created: ", link());
  const row = document.createElement("tr");
  row.append(document.createElement("td"), Object.assign(document.createElement("td"), { textContent: "0 / 1" }));
  row.firstChild.append(link());
  document.querySelector("#codes").append(row);
});""")
PLACED = ("<button type='button'>Place order</button><p id='placed'></p><p id='number'></p>",
          """document.querySelector("button").addEventListener("click", () => {
  document.querySelector("#placed").innerHTML = "Your order has been placed successfully. See below for details. "
    + "<strong>Please note that we still await your payment to complete the process.</strong>";
  document.querySelector("#number").innerHTML = "A confirmation email has been sent - your order number is "
    + "<strong>100017</strong>. Please make a note of this reference and quote it in any communication with us "
    + "regarding your order.";
});""")
CHECKOUT = ("<h1>Review order</h1><button type='button'>Place order</button>",
            """document.querySelector("button").addEventListener("click", async () => {
  const answer = await fetch("/api/checkout", { method: "POST", body: "confirm=1" }).then((r) => r.json());
  location.href = answer.redirect;
});""")
ORDER_PAGE = re.compile(r"^/checkout/order/([A-Z]{5})/([a-z0-9]{16})/(pay/1/complete)?$")
DESK_NAV = "<nav><a href='/desk/inbox'>Inbox</a> <a href='/desk/reports/weekly'>Reports</a></nav>"
DESK_TRACK = "fetch('/api/desk/track', {method: 'POST', body: location.pathname});"
DESK = ("<button type='button'>Sign in</button>",
        """document.querySelector("button").addEventListener("click", async () => {
  const answer = await fetch("/api/desk/login", { method: "POST" }).then((r) => r.json());
  location.assign(answer.next);
});""")
DESK_PAGES = {"/desk/inbox": ("Inbox", "<p>No messages</p>"), "/desk/reports/weekly": ("Weekly report", "<p>Sales: up</p>")}
GREETINGS = {"fr": "Bonjour", "de": "Guten Tag", "en": "Hello"}
LANGUAGE = ("<p id='page'></p><p id='zone'></p><p id='server'></p>",
            """const words = GREETINGS;
const language = navigator.language.split("-")[0];
document.querySelector("#page").textContent = (words[language] || words.en) + " (" + navigator.language + ")";
document.querySelector("#zone").textContent = "Time zone: " + Intl.DateTimeFormat().resolvedOptions().timeZone;
fetch("/api/greeting").then((r) => r.text()).then((text) => {
  document.querySelector("#server").textContent = "The server says " + text;
});""")


class GenerationApps:
    def __init__(self) -> None:
        self.folders = 0
        self.notes = 0
        self.views = 0
        self.drafts = 0
        self.pings = 0
        self.pinged = threading.Condition()
        self.report_asked = threading.Event()
        self.seen_welcome = False
        self.seen_tips = False
        self.synced_notes = list(SYNCED_NOTES)
        self.lock = threading.Lock()
        self.request_log_loads = 0
        self.live_stats_loads = 0
        self.load_summary_loads = 0
        self.last_desk_page = "/desk/inbox"
        self.stylesheet_hold_s = 0.0
        self.page_script_hold_s = 0.0
        self.saved_note_hold_s = 0.0
        self.saved_note = ""
        self.basket = 0
        self.new_rows = 0
        self.new_row_held = False
        self.row_checked = threading.Event()
        self.second_row_sent = threading.Event()
        self.jobs = 0
        self.lanes = 0
        self.statuses = 0            # /status-menu/'s polls answered

    def answer(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, str, str]:
        pages = {"/folders/": ("Folders", FOLDERS), "/notes/": ("Notes", NOTES), "/keyed-notes/": ("Notes", KEYED_NOTES),
                 "/views/": ("Project", VIEWS), "/imports/": ("Import", IMPORTS),
                 "/usage/": ("Usage", USAGE), "/autosaved/": ("Usage", AUTOSAVED),
                 "/status-menu/": ("Status", STATUS_MENU),
                 "/drafts/": ("Drafts", DRAFTS), "/operations/": ("Operations", OPERATIONS),
                 "/catalog/": ("Catalog", CATALOG), "/welcome/": ("Welcome", WELCOME),
                 "/editor-welcome/": ("Editor", EDITOR_WELCOME), "/editor-link/": ("Page", EDITOR_WELCOME),
                 "/link-tips/": ("Editor", LINK_TIPS),
                 "/synced/": ("Synced", SYNCED),
                 "/console/": ("Console", CONSOLE), "/sidebar/": ("Sidebar", SIDEBAR), "/desk/": ("Desk", DESK), "/checkout/": ("Checkout", CHECKOUT), "/placed/": ("Order", PLACED),
                 "/windows/": ("Windows", WINDOWS),
                 "/request-log/": ("Requests", REQUEST_LOG),
                 "/live-stats/": ("Statistics", LIVE_STATS),
                 "/load-summary/": ("Load test", LOAD_SUMMARY), "/tasks/": ("Tasks", TASKS), "/basket/": ("Shop", BASKET),
                 "/field-types/": ("New field", FIELD_TYPES), "/field-list/": ("Fields", FIELD_LIST),
                 "/titled/": ("Collections", TITLED), "/codes/": ("Vouchers", CODES),
                 "/graph-operations/": ("Operations", GRAPH_OPERATIONS),
                 "/rpc-operations/": ("Operations", RPC_OPERATIONS), "/styled/": ("Sign in", STYLED_SIGN_IN),
                 "/saved-note/": ("Note", SAVED_NOTE), "/dag-search/": ("Dags", DAG_SEARCH), "/queue/": ("Queue", QUEUE), "/new-row/": ("Studios", NEW_ROW),
                 "/settings/": ("Settings", SETTINGS), "/account/": ("Account", ACCOUNT),
                 "/menu/": ("Start", ("<a href='/menu/dashboard'>Dashboard</a>", "")),
                 "/menu/products": ("Products", ("<p>Assam Breakfast</p>", "")),
                 "/gateway/": ("Basket", ("<a href='/gateway/who'>Checkout now</a>", "")),
                 "/taxonomy/": ("Posts", ("<a href='/taxonomy/categories'>Categories</a>", ""))}
        if method == "GET" and path.split("?")[0] in pages:
            title, (html, script) = pages[path.split("?")[0]]
            return 200, "text/html", PAGE.format(title=title, body=html, script=script)
        if method == "GET" and path.startswith("/catalog/") and path != "/catalog/":
            name = unquote(path.rsplit("/", 1)[1])
            return 200, "text/html", PAGE.format(title=name, body=f"<h1>{name}</h1>", script="")
        if method == "POST" and path == "/styled/library":
            return 200, "text/html", STYLED_LIBRARY
        if method == "GET" and path == "/api/me":
            return 200, "application/json", json.dumps({"name": "Ada Lovelace"})
        if method == "POST" and path == "/api/account/close":
            return 200, "application/json", json.dumps({"closed": True})
        if path == "/api/saved-note":
            if method == "PUT":
                self.saved_note = body.decode()
                return 204, "text/plain", ""
            time.sleep(self.saved_note_hold_s)
            return 200, "text/plain", self.saved_note
        if method == "GET" and path in SCRIPTED_PAGES:
            return 200, "text/html", SCRIPTED_PAGES[path]
        if method == "GET" and path in PAGE_SCRIPTS:
            time.sleep(self.page_script_hold_s)
            return 200, "text/javascript", PAGE_SCRIPTS[path]
        if method == "POST" and path == "/taxonomy/api/add":
            return 200, "application/json", json.dumps({"name": body.decode()})
        if method == "POST" and path == "/taxonomy/categories":       # the form posted by the browser: no script
            return 200, "text/html", PAGE.format(title="Categories", body="<p>Category added.</p>", script="")
        if method == "POST" and path == "/gateway/address":
            return 200, "text/html", PAGE.format(title="Shipping address", body="<p>Where should we ship to?</p>",
                                                 script="")
        if method == "GET" and path == "/styled/site.css":
            time.sleep(self.stylesheet_hold_s)
            return 200, "text/css", STYLED_CSS
        if method == "GET" and path == "/api/request-log":
            with self.lock:
                self.request_log_loads += 1
                loads = self.request_log_loads
            return 200, "application/json", json.dumps([
                {"url": "http://10.0.0.7:8080/" + name, "size": f"{27 + i + 3 * loads}b",
                 "time": f"{11 + 5 * i + 11 * loads}ms"} for i, name in enumerate(LOGGED_PATHS)])
        if method == "GET" and path == "/api/live-stats":
            with self.lock:
                self.live_stats_loads += 1
                loads = self.live_stats_loads
            return 200, "application/json", json.dumps([
                {"fails": str((3 * loads + i) % 90 + 1), "name": name, "requests": str((7 * loads + 2 * i) % 90 + 10),
                 "median": f"{(5 * loads + i) % 80 + 10}.5"} for i, name in enumerate(STATS_ENDPOINTS)])
        if method == "GET" and path == "/api/load-summary":
            with self.lock:
                self.load_summary_loads += 1
                later = self.load_summary_loads > 1
            return 200, "application/json", json.dumps([[name, str(10 + 2 * i), "6" if later else "8"]
                                                        for i, name in enumerate(STATS_ENDPOINTS)])
        if method == "GET" and path in DESK_PAGES:
            title, body = DESK_PAGES[path]
            return 200, "text/html", PAGE.format(title=title, body=DESK_NAV + body, script=DESK_TRACK)
        if method == "POST" and path == "/api/desk/track":
            self.last_desk_page = body.decode()
            return 204, "text/plain", ""
        if method == "POST" and path == "/api/checkout":
            code = "".join(secrets.choice(string.ascii_uppercase) for _ in range(5))
            secret = "".join(secrets.choice(string.ascii_lowercase + string.digits) for _ in range(16))
            return 200, "application/json", json.dumps({"redirect": f"/checkout/order/{code}/{secret}/pay/1/complete"})
        if method == "GET" and (order := ORDER_PAGE.match(path.split("?")[0])):
            if order.group(3):
                return 302, "text/plain", f"/checkout/order/{order.group(1)}/{order.group(2)}/?thanks=yes"
            return 200, "text/html", PAGE.format(title="Order", script="",
                                                 body=f"<h1>Thank you!</h1><p>Your order {order.group(1)} has been placed.</p>")
        if method == "POST" and path == "/api/desk/login":
            return 200, "application/json", json.dumps({"next": self.last_desk_page})
        if method == "POST" and path == "/api/jobs":
            with self.lock:
                self.jobs += 1
                return 200, "application/json", json.dumps({"number": self.jobs})
        if path.startswith("/api/lanes"):
            with self.lock:
                self.lanes += method == "POST"
                return (204, "text/plain", "") if method == "POST" else (
                    200, "application/json", json.dumps({"name": LANES[self.lanes % len(LANES)]}))
        if method == "POST" and path == "/api/settings":
            return 200, "application/json", body.decode()
        if method == "GET" and path == "/api/rows/new/":
            return self._new_row()
        if method == "GET" and path.startswith("/api/rows/check"):
            self.row_checked.set()
            self.second_row_sent.wait(NEW_ROW_HOLD_S)
            time.sleep(NEW_ROW_CHECK_AFTER_S)
            return 200, "application/json", "{}"
        if method == "POST" and path == "/api/rows":
            row = json.loads(body)
            return (200, "application/json", body.decode()) if row.get("name") else (422, "application/json", "{}")
        if path == "/api/basket":
            with self.lock:
                self.basket += method == "POST"
                return 200, "application/json", json.dumps(["item"] * self.basket)
        if method == "GET" and path == "/api/synced":
            return 200, "application/json", json.dumps(self.synced_notes)
        if method == "GET" and path == "/api/synced/lock":
            time.sleep(LOCK_S)
            return 200, "application/json", "{}"
        if method == "PUT" and path == "/api/synced/story":
            return 204, "text/plain", ""
        if method == "DELETE" and path.startswith("/api/synced/"):
            with self.lock:
                name = unquote(path.rsplit("/", 1)[1])
                self.synced_notes = [note for note in self.synced_notes if note != name]
            return 204, "text/plain", ""
        if path == "/api/tips":
            if method == "POST":
                self.seen_tips = True
            return 200, "application/json", json.dumps({"seen": self.seen_tips})
        if path == "/api/welcome":
            if method == "POST":
                self.seen_welcome = True
            return 200, "application/json", json.dumps({"seen": self.seen_welcome})
        if method == "POST" and path == "/api/graphql":
            return 200, "application/json", json.dumps({"data": {"assets": [{"name": "order_summary"},
                                                                            {"name": "raw_orders"}]}})
        if method == "GET" and path.startswith("/folders/open/"):
            return 200, "text/html", PAGE.format(title=unquote(path.rsplit("/", 1)[1]), body=FOLDER[0],
                                                 script=FOLDER[1])
        if method == "GET" and path == "/language/":
            return 200, "text/html", PAGE.format(title="Language", body=LANGUAGE[0],
                                                 script=LANGUAGE[1].replace("GREETINGS", json.dumps(GREETINGS)))
        if method == "GET" and path == "/api/greeting":
            asked = headers.get("Accept-Language")
            language = (asked or "en").split(",")[0].split("-")[0].strip()
            return 200, "text/plain", GREETINGS.get(language, GREETINGS["en"]) + ("" if asked else " (asked for no language)")
        if method == "POST" and path == "/api/folders":
            with self.lock:
                name = "Untitled Folder" if self.folders == 0 else f"Untitled Folder {self.folders}"
                self.folders += 1
            return 201, "application/json", json.dumps({"name": name, "type": "directory", "files": []})
        if method == "POST" and path == "/api/imports":
            return 201, "application/json", json.dumps({"size": len(body)})
        if method == "POST" and path == "/api/projects/1/views":
            with self.lock:
                self.views += 1
                return 201, "application/json", json.dumps({"id": self.views, **json.loads(body), "project": 1})
        if method == "POST" and path == "/api/rows/7/annotations?project=1":
            return 201, "application/json", json.dumps({"id": 1, "row": 7})
        if method == "POST" and path == "/api/notes":
            with self.lock:
                name = "Untitled note" if self.notes == 0 else f"Untitled note {self.notes}"
                self.notes += 1
            return 200, "application/json", json.dumps({"note": {"name": name, "words": 0}})
        if method == "GET" and path.startswith("/api/dags?"):
            prefix = parse_qs(urlsplit(path).query).get("dag_display_name_prefix_pattern", [""])[0]
            return 200, "application/json", json.dumps([dag for dag in DAGS if dag.startswith(prefix)])
        if method == "POST" and path == "/api/drafts":
            with self.lock:
                name = "Untitled draft" if self.drafts == 0 else f"Untitled draft {self.drafts}"
                self.drafts += 1
            return 201, "application/json", json.dumps({"name": name})
        if method == "GET" and path.startswith("/api/drafts/"):
            time.sleep(DRAFT_LOAD_S)
            return 200, "application/json", LateBody(json.dumps({"name": unquote(path.rsplit("/", 1)[1]), "body": ""}),
                                                     DRAFT_BODY_S)
        if method == "POST" and path.startswith("/api/drafts/") and path.endswith("/body"):
            return 200, "application/json", "{}"
        if method == "GET" and path.startswith(("/api/folders/", "/api/notes/")) and path.endswith("/files"):
            return 200, "application/json", "[]"
        if method == "POST" and path == "/api/gql":
            path += "?op=" + json.loads(body)["operationName"]         # the same operations, named in the body
        if method == "POST" and path == "/api/json":
            path += "?op=" + {"system.ping": "Ping", "report.run": "Report"}[json.loads(body)["method"]]
        if method == "POST" and path in ("/api/usage", "/api/autosave", "/api/rpc?op=Ping", "/api/gql?op=Ping",
                                         "/api/json?op=Ping"):
            with self.pinged:
                self.pings += 1
                self.pinged.notify_all()
            return 200, "application/json", "{}"
        if (method, path) == ("GET", "/api/status"):
            self.statuses += 1
            return 200, "application/json", json.dumps({"uptime": self.statuses})
        if (method, path) in (("GET", "/api/report"), ("POST", "/api/rpc?op=Report"), ("POST", "/api/gql?op=Report"),
                              ("POST", "/api/json?op=Report")):
            self.report_asked.set()
            with self.pinged:
                wanted = self.pings + PINGS_BEFORE_REPORT
                self.pinged.wait_for(lambda: self.pings >= wanted, REPORT_BOUND_S)
            report = {"title": "Weekly sales"}
            if path.startswith("/api/json"):
                return 200, "application/json", json.dumps({"result": report, "error": None, "id": json.loads(body)["id"]})
            return 200, "application/json", json.dumps({"data": report} if path.startswith("/api/gql") else report)
        return 404, "text/plain", "not found"

    def _new_row(self) -> tuple[int, str, str]:
        """The row's defaults: the first of a click's two asks at once, the second later, or held until the
        page checks a name (``new_row_held``)."""
        with self.lock:
            self.new_rows += 1
            second = self.new_rows % 2 == 0
            if not second:
                self.row_checked.clear()
                self.second_row_sent.clear()
        if second:
            if self.new_row_held:
                self.row_checked.wait(NEW_ROW_HOLD_S)
            else:
                time.sleep(NEW_ROW_LATER_S)
            self.second_row_sent.set()
        return 200, "application/json", json.dumps({"name": "", "rating": "3"})

    def wait_for_pings(self, count: int) -> bool:
        with self.pinged:
            return self.pinged.wait_for(lambda: self.pings >= count, REPORT_BOUND_S)


@contextmanager
def generation_apps(port: int = 0) -> Iterator[tuple[str, GenerationApps]]:
    apps = GenerationApps()

    def answer(request: Request) -> tuple[int, str, str]:
        status, kind, text = apps.answer(request.method, request.path, request.headers, request.body)
        return status, kind + "; charset=utf-8", text

    with answering(answer, port) as url:
        yield url, apps
