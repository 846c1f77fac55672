"""The MCP prompts for clients that bring their own model, through the SDK's in-memory client: they are
listed with their arguments, render the arguments given, and name only tools verdex has."""

from __future__ import annotations

import re

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from verdex.server import build_server
from verdex.tools import CAPABILITY_GROUPS

pytestmark = pytest.mark.anyio

TOOL_NAME = re.compile(r"`([a-z]+(?:_[a-z]+)+)`")


async def every_tool_name() -> set[str]:
    async with Client(build_server(caps=CAPABILITY_GROUPS)) as client:
        return {t.name for t in (await client.list_tools()).tools}


async def rendered(name: str, arguments: dict[str, str]) -> tuple[str, list[str]]:
    """The prompt's text with these arguments, and the tool names it gives in backticks."""
    async with Client(build_server()) as client:
        prompt = await client.get_prompt(name, arguments)
    text = prompt.messages[0].content.text
    return text, TOOL_NAME.findall(text)


async def test_both_prompts_are_listed_with_their_required_arguments():
    async with Client(build_server()) as client:
        prompts = {p.name: p for p in (await client.list_prompts()).prompts}
    assert set(prompts) == {"write_resilient_test", "heal_test"}
    assert [(a.name, a.required) for a in prompts["write_resilient_test"].arguments] == [("task", True),
                                                                                         ("base_url", True)]
    assert [(a.name, a.required) for a in prompts["heal_test"].arguments] == [("test_path", True), ("failure", True)]
    assert all(p.description for p in prompts.values())


async def test_write_resilient_test_walks_observe_preflight_verify_export_with_real_tools():
    text, named = await rendered("write_resilient_test", {"task": "add Pixel 8 to the cart",
                                                          "base_url": "http://127.0.0.1:8765/shop/"})
    assert "add Pixel 8 to the cart" in text and "http://127.0.0.1:8765/shop/" in text
    assert set(named) <= await every_tool_name()
    order = [named.index(tool) for tool in ("browser_navigate", "browser_snapshot", "browser_click",
                                            "verify_text_visible", "export_test")]
    assert order == sorted(order)
    assert "NOT_ACTIONABLE" in text and "STALE_REF" in text and "CONFIRMATION_REQUIRED" in text


async def test_heal_test_walks_run_locate_reverify_patch_with_real_tools():
    text, named = await rendered("heal_test", {"test_path": "tests/test_shop.py",
                                               "failure": "TimeoutError: get_by_test_id('add-btn')"})
    assert "tests/test_shop.py" in text and "get_by_test_id('add-btn')" in text
    assert set(named) <= await every_tool_name()
    assert {"browser_navigate", "browser_snapshot", "get_ancestors", "verify_element", "lint_test"} <= set(named)
    steps = [text.index(step) for step in ("1. Run", "2. Replay", "3. Locate by recorded identity", "4. Re-verify",
                                           "5. Patch")]
    assert steps == sorted(steps)


async def test_a_prompt_with_missing_or_unknown_arguments_is_an_invalid_argument():
    async with Client(build_server()) as client:
        with pytest.raises(MCPError, match="INVALID_ARGUMENT: write_resilient_test takes task, base_url; missing base_url"):
            await client.get_prompt("write_resilient_test", {"task": "only a task"})
        with pytest.raises(MCPError, match="INVALID_ARGUMENT: heal_test takes test_path, failure; unknown line"):
            await client.get_prompt("heal_test", {"test_path": "t.py", "failure": "x", "line": "3"})
        with pytest.raises(MCPError, match="INVALID_ARGUMENT: no prompt 'heal'"):
            await client.get_prompt("heal", {})
