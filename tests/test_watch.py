"""An action watches the page on its own: the agent's diff compares with the agent's previous snapshot
whatever actions came between, an action costs at most three round trips into the page, and a request
the page keeps open (a long poll, server-sent events) is not waited out. Driven through the tools."""

from __future__ import annotations

import re

import pytest

from verdex.browser.session import Session
from verdex.tools import TOOLS, Reply

pytestmark = pytest.mark.anyio


async def call(session: Session, tool: str, **arguments: object) -> Reply:
    return await TOOLS[tool](session, arguments)


def ref_of(text: str, line: str) -> str:
    return next(re.search(r"\[ref=(\w+)\]", row).group(1) for row in text.splitlines() if line in row)


async def test_the_agents_diff_after_a_click_shows_the_notice_the_click_brought(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/settling/notices.html")
    first = await call(session, "browser_snapshot")
    clicked = await call(session, "browser_click", ref=ref_of(first.text, 'button "Check status"'))
    assert 'status "All systems go"' in clicked.text
    diff = await call(session, "browser_snapshot", diff=True)
    assert "All systems go" in diff.text, diff.text


async def test_actions_use_no_observation_ids_and_leave_the_agents_paging_cache_alone(session, apps):
    await call(session, "browser_navigate", url=apps.url + "/settling/notices.html")
    first = await call(session, "browser_snapshot", max_items=3)
    ref = ref_of((await call(session, "browser_snapshot")).text, 'button "Check status"')
    for _ in range(6):                       # more actions than the bridge caches observations
        await call(session, "browser_click", ref=ref)
    third = await call(session, "browser_snapshot")
    ids = [int(s.data["observation_id"].lstrip("o")) for s in (first, third)]
    assert ids[1] - ids[0] == 2, ids         # the one snapshot between, nothing hidden
    more = await call(session, "browser_snapshot", cursor=first.data["next_cursor"])
    assert more.data["offset"] == 3


async def test_a_later_click_costs_two_calls_into_the_page_besides_the_click_itself(session, apps):
    """Preflight with candidates and the watch's start in one call, Playwright's click, one finish that
    waits there for the page to settle and returns the effects."""
    apps.reset_cart()
    tab = await session.tab()
    await call(session, "browser_navigate", url=apps.url + "/shop/")
    await tab.page.get_by_test_id("loading-scrim").wait_for(state="detached")
    await tab.page.wait_for_selector("[data-testid=product-grid][data-hydrated=true]")
    snapshot = (await call(session, "browser_snapshot")).text
    adds = [re.search(r"\[ref=(\w+)\]", row).group(1) for row in snapshot.splitlines() if 'button "Add to Cart"' in row]
    await call(session, "browser_click", ref=adds[0])            # the first action reads the page's startup too
    before = tab.bridge.traffic.calls
    clicked = await call(session, "browser_click", ref=adds[1])
    made = list(tab.bridge.traffic.recent)[-(tab.bridge.traffic.calls - before):]
    assert made == ["preflightAndWatch", "watchFinish"], made
    assert "request: POST /api/cart/add" in clicked.text


@pytest.mark.parametrize("page", ["longpoll", "sse"])
async def test_a_request_the_page_keeps_open_is_recognised_and_not_waited_for(session, apps, page):
    await call(session, "browser_navigate", url=apps.url + f"/settling/{page}.html")
    snapshot = (await call(session, "browser_snapshot")).text
    await call(session, "browser_fill", ref=ref_of(snapshot, 'textbox "Message"'), value=f"hello over {page}")
    first = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Send"'))
    second = await call(session, "browser_click", ref=ref_of(snapshot, 'button "Send"'))
    for clicked in (first, second):
        requests = clicked.data["effects"]["requests"]
        sent = [r for r in requests if r["url"].endswith("/live/send")]
        assert sent and sent[0]["status"] == 200, requests
        held = [r for r in requests if r["standing"]]
        # every request still open when the effects were read is one the page keeps open on purpose
        assert all(r["standing"] for r in requests if r["status"] is None and not r["failed"]), requests
    if page == "longpoll":      # the poll the send answered is asked again at once, and held open
        assert held and held[0]["url"].split("?")[0].endswith("/live/poll"), second.data["effects"]["requests"]
    assert f"hello over {page}" in (await call(session, "browser_snapshot", diff=True)).text
