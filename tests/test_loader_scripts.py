"""A click the page's script answers, on a page whose script comes from a loader after the markup's have run
(require.js, a dynamic import): the test clicks once the page has had each script it asked for, not only once
its ``DOMContentLoaded`` has come.

JupyterHub's token page loads require.js in its markup, which asks for ``token.js`` once the page has loaded;
``token.js`` gives the form its submit handler. The test waited for ``DOMContentLoaded`` and clicked "Request new
API token": on a busy machine ``token.js`` had not come, the browser posted the form its own way (the page loaded
again) and the wait for the script's request timed out, two runs of three. Here the module comes late in the
test's run (its body sent 2 s after its headers) and as fast as it can while recording."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import pytest

from tests.answering_server import LateBody, Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio

HOME = '<!doctype html><html lang="en"><head><title>Hub</title></head><body><a href="/token">Token</a></body></html>'
TOKEN = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tokens</title></head><body>
<form id="request"><label>Note <input id="note"></label> <button type="submit">Request new API token</button></form>
<table><tr><td>ci</td><td><button type="button" class="revoke">revoke</button></td></tr></table>
<p role="status"></p><script src="/loader.js"></script></body></html>"""
# the loader asks for the page's module once the page has loaded, as require.js does with its data-main
LOADER = """window.addEventListener("load", () => {
  const module = document.createElement("script");
  module.src = "/token.js";
  document.head.append(module);
});"""
MODULE = """document.querySelector("#request").addEventListener("submit", async (event) => {
  event.preventDefault();
  await fetch("/api/tokens", { method: "POST", body: document.querySelector("#note").value });
  document.querySelector("[role=status]").textContent = "Your new API Token";
});
document.querySelector(".revoke").addEventListener("click", async () => {
  await fetch("/api/tokens/a1", { method: "DELETE" });
  document.querySelector("[role=status]").textContent = "Revoked";
});"""


class Hub:
    def __init__(self) -> None:
        self.module_after_s = 0.0

    def answer(self, request: Request) -> tuple[int, str, str | LateBody]:
        path = request.path.split("?")[0]
        if path == "/loader.js":
            return 200, "text/javascript", LOADER
        if path == "/token.js":
            return 200, "text/javascript", LateBody(MODULE, self.module_after_s)
        if path.startswith("/api/tokens"):
            return 201, "application/json", "{}"
        return 200, "text/html; charset=utf-8", TOKEN if path == "/token" else HOME


async def requested_then_run_late(tmp_path: Path, name: str, *, reload_and_revoke: bool) -> None:
    """The flow recorded with the module as fast as it comes, exported, and run with the module 2 s late: passes,
    and waits for the module by its path."""
    recording = tmp_path / f"{name}.jsonl"
    hub = Hub()
    with answering(hub.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.click("link", "Token")
            await agent.fill("textbox", "Note", "ci")
            await agent.click("button", "Request new API token", expect_text="Your new API Token")
            if reload_and_revoke:
                await agent.must("browser_reload")
                await agent.click("button", "revoke", expect_text="Revoked")
            await agent.verify_text("Revoked" if reload_and_revoke else "Your new API Token")
        python = runner.export_python(recording, tmp_path, name)
        source = python.read_text(encoding="utf-8")
        hub.module_after_s = 2.0
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
    assert done.passed, f"{source}\n{done.tail()}"
    assert '"/token.js"' in source, source


async def test_a_click_on_a_page_whose_handler_a_loader_brings_waits_for_that_script(tmp_path):
    await requested_then_run_late(tmp_path, "token", reload_and_revoke=False)


async def test_a_click_that_sends_a_request_on_a_page_loaded_again_waits_for_the_scripts_it_loaded(tmp_path):
    """A token requested, the token page loaded again (``reload``, which waits for the load event), then its revoke:
    a click whose handler, and so its request, the late module brings. JupyterHub's revoke sent no DELETE under
    chaos's held-back requests, and the test waited 30 s for it; the click before the reload, which waited for the
    scripts, did so on the page's load before."""
    await requested_then_run_late(tmp_path, "revoke", reload_and_revoke=True)
