"""Proving on export (verdex/proof.py): ``export_test`` runs the test it just wrote against the app the
session is on — once as it is, twice under seeded chaos — before it answers; revises verdex's own
choices when a run fails on one; says UNPROVEN, with the run, the line and the error, when the test
still fails; and tells the state an app kept across runs apart from a wrong choice.

Recorded by a scripted agent over the SDK's real MCP client (tests/flows/agent.py) on the fixture shop
and on the small apps of tests/proof_apps.py; every proof runs the real pytest / ``npx playwright test``.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, Outcome, recording_client
from tests.proof_apps import PASSWORD, proof_apps
from verdex import exporting
from verdex.errors import InvalidArgument
from verdex.fixtures.server import FixtureServer
from verdex.proof_runs import ADDOPTS_ENV, run_pytest, run_pytest_rounds
from verdex.unique import PYTHON_TOKEN

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")


async def _add_pixel(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/shop/")
    toast = "Added Pixel 8 to cart"
    await agent.click("button", "Add to Cart", after=("heading", "Pixel 8"), expect_text=toast)
    await agent.verify_text(toast)


async def _new_document(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/docs/")
    await agent.click("button", "New document")


async def _shop_exported(tmp_path: Path, target: str, path: Path) -> Outcome:
    with FixtureServer() as shop:
        async with recording_client(tmp_path / "shop.jsonl") as client:
            agent = Agent(client)
            await _add_pixel(agent, shop.url)
            return await agent.must("export_test", target=target, path=str(path), name="shop")


async def test_an_export_proves_its_test_once_as_is_and_twice_under_chaos(tmp_path):
    answer = await _shop_exported(tmp_path, "python", tmp_path / "test_shop.py")
    assert PROVED_3.search(answer.text), answer.text
    assert answer.text.startswith(f"wrote {tmp_path / 'test_shop.py'}, {tmp_path / 'conftest.py'}; proved")
    assert answer.data["proof"]["verdict"] == "proved" and answer.data["proof"]["passed"] == 3


async def test_an_export_after_the_app_changed_under_the_recording_reports_the_failing_line(tmp_path):
    test_file = tmp_path / "test_shop.py"
    with FixtureServer() as shop:
        async with recording_client(tmp_path / "shop.jsonl") as client:
            agent = Agent(client)
            await _add_pixel(agent, shop.url)
            shop.change_shop("renamed-button")              # "Add to Cart" is "Add to basket" from now on
            answer = await agent.call("export_test", target="python", path=str(test_file), name="shop")
    assert answer.error and "UNPROVEN: test_shop.py: run 1 (as it is) failed at line " in answer.text, answer.text
    line = int(re.search(r"failed at line (\d+)", answer.text).group(1))
    source = test_file.read_text(encoding="utf-8").splitlines()
    assert source[0].startswith("# UNPROVEN (verdex proved it on export and it failed): run 1 (as it is)")
    header = next(i for i, text in enumerate(source) if not text.startswith("#"))
    assert "click()" in "".join(source[header + line - 3:header + line + 1])     # the line, before the header
    assert max(len(text) for text in source[:header]) <= 100, source[:header]   # as wide as the code at most
    assert 'name="Add to Cart"' in answer.text and "TimeoutError" in answer.text


@pytest.mark.skipif(shutil.which("npx") is None, reason="Node.js is not installed")
async def test_a_typescript_export_is_proven_by_playwright_test(tmp_path, monkeypatch):
    """The path as a user types it in their project's folder, relative: Playwright Test runs from the
    project that holds @playwright/test, and still finds the spec's config."""
    monkeypatch.chdir(tmp_path)
    answer = await _shop_exported(tmp_path, "typescript", Path("specs") / "shop.spec.ts")
    assert re.search(r"proved 1/1 \(1 plain; verdex's chaos runs under pytest only, \d+ s\)", answer.text), \
        answer.text


async def test_a_url_holding_a_name_the_server_made_is_any_name_before_proving_and_nothing_is_revised(tmp_path):
    """The generator tells the server's name from the recording (generators/server_names.py: the 201 that
    made the document, and the URL the page went to): proving has nothing to loosen."""
    test_file = tmp_path / "test_docs.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)          # the server names it Untitled.doc
            answer = await agent.must("export_test", target="python", path=str(test_file), name="docs")
    assert PROVED_3.search(answer.text), answer.text
    assert "revised" not in answer.text, answer.text
    source = test_file.read_text(encoding="utf-8")
    assert r'to_have_url(re.compile(r"/docs/edit/[^/]+$")' in source, source


