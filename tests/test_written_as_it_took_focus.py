"""A field the page writes into as it takes the focus holds what the agent typed, in the session and in the test
(/accounts/new-user.html).

Roundup's new user: leaving "Name" runs its blur handler, which fills an empty "Login Name" from the name
("Ada.lovelace"). Playwright's fill selects the field's text, then focuses it, so the blur came between and what was
typed went after what the page wrote: "Ada.lovelaceada". verdex's fill sees the field hold more than the value, the
value at its end, fills again with the focus in it and says so; the test focuses the field before it fills it.
"""

from __future__ import annotations

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client

pytestmark = pytest.mark.anyio


async def test_a_field_the_page_fills_as_it_takes_the_focus_holds_what_was_typed(apps, tmp_path):
    recording = tmp_path / "new_user.jsonl"
    async with recording_client(recording) as client:
        agent = Agent(client)
        await agent.navigate(apps.url + "/accounts/new-user.html")
        await agent.fill("textbox", "Name", "Ada Lovelace")
        filled = await agent.fill("textbox", "Login Name", "ada")
        assert "as it took the focus" in filled.text, filled.text
        await agent.verify_element("textbox", "Login Name", "value", "ada")
        await agent.click("button", "Submit New Entry", expect_text="login ada created")
        await agent.verify_text("login ada created")
    python = runner.export_python(recording, tmp_path, "new_user")
    source = python.read_text(encoding="utf-8")
    assert 'name="Login Name", exact=True).focus()' in source, source
    run = runner.run_pytest(python, None)
    assert run.passed, f"{source}\n{run.tail()}"
    spec = runner.export_typescript(recording, tmp_path, "new_user").read_text(encoding="utf-8")
    assert 'name: "Login Name", exact: true }).focus();' in spec, spec
