"""The policy: host patterns, allow and deny lists enforced on every way to another host (navigate,
link, redirect, script, popup), refused URL schemes, tool tiers, and the audit log of every gated or
denied action."""

from __future__ import annotations

import json
import re

import pytest
from mcp import Client

from verdex import actions
from verdex.browser.session import Session
from verdex.errors import InvalidArgument, PolicyDenied
from verdex.safety import AuditLog, Policy
from verdex.safety.policy import is_loopback, matches
from verdex.server import build_server

pytestmark = pytest.mark.anyio


# ---------------------------------------------------------------- patterns
@pytest.mark.parametrize("host,pattern,expected", [
    ("shop.example", "shop.example", True), ("www.shop.example", "shop.example", True),
    ("evilshop.example", "shop.example", False), ("a.b.example.com", "*.example.com", True),
    ("example.com", "*.example.com", False), ("10.0.0.7", "10.0.0.*", True), ("SHOP.Example", "shop.example", True),
])
def test_host_patterns(host, pattern, expected):
    assert matches(host, pattern) is expected


@pytest.mark.parametrize("host,expected", [("localhost", True), ("app.localhost", True), ("127.0.0.1", True),
                                           ("127.8.9.10", True), ("::1", True), ("10.0.0.1", False),
                                           ("localhost.example", False)])
def test_loopback_hosts(host, expected):
    assert is_loopback(host) is expected


def test_refusals_say_why():
    policy = Policy(allow_hosts=("*.shop.example", "shop.example"), deny_hosts=("admin.shop.example",))
    assert policy.refusal("https://www.shop.example/cart") is None
    assert policy.refusal("https://admin.shop.example/") == "the host admin.shop.example is denied (pattern admin.shop.example)"
    assert policy.refusal("https://bank.example/") == "the host bank.example is not in the allow list"
    assert policy.refusal("javascript:alert(1)") == "javascript: URLs are refused"
    assert policy.refusal("FILE:///etc/passwd") == "file: URLs are refused"
    assert policy.refusal("about:blank") is None


def test_ill_formed_policies_are_invalid_arguments():
    with pytest.raises(InvalidArgument):
        Policy(max_tier="extreme")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        Policy(deny_hosts=("https://bank.example/",))


# ---------------------------------------------------------------- hosts, live
@pytest.fixture
async def denying_localhost(tmp_path):
    """The fixture server is reachable as 127.0.0.1 and as localhost: deny the second name."""
    audit = AuditLog(tmp_path / "audit.jsonl")
    async with Session(policy=Policy(deny_hosts=("localhost",)), audit=audit) as s:
        yield s
    audit.close()


def _audit(session: Session) -> list[dict]:
    return [json.loads(line) for line in session.audit.path.read_text().splitlines()]


def _other_host(apps) -> str:
    return apps.url.replace("127.0.0.1", "localhost") + "/danger/"


async def _ref(tab, testid: str) -> str:
    text = (await tab.snapshot()).text
    return re.search(rf"\[ref=(e\d+)\] \[testid={testid}\]", text).group(1)


async def test_navigating_to_a_denied_host_is_refused_before_loading(denying_localhost, apps):
    tab = await denying_localhost.tab()
    with pytest.raises(PolicyDenied) as denied:
        await tab.navigate(_other_host(apps))
    assert denied.value.facts["host"] == "localhost"
    assert tab.page.url == "about:blank"
    [line] = _audit(denying_localhost)
    assert (line["action"], line["host"], line["decision"]) == ("navigate", "localhost", "denied")
    assert line["reason"] == "the host localhost is denied (pattern localhost)" and line["role"] == "default"


async def test_a_redirect_to_a_denied_host_is_stopped(denying_localhost, apps):
    tab = await denying_localhost.tab()
    with pytest.raises(PolicyDenied):
        await tab.navigate(apps.url + "/api/redirect?to=" + _other_host(apps))
    assert not tab.page.url.startswith("http://localhost")


async def test_a_link_to_a_denied_host_is_not_followed(denying_localhost, apps):
    tab = await denying_localhost.tab()
    await tab.navigate(apps.url + "/danger/away.html")
    with pytest.raises(PolicyDenied):
        await actions.click(tab, await _ref(tab, "away-link"))
    assert tab.page.url == apps.url + "/danger/away.html"        # refused before the click
    assert _audit(denying_localhost)[-1]["target"]["name"] == "Other host"


