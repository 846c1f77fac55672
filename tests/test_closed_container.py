"""A control inside a closed section: a collapse 0 px high with its overflow hidden (Bootstrap 2's, OctoPrint's
sidebar), a panel a button says it controls (``aria-controls``), a ``<details>`` not open. A point on the
control hits whatever lies there instead, so the click was refused as "covered at its centre by" the next
section — true at that point, but not what stops it — and ``wait`` waited in vain for that cover to go.
The refusal names the closed container that clips the target away and the toggle that opens it, says it at
once under ``wait``, and the recording keeps the fact (format 12) with no cover for a test to wait out
(``fixtures/apps/races/closed-section.html``)."""

from __future__ import annotations

import json
import re

import pytest

from verdex import actions
from verdex.errors import NotActionable
from verdex.preflight import judge

pytestmark = pytest.mark.anyio


async def _page(session, apps) -> tuple[object, str]:
    tab = await session.tab()
    await tab.navigate(f"{apps.url}/races/closed-section.html")
    return tab, (await tab.snapshot()).text


def _ref(text: str, pattern: str) -> str:
    match = re.search(pattern + r".*?\[ref=(e\d+)\]", text)
    assert match, f"{pattern!r} not in\n{text}"
    return match.group(1)


async def _refused(tab, ref: str, **options: object) -> NotActionable:
    with pytest.raises(NotActionable) as caught:
        await actions.click(tab, ref, **options)
    return caught.value


async def test_a_control_in_a_collapsed_section_is_said_clipped_away_with_the_heading_that_opens_it(session, apps):
    tab, text = await _page(session, apps)
    heading = _ref(text, r'heading "Connection"')
    refused = await _refused(tab, _ref(text, r'button "Disconnect"'))
    assert refused.facts["blocking"] == [
        f'clipped away by its closed container div#connection (0 px high, overflow hidden); heading "Connection" '
        f"[ref={heading}] opens it"], refused.facts
    assert refused.facts["blockers"] == [], "what lies where the section is closed covers nothing"
    await actions.click(tab, heading)
    await actions.click(tab, _ref((await tab.snapshot()).text, r'button "Disconnect"'))
    assert await tab.page.get_by_test_id("result").inner_text() == "Clicked: Disconnect"


async def test_a_panel_a_button_controls_and_a_details_not_open_name_their_toggles(session, apps):
    tab, text = await _page(session, apps)
    files = _ref(text, r'button "Files"')
    refused = await _refused(tab, _ref(text, r'button "Upload"'))
    assert refused.facts["blocking"] == [f'clipped away by its closed container div#files (0 px high, overflow '
                                         f'hidden); button "Files" [ref={files}] opens it'], refused.facts
    facts = await tab.preflight(_ref(text, r'button "Export"'))
    closed = facts.closed_container
    assert closed is not None and closed.tag == "details" and closed.overflow == "", facts
    assert closed.toggle is not None and closed.toggle.tag == "summary" and closed.toggle.name == "More", closed


async def test_wait_says_a_closed_container_at_once_instead_of_waiting_for_it_in_vain(session, apps):
    tab, text = await _page(session, apps)
    looks = 0
    real = tab.preflight

    async def counted(ref, **reading):
        nonlocal looks
        looks += 1
        return await real(ref, **reading)

    tab.preflight = counted
    try:
        refused = await _refused(tab, _ref(text, r'button "Disconnect"'), wait=True)
    finally:
        del tab.preflight
    assert looks == 0, "the click waited for a closed section to open by itself"
    assert "not waited for: it stays closed until its toggle is clicked" in str(refused), refused


async def test_the_recording_keeps_the_closed_container_of_a_refused_click(session, apps, tmp_path):
    recording = tmp_path / "closed.jsonl"
    session.record(recording)
    try:
        tab, text = await _page(session, apps)
        await _refused(tab, _ref(text, r'button "Disconnect"'))
    finally:
        session.record(None)
    lines = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["format"] >= 12
    refused = next(line for line in lines if line.get("outcome") == "not_actionable")
    closed = refused["preflight"]["closed_container"]
    assert closed["id"] == "connection" and closed["toggle"]["name"] == "Connection", closed
    assert refused["blocker"] is None, "no cover to wait for"


async def test_keys_go_to_a_control_in_a_closed_section(session, apps):
    """A closed container clips away what a point lands on; a key press goes to the focused element wherever its
    container clips it, as Playwright's press does. (A field's 0 px box under its own widget, CodeMirror's
    textarea under its lines, is no section at all: tests/test_code_editors.py.)"""
    tab, text = await _page(session, apps)
    facts = await tab.preflight(_ref(text, r'button "Disconnect"'))
    assert facts.closed_container is not None
    assert judge(facts, "click").blocking[0].startswith("clipped away by its closed container div#connection")
    assert not any("clipped" in said for said in judge(facts, "press").blocking), judge(facts, "press")


async def test_a_control_positioned_out_of_its_closed_wrapper_is_not_clipped_by_it(session, apps):
    """DokuWiki's media manager popup: ``div#media__manager`` is 0 px high with its overflow hidden, and its panes
    are positioned against the page (``position: absolute``, no positioned wrapper): the wrapper clips none of
    them, and a point on "Upload" hits "Upload". The click was refused as "clipped away by its closed container
    div#media__manager". A wrapper positioned itself holds its pane, and still clips it away
    (``fixtures/apps/races/escaping-panel.html``)."""
    tab = await session.tab()
    await tab.navigate(f"{apps.url}/races/escaping-panel.html")
    text = (await tab.snapshot()).text
    await actions.click(tab, _ref(text, r'button "Upload"'))
    assert await tab.page.get_by_test_id("result").inner_text() == "Clicked: Upload"
    refused = await _refused(tab, _ref(text, r'button "Empty trash"'))
    assert refused.facts["blocking"][0].startswith("clipped away by its closed container div#trash"), refused.facts
