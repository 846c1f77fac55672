"""Proving a response wait on a count of answers (verdex/proof.py, generators/revisions.py), on a form whose
parts each fetch its defaults and each answer draws its fields anew (tests/defaults_apps.py):

- a count the fresh run does not repeat (the recording saw the defaults asked twice, a fresh load asks
  once): the wait for answer 2 never ends; proving waits for the first answer instead, and says so,
  before it would drop the wait;
- a wait that ended too soon (the recording saw the form's second part asked at other words of the same
  path, after the first answer): a fresh run types into the Name before the second answer came, which
  empties it, and the agent's check of the Name fails. Proving revises the wait verdex chose, to the
  answer the recording saw last, before it tells the check as the agent's: the click's response wait,
  or, on a page that opens on the form, the waits before the first step. A path the page asks on a
  timer counts once there: a fresh run's timer has its own pace.

Recorded by a scripted agent over the SDK's real MCP client; every proof runs the real pytest.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.defaults_apps import defaults_app
from tests.flows.agent import Agent, Outcome, recording_client

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]
SAME_AGAIN = "/api/studio/defaults"
OTHER_WORDS = "/api/studio/defaults?fields=extra"
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")


async def _new_studio(tmp_path: Path, second: str, *, fresh_second: str | None, held: bool,
                      target: str = "python", opened: bool = False,
                      polls: tuple[float, float] | None = None) -> tuple[Outcome, str]:
    """Record "New studio", the Name typed and checked, with the form's second part at ``second``; then
    export and prove it on loads whose second part is ``fresh_second``, its answer ``HELD_S`` late when ``held``.
    ``opened``: the page opens on the form (``/studio/new``), no click. ``polls``: the page polls its status
    every so many seconds while recording, then every so many while proving."""
    test_file = tmp_path / ("test_studio.py" if target == "python" else "specs/studio.spec.ts")
    with defaults_app() as (url, app):
        app.second = second
        app.poll_s = polls[0] if polls else None
        async with recording_client(tmp_path / "studio.jsonl") as client:
            agent = Agent(client)
            if opened:                              # the form asks for its defaults as the page opens
                await agent.navigate(url + "/studio/new")
            else:
                await agent.navigate(url + "/studio/")
                await agent.click("button", "New studio")
            await agent.fill("textbox", "Name", "Ada")
            await agent.verify_element("textbox", "Name", "value", "Ada")
            app.second, app.held = fresh_second, held
            app.poll_s = polls[1] if polls else None
            answer = await agent.call("export_test", target=target, path=str(test_file), name="studio")
    return answer, test_file.read_text(encoding="utf-8")


def _flat(source: str) -> str:
    """The test's text with its wrapped lines and comments joined (black wraps what it writes)."""
    joined = re.sub(r"\s*\n\s*(?:#\s*)?(?=\S)", " ", source)
    return joined.replace("( ", "(").replace(" )", ")")


async def test_a_count_of_answers_a_fresh_load_does_not_repeat_is_waited_for_at_its_first_answer(tmp_path):
    """The recording saw the defaults asked twice (the test waits for answer 2); a fresh load asks once."""
    answer, source = await _new_studio(tmp_path, SAME_AGAIN, fresh_second=None, held=False)
    assert not answer.error and PROVED_3.search(answer.text), answer.text
    assert "revised step 2: a fresh run did not ask for GET /api/studio/defaults twice as the recording did " \
        "(answer 2 never came); waits for its first answer" in answer.text, answer.text
    assert "not waited for" not in answer.text and "nth_response" not in source, source
    flat = _flat(source)
    assert 'with page.expect_response(response_to("GET", r"/api/studio/defaults$")) as response_info:' in flat
    assert "revised by proving: a fresh run did not ask for GET /api/studio/defaults twice as the recording did " \
        "(answer 2 never came); waits for its first answer" in flat, source


