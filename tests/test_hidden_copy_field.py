"""A field the page keeps a hidden copy of, of the same name, is found as the one shown, not by position:
recorded in a real Chromium, exported and run by pytest.

Piccolo Admin's add form has a "Description" textarea beside a 0×0 ``<textarea id="editor"
name="description">`` its editor keeps in step with it; the field has no label of its own (the text
"Description" is beside it, not for it) and shares its container with the copy. Every candidate matched
both, and the fill was written ``page.locator('textarea[name="description"]').nth(0)``, a position in the
page's markup. What tells the two apart is what a reader sees: ``filter(visible=True)``.
"""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

FORM = ("""<form id="add"><p><label>Name <input name="name"></label></p>
<div class="field"><span>Description</span>
<textarea name="description" rows="3"></textarea>
<textarea name="description" id="editor" style="width:0;height:0;padding:0;border:0"></textarea></div>
<button type="submit">Create</button></form><p role="status"></p>""",
        """const editor = document.querySelector("#editor");
document.querySelector("textarea:not(#editor)").addEventListener("input", (event) => {
  editor.value = event.target.value;
});
document.querySelector("#add").addEventListener("submit", (event) => {
  event.preventDefault();
  document.querySelector("[role=status]").textContent = "Saved: " + editor.value;
});""")


def answer(request: Request) -> tuple[int, str, str]:
    return 200, "text/html; charset=utf-8", PAGE.format(title="Add studio", body=FORM[0], script=FORM[1])


async def test_a_field_with_a_hidden_copy_of_its_name_is_found_as_the_one_shown(tmp_path):
    recording = tmp_path / "add.jsonl"
    with answering(answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.fill("textbox", "Name", "Ealing")
            await agent.fill("textbox", "", "Made by a QA run", after=("text", "Description"))
            await agent.click("button", "Create", expect_text="Saved: Made by a QA run")
            await agent.verify_text("Saved: Made by a QA run")
        python = runner.export_python(recording, tmp_path, "add")
        source = python.read_text(encoding="utf-8")
        done = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
        assert done.passed, f"{source}\n{done.tail()}"
        assert ".filter(visible=True).fill(" in "".join(source.split()), source
        assert ".nth(" not in source, source
