"""A control below the shown part of a scrolling box (a modal's body that scrolls, its footer below it, as
Buildbot's force-build dialog, a react-bootstrap modal, has it): a point on the
control hits the footer now, and the click was refused as "covered at its centre by div.modal-footer" —
though Playwright scrolls every scrolling ancestor to the target before it clicks, and nothing covers it
then; ``--wait`` waited in vain. The preflight reads coverage only within the part of the page the target
can be seen through (the viewport cut down to its scrolling ancestors); a point outside it is where
Playwright scrolls. Real Chromium on ``fixtures/apps/races/scrolled-dialog.html``, recorded, exported and
run by pytest."""

from __future__ import annotations

import re

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from verdex import actions
from verdex.fixtures.server import FixtureServer
from verdex.preflight import judge

pytestmark = pytest.mark.anyio
PAGE = "/races/scrolled-dialog.html"


async def test_a_control_below_a_scrolling_bodys_shown_part_is_not_covered_by_the_footer_over_it(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + PAGE)
    text = (await tab.snapshot()).text
    ref = re.search(r'button "Flavour" \[ref=(e\d+)\]', text).group(1)
    hit = await tab.page.evaluate("""() => { const r = document.querySelector('[data-testid=target]')
        .getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).className; }""")
    assert hit == "dialog-footer", "the page no longer puts its footer over the control"
    verdict = judge(await tab.preflight(ref), "click")
    assert verdict.blocking == [], verdict
    assert any("inside the viewport (Playwright scrolls it into view)" in a for a in verdict.advisory), verdict
    await actions.click(tab, ref)
    assert await tab.page.get_by_test_id("result").inner_text() == "Clicked: Flavour"


async def test_a_control_a_scrolling_body_hides_is_clicked_recorded_and_its_test_passes(tmp_path):
    recording = tmp_path / "scrolled.jsonl"
    with FixtureServer() as server:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(server.url + PAGE)
            await agent.click("button", "Flavour", expect_text="Clicked: Flavour")
            await agent.verify_text("Clicked: Flavour")
    python = runner.export_python(recording, tmp_path, "scrolled")
    source = python.read_text(encoding="utf-8")
    assert 'page.get_by_test_id("target").click()' in source, source
    done = runner.run_pytest(python, None)
    assert done.passed, f"{source}\n{done.tail()}"
