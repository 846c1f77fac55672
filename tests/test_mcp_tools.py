"""The MCP tools through the SDK's in-memory client: typed inputs, structured output plus a compact
text form, errors raised with their codes, and a small tools/list."""

from __future__ import annotations

import json
import re

import anyio
import pytest
from mcp import Client

from verdex.actions import WAIT_BOUND_S
from verdex.server import build_server

pytestmark = pytest.mark.anyio

CORE_TOOLS = {"browser_navigate", "browser_snapshot", "get_ancestors", "get_siblings", "browser_click",
              "browser_fill", "browser_select", "browser_check", "browser_press", "browser_wait_for", "browser_dialog",
              "export_test"}
MORE_TOOLS = {"browser_initialize", "browser_back", "browser_forward", "browser_reload", "get_descendants",
              "browser_close", "browser_type", "browser_hover", "browser_drag", "browser_scroll", "observe_element_state"}
ROLE_TOOLS = {"list_roles", "select_role"}


@pytest.fixture
async def client():
    async with Client(build_server(caps=("roles", "more"))) as c:
        yield c


async def _snapshot_text(client, apps) -> str:
    """The shop's grid, with an empty cart (other tests add to it), once nothing covers it."""
    apps.reset_cart()
    await client.call_tool("browser_navigate", {"url": apps.url + "/shop/"})
    with anyio.fail_after(15):
        while True:
            result = await client.call_tool("browser_snapshot", {})
            if "Add to Cart" in result.content[0].text and not result.structured_content["identity"]["blockers"]:
                return result.content[0].text
            await anyio.sleep(0.05)


async def test_core_tools_are_listed_within_six_kilobytes():
    async with Client(build_server()) as c:
        tools = (await c.list_tools()).tools
    assert {t.name for t in tools} == CORE_TOOLS
    size = len(json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]))
    assert size <= 6 * 1024, size
    assert all(t.description for t in tools)


async def test_more_tools_come_with_capability_groups():
    async with Client(build_server(caps=("roles", "more"))) as c:
        names = {t.name for t in (await c.list_tools()).tools}
    assert names == CORE_TOOLS | MORE_TOOLS | ROLE_TOOLS


async def test_several_roles_bring_the_role_tools():
    from verdex.browser.session import RoleSpec
    async with Client(build_server(roles=[RoleSpec("admin"), RoleSpec("shopper")])) as c:
        names = {t.name for t in (await c.list_tools()).tools}
    assert names == CORE_TOOLS | ROLE_TOOLS


async def test_lint_tools_are_behind_a_capability_group():
    async with Client(build_server(caps=("lint",))) as c:
        names = {t.name for t in (await c.list_tools()).tools}
    assert names == CORE_TOOLS | {"lint_test"}


def test_an_unknown_capability_group_is_refused():
    with pytest.raises(Exception, match="INVALID_ARGUMENT"):
        build_server(caps=("everything",))


async def test_snapshot_returns_compact_text_and_structured_facts(client, apps):
    text = await _snapshot_text(client, apps)
    result = await client.call_tool("browser_snapshot", {"max_items": 5})
    data = result.structured_content
    assert text.startswith("observation: o")
    assert f"url: {apps.url}/shop/" in text
    assert data["identity"]["title"] and data["has_more"] and data["next_cursor"]
    follow = await client.call_tool("browser_snapshot", {"cursor": data["next_cursor"], "max_items": 5})
    assert follow.structured_content["offset"] == 5


async def test_structure_tools_find_the_card_that_tells_a_button_apart(client, apps):
    text = await _snapshot_text(client, apps)
    ref = re.search(r'heading "Pixel 8".*?button "Add to Cart" \[ref=(e\d+)\]', text, re.S).group(1)

    ancestors = (await client.call_tool("get_ancestors", {"ref": ref})).structured_content["ancestors"]
    card = ancestors[0]
    assert card["tag"] == "article" and card["container"] and card["attributes"]["data-testid"] == "product-card"
    assert card["refs"] == [ref] and "Pixel 8" in card["text"]
    assert ancestors[-1]["tag"] == "body"

    siblings = (await client.call_tool("get_siblings", {"ref": ref, "ancestor_level": 1})).structured_content
    assert siblings["total"] == 12
    assert sum(s["is_target_branch"] for s in siblings["siblings"]) == 1
    assert all(s["same_shape"] for s in siblings["siblings"])
    assert {"iPhone 15 Pro", "Pixel 8"} <= {s["text"] for s in siblings["siblings"]}

    descendants = (await client.call_tool("get_descendants", {"ref": card["ref"], "depth": 2})).structured_content
    assert [i["role"] for i in descendants["items"] if i.get("role")][:3] == ["heading", "paragraph", "button"]


async def test_errors_carry_their_codes_and_the_server_keeps_serving(client, apps):
    await _snapshot_text(client, apps)
    cases = {"e999999": "UNKNOWN_REF", "not-a-ref": "INVALID_ARGUMENT"}
    for ref, code in cases.items():
        result = await client.call_tool("get_ancestors", {"ref": ref})
        assert result.is_error and code in result.content[0].text
    denied = await client.call_tool("browser_navigate", {"url": "javascript:alert(1)"})
    assert denied.is_error and "POLICY_DENIED" in denied.content[0].text
    stale = re.search(r"\[ref=(e\d+)\]", await _snapshot_text(client, apps)).group(1)
    await client.call_tool("browser_reload", {})
    result = await client.call_tool("get_siblings", {"ref": stale})
    assert result.is_error and "STALE_OBSERVATION" in result.content[0].text
    assert not (await client.call_tool("list_roles", {})).is_error


