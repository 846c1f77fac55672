"""Texts the page's data brought, drawn by web components (``fixtures/apps/components/bound-banner.html``). The
startup wait's choice reads what the answer drew (``changedTexts``) and reads it as it reads the same text in the
page's light DOM: a Lit binding's ``${this.workspace}``, one text node straight in the banner's shadow root, set in
place once the answer has come, was skipped (it has no parent element); a member card the answer put in, its name
in its shadow root, showed no text (its light DOM holds none), and the startup waited for nothing the answer drew.
(A text straight in a shadow root is one Playwright's get_by_text does not find, so the wait is the card's name.)"""

from __future__ import annotations

import asyncio
import re

import pytest

from verdex import actions
from verdex.generators.recording import read_recording

pytestmark = pytest.mark.anyio


async def test_a_text_a_components_binding_set_in_its_shadow_root_is_what_the_answer_drew(session, apps):
    """The answer is held until verdex has read the page, which meets the banner's shadow root and watches it."""
    tab = await session.tab()
    answer = asyncio.Event()

    async def held(route):
        await answer.wait()
        await route.continue_()

    await tab.page.route("**/live/slug*", held)
    await tab.navigate(apps.url + "/components/bound-banner.html")
    await tab.snapshot()
    answer.set()
    await tab.page.locator("team-banner", has_text="Workspace of the Northwind team").wait_for()
    changed = await tab.bridge.call("changedTexts", {"since": 0, "until": 10 ** 9})
    assert "Workspace of the Northwind team" in [said["text"] for said in changed["texts"]], changed


async def test_a_component_the_answer_put_in_is_waited_for_by_the_name_in_its_shadow_root(session, apps, tmp_path):
    session.record(tmp_path / "team.jsonl")
    tab = await session.tab()
    await tab.navigate(apps.url + "/components/bound-banner.html")
    await tab.page.get_by_text("Ada Lovelace").wait_for()
    await actions.click(tab, re.search(r'button "Invite" \[ref=(\w+)\]', (await tab.snapshot()).text).group(1))
    startup = next(step.startup for step in read_recording(tmp_path / "team.jsonl").records if step.startup)
    assert [(ready.text, ready.answered_by) for ready in startup.ready_texts] == [("Ada Lovelace", "GET /live/slug")]
