"""What a tool says is what an agent can act on (fixture page /output/): no stylesheet's text as a
notice and no script's text in an overlay's summary, whose words are spaced where its boxes end;
a toolbar whose buttons sit in wrappers that
handle the click lists each button once (a web component's button in its shadow root too); every member of a roving-tabindex list is a control with a
ref, not only the one that takes Tab now; a snapshot of a page that shows nothing yet waits briefly
for content and otherwise says that it is loading or empty."""

from __future__ import annotations

import re

import pytest

from playwright.async_api import expect

from verdex import actions, locators

pytestmark = pytest.mark.anyio


async def test_stylesheets_scripts_and_wrappers_stay_out_of_the_output(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/output/")
    snap = await tab.snapshot(mode="full", max_bytes=None)
    assert "toast{" not in snap.to_text() and snap.identity.notices == []
    toolbar = [line.strip() for line in snap.text.splitlines()
               if re.search(r'"(Bold|Italic|U|Underline|Strike|Switch font|Serif)"', line)]
    assert [re.sub(r" \[ref=\w+\]", "", line) for line in toolbar] == \
        ['- button "Bold"', '- button "Italic"', '- button "Underline"', '- button "Strike"', '- button "Serif"']
    await actions.click(tab, re.search(r'button "Open details" \[ref=(e\d+)\]', snap.text).group(1))
    after = await tab.snapshot(mode="full", max_bytes=None)
    assert [b.text for b in after.identity.blockers] == ["report.pdf, 2 pages Close details"]
    assert '"secret"' not in after.to_text()


async def test_every_row_of_a_roving_tabindex_list_has_a_ref_and_a_locator(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/output/")
    text = (await tab.snapshot(mode="full", max_bytes=None)).text
    rows = re.findall(r'- clickable "(report\.pdf|notes\.txt|photo\.png)" \[ref=(e\d+)\]', text)
    assert [name for name, _ in rows] == ["report.pdf", "notes.txt", "photo.png"]
    choice = await locators.choose(tab.page, await tab.candidates(rows[1][1]), tab.test_id_attribute)
    assert choice.code == 'page.get_by_text("notes.txt", exact=True)' and not choice.fallback
    await actions.press(tab, "ArrowDown", rows[0][1])          # the row that takes Tab moves on
    moved = (await tab.snapshot(mode="full", max_bytes=None)).text
    assert len(re.findall(r'- clickable "(?:report\.pdf|notes\.txt|photo\.png)" \[ref=e\d+\]', moved)) == 3


async def test_a_busy_overlay_faded_out_and_kept_is_no_loading_while_it_stays_faded(session, apps):
    """H2O Wave keeps its busy overlay (a Spinner, "Loading...") in the page, faded out: every
    snapshot's header said "loading: div; div; div" on an idle page, which tells an agent to wait. A
    spinner no one sees through an ancestor's opacity 0 is not loading; shown, it is."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/output/faded-busy.html")
    idle = await tab.snapshot()
    assert idle.identity.loading == [], idle.to_text()
    await tab.page.evaluate("() => document.getElementById('busy').classList.add('shown')")
    await expect(tab.page.locator("#busy")).to_have_css("opacity", "1")
    shown = await tab.snapshot()
    assert shown.identity.loading, shown.to_text()


async def test_a_page_that_shows_nothing_yet_says_so_and_content_that_arrives_is_shown(session, apps):
    tab = await session.tab()
    await tab.page.set_content('<div id="root"></div><script>window.render = () => '
                               '{ document.getElementById("root").innerHTML = "<h1>Ready</h1><button>Go</button>"; }</script>')
    empty = await tab.snapshot()
    assert empty.text == "" and empty.ready_state == "complete"
    assert "nothing to show" in empty.to_text() and "take a snapshot again" in empty.to_text()
    await tab.page.evaluate("() => window.render()")
    shown = await tab.snapshot()
    assert 'heading "Ready"' in shown.text and 'button "Go"' in shown.text
