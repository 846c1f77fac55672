"""Two fields of two pages whose names share a word are two fields: DokuWiki's sign-in form has "Password" and,
pages later, its user manager "Password:". The export took them for one field whose name the page had extended
with a status (Syncthing's "Backup box X" becoming "Disconnected (Unused) Backup box X", the rule of
generators/extended_names.py), found both by the words ``^Password(?![^\\s:])`` and said, wrongly, that "the
recording saw the page name it 'Password', then 'Password:' (a status it adds once the status comes)". A name
is taken for an extended one only on one page: the same document, or a page loaded again at the same URL
(/accounts/: the sign-in's "Email", then the team page's "Email:")."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.flows.login import PASSWORD

pytestmark = pytest.mark.anyio


async def test_fields_of_two_pages_that_share_a_word_are_found_by_their_own_names(apps, tmp_path):
    recording = tmp_path / "accounts.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/accounts/")
        await agent.fill("textbox", "Email", "ada@example.org")
        await agent.fill("textbox", "Password", PASSWORD)
        await agent.click("button", "Sign in", expect_text="Invite a member")
        await agent.fill("textbox", "Email:", "bo@example.org")
        await agent.click("button", "Invite", expect_text="Invited bo@example.org")
        await agent.verify_text("Invited bo@example.org")
    python = runner.export_python(recording, tmp_path, "accounts")
    source = python.read_text(encoding="utf-8")
    assert 'page.get_by_role("textbox", name="Email", exact=True).fill("ada@example.org")' in source, source
    assert 'page.get_by_role("textbox", name="Email:", exact=True).fill("bo@example.org")' in source, source
    assert "a status it adds" not in source, source
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"
