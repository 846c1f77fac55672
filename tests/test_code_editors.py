"""Typing into a code editor works as it does in Playwright. CodeMirror 5 (the real library, from the
pinned Node toolchain, served by the fixture page /editor/) takes keys in a hidden textarea that its own
lines are drawn over; Playwright's press, type and fill focus the element and send keys, and no point
is hit. What covers the target blocks a key action only when it is not part of the target's own widget:
a scrim over the page still does. ``press`` on a ref takes ``wait`` and ``force`` as a click does. The
test generated from the session runs for real."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.flows import runner
from verdex import actions, assertions
from verdex.errors import NotActionable
from verdex.fixtures.server import VENDOR_DIR
from verdex.preflight import judge

pytestmark = [pytest.mark.anyio,
              pytest.mark.skipif(not (VENDOR_DIR / "codemirror").is_dir(), reason="node_modules missing: ./dev setup")]

SCRIM = """() => { const scrim = document.createElement('div'); scrim.id = 'scrim';
  scrim.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.4)';
  document.body.appendChild(scrim); setTimeout(() => scrim.remove(), 1000); }"""


async def _search_box(tab, apps) -> str:
    await actions.navigate(tab, apps.url + "/editor/")
    await tab.page.wait_for_selector(".CodeMirror textarea", state="attached")
    text = (await tab.snapshot()).text
    return re.search(r'textbox "Search logs" \[ref=(e\d+)\]', text).group(1)


async def test_the_editors_own_lines_over_its_input_do_not_block_keys_but_block_a_click(session, apps):
    tab = await session.tab()
    ref = await _search_box(tab, apps)
    facts = await tab.preflight(ref)
    centre = facts.coverage[0].hit
    assert "CodeMirror-line" in centre.classes and centre.same_widget and not centre.reaches_target
    for action in ("type", "fill", "press"):
        verdict = judge(facts, action)
        assert verdict.blocking == [] and any("own widget" in a for a in verdict.advisory), (action, verdict)
    assert judge(facts, "click").blocking[0].startswith("covered at its centre by pre.CodeMirror-line")


async def test_typing_and_enter_in_a_codemirror_search_box_and_the_generated_test_passes(session, apps, tmp_path):
    recording = tmp_path / "editor.jsonl"
    recorder = session.record(recording, base_url=apps.url)
    tab = await session.tab()
    ref = await _search_box(tab, apps)
    typed = await actions.type_text(tab, ref, "level:error")
    assert typed.locator.code == 'page.get_by_role("textbox", name="Search logs", exact=True)'
    await actions.press(tab, "Enter", ref)
    await assertions.text_visible(tab, "Searching for level:error")
    recorder.close()
    python = runner.export_python(recording, tmp_path / "python", "editor")
    assert 'get_by_role("textbox", name="Search logs", exact=True)' in python.read_text()
    run = runner.run_pytest(python, seed=None)
    assert run.passed, run.tail()



@pytest.mark.parametrize("page", ["/editor/case.html", "/editor/case-component.html"])
async def test_an_editor_made_from_a_named_textarea_is_typed_into_by_that_name_and_the_test_passes(
        session, apps, tmp_path, page):
    """A test case form's two markdown editors (Kiwi TCMS's SimpleMDE): each made from a textarea named for what
    the server reads, which it hides, its keys going to a textarea of its own that nothing names; no label names
    either editor (the case's text was typed into as ``get_by_role("textbox").nth(2)``). The editor is found by
    the field it was made from, and the generated test types its text and passes. So it is when the field and
    the editor sit straight in a web component's shadow root (``case-component.html``), where the editor has no
    parent element (``get_by_role("textbox").nth(0)`` before)."""
    recording = tmp_path / "case.jsonl"
    recorder = session.record(recording, base_url=apps.url)
    tab = await session.tab()
    await actions.navigate(tab, apps.url + page)
    await tab.page.wait_for_selector(".CodeMirror textarea", state="attached")
    refs = re.findall(r"- textbox \[ref=(e\d+)\]", (await tab.snapshot()).text)
    assert len(refs) == 2, refs                                         # the two editors' inputs, nameless
    typed = await actions.type_text(tab, refs[0], "Open the feeder")
    assert typed.locator.code == 'page.locator("textarea[name=\\"text\\"] ~ * textarea")', typed.locator.code
    notes = await actions.type_text(tab, refs[1], "Birds only")
    assert notes.locator.code == 'page.locator("textarea[name=\\"notes\\"] ~ * textarea")', notes.locator.code
    await actions.click(tab, re.search(r'button "Save" \[ref=(e\d+)\]', (await tab.snapshot()).text).group(1))
    assert (await assertions.text_visible(tab, "Saved case: Open the feeder")).passed
    recorder.close()
    python = runner.export_python(recording, tmp_path / "python", "case")
    assert ".nth(" not in python.read_text(), python.read_text()
    run = runner.run_pytest(python, seed=None)
    assert run.passed, run.tail()

async def test_a_scrim_over_the_editor_still_blocks_a_key_and_press_takes_force_and_wait(session, apps, monkeypatch):
    tab = await session.tab()
    ref = await _search_box(tab, apps)
    await tab.page.clock.install()                 # the scrim's timer runs when the test says so
    await tab.page.evaluate(SCRIM)
    with pytest.raises(NotActionable) as caught:
        await actions.press(tab, "a", ref)
    assert caught.value.facts["blocking"][0].startswith("covered at its centre by div#scrim")
    forced = await actions.press(tab, "b", ref, force=True)
    assert forced.forced

    polled = asyncio.Event()
    preflight = tab.preflight

    async def watched(ref: str, **reading):        # the real preflight; the test hears that the wait polls
        polled.set()
        return await preflight(ref, **reading)

    monkeypatch.setattr(tab, "preflight", watched)
    pressing = asyncio.create_task(actions.press(tab, "c", ref, wait=True))
    await polled.wait()
    await tab.page.clock.run_for(1000)             # the scrim goes
    waited = await pressing
    assert waited.waited is not None and waited.waited.cleared
    assert "covered at its centre by div#scrim" in waited.waited.blocking[0]
    assert await tab.page.evaluate("() => document.querySelector('.CodeMirror').CodeMirror.getValue()") == "bc"
