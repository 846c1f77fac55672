"""An app that loads each page by fetch into one document, then the scripts that page asks for, and drops a click
made before they have run (phpMyAdmin's ``AJAX.active``; fixtures/apps/routes/views-by-fetch.html): the recording
names the scripts an action loaded (``Effects.scripts``, format 26) and the test's next action waits for their
answers (``page_scripts.code_run_wait``), recorded in a real Chromium, exported and run by pytest with the script
held by this test until the page says it dropped a click (or ``HOLD_S`` has passed, as a slow network's).

The app is built as a bundler builds one: the script's name holds a hash of its content (``orders-BxwHpb9T.js``,
Vite's shape), and the test runs against the next build, which names it otherwise: the wait names the script by
what stays of its name (``generators/build_hashes.py``)."""

from __future__ import annotations

import re
import threading
from contextlib import nullcontext
from pathlib import Path

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from verdex.generators import build_plan, read_recording
from verdex.generators.plan import Action

pytestmark = pytest.mark.anyio

APPS = Path(__file__).resolve().parents[1] / "fixtures" / "apps"
SCRIPT = "/routes/views/orders.js"
RECORDED_BUILD, NEXT_BUILD = "BxwHpb9T", "Cq8rLm2Z"
HOLD_S = 3.0
KINDS = {".html": "text/html; charset=utf-8", ".json": "application/json", ".js": "text/javascript"}


def built(path: str, build: str) -> str:
    """The name a build gives the orders script: its content's hash after its stem."""
    return re.sub(r"orders\.js\b", f"orders-{build}.js", path)


class Admin:
    def __init__(self) -> None:
        self.build = RECORDED_BUILD
        self.holding = threading.Event()     # the orders page's script is held once set ...
        self.dropped = threading.Event()     # ... until the page drops a click (or HOLD_S has passed)

    def answer(self, request: Request) -> tuple[int, str, str]:
        path = request.path.split("?")[0]
        if path == "/routes/views/dropped":
            self.dropped.set()
            return 204, "text/plain", ""
        if path == built(SCRIPT, self.build):
            if self.holding.is_set():
                self.dropped.wait(HOLD_S)
            path = SCRIPT
        elif path == SCRIPT:
            return 404, "text/plain", "not found"          # a built app has no file of the unbuilt name
        file = APPS / path.lstrip("/")
        if ".." in path or not file.is_file():
            return 404, "text/plain", "not found"
        return 200, KINDS.get(file.suffix, "text/plain"), built(file.read_text(encoding="utf-8"), self.build)


async def test_the_action_after_one_that_loaded_code_waits_for_that_code(tmp_path):
    recording = tmp_path / "admin.jsonl"
    app = Admin()
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/routes/views-by-fetch.html")
            await agent.click("link", "Orders", expect_text="New order")
            await agent.click("link", "New order", expect_text="Order form")
            await agent.verify_text("Order form")
        orders = next(r for r in read_recording(recording).records if r.tool == "browser_click")
        assert orders.effects.scripts == [built(SCRIPT, RECORDED_BUILD)], orders.effects
        python = runner.export_python(recording, tmp_path, "admin")
        source = python.read_text(encoding="utf-8")
        said = " ".join(line.strip().removeprefix("# ") for line in source.splitlines())   # comments unwrapped
        script = built(SCRIPT, "*")
        assert f'page.wait_for_function(DATA_ANSWERED, arg=["{script}"], timeout=30_000)' in source, source
        assert f"the click before loaded code the page did not have yet ({script}) (a build's hash" in said, source
        app.build = NEXT_BUILD
        app.holding.set()
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed and not app.dropped.is_set(), f"{source}\n{done.tail()}"


def test_only_the_next_action_in_the_document_waits_for_the_code():
    """The wait is written once, before the first action after the one that loaded the code (checks between them
    aside); after an action that loaded another page, before the first click a script answers there, with the
    wait for that page's DOMContentLoaded: a loader's scripts come after the markup's (tests/test_loader_scripts.py)."""
    recording = read_recording(Path(__file__).resolve().parents[1] / "examples" / "recordings" / "checkout.jsonl")
    tools = [r.tool for r in recording.records]
    index = tools.index("verify_url") - 1                    # a click, then a check, then the next action
    record = recording.records[index]
    assert record.tool == "browser_click" and tools[index + 2] == "browser_click", tools

    def scripts_waits(navigated: bool) -> list[int]:
        effects = record.effects.model_copy(update={"navigated": navigated, "code_loaded": 1,
                                                    "scripts": ["/js/dist/table/change.js"]})
        recording.records[index] = record.model_copy(update={"effects": effects})
        plan = build_plan(recording, "login")
        return [s.step for s in plan.statements if isinstance(s, Action)
                for w in s.waits if "/js/dist/table/change.js" in w.paths]

    assert scripts_waits(navigated=False) == [index + 3]          # the step after the check (steps count from 1)
    assert scripts_waits(navigated=True) == [index + 3]