@pytest.mark.parametrize("testid", ["away-redirect", "away-script"])
async def test_a_navigation_the_click_sets_off_is_stopped(denying_localhost, apps, testid):
    tab = await denying_localhost.tab()
    await tab.navigate(apps.url + "/danger/away.html")
    with pytest.raises(PolicyDenied) as denied:
        await actions.click(tab, await _ref(tab, testid))
    assert "localhost" in denied.value.message
    assert not tab.page.url.startswith("http://localhost")


async def test_a_popup_to_a_denied_host_is_stopped(denying_localhost, apps):
    tab = await denying_localhost.tab()
    await tab.navigate(apps.url + "/danger/away.html")
    with pytest.raises(PolicyDenied) as denied:
        await actions.click(tab, await _ref(tab, "away-popup"))
    assert denied.value.facts["urls"] == [_other_host(apps)]
    assert not [page.url for page in tab.page.context.pages if page.url.startswith("http://localhost")]


async def test_an_allow_list_refuses_every_other_host(apps):
    async with Session(policy=Policy(allow_hosts=("127.0.0.1",))) as s:
        tab = await s.tab()
        await tab.navigate(apps.url + "/danger/")
        with pytest.raises(PolicyDenied, match="not in the allow list"):
            await tab.navigate(_other_host(apps))


# ---------------------------------------------------------------- tiers and the audit log over MCP
async def test_evaluate_is_a_high_tier_tool_behind_a_capability_group(apps):
    async with Client(build_server()) as c:
        assert "browser_evaluate" not in {t.name for t in (await c.list_tools()).tools}
    async with Client(build_server(caps=("eval",))) as c:
        await c.call_tool("browser_navigate", {"url": apps.url + "/danger/"})
        result = await c.call_tool("browser_evaluate", {"expression": "document.title"})
    assert not result.is_error and result.structured_content["result"] == json.dumps(
        "Destructive controls – Verdex Fixtures", ensure_ascii=False)


async def test_tools_above_the_maximum_tier_are_refused_and_audited(apps, tmp_path):
    audit = tmp_path / "audit.jsonl"
    async with Client(build_server(caps=("eval",), policy=Policy(max_tier="medium"), audit=audit)) as c:
        await c.call_tool("browser_navigate", {"url": apps.url + "/danger/"})
        refused = await c.call_tool("browser_evaluate", {"expression": "document.title"})
        assert refused.is_error and "POLICY_DENIED: evaluate is a high-risk" in refused.content[0].text
    async with Client(build_server(policy=Policy(max_tier="low"))) as c:
        refused = await c.call_tool("browser_navigate", {"url": apps.url + "/danger/"})
        assert refused.is_error and "POLICY_DENIED" in refused.content[0].text
    [line] = [json.loads(x) for x in audit.read_text().splitlines()]
    assert (line["action"], line["decision"]) == ("evaluate", "denied")


async def test_the_audit_log_has_a_line_per_gated_action_flushed_at_once(apps, tmp_path):
    audit = tmp_path / "audit.jsonl"
    async with Client(build_server(policy=Policy(trust_loopback=False), audit=audit)) as c:
        await c.call_tool("browser_navigate", {"url": apps.url + "/danger/"})
        text = (await c.call_tool("browser_snapshot", {})).content[0].text
        ref = re.search(r'button "Delete" \[ref=(e\d+)\] \[testid=delete\] \[danger\]', text).group(1)
        refused = await c.call_tool("browser_click", {"ref": ref})
        assert refused.is_error
        assert "CONFIRMATION_REQUIRED: click on" in refused.content[0].text
        assert 'confirm="Delete on 127.0.0.1"' in refused.content[0].text
        assert len(audit.read_text().splitlines()) == 1          # written while the server still runs
        done = await c.call_tool("browser_click", {"ref": ref, "confirm": "Delete on 127.0.0.1"})
        assert not done.is_error and done.structured_content["preflight"]["risk"]["level"] == "danger"
    lines = [json.loads(x) for x in audit.read_text().splitlines()]
    assert [line["decision"] for line in lines] == ["confirmation_required", "confirmed"]
    assert lines[0]["target"] == {"ref": ref, "role": "button", "name": "Delete"}
    assert lines[0]["host"] == "127.0.0.1" and lines[0]["reason"] == 'its name says "Delete"'
    assert {"time", "role", "action", "target", "host", "decision", "reason"} == set(lines[0])


async def test_core_tools_with_confirm_still_list_within_six_kilobytes():
    async with Client(build_server()) as c:
        tools = {t.name: t for t in (await c.list_tools()).tools}
    for name in ("browser_click", "browser_fill", "browser_select", "browser_check", "browser_press"):
        assert "confirm" in tools[name].input_schema["properties"]
    size = len(json.dumps([t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools.values()]))
    assert size <= 6 * 1024, size