async def _create_and_export(tmp_path: Path, page: str, field: str, value: str, button: str, said: str,
                             restarted: bool = False) -> Outcome:
    """Record typing ``value`` into ``field`` on ``page`` and ``button`` saving it (the page says ``said``),
    checked; the export proves it on the same app (``restarted``: its server restarted first)."""
    name = page.strip("/")
    with proof_apps() as (url, apps):
        async with recording_client(tmp_path / f"{name}.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            await agent.fill("textbox", field, value)
            await agent.click("button", button, expect_text=said)
            await agent.verify_text(said)
            if restarted:
                apps.reset()
            return await agent.call("export_test", target="python", path=str(tmp_path / f"test_{name}.py"), name=name)


async def test_a_servers_own_form_whose_controls_shadow_its_properties_is_recorded_and_proven(tmp_path):
    """Trac's new-ticket form: radios named ``action``, a hidden ``id``, a summary named ``title``; a
    form's named controls stand in for its own properties (``form.action`` is the radios). The click's
    facts still say where the form goes and how, and the test it gives is proven."""
    answer = await _create_and_export(tmp_path, "/tickets/", "Summary", "Login page crashes", "Create ticket",
                                      "Login page crashes")
    assert not answer.error and "proved 3/3" in answer.text, answer.text
    click = next(step for step in map(json.loads, (tmp_path / "tickets.jsonl").read_text(encoding="utf-8").splitlines())
                 if step.get("type") == "step" and step.get("tool") == "browser_click")
    form = click["preflight"]["navigation"]["form"]
    assert form["action"].endswith("/tickets/new") and form["method"] == "post", form


async def test_state_the_app_kept_from_run_1_is_said_and_nothing_is_revised(tmp_path):
    answer = await _create_and_export(tmp_path, "/names/", "Name", "Ada", "Create", "Created Ada", restarted=True)
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "the app kept state from run 1: the test passed as it is, then failed as it is again" in answer.text
    assert "make the flow repeatable" in answer.text and "revised" not in answer.text


async def test_a_name_the_server_refuses_as_taken_on_a_page_that_lists_none_is_the_recordings_kept_state(tmp_path):
    """The page shows no names, only what the server says: "That name is taken" (409) to the test, where
    it said 201 to the recording. The refusal of a request that held the name the test types is the
    evidence: the recording made it."""
    answer = await _create_and_export(tmp_path, "/names/", "Name", "Ada", "Create", "Created Ada")
    assert answer.error and "UNPROVEN: test_names.py: the app kept state from the recording: the server answered " \
        "POST /api/names 409 to what the test sent, holding 'Ada', which the test types, where it answered the " \
        "recording's" in answer.text, answer.text
    assert "make the flow repeatable" in answer.text and "{unique}" in answer.text and "revised" not in answer.text


async def test_a_name_of_each_runs_own_makes_a_flow_that_creates_repeatable(tmp_path):
    """The same flow with ``{unique}`` in the name it types: the session spells it with its token, the
    agent checks what the page then shows, and both tests make their own each run — proven 3/3 and 1/1
    on the app that keeps every name it was given, the recording's too. The flow deletes nothing it made,
    so the answer says that runs add up in the app (a list paged or drawn only in view hides a later run's)."""
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "names.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/names/")
            typed = await agent.fill("textbox", "Name", "Ada {unique}")
            token = re.search(r"\{unique\} is ((?:\d[a-f]){4}) in this session; the exported test makes its own each run",
                              typed.text).group(1)
            await agent.click("button", "Create", expect_text=f"Created Ada {token}")
            await agent.verify_text(f"Created Ada {token}")             # as the page shows it
            python = await agent.call("export_test", target="python", path=str(tmp_path / "test_names.py"),
                                      name="names")
            typescript = await agent.call("export_test", target="typescript",
                                          path=str(tmp_path / "names.spec.ts"), name="names")
    assert not python.error and PROVED_3.search(python.text), python.text
    assert not typescript.error and "proved 1/1" in typescript.text, typescript.text
    leaves = ("each run leaves what it makes under a name of its own ('Ada {unique}') and no control the flow uses "
              "after it says it deletes or removes")
    assert leaves in python.text and leaves in typescript.text, python.text
    for path, made, typed_line, checked in (
            ("test_names.py", f"unique = {PYTHON_TOKEN}", 'fill(f"Ada {unique}")', 'get_by_text(f"Created Ada {unique}"'),
            ("names.spec.ts", "const unique = Array.from(", "fill(`Ada ${unique}`)",
             "getByText(`Created Ada ${unique}`")):
        source = (tmp_path / path).read_text(encoding="utf-8")
        assert made in source and typed_line in source and checked in source, source
        code = [line for line in source.splitlines() if not line.strip().startswith(("#", "//"))]
        assert not any(token in line for line in code), source     # the recording's token only in its comment


