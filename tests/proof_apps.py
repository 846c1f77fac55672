"""Small apps that reproduce what proving on export must tell apart (tests/test_proof*.py), each a class
of real apps, not a copy of one:

- ``/docs/``: "New document" asks the server for a document and opens ``/docs/edit/<name>``; the server
  names it, one name per document (``Untitled.doc``, then ``Untitled1.doc``, …), as editors do;
- ``/names/``: "Create" saves the typed name; a name is taken once saved (409 "That name is taken"),
  as every app with unique names does — the state an app keeps across runs;
- ``/projects/``: the saved names listed (``GET /api/names``) above a form whose "Create" stays disabled
  while the name typed is empty or already listed, as forms that check a name before saving do — the
  state an app keeps makes the test's click wait on a disabled button, not fail an assertion;
- ``/folders/``: the same names, listed only once "New folder" opened the form that names a new one
  (as JupyterLab's file browser lists its folders beside the new one's name field) — a name the
  recording saved is on the page when the test types it, not when the test starts;
- ``/shelf/``: the saved names as books; while there is none, an empty state ("No books yet") with
  "Add a first book", and once there is one, "New book" above the list instead — a step of a recording
  that added the first book is gone from the page the test's first run opens;
- ``/catalogue/``: the same names as a table of books ("Dune by Frank Herbert": a title and its author,
  a cell each) under a "New book" that is always there, and while there is none, only a text that says so
  ("No books yet") — Airflow 3's Variables page, whose "No variables found" the app's first answer draws and
  any saved variable takes away; the rows come as HTML its server renders, inside a JSON answer
  (``/api/names/rows``: ``{"rows": "<tr>…</tr>"}``, as apps whose answers carry rendered markup do), so nothing
  in the answer reads as an empty list or a fragment of no rows;
- ``/library/``: the same names behind a "Sign in" that draws the library; while there is none, a welcome
  with "Start fresh", which saves "My Library" and opens it (a menu button of its name), and once there is
  one, the list of them instead — the recording started the library, so the test's first run, past its
  sign-in, finds a list that shows "My Library" and no "Start fresh" (Actual Budget's first budget file);
- ``/workbench/``: the same, where "Start from scratch" opens a "Name" field whose "Save" keeps the name typed
  (n8n's first workflow: its home shows "Start from scratch" only while there is none) — a recording that
  named it with ``{unique}`` leaves a list that shows its own name, which no run of the test expects;
- ``/layers/``: the same names behind a "Sign in", listed with a "Delete" each under a "New layer" that
  opens a "Name" field and its "Save", and while there is none, "No layers yet" (Superset's annotation
  layers) — a flow that makes one under a name of its own and deletes it ends on the empty state it began
  on; once the app puts up a notice over "New layer" (``announcing``: a maintenance banner an admin set
  after the recording, no state the flow made) the test's click never lands, on a page that shows that
  empty state;
- ``/todos/``: a list the server keeps ("Buy milk", "Walk the dog"), drawn from ``/api/todos`` with its
  count ("2 todos"); "Add" saves the typed todo and draws the list again — the state an app keeps
  after the recording that added to it; ``/chores/`` the same todos as a table, each row with its own
  "Delete" (``POST /api/todos/delete``) — a recording that deleted one leaves the test nothing to delete;
- ``/entries/``: a form alone; "Save" keeps the typed entry (``POST /api/entries``) and lists every entry
  kept so far — an insert that shows the table of records after it: a test that saves what the recording
  saved finds it twice;
- ``/assets/``: a data platform's catalog of assets ("raw_orders", "order_summary"), each a button above
  its description, under a filter box that hides the assets whose name does not hold what is typed (as
  Dagster's asset catalog does); once a second code location defines "raw_orders" too
  (``assets_twice``), it is listed twice — the app changed under the recording, nothing the flow made: a
  search term ("raw") typed after a line that finds "raw_orders" is a part of data the page already showed;
- ``/secret/``: a user field and a password field whose value the server checks against ``PASSWORD``,
  under a line about the vault's "administration";
- ``/users/`` and ``/i18n/``: pages that load their data after they open and then show, beside stable
  names, a count ("2 users") or an untranslated i18n key ("common.done") — texts a startup wait must
  not take (tests/test_startup_text.py); ``/heavy/`` the same page working on its answer for 1.5 s
  (one long task) before it draws it, as an app does that sorts or lays out much data, and ``/heavy-first/``
  doing it all as the document turns interactive (a synchronous request), before verdex's first call; ``/news/`` the
  same page putting up a one-time prompt in an alert with its answer ("Would you like to get notified
  about Team news?", as JupyterLab does); ``/toolbar/`` the same page drawing its button again, beside
  its heading "Team", as its answer comes and before it draws the names (a toolbar re-rendered with the
  data's state); ``/sorted/`` the same page drawing a select (``role="combobox"``, "Sort descending")
  with the data, as a list's sort control is drawn once its rows have come: a control's value, not data;
  ``/tips/`` the same page also fetching a script of its own (``/api/tips.js``, JavaScript) and, once it
  has come, putting up a tip chosen at random (as Node-RED's editor does a second after it starts);
  ``/drawn-tips/`` the same page putting up one tip at random from a catalog of six that a JSON answer
  brought (``/api/tips``), its ``{{key}}`` placeholders filled in and its ``[key]`` markup drawn as keys
  (Node-RED's tips of the day); the first load draws the tip ``first_tip`` names, when one is named;
  ``/themed/`` the same page also asking for its theme (``/api/theme``), which it sets as a class on the
  body (a dark mode, as Taipy sets its own) and which draws no text: the heading "Team" was there before;
  ``/credited/`` the same page drawing with its data, first, a line whose flags are icons with titles
  ("Made with care in" and three SVG flags titled "Spain", …: tooltips, no text the page shows), as
  Verdaccio's footer does;
- ``/ping/``: a Ping button the page's script answers with "Pong"; from the third load of the page on
  (``PROMPT_LOADS``: the recording's and a test's first run are quick) the script takes its handler on
  ``PING_LATE_MS`` after the page opened (10 s: a run's click comes before it however slow the machine), as an app that fetches its handlers' code late does on a slower load: a click
  before then is lost, with nothing of it left on the page or in the app — a race, no kept state;
- ``/invites/``: the members (``/api/users``) and the invitations still pending (``/api/invites``), each list
  an answer of its own; while none is pending the page says "No pending invitations" (an empty state, as
  Airflow's "No Asset Events found." and a dashboard's "No runs in this time period") — true until the app
  has one (``invites``); ``/invites-together/`` the same page drawing both once both answers are in (the
  invitations answer first, the members a second later), the empty state first, as an app does that draws
  its home page when all its queries are done;
- ``/pending-rows/`` and ``/pending-bare/``: the same members and invitations, the invitations as rows of a
  table its server renders (``/api/invites/rows``, ``/api/invites/bare``: HTML fragments, as htmx apps load
  theirs): while none is pending, the rows' answer is one row spanning the table, "No pending invitations"
  (a template's empty case), or no row at all, and the page says so itself;
- ``/board/``: a page that asks for two parts of its data at once, each answer drawing its own part: the
  members ("Ada Lovelace", "Grace Hopper") and the roles, which "Invite" needs ("Roles not loaded yet"
  before they came). The server answers the parts in ``board_order`` (the next once the page has drawn
  the one before: it asks for that part's badge) and holds one part back until the test lets go — the
  order and the pace of a busy server, set by the test (tests/test_startup_order.py);
- ``/counted/``: the members listed in the page's HTML, and only their count ("Showing 1-2 of 2 members")
  drawn by the answer, laid out on lines of their own as a server's template does (Wagtail's listing):
  a startup text with numbers and no stable one beside it (tests/test_startup_text.py);
- ``/sorting/``: a list whose sort the server keeps, as a data browser keeps a view's settings: the
  column's sort button says "Name" until it is clicked, then "▼ Name" above "Sorted by name, descending" — a
  recording that sorted leaves the test's first page sorted, its header no longer "Name";
- ``/notebook/``: the same names, held by the page and never shown (a wiki holds every note it has); "Save"
  keeps the typed name (``PUT /api/names/<name>``, "Saved <name>" once answered), but asks
  ``confirm("Overwrite the note <name>?")`` first when the name is held already — a test that saves what
  the recording saved meets a question the recording never saw, and with no answer for it, saves nothing;
- ``/tickets/``: a server's own form (``method="post"``), no script: a summary named ``title``, a hidden
  ``id``, radios named ``action`` (Trac's new-ticket form) — controls whose names shadow the form's own
  properties (``form.action`` is the radios, not the URL); "Create ticket" answers with the new ticket's page
  ("Ticket #1 (new)", numbered by the server, with the summary as its heading);
- ``/owner/``: an app's one-time setup (n8n's owner account): until an owner is made, ``/owner/`` draws "Set up
  the owner account" once its settings have answered (``/api/owner/settings``), with "Email", "Full name" and
  "Create owner" (``POST /api/owner``, then "Welcome <name>!"); once made, the server answers ``/owner/`` with a
  redirect to ``/owner/signin``, a sign-in form — the same ``goto`` of the test lands elsewhere than the
  recording's did;
- ``/site/``: pages the server keeps ("About", "Contact"), each a link named by its title (a CMS's page
  tree); a link opens the page's form, whose "Title" field the page fills once ``GET /api/site/<id>``
  has answered, and "Save" renames the page (``PUT /api/site/<id>``) and draws the links again — a
  recording that renamed "About" leaves the test no link named "About" to open.

``reset()`` forgets every document, name and added todo: the app's server restarted.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape

from tests.answering_server import answering

PASSWORD = "s3cret-Proof!"
SLOW_API_S = 1.0
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body><main><h1>{title}</h1>{body}</main><script>{script}</script></body></html>"""
DOCS = ("<button type='button'>New document</button>",
        """document.querySelector("button").addEventListener("click", async () => {
  const answer = await fetch("/api/docs", { method: "POST" }).then((r) => r.json());
  location.assign("/docs/edit/" + encodeURIComponent(answer.name));
});""")
NAMES = ("<label>Name <input id='name'></label> <button type='button'>Create</button><p role='status'></p>",
         """document.querySelector("button").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  const answer = await fetch("/api/names", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("[role=status]").textContent = answer.ok ? "Created " + name : "That name is taken";
});""")
FOLDERS = ("<button type='button' id='new'>New folder</button><ul id='names'></ul>"
           "<form hidden><label>Folder name <input id='name'></label> <button type='button' id='save'>Save</button></form>"
           "<p role='status'></p>",
           """document.querySelector("#new").addEventListener("click", async () => {
  const names = await (await fetch("/api/names")).json();
  document.querySelector("#names").replaceChildren(...names.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
  document.querySelector("form").hidden = false;
});
document.querySelector("#save").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  const answer = await fetch("/api/names", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("[role=status]").textContent = answer.ok ? "Created " + name : "That name is taken";
});""")
PROJECTS = ("<ul id='taken'></ul><label>Name <input id='name'></label> <button type='button' disabled>Create</button>"
            "<p role='status'></p>",
            """const input = document.querySelector("#name"), create = document.querySelector("button");
let taken = [];
const listed = () => fetch("/api/names").then((r) => r.json()).then((names) => {
  taken = names;
  document.querySelector("#taken").replaceChildren(...names.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
});
listed();
input.addEventListener("input", () => { create.disabled = !input.value || taken.includes(input.value); });
create.addEventListener("click", async () => {
  const name = input.value;
  const answer = await fetch("/api/names", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("[role=status]").textContent = answer.ok ? "Created " + name : "That name is taken";
  create.disabled = true;
  listed();
});""")
LIBRARY = ("<button type='button' id='in'>Sign in</button><div id='welcome' hidden><p>Let's get started!</p>"
           "<button type='button' id='fresh'>Start fresh</button></div><ul id='files'></ul>"
           "<button type='button' id='menu' hidden></button>",
           """const menu = document.querySelector("#menu");
document.querySelector("#in").addEventListener("click", async () => {
  const names = await (await fetch("/api/names")).json();
  document.querySelector("#in").hidden = true;
  document.querySelector("#welcome").hidden = names.length > 0;
  document.querySelector("#files").replaceChildren(...names.map((name) =>
    Object.assign(document.createElement("li"), { textContent: name })));
});
document.querySelector("#fresh").addEventListener("click", async () => {
  await fetch("/api/names", { method: "POST", body: JSON.stringify({ name: "My Library" }) });
  document.querySelector("#welcome").hidden = true;
  Object.assign(menu, { hidden: false, textContent: "My Library" });
});""")
WORKBENCH = ("<button type='button' id='in'>Sign in</button><div id='welcome' hidden>"
             "<button type='button' id='scratch'>Start from scratch</button></div>"
             "<form hidden><label>Name <input id='name'></label> <button type='button' id='save'>Save</button></form>"
             "<ul id='files'></ul>",
             """const draw = async () => {
  const names = await (await fetch("/api/names")).json();
  document.querySelector("#welcome").hidden = names.length > 0;
  document.querySelector("#files").replaceChildren(...names.map((name) =>
    Object.assign(document.createElement("li"), { textContent: name })));
};
document.querySelector("#in").addEventListener("click", async () => {
  document.querySelector("#in").hidden = true;
  await draw();
});
document.querySelector("#scratch").addEventListener("click", () => {
  document.querySelector("#welcome").hidden = true;
  document.querySelector("form").hidden = false;
});
document.querySelector("#save").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  await fetch("/api/names", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("form").hidden = true;
  await draw();
});""")
SHELF = ("<div id='empty' hidden><p>No books yet</p><button type='button' id='first'>Add a first book</button></div>"
         "<ul id='books'></ul><button type='button' id='new' hidden>New book</button>"
         "<form hidden><label>Title <input id='title'></label> <button type='button' id='save'>Save</button></form>"
         "<p role='status'></p>",
         """const form = document.querySelector("form");
const draw = () => fetch("/api/names").then((r) => r.json()).then((names) => {
  document.querySelector("#books").replaceChildren(...names.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
  document.querySelector("#empty").hidden = names.length > 0;
  document.querySelector("#new").hidden = names.length === 0;
});
draw();
for (const opener of ["#first", "#new"]) document.querySelector(opener).addEventListener("click", () => { form.hidden = false; });
document.querySelector("#save").addEventListener("click", async () => {
  const name = document.querySelector("#title").value;
  const answer = await fetch("/api/names", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("[role=status]").textContent = answer.ok ? "Added " + name : "That name is taken";
  form.hidden = true;
  draw();
});""")
CATALOGUE = ("<button type='button' id='new'>New book</button><table><tbody id='books'></tbody></table>"
             "<form hidden><label>Title <input id='title'></label> <label>Author <input id='author'></label> "
             "<button type='button' id='save'>Save</button></form><p role='status'></p>",
             """const form = document.querySelector("form");
const draw = () => fetch("/api/names/rows").then((r) => r.json()).then(({ rows }) => {
  document.querySelector("#books").innerHTML = rows;        // the server renders them
});
draw();
document.querySelector("#new").addEventListener("click", () => { form.hidden = false; });
document.querySelector("#save").addEventListener("click", async () => {
  const title = document.querySelector("#title").value;
  const name = title + " by " + document.querySelector("#author").value;
  const answer = await fetch("/api/names", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("[role=status]").textContent = answer.ok ? "Added " + title : "That title is taken";
  form.hidden = true;
  draw();
});""")
SECRET = ("<p>The vault's administration.</p><label>User <input id='user'></label> "
          "<label>Password <input id='password' type='password'></label> <button type='button'>Unlock</button>"
          "<p role='status'></p>",
          """document.querySelector("button").addEventListener("click", async () => {
  const answer = await fetch("/api/unlock", { method: "POST", body: document.querySelector("#password").value });
  document.querySelector("[role=status]").textContent = answer.ok ? "Unlocked" : "Wrong password";
});""")

