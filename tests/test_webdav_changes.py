"""A change the server made is what an action's test waits for; not a request it refused, and WebDAV's
methods are changes too (generators/waits.py ``CHANGING_METHODS``, ``response_match``). And an answer with no
body is whole at its headers (verdex/browser/network.py ``RequestRecord.body_ended``): the browser never ends
an empty ``201`` the page does not read, and a test that waited for its end (``finished()``) hung for ever.

Radicale's web interface makes a collection with ``MKCOL``, lists them with ``PROPFIND``, and after every
list asks ``POST /.sharing/v1/all/list``, which a server with sharing off answers ``404``. The test of
"Create" waited for that refused POST — the first request of a changing method it knew — and not for the
MKCOL that made the collection. The page here is that shape: a feature probe answered 404 as the list is
drawn, a collection made with MKCOL under a UUID the page makes, then listed again."""

from __future__ import annotations

import json
import threading
from contextlib import nullcontext

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

COLLECTIONS = ("""<label>Title <input id="title"></label><button id="create">Create</button><ul id="list"></ul>""",
               """const list = document.querySelector("#list");
async function draw() {
  const names = await (await fetch("/dav/alice/", { method: "PROPFIND", headers: { Depth: "1" } })).json();
  await fetch("/.sharing/list", { method: "POST", body: "{}" });    // sharing is off: answered 404
  list.replaceChildren(...names.map((name) => Object.assign(document.createElement("li"), { textContent: name })));
}
document.querySelector("#create").addEventListener("click", async () => {
  const title = document.querySelector("#title").value;
  await fetch("/dav/alice/" + crypto.randomUUID() + "/", { method: "MKCOL", body: JSON.stringify({ title }) });
  await draw();
});
draw();""")


class Dav:
    def __init__(self) -> None:
        self.titles: list[str] = []
        self.lock = threading.Lock()

    def answer(self, request: Request) -> tuple[int, str, str]:
        if request.path == "/":
            return 200, "text/html; charset=utf-8", PAGE.format(title="Collections", body=COLLECTIONS[0],
                                                                script=COLLECTIONS[1])
        if request.method == "MKCOL":
            with self.lock:
                self.titles.append(json.loads(request.body)["title"])
            return 201, "text/plain", ""
        if request.method == "PROPFIND":
            with self.lock:
                return 207, "application/json", json.dumps(self.titles)
        return 404, "text/plain", "no such feature"


async def test_an_action_waits_for_the_collection_its_mkcol_made_not_for_a_request_the_server_refused(tmp_path):
    recording = tmp_path / "dav.jsonl"
    with answering(Dav().answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.fill("textbox", "Title", "Team contacts")
            await agent.click("button", "Create")
            await agent.verify_text("Team contacts")
        python = runner.export_python(recording, tmp_path, "dav")
        source = python.read_text(encoding="utf-8")
        waits = [line for line in source.splitlines() if "expect_response(" in line]
        assert waits == ['    with page.expect_response("**/dav/alice/*/"):'], source
        assert "# MKCOL /dav/alice/" in source and source.index("MKCOL") < source.index('"Create"'), source
        assert "finished()" not in source, source
    with answering(Dav().answer) as fresh:
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(fresh))
    assert done.passed, f"{source}\n{done.tail()}"
