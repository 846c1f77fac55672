"""An agent's check of an element whose name holds a count can fail: the "Filter" button shows a badge with how
many filters are set ("Filter 1"), and the test finds it by its words ("Filter", since the count changes). A
check of that locator alone held on a page with no filter set (NocoDB's toolbar: a check that checked
nothing; here its words, anchored as the start of its name, ``^Filter\b``, find it), so its name is checked
too, by its shape. Recorded in a real Chromium, exported, and run by pytest
and by Playwright Test against the app, then by pytest against a build of it whose "Add filter" sets none."""

from __future__ import annotations

from contextlib import nullcontext

import pytest

from tests.answering_server import Request, answering
from tests.flows import runner
from tests.flows.agent import Agent, recording_client
from tests.generation_apps import PAGE

pytestmark = pytest.mark.anyio

TOOLBAR = ("""<div role="toolbar" aria-label="Records"><button type="button" id="filter">Filter</button>
<button type="button" id="add">Add filter</button></div>""",
           """let filters = 0;
document.querySelector("#add").addEventListener("click", () => {
  filters += ADDS;
  document.querySelector("#filter").innerHTML = filters ? `Filter <span class="badge">${filters}</span>` : "Filter";
});""")


class Toolbar:
    def __init__(self) -> None:
        self.adds = 1                      # 0: a build whose "Add filter" sets none

    def answer(self, request: Request) -> tuple[int, str, str]:
        script = TOOLBAR[1].replace("ADDS", str(self.adds))
        return 200, "text/html; charset=utf-8", PAGE.format(title="Records", body=TOOLBAR[0], script=script)


async def test_a_checked_element_found_by_the_words_beside_its_count_has_its_name_checked_too(tmp_path):
    recording = tmp_path / "filter.jsonl"
    app = Toolbar()
    with answering(app.answer) as url:
        async with recording_client(recording) as client:
            agent = Agent(client)
            await agent.navigate(url + "/")
            await agent.click("button", "Add filter")
            await agent.verify_element("button", "Filter 1", "visible")
        python = runner.export_python(recording, tmp_path, "filter")
        source = python.read_text(encoding="utf-8")
        found = 'expect(page.get_by_role("button", name=re.compile(r"^Filter(?!\\S)")))'
        assert f"{found}.to_be_visible()" in source, source
        assert f"{found}.to_have_accessible_name(" in source, source
        assert runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url)).passed, source
        with runner.exported_spec(recording, "filter") as spec:
            assert "toHaveAccessibleName(" in spec.read_text(encoding="utf-8")
            assert runner.run_typescript(spec.parent, serve=lambda _seed: nullcontext(url)).passed
        app.adds = 0
        broken = runner.run_pytest(python, None, serve=lambda _seed: nullcontext(url))
    assert not broken.passed and "to_have_accessible_name" in broken.tail(), broken.tail()
