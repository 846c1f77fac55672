"""A check that an element is hidden holds when the page has removed it: the agent clicked "Delete" on a
note (tests/generation_apps.py ``/synced/``), the page took the note and its button away, and
``verify_element REF hidden`` on that button's ref was refused (``STALE_REF``) though gone is what it
asserts — TiddlyWiki's page controls drop the "new journal" button once its setting is off. The check
finds it by the locator the ref last proved (the click's), and the test asserts it hidden; on the page the tab
is on now when the ref's own page has gone (a server-rendered admin that answers a deletion by loading the page
again)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import SYNCED_NOTES, generation_apps

pytestmark = pytest.mark.anyio


async def test_an_element_the_page_removed_is_verified_hidden_by_the_locator_its_ref_last_proved(tmp_path):
    recording = tmp_path / "gone.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/synced/")
            await agent.wait_for_text("Errands")
            delete = await agent.locate("button", "Delete")                  # the first note's: Groceries
            await agent.must("browser_click", ref=delete)
            await agent.answer_dialog(accept=True)
            checked = await agent.must("verify_element", ref=delete, state="hidden")
        assert checked.data["passed"], checked.text
        python = runner.export_python(recording, tmp_path, "gone")
        source = python.read_text(encoding="utf-8")
        assert '.filter(has_text="Groceries")' in source and ").to_be_hidden()" in source, source
        apps.synced_notes = list(SYNCED_NOTES)
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"


async def test_an_element_gone_with_the_page_that_held_it_is_verified_hidden_on_the_page_loaded_after(apps, tmp_path):
    """A server-rendered admin answers a deletion by loading the page again (pyLoad's users, their Delete then
    Ok; ``/accounts/users.html``): the ref of the row's Delete belongs to the page that went, and the check was
    refused (``STALE_OBSERVATION``), leaving no way to assert what the flow deleted is gone. It is checked, by
    the locator that ref last proved, on the page the tab is on now."""
    recording = tmp_path / "users.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/accounts/users.html")
        delete = await agent.locate("button", "Delete", after=("cell", "bo"))
        await agent.must("browser_click", ref=delete)
        await agent.snapshot()                                           # the page loaded after it
        checked = await agent.must("verify_element", ref=delete, state="hidden")
    assert checked.data["passed"], checked.text
    python = runner.export_python(recording, tmp_path, "users")
    source = python.read_text(encoding="utf-8")
    assert 'name="bo"' in source and ").to_be_hidden(" in source, source
    done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert done.passed, f"{source}\n{done.tail()}"
