"""Small apps whose targets are told apart by a name their container shows, not by a name of their own
(tests/test_names_inside.py), each a class of real apps, not a copy of one:

- ``/files/``: a file list the server keeps across page loads and runs. Each entry is a ``div.entry``: a
  clickable title (a ``div`` with a click listener, an icon and its name in a child ``span``: no name of
  its own) and the links of its kind — a file's "Load" and "Delete", a folder's "Move" and "Delete". "Create
  folder" adds a folder by the name typed in "Folder name"; a folder's title opens it ("Currently in …").
  Every run of a flow that creates a folder adds one more entry like it, as a file manager's list grows;
- ``/signup/``: a form whose fields have no accessible name (each ``label for`` names an id no field
  has, as a template that binds its fields by script does), each in a ``div.form-group``; one label is a
  part of its neighbour's ("Email" and "Confirm Email"). "Sign up" says whether the two emails match;
- ``/tiles/``: a welcome page's quick links, each a tile: a ``div`` with a hand cursor (the outermost element
  that shows one, so the snapshot's clickable) whose only child is a link with no ``href`` (no role) that
  lies over most of it, holds an icon in a ``div`` and the tile's words, and handles the click through a listener; a
  sidebar lists servers, each a ``div`` holding the same icon as "Add New Server". "Add New Server" opens a
  form ("Register a server"). A tile has no name, role or class a locator takes, and its words are its
  link's whole text, which Playwright's text engine finds on the link, not on the tile;
- ``/grid/``: a data grid's page built of a component library's buttons, each with the library's class
  first (``ant-btn``): a sidebar of tables, each with an options button of an icon only, and a toolbar
  whose "New record" has beside it another icon-only button (``add-record-more``, after the library's
  classes, in a wrapper of utility classes) that shows "New record - Form". The server lists one more table
  on each load, as each run of a flow that creates a table leaves one: the buttons before the toolbar's
  are one more on every load;
- ``/record/``: a CMS's record form: each field a ``dl.field`` of a term ("Title", "Body") and its control,
  which no label names; the page fills the controls once ``GET /record/api/record`` has answered (the body's
  ``textarea`` through its text, as React's ``defaultValue`` does), and "Save Changes" sends them
  (``PUT /record/api/record``), which the server keeps ("Saved"): the next load shows what was saved;
  ``/record/later/`` the same form, filled only once "Edit Projects" is clicked (a CMS's admin loading the
  record of the page picked in its tree), of a record of its own (``/record/later/api/record``);
- ``/ledger/``: a sidebar whose "Add account" is a ``div`` with ``role=button`` and its words in a child
  ``div`` (a React Native for Web view), beside an empty state whose "Add account" is a ``<button>`` whose
  words are its own text: the same role and name twice, and the sidebar's control told apart by the words
  a child shows only if a peer that is itself those words counts as holding them, as Playwright's text
  engine counts it. The sidebar's opens "Create Local Account", the empty state's "Link a bank".
- ``/budget/``: a budget's rows, every one ``<div data-testid="row">`` of cell ``div``s with generated classes
  (its group's name, three amounts) and a menu ``<button>`` with no name: the button is told apart only by
  its row, and the row — its test id shared by every row — only by a text of its own. Playwright reads a
  row's text with nothing between its cells ("Usual Expenses0.000.000.00"), so a text joined with spaces
  ("Usual Expenses 0.00 0.00 0.00") finds no row. A menu button opens "Menu of <group>".
- ``/menu/``: an editor's menu bar of ``span``s wired up by script ("Open", "Save", "Close": no role, each found
  by its text), over a form whose submit button is an ``<input type="submit" value="Save">``: no text node, yet
  Playwright's text engine reads its value as its text, so the menu's "Save" is one of two ``get_by_text("Save",
  exact=True)`` finds. The menu's "Save" says "Saved from the menu", the form's "Saved from the form".
- ``/budgets/``: a list of budget files, each a ``div.file`` wired up by script (a hand cursor, no role) that
  holds two blocks, its name and its state ("My Finances" over "Available for download", "Old Budget" over
  "Local only"): a reader, Chromium and ``innerText`` see two lines, ``textContent`` (what Playwright's
  ``get_by_text`` and ``has_text`` match) runs them together. A file's click says "Opening <name>".
- ``/categories/``: a list of categories, each an ``li`` wired up by script (a hand cursor) that shows its words
  beside an arrow icon, an SVG titled "Arrow Icon" (a template browser's categories): a category's click
  says "Showing <category>".
- ``/export/``: a report's toolbar (``div.toolbar``) with "Export" ("Exported the report") above a closed
  ``<details>`` ("Advanced") whose panel holds an "Export" of its own ("Exported the selection"): the browser
  does not draw a closed accordion's content, so Playwright's role engine and Chromium's tree find one "Export".
- ``/picker/``: a node picker's list (a workflow editor's "What triggers this workflow?"): each item a ``div``
  wired up by script (a hand cursor, a hashed class, no role or test id) that holds an icon, then its name
  (a ``span``) over a description (a ``p``) in a wrapper ``div`` — no child holds the whole of its words, which
  run past 80 characters. An item's click says "Added <name>".
- ``/members/``: a members list the server keeps across page loads and runs (a newsletter's audience): "Name" and
  "Email", then "Save" (``POST /api/members``) adds one. Each row's cells are links to the member, each with the
  attribute that names its column (``data-column="details"``, ``"status"``) — the same in every row; the first
  cell's link shows the member's initials in a ``figure`` (no part of its name), then the name (an ``h3``) over
  the email (a ``p``), each on a line of its own in the markup, as a template writes them: the link's name is
  "<name> <email>", which its ``textContent`` holds only with the template's line breaks between. A member's
  link says "Showing <name>". Every run of a flow that adds a member adds one more row like it.
- ``/events/``: a dashboard's event tiles, drawn from ``GET /api/events`` (a ticket shop's back office): each a
  ``div.widget-small`` that holds the event's link (its name, then its date and time, "Spring Walk 2027
  Jan. 29, 2027 13:17"), a link that counts its orders ("5 orders") and one with its state ("On sale"). The server keeps
  the counts (``orders``): a ticket sold in the shop counts one more. An event's link says "Showing <name>".
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from tests.answering_server import Request, answering
from tests.generation_apps import PAGE

FILES = ("""<style>.entry > div{cursor:pointer;display:inline-block} .entry i{display:inline-block;width:14px}</style>
<p><label>Folder name <input id="folder-name"></label> <button type="button" id="create">Create folder</button></p>
<div id="files"></div><p id="where">Currently in /</p>""",
         """const list = document.querySelector("#files");