ASSETS = ("<label>Filter <input id='filter'></label><ul id='assets'>{rows}</ul><p role='status'></p>",
          """for (const button of document.querySelectorAll("#assets button")) button.addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Selected " + button.textContent;
});
document.querySelector("#filter").addEventListener("input", (event) => {
  for (const row of document.querySelectorAll("#assets li"))
    row.hidden = !row.querySelector("button").textContent.includes(event.target.value);
});""")
ASSET_ROWS = (("raw_orders", "Raw orders pulled from the shop."), ("order_summary", "Orders summed up by day."))


TODOS = ("<label>New todo <input id='todo'></label> <button type='button'>Add</button><p id='count'></p><ul></ul>",
         """const draw = (todos) => {
  document.querySelector("#count").textContent = todos.length + " todos";
  document.querySelector("ul").replaceChildren(...todos.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
};
fetch("/api/todos").then((r) => r.json()).then(draw);
document.querySelector("button").addEventListener("click", async () => {
  const answer = await fetch("/api/todos", { method: "POST", body: document.querySelector("#todo").value });
  draw(await answer.json());
});""")
LAYERS = ("<button type='button' id='in'>Sign in</button><div id='app' hidden><div id='notice'></div>"
          "<button type='button' id='new'>New layer</button><form hidden><label>Name <input id='name'></label> "
          "<button type='button' id='save'>Save</button></form><p id='none' hidden>No layers yet</p>"
          "<table><tbody id='layers'></tbody></table></div>",
          """const draw = async () => {
  const names = await (await fetch("/api/names")).json();
  document.querySelector("#none").hidden = names.length > 0;
  document.querySelector("#layers").replaceChildren(...names.map((name) => {
    const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Delete" });
    remove.addEventListener("click", async () => {
      await fetch("/api/names/" + encodeURIComponent(name), { method: "DELETE" });
      await draw();
    });
    const row = document.createElement("tr");
    row.append(Object.assign(document.createElement("td"), { textContent: name }), document.createElement("td"));
    row.lastChild.append(remove);
    return row;
  }));
};
document.querySelector("#in").addEventListener("click", async () => {
  document.querySelector("#in").hidden = true;
  document.querySelector("#app").hidden = false;
  const { notice } = await (await fetch("/api/notice")).json();
  if (notice) Object.assign(document.querySelector("#notice"), { textContent: notice, style:
    "position: fixed; inset: 0; background: rgba(255, 255, 255, 0.9)" });
  await draw();
});
document.querySelector("#new").addEventListener("click", () => { document.querySelector("form").hidden = false; });
document.querySelector("#save").addEventListener("click", async () => {
  await fetch("/api/names", { method: "POST", body: JSON.stringify({ name: document.querySelector("#name").value }) });
  document.querySelector("form").hidden = true;
  await draw();
});""")
CHORES = ("<table><tbody id='chores'></tbody></table><p role='status'></p>",
          """const draw = (todos) => document.querySelector("#chores").replaceChildren(...todos.map((text) => {
  const remove = Object.assign(document.createElement("button"), { type: "button", textContent: "Delete" });
  remove.addEventListener("click", async () => {
    const answer = await fetch("/api/todos/delete", { method: "POST", body: text });
    draw(await answer.json());
    document.querySelector("[role=status]").textContent = "Deleted " + text;
  });
  const row = document.createElement("tr");
  row.append(Object.assign(document.createElement("td"), { textContent: text }), document.createElement("td"));
  row.lastChild.append(remove);
  return row;
}));
fetch("/api/todos").then((r) => r.json()).then(draw);""")
SITE = ("<nav></nav><form hidden><label>Title <input id='title'></label> "
        "<button type='button'>Save</button></form><p role='status'></p>",
        """let open = null;
const draw = (pages) => document.querySelector("nav").replaceChildren(...Object.entries(pages).map(([id, title]) => {
  const link = Object.assign(document.createElement("a"), { href: "#" + id, textContent: title });
  link.addEventListener("click", async () => {
    open = id;
    const page = await (await fetch("/api/site/" + id)).json();
    document.querySelector("form").hidden = false;
    document.querySelector("#title").value = page.title;
  });
  return link;
}));
fetch("/api/site").then((r) => r.json()).then(draw);
document.querySelector("button").addEventListener("click", async () => {
  const title = document.querySelector("#title").value;
  draw(await (await fetch("/api/site/" + open, { method: "PUT", body: title })).json());
  document.querySelector("[role=status]").textContent = "Saved " + title;
});""")
NOTEBOOK = ("<label>Name <input id='name'></label> <button type='button'>Save</button><p role='status'></p>",
            """let held = [];
fetch("/api/names").then((r) => r.json()).then((names) => { held = names; });
document.querySelector("button").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  if (held.includes(name) && !confirm("Overwrite the note " + name + "?")) return;
  await fetch("/api/names/" + encodeURIComponent(name), { method: "PUT", body: "{}" });
  held.push(name);
  document.querySelector("[role=status]").textContent = "Saved " + name;
});""")
# a form alone; Save keeps the entry and shows every entry kept so far, as a table of records does after
# an insert: what the recording saved is listed beside what the test saves again
ENTRIES = ("<label>Entry <input id='entry'></label> <button type='button'>Save</button><ul id='entries'></ul>",
           """document.querySelector("button").addEventListener("click", async () => {
  const entry = document.querySelector("#entry").value;
  const all = await fetch("/api/entries", { method: "POST", body: entry }).then((r) => r.json());
  document.querySelector("#entries").replaceChildren(...all.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
});""")
TICKETS = ("<form method='post' action='/tickets/new'><input type='hidden' name='id' value=''>"
           "<label>Summary <input name='title'></label>"
           "<fieldset><legend>Action</legend><label><input type='radio' name='action' value='create' checked> create</label>"
           "<label><input type='radio' name='action' value='assign'> assign</label></fieldset>"
           "<button name='submit' value='create'>Create ticket</button></form>", "")