async def test_a_question_the_page_asks_only_of_the_test_is_said_and_nothing_is_revised(tmp_path):
    """The recording saved "Plans"; the test's first run saves it again, and the page asks whether to
    overwrite it — a confirm the recording never saw, which the test (with no answer for it) dismisses, so
    the save's request never comes. Neither the response's glob nor its wait is the cause."""
    answer = await _create_and_export(tmp_path, "/notebook/", "Name", "Plans", "Save", "Saved Plans")
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


async def _add_first_book(agent: Agent, url: str) -> None:
    await agent.navigate(url + "/shelf/")
    await agent.click("button", "Add a first book")
    await agent.fill("textbox", "Title", "Dune")
    await agent.click("button", "Save", expect_text="Added Dune")
    await agent.verify_text("Added Dune")


@pytest.mark.parametrize("late", [False, True], ids=["books-with-the-page", "books-after-the-page"])
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
            await _add_first_book(agent, url)
            answer = await agent.call("export_test", target="python", path=str(test_file), name="shelf")
    assert answer.error and "UNPROVEN: test_shelf.py: the app kept state from the recording: before the " \
        "test's first step, its first page already shows 'Dune', which the test types" in answer.text, answer.text
    first = r'page\.get_by_role\("button", name="Add a first book"'
    assert re.search(r'run 1 \(as it is\) failed at line \d+: ' + first, answer.text), answer.text
    assert 'get_by_text("No books yet"' not in test_file.read_text(encoding="utf-8")
    assert '"kept_state": "the recording"' in answer.text and "revised" not in answer.text


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


async def test_a_first_action_on_a_page_already_showing_the_flows_outcome_is_said_to_be_the_kept_state(tmp_path):
    """The recording sorted the list, and the server keeps the sort: the test's first page is sorted, its
    header no longer "Name", and it already shows what the agent's assertion expects after the steps."""
    test_file = tmp_path / "test_people.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "people.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/sorting/")
            await agent.click("button", "Name", expect_text="Sorted by name, descending")
            await agent.verify_text("Sorted by name, descending")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="people")
    assert answer.error and "UNPROVEN: test_people.py: the app kept state from the recording: before the test's " \
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
    answer = await _create_and_export(tmp_path, "/entries/", "Entry", "Solaris", "Save", "Solaris")
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


async def test_the_command_line_export_proves_a_recording_when_asked_and_says_unproven_with_the_reason(tmp_path):
    """``verdex export REC -o F --prove N`` runs the test against the recorded app as the session's export
    does; without ``--prove`` it writes only."""
    recording = tmp_path / "shelf.jsonl"
    with proof_apps() as (url, apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await _add_first_book(agent, url)
        command = [sys.executable, "-m", "verdex", "export", str(recording), "-o"]
        written = subprocess.run([*command, str(tmp_path / "test_written.py")], capture_output=True, text=True,
                                 timeout=120, env=runner.test_env())
        apps.reset()                                          # a fresh copy of the app: no book yet
        proved = subprocess.run([*command, str(tmp_path / "test_proved.py"), "--prove", "1"], capture_output=True,
                                text=True, timeout=300, env=runner.test_env())
        kept = subprocess.run([*command, str(tmp_path / "test_kept.py"), "--prove", "1"], capture_output=True,
                              text=True, timeout=300, env=runner.test_env())    # Dune is there from that run
    assert written.returncode == 0 and "proved" not in written.stdout, written.stdout + written.stderr
    assert proved.returncode == 0 and re.search(r"proved 1/1 \(1 plain", proved.stdout), \
        proved.stdout + proved.stderr
    assert kept.returncode == 1 and "UNPROVEN: test_kept.py: the app kept state from the recording: before the " \
        "test's first step, its first page already shows 'Dune'" in kept.stderr, kept.stderr
    assert (tmp_path / "test_kept.py").read_text(encoding="utf-8").startswith("# UNPROVEN")


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


async def test_prove_0_skips_proving_and_says_so(tmp_path):
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)
            answer = await agent.must("export_test", target="python", path=str(tmp_path / "test_docs.py"),
                                      name="docs", prove=0)
    assert answer.text.endswith("; not proved (prove=0)"), answer.text


