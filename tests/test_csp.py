"""No generated line asks the page to evaluate a string: a page served with a strict
Content-Security-Policy (``script-src 'self'``, no ``unsafe-eval``) that talks to its server over a
websocket — the one kind of page whose test waits on a page-side condition — gets a test that passes in
pytest and in ``npx playwright test``. The class: Playwright evaluates the text of a wait once and then
polls what it got; an expression is evaluated again at every poll from the page's own tasks, which the
CSP forbids (EvalError), while a function is compiled once and then only called. The init script that
counts the messages runs under the CSP too (CDP adds it, not the page)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from websockets.sync.server import serve

from tests.flows import runner
from verdex.browser.discovery import find_chromium
from verdex.generators.planner import build_plan
from verdex.generators.recording import Recording
from verdex.generators.targets import renderer_for
from verdex.generators.waits import SERVER_MESSAGES_SCRIPT, server_messages_heard
from verdex.recording_format import STEP, Header

STRICT_CSP = "script-src 'self'"
PAUSE_S = 0.5            # between the server's two opening messages: the wait must poll across it
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict CSP</title>
<script src="/app.js" defer></script></head>
<body data-socket="{socket}"><h1>Live room</h1><button type="button">Join</button><p role="status"></p></body></html>"""
APP = """const socket = new WebSocket(document.body.dataset.socket);
let heard = 0;
socket.addEventListener("message", () => { heard += 1; });
document.querySelector("button").addEventListener("click", () => {
  document.querySelector("[role=status]").textContent = heard >= 2 ? "Joined" : "Not connected yet";
});"""


def _opening(connection) -> None:
    connection.send("hello")
    time.sleep(PAUSE_S)
    connection.send("ready")
    for _ in connection:
        pass


@contextmanager
def strict_csp_app() -> Iterator[str]:
    """The page, its script and its websocket server; the page's base URL while they run."""
    with serve(_opening, "127.0.0.1", 0) as sockets:
        threading.Thread(target=sockets.serve_forever, daemon=True).start()
        socket_url = f"ws://127.0.0.1:{sockets.socket.getsockname()[1]}/live"

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                script = self.path == "/app.js"
                body = (APP if script else PAGE.format(socket=socket_url)).encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript" if script else "text/html; charset=utf-8")
                self.send_header("Content-Security-Policy", STRICT_CSP)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=http.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{http.server_address[1]}"
        finally:
            http.shutdown()
            sockets.shutdown()


def _recording(base_url: str, socket_path: str = "/live") -> Recording:
    join = {"method": "get_by_role", "args": ["button"], "kwargs": {"name": "Join", "exact": True}}
    status = {"method": "get_by_role", "args": ["status"]}
    return Recording(Header(format=4), [STEP.validate_python(step) for step in [
        {"tool": "browser_navigate", "tab": "t1", "args": {"url": base_url + "/"}},
        {"tool": "browser_click", "tab": "t1", "target": _target("button", "Join"), "locators": _chosen(join),
         "startup": {"sockets": [{"url": "ws://127.0.0.1:1" + socket_path, "opening_messages": 2}]}},
        {"tool": "verify_element", "tab": "t1", "args": {"ref": "e2", "state": "text", "value": "Joined"},
         "locators": _chosen(status)},
    ]])


def _target(role: str, name: str) -> dict:
    return {"role": role, "name": name, "tag": role, "container": {"tag": "main", "ref": "e1"}}


def _chosen(step: dict) -> dict:
    """A locator proven unique when recorded."""
    chosen = {"kind": "role", "steps": [step], "score": 100, "matches": 1, "is_target": True}
    return {"chosen": chosen, "candidates": [chosen], "code": "page.get_by_role(...)"}


def test_the_recorded_page_forbids_evaluating_a_string_and_playwright_hits_it():
    """The class is real: on this page an expression polled by wait_for_function fails with EvalError,
    the same condition as a function passes."""
    with strict_csp_app() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=find_chromium().path, args=["--disable-quic"])
        try:
            context = browser.new_context()
            context.add_init_script(SERVER_MESSAGES_SCRIPT)
            page = context.new_page()
            page.goto(url + "/")
            with pytest.raises(Exception, match="EvalError"):
                page.wait_for_function("window.serverMessages >= 2", timeout=10_000)
            page.reload()
            page.wait_for_function(server_messages_heard(2), timeout=10_000)
            assert page.evaluate("() => window.serverMessages") == 2      # the init script ran under the CSP
        finally:
            browser.close()


def _written(url: str, target: str, test_file: Path) -> str:
    """The recording's test and its support files, written for ``target``; the test's source."""
    plan = build_plan(_recording(url), "live_room")
    renderer = renderer_for(target)
    test_file.write_text(renderer.test_file(plan), encoding="utf-8")
    for name, content in renderer.support_files(plan).items():
        (test_file.parent / name).write_text(content, encoding="utf-8")
    return test_file.read_text(encoding="utf-8")


def test_the_generated_pytest_passes_under_a_strict_csp(tmp_path):
    with strict_csp_app() as url:
        test_file = tmp_path / "test_live_room.py"
        source = _written(url, "python", test_file)
        assert '"() => window.serverMessages >= 2' in source, source
        done = subprocess.run([sys.executable, "-m", "pytest", str(test_file), "-q", "-p", "no:cacheprovider"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300, env=runner.test_env())
    assert done.returncode == 0, source + done.stdout[-3000:]


@pytest.mark.skipif(shutil.which("npx") is None, reason="Node.js is not installed")
def test_the_generated_playwright_test_spec_passes_under_a_strict_csp():
    folder = runner.scratch_ts_dir("csp")
    try:
        with strict_csp_app() as url:
            source = _written(url, "typescript", folder / "live_room.spec.ts")
            assert "() => window.serverMessages >= 2" in source and 'waitForFunction("' not in source, source

            @contextmanager
            def running(_seed: int | None) -> Iterator[str]:
                yield url

            run = runner.run_typescript(folder, serve=running)
        assert run.passed, source + run.tail()
    finally:
        runner.remove_scratch(folder)


def test_no_renderer_writes_a_string_for_the_page_to_evaluate():
    plan = build_plan(_recording("http://127.0.0.1:9"), "live_room")
    python = renderer_for("python").test_file(plan)
    typescript = renderer_for("typescript").test_file(plan)
    assert "wait_for_function(\"window" not in python and "evaluate(" not in python
    assert "waitForFunction(\"" not in typescript and "evaluate(" not in typescript
