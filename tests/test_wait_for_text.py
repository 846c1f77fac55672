"""browser_wait_for on text: it waits for any element to show the text visibly (not the first match,
which may be a hidden copy), records how many showed it, and the generated tests say the same —
a strict text locator would fail on text that several elements show.

/races/repeated-text.html: after Sync, "Up to date" comes to two elements and "Pending" goes from
both; a hidden "Up to date" sits first in the page.
"""

from __future__ import annotations

import re

import pytest

from tests.flows import runner
from verdex import actions
from verdex.errors import InvalidArgument

pytestmark = pytest.mark.anyio

PAGE = "/races/repeated-text.html?ms=1500"


async def _record(session, apps, path) -> None:
    recorder = session.record(path, base_url=apps.url)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + PAGE)
    text = (await tab.snapshot()).text
    sync = re.search(r'button "Sync" \[ref=(e\d+)\]', text).group(1)
    await actions.click(tab, sync)
    went = await actions.wait_for(tab, text_gone="Pending")
    came = await actions.wait_for(tab, text="Up to date", timeout_s=2)
    recorder.close()
    assert went["elements_showing"] == 2 and came["elements_showing"] == 2


async def _synced(session, apps):
    """The page, with Sync clicked: its outcome comes to two places in a moment."""
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    await tab.page.get_by_role("button", name="Sync").click()
    return tab


async def test_a_wait_ends_when_any_element_shows_the_text_not_only_the_first(session, apps):
    tab = await _synced(session, apps)
    waited = await actions.wait_for(tab, text="Up to date", timeout_s=5)
    assert waited["elements_showing"] == 2
    assert await tab.page.get_by_text("Up to date").count() == 3      # the hidden copy comes first


async def test_a_wait_for_text_to_go_counts_the_elements_that_showed_it(session, apps):
    tab = await _synced(session, apps)
    went = await actions.wait_for(tab, text_gone="Pending", timeout_s=5)
    assert went["elements_showing"] == 2


@pytest.mark.parametrize("args", [{"text": ""}, {"text_gone": "  "}])
async def test_an_empty_text_is_an_invalid_argument(session, args):
    tab = await session.tab()
    with pytest.raises(InvalidArgument):
        await actions.wait_for(tab, **args)


async def test_generated_tests_wait_for_shared_text_and_pass(session, apps, tmp_path):
    recording = tmp_path / "repeated.jsonl"
    await _record(session, apps, recording)
    python = runner.export_python(recording, tmp_path, "repeated_text")
    source = python.read_text()
    assert 'expect(page.get_by_text("Up to date").filter(visible=True)).not_to_have_count(0)' in source
    assert 'expect(page.get_by_text("Pending").filter(visible=True)).to_have_count(0)' in source
    python_run = runner.run_pytest(python, seed=None)
    assert python_run.passed, python_run.tail()
    with runner.exported_spec(recording, "repeated_text") as spec:
        assert 'getByText("Up to date").filter({ visible: true })).not.toHaveCount(0);' in spec.read_text()
        typescript_run = runner.run_typescript(spec.parent)
    assert typescript_run.passed, typescript_run.tail()