async def test_an_app_that_is_down_at_export_time_is_unproven_with_the_reason(tmp_path):
    async with recording_client(tmp_path / "docs.jsonl") as client:
        agent = Agent(client)
        with proof_apps() as (url, _):
            await _new_document(agent, url)
        answer = await agent.call("export_test", target="python", path=str(tmp_path / "test_docs.py"), name="docs")
    assert answer.error and f"the app the test was recorded on, {url}, does not answer now" in answer.text, \
        answer.text
    assert (tmp_path / "test_docs.py").read_text(encoding="utf-8").startswith("# UNPROVEN")


async def test_a_secret_is_read_from_the_environment_by_the_proof_and_never_printed(tmp_path, monkeypatch):
    """Unset, the secret is what the proof says is missing: not the app's kept state, though the user the
    test types ("admin") is a part of the first page's text (Django's login: "Django administration")."""
    test_file = tmp_path / "test_vault.py"
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "vault.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/secret/")
            await agent.fill("textbox", "User", "admin")
            await agent.fill("textbox", "Password", PASSWORD)
            await agent.click("button", "Unlock", expect_text="Unlocked")
            await agent.verify_text("Unlocked")
            monkeypatch.delenv("VERDEX_SECRET_PASSWORD", raising=False)
            missing = await agent.call("export_test", target="python", path=str(test_file), name="vault")
            monkeypatch.setenv("VERDEX_SECRET_PASSWORD", PASSWORD)
            proved = await agent.must("export_test", target="python", path=str(test_file), name="vault")
    assert missing.error and "VERDEX_SECRET_PASSWORD" in missing.text, missing.text
    assert "reads VERDEX_SECRET_PASSWORD from the environment" in missing.text, missing.text   # not a locator's
    assert "no other choice" not in missing.text and "kept state" not in missing.text, missing.text
    assert PROVED_3.search(proved.text), proved.text
    for text in (missing.text, proved.text, test_file.read_text(encoding="utf-8")):
        assert PASSWORD not in text


def test_a_run_that_hangs_is_stopped_and_reported(tmp_path):
    hanging = tmp_path / "test_hangs.py"
    hanging.write_text("import threading\n\n\ndef test_hangs():\n    threading.Event().wait()\n", encoding="utf-8")
    run = run_pytest(hanging, label="run 1 (as it is)", chaos_seed=None, timeout_s=5, secrets=[])
    assert not run.passed and run.error == "Hang" and "did not finish in 5 s" in run.message


