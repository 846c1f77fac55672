"""The policy is the session's, not a face's: a session whose maximum tier is low refuses the same calls
through the Python API, the MCP server and the command line, before they touch the page."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from verdex import actions, evaluation, exporting
from verdex.browser.session import Session
from verdex.errors import PolicyDenied
from verdex.safety import Policy
from tests.model_server import ModelServer, Turn
from verdex.cli import main
from verdex.server import build_server
from verdex.tools import CAPABILITY_GROUPS

pytestmark = pytest.mark.anyio

# Tools that only choose what is active, or start and stop the browser: they reach no page and no file.
NOT_TIERED = {"browser_initialize", "select_role", "browser_tab_select", "browser_close"}


def _dummy(schema: dict[str, Any]) -> Any:
    """A value of the schema's type: the tier is checked before the arguments are looked at."""
    if "enum" in schema:
        return schema["enum"][0]
    return {"string": "e1", "integer": 1, "number": 1, "boolean": False, "array": ["e1"]}[schema.get("type", "string")]


async def test_every_tool_that_acts_is_refused_over_mcp_when_the_session_allows_only_low(apps):
    low = Policy(max_tier="low")
    async with Client(build_server(caps=CAPABILITY_GROUPS, policy=low)) as client:
        await client.call_tool("browser_navigate", {"url": apps.url + "/shop/"})     # refused too: nothing opens
        tools = (await client.list_tools()).tools
        acting = [t for t in tools if not (t.annotations and t.annotations.read_only_hint) and t.name not in NOT_TIERED]
        assert len(acting) >= 18
        answers = {}
        for tool in acting:
            schema = tool.input_schema
            args = {name: _dummy(schema["properties"][name]) for name in schema.get("required", [])}
            result = await client.call_tool(tool.name, args)
            answers[tool.name] = result.content[0].text if result.is_error else "done"
    assert {name: text for name, text in answers.items() if "POLICY_DENIED" not in text} == {}


async def test_the_python_api_refuses_what_the_server_refuses(apps, tmp_path):
    async with Session(policy=Policy(max_tier="low"), record=tmp_path / "r.jsonl") as session:
        tab = await session.tab()                     # opening the role's first tab is not an action
        refused = {
            "navigate": lambda: actions.navigate(tab, apps.url + "/shop/"),
            "click": lambda: actions.click(tab, "e1"),
            "fill": lambda: actions.fill(tab, "e1", "x"),
            "evaluate": lambda: evaluation.evaluate(tab, "document.title"),
            "back": lambda: tab.back(),
            "new_tab": lambda: session.new_tab(apps.url),
            "export_test": lambda: exporting.export_test(session, target="python", path=tmp_path / "t.py", name="t"),
        }
        for name, call in refused.items():
            with pytest.raises(PolicyDenied, match=rf"^POLICY_DENIED: {name} is a (medium|high)-risk call"):
                await call()
        assert (await tab.snapshot()).text is not None            # reading is low: allowed
    assert not (tmp_path / "r.jsonl").exists() and not (tmp_path / "t.py").exists()


async def test_the_high_tier_is_refused_under_medium_and_evaluate_runs_under_high(apps):
    async with Session(policy=Policy(max_tier="medium"), record=False) as session:
        tab = await session.tab()
        await actions.navigate(tab, apps.url + "/shop/")
        with pytest.raises(PolicyDenied):
            await evaluation.evaluate(tab, "1 + 1")
    async with Session(record=False) as session:
        tab = await session.tab()
        assert (await evaluation.evaluate(tab, "1 + 1")).result == "2"


def test_the_command_line_refuses_it_too(apps, tmp_path, monkeypatch, capsys):
    """`verdex agent --max-tier low`: the run's opening navigation is refused by the same core, before any
    model turn (the scripted model would only look)."""
    with ModelServer(lambda chat: Turn.call("browser_snapshot")) as model:
        monkeypatch.setenv("OPENAI_BASE_URL", model.url)
        monkeypatch.setenv("VERDEX_MODEL", model.model)
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        code = main(["agent", "look at the shop", "--base-url", apps.url + "/shop/", "--max-tier", "low",
                     "-o", str(tmp_path / "test_shop.py"), "--record", str(tmp_path / "agent.jsonl")])
        assert model.chats == []
    err = capsys.readouterr().err
    assert code == 1 and "POLICY_DENIED: navigate is a medium-risk call" in err, err
    assert not (tmp_path / "test_shop.py").exists()
