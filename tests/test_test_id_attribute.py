"""A session started with a test id attribute of the app's own (``--test-id-attribute data-test-id``, n8n's):
its locators find elements by ``get_by_test_id``, which reads that attribute in the session. The recording names
it (format 19) and the generated test's config sets it, so the test finds what the session found — pytest's
conftest.py and Playwright Test's config alike (``fixtures/apps/aria/data-test-id.html``: two cards alike, told
apart only by their test ids). Without it, ``get_by_test_id("published-card")`` read ``data-testid`` and timed out."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.flows import runner
from verdex import actions
from verdex.browser.session import BrowserOptions, Session

pytestmark = pytest.mark.anyio


async def test_a_test_id_attribute_of_the_apps_own_is_set_by_the_generated_tests_config(apps, tmp_path):
    recording = tmp_path / "ids.jsonl"
    async with Session(BrowserOptions(test_id_attribute="data-test-id"), record=recording) as session:
        tab = await session.tab()
        await tab.navigate(apps.url + "/aria/data-test-id.html")
        opens = [re.search(r"\[ref=(e\d+)\]", row).group(1) for row in (await tab.snapshot()).text.splitlines()
                 if 'button "Open"' in row]
        result = await actions.click(tab, opens[1])
        assert 'get_by_test_id("published-card")' in result.locator.code, result.to_text()
    python = runner.export_python(recording, tmp_path, "ids")
    source, conftest = python.read_text(encoding="utf-8"), (tmp_path / "conftest.py").read_text(encoding="utf-8")
    done = runner.run_pytest(python, None)
    assert done.passed, f"{source}\n{conftest}\n{done.tail()}"
    assert 'set_test_id_attribute("data-test-id")' in conftest, conftest
    if shutil.which("npx") is None:
        pytest.skip("Node.js is not installed")
    with runner.exported_spec(recording, "ids") as spec:
        config = (spec.parent / "playwright.config.ts").read_text(encoding="utf-8")
        done = runner.run_typescript(spec.parent)
        assert done.passed, f"{spec.read_text(encoding='utf-8')}\n{config}\n{done.tail()}"
        assert 'testIdAttribute: "data-test-id"' in config, config
