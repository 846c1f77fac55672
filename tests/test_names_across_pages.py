"""Two fields of two pages whose names share a word are two fields: DokuWiki's sign-in form has "Password" and,
pages later, its user manager "Password:". The export took them for one field whose name the page had extended
with a status (Syncthing's "Backup box X" becoming "Disconnected (Unused) Backup box X", the rule of
generators/extended_names.py), found both by the words ``^Password(?![^\\s:])`` and said, wrongly, that "the
recording saw the page name it 'Password', then 'Password:' (a status it adds once the status comes)". A name
is taken for an extended one only on one page: the same document, or a page loaded again at the same URL
(/accounts/: the sign-in's "Email", then the team page's "Email:").

So are two fields of one form asked the same thing twice: pyLoad's "Create new pyLoad login" asks the password in
"Password" and again in "Password (repeat)". The export filled one field by the words ``^Password(?!\\S)``
(which find both: strict mode), once, and left the repeat empty. Two form fields of names of their own
(``password``, ``password_repeat``) are two fields (/accounts/new-login.html)."""

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
    source = _exported_and_passed(recording, tmp_path, "accounts", apps)
    assert 'page.get_by_role("textbox", name="Email", exact=True).fill("ada@example.org")' in source, source
    assert 'page.get_by_role("textbox", name="Email:", exact=True).fill("bo@example.org")' in source, source


async def test_a_password_and_its_repeat_on_one_form_are_filled_each_by_its_own_name(apps, tmp_path):
    recording = tmp_path / "new_login.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/accounts/new-login.html")
        await agent.click("button", "Add user")
        await agent.fill("textbox", "Login", "ada")
        await agent.fill("textbox", "Password", PASSWORD)
        await agent.fill("textbox", "Password (repeat)", PASSWORD)
        await agent.click("button", "Add", expect_text="Added ada")
        await agent.verify_text("Added ada")
    source = _exported_and_passed(recording, tmp_path, "new_login", apps)
    assert 'get_by_role("textbox", name="Password", exact=True).fill(' in source, source
    assert 'get_by_role("textbox", name="Password (repeat)", exact=True).fill(' in source, source


def _exported_and_passed(recording, folder, name: str, apps) -> str:
    """The recording exported as a pytest file, which finds no field by the words of another's name and passes
    on the fixture apps: its source."""
    python = runner.export_python(recording, folder, name)
    source = python.read_text(encoding="utf-8")
    assert "a status it adds" not in source, source
    run = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(apps.url))
    assert run.passed, f"{source}\n{run.tail()}"
    return source
