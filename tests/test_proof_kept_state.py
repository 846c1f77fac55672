"""Proving on export (verdex/proof.py) tells the state an app kept across runs apart from a wrong choice: a
test that fails because the recording (or the test's own run 1) left a name, a row, a count in the app is said
to meet the app's kept state — with what on the test's first page, or what the test types, tells it, and how
to make the flow repeatable — and nothing is revised; a failure that is no trace of the recording (a wrong
assertion, a value each run makes anew, what the recording's first page already showed) is told as it is.
The page a run stopped or landed on and the element its first action finds: tests/test_proof_kept_state_where_stopped.py.

Recorded by a scripted agent over the SDK's real MCP client (tests/flows/agent.py) on the small apps of
tests/proof_apps.py; every proof runs the real pytest.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.flows.agent import Agent, recording_client
from tests.proof_apps import proof_apps
from tests.proof_flows import add_first_book, click_and_export, create_and_export

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]


async def test_state_the_app_kept_from_run_1_is_said_and_nothing_is_revised(tmp_path):
    """Run 1 made "Ada"; the run as it is after it is refused the name: what the server said is the trace."""
    answer = await create_and_export(tmp_path, "/names/", "Name", "Ada", "Create", "Created Ada", restarted=True)
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "the app kept state from run 1: the test passed as it is, then failed as it is again" in answer.text
    assert "the server answered POST /api/names 409 to what it sent, holding 'Ada', which the test types, which " \
        "run 1 was not" in answer.text, answer.text
    assert "make the flow repeatable" in answer.text and "revised" not in answer.text


async def test_a_run_that_fails_after_run_1_passed_with_no_trace_of_it_is_said_to_be_state_or_a_race(tmp_path):
    """The flow makes nothing (a Ping, its "Pong"): a run as it is that fails after run 1 passed, whose pages show
    nothing the flow makes and whose server refused nothing, may have lost a race run 1 won (the page's handler
    came late), and the reason says both, not "kept state" alone (JupyterHub's token page, whose handlers came
    late from a require.js module, was said to keep state)."""
    answer = await click_and_export(tmp_path, "/ping/", "Ping", "Pong")
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "the app kept state from run 1, or the test races the app: the test passed as it is, then failed as it " \
        "is again" in answer.text, answer.text
    assert "a race run 1 won and this run lost looks the same" in answer.text, answer.text


async def test_a_name_the_server_refuses_as_taken_on_a_page_that_lists_none_is_the_recordings_kept_state(tmp_path):
    """The page shows no names, only what the server says: "That name is taken" (409) to the test, where
    it said 201 to the recording. The refusal of a request that held the name the test types is the
    evidence: the recording made it."""
    answer = await create_and_export(tmp_path, "/names/", "Name", "Ada", "Create", "Created Ada")
    assert answer.error and "UNPROVEN: test_names.py: the app kept state from the recording: the server answered " \
        "POST /api/names 409 to what the test sent, holding 'Ada', which the test types, where it answered the " \
        "recording's" in answer.text, answer.text
    assert "make the flow repeatable" in answer.text and "{unique}" in answer.text and "revised" not in answer.text


@pytest.mark.usefixtures("proof_actions_bounded")
async def test_a_question_the_page_asks_only_of_the_test_is_said_and_nothing_is_revised(tmp_path):
    """The recording saved "Plans"; the test's first run saves it again, and the page asks whether to
    overwrite it — a confirm the recording never saw, which the test (with no answer for it) dismisses, so
    the save's request never comes. Neither the response's glob nor its wait is the cause."""
    answer = await create_and_export(tmp_path, "/notebook/", "Name", "Plans", "Save", "Saved Plans")
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert ("the app kept state from the recording: the page asked confirm 'Overwrite the note Plans?', which the "
            "recording never saw; the test has no answer for it, so Playwright dismissed it; it names 'Plans', "
            "which the test types") in answer.text, answer.text
    assert "revised" not in answer.text and '"revisions": []' in answer.text, answer.text


async def _add_call_mum(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/todos/")
    await agent.fill("textbox", "New todo", "Call mum")
    await agent.click("button", "Add", expect_text="3 todos")
    await agent.verify_text("3 todos")


async def test_state_the_app_kept_from_the_recording_is_said_apart_from_a_wrong_assertion(tmp_path):
    test_file = tmp_path / "test_todos.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "todos.jsonl") as client:
            agent = Agent(client)
            await _add_call_mum(agent, url)             # the app still holds Call mum when the proof runs
            answer = await agent.call("export_test", target="python", path=str(test_file), name="todos")
    assert answer.error and "UNPROVEN: test_todos.py: the app kept state from the recording: before the test's " \
        "first step, its first page already shows '3 todos', which the agent's assertion expects after the steps, " \
        "and 'Call mum', which the test types" in answer.text, answer.text
    # run 1 fails at once, or passes when its assertion reads the count the first page showed before the app
    # drew the new one (a busy machine): its first page tells the state apart all the same
    assert re.search(r"run \d+ \(as it is\) failed at line", answer.text) and "make the flow repeatable" in answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text
    assert test_file.read_text(encoding="utf-8").startswith("# UNPROVEN (verdex proved it on export and it failed): "
                                                            "the app kept state from the recording")


@pytest.mark.usefixtures("proof_actions_bounded")
async def test_a_click_that_waits_on_a_button_the_kept_state_disables_is_said_to_be_the_kept_state(tmp_path):
    """The form will not save a name it already lists, so its Create stays disabled: the test fails on the
    click, not on an assertion. Its locator found the button, so no other locator is tried."""
    test_file = tmp_path / "test_projects.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "projects.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/projects/")
            await agent.fill("textbox", "Name", "Apollo")
            await agent.click("button", "Create", expect_text="Created Apollo")
            await agent.verify_text("Created Apollo")         # the app still lists Apollo when the proof runs
            answer = await agent.call("export_test", target="python", path=str(test_file), name="projects")
    assert answer.error and "UNPROVEN: test_projects.py: the app kept state from the recording: before the " \
        "test's first step, its first page already shows 'Apollo', which the test types" in answer.text, answer.text
    assert re.search(r"run 1 \(as it is\) failed at line \d+: page\.get_by_role\(\"button\", name=\"Create\"", answer.text)
    assert "make the flow repeatable" in answer.text and "revised" not in answer.text
    assert '"kept_state": "the recording"' in answer.text and '"runs": 1' in answer.text


@pytest.mark.parametrize("late", [False, True], ids=["books-with-the-page", "books-after-the-page"])
@pytest.mark.usefixtures("proof_actions_bounded")
async def test_a_first_click_on_an_empty_state_the_recording_filled_is_said_to_be_the_kept_state(tmp_path, late):
    """The recording added the first book, so the test's first run opens a shelf without its empty state:
    "Add a first book" is not there, and the value the test types later is. When the books came after the
    page had opened, the test first waits for their answer (an empty list: not for the empty state it drew,
    "No books yet"), then fails at the same click, and nothing is revised."""
    test_file = tmp_path / "test_shelf.py"
    with proof_apps() as (url, apps):
        apps.names_late = late
        async with recording_client(tmp_path / "shelf.jsonl") as client:
            agent = Agent(client)
            await add_first_book(agent, url)
            answer = await agent.call("export_test", target="python", path=str(test_file), name="shelf")
    assert answer.error and "UNPROVEN: test_shelf.py: the app kept state from the recording: before the " \
        "test's first step, its first page already shows 'Dune', which the test types" in answer.text, answer.text
    first = r'page\.get_by_role\("button", name="Add a first book"'
    assert re.search(r'run 1 \(as it is\) failed at line \d+: ' + first, answer.text), answer.text
    assert 'get_by_text("No books yet"' not in test_file.read_text(encoding="utf-8")
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text


@pytest.mark.usefixtures("proof_actions_bounded")
async def test_a_first_action_on_a_page_already_showing_the_flows_outcome_is_said_to_be_the_kept_state(tmp_path):
    """The recording sorted the list, and the server keeps the sort: the test's first page is sorted, its
    header no longer "Name", and it already shows what the agent's assertion expects after the steps."""
    answer = await click_and_export(tmp_path, "/sorting/", "Name", "Sorted by name, descending")
    assert answer.error and "UNPROVEN: test_sorting.py: the app kept state from the recording: before the test's " \
        "first step, its first page already shows 'Sorted by name, descending', which the agent's assertion " \
        "expects after the steps" in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text, answer.text


