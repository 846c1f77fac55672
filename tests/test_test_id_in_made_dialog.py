"""A confirmation dialog that names what the flow made is no part of what it made: its controls are found by
their own test ids, not through the dialog's text. Recorded in a real Chromium, exported and run by pytest.

Label Studio 1.23.2's "Delete Project" dialog says "You are about to delete Temp {unique}"; its text field and
its "Delete" button have test ids of their own (``danger-zone-confirmation-input``,
``danger-zone-confirm-button``), each counted once, and the page behind has a "Delete" button too, so the role and
name alone are two. The dialog's text holds the run's value, so the buttons were taken for controls inside what
the flow made, found through a container (``locator("div.lsf-space-ls").filter(has_text="Cancel")``, a layout
class; here the dialog's body filtered by the whole sentence, the value in it). A dialog is shown one at a time:
the next run opens one again, naming the next run's project, and the test id finds its button as it did.
A list inside a dialog is another matter: its item the flow made is one of those each run adds.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import nullcontext

import pytest

from tests.answering_server import Answer, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.kept_list_app import KeptList, list_page

pytestmark = pytest.mark.anyio

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Projects</title>
<style>.lsf-modal {{ position: fixed; inset: 0; background: rgb(0 0 0 / 30%); }}
.lsf-modal__content {{ background: white; margin: 10% auto; width: 420px; padding: 16px; }}</style></head>
<body><main><h1>Projects</h1>
<label>Project name <input id="name"></label> <button type="button" id="create">Create project</button>
<section class="danger" hidden><h2></h2><div class="danger-zone"><h3>Danger Zone</h3>
<p>Delete this project and everything in it.</p>
<button type="button" data-testid="danger-zone-delete" id="open">Delete</button></div></section>
<p role="status"></p></main>
<div class="lsf-modal" hidden><div class="lsf-modal__content" {dialog}>
<div class="lsf-modal__header">Delete Project</div>
<div class="lsf-modal__body"><p class="message"></p>
<label class="lsf-label-ls"><span>Type "delete" to confirm</span>
<input data-testid="danger-zone-confirmation-input"></label>
<div class="lsf-space-ls"><button type="button" data-testid="danger-zone-cancel-button">Cancel</button>
<button type="button" data-testid="danger-zone-confirm-button">Delete</button></div></div></div></div>
<script>
const section = document.querySelector("section"), modal = document.querySelector(".lsf-modal");
document.querySelector("#create").addEventListener("click", () => {{
  section.querySelector("h2").textContent = document.querySelector("#name").value;
  section.hidden = false;
}});
document.querySelector("#open").addEventListener("click", () => {{
  const project = section.querySelector("h2").textContent;
  modal.querySelector(".message").textContent = "You are about to delete " + project + ". This cannot be undone.";
  modal.hidden = false;
}});
document.querySelector("[data-testid=danger-zone-confirm-button]").addEventListener("click", () => {{
  if (modal.querySelector("input").value !== "delete") return;
  modal.hidden = true;
  section.hidden = true;
  document.querySelector("[role=status]").textContent = "Deleted " + section.querySelector("h2").textContent;
}});
</script></body></html>"""


async def made_then(tmp_path, answer: Answer, name: str, then: Callable[[Agent, str], Awaitable[None]]
                    ) -> tuple[str, runner.Run]:
    """The flow makes project "Temp {unique}", then does ``then`` (with the session's token); the test exported
    from it, and its run by pytest on the server the recording used (what the recording made kept)."""
    recording = tmp_path / f"{name}.jsonl"
    with answering(answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            token = await agent.fill_unique("textbox", "Project name", "Temp {unique}")
            await agent.click("button", "Create project", expect_text=f"Temp {token}")
            await then(agent, token)
        python = runner.export_python(recording, tmp_path, name)
        return python.read_text(encoding="utf-8"), runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))


@pytest.mark.parametrize("dialog", ['role="dialog" aria-modal="true"', ""], ids=["dialog role", "modal class only"])
async def test_a_dialog_naming_what_the_flow_made_keeps_its_controls_test_ids(tmp_path, dialog):
    page = PAGE.format(dialog=dialog)

    async def delete(agent: Agent, token: str) -> None:
        await agent.click("button", "Delete", expect_text=f"You are about to delete Temp {token}")
        await agent.fill("textbox", 'Type "delete" to confirm', "delete")
        await agent.click("button", "Delete", after=("textbox", 'Type "delete" to confirm'),
                          expect_text=f"Deleted Temp {token}")

    source, done = await made_then(tmp_path, lambda _request: (200, "text/html; charset=utf-8", page),
                                   "delete_project", delete)
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'page.get_by_test_id("danger-zone-confirmation-input").fill("delete")' in source, source
    assert 'page.get_by_test_id("danger-zone-confirm-button").click()' in source, source


FORM, DRAWN = list_page("""<label>Project name <input id="name"></label> <button type="button" id="add">Create project</button>""",
                        """item.innerHTML = '<span></span> <button type="button" data-testid="open-project">Open</button>';
  item.querySelector("span").textContent = name;
  item.querySelector("button").addEventListener("click", () => {
    document.querySelector("[role=status]").textContent = "Opened " + name;
  });""")
PICKER = (f'<div role="dialog" aria-label="Open a project">{FORM}</div>', DRAWN)


async def test_an_item_the_flow_made_in_a_dialogs_list_is_found_through_it(tmp_path):
    """A picker dialog lists every project, each with an "Open" button of one shared test id; the flow made the
    only one. The next run, on the server that keeps the recording's project, meets two: the item that holds
    the run's value finds its button."""

    async def open_it(agent: Agent, token: str) -> None:
        await agent.click("button", "Open", expect_text=f"Opened Temp {token}")

    source, done = await made_then(tmp_path, KeptList("Projects", PICKER).answer, "picker", open_it)
    assert done.passed, f"{source}\n{done.tail()}"
    assert 'filter(has_text=f"Temp {unique}")' in source, source
