"""A choice made by clicking a picture that only a listener makes a control (doccano's project types: nine
cards of a picture and a title, the click handler a Vue listener on the card's image, ``div.v-image``, with no
role, tabindex, hand cursor or text). The snapshot showed the titles as text and nothing to click, so only the
default type could be had. verdex asks the page's own world, beside the elements inside a control, for the
pictures outside any control (an ``img``, an ``svg``, an element drawing a background image, and what holds it
up to where text begins) that hold a click listener (verdex/bridge/handled_inside.js), and lists each as a
``clickable``. ``/components/picture-cards.html``; without the fix no ref in the cards."""

from __future__ import annotations

import pytest

from tests.test_watch import call, ref_of

pytestmark = pytest.mark.anyio


async def test_a_picture_with_a_click_listener_of_its_own_is_a_control_in_its_card(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/components/picture-cards.html")
    lines = (await call(session, "browser_snapshot")).text.splitlines()
    title = next(at for at, line in enumerate(lines) if "text: Sequence labeling" in line)
    assert "- clickable " in lines[title - 1] and "[ref=" in lines[title - 1], lines
    assert sum("clickable" in line for line in lines) == 3, lines
    clicked = await call(session, "browser_click", ref=ref_of(lines[title - 1], "clickable"))
    via = next(line for line in clicked.text.splitlines() if line.startswith("via "))
    assert "Sequence labeling" in via and "nth(" not in via, via
    assert (await call(session, "verify_text_visible", text="Project type: Sequence labeling")).data["passed"]
