"""A window a widget toolkit hides by visibility and offsets, not display (ExtJS's hideMode "visibility"):
its controls stay attached, undrawn. They were shown as ``generic [ref=eN]`` in every later snapshot (a ref
handed out before, kept), and a click that hid them said ``+ generic [ref=eN]`` for each beside ``- button
"Sign in"``: as many added elements as were gone. A ref is shown on what is drawn only
(``fixtures/apps/aria/hidden-window.html``)."""

from __future__ import annotations

import re

import pytest

from verdex.browser.session import Session
from verdex.tools import TOOLS, Reply

pytestmark = pytest.mark.anyio


async def call(session: Session, tool: str, **arguments: object) -> Reply:
    return await TOOLS[tool](session, arguments)


async def test_a_window_hidden_by_visibility_shows_no_refs_and_its_controls_are_said_gone(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/aria/hidden-window.html")
    before = (await call(session, "browser_snapshot")).text
    sign_in = re.search(r'button "Sign in" \[ref=(\w+)\]', before).group(1)
    field = re.search(r'textbox "Password:" \[ref=(\w+)\]', before).group(1)
    clicked = (await call(session, "browser_click", ref=sign_in)).text
    assert f'- button "Sign in" [ref={sign_in}]' in clicked and f'- textbox "Password:" [ref={field}]' in clicked, clicked
    assert "+ generic" not in clicked, clicked
    after = (await call(session, "browser_snapshot")).text
    assert "Signed in" in after and 'button "Preferences"' in after, after
    assert f"[ref={sign_in}]" not in after and f"[ref={field}]" not in after, after
    assert "generic" not in after, after
