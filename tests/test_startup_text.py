"""A text a generated test waits for before its first action is evidence a fresh load shows again: on
pages that load their data after they open and show, beside stable names, a count ("2 users") or an
untranslated i18n key ("common.done") or put up a one-time prompt in an alert, or draw a control again
beside a heading the page had shown before its answer, or draw a select's value with the data ("Sort
descending"), or put up a tip drawn at random once a script of its own has come, the recording and the generator choose a stable
text the answer drew, and the
test passes as written; a page that works on its answer longer than the window in which a change counts as
the answer's drawing has its text waited for all the same; a first action that fails before it records
a step (its target was drawn again) leaves the startup to the next (tests/proof_apps.py serves the pages;
a real recording over MCP or the Python API, real pytest)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.proof_apps import proof_apps
from verdex import actions
from verdex.browser.session import Session
from verdex.errors import StaleRef
from verdex.generators.recording import read_recording

pytestmark = pytest.mark.anyio


async def _invite_and_run(tmp_path, page: str, checked: str, first_tip: int | None = None,
                          pending: list[str] | None = None) -> tuple[str, subprocess.CompletedProcess]:
    """Record inviting on ``page`` and checking the text ``checked``, export the test unproven, and run it
    on a fresh load: the test's source and its run (``first_tip``: the tip the recording's load draws;
    ``pending``: the invitations the app has when the test runs, none when recorded)."""
    test_file = tmp_path / "test_team.py"
    with proof_apps() as (url, apps):
        apps.first_tip = first_tip
        async with recording_client(tmp_path / "team.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            await agent.click("button", "Invite", expect_text="Invitation sent")
            await agent.verify_text(checked)
            await agent.must("export_test", target="python", path=str(test_file), name="team", prove=0)
        source = test_file.read_text(encoding="utf-8")
        apps.invites = pending or []
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test_file)],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300, env=runner.test_env())
    return source, done


def _waits_on_a_name_and_passes(source: str, done: subprocess.CompletedProcess) -> None:
    assert re.search(r'expect\(page.get_by_text\("(Ada Lovelace|Grace Hopper|Members)", exact=True\)\).to_be_visible\('
                     r'timeout=30_000\)', source), source                      # a stable text of the same answer
    assert done.returncode == 0, source + done.stdout[-3000:]


@pytest.mark.parametrize(("page", "unstable"), [("/users/", "2 users"), ("/i18n/", "common.done"),
                                                ("/news/", "Would you like to get notified about Team news?"),
                                                ("/toolbar/", 'get_by_text("Team"'),
                                                ("/sorted/", "Sort descending"), ("/tips/", "Tip:"),
                                                ("/drawn-tips/", "Hint:"), ("/themed/", 'get_by_text("Team"'),
                                                ("/credited/", "Spain")])
async def test_the_startup_wait_takes_a_stable_text_not_a_count_or_an_i18n_key(tmp_path, page, unstable):
    source, done = await _invite_and_run(tmp_path, page, "Invitation sent")
    assert unstable not in source, source
    _waits_on_a_name_and_passes(source, done)


@pytest.mark.parametrize(("first_tip", "key"), [(4, "Profile"), (1, "drag"), (6, "ctrl-k")])
async def test_a_key_drawn_inside_a_tip_picked_at_random_is_no_startup_wait(tmp_path, first_tip, key):
    """The tip the recording saw draws a word of its own as a key of its own (``<kbd>Profile</kbd>``, as
    Node-RED draws "[ctrl]"): that element's text is part of the pick, which another load makes otherwise. So
    is a tip that ends in a placeholder the page filled in ("Search for nodes using {{core:search}}", drawn
    "… using ctrl-f": a fresh clone's run waited for it, and the next load drew another tip)."""
    source, done = await _invite_and_run(tmp_path, "/drawn-tips/", "Invitation sent", first_tip=first_tip)
    assert "Hint:" not in source and f'"{key}"' not in source, source
    _waits_on_a_name_and_passes(source, done)


@pytest.mark.parametrize(("page", "answer"), [("/invites/", "/api/invites"), ("/pending-rows/", "/api/invites/rows"),
                                              ("/pending-bare/", "/api/invites/bare")])
async def test_an_empty_state_an_answer_drew_is_no_startup_wait_its_answer_is(tmp_path, page, answer):
    """None was pending when recorded, and the page said "No pending invitations": true until the app has one
    (Airflow's "No Asset Events found.", a dashboard's "No runs in this time period"). The answer held only
    empty lists, or it was HTML its server rendered with no row of data (one row spanning the table that says
    so, or none, the page saying so itself: htmx apps load their rows so), so the test waits for it, not for
    its text, and passes once an invitation is pending."""
    source, done = await _invite_and_run(tmp_path, page, "Invitation sent", pending=["grace@example.com"])
    assert "No pending invitations" not in source, source
    assert f"GET {answer} listed nothing" in source and f'arg=["{answer}"]' in source, source
    _waits_on_a_name_and_passes(source, done)


async def test_an_empty_state_drawn_once_every_answer_was_in_is_no_startup_wait_though_another_ended_last(tmp_path):
    """The page draws once both answers are in; the empty invitations' answer ended first, the members' a
    second later, and nothing changed between: "No pending invitations" changed after the members' answer,
    yet it may be the empty answer's drawing as much (Label Studio's "Create your first project", drawn after
    its version's answer). It is no startup wait; the empty answer is waited for, a name the other drew is."""
    source, done = await _invite_and_run(tmp_path, "/invites-together/", "Invitation sent",
                                         pending=["grace@example.com"])
    assert "No pending invitations" not in source, source
    assert "GET /api/invites listed nothing" in source and "arg=[\"/api/invites\"]" in source, source
    _waits_on_a_name_and_passes(source, done)


async def test_a_count_laid_out_as_a_template_does_is_waited_for_by_a_pattern_its_raw_text_matches(tmp_path):
    """The answer draws only a count, on lines of its own ("\\n  Showing\\n  1-2 of 2 members\\n"): the
    startup wait and the agent's check of a part of it are patterns of its shape, and Playwright matches
    a pattern against the element's raw text, whitespace and all. Both hold on the fresh load the test
    makes (a pattern of the folded text, "^Showing \\d+…$", found nothing)."""
    source, done = await _invite_and_run(tmp_path, "/counted/", "members")
    shape = r'get_by_text(re.compile(r"^\s*Showing\s+\d+\-\d+\s+of\s+\d+\s+members%s\s*$"))'
    assert source.count(shape % "?") == 1, source        # the startup wait: the counted noun, either number
    assert source.count(shape % "") == 1, source         # the agent's check: the agent's own word
    assert done.returncode == 0, source + done.stdout[-3000:]


@pytest.mark.parametrize("page", ["/heavy/", "/heavy-first/"])
async def test_an_answer_the_page_works_on_before_it_draws_it_is_waited_for(tmp_path, page):
    """The page runs one long task on its data before it draws it: its text comes 1.5 s after the answer,
    while nothing else ran on the page. A change counts as an answer's drawing within 500 ms of the time
    the page ran (the bridge logs the spans it was stalled), not of the clock's — the same as a machine too
    busy to run the page for a while. The spans are kept from the document's first moment: a page that did
    it all before verdex's first call (``/heavy-first/``; a busy machine lets an app's answer and work come
    first) has it counted all the same."""
    with proof_apps() as (url, _):
        async with recording_client(tmp_path / "heavy.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            await agent.click("button", "Invite", expect_text="Invitation sent")
    startup = next(step.startup for step in read_recording(tmp_path / "heavy.jsonl").records if step.startup)
    assert [(ready.text, ready.answered_by) for ready in startup.ready_texts] == [("Members", "GET /api/users")]


async def test_a_first_action_that_failed_leaves_the_startup_to_the_next_action_on_the_document(tmp_path):
    """The app draws its button again between the snapshot and the click (a shop re-rendering its cards):
    the click is refused as stale, and records no step. The startup it read is the next click's."""
    recording = tmp_path / "team.jsonl"
    with proof_apps() as (url, _):
        async with Session(record=recording) as session:
            tab = await session.tab()
            await tab.navigate(url + "/users/")
            await tab.page.get_by_text("Grace Hopper").wait_for()
            first = re.search(r'button "Invite" \[ref=(\w+)\]', (await tab.snapshot()).text).group(1)
            await tab.page.evaluate("() => { const b = document.querySelector('button'); b.replaceWith(b.cloneNode(true)); }")
            with pytest.raises(StaleRef):
                await actions.click(tab, first)
            again = re.search(r'button "Invite" \[ref=(\w+)\]', (await tab.snapshot()).text).group(1)
            await actions.click(tab, again)
    clicks = [step for step in read_recording(recording).records if step.tool == "browser_click"]
    assert len(clicks) == 1 and clicks[0].startup is not None, clicks
    assert [r.url.rsplit("/", 1)[1] for r in clicks[0].startup.requests] == ["users"]
    assert {ready.text for ready in clicks[0].startup.ready_texts} & {"Ada Lovelace", "Grace Hopper"}


async def test_what_the_app_drew_before_verdex_first_read_its_page_is_still_the_startups_evidence(tmp_path):
    """verdex's page script is installed at its first call; an app that has loaded and drawn its data by
    then (Dash on a quiet machine, where a busy one let verdex in first) left no change for it to see,
    and the startup wait was silently not written. The document's changes are kept from its first
    moment (verdex/bridge/early.js) and adopted when the script is installed."""
    recording = tmp_path / "team.jsonl"
    with proof_apps() as (url, _):
        async with Session(record=recording) as session:
            tab = await session.tab()
            await tab.bridge.watch_from_document_start()       # as every navigation of a tab does
            await tab.page.goto(url + "/users/")                 # no call into the page on the way
            await tab.page.get_by_text("Grace Hopper").wait_for()
            invite = re.search(r'button "Invite" \[ref=(\w+)\]', (await tab.snapshot()).text).group(1)
            await actions.click(tab, invite)
    click = next(step for step in read_recording(recording).records if step.tool == "browser_click")
    assert click.startup is not None and [r.changed_page for r in click.startup.requests] == [True], click.startup
    assert {ready.text for ready in click.startup.ready_texts} & {"Ada Lovelace", "Grace Hopper"}, click.startup


async def test_the_documents_own_html_is_no_answers_drawing():
    """What the parser put in place before the page became interactive (a field's label, "New todo") is the
    document's own, never what an answer drew, however soon after it the answer came: a fast local answer
    once made the label the startup wait, which holds before the data is drawn."""
    with proof_apps() as (url, _):
        async with Session(record=False) as session:
            tab = await session.tab()
            await tab.navigate(url + "/todos/")
            await tab.page.get_by_text("Buy milk").wait_for()
            changed = await tab.bridge.call("changedTexts", {"since": 0, "until": 10 ** 9})
    texts = [said["text"] for said in changed["texts"]]
    assert "Buy milk" in texts and "New todo" not in texts, texts


def test_a_name_an_earlier_run_of_a_test_made_is_no_startup_wait():
    """JupyterLab's file list showed a folder an earlier run had made (``reports-3b0f4a1e``): the startup waited
    for it, by its shape, on a page a fresh server never shows it on. A name holding a ``{unique}`` token other
    than the session's is data a run left, never a sign the page has loaded; the session's own is a name this
    flow makes, which each run makes again."""
    from verdex.facts import ReadyText, Startup
    from verdex.generators import waits
    from verdex.recording_format import STEP

    texts = [ReadyText(text="reports-3b0f4a1e", exact=True, answered_by="GET /api/contents"),
             ReadyText(text="Last modified", exact=True, answered_by="GET /api/contents")]
    record = STEP.validate_python({"type": "step", "tool": "browser_click", "tab": "t1", "args": {},
                                   "startup": Startup(ready_texts=texts).model_dump()})
    assert [w.text for w in waits.startup_waits(record, token="9c8d7e6f")] == ["Last modified"]
    assert [w.text for w in waits.startup_waits(record, token="3b0f4a1e")] == ["reports-3b0f4a1e", "Last modified"]
