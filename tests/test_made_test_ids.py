"""A test id that holds an id made for one record is no way to find it: recorded in a real Chromium, exported
and run by pytest.

Kinto Admin marks each record's row ``data-testid="509ea650-2af5-4bf2-a41a-67db2c953156-row"``, the id the
server gave the record. The check that the new record is shown was written
``expect(page.get_by_test_id("509ea650-…-row")).to_be_visible()``, and failed on every run after the
recording: the next run's record has another id. Here the page gives each row an id of its own, new on every
load (as a server gives a new record one): the check finds the row by what it shows, and the row that tells a
"Delete" apart from the other row's is found by its words, not by that id.

A row's text that shows such an id is no way to find it either. Piccolo Admin's tables begin each row with the
row's primary key, a UUID its server made (``e95298e7-96b8-487a-a2fa-aaf3c3430079``), and end it with an
icon-only menu link. The link was found by the row that held the cell of that UUID —
``get_by_role("row").filter(has=get_by_role("cell", name="e95298e7-…")).locator("a:has([data-icon=…])")`` —
which no later run's row holds: UNPROVEN at run 1. A UUID with a segment of digits only ("4870") was taken for
a count and passed over, one with none ("487a") for a name: chance decided. The second page gives each row a
UUID of its own on every load, each segment led by a letter (so no run of digits makes it look like a count):
the row is told apart by the title the agent typed.
"""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

HEX = """const hex = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)),
  (b) => b.toString(16).padStart(2, "0")).join("");
"""

NOTES = ("""<label>Title <input id="title"></label> <button type="button" id="add">Add</button>
<table><tbody id="notes"></tbody></table><p role="status"></p>""",
         """const madeId = () => [hex(4), hex(2), hex(2), hex(2), hex(6)].join("-");
function add(title) {
  const id = madeId();
  const row = document.createElement("tr");
  row.dataset.testid = id + "-row";
  row.innerHTML = '<td></td><td><button type="button">Delete</button></td>';
  row.firstChild.textContent = title;
  row.querySelector("button").addEventListener("click", () => {
    row.remove();
    document.querySelector("[role=status]").textContent = "Deleted " + title;
  });
  document.querySelector("#notes").append(row);
}
add("Call mum");
document.querySelector("#add").addEventListener("click", () => add(document.querySelector("#title").value));""")


def answer(request: Request) -> tuple[int, str, str]:
    return 200, "text/html; charset=utf-8", PAGE.format(title="Notes", body=NOTES[0], script=HEX + NOTES[1])


async def test_a_row_whose_test_id_holds_a_made_id_is_found_by_what_it_shows(tmp_path):
    recording = tmp_path / "notes.jsonl"
    with answering(answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.fill("textbox", "Title", "Buy milk")
            await agent.click("button", "Add", expect_text="Buy milk")
            await agent.verify_element("row", "Buy milk Delete", "visible")
            await agent.click("button", "Delete", after=("cell", "Buy milk"), expect_text="Deleted Buy milk")
            await agent.verify_text("Deleted Buy milk")
        python = runner.export_python(recording, tmp_path, "notes")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        assert 'expect(page.get_by_role("row", name="Buy milk Delete", exact=True)).to_be_visible()' in source, source
        assert "get_by_test_id" not in source, source


ROWS = ("""<label>Title <input id="title"></label> <button type="button" id="add">Add</button>
<table><thead><tr><th>pk</th><th>Title</th><th></th></tr></thead><tbody id="rows"></tbody></table>
<p role="status"></p>""",
        """const segment = (n) => "abcdef"[crypto.getRandomValues(new Uint8Array(1))[0] % 6] + hex(n).slice(1);
const madeId = () => [segment(4), segment(2), segment(2), segment(2), segment(6)].join("-");
function add(title) {
  const id = madeId();
  const row = document.createElement("tr");
  row.innerHTML = '<td><a></a></td><td></td><td><a href="#" class="menu">'
    + '<svg data-icon="ellipsis-vertical" viewBox="0 0 8 8" width="12" height="12">'
    + '<circle cx="4" cy="4" r="2"/></svg></a></td>';
  row.querySelector("a").textContent = id;
  row.querySelector("a").href = "#/row/" + id;
  row.children[1].textContent = title;
  row.querySelector(".menu").addEventListener("click", (event) => {
    event.preventDefault();
    row.remove();
    document.querySelector("[role=status]").textContent = "Deleted " + title;
  });
  document.querySelector("#rows").append(row);
}
add("Call mum");
document.querySelector("#add").addEventListener("click", () => add(document.querySelector("#title").value));""")


def answer_rows(request: Request) -> tuple[int, str, str]:
    return 200, "text/html; charset=utf-8", PAGE.format(title="Rows", body=ROWS[0], script=HEX + ROWS[1])


async def test_a_row_is_told_apart_by_its_title_not_by_the_id_its_server_made(tmp_path):
    recording = tmp_path / "rows.jsonl"
    with answering(answer_rows) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.fill("textbox", "Title", "Buy milk")
            await agent.click("button", "Add", expect_text="Buy milk")
            await agent.click("link", "", after=("cell", "Buy milk"), expect_text="Deleted Buy milk")
            await agent.verify_text("Deleted Buy milk")
        python = runner.export_python(recording, tmp_path, "rows")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        assert 'get_by_role("cell", name="Buy milk", exact=True)' in source, source
