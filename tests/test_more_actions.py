"""The actions a shell user reaches for beyond click and fill — forward, scroll, screenshot, waiting for
a URL, saving and loading a login's storage state, drag and drop — on a real Chromium, each through
the same core the MCP tools and the shell commands call. A drag is recorded and generated like any
action: the exported test drags onto the same place and passes under pytest."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import verdex.actions as actions
import verdex.assertions as assertions
from verdex.browser.session import Session
from verdex.generators import export

pytestmark = pytest.mark.anyio

# HTML5 drag and drop as a kanban board does it: dragstart puts the card's name in the transfer, the
# column's drop handler moves it there.
BOARD = b"""<!doctype html><title>Board</title>
<style>section { display: inline-block; width: 200px; min-height: 120px; border: 1px solid; margin: 8px }</style>
<section aria-label="To do"><h2>To do</h2>
  <div draggable="true" id="c1">Write the report</div><div draggable="true" id="c2">Call the bank</div></section>
<section aria-label="Done" id="done"><h2>Done</h2></section>
<p role="status" id="said"></p>
<script>
for (const card of document.querySelectorAll("[draggable]"))
  card.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", card.id));
const done = document.querySelector("#done");
done.addEventListener("dragover", (e) => e.preventDefault());
done.addEventListener("drop", (e) => {
  e.preventDefault();
  const card = document.getElementById(e.dataTransfer.getData("text/plain"));
  done.append(card);
  document.querySelector("#said").textContent = card.textContent + " is done";
});
</script>"""
LONG = b"<!doctype html><title>Long</title><h1>Top</h1>" + b"<p>line</p>" * 300 + b"<button>Bottom</button>"


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        pages = {"/board": BOARD, "/long": LONG, "/login": b"<!doctype html><title>in</title><h1>Signed in</h1>"}
        body = pages.get(self.path.split("?")[0], b"<!doctype html><title>other</title><h1>Other</h1>")
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        if self.path == "/login":
            self.send_header("Set-Cookie", "session=abc123; Path=/")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def _ref(text: str, needle: str) -> str:
    line = next(line for line in text.splitlines() if needle in line)
    return line.split("[ref=")[1].split("]")[0]


async def test_forward_goes_where_back_came_from(session, site):
    tab = await session.tab()
    await actions.navigate(tab, site + "/long")
    await actions.navigate(tab, site + "/other")
    assert (await tab.back()).url == site + "/long"
    assert (await tab.forward()).url == site + "/other"


async def test_scroll_moves_the_page_or_brings_an_element_into_view(session, site):
    tab = await session.tab()
    await actions.navigate(tab, site + "/long")
    moved = await tab.scroll(dy=400)
    assert (moved.x, moved.y) == (0, 400) and moved.max_y > 400
    snapshot = (await tab.snapshot()).to_text()
    assert (await tab.scroll(_ref(snapshot, 'button "Bottom"'))).y > 400


async def test_a_screenshot_of_the_viewport_and_of_one_element(session, site, tmp_path):
    tab = await session.tab()
    await actions.navigate(tab, site + "/long")
    whole = await tab.screenshot(str(tmp_path / "page.png"))
    assert (whole.width, whole.height) == (1280, 800) and Path(whole.path).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    snapshot = (await tab.snapshot()).to_text()
    one = await tab.screenshot(str(tmp_path / "top.png"), ref=_ref(snapshot, 'link') if "link" in snapshot else None)
    assert one.bytes > 0
    with pytest.raises(Exception, match="INVALID_ARGUMENT: screenshots are PNG"):
        await tab.screenshot(str(tmp_path / "page.jpg"))


async def test_waiting_for_a_url_holds_when_it_comes_and_says_so_when_it_does_not(session, site):
    tab = await session.tab()
    await actions.navigate(tab, site + "/other")
    await tab.page.evaluate("setTimeout(() => location.assign('/later'), 300)")
    came = await assertions.wait_for_url(tab, "/later", timeout_s=10)
    assert came.passed
    never = await assertions.wait_for_url(tab, "/never", timeout_s=0.3)
    assert not never.passed and never.actual == site + "/later"


async def test_a_saved_storage_state_logs_a_later_session_in(site, tmp_path):
    state = tmp_path / "state.json"
    async with Session(record=False) as first:
        await actions.navigate(await first.tab(), site + "/login")
        saved = await first.save_state(state)
    assert saved.cookies == 1 and json.loads(state.read_text())["cookies"][0]["value"] == "abc123"
    async with Session(record=False) as later:
        loaded = await later.load_state(state)
        assert loaded.loaded and loaded.cookies == 1
        tab = await later.tab()
        await actions.navigate(tab, site + "/other")
        assert [c["value"] for c in await tab.page.context.cookies()] == ["abc123"]
    with pytest.raises(Exception, match="INVALID_ARGUMENT: .* is not a storage state file"):
        async with Session(record=False) as wrong:
            await wrong.load_state(tmp_path / "nothing.json")


async def test_a_drag_is_recorded_and_becomes_a_test_that_drags_onto_the_same_place(site, tmp_path):
    recording = tmp_path / "board.jsonl"
    async with Session(record=recording) as session:
        tab = await session.tab()
        await actions.navigate(tab, site + "/board")
        card = _ref((await tab.snapshot()).to_text(), 'clickable "Write the report"')   # draggable="true"
        columns = (await tab.siblings(card, ancestor_level=1)).to_text()     # the card's column and its peers
        dragged = await actions.drag(tab, card, _ref(columns, '"Done"'))
        assert 'appeared: status "Write the report is done"' in dragged.to_text()
        assert (await assertions.text_visible(tab, "Write the report is done")).passed
    test_file = export(recording, target="python", path=tmp_path / "test_board.py", name="board")[0]
    source = test_file.read_text()
    assert 'get_by_text("Write the report", exact=True).drag_to( page.get_by_role("region", name="Done", exact=True) )' \
        in " ".join(source.split()), source
    spec = export(recording, target="typescript", path=tmp_path / "board.spec.ts", name="board")[0]
    assert 'getByText("Write the report", { exact: true }) .dragTo(' in " ".join(spec.read_text().split())
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test_file)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