const draw = (entries) => {
  list.replaceChildren(...entries.map((entry) => {
    const row = document.createElement("div");
    row.className = "entry";
    const title = document.createElement("div");
    const icon = document.createElement("i");
    icon.className = entry.type === "folder" ? "fa fa-folder-open" : "fa fa-file";
    const name = document.createElement("span");
    name.textContent = entry.name;
    title.append(icon, " ", name);
    title.addEventListener("click", () => {
      document.querySelector("#where").textContent = "Currently in " + entry.name;
    });
    row.append(title, " ");
    for (const word of entry.type === "folder" ? ["Move", "Delete"] : ["Load", "Delete"]) {
      const link = Object.assign(document.createElement("a"), { href: "#", textContent: word });
      row.append(link, " ");
    }
    return row;
  }));
};
const load = () => fetch("/api/files").then((r) => r.json()).then(draw);
document.querySelector("#create").addEventListener("click", async () => {
  const name = document.querySelector("#folder-name").value;
  await fetch("/api/folders", { method: "POST", body: JSON.stringify({ name }) });
  await load();
});
load();""")
SIGNUP = ("""<form>""" + "".join(
    f'<div class="form-group"><label for="{key}-field">{label}</label> <input type="text" class="form-control"></div>'
    for key, label in (("user", "Username"), ("email", "Email"), ("confirm", "Confirm Email"))) + """
<button type="button">Sign up</button></form><p id="said"></p>""",
          """document.querySelector("button").addEventListener("click", () => {
  const [, email, confirm] = [...document.querySelectorAll("input")].map((input) => input.value);
  document.querySelector("#said").textContent = email && email === confirm ? "Emails match" : "Emails differ";
});""")
TILES = ("""<style>.WelcomePage-quickLink{cursor:pointer;margin:4px;padding:2px 0} .WelcomePage-quickLink a{cursor:pointer;display:block}
</style>
<aside>""" + "".join(f'<div class="SideBar-serverEntry"><span class="fa fa-server"></span> db{n}</div>' for n in range(3)) + """</aside>
<section>""" + "".join(f'<div class="WelcomePage-quickLink"><a><div class="WelcomePage-linkIcon"><span class="fa {icon}"></span></div>{words}</a></div>'
                       for icon, words in (("fa-server", "Add New Server"), ("fa-cogs", "Configure"))) + """</section>
