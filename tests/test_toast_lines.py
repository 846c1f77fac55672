"""A toast of two boxes, its title over its text (a component library's toast: "Settings saved" and
"Display name is now Ada" in two divs, no space between them in the DOM), is proposed as the two lines a
reader sees, each a text Playwright's ``get_by_text`` finds: never as its whole text run together
("Settings savedDisplay name is now AdaClose"), which reads as neither line, and never its close button's word; never
its copy for screen readers, visually hidden. The proposals hold when the agent
checks them, and the test written from those checks passes (``/settings/`` in ``tests/generation_apps.py``)."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import generation_apps

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("page", ["/settings/", "/settings/?announced"])
async def test_a_toasts_title_and_text_are_proposed_as_its_lines_and_the_test_of_them_passes(tmp_path, page):
    """With ``?announced`` the page also says it in a visually hidden live region (Label Studio's toasts,
    Radix's announcement: "Notification Annotation saved successfullyx"), which no user sees: it is no
    notice of the action's, and never proposed."""
    recording = tmp_path / "settings.jsonl"
    with generation_apps() as (url, _apps):
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + page)
            await agent.fill("textbox", "Display name", "Ada")
            saved = await agent.click("button", "Save Changes", expect_text="Settings saved")
            proposed = agent.proposals(saved)
            assert proposed == ["Settings saved", "Display name is now Ada"], saved.text
            assert "Notification" not in saved.text, saved.text
            for text in proposed:
                await agent.verify_text(text)
        python = runner.export_python(recording, tmp_path, "settings")
        source = python.read_text(encoding="utf-8")
        assert 'get_by_text("Settings saved"' in source and 'get_by_text("Display name is now Ada"' in source, source
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