async def test_back_and_reload_report_the_page_identity(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/login/"})
    await client.call_tool("browser_navigate", {"url": apps.url + "/consent/"})
    back = await client.call_tool("browser_back", {})
    assert back.structured_content["url"] == apps.url + "/login/"
    reload = await client.call_tool("browser_reload", {})
    assert reload.structured_content["identity"]["heading"] == back.structured_content["identity"]["heading"]


async def test_browser_close_then_the_next_call_starts_a_fresh_browser(client, apps):
    await client.call_tool("browser_initialize", {})
    closed = await client.call_tool("browser_close", {})
    assert not closed.is_error
    again = await client.call_tool("browser_navigate", {"url": apps.url + "/login/"})
    assert not again.is_error and again.structured_content["title"]


# The overlay's timer runs from the page's load, and this client cannot reach the page's clock: it covers
# the button far longer than the three calls before the wait take on a loaded machine (1.5 s did not: the
# wait then found it gone), and less than the wait's bound (verdex/actions.py WAIT_BOUND_S, 10 s).
OVERLAY_MS = 8000
assert OVERLAY_MS / 1000 < WAIT_BOUND_S


async def test_actions_through_mcp_report_blocking_facts_then_effects(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + f"/races/overlay-opaque.html?ms={OVERLAY_MS}"})
    text = (await client.call_tool("browser_snapshot", {})).content[0].text
    ref = re.search(r'button "Save" \[ref=(e\d+)\]', text).group(1)
    blocked = await client.call_tool("browser_click", {"ref": ref})
    assert blocked.is_error and "NOT_ACTIONABLE" in blocked.content[0].text
    assert "covered at its centre by div [testid=overlay]" in blocked.content[0].text
    clicked = await client.call_tool("browser_click", {"ref": ref, "wait": True})
    assert not clicked.is_error
    assert clicked.structured_content["waited"]["cleared"] is True
    assert "Clicked: Save" in clicked.content[0].text          # the status change is among the effects


async def test_a_dialog_through_mcp(client, apps):
    await client.call_tool("browser_navigate", {"url": apps.url + "/races/dialog.html"})
    text = (await client.call_tool("browser_snapshot", {})).content[0].text
    ref = re.search(r"button \"Delete everything\" \[ref=(e\d+)\]", text).group(1)
    clicked = await client.call_tool("browser_click", {"ref": ref})
    assert "dialog: confirm 'Delete everything?'" in clicked.content[0].text
    frozen = await client.call_tool("browser_snapshot", {})
    assert frozen.is_error and "NOT_ACTIONABLE" in frozen.content[0].text
    answered = await client.call_tool("browser_dialog", {"accept": False})
    assert "dismissed confirm" in answered.content[0].text
    status = await client.call_tool("browser_wait_for", {"text": "Confirm answered: Cancel", "timeout": 5})
    assert not status.is_error


async def test_recording_a_session_through_mcp(apps, tmp_path):
    path = tmp_path / "rec.jsonl"
    async with Client(build_server(record=path)) as c:
        await c.call_tool("browser_navigate", {"url": apps.url + "/login/"})
        text = (await c.call_tool("browser_snapshot", {})).content[0].text
        password = re.search(r'textbox "Password" \[ref=(e\d+)\]', text).group(1)
        await c.call_tool("browser_fill", {"ref": password, "value": "correct horse battery staple"})
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r.get("tool") for r in records] == [None, "browser_navigate", "browser_fill"]
    assert records[2]["args"]["value"] == {"env": "VERDEX_SECRET_PASSWORD"}
    assert "correct horse" not in path.read_text()


async def test_lint_test_finds_flaky_patterns_in_code_and_in_a_path(tmp_path):
    flaky = "def test_x(page):\n    page.wait_for_timeout(500)\n    page.locator('li').nth(2).click(force=True)\n"
    (tmp_path / "test_flaky.py").write_text(flaky)
    async with Client(build_server(caps=("lint",))) as c:
        from_code = await c.call_tool("lint_test", {"code": flaky})
        from_path = await c.call_tool("lint_test", {"path": str(tmp_path)})
        neither = await c.call_tool("lint_test", {})
        broken = await c.call_tool("lint_test", {"code": "def test_x(page):\n    page.click(\n"})
    rules = {f["rule"] for r in from_code.structured_content["results"] for f in r["findings"]}
    assert {"VDX001", "VDX004", "VDX005"} <= rules
    assert "VDX004" in from_path.content[0].text and "test_flaky.py:2:" in from_path.content[0].text
    # each rule explained once, after the one-line findings: the agent reads what to write instead
    said = from_code.content[0].text
    assert said.count("VDX004: ") == 1 and "Wait for the condition itself" in said, said
    assert neither.is_error and "INVALID_ARGUMENT" in neither.content[0].text
    assert ":2:" in broken.content[0].text and "error:" in broken.content[0].text, broken.content[0].text