<p id="opened"></p>""",
         """document.querySelector("section a").addEventListener("click", () => {
  document.querySelector("#opened").textContent = "Register a server";
});""")
ICON = '<svg class="nc-icon" viewBox="0 0 24 24" width="16" height="16"><path d="M6 9l6 6 6-6"/></svg>'
GRID = ("""<aside id="tables"></aside>
<div class="toolbar"><button type="button" class="ant-btn nc-button">Filter</button>
<button type="button" class="ant-btn nc-button">Sort</button>
<div class="flex rounded-lg"><button type="button" class="ant-btn nc-button add-record">New record</button><button
 type="button" class="ant-btn ant-btn-secondary nc-button add-record-more">""" + ICON + """</button></div></div>
<p id="said"></p>""",
        """fetch("/api/tables").then((r) => r.json()).then((names) => {
  document.querySelector("#tables").innerHTML = names.map((name) =>
    '<div class="table-entry"><span>' + name + '</span><button type="button" class="ant-btn ant-btn-secondary nc-button">'
    + ICON + '</button></div>').join("");
});
document.querySelector(".add-record").addEventListener("click", () => {
  document.querySelector("#said").textContent = "Row added";
});
document.querySelector(".add-record-more").addEventListener("click", () => {
  document.querySelector("#said").textContent = "New record - Form";
});""".replace("ICON", json.dumps(ICON)))
RECORD = ("""<dl class="field"><dt>Title</dt><dd><input></dd></dl>
<dl class="field"><dt>Body</dt><dd><textarea rows="4"></textarea></dd></dl>
<button type="button" id="save">Save Changes</button><p role="status"></p>""",
          """const load = () => fetch("api/record").then((r) => r.json()).then((record) => {
  document.querySelector("input").value = record.title;
  document.querySelector("textarea").textContent = record.body;
});
const edit = document.querySelector("#edit");
if (edit) edit.addEventListener("click", load); else load();
document.querySelector("#save").addEventListener("click", async () => {
  const record = { title: document.querySelector("input").value, body: document.querySelector("textarea").value };
  await fetch("api/record", { method: "PUT", body: JSON.stringify(record) });
  document.querySelector("[role=status]").textContent = "Saved";
});""")
FIRST_RECORD = {"title": "Projects", "body": "This is a list of the projects: Project 1, Project 2"}
LEDGER = ("""<div class="view"><div class="view"><div role="button" tabindex="0" class="view"><div
 class="view">Add account</div></div></div><div class="view"><div class="view">For this app to be useful, you need to
 add an account.</div><button type="button">Add account</button></div></div>
<p id="said"></p>""",
          """const say = (text) => () => { document.querySelector("#said").textContent = text; };
document.querySelector("[role=button]").addEventListener("click", say("Create Local Account"));
document.querySelector("button").addEventListener("click", say("Link a bank"));""")
GROUPS = ("Investments and Savings", "Usual Expenses", "Bills", "Income")
BUDGET = ("".join(f"""<div data-testid="row" class="css-8tjq2x"><div class="css-1dyb1ao"><div
 class="css-kq4xmn">{group}</div></div><div class="css-1kcvnu">0.00</div><div class="css-1kcvnu">0.00</div><div
 class="css-1kcvnu">0.00</div><button type="button" class="css-19hx9gf"><svg width="10" height="10"
 viewBox="0 0 10 10"><path d="M0 3h10L5 8z"/></svg></button></div>""" for group in GROUPS) + '<p id="said"></p>',
          """for (const row of document.querySelectorAll("[data-testid=row]")) {
  row.querySelector("button").addEventListener("click", () => {
    document.querySelector("#said").textContent = "Menu of " + row.querySelector(".css-kq4xmn").textContent;
  });
}""")
MENU = ("""<style>.menu span{cursor:pointer;margin-right:8px}</style>
<nav class="menu"><span class="item">Open</span><span class="item">Save</span><span class="item">Close</span></nav>
<form><label>Title <input name="title"></label> <input type="submit" value="Save"></form><p id="said"></p>""",
        """const say = (text) => { document.querySelector("#said").textContent = text; };