OWNER = ("<div id='setup'></div><p role='status'></p>",
          """fetch("/api/owner/settings").then((r) => r.json()).then(({ title }) => {
  document.querySelector("#setup").innerHTML = "<h2></h2><label>Email <input id='email'></label> "
    + "<label>Full name <input id='name'></label> <button type='button'>Create owner</button>";
  document.querySelector("h2").textContent = title;
  document.querySelector("button").addEventListener("click", async () => {
    const name = document.querySelector("#name").value;
    const body = JSON.stringify({ email: document.querySelector("#email").value, name });
    const answer = await fetch("/api/owner", { method: "POST", body });
    document.querySelector("[role=status]").textContent = answer.ok ? `Welcome ${name}!` : "Already set up";
  });
});""")
SIGN_IN = ("<label>User name <input></label> <label>Password <input type='password'></label> "
           "<button type='button'>Sign in</button>", "")
TICKET = "<p>Ticket #{number} (new)</p><h2>{summary}</h2>"
SEEDED_TODOS = ("Buy milk", "Walk the dog")
SEEDED_SITE = {"about": "About", "contact": "Contact"}
# a sort the server keeps: the header is clicked to sort, and says so from then on, on every load
SORTING = ("<button type='button' id='header'></button><p id='sorted'></p><ul id='rows'></ul>",
           """const draw = (sorted) => {
  document.querySelector("#header").textContent = sorted ? "\u25bc Name" : "Name";
  document.querySelector("#sorted").textContent = sorted ? "Sorted by name, descending" : "";
  const names = ["Ada", "Grace", "Linus"];
  document.querySelector("#rows").replaceChildren(...(sorted ? names.reverse() : names)
    .map((name) => Object.assign(document.createElement("li"), { textContent: name })));
};
document.querySelector("#header").addEventListener("click", async () => {
  draw((await fetch("/api/sorting", { method: "POST" }).then((r) => r.json())).sorted);
});
fetch("/api/sorting").then((r) => r.json()).then((answer) => draw(answer.sorted));""")
# the app's own code, fetched as it starts; once it has come, a tip drawn at random
TIP = """fetch("/api/tips.js").then((r) => r.text()).then(() => {
  const tips = ["Tip: drag a member to reorder the list", "Tip: press ? for the shortcuts", "Tip: double-click a name to rename it"];
  document.body.append(Object.assign(document.createElement("p"), { textContent: tips[Math.floor(Math.random() * tips.length)] }));
});"""
# a catalog of tips in a JSON answer, one put up at random (Node-RED's tips of the day: its {{keys}} filled in,
# its [key] markup drawn as keys, "Hold down [ctrl] when you [click] …")
TIPS_CATALOG = {"info": {f"tip{n}": tip for n, tip in enumerate((
    "Hint: press {{core:search}} to find a [member]", "Hint: [drag] a member to reorder the list",
    "Hint: hold down [ctrl] when you [double-click] a name to rename it", "Hint: press {{core:help}} for the [shortcuts]",
    "Hint: members can leave the team from their own [Profile] page", "Hint: an invitation lasts a week [*]",
    "Hint: find a member with {{core:search}}"))}}
