"""An action Playwright gave up on says why. Preflight passed it, then Playwright waited out the action's
timeout on something only its own checks see — here a button that script moves on every frame (no CSS
animation for preflight to read), which is never stable. Playwright's error begins "Timeout 5000ms
exceeded."; what the agent can act on is in its call log: what it waited on last, and for which locator.
Airflow 3's pause switch, clicked while its list was still drawing, said only the first line; so did
`verdex prove`'s summary of the pause flow's failing seed ("Locator.check: Timeout 30000ms exceeded.")."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.flows.runner import outside_pytest_env
from verdex import actions
from verdex.browser.discovery import find_chromium
from verdex.errors import Timeout

pytestmark = pytest.mark.anyio

DRIFTING = """
<button id="go" style="position: relative">Run now</button>
<script>
  let x = 0;
  (function drift() { x = (x + 1) % 40; document.getElementById('go').style.left = x + 'px';
                      requestAnimationFrame(drift); })();
</script>
"""


async def test_a_timed_out_click_says_what_playwright_waited_on_and_for_which_locator(session):
    tab = await session.tab()
    await tab.page.set_content(DRIFTING)
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    ref = re.search(r'button "Run now" \[ref=(e\d+)\]', text).group(1)
    with pytest.raises(Timeout) as caught:
        await actions.click(tab, ref)
    detail = caught.value.facts["detail"]
    assert detail.startswith("Locator.click: Timeout"), detail
    assert "last: element is not stable" in detail, detail
    assert 'waiting for get_by_role("button", name="Run now", exact=True)' in detail, detail


def test_verdex_proves_summary_of_a_timed_out_run_says_what_playwright_waited_on(tmp_path):
    test_file = tmp_path / "test_drifting.py"
    test_file.write_text(f"""from playwright.sync_api import Page


def test_drifting(page: Page) -> None:
    page.set_content({DRIFTING!r})
    page.get_by_role("button", name="Run now", exact=True).click(timeout=2_000)
""", encoding="utf-8")
    (tmp_path / "conftest.py").write_text("""import os

import pytest


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": os.environ["VERDEX_CHROMIUM"]}
""", encoding="utf-8")
    chromium = find_chromium()
    assert chromium is not None
    env = outside_pytest_env()
    proved = subprocess.run([sys.executable, "-m", "verdex", "prove", test_file.name, "--runs", "1", "--workers", "1"],
                            cwd=tmp_path, env={**env, "VERDEX_CHROMIUM": str(chromium.path)}, capture_output=True,
                            text=True, timeout=300, check=False)
    assert "first failing seed 1: TimeoutError: Locator.click: Timeout 2000ms exceeded." in proved.stdout, proved.stdout
    assert "(last: element is not stable; waiting for get_by_role" in proved.stdout, proved.stdout
