"""A control unique now, inside what the flow made (a container told apart by the run's ``{unique}`` value), is
found through that container: the next run makes another, and an app that keeps the first shows the control
twice. Recorded in a real Chromium, exported and run by pytest against the app the recording left as it was.

Kinto Admin's sidebar lists each bucket with its own "Create collection" link. The flow made bucket
``qa-{unique}`` and clicked its link, then the only one: ``get_by_role("link", name="Create collection")``;
the next run, with the recording's bucket still listed, failed on strict mode (2 elements), and proving blamed
"state the recording kept" although the flow had typed ``{unique}``. Here each item added shows its own
"Create collection" link; the test runs on the server the recording used, which still lists its item.
"""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.answering_server import answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.kept_list_app import KeptList, list_page

pytestmark = pytest.mark.anyio

BUCKETS = list_page("""<label>Bucket id <input id="name"></label> <button type="button" id="add">Create bucket</button>""",
                    """item.innerHTML = '<strong></strong> bucket <a href="#">Create collection</a>';
  item.querySelector("strong").textContent = name;
  item.querySelector("a").addEventListener("click", (event) => {
    event.preventDefault();
    document.querySelector("[role=status]").textContent = "New collection in " + name;
  });""")


# Prefect's concurrency limits: each row's cells ("qa-limit-6a3b5d8c", then its limit "5") run together in the
# row's textContent ("…6a3b5d8c5"), where the run's value has no end of its own; the row was not taken for what
# the flow made, its switch was found page-wide, and once a failed run had left its row behind every later run
# met two switches. The value is looked for in the row's texts one by one.
LIMITS = list_page("""<label>Bucket id <input id="name"></label> <button type="button" id="add">Create bucket</button>""",
                   """item.innerHTML = '<span></span><span>5</span>'
    + '<button type="button" role="switch" aria-checked="true" aria-label="toggle active">on</button>';
  item.querySelector("span").textContent = name;
  item.querySelector("button").addEventListener("click", (event) => {
    event.target.setAttribute("aria-checked", "false");
    document.querySelector("[role=status]").textContent = "New collection in " + name;
  });""")


@pytest.mark.parametrize(("page", "role", "name"), [(BUCKETS, "link", "Create collection"),
                                                    (LIMITS, "switch", "toggle active")],
                         ids=["sidebar link", "value glued to the next cell"])
async def test_a_control_inside_what_the_flow_made_is_found_through_it(tmp_path, page, role, name):
    recording = tmp_path / "buckets.jsonl"
    with answering(KeptList("Buckets", page).answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            token = await agent.fill_unique("textbox", "Bucket id", "qa-{unique}")
            await agent.click("button", "Create bucket", expect_text=f"qa-{token}")
            await agent.click(role, name, expect_text=f"New collection in qa-{token}")
            await agent.verify_text(f"New collection in qa-{token}")
        python = runner.export_python(recording, tmp_path, "buckets")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))   # the recording's bucket kept
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'filter(has_text=f"qa-{unique}")' in source, source


# JupyterHub's admin lists its users, each row with "Start Server", which becomes "Stop Server" once the user's
# server runs. User names are letters and digits: the flow added "eve{unique}", started its server and clicked
# its "Stop Server", then the only one on the page, and the test found it page-wide: the value glued to the word
# before it was not taken for a run's, so the row was not taken for what the flow made. The next run, with a
# server left running by a run that failed (or any other user's), met two.
SERVERS = list_page("""<label>User name <input id="name"></label> <button type="button" id="add">Add user</button>""",
                    """item.innerHTML = '<span></span> <button type="button">Start Server</button>';
  item.querySelector("span").textContent = name;
  item.querySelector("button").addEventListener("click", (event) => {
    const starting = event.target.textContent === "Start Server";
    event.target.textContent = starting ? "Stop Server" : "Start Server";
    document.querySelector("[role=status]").textContent = (starting ? "Started " : "Stopped ") + name;
  });""")


