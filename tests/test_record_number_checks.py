"""An agent's check of a notice that holds the number the server gave the record the flow made (Redmine's
"Issue #5 created.", tests/tracker_apps.py): a fresh run makes the next record and shows "Issue #6 created.".
The check is the agent's and proving never loosens it; what the export says is why it failed (the same words
with other numbers, made anew), where it used to say only "the agent asserted this"; and the check's own answer
says so as it passes, while the agent can still check something else."""

from __future__ import annotations

import pytest

from tests.flows.agent import Agent, recording_client
from tests.tracker_apps import tracker_apps

pytestmark = [pytest.mark.anyio, pytest.mark.usefixtures("exports_proven")]


@pytest.mark.parametrize("where", ["issues/", "issue"])
async def test_a_checked_notice_with_the_new_records_number_is_said_to_be_made_anew(tmp_path, where):
    """Redmine's ``/tracker/issues/1``, and Roundup's ``/tracker/issue1``: the record's kind and number in one
    segment, where the note had looked for the number as a segment of its own and said nothing."""
    test_file = tmp_path / "test_new_issue.py"
    with tracker_apps() as url:
        async with recording_client(tmp_path / "tracker.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/tracker/{where.rstrip('/')}/new")
            await agent.fill_unique("textbox", "Subject", "Printer jams {unique}")
            await agent.click("button", "Create", expect_text="Issue #1 created.")
            checked = await agent.must("verify_text_visible", text="Issue #1 created.")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="new_issue")
    assert f"'1' is in the URL the submission led to (/tracker/{where}1)" in checked.text, checked.text
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "'Issue #2 created.'" in answer.text and "other numbers" in answer.text, answer.text


async def test_a_signed_in_user_name_the_app_lists_is_no_state_the_recording_left(tmp_path, monkeypatch):
    """Roundup's issue list names each issue's creator, "admin", the user name the flow signs in with: the export of
    a flow that checked "issue 1 created" blamed the recording's state on the first page showing "admin", "which
    the test types". A user name typed just before a password is the sign-in's: the app had that user before the
    recording. The reason said is the number the app made anew."""
    monkeypatch.setenv("VERDEX_SECRET_PASSWORD", "s3cret pass")
    test_file = tmp_path / "test_signed_issue.py"
    with tracker_apps() as url:
        async with recording_client(tmp_path / "tracker.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/tracker/issue/new")
            await agent.fill("textbox", "User name", "admin")
            await agent.fill("textbox", "Password", "s3cret pass")
            await agent.fill_unique("textbox", "Subject", "Printer jams {unique}")
            await agent.click("button", "Create", expect_text="Issue #1 created.")
            await agent.must("verify_text_visible", text="Issue #1 created.")
            answer = await agent.call("export_test", target="python", path=str(test_file), name="signed_issue")
    assert answer.error and "UNPROVEN" in answer.text, answer.text
    assert "'admin', which the test types" not in answer.text, answer.text
    assert "'Issue #2 created.'" in answer.text and "other numbers" in answer.text, answer.text


async def test_a_checked_value_whose_word_holds_the_records_digits_is_no_record_number(tmp_path):
    """Roundup's new user ``/demo/user6``, its login checked as typed, ``ada6a8e2a0e`` (the run's own value): the
    note said "'6' is in the URL the submission led to". A number is one of its own in the text, not a word's
    digits."""
    with tracker_apps() as url:
        async with recording_client(tmp_path / "tracker.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(f"{url}/tracker/issue/new")
            await agent.fill("textbox", "Subject", "Toner tx1b jams")
            await agent.click("button", "Create", expect_text="Issue #1 created.")
            checked = await agent.must("verify_text_visible", text="Toner tx1b jams")
    assert "in the URL the submission led to" not in checked.text, checked.text