DRAWN_TIP = r"""fetch("/api/tips").then((r) => r.json()).then((catalog) => {
  const tips = Object.values(catalog.info).map((tip) => tip.replace(/\{\{[^}]*\}\}/g, "[ctrl-k]")
    .replace(/\[([^\]]+)\]/g, "<kbd>$1</kbd>"));
  document.body.append(Object.assign(document.createElement("p"), { innerHTML: tips[FIRST_TIP ?? Math.floor(Math.random() * tips.length)] }));
});"""
# the app's theme, asked for as it starts and set as a class on the body (a dark mode): it draws no text
THEME = """fetch("/api/theme").then((r) => r.json()).then((theme) => { document.body.className = theme.name; });"""
THEME_S = 0.4
PROMPT_LOADS = 2           # /ping/'s loads whose handler comes at once
PING_LATE_MS = 10_000      # ... and when it comes on the loads after them
PING = ("<button type='button'>Ping</button><p role='status'></p>",
        """setTimeout(() => document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Pong";
}), LATE_MS);""")
HEAVY_WORK_MS = 1_500      # longer than the 500 ms in which a drawing counts as an answer's (network.py)
# the same members asked for (a synchronous request) and worked on as the document turns interactive, in the
# task that ends its parsing: the answer and the long task are over before verdex's first call can run, as a
# busy machine lets an app's be
HEAVY_FIRST = ("<button type='button'>Invite</button><p role='status'></p><div id='list'></div>",
               """document.addEventListener("readystatechange", () => {
  if (document.readyState !== "interactive") return;
  const request = new XMLHttpRequest();
  request.open("GET", "/api/users", false);
  request.send();
  const worked = performance.now() + %d;
  while (performance.now() < worked);
  const list = document.querySelector("#list");
  list.append(Object.assign(document.createElement("p"), { textContent: "Members" }));
  for (const name of JSON.parse(request.responseText)) list.append(Object.assign(document.createElement("li"), { textContent: name }));
  document.querySelector("button").addEventListener("click", () => {
    document.querySelector("[role=status]").textContent = "Invitation sent";
  });
});""" % HEAVY_WORK_MS)