def test_a_hang_costs_its_own_run_s_bound_not_the_rounds_and_takes_what_it_started_with_it(tmp_path):
    """Run 1 of ten hangs: it is stopped once it has run for its bound (not ten runs' worth; three, nine minutes
    at the default), and the process its test started (a browser, say) is stopped with it — asked first, so
    that it cleans up (Playwright's driver removes its browsers' profile folders), then killed."""
    hanging = tmp_path / "test_hangs.py"
    child = ("import pathlib, signal, sys, time\n"
             "signal.signal(signal.SIGTERM, lambda *_: (pathlib.Path('cleaned').write_text('yes'), sys.exit(0)))\n"
             "time.sleep(600)\n")
    hanging.write_text("import pathlib, subprocess, sys, threading\n\n\ndef test_hangs():\n"
                       f"    child = subprocess.Popen([sys.executable, '-c', {child!r}])\n"
                       "    pathlib.Path('child.pid').write_text(str(child.pid))\n"
                       "    threading.Event().wait()\n", encoding="utf-8")
    started = time.monotonic()
    runs = run_pytest_rounds(hanging, [(f"run {n}", None) for n in range(1, 11)], timeout_s=8, secrets=[])
    took = time.monotonic() - started
    assert [(run.label, run.error) for run in runs] == [("run 1", "Hang")]
    # its own 8 s after pytest started it, not the ten runs' 80 s (start-up on a busy machine has room)
    assert took < 6 * 8, f"{took:.0f} s: the hang was given the other runs' time too"
    stat = Path(f"/proc/{(tmp_path / 'child.pid').read_text()}/stat")
    assert not stat.exists() or stat.read_text().split(") ")[1][0] in "ZX", "the test's child still runs"
    assert (tmp_path / "cleaned").read_text() == "yes"


def test_the_runs_take_the_options_meant_for_them_and_not_the_developers(tmp_path, monkeypatch):
    """PYTEST_ADDOPTS is the developer's for their own suite (here it would deselect the test);
    VERDEX_PYTEST_ADDOPTS is for proving's runs (here: no hypothesis plugin, as this suite sets it)."""
    probe = tmp_path / "test_options.py"
    probe.write_text("def test_options(request):\n"
                     "    assert request.config.pluginmanager.is_blocked('hypothesispytest')\n", encoding="utf-8")
    monkeypatch.setenv("PYTEST_ADDOPTS", "-k nothing_is_named_so")
    monkeypatch.setenv(ADDOPTS_ENV, "-p no:hypothesispytest")
    run = run_pytest(probe, label="run 1 (as it is)", chaos_seed=None, timeout_s=120, secrets=[])
    assert run.passed, run.message
    monkeypatch.delenv(ADDOPTS_ENV)
    run = run_pytest(probe, label="run 1 (as it is)", chaos_seed=None, timeout_s=120, secrets=[])
    assert not run.passed and "is_blocked" in run.message


def test_the_runs_share_one_pytest_process_each_under_its_own_seed_and_stop_at_the_first_failure(tmp_path):
    seeded = tmp_path / "test_seeded.py"
    seeded.write_text("import os\n\n\ndef test_seeded(request):\n    seed = request.config.getoption('chaos_seed')\n"
                      "    with open('seeds.txt', 'a') as seen:\n        seen.write(f'{seed} {os.getpid()}\\n')\n"
                      "    assert seed != 2, 'fails under seed 2'\n", encoding="utf-8")
    runs = run_pytest_rounds(seeded, [("run 1 (as it is)", None), ("run 2 (chaos seed 1)", 1),
                                      ("run 3 (chaos seed 2)", 2), ("run 4 (chaos seed 3)", 3)],
                             timeout_s=120, secrets=[])
    assert [(run.label, run.passed) for run in runs] == [("run 1 (as it is)", True), ("run 2 (chaos seed 1)", True),
                                                         ("run 3 (chaos seed 2)", False)]
    assert runs[-1].line == 8 and runs[-1].error == "AssertionError" and "fails under seed 2" in runs[-1].message
    seen = [line.split() for line in (tmp_path / "seeds.txt").read_text().splitlines()]
    assert [seed for seed, _ in seen] == ["None", "1", "2"] and len({pid for _, pid in seen}) == 1


async def test_an_export_into_a_folder_whose_conftest_names_another_app_carries_its_own_origin(tmp_path):
    folder = tmp_path / "e2e"
    folder.mkdir()
    other_app = (EXAMPLES / "generated" / "python" / "conftest.py").read_text(encoding="utf-8")   # verdex's, for
    (folder / "conftest.py").write_text(re.sub(r'RECORDED_BASE_URL = ".*"', 'RECORDED_BASE_URL = "http://127.0.0.1:9"',
                                               other_app), encoding="utf-8")                  # another app
    assert 'RECORDED_BASE_URL = "http://127.0.0.1:9"' in (folder / "conftest.py").read_text(encoding="utf-8")
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)
            answer = await agent.must("export_test", target="python", path=str(folder / "test_docs.py"),
                                      name="docs")
    assert "conftest.py beside this test points at http://127.0.0.1:9" in " ".join(answer.text.split()), answer.text
    assert PROVED_3.search(answer.text), answer.text
    assert f'RECORDED_BASE_URL = "{url}"' in (folder / "test_docs.py").read_text(encoding="utf-8")