for (const item of document.querySelectorAll(".item"))
  item.addEventListener("click", () => say(item.textContent + "d from the menu"));
document.querySelector("form").addEventListener("submit", (event) => { event.preventDefault(); say("Saved from the form"); });""")
BUDGET_FILES = ("""<style>.file{cursor:pointer;border:1px solid #ccc;margin:4px;padding:4px}</style>""" + "".join(
    f"""<div class="file"><div class="file-name">{name}</div><div class="file-state">{state}</div></div>"""
    for name, state in (("My Finances", "Available for download"), ("Old Budget", "Local only")))
    + '<p id="said"></p>',
                """for (const file of document.querySelectorAll(".file"))
  file.addEventListener("click", () => {
    document.querySelector("#said").textContent = "Opening " + file.querySelector(".file-name").textContent;
  });""")
ARROW = '<svg width="8" height="8" viewBox="0 0 8 8"><title>Arrow Icon</title><path d="M2 0l4 4-4 4"/></svg>'
CATEGORIES = ("<style>li{cursor:pointer}</style><ul>" + "".join(
    f"<li>{name}{ARROW}</li>" for name in ("Computer Vision", "Natural Language Processing")) + '</ul><p id="said"></p>',
              """for (const item of document.querySelectorAll("li"))
  item.addEventListener("click", () => {
    document.querySelector("#said").textContent = "Showing " + item.textContent.replace("Arrow Icon", "");
  });""")
EXPORT = ("""<div class="toolbar"><button type="button">Export</button></div>
<details><summary>Advanced</summary><div class="panel"><label><input type="checkbox"> Selection only</label>
<button type="button">Export</button></div></details><p id="said"></p>""",
          """const say = (text) => () => { document.querySelector("#said").textContent = text; };
document.querySelector(".toolbar button").addEventListener("click", say("Exported the report"));
document.querySelector(".panel button").addEventListener("click", say("Exported the selection"));""")
PICKED = (("Trigger manually", "Runs the flow on clicking a button in n8n. Good for getting started quickly"),
          ("On a schedule", "Runs the flow every day, hour, or custom interval, as often as it is set up to"),
          ("On webhook call", "Runs the flow on receiving an HTTP request from another app or a service"))
PICKER = ("<style>._item_b7tre_123{cursor:pointer;display:flex;gap:8px;padding:6px}</style><div id='items'>" + "".join(
    f"""<div class="_item_b7tre_123" draggable="true"><svg width="16" height="16"><circle cx="8" cy="8" r="6"/></svg>
<div><div class="_details_b7tre_167"><span class="_name_b7tre_178">{name}</span><p>{said}</p></div></div></div>"""
    for name, said in PICKED) + "</div><p id='said'></p>",
          """for (const item of document.querySelectorAll("#items > div")) item.addEventListener("click", () => {
  document.querySelector("#said").textContent = "Added " + item.querySelector("span").textContent;
});""")
MEMBERS = ("""<p><label>Name <input id="member-name"></label> <label>Email <input id="member-email"></label>
<button type="button" id="save-member">Save</button></p>
<table><thead><tr><th>Member</th><th>Status</th></tr></thead><tbody id="members"></tbody></table><p id="shown"></p>""",
           """const rows = document.querySelector("#members");
const cell = (member, column, inner) => `<td><a href="#/members/${member.id}/" class="list-data" data-column="${column}">
  ${inner}
</a></td>`;
const draw = (members) => {
  rows.innerHTML = members.map((member) => `<tr>${cell(member, "details", `<div>
    <figure><span>${member.initials}</span></figure>
    <div>
      <h3>${member.name}</h3>
      <p>${member.email}</p>
    </div>
  </div>`)}${cell(member, "status", "Free")}</tr>`).join("");
  for (const link of rows.querySelectorAll("a")) link.addEventListener("click", () => {
    document.querySelector("#shown").textContent = "Showing " + link.closest("tr").querySelector("h3").textContent;
  });
};
const load = () => fetch("/api/members").then((r) => r.json()).then(draw);
document.querySelector("#save-member").addEventListener("click", async () => {
  const name = document.querySelector("#member-name").value, email = document.querySelector("#member-email").value;
  await fetch("/api/members", { method: "POST", body: JSON.stringify({ name, email }) });
  await load();
});
load();""")
EVENTS = ("<h1>Dashboard</h1><div id='widgets'></div><p id='shown'></p>",
          """fetch("/api/events").then((r) => r.json()).then((events) => {
  for (const event of events) {
    const tile = Object.assign(document.createElement("div"), { className: "widget-small" });
    const link = Object.assign(document.createElement("a"), { className: "event", href: "#" + event.slug });
    link.append(event.name + " ", Object.assign(document.createElement("time"), { textContent: event.when }));
    link.addEventListener("click", () => { document.querySelector("#shown").textContent = "Showing " + event.name; });
    tile.append(link, " ", Object.assign(document.createElement("a"), { href: "#orders", textContent: event.orders + " orders" }),
      " ", Object.assign(document.createElement("a"), { href: "#state", textContent: "On sale" }));
    document.querySelector("#widgets").append(tile);
  }
});""")
FIRST_FILES = ({"name": "cube.gcode", "type": "file"}, {"name": "benchy.gcode", "type": "file"})


