"""Proving a response wait on a count of answers (verdex/proof.py, generators/revisions.py), on a form whose
parts each fetch its defaults and each answer draws its fields anew (tests/defaults_apps.py):

- a count the fresh run does not repeat (the recording saw the defaults asked twice, a fresh load asks
  once): the wait for answer 2 never ends; proving waits for the first answer instead, and says so,
  before it would drop the wait;
- a wait that ended too soon (the recording saw the form's second part asked at other words of the same
  path, after the first answer): a fresh run types into the Name before the second answer came, which
  empties it, and the agent's check of the Name fails. Proving revises the wait verdex chose, to the
  answer the recording saw last, before it tells the check as the agent's.

Recorded by a scripted agent over the SDK's real MCP client; every proof runs the real pytest.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.defaults_apps import defaults_app
from tests.flows.agent import Agent, Outcome, recording_client
from verdex import exporting

pytestmark = pytest.mark.anyio
SAME_AGAIN = "/api/studio/defaults"
OTHER_WORDS = "/api/studio/defaults?fields=extra"
PROVED_3 = re.compile(r"proved 3/3 \(1 plain, 2 under chaos, \d+ s\)")


@pytest.fixture(autouse=True)
def exports_proven_by_default(monkeypatch):
    """The suite's exports skip proving (tests/conftest.py); here every export proves, as a user's does."""
    monkeypatch.delenv(exporting.PROVE_ENV, raising=False)


async def _new_studio(tmp_path: Path, second: str, *, fresh_second: str | None, held: bool) -> tuple[Outcome, str]:
    """Record "New studio", the Name typed and checked, with the form's second part at ``second``; then
    export and prove it on loads whose second part is ``fresh_second``, held until a draft when ``held``."""
    test_file = tmp_path / "test_studio.py"
    with defaults_app() as (url, app):
        app.second = second
        async with recording_client(tmp_path / "studio.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(url + "/studio/")
            await agent.click("button", "New studio")
            await agent.fill("textbox", "Name", "Ada")
            await agent.verify_element("textbox", "Name", "value", "Ada")
            app.second, app.held = fresh_second, held
            answer = await agent.call("export_test", target="python", path=str(test_file), name="studio")
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
    waited for the first answer. A fresh run's second answer comes once the test has typed the Name (the
    server holds it until the page saves a draft) and empties it: the agent's check of the Name fails."""
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
