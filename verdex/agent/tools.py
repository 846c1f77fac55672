"""verdex's MCP tools as Agents-SDK function tools.

The agent does not get a second implementation of the tools: each function tool forwards to the
server ``verdex serve`` runs, through the MCP SDK's in-memory client. So the agent sees the same names,
descriptions and schemas an MCP client lists, and its calls pass the same argument checks, preflight,
safety gates, recording and error codes (``NOT_ACTIONABLE: …``), returned to the model as text to
correct from. Calls run one at a time, in the order the model made them: they share one browser tab.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from agents import FunctionTool, RunContextWrapper
from mcp import Client
from mcp_types import CallToolResult, Tool

# the MCP SDK puts this before the message of an error a tool raised; verdex's code comes after it
_SDK_ERROR_PREFIX = re.compile(r"^Error executing tool \w+: ")


def result_text(result: CallToolResult) -> str:
    """What the model reads: the tool's text, an error starting with its code."""
    text = "\n".join(block.text for block in result.content if block.type == "text")
    return _SDK_ERROR_PREFIX.sub("", text) if result.is_error else text


async def function_tools(client: Client) -> list[FunctionTool]:
    """Every tool the server lists, as a function tool."""
    one_at_a_time = asyncio.Lock()
    return [_forwarding(client, tool, one_at_a_time) for tool in (await client.list_tools()).tools]


def _forwarding(client: Client, tool: Tool, one_at_a_time: asyncio.Lock) -> FunctionTool:
    async def invoke(_: RunContextWrapper[Any], arguments: str) -> str:
        try:
            parsed = json.loads(arguments or "{}")
        except json.JSONDecodeError as exc:
            return f"INVALID_ARGUMENT: the arguments of {tool.name} are not JSON ({exc.msg})"
        if not isinstance(parsed, dict):
            return f"INVALID_ARGUMENT: the arguments of {tool.name} must be a JSON object"
        async with one_at_a_time:
            return result_text(await client.call_tool(tool.name, parsed))

    # not strict: verdex's schemas have optional arguments, which OpenAI's strict mode cannot express
    return FunctionTool(name=tool.name, description=tool.description or "", params_json_schema=tool.input_schema,
                        on_invoke_tool=invoke, strict_json_schema=False)