class NamingApps:
    def __init__(self) -> None:
        self.files = list(FIRST_FILES)
        self.lock = threading.Lock()
        self.table_loads = 0
        self.records = {page: dict(FIRST_RECORD) for page in ("/record/", "/record/later/")}
        self.members: list[dict[str, object]] = []
        self.orders = {"spring": 5, "autumn": 2}

    def answer(self, request: Request) -> tuple[int, str, str]:
        pages = {"/files/": ("Files", FILES), "/signup/": ("Sign up", SIGNUP), "/tiles/": ("Welcome", TILES),
                 "/grid/": ("Tasks", GRID), "/record/": ("Projects", RECORD),
                 "/ledger/": ("Ledger", LEDGER), "/budget/": ("Budget", BUDGET), "/menu/": ("Editor", MENU),
                 "/budgets/": ("Files", BUDGET_FILES), "/categories/": ("Templates", CATEGORIES), "/export/": ("Report", EXPORT), "/picker/": ("Workflow", PICKER),
                 "/members/": ("Members", MEMBERS), "/events/": ("Dashboard", EVENTS),
                 "/record/later/": ("Projects", ('<button type="button" id="edit">Edit Projects</button>' + RECORD[0],
                                                 RECORD[1]))}
        if request.method == "GET" and request.path in pages:
            title, (html, script) = pages[request.path]
            return 200, "text/html; charset=utf-8", PAGE.format(title=title, body=html, script=script)
        if request.method == "GET" and request.path == "/api/files":
            with self.lock:
                return 200, "application/json", json.dumps(self.files)
        if request.method == "GET" and request.path == "/api/tables":
            with self.lock:
                self.table_loads += 1
                return 200, "application/json", json.dumps(
                    ["Features"] + [f"Tasks {n}" for n in range(1, self.table_loads + 1)])
        if request.path.removesuffix("api/record") in self.records:
            page = request.path.removesuffix("api/record")
            with self.lock:
                if request.method == "PUT":
                    self.records[page] = json.loads(request.body)
                return 200, "application/json", json.dumps(self.records[page])
        if request.method == "GET" and request.path == "/api/events":
            with self.lock:
                return 200, "application/json", json.dumps([
                    {"slug": "spring", "name": "Spring Walk 2027", "when": "Jan. 29, 2027 13:17", "orders": self.orders["spring"]},
                    {"slug": "autumn", "name": "Autumn Walk 2027", "when": "Oct. 2, 2027 10:00", "orders": self.orders["autumn"]}])
        if request.path == "/api/members":
            with self.lock:
                if request.method == "POST":
                    member = json.loads(request.body)
                    initials = "".join(word[:1].upper() for word in member["name"].split()[:2])
                    self.members.append({**member, "id": len(self.members) + 1, "initials": initials})
                return 200, "application/json", json.dumps(self.members)
        if request.method == "POST" and request.path == "/api/folders":
            with self.lock:
                self.files.append({"name": json.loads(request.body)["name"], "type": "folder"})
            return 201, "application/json", "{}"
        return 404, "text/plain", "not found"


@contextmanager
def naming_apps() -> Iterator[tuple[str, NamingApps]]:
    apps = NamingApps()
    with answering(apps.answer) as url:
        yield url, apps
