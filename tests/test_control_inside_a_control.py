"""A control inside a control (H2O Wave's table: a column's title is a button that sorts, and
inside it an aria-hidden chevron whose own React onClick opens the column's filter menu). The
snapshot listed the title's button alone, its content being its name, and a click on it sorted:
the menu was out of reach. verdex now asks the page's own world, whose handlers its isolated one
cannot see, which elements inside a control hold a click handler of their own
(verdex/bridge/handled_inside.js, ``Bridge.mark_handled_inside``) and lists each as a control of
its own (``handledInsideNode``, verdex/bridge/tree.js). ``/columns/menus.html``, the icon's
handler a listener of its own or a React-like prop called from the root; without the fix no
ref inside the button."""

from __future__ import annotations

import anyio
import pytest

from tests.test_watch import call, ref_of
from verdex.browser.session import Session
from verdex.errors import Timeout

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("via", ["listener", "props"])
async def test_an_icon_with_a_click_handler_of_its_own_inside_a_button_is_a_control(
        session, apps, via):
    await call(session, "browser_navigate", url=f"{apps.url}/columns/menus.html?via={via}")
    lines = (await call(session, "browser_snapshot")).text.splitlines()
    stage = next(at for at, line in enumerate(lines) if 'button "Stage"' in line)
    assert 'clickable "funnel" [ref=' in lines[stage + 1], lines
    assert sum("clickable" in line for line in lines) == 1, lines      # the title "Name" holds none
    clicked = await call(session, "browser_click", ref=ref_of(lines[stage + 1], "funnel"))
    via_line = next(line for line in clicked.text.splitlines() if line.startswith("via "))
    assert 'locator("[data-icon=\\"funnel\\"]")' in via_line, clicked.text
    await call(session, "browser_click", ref=ref_of(clicked.text, 'checkbox "Potted"'))
    assert "3 of 4, by name" in (await call(session, "browser_snapshot")).text


async def test_a_page_stuck_in_a_loop_answers_the_ask_of_its_own_world_with_a_timeout(apps):
    """The ask before each snapshot is bounded as the bridge's calls are: a page whose script never
    yields answers Timeout (the snapshot then checks whether it still runs), never a read that waits on."""
    async with Session() as stuck:
        tab = await stuck.tab()
        await tab.navigate(apps.url + "/columns/menus.html?via=listener")
        await tab.page.evaluate("setTimeout(() => { while (true) {} }, 0)")
        with pytest.raises(Timeout), anyio.fail_after(30):
            await tab.bridge.mark_handled_inside(timeout=1)