async def test_a_control_unique_now_in_the_row_of_a_name_glued_to_the_value_is_found_through_the_row(tmp_path):
    recording = tmp_path / "servers.jsonl"
    app = KeptList("Users", SERVERS)
    app.names.append("admin")
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.locate("button", "Start Server")
            token = await agent.fill_unique("textbox", "User name", "eve{unique}")
            await agent.click("button", "Add user", expect_text=f"eve{token}")
            await agent.click("button", "Start Server", after=("text", f"eve{token}"), expect_text=f"Started eve{token}")
            await agent.click("button", "Stop Server", expect_text=f"Stopped eve{token}")
        python = runner.export_python(recording, tmp_path, "servers")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))   # the recording's user kept
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'page.get_by_role("button", name="Stop Server", exact=True)' not in source, source
    assert 'filter(has_text=f"eve{unique}")' in source, source


ITEM = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pools</title></head><body>
<main><label>Pool name <input id="name"></label> <button type="button" id="create">Create pool</button>
<section hidden><header class="page-header"><nav aria-label="breadcrumb"><a href="#">Pools</a> / <span></span></nav>
<button type="button" id="menu">Open menu</button></header>
<h3>Your pool is almost ready!</h3><p role="status"></p></section></main>
<script>
const section = document.querySelector("section");
document.querySelector("#create").addEventListener("click", () => {
  section.querySelector("span").textContent = document.querySelector("#name").value;
  section.hidden = false;
});
document.querySelector("#menu").addEventListener("click", () => {
  section.querySelector("[role=status]").textContent = "Menu of " + section.querySelector("span").textContent;
});
</script></body></html>"""


async def test_the_page_about_what_the_flow_made_is_not_what_it_made(tmp_path):
    """Prefect's new work pool's page names the pool in its breadcrumb, inside the page's one ``main``: the main
    was taken for what the flow made, and so was the page's header around the breadcrumb and "Open menu": the
    button, the one on the page, was found through the main filtered by a heading that says the pool is not
    ready yet (gone once a worker connects), a scope that tells nothing apart, on a state of the app's data.
    The next run's page has its one main again; and what no container's value tells apart is not found through
    what the flow made."""
    recording = tmp_path / "pool.jsonl"
    with answering(lambda _request: (200, "text/html", ITEM)) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            token = await agent.fill_unique("textbox", "Pool name", "qa-pool-{unique}")
            await agent.click("button", "Create pool", expect_text=f"qa-pool-{token}")
            await agent.click("button", "Open menu", expect_text=f"Menu of qa-pool-{token}")
        source = runner.export_python(recording, tmp_path, "pool").read_text(encoding="utf-8")
    assert 'page.get_by_role("button", name="Open menu", exact=True).click()' in source, source


# Tiny Tiny RSS's labels: a dijit checkbox tree, each label a row (div.dijitTreeRow) holding a checkbox with no name
# beside the node's label (role treeitem), the rows in the group "Labels". The flow made "Recipes {unique}" and
# checked its box, then the only one of the group, and the test found it as the group's checkbox; a run on an app
# that keeps the recording's label (or a failed run's) meets two.
LABELS = ("""<label>Caption <input id="name"></label> <button type="button" id="add">Create label</button>
<div role="tree"><div role="group" aria-label="Labels" id="items"></div></div><p role="status"></p>""",
          """const show = (name) => {
  const row = document.createElement("div");
  row.className = "dijitTreeRow";
  row.innerHTML = '<span class="dijitCheckBox"><input type="checkbox"></span> <span role="treeitem"></span>';
  row.querySelector("[role=treeitem]").textContent = name;
  row.querySelector("input").addEventListener("change", () => {
    document.querySelector("[role=status]").textContent = "Selected " + name;
  });
  document.querySelector("#items").append(row);
};
fetch("/api/items").then((r) => r.json()).then((names) => names.forEach(show));
document.querySelector("#add").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  await fetch("/api/items?name=" + encodeURIComponent(name), { method: "POST" });
  show(name);
});""")


async def test_a_checkbox_alone_in_its_group_beside_the_label_the_flow_made_is_found_through_its_row(tmp_path):
    recording = tmp_path / "labels.jsonl"
    with answering(KeptList("Labels", LABELS).answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            token = await agent.fill_unique("textbox", "Caption", "Recipes {unique}")
            await agent.click("button", "Create label", expect_text=f"Recipes {token}")
            await agent.click("checkbox", "", expect_text=f"Selected Recipes {token}")
            await agent.verify_text(f"Selected Recipes {token}")
        python = runner.export_python(recording, tmp_path, "labels")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))   # the recording's label kept
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'locator("div.dijitTreeRow").filter(has_text=f"Recipes {unique}")' in source, source
