"""An agent's wait for a text looks where its check looks: in the page, else in the page's iframes. A console
that draws each of its pages in a frame (Cockpit) shows every word of its own there: a wait that read the top
page alone timed out on a text the page showed, and a wait for a text to go passed at once while it was
still shown. The test waits through the frame, as it checks (/frames/console.html)."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.flows import runner
from verdex import actions
from verdex.errors import Timeout
from verdex.generators import read_recording

pytestmark = pytest.mark.anyio

ACCOUNTS = 'accounts_frame = page.frame_locator(\'iframe[title="Accounts"]\')'


async def _console(session, apps, recording):
    """The console, its page's clock held: a deletion's second passes when the test says."""
    tab = await session.tab()
    session.record(recording, base_url=apps.url)
    await tab.page.clock.install()
    await tab.navigate(apps.url + "/frames/console.html")
    await tab.page.frame_locator('iframe[title="Accounts"]').get_by_text("Quinn Avery").wait_for()
    return tab, tab.page.frame_locator('iframe[title="Accounts"]')


async def _waited_out_the_deletion(tab, monkeypatch) -> None:
    """The wait for "Quinn Avery" to go after its Delete, the deletion's second passed once the wait has seen
    the row (a spy on the wait's own look, which it calls: whatever the machine's speed)."""
    seen, look = asyncio.Event(), actions._showing

    async def showing(tab, text):
        found = await look(tab, text)
        if found is not None:
            seen.set()
        return found

    monkeypatch.setattr(actions, "_showing", showing)
    going = asyncio.create_task(actions.wait_for(tab, text_gone="Quinn Avery", timeout_s=20))
    await asyncio.wait([going, asyncio.create_task(seen.wait())], return_when=asyncio.FIRST_COMPLETED)
    await tab.page.clock.run_for(1_000)
    await going


async def test_a_text_shown_in_an_iframe_is_waited_for_there_and_so_is_its_going(session, apps, tmp_path,
                                                                                 monkeypatch):
    tab, accounts = await _console(session, apps, tmp_path / "console.jsonl")
    await accounts.get_by_role("button", name="Create new account").click()
    waited = await actions.wait_for(tab, text="Rowan Blake", timeout_s=5)
    assert waited["elements_showing"] == 1
    await accounts.get_by_role("button", name="Delete").click()
    with pytest.raises(Timeout):             # still shown in the frame: the wait for its going waits
        await actions.wait_for(tab, text_gone="Quinn Avery", timeout_s=0.3)
    await _waited_out_the_deletion(tab, monkeypatch)

    came, went = [step for step in read_recording(tmp_path / "console.jsonl").records
                  if step.tool == "browser_wait_for"]
    assert [step.method for step in came.locators.chosen.steps] == ["frame_locator", "get_by_text"]
    assert went.locators.chosen.steps[0].method == "frame_locator", went.locators
    source = runner.export_python(tmp_path / "console.jsonl", tmp_path / "python", "console").read_text()
    assert ACCOUNTS in source, source
    assert 'expect(accounts_frame.get_by_text("Rowan Blake", exact=True)).to_be_visible(' in source, source
    assert 'expect(accounts_frame.get_by_text("Quinn Avery").filter(visible=True)).to_have_count(' in source, source
    assert 'page.get_by_text("Quinn Avery")' not in source, source    # the top page never showed it


async def test_the_test_that_waits_through_the_frame_passes(session, apps, tmp_path, monkeypatch):
    tab, _ = await _console(session, apps, tmp_path / "console.jsonl")
    await actions.click(tab, await _ref(tab, 'button "Create new account"'))
    await actions.wait_for(tab, text="Rowan Blake", timeout_s=5)
    await actions.click(tab, await _ref(tab, 'button "Delete"'))
    await _waited_out_the_deletion(tab, monkeypatch)
    python = runner.export_python(tmp_path / "console.jsonl", tmp_path / "python", "console")
    run = runner.run_pytest(python, seed=None)
    assert run.passed, run.tail()


async def _ref(tab, line: str) -> str:
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    return re.search(re.escape(line) + r" \[ref=(f\d+e\d+)\]", text).group(1)


async def test_a_text_gone_before_its_wait_began_is_waited_for_in_the_frame_the_last_action_acted_in(
        session, apps, tmp_path):
    """The server had done the deletion by the time the agent's wait began: the wait finds the text nowhere,
    and the test waits for it to go from the frame the Delete was clicked in — not from the top page, which
    never showed it (a check that could not fail, and a reload after it that cut the deletion off)."""
    tab, accounts = await _console(session, apps, tmp_path / "console.jsonl")
    await actions.click(tab, await _ref(tab, 'button "Delete"'))
    await tab.page.clock.run_for(1_000)
    await accounts.get_by_text("Quinn Avery").wait_for(state="detached")
    waited = await actions.wait_for(tab, text_gone="Quinn Avery", timeout_s=5)
    assert waited["elements_showing"] == 0
    source = runner.export_python(tmp_path / "console.jsonl", tmp_path / "python", "console").read_text()
    assert 'expect(accounts_frame.get_by_text("Quinn Avery").filter(visible=True)).to_have_count(' in source, source
