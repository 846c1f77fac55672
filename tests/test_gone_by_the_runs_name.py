"""An agent's check that what the flow made is gone finds it by this run's own name. WordPress's category
"Birds {unique}", deleted, checked hidden by its link "“Birds 7c5d2b5d” (Edit)": the name's shape (its numbers
as any number, for a name whose count changes) took the token's digits for numbers and kept its letters,
``“Birds\\s+\\d+c\\d+d\\d+b\\d+d”``, which no run's category has: the check held on a run whose Delete removed
nothing. The token stands as the run's own in the shape (``/aria/categories.html``, ``?keep=1`` for the run where
the category stays)."""

from __future__ import annotations

import pytest

from tests.flows.agent import Agent, recording_client
from verdex.fixtures.server import FixtureServer
from verdex.proof_runs import run_pytest

pytestmark = pytest.mark.anyio


async def test_a_hidden_check_of_what_the_flow_made_fails_where_it_stays(tmp_path):
    test_file = tmp_path / "test_category.py"
    with FixtureServer() as server:
        async with recording_client(tmp_path / "categories.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(server.url + "/aria/categories.html")
            token = await agent.fill_unique("textbox", "Name", "Birds {unique}")
            await agent.click("button", "Add New Category", expect_text="Category added.")
            made = await agent.locate("link", f"“Birds {token}” (Edit)")
            await agent.click("button", f"Delete “Birds {token}”", expect_text="Deleted.")
            await agent.must("verify_element", ref=made, state="hidden")
            await agent.must("export_test", target="python", path=str(test_file), name="category", prove=0)
        source = test_file.read_text(encoding="utf-8")
        assert run_pytest(test_file, label="as recorded", chaos_seed=None, timeout_s=120, secrets=[]).passed, source
        test_file.write_text(source.replace('"/aria/categories.html"', '"/aria/categories.html?keep=1"'),
                             encoding="utf-8")
        stayed = run_pytest(test_file, label="kept", chaos_seed=None, timeout_s=120, secrets=[])
    assert not stayed.passed and stayed.error == "AssertionError", (stayed, source)
    check = [line for line in source.splitlines() if "(Edit)" in line]
    assert check and all("{unique}" in line and token not in line for line in check), source
