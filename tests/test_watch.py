"""An action watches the page on its own: the agent's diff compares with the agent's previous snapshot
whatever actions came between, an action costs at most three round trips into the page, and a request
the page keeps open (a long poll, server-sent events) is not waited out. Driven through the tools."""

from __future__ import annotations

import re

import pytest

from verdex.browser.session import Session
from verdex.facts import Effects, RequestEffect
from verdex.tools import TOOLS, Reply
from tests.answering_server import LateBody, Request, answering

pytestmark = pytest.mark.anyio

LATE_BYTES_S = 0.5             # beyond a click's first reads of the page it went to, within SETTLE_DOM_S


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


async def test_a_request_the_last_page_left_open_is_not_a_long_poll_the_next_page_asks_again(session, apps):
    """The todo list never reads its sync answer's body, so that request ends only when the page goes; the
    next page's first save to the same place is its own request, waited for like any other (the field is
    cleared once the sync has come), not a long poll renewed."""
    for _ in range(2):
        await call(session, "browser_navigate", url=apps.url + "/settling/todo.html?sync_ms=1000")
        field = ref_of((await call(session, "browser_snapshot")).text, 'textbox "New todo"')
        await call(session, "browser_fill", ref=field, value="buy milk")
        pressed = await call(session, "browser_press", key="Enter", ref=field)
        assert 'value set: textbox "New todo": "buy milk" → ""' in pressed.text, pressed.text
        assert "held open" not in pressed.text, pressed.text


def test_a_request_still_unanswered_when_the_page_settled_is_said_so_not_as_none():
    effects = Effects(url_before="http://h/a", url_after="http://h/a", requests=[
        RequestEffect(method="POST", url="http://h/api/slow", resource_type="fetch")])
    assert effects.to_text() == "request: POST /api/slow → no answer yet (still open when the page settled)"


async def test_what_the_page_reads_from_a_blob_it_made_is_no_request(session, apps):
    """A blob: URL is the page's own memory, not a server: an action that fetches one has no request among
    its effects (none a test could wait for), only the change it made."""
    await call(session, "browser_navigate", url=apps.url + "/settling/blob.html")
    first = await call(session, "browser_snapshot")
    clicked = await call(session, "browser_click", ref=ref_of(first.text, 'button "Show widget"'))
    assert clicked.data["effects"]["requests"] == [] and "blob:" not in clicked.text, clicked.text
    assert "Widget ready" in (await call(session, "browser_snapshot", diff=True)).text


def _late_document(request: Request) -> tuple[int, str, str | LateBody]:
    if request.path == "/arrived":         # its headers at once (the navigation commits), its bytes later
        return 200, "text/html", LateBody("<!doctype html><title>Arrived</title><h1>Arrived</h1>", LATE_BYTES_S)
    return 200, "text/html", '<!doctype html><title>Leaving</title><h1>Leaving</h1><a href="/arrived">Go</a>'


async def test_a_click_that_goes_to_a_page_whose_bytes_come_late_says_the_page_it_reached(session):
    """A navigation commits with the answer's headers: the new document is empty, without even a root
    element, until its bytes come. The action reads the page it reached once they came, not that moment."""
    with answering(_late_document) as url:
        await call(session, "browser_navigate", url=url + "/")
        first = await call(session, "browser_snapshot")
        clicked = await call(session, "browser_click", ref=ref_of(first.text, 'link "Go"'))
    effects = clicked.data["effects"]
    assert effects["navigated"] and effects["url_after"] == url + "/arrived", clicked.text
    assert effects["title_change"] == ["Leaving", "Arrived"], clicked.text
    assert effects["heading_change"] == ["Leaving", "Arrived"], clicked.text
