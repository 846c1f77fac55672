"""A run that fails because the app refused a request as one too many (429) says so: recorded in a real Chromium,
exported and proven, then run by ``verdex prove``.

Piccolo Admin allows 20 logins in 5 minutes from one address. The recording, the export's proving runs and a
few runs by hand reached it; the login then answered ``429 Too Many Requests``, the page stayed on the login
form, and every run failed at the next line, ``expect(page).to_have_url(re.compile(r"/#/$"))``: `verdex prove`
said only that line (0/20), which reads as verdex's URL being wrong. Here the server counts the sign-ins
itself (no clock): the first, the recording's, is answered; every later one is refused with 429.
"""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from tests.answering_server import Request, answering
from tests.flows.agent import Agent, recording_client
from tests.flows.runner import outside_pytest_env
from tests.generation_apps import PAGE
from verdex import exporting
from verdex.browser.discovery import find_chromium

pytestmark = pytest.mark.anyio

SIGN_IN = ("""<label>Name <input id="name"></label> <button type="button">Sign in</button><p role="status"></p>""",
           """document.querySelector("button").addEventListener("click", async () => {
  const name = document.querySelector("#name").value;
  const answer = await fetch("/api/login", { method: "POST", body: JSON.stringify({ name }) });
  document.querySelector("[role=status]").textContent = answer.ok ? "Welcome " + name : "Sign in failed";
});""")


class SignIns:
    """The app: one sign-in is answered, every later one is one too many."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.signed_in = 0

    def __call__(self, request: Request) -> tuple[int, str, str]:
        if request.path.startswith("/api/login"):
            with self.lock:
                self.signed_in += 1
                first = self.signed_in == 1
            return (200, "application/json", "{}") if first else (429, "text/plain", "Too many requests")
        return 200, "text/html; charset=utf-8", PAGE.format(title="Sign in", body=SIGN_IN[0], script=SIGN_IN[1])


def _prove(folder, test_file) -> subprocess.CompletedProcess[str]:
    chromium = find_chromium()
    assert chromium is not None
    env = outside_pytest_env()
    return subprocess.run([sys.executable, "-m", "verdex", "prove", test_file.name, "--runs", "1", "--workers", "1"],
                          cwd=folder, env={**env, "VERDEX_CHROMIUM": str(chromium.path)}, capture_output=True,
                          text=True, timeout=600, check=False)


async def test_a_run_the_app_refused_as_one_too_many_is_said_to_be_its_rate_limit(tmp_path, monkeypatch):
    monkeypatch.delenv(exporting.PROVE_ENV, raising=False)         # this export proves, as a user's does
    test_file = tmp_path / "test_sign_in.py"
    with answering(SignIns()) as url:
        async with recording_client(tmp_path / "sign_in.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.fill("textbox", "Name", "Ada")
            await agent.click("button", "Sign in", expect_text="Welcome Ada")
            await agent.verify_text("Welcome Ada")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="sign_in")
        assert answer.error and "UNPROVEN" in answer.text, answer.text
        assert "the app refused to be asked again so soon: it answered POST /api/login 429 Too Many Requests" \
            in answer.text, answer.text
        assert "revised by proving" not in test_file.read_text(encoding="utf-8"), test_file.read_text(encoding="utf-8")
        proved = _prove(tmp_path, test_file)
    assert f"the app answered POST {url}/api/login → 429 Too Many Requests" in proved.stdout, proved.stdout