LOADED = ("<button type='button'>Invite</button><p role='status'></p><div id='list'></div>",
          """fetch("/api/users").then((r) => r.json()).then((users) => {
  const worked = performance.now() + WORK_MS;       // what the app does with the answer before it draws it
  while (performance.now() < worked);
  const list = document.querySelector("#list");
  if (REDRAW) { const button = document.querySelector("button"); button.replaceWith(button.cloneNode(true)); }
  if (NOTICE) document.body.prepend(Object.assign(document.createElement("div"), { textContent: NOTICE, role: "alert" }));
  if (SORTED) {                       // a select drawn with the data: its value is the control's, not the data
    const sort = Object.assign(document.createElement("div"), { textContent: "Sort descending", tabIndex: 0 });
    sort.setAttribute("role", "combobox");
    list.append(sort);
  }
  if (CREDITED) {                     // a line drawn with icons whose titles are no text the page shows
    const flag = (country) => `<svg width="12" height="8" viewBox="0 0 3 2"><title>${country}</title><rect width="3" height="2"/></svg>`;
    list.append(Object.assign(document.createElement("p"), { innerHTML: "Made with care in " + ["Spain", "India", "Canada"].map(flag).join("") }));
  }
  list.append(Object.assign(document.createElement("p"), { textContent: HEADLINE }));
  for (const name of users) list.append(Object.assign(document.createElement("li"), { textContent: name }));
  document.querySelector("button").addEventListener("click", () => {
    document.querySelector("[role=status]").textContent = "Invitation sent";
  });
});""")

