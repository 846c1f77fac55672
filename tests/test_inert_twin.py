"""A control whose twin is inert (a menu drawn twice by one component: in the bar, and in a closed off-canvas
drawer made inert, no aria-hidden; ``fixtures/apps/aria/inert-drawer.html``). Measured in this Chromium:
Playwright's ``get_by_role`` and ``get_by_text`` count the inert copy (an ``aria-hidden`` one ``get_by_role``
does not), and so does the bridge; no container tells the two apart (the same nav, the same words). The one a
user can reach is found as the one outside every inert subtree, never by its position, and the tests written
from it pass in pytest and in ``npx playwright test``."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.flows import runner
from verdex import actions, assertions

pytestmark = pytest.mark.anyio
OUTSIDE_INERT = '.and_(page.locator(":not([inert], [inert] *)"))'


def _spaceless(code: str) -> str:
    return "".join(code.split())          # the formatter wraps a long chain


async def test_playwright_counts_an_inert_twin_and_not_an_aria_hidden_one(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/inert-drawer.html")
    settings = tab.page.get_by_role("button", name="Settings", exact=True)
    assert await settings.count() == 2 and await tab.page.get_by_text("Settings", exact=True).count() == 2
    await tab.page.evaluate("document.querySelector('.drawer').setAttribute('aria-hidden', 'true')")
    assert await settings.count() == 1


async def test_a_control_beside_its_inert_twin_is_found_outside_what_is_inert(session, apps, tmp_path):
    recording = tmp_path / "inert.jsonl"
    session.record(recording)
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/inert-drawer.html")
    snapshot = (await tab.snapshot()).text
    settings = next(re.search(r"\[ref=(e\d+)\]", row).group(1) for row in snapshot.splitlines()
                    if 'button "Settings"' in row)
    result = await actions.click(tab, settings)
    assert OUTSIDE_INERT in result.locator.code and ".nth(" not in result.locator.code, result.to_text()
    assert (await assertions.text_visible(tab, "Settings open")).passed
    session.record(None)
    python = runner.export_python(recording, tmp_path, "inert")
    source = python.read_text(encoding="utf-8")
    assert _spaceless(OUTSIDE_INERT) in _spaceless(source) and ".nth(" not in source, source
    done = runner.run_pytest(python, None)
    assert done.passed, f"{source}\n{done.tail()}"
    if shutil.which("npx") is None:
        pytest.skip("Node.js is not installed")
    with runner.exported_spec(recording, "inert") as spec:
        typescript = spec.read_text(encoding="utf-8")
        assert _spaceless('.and(page.locator(":not([inert], [inert] *)"))') in _spaceless(typescript), typescript
        done = runner.run_typescript(spec.parent)
        assert done.passed, f"{typescript}\n{done.tail()}"
