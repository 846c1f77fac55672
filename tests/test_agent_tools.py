"""The agent's function tools are verdex's MCP tools, forwarded in-process: the same names, descriptions
and schemas an MCP client lists, and calls that pass the server's own argument checks."""

from __future__ import annotations

import pytest
from mcp import Client

from verdex.agent.run import AGENT_CAPS
from verdex.agent.tools import function_tools
from verdex.server import build_server

pytestmark = pytest.mark.anyio


@pytest.fixture
async def client():
    async with Client(build_server(caps=("test",))) as c:
        yield c


async def test_the_agent_gets_the_servers_tools_with_their_schemas(client):
    listed = {t.name: t for t in (await client.list_tools()).tools}
    tools = await function_tools(client)
    assert [t.name for t in tools] == list(listed)
    for tool in tools:
        assert tool.description == listed[tool.name].description
        assert tool.params_json_schema == listed[tool.name].input_schema


async def test_a_misspelled_argument_comes_back_to_the_model_with_its_code(client):
    click = next(t for t in await function_tools(client) if t.name == "browser_click")
    answer = await click.on_invoke_tool(None, '{"reff": "e1"}')
    assert answer.startswith("INVALID_ARGUMENT: browser_click has no argument 'reff'")


async def test_arguments_that_are_not_json_come_back_to_the_model_with_its_code(client):
    click = next(t for t in await function_tools(client) if t.name == "browser_click")
    assert (await click.on_invoke_tool(None, '{"ref": ')).startswith("INVALID_ARGUMENT: the arguments of browser_click are not JSON")
    assert (await click.on_invoke_tool(None, '["e1"]')).startswith("INVALID_ARGUMENT: the arguments of browser_click must be")


async def test_the_agent_has_every_tool_a_task_may_need():
    async with Client(build_server(caps=AGENT_CAPS)) as c:
        names = {t.name for t in (await c.list_tools()).tools}
    assert {"browser_hover", "browser_type", "browser_tabs", "browser_tab_select", "browser_extract",
            "browser_find", "browser_upload", "observe_element_state", "verify_element", "export_test"} <= names
    assert "browser_evaluate" not in names
