"""Proving on export (verdex/proof.py) tells the state an app kept from the recording by where the test's
first run went: the page it stopped on already shows what the flow made (past a sign-in, where the test's first
page shows nothing of the flow), its first page now lands elsewhere (a one-time setup done), its first action
finds its element by a value the recording deleted or renamed — said, with how to make the flow repeatable, and
nothing revised; a page the flow itself leaves as it found it (it deleted what it made) is no trace of the
recording, and the failure is told as it is. What the first page shows and what the test types:
tests/test_proof_kept_state.py.

Recorded by a scripted agent over the SDK's real MCP client (tests/flows/agent.py) on the small apps of
tests/proof_apps.py; every proof runs the real pytest.
"""

from __future__ import annotations

import re

import pytest

from tests.flows.agent import Agent, recording_client
from tests.proof_apps import proof_apps

# every proof here is meant to fail on its run as it is: its runs bound an action at 10 s (tests/conftest.py)
pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven", "proof_actions_bounded")]


async def test_a_click_past_a_sign_in_on_a_welcome_the_recording_left_behind_is_said_to_be_the_kept_state(tmp_path):
    """The recording signed in and started the library from its welcome ("Start fresh"): the test's first run,
    past its sign-in, finds the list that shows "My Library" and no welcome. Its first page (the sign-in)
    shows none of the flow, so the page the run stopped on tells it: it already shows what the agent's
    check after the click expects. It was blamed on the locator, and the wait before it dropped (Actual
    Budget's first budget file)."""
    test_file = tmp_path / "test_library.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "library.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/library/")
            await agent.click("button", "Sign in", expect_text="Start fresh")
            await agent.click("button", "Start fresh")
            await agent.verify_element("button", "My Library", "visible")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="library")
    assert answer.error and "UNPROVEN: test_library.py: the app kept state from the recording: where the run " \
        "stopped, its page already showed 'My Library', which the agent's assertion expects after the steps" \
        in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text, answer.text


async def test_a_click_on_an_empty_state_the_recording_filled_with_its_own_name_is_said_to_be_the_kept_state(tmp_path):
    """The recording signed in, clicked the empty state's "Start from scratch" and saved what it made under a
    name of its own (``{unique}``): the test's first run, past its sign-in, finds the list that shows the
    recording's name and no empty state. No check the run makes expects that name (each run makes its own),
    so only the recording's own value on the page where the run stopped tells it. It was blamed on the
    locator ("the recording offers no other choice for its locator": n8n's first workflow)."""
    test_file = tmp_path / "test_workbench.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "workbench.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/workbench/")
            await agent.click("button", "Sign in", expect_text="Start from scratch")
            await agent.click("button", "Start from scratch", expect_text="Name")
            await agent.fill("textbox", "Name", "Flow {unique}")
            await agent.click("button", "Save")
            await agent.verify_text("Flow {unique}")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="workbench")
    assert answer.error and "UNPROVEN: test_workbench.py: the app kept state from the recording: where the run " \
        "stopped, its page already showed 'Flow " in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text, answer.text


async def test_an_empty_state_a_flow_ends_on_after_deleting_what_it_made_is_no_trace_of_the_recording(tmp_path):
    """The recording signed in, made a layer under a name of its own, deleted it and checked the empty state
    ("No layers yet") it had begun on. Then the app put a notice up over "New layer": the test's first run
    stopped at that click on a page that shows the empty state. A check after the flow's "Delete" expects the
    page without what the flow made, as it was before, so that page showing it says nothing the recording
    made: the failure is told as it is. It was told as the kept state, with advice to make the flow
    repeatable, which it was (Superset's annotation layers)."""
    test_file = tmp_path / "test_layers.py"
    with proof_apps() as (url, apps):
        async with recording_client(tmp_path / "layers.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/layers/")
            await agent.click("button", "Sign in", expect_text="No layers yet")
            await agent.click("button", "New layer", expect_text="Name")
            await agent.fill("textbox", "Name", "Layer {unique}")
            await agent.click("button", "Save", expect_text="Delete")
            await agent.click("button", "Delete", expect_text="No layers yet")
            await agent.verify_text("No layers yet")
            apps.announcing = True
            answer = await agent.call("export_test", target="python", path=str(test_file), name="layers")
    assert answer.error and "UNPROVEN: test_layers.py:" in answer.text, answer.text
    assert re.search(r'run 1 \(as it is\) failed at line \d+: page\.get_by_role\("button", name="New layer"',
                     answer.text), answer.text
    assert "kept state" not in answer.text and '"kept_state": ""' in answer.text, answer.text


async def test_a_one_time_setup_the_recording_did_is_said_by_where_the_first_page_lands_and_not_revised(tmp_path):
    """The recording made the app's owner on its one-time setup page: the server now sends the test's ``goto``
    to a sign-in, where neither the setup's heading (the startup wait) nor its "Email" field is. Nothing on that
    page is a trace of the flow; where it landed is: the setup is done and the app keeps it done. It was blamed
    on the locator after the waits before it were dropped (n8n's owner setup)."""
    test_file = tmp_path / "test_owner.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "owner.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/owner/")
            await agent.fill("textbox", "Email", "ada@example.com")
            await agent.fill("textbox", "Full name", "Ada Lovelace")
            await agent.click("button", "Create owner", expect_text="Welcome Ada Lovelace!")
            await agent.verify_text("Welcome Ada Lovelace!")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="owner")
    assert answer.error and "UNPROVEN: test_owner.py: the app kept state from the recording: the page the flow " \
        "starts on now lands on /owner/signin, recorded /owner/" in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text, answer.text
    assert 'get_by_text("Set up the owner account"' in test_file.read_text(encoding="utf-8")   # its wait kept


async def test_a_first_action_on_what_the_recording_deleted_is_said_to_be_the_kept_state_and_not_revised(tmp_path):
    """The recording deleted the todo whose row the test's first click is found by: the test's page has
    no such row. Another locator would delete another row, so proving tells the kept state instead."""
    test_file = tmp_path / "test_chores.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "chores.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/chores/")
            await agent.click("button", "Delete", after=("cell", "Walk the dog"), expect_text="Deleted Walk the dog")
            await agent.verify_text("Deleted Walk the dog")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="chores")
    assert answer.error and "UNPROVEN: test_chores.py: the app kept state from the recording: the test's first " \
        "action finds its element by 'Walk the dog', which the recording's page showed" in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text, answer.text
    assert "Walk the dog" in test_file.read_text(encoding="utf-8")      # the locator as the recording chose it


async def test_a_first_action_on_what_the_recording_renamed_is_said_to_be_the_kept_state_and_not_revised(tmp_path):
    """The recording opened the page "About" by its link, typed "About <token>" over the title its form had
    loaded, and saved: the app keeps the new title, so the test's page has no link named "About" left. The
    run fails at the test's first click; proving says what the recording renamed and revises nothing."""
    test_file = tmp_path / "test_site.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "site.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/site/")
            await agent.click("link", "About")
            await agent.verify_element("textbox", "Title", "value", "About")
            await agent.fill("textbox", "Title", "About {unique}")
            saved = await agent.click("button", "Save")
            token = re.search(r"Saved About ((?:\d[a-f]){4})", saved.text).group(1)
            await agent.verify_text(f"Saved About {token}")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="site")
    assert answer.error and "UNPROVEN: test_site.py: the app kept state from the recording: the test's first " \
        "action finds its element by 'About', which a field of the flow held before the test typed over it" \
        in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text, answer.text