async def test_two_exports_at_once_in_one_session_are_both_proven_and_a_dead_browser_does_not_matter(tmp_path):
    from verdex import actions
    from verdex.browser.session import Session
    with proof_apps() as (url, _):
        async with Session(record=tmp_path / "docs.jsonl") as session:
            tab = await session.tab()
            await actions.navigate(tab, url + "/docs/")
            snapshot = (await tab.snapshot()).text
            await actions.click(tab, re.search(r'button "New document" \[ref=(e\d+)\]', snapshot).group(1))
            await session.close()                                # the session's browser is gone
            first, second = await asyncio.gather(
                exporting.export_test(session, target="python", path=tmp_path / "a" / "test_docs.py", name="docs",
                                      prove=1),
                exporting.export_test(session, target="python", path=tmp_path / "b" / "test_docs.py", name="docs",
                                      prove=1))
    assert first.proof.verdict == second.proof.verdict == "proved", (first.summary(), second.summary())


async def test_without_node_python_is_proven_and_typescript_is_said_unproven_with_the_reason(tmp_path, monkeypatch):
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "docs.jsonl") as client:
            agent = Agent(client)
            await _new_document(agent, url)
            bare = tmp_path / "bin"
            bare.mkdir()
            (bare / "python").symlink_to(sys.executable)
            monkeypatch.setenv("PATH", str(bare))
            python = await agent.must("export_test", target="python", path=str(tmp_path / "test_docs.py"),
                                      name="docs", prove=1)
            typescript = await agent.call("export_test", target="typescript", path=str(tmp_path / "docs.spec.ts"),
                                          name="docs")
    assert "proved 1/1 (1 plain" in python.text, python.text
    assert typescript.error and "UNPROVEN: docs.spec.ts: TypeScript is neither written nor proven: Node.js is not " \
        "installed" in typescript.text, typescript.text


def test_a_prove_that_is_not_a_number_of_runs_is_refused(monkeypatch):
    with pytest.raises(InvalidArgument, match="0 skips"):
        asyncio.run(exporting.export_test(None, target="python", path="x.py", name="x", prove=-1))   # type: ignore[arg-type]
    monkeypatch.setenv(exporting.PROVE_ENV, "three")
    with pytest.raises(InvalidArgument, match="VERDEX_PROVE"):
        exporting.default_runs()


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


async def test_an_empty_state_verdex_waited_for_is_dropped_when_the_flow_makes_its_values_anew(tmp_path):
    """Airflow 3's Variables page: the startup wait verdex chose was the empty state the app's first answer drew
    ("No variables found"), which the recording's variable took away. The agent had typed {unique}, so every
    run adds a variable of its own and its checks hold whatever the app kept; the page showed the recording's
    variable with the description the flow types each run, and the export said "the app kept state from the
    recording … type {unique} in its name", advice already followed, of a line verdex chose.
    The wait is dropped (revised) and the test proven; without {unique} the kept state is still said (the
    shelf's test above). The rows come as HTML the server renders inside a JSON answer, so nothing in the answer
    reads as an empty list or a fragment of no rows (one that does is waited for as an answer when recorded:
    tests/test_startup_text.py)."""
    test_file = tmp_path / "test_catalogue.py"
    with proof_apps() as (url, apps):
        apps.names_late = True
        async with recording_client(tmp_path / "catalogue.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/catalogue/")
            await agent.click("button", "New book")
            await agent.fill("textbox", "Title", "Dune {unique}")
            await agent.fill("textbox", "Author", "Frank Herbert")
            await agent.click("button", "Save", expect_text="Added Dune")
            await agent.verify_text("Added Dune {unique}")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="catalogue")
    written = test_file.read_text(encoding="utf-8")
    assert not answer.error and "proved 3/3" in answer.text, answer.text
    assert "revised by proving: dropped the wait" in written, written
    assert 'get_by_text("No books yet"' not in written, written
