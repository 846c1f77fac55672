"""An action Playwright gave up on says why. Preflight passed it, then Playwright waited out the action's
timeout on something only its own checks see — here a button that script moves on every frame (no CSS
animation for preflight to read), which is never stable. Playwright's error begins "Timeout 5000ms
exceeded."; what the agent can act on is in its call log: what it waited on last, and for which locator.
Airflow 3's pause switch, clicked while its list was still drawing, said only the first line."""

from __future__ import annotations

import re

import pytest

from verdex import actions
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