# the names are the page's own; the answer draws only their count, as a server's template lays it out (on
# lines of its own, indented): the text Playwright matches a pattern against holds that whitespace
COUNTED = ("<button type='button'>Invite</button><p role='status'></p>"
           "<ul><li>Ada Lovelace</li><li>Grace Hopper</li></ul><p id='summary'></p>",
           """fetch("/api/users").then((r) => r.json()).then((users) => {
  const count = users.length;
  document.querySelector("#summary").innerHTML = `\n      Showing\n      1-${count} of ${count} members\n    `;
  document.querySelector("button").addEventListener("click", () => {
    document.querySelector("[role=status]").textContent = "Invitation sent";
  });
});""")

# the members, and the invitations still pending, each list an answer of its own: while none is pending the
# page says so ("No pending invitations"), as a dashboard says "No runs in this time period"
INVITES = ("<button type='button'>Invite</button><p role='status'></p><ul id='members'></ul><div id='pending'></div>",
           """fetch("/api/users").then((r) => r.json()).then((users) => {
  document.querySelector("#members").append(...users.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
});
fetch("/api/invites").then((r) => r.json()).then(({ invites }) => {
  document.querySelector("#pending").replaceChildren(...(invites.length
    ? invites.map((mail) => Object.assign(document.createElement("p"), { textContent: "Invited " + mail }))
    : [Object.assign(document.createElement("p"), { textContent: "No pending invitations" })]));
});
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Invitation sent";
});""")

PENDING_ROWS = ("<button type='button'>Invite</button><p role='status'></p><ul id='members'></ul>"
                "<table><tbody id='pending'></tbody></table><p id='none'></p>",
                """fetch("/api/users").then((r) => r.json()).then((users) => {
  document.querySelector("#members").append(...users.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
});
fetch("/api/invites/ROWS").then((r) => r.text()).then((rows) => {
  const pending = document.querySelector("#pending");
  pending.innerHTML = rows;                                 // the server renders them
  document.querySelector("#none").textContent = pending.rows.length ? "" : "No pending invitations";
});
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Invitation sent";
});""")

# the same, drawn once both answers are in: the empty state is drawn after the members' answer, which ended last
INVITES_TOGETHER = (INVITES[0], """Promise.all([fetch("/api/invites"), fetch("/api/users")].map((asked) => asked.then((r) => r.json())))
  .then(([{ invites }, users]) => {
    document.querySelector("#pending").replaceChildren(...(invites.length
      ? invites.map((mail) => Object.assign(document.createElement("p"), { textContent: "Invited " + mail }))
      : [Object.assign(document.createElement("p"), { textContent: "No pending invitations" })]));
    document.querySelector("#members").append(...users.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
  });
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = "Invitation sent";
});""")

BOARD = ("<button type='button'>Invite</button><p role='status'></p><ul id='members'></ul><div id='roles'></div>",
         """let roles = null;
const badge = (part) => Object.assign(document.createElement("img"), { src: "/api/board/badge/" + part, alt: "" });
fetch("/api/board/members").then((r) => r.json()).then((names) => {
  document.querySelector("#members").append(...names.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
  document.querySelector("#members").append(badge("members"));
});
fetch("/api/board/roles").then((r) => r.json()).then((answer) => {
  roles = answer;
  document.querySelector("#roles").append(Object.assign(document.createElement("p"), { textContent: answer.summary }));
  document.querySelector("#roles").append(badge("roles"));
});
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = roles ? "Invitation sent" : "Roles not loaded yet";
});""")
BOARD_PARTS = {"members": ["Ada Lovelace", "Grace Hopper"], "roles": {"summary": "Owners and admins can invite"}}
BOARD_ORDER = ("roles", "members")
BADGE = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>'
BOARD_BOUND_S = 60.0         # a bound for a page that never draws a part or a test that never lets go, not a timing