async def test_a_name_the_page_listed_just_before_the_test_typed_it_is_said_to_be_the_kept_state(tmp_path):
    """The test's first page shows only "New folder"; the names are listed once it is clicked, the
    recording's "reports" among them, just before the test types "reports" and the app says it is taken."""
    test_file = tmp_path / "test_folders.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "folders.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/folders/")
            await agent.click("button", "New folder")
            await agent.fill("textbox", "Folder name", "reports")
            await agent.click("button", "Save", expect_text="Created reports")
            await agent.verify_text("Created reports")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="folders")
    assert answer.error and "UNPROVEN: test_folders.py: the app kept state from the recording: before the test " \
        "typed 'reports', its page already showed it" in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and '"revisions": []' in answer.text, answer.text


async def test_a_check_that_finds_twice_what_the_test_typed_is_said_to_be_the_kept_state(tmp_path):
    """The first page is a form alone; Save lists every entry the app kept. The test saves "Solaris" again
    beside the recording's, and the agent's check finds two: the kept state, not a locator to revise."""
    answer = await create_and_export(tmp_path, "/entries/", "Entry", "Solaris", "Save", "Solaris")
    assert answer.error and "UNPROVEN: test_entries.py: the app kept state from the recording: " \
        "get_by_text(\"Solaris\", exact=True) found 2 elements where the recording found one; it finds them by " \
        "'Solaris', which the test types" in answer.text, answer.text
    assert '"kept_state": "the recording"' in answer.text and '"revisions": []' in answer.text, answer.text