async def test_a_wait_that_ended_before_the_answer_that_empties_the_field_is_revised_not_the_check(tmp_path):
    """The recording saw the second part asked after the first answer, at other words of its path: verdex
    waited for the first answer. In a fresh run the second answer comes late: the test types the Name into
    a form still loading, which takes nothing, and the agent's check of the Name fails."""
    answer, source = await _new_studio(tmp_path, OTHER_WORDS, fresh_second=OTHER_WORDS, held=True)
    assert not answer.error and PROVED_3.search(answer.text), answer.text
    assert "revised step 2: the agent's check after this failed (Locator expected to have Value 'Ada'), and this " \
        "wait ended at answer 1 of GET /api/studio/defaults, which the recording saw the action ask twice " \
        "(/api/studio/defaults?fields=extra after it): a later answer redraws what the check reads; waits for " \
        "answer 2, the last that changed the page" in answer.text, answer.text
    assert "the agent asserted this" not in answer.text
    flat = _flat(source)
    assert 'with page.expect_response(nth_response(2, response_to("GET", r"/api/studio/defaults$"))) as ' \
        "response_info:" in flat, source
    assert "the page changed; revised by proving: the agent's check after this failed" in flat, source


async def test_a_startup_wait_that_ended_at_the_first_of_the_forms_answers_waits_for_every_one_recorded(tmp_path):
    """The page opens on the form: verdex waits for the text the first answer drew ("Name"), and a fresh
    run's second answer comes late, and the Name typed before it is not taken. Proving waits, before the first
    step, until the page has had as many answers to that path as the recording saw."""
    answer, source = await _new_studio(tmp_path, OTHER_WORDS, fresh_second=OTHER_WORDS, held=True, opened=True)
    assert not answer.error and PROVED_3.search(answer.text), answer.text
    assert "revised step 2: the agent's check after this failed (Locator expected to have Value 'Ada'), and the " \
        "waits before this step ended at the page's first answer to a request the recording saw answered again " \
        "as the page opened (/api/studio/defaults ×2), a later answer redrawing what the check reads; waits until " \
        "the page has had every answer the recording saw" in answer.text, answer.text
    flat = _flat(source)
    assert 'page.wait_for_function(DATA_ANSWERED, arg=[["/api/studio/defaults", 2]], timeout=30_000)' in flat, source
    assert flat.index('get_by_text("Name", exact=True)).to_be_visible') < flat.index("DATA_ANSWERED, arg=") \
        < flat.index('.fill("Ada")'), source


async def test_a_startup_wait_revised_to_every_answer_counts_a_timers_answers_once(tmp_path):
    """The page polls its status on a timer as well, quickly while recording (several answers before the
    first step) and once a minute in the runs that prove it: a count of the recording's status answers
    is the timer's pace, which no run that polls slower reaches. The revised wait counts the form's
    answers and the status's first one."""
    answer, source = await _new_studio(tmp_path, OTHER_WORDS, fresh_second=OTHER_WORDS, held=True,
                                       opened=True, polls=(0.1, 60.0))
    assert not answer.error and PROVED_3.search(answer.text), f"{answer.text}\n{source}"
    flat = _flat(source)
    assert '["/api/studio/defaults", 2], ["/api/studio/status", 1]' in flat, source


@pytest.mark.skipif(shutil.which("npx") is None, reason="Node.js is not installed")
async def test_a_typescript_wait_that_ended_too_soon_is_revised_as_the_python_one_is(tmp_path):
    answer, source = await _new_studio(tmp_path, OTHER_WORDS, fresh_second=OTHER_WORDS, held=True, target="typescript")
    assert not answer.error and re.search(r"proved 1/1 \(1 plain", answer.text), answer.text
    assert "revised step 2: the agent's check after this failed" in answer.text, answer.text
    assert 'nthResponse(2, responseTo("GET", new RegExp("/api/studio/defaults$")))' in _flat(source), source
