"""A page whose content a closed dialog left aria-hidden (a modal library's aria-hidden on the app's root,
never taken back when the app removed the dialog while it was open: Cockpit 287 after any dialog). The
snapshot said "nothing to show: the page has no visible content yet; an app may still be rendering — take a
snapshot again", which no snapshot would ever change; it now says what hides the page and what still finds it
(/aria/stranded-modal.html)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.anyio

NOTE = ('(aria-hidden=true on div#app: what it draws is out of the accessibility tree, with no dialog open (one '
        'that closed may have left it): role locators find nothing in it; get_by_text does, and a reload may draw '
        'the page afresh)')


async def test_a_page_a_closed_dialog_left_aria_hidden_is_said_to_be_so(session, apps):
    tab = await session.tab()
    await tab.navigate(apps.url + "/aria/stranded-modal.html")
    await tab.page.get_by_role("button", name="Turn on administrative access").click()
    while_open = (await tab.snapshot()).to_text()
    assert "aria-hidden" not in while_open and 'dialog "Switch to administrative access"' in while_open, while_open
    await tab.page.get_by_role("button", name="Authenticate").click()
    await tab.page.get_by_role("dialog").wait_for(state="detached")
    after = (await tab.snapshot()).to_text()
    assert f'- text: "{NOTE}"' in after, after
    assert "nothing to show" not in after, after
    assert await tab.page.get_by_role("heading", name="Accounts").count() == 0     # as Playwright sees it
    assert await tab.page.get_by_text("Quinn Avery").is_visible()


async def test_a_code_editors_lines_hidden_beside_its_text_field_are_no_stranded_page(session, apps):
    """Monaco (ESPHome's YAML editor) draws its lines in a div.view-lines marked aria-hidden and reads them out
    through the text field beside it: the snapshot said the editor was a page a closed dialog had left hidden,
    and that a reload might draw it afresh. Lines an editor hides beside the field that takes its keys are that
    field's drawing: no note, and the field is listed."""
    tab = await session.tab()
    await tab.navigate(apps.url + "/editor/lines-hidden.html")
    shown = (await tab.snapshot()).to_text()
    assert "aria-hidden=true on" not in shown, shown
    assert 'textbox "Editor content"' in shown, shown