class ProofApps:
    def __init__(self) -> None:
        self.documents = 0
        self.ping_loads = 0              # the loads of /ping/ so far
        self.names: set[str] = set()
        self.todos = list(SEEDED_TODOS)
        self.entries: list[str] = []
        self.tickets = 0
        self.sorted = False
        self.site = dict(SEEDED_SITE)
        self.assets_twice = False        # a second code location defines raw_orders too
        self.names_late = False          # GET /api/names answers after SLOW_API_S: the page has opened by then
        self.first_tip: int | None = None  # the tip the next load of /drawn-tips/ draws (later ones: at random)
        self.invites: list[str] = []     # the invitations /invites/ lists as pending
        self.owner: str | None = None    # the owner /owner/'s one-time setup made
        self.announcing = False          # /layers/ puts a notice up over its page (set after a recording)
        self.lock = threading.Lock()
        self.board_turn = threading.Condition()
        self.board_order, self.board_held, self.board_drawn = BOARD_ORDER, None, []

    def reset(self) -> None:
        with self.lock:
            self.documents, self.names, self.todos, self.entries, self.tickets = 0, set(), list(SEEDED_TODOS), [], 0
            self.sorted, self.site, self.owner, self.announcing = False, dict(SEEDED_SITE), None, False
        with self.board_turn:
            self.board_order, self.board_held, self.board_drawn = BOARD_ORDER, None, []
            self.board_turn.notify_all()

    def answer_board_in(self, order: tuple[str, ...], *, holding: str | None = None) -> None:
        """The order the server answers the board's parts in; the part ``holding`` waits for ``let_go``."""
        with self.board_turn:
            self.board_order, self.board_held = order, holding

    def let_go(self) -> None:
        with self.board_turn:
            self.board_held = None
            self.board_turn.notify_all()

    def _board_part(self, part: str) -> tuple[int, str, str]:
        """A part of the board once the page has drawn every part before it (and, the held one, once let go)."""
        with self.board_turn:
            ahead = self.board_order[:self.board_order.index(part)]
            if not self.board_turn.wait_for(lambda: set(ahead) <= set(self.board_drawn)
                                            and self.board_held != part, BOARD_BOUND_S):
                return 503, "text/plain", "the parts before it were never drawn"
        return 200, "application/json", json.dumps(BOARD_PARTS[part])

    def _board_drawn(self, part: str) -> tuple[int, str, str]:
        with self.board_turn:
            self.board_drawn.append(part)
            self.board_turn.notify_all()
        return 200, "image/svg+xml", BADGE

    def answer(self, method: str, path: str, body: bytes) -> tuple[int, str, str]:
        if method == "GET" and path.startswith("/docs/edit/"):
            return 200, "text/html", PAGE.format(title="Editing " + path.rsplit("/", 1)[1], body="", script="")
        pages = {"/docs/": ("Documents", DOCS), "/names/": ("Names", NAMES), "/secret/": ("Vault", SECRET),
                 "/todos/": ("Todos", TODOS), "/projects/": ("Projects", PROJECTS),
                 "/shelf/": ("Shelf", SHELF), "/catalogue/": ("Catalogue", CATALOGUE), "/library/": ("Library", LIBRARY), "/workbench/": ("Workflows", WORKBENCH), "/chores/": ("Chores", CHORES),
                 "/layers/": ("Layers", LAYERS), "/heavy-first/": ("Team", HEAVY_FIRST),
                 "/folders/": ("Folders", FOLDERS),
                 "/counted/": ("Team", COUNTED), "/entries/": ("Entries", ENTRIES), "/tickets/": ("New Ticket", TICKETS),
                 "/sorting/": ("People", SORTING), "/notebook/": ("Notebook", NOTEBOOK),
                 "/site/": ("Site", SITE), "/invites/": ("Team", INVITES),
                 "/invites-together/": ("Team", INVITES_TOGETHER), "/owner/signin": ("Sign in", SIGN_IN)}
        if method == "GET" and path == "/owner/":
            if self.owner is not None:
                return 302, "text/html", "/owner/signin"          # set up once: the server sends it to sign in
            return 200, "text/html", PAGE.format(title="Welcome", body=OWNER[0], script=OWNER[1])
        if method == "GET" and path == "/api/owner/settings":
            return 200, "application/json", json.dumps({"title": "Set up the owner account"})
        if method == "POST" and path == "/api/owner":
            with self.lock:
                if self.owner is not None:
                    return 409, "application/json", json.dumps({"error": "already set up"})
                self.owner = json.loads(body or b"{}").get("name", "")
            return 201, "application/json", "{}"
        if method == "GET" and path == "/assets/":
            rows = ASSET_ROWS[:1] * self.assets_twice + ASSET_ROWS
            html = ASSETS[0].format(rows="".join(
                f"<li><button type='button'>{escape(name)}</button><p>{escape(about)}</p></li>" for name, about in rows))
            return 200, "text/html", PAGE.format(title="Assets", body=html, script=ASSETS[1])
        if method == "GET" and path in pages:
            title, (html, script) = pages[path]
            return 200, "text/html", PAGE.format(title=title, body=html, script=script)
        loaded = {"/users/": ("2 users", 0, "", False, False), "/i18n/": ("common.done", 0, "", False, False),
                  "/heavy/": ("Members", HEAVY_WORK_MS, "", False, False),
                  "/news/": ("Members", 0, "Would you like to get notified about Team news?", False, False),
                  "/toolbar/": ("Members", 0, "", True, False), "/sorted/": ("Members", 0, "", False, True),
                  "/tips/": ("Members", 0, "", False, False), "/drawn-tips/": ("Members", 0, "", False, False),
                  "/themed/": ("Members", 0, "", False, False), "/credited/": ("Members", 0, "", False, False)}
        if method == "GET" and path in loaded:
            html, script = LOADED[0], LOADED[1] + {"/tips/": "\n" + TIP, "/drawn-tips/": "\n" + DRAWN_TIP,
                                          "/themed/": "\n" + THEME}.get(path, "")
            headline, work_ms, notice, redraw, sorted_ = loaded[path]
            with self.lock:
                first_tip, self.first_tip = self.first_tip, None
            return 200, "text/html", PAGE.format(title="Team", body=html, script=script.replace(
                "HEADLINE", json.dumps(headline)).replace("WORK_MS", str(work_ms)).replace("NOTICE", json.dumps(notice))
                .replace("REDRAW", json.dumps(redraw)).replace("SORTED", json.dumps(sorted_))
                .replace("FIRST_TIP", json.dumps(first_tip)).replace("CREDITED", json.dumps(path == "/credited/")))
        if method == "GET" and path == "/ping/":
            with self.lock:
                self.ping_loads += 1
                late_ms = 0 if self.ping_loads <= PROMPT_LOADS else PING_LATE_MS
            return 200, "text/html", PAGE.format(title="Ping", body=PING[0], script=PING[1].replace("LATE_MS", str(late_ms)))
        if method == "GET" and path == "/board/":
            with self.board_turn:
                self.board_drawn = []                 # a fresh load draws every part again
            return 200, "text/html", PAGE.format(title="Board", body=BOARD[0], script=BOARD[1])
        if method == "GET" and path.startswith("/api/board/badge/"):
            return self._board_drawn(path.rsplit("/", 1)[1])
        if method == "GET" and path.removeprefix("/api/board/") in BOARD_PARTS:
            return self._board_part(path.removeprefix("/api/board/"))
        if method == "GET" and path in ("/pending-rows/", "/pending-bare/"):
            script = PENDING_ROWS[1].replace("ROWS", path.strip("/").removeprefix("pending-"))
            return 200, "text/html", PAGE.format(title="Team", body=PENDING_ROWS[0], script=script)
        if method == "GET" and path in ("/api/invites/rows", "/api/invites/bare"):
            rows = "".join(f"<tr><td>{escape(mail)}</td><td>pending</td></tr>" for mail in self.invites)
            empty = "<tr><td colspan='2'>No pending invitations</td></tr>" if path.endswith("/rows") else ""
            return 200, "text/html", rows or empty
        if method == "GET" and path == "/api/invites":
            return 200, "application/json", json.dumps({"invites": self.invites, "total": len(self.invites)})
        if method == "GET" and path == "/api/tips":
            return 200, "application/json", json.dumps(TIPS_CATALOG)
        if method == "GET" and path == "/api/theme":
            time.sleep(THEME_S)                    # well after the page's HTML was parsed, before the users
            return 200, "application/json", json.dumps({"name": "dark"})
        if method == "GET" and path == "/api/tips.js":
            return 200, "text/javascript", "// the tips' own module"
        if method == "GET" and path == "/api/users":
            time.sleep(SLOW_API_S)                 # the data comes after the page has opened, as from a busy API
            return 200, "application/json", json.dumps(["Ada Lovelace", "Grace Hopper"])
        if method == "GET" and path.startswith("/api/names") and self.names_late:
            time.sleep(SLOW_API_S)
        with self.lock:
            if path == "/api/todos":
                if method == "POST":
                    self.todos.append(body.decode())
                return 200, "application/json", json.dumps(self.todos)
            if method == "POST" and path == "/tickets/new":
                self.tickets += 1
                summary = escape(urllib.parse.parse_qs(body.decode()).get("title", [""])[0])
                return 200, "text/html", PAGE.format(title=f"#{self.tickets}", script="",
                                                     body=TICKET.format(number=self.tickets, summary=summary))
            if method == "GET" and path == "/api/site":
                return 200, "application/json", json.dumps(self.site)
            if path.removeprefix("/api/site/") in self.site:
                if method == "PUT":
                    self.site[path.removeprefix("/api/site/")] = body.decode()
                    return 200, "application/json", json.dumps(self.site)
                return 200, "application/json", json.dumps({"title": self.site[path.removeprefix("/api/site/")]})
            if path == "/api/sorting":
                self.sorted = self.sorted or method == "POST"
                return 200, "application/json", json.dumps({"sorted": self.sorted})
            if method == "POST" and path == "/api/entries":
                self.entries.append(body.decode())
                return 200, "application/json", json.dumps(self.entries)
            if method == "POST" and path == "/api/todos/delete":
                self.todos = [todo for todo in self.todos if todo != body.decode()]
                return 200, "application/json", json.dumps(self.todos)
            if method == "POST" and path == "/api/docs":
                name = "Untitled.doc" if self.documents == 0 else f"Untitled{self.documents}.doc"
                self.documents += 1
                return 201, "application/json", json.dumps({"name": name})
            if method == "GET" and path == "/api/names":
                return 200, "application/json", json.dumps(sorted(self.names))
            if method == "GET" and path == "/api/names/rows":
                return 200, "application/json", json.dumps({"rows": "".join(
                    "<tr>" + "".join(f"<td>{escape(part)}</td>" for part in name.split(" by ")) + "</tr>"
                    for name in sorted(self.names)) or "<tr><td colspan='2'>No books yet</td></tr>"})
            if method == "GET" and path == "/api/notice":
                notice = "Maintenance tonight: layers are read-only" if self.announcing else ""
                return 200, "application/json", json.dumps({"notice": notice})
            if method == "DELETE" and path.startswith("/api/names/"):
                self.names.discard(urllib.parse.unquote(path.rsplit("/", 1)[1]))
                return 204, "application/json", ""
            if method == "PUT" and path.startswith("/api/names/"):
                self.names.add(urllib.parse.unquote(path.rsplit("/", 1)[1]))
                return 204, "application/json", ""
            if method == "POST" and path == "/api/names":
                name = json.loads(body or b"{}").get("name", "")
                if name in self.names:
                    return 409, "application/json", json.dumps({"error": "That name is taken"})
                self.names.add(name)
                return 201, "application/json", json.dumps({"name": name})
        if method == "POST" and path == "/api/unlock":
            return (200 if body.decode() == PASSWORD else 403), "application/json", "{}"
        return 404, "text/plain", "not found"


@contextmanager
def proof_apps(port: int = 0) -> Iterator[tuple[str, ProofApps]]:
    apps = ProofApps()
    with answering(lambda request: apps.answer(request.method, request.path, request.body), port) as url:
        yield url, apps
