"""What the page does once the agent answers a dialog is recorded as the answer's effects, and the test
waits for it: the test answers the dialog inside the action that opened it (its handler is registered
first), so a request the confirmed action sends is that action's. On a page whose "Delete" asks
``confirm()`` and whose sync queue tells the server a moment later (tests/generation_apps.py
``/synced/``: the page's story first, then the note), the agent's answer says the ``DELETE``, and the
test's last action waits for its answer, the change it sent last, not for the story's that the page
showed: without that wait the test ended with the request unsent, and the server kept the note the test
deleted (generators/waits.py ``with_answer``, ``saved_last``)."""

from __future__ import annotations

import shutil
from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, Outcome, recording_client
from tests.generation_apps import SYNCED_NOTES, generation_apps

pytestmark = pytest.mark.anyio

WAIT = 'page.expect_response("**/api/synced/Groceries")'


async def _delete_groceries(agent: Agent, page: str) -> Outcome:
    """Open the notes, delete the first (Groceries) and confirm it: the answer's outcome."""
    await agent.navigate(page)
    await agent.wait_for_text("Errands")
    await agent.click("button", "Delete")
    return await agent.answer_dialog(accept=True)


async def test_a_request_the_page_sends_once_a_confirm_is_accepted_is_waited_for_before_the_test_ends(tmp_path):
    recording = tmp_path / "synced.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            answered = await _delete_groceries(agent, url + "/synced/")
            await agent.verify_text("Deleted Groceries")
        assert "DELETE /api/synced/Groceries" in answered.text, answered.text
        assert apps.synced_notes == ["Errands"]
        python = runner.export_python(recording, tmp_path, "synced")
        source = python.read_text(encoding="utf-8")
        assert source.count(WAIT) == 1 and "expect_response(\"**/api/synced/story\")" not in source, source
        assert source.index('page.once("dialog"') < source.index(WAIT) < source.index('"Delete"'), source
        served = {"serve": lambda _seed: nullcontext(url)}
        apps.synced_notes = list(SYNCED_NOTES)
        done = runner.run_pytest(python, None, **served)
        assert done.passed and apps.synced_notes == ["Errands"], f"{source}\n{done.tail()}"
        if shutil.which("npx") is None:
            pytest.skip("Node.js is not installed")
        with runner.exported_spec(recording, "synced") as spec:
            typescript = spec.read_text(encoding="utf-8")
            assert "page.waitForResponse(" in typescript and "/api/synced/Groceries" in typescript, typescript
            apps.synced_notes = list(SYNCED_NOTES)
            ran = runner.run_typescript(spec.parent, **served)
            assert ran.passed and apps.synced_notes == ["Errands"], f"{typescript}\n{ran.tail()}"


async def test_a_write_the_action_sent_after_the_one_the_page_showed_is_waited_for_before_the_test_leaves(tmp_path):
    """The same Delete, then the agent opens the page again. The syncer asks for the server's lock between
    the story's save and the note's delete (``?locked``): leaving the page as soon as the story is saved
    cut the delete off, and the server kept the note. The action before a goto waits for the change it
    sent last, as the test's last action does."""
    recording = tmp_path / "synced.jsonl"
    with generation_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await _delete_groceries(agent, url + "/synced/?locked")
            await agent.navigate(url + "/synced/?locked")
            await agent.verify_text("Errands")
        assert apps.synced_notes == ["Errands"]
        python = runner.export_python(recording, tmp_path, "synced")
        source = python.read_text(encoding="utf-8")
        assert source.index(WAIT) < source.index('"Delete"') < source.rindex('page.goto("/synced/?locked")'), source
        apps.synced_notes = list(SYNCED_NOTES)
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed and apps.synced_notes == ["Errands"], f"{source}\n{done.tail()}"
