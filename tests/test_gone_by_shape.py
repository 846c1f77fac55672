"""An agent's check that an element named with a number is gone holds only when it is: Prometheus's targets
filtered to the unhealthy ones hide the "node (1/1 up)" job, and the agent checked it hidden. Found by that
whole name, the check held as well on a run where the node's target was down and its job still listed as
"node (0/1 up)"; it is now found by the name's shape, its numbers as any number (generators/waits.py,
``gone_by_shape``). ``/aria/targets.html``, ``?down=node`` for the run where it stays."""

from __future__ import annotations

import pytest

from tests.flows.agent import Agent, recording_client
from verdex.fixtures.server import FixtureServer
from verdex.proof_runs import run_pytest

pytestmark = pytest.mark.anyio


async def test_a_hidden_check_of_a_name_with_a_count_fails_where_the_element_stays_with_another(tmp_path):
    test_file = tmp_path / "test_unhealthy.py"
    with FixtureServer() as server:
        async with recording_client(tmp_path / "targets.jsonl") as client:
            agent = Agent(client)
            await agent.navigate(server.url + "/aria/targets.html")
            node = await agent.locate("link", "node (1/1 up)")
            await agent.click("radio", "Unhealthy")
            await agent.must("verify_element", ref=node, state="hidden")
            await agent.must("export_test", target="python", path=str(test_file), name="unhealthy", prove=0)
        source = test_file.read_text(encoding="utf-8")
        assert run_pytest(test_file, label="as recorded", chaos_seed=None, timeout_s=120, secrets=[]).passed, source
        test_file.write_text(source.replace('"/aria/targets.html"', '"/aria/targets.html?down=node"'), encoding="utf-8")
        stayed = run_pytest(test_file, label="node down", chaos_seed=None, timeout_s=120, secrets=[])
    assert not stayed.passed and stayed.error == "AssertionError", (stayed, source)
    assert "to_be_hidden()" in source and '"node (1/1 up)"' not in source, source
