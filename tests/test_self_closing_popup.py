"""A popup window that closes itself when its work is done (tests/related_popup_apps.py): Django's admin adds a
related record in a popup whose Save answers a page that hands the record to the opener and closes the window;
a picker closes its window in the click handler itself. The action that closed its own tab did what the agent
asked: it is recorded and said as done ("the tab closed itself"), the opener is the active tab again, and the
exported test waits for the popup to close before it goes on in the opener. It used to be refused as
``BROWSER_CLOSED: the tab is closed`` with nothing recorded, and the exported test never saved the popup's form."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.flows.agent import CAPS, Agent, recording_client
from tests.related_popup_apps import related_popup_apps
from verdex.generators.plan import CLOSED_FIRST

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")


async def _active_tab(agent: Agent) -> str:
    tabs = (await agent.must("browser_tabs")).data or {}
    return next(t["id"] for t in tabs["tabs"] if t["active"])


async def _plan_with_a_product_from(tmp_path: Path, opener_link: str, popup_button: str):
    """Record a plan whose product is added in the popup ``opener_link`` opens and saved by ``popup_button`` there;
    the Python export's answer, the test and the TypeScript spec (not proved)."""
    test_file = tmp_path / "test_plan.py"
    with related_popup_apps() as (url, _apps):
        async with recording_client(tmp_path / "plan.jsonl", caps=(*CAPS, "tabs")) as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/shelf/")
            opener = await _active_tab(agent)
            opened = await agent.click("link", opener_link)
            popup = opened.data["effects"]["new_tabs"][0]
            await agent.must("browser_tab_select", tab=popup)
            token = await agent.fill_unique("textbox", "Product name", "Binoculars {unique}")
            saved = await agent.call("browser_click", ref=await agent.locate("button", popup_button))
            assert not saved.error, saved.text
            assert "closed itself" in saved.text, saved.text
            # the form was sent, and the page it answered closed the window: a submission, not one the page handled
            assert "handled by the page" not in saved.text, saved.text
            assert await _active_tab(agent) == opener
            while 'combobox "Version"' not in await agent.snapshot() or \
                    not re.search(r'combobox "Version" \[ref=\w+\]: "unspecified"', agent.last_snapshot):
                await asyncio.sleep(0.1)                  # the agent sees the product's versions come
            await agent.fill("textbox", "Plan name", f"Spring walk {token}")
            await agent.click("button", "Save plan", expect_text="Plan: Spring walk")
            await agent.verify_text(f"Product: Binoculars {token}")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="plan")
            spec = tmp_path / "plan.spec.ts"
            await agent.must("export_test", target="typescript", path=str(spec), name="plan", prove=0)
    return answer, test_file.read_text(encoding="utf-8"), spec.read_text(encoding="utf-8")


async def test_a_popup_whose_saved_form_answers_a_page_that_closes_it(tmp_path):
    """The answer comes a second after the Save: a test that clicks "Save plan" before the popup closed saves
    the plan without its product."""
    answer, source, spec = await _plan_with_a_product_from(tmp_path, "+", "Save product")
    assert not answer.error and PROVED_3.search(answer.text), answer.text
    assert ('    with page1.expect_event("close"):\n'
            f'        # {CLOSED_FIRST}\n'
            '        try:\n'
            '            page1.get_by_role("button", name="Save product", exact=True).click()\n'
            '        except Error:\n'
            '            if not page1.is_closed():\n') in source, source
    assert 'page1.waitForEvent("close");' in spec, spec


async def test_a_select_the_opener_fills_with_the_new_records_ids_is_waited_for_until_it_changes(tmp_path):
    """Once the popup closed, the opener asks for the new product's versions (a second late) and fills Version
    with them, their values the server's ids: the recording's wait for its id fails on a fresh run, whose records
    have others. Proving used to drop it, and the plan was then saved before the versions came ("Version: This
    field is required."); it now waits for the value to change from the one it had (none)."""
    answer, source, spec = await _plan_with_a_product_from(tmp_path, "+", "Save product")
    assert not answer.error and PROVED_3.search(answer.text), answer.text
    assert "waits for the value to change from ''" in answer.text, answer.text
    assert 'expect(page.get_by_role("combobox", name="Version", exact=True)).not_to_have_value("")' in source, \
        source


async def test_a_popup_whose_click_handler_closes_it(tmp_path):
    answer, source, _spec = await _plan_with_a_product_from(tmp_path, "Pick", "Use it")
    assert not answer.error and PROVED_3.search(answer.text), answer.text
    assert ('    with page1.expect_event("close"):\n'
            f'        # {CLOSED_FIRST}\n'
            '        try:\n'
            '            page1.get_by_role("button", name="Use it", exact=True).click()\n'
            '        except Error:\n'
            '            if not page1.is_closed():\n') in source, source