async def test_what_the_recordings_first_page_already_showed_is_not_called_kept_state(tmp_path):
    """The catalog listed "raw_orders" and its description before the recording did anything, and the test
    types "raw" into the filter only after its first click. Once the app lists "raw_orders" twice (a second
    code location defines it), that click finds two buttons: "raw" is a part of their name, and the agent's
    last assertion expects a description the test's first page shows, yet the recording's first page showed
    both, so neither is what the recording made. Proving asks the recording for another locator for the
    click (it offers none) and reports the failure as it is."""
    test_file, recording = tmp_path / "test_assets.py", tmp_path / "assets.jsonl"
    with proof_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/assets/")
            await agent.click("button", "raw_orders", expect_text="Selected raw_orders")
            await agent.fill("textbox", "Filter", "raw")
            await agent.verify_text("Raw orders pulled from the shop.")
            apps.assets_twice = True
            answer = await agent.call("export_test", target="python", path=str(test_file), name="assets")
    steps = [json.loads(line) for line in recording.read_text(encoding="utf-8").splitlines()[1:]]
    first_page = {step["tool"]: step["first_page_text"] for step in steps if step.get("first_page_text") is not None}
    assert list(first_page) == ["browser_click"], first_page         # the recording's first action keeps it, alone
    assert all(text in first_page["browser_click"] for text in ("raw_orders", "Raw orders pulled from the shop."))
    assert answer.error and re.search(r'UNPROVEN: test_assets\.py: run 1 \(as it is\) failed at line \d+: '
                                      r'page\.get_by_role\("button", name="raw_orders", exact=True\)\.click\(\)\n'
                                      r'.*strict mode violation.*'
                                      r'\(the recording offers no other choice for its locator\)', answer.text), answer.text
    assert "kept state" not in answer.text and '"kept_state": ""' in answer.text, answer.text


async def test_an_assertion_that_is_wrong_on_a_fresh_app_is_not_called_kept_state(tmp_path):
    test_file = tmp_path / "test_todos.py"
    with proof_apps() as (url, apps):
        async with recording_client(tmp_path / "todos.jsonl") as client:
            agent = Agent(client)
            await _add_call_mum(agent, url)
            apps.reset()
            apps.todos.remove("Walk the dog")          # the app changed under the recording: one todo fewer
            answer = await agent.call("export_test", target="python", path=str(test_file), name="todos")
    assert answer.error and "UNPROVEN: test_todos.py: run 1 (as it is) failed at line" in answer.text, answer.text
    assert "kept state" not in answer.text and "the agent asserted this" in answer.text
    assert '"kept_state": ""' in answer.text


async def test_the_recordings_value_of_its_own_on_the_page_is_no_kept_state_of_a_run_that_types_its_own(tmp_path):
    """The agent typed ``Call {unique}``: each run types a value of its own, so the recording's ``Call 4c0b…``,
    which the app keeps and lists, is nothing the run expects. The run failed for another reason (two todos
    went from the app under the recording: the count the agent checked is wrong on a fresh run), and that is
    what is said — not "its first page already shows 'Call 4c0b…', which the test types" (JupyterLab's folder
    list showed the recording's ``archive-4c0b7f2f`` where the test checked its own, and a wait of verdex's
    that failed was called the app's kept state)."""
    test_file = tmp_path / "test_todos.py"
    with proof_apps() as (url, apps):
        async with recording_client(tmp_path / "todos.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/todos/")
            await agent.fill("textbox", "New todo", "Call {unique}")
            await agent.click("button", "Add", expect_text="3 todos")
            await agent.verify_text("3 todos")
            apps.todos.remove("Walk the dog")          # the app changed under the recording: one todo fewer
            apps.todos.remove("Buy milk")              # and another; it keeps the recording's "Call …"
            answer = await agent.call("export_test", target="python", path=str(test_file), name="todos")
    assert answer.error and re.search(r"UNPROVEN: test_todos.py: run \d \(as it is\) failed at line", answer.text)
    assert "kept state" not in answer.text and "the agent asserted this" in answer.text, answer.text
